/**
 * Island chunks: every component in site/islands/ and templates/islands/ compiled for the browser with React, one
 * entry per island plus shared chunks, content-hashed and cached by the hashes of their inputs.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { hashText } from '../hash.ts';
import { listFiles } from '../list-files.ts';
import { PACKAGE_ROOT, mainEngine } from '../paths.ts';
import type { BuildResult, Plugin } from 'esbuild';
import { compileProblem, cssImports, sitegenImports } from '../resolve.ts';
import { writeAtomic } from '../cache/json-file.ts';

export interface IslandBuild {
  /** Island name → URL of its chunk. */
  urls: Record<string, string>;
  /** Output files: path under the output folder → contents. */
  files: { path: string; contents: string }[];
}

interface CacheRecord {
  inputs: Record<string, string>;
  build: IslandBuild;
}

async function inputsFresh(record: CacheRecord): Promise<boolean> {
  for (const [file, hash] of Object.entries(record.inputs)) {
    if (!existsSync(file) || hashText(await readFile(file, 'utf8')) !== hash) return false;
  }
  return true;
}

export async function findIslands(dirs: string[]): Promise<Map<string, string>> {
  const islands = new Map<string, string>();
  for (const dir of dirs) {
    if (!existsSync(dir)) continue;
    for (const file of listFiles(dir, { extensions: ['.tsx', '.jsx'] })) islands.set(basename(file).replace(/\.[^.]+$/, ''), file);
  }
  return islands;
}

/**
 * Name chunks by the hash of their final contents (esbuild's hashes also cover file paths, which differ between
 * checkouts): shared chunks first, then the entries with their references to them rewritten.
 */
function contentHashedNames(
  outputs: { name: string; contents: string }[],
  entries: Map<string, string>,
): { name: string; original: string; contents: string }[] {
  const renamed = new Map<string, string>();
  const rewrite = (text: string) => {
    let out = text;
    for (const [from, to] of renamed) out = out.split(from).join(to);
    return out;
  };
  const shared = outputs.filter((o) => !entries.has(o.name)).sort((a, b) => a.contents.length - b.contents.length);
  const done: { name: string; original: string; contents: string }[] = [];
  for (let pass = 0; pass < 2; pass++) {
    for (const chunk of shared) {
      const contents = rewrite(chunk.contents);
      renamed.set(chunk.name, `shared.${hashText(contents).slice(0, 10)}.js`);
    }
  }
  for (const chunk of shared) done.push({ name: renamed.get(chunk.name)!, original: chunk.name, contents: rewrite(chunk.contents) });
  for (const entry of outputs.filter((o) => entries.has(o.name))) {
    const contents = rewrite(entry.contents);
    done.push({ name: `${entries.get(entry.name)}.${hashText(contents).slice(0, 10)}.js`, original: entry.name, contents });
  }
  return done;
}

function relativeImport(from: string, file: string): string {
  const rel = relative(from, file).split('\\').join('/');
  return rel.startsWith('.') ? rel : `./${rel}`;
}

/** How the chunks are built: a new value leaves the records of earlier sitegen versions unused. */
const ISLANDS_FORMAT = '2 (base-aware JSX)';

/** The JSX runtime island chunks get under a base path. */
const BASE_JSX = join(PACKAGE_ROOT, 'src/runtime/island-jsx.ts');

/**
 * Under a base path, island JSX goes through island-jsx.ts, which puts the base in front of root-relative URLs as the
 * build does to the server HTML; without one, JSX uses React's own `react/jsx-runtime`.
 */
const baseJsx: Plugin = {
  name: 'sitegen-island-base',
  setup(b) {
    b.onResolve({ filter: /^react\/jsx-runtime$/ }, (args) => (args.importer === BASE_JSX ? undefined : { path: BASE_JSX }));
  },
};

/** The recorded build, when its record reads and every input it was built from is unchanged. */
async function recordedBuild(recordFile: string): Promise<IslandBuild | undefined> {
  if (!existsSync(recordFile)) return undefined;
  try {
    const record = JSON.parse(await readFile(recordFile, 'utf8')) as CacheRecord;
    if (await inputsFresh(record)) return record.build;
  } catch {
    // an unreadable record: build again
  }
  return undefined;
}

/** One entry module per island in `dir`, exporting `mount` (hydrate the island in an element): island name → entry file. */
async function writeEntries(islands: Map<string, string>, dir: string): Promise<Record<string, string>> {
  const entryPoints: Record<string, string> = {};
  for (const [name, file] of islands) {
    const entry = join(dir, `${name}.entry.tsx`);
    await writeAtomic(
      entry,
      [
        // Relative, so that chunk hashes do not depend on where the project lives.
        `import * as M from ${JSON.stringify(relativeImport(dir, file))};`,
        `import { createElement } from 'react';`,
        `import { hydrateRoot } from 'react-dom/client';`,
        `const Component = (M as any).default ?? (M as any)[${JSON.stringify(name)}];`,
        // React unmounts a root on an uncaught error, emptying the island: the build's HTML is put back (not live).
        `export function mount(el: HTMLElement, props: object) {`,
        `  const html = el.innerHTML;`,
        `  const root = hydrateRoot(el, createElement(Component, props), {`,
        `    onUncaughtError(error: unknown) {`,
        `      console.error(${JSON.stringify(`[sitegen] island ${name} failed in the browser; its prerendered HTML stays, not interactive:`)}, error);`,
        `      setTimeout(() => { root.unmount(); el.innerHTML = html; el.dataset.hydrated = 'failed'; });`,
        `    },`,
        `  });`,
        `  return { unmount: () => root.unmount() };`,
        `}`,
      ].join('\n'),
    );
    entryPoints[name] = entry;
  }
  return entryPoints;
}

/** esbuild's bundle of the entries for the browser, in memory; a compile error is SG4002 at its place. */
async function compile(entryPoints: Record<string, string>, cacheDir: string, base: string): Promise<BuildResult<{ write: false; metafile: true }>> {
  const { build } = await import('esbuild');
  try {
    return await build({
      entryPoints,
      absWorkingDir: dirname(cacheDir),
      bundle: true,
      splitting: true,
      format: 'esm',
      minify: true,
      write: false,
      metafile: true,
      outdir: '/_sitegen/islands',
      entryNames: '[name].[hash]',
      chunkNames: 'shared.[hash]',
      jsx: 'automatic',
      target: ['chrome110', 'firefox110', 'safari16'],
      define: { 'process.env.NODE_ENV': '"production"', ...(base ? { __SITEGEN_BASE__: JSON.stringify(base) } : {}) },
      nodePaths: [join(PACKAGE_ROOT, 'node_modules')],
      plugins: base ? [baseJsx, cssImports, sitegenImports] : [cssImports, sitegenImports],
      logLevel: 'silent',
    });
  } catch (error) {
    throw compileProblem(error, 'Island failed to compile: ', 'Islands run in the browser: they cannot import Node modules.');
  }
}

/** The hash of each file the bundle read, outside node_modules: the record is fresh while they stay the same. */
async function inputHashes(result: BuildResult<{ metafile: true }>, cacheDir: string): Promise<Record<string, string>> {
  const inputs: Record<string, string> = {};
  for (const input of Object.keys(result.metafile.inputs)) {
    const file = input.startsWith('/') ? input : join(dirname(cacheDir), input);
    if (existsSync(file) && !file.includes('/node_modules/')) inputs[file] = hashText(await readFile(file, 'utf8'));
  }
  return inputs;
}

export async function buildIslands(islands: Map<string, string>, cacheDir: string, base: string): Promise<IslandBuild> {
  if (!islands.size) return { urls: {}, files: [] };
  const dir = join(cacheDir, 'islands');
  await mkdir(dir, { recursive: true });
  const key = hashText(
    [...islands]
      .sort()
      .map(([n, f]) => `${n}:${f}`)
      .join('\n') +
      base +
      ISLANDS_FORMAT +
      // The compiler's own code: a new sitegen compiles the chunks again, its templates the islands import included.
      mainEngine(),
  );
  const recordFile = join(dir, `islands.${key}.json`);
  const recorded = await recordedBuild(recordFile);
  if (recorded) return recorded;

  const entryPoints = await writeEntries(islands, dir);
  const result = await compile(entryPoints, cacheDir, base);
  const urls: Record<string, string> = {};
  const names = new Map<string, string>(); // esbuild's file name → the island name, for entries
  for (const [out, meta] of Object.entries(result.metafile.outputs)) {
    const entry = meta.entryPoint && Object.entries(entryPoints).find(([, e]) => join(dirname(cacheDir), meta.entryPoint!) === e);
    if (entry) names.set(basename(out), entry[0]);
  }
  const files = contentHashedNames(
    result.outputFiles.map((f) => ({ name: basename(f.path), contents: f.text })),
    names,
  );
  for (const file of files) {
    const island = names.get(file.original);
    if (island) urls[island] = `${base}/_sitegen/islands/${file.name}`;
  }
  const inputs = await inputHashes(result, cacheDir);
  const out: IslandBuild = { urls, files: files.map((f) => ({ path: `_sitegen/islands/${f.name}`, contents: f.contents })) };
  await writeAtomic(recordFile, JSON.stringify({ inputs, build: out }));
  return out;
}
