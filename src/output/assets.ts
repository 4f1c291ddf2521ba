/** Static assets: the site stylesheet (templates/styles + site/styles) and the browser runtime, named by content hash. */
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import fg from 'fast-glob';
import { PACKAGE_ROOT, isInside } from '../paths.ts';
import { hashText } from '../hash.ts';
import type { IslandBuild } from './islands.ts';
import { memo } from '../cache/memo.ts';

export interface SiteAssets {
  css?: Asset;
  runtime: RuntimeAsset;
  islands: IslandBuild;
}

export interface Asset {
  /** Output path, e.g. `_sitegen/style.1a2b3c4d.css`. */
  path: string;
  contents: string;
  hash: string;
}

export interface RuntimeAsset extends Asset {
  /** Chunks the runtime imports on demand, next to it under `_sitegen/`. */
  files: { path: string; contents: string }[];
}

export async function stylesheetSources(dirs: string[]): Promise<string[]> {
  const files: string[] = [];
  for (const dir of dirs) files.push(...fg.sync('*.css', { cwd: dir, absolute: true }).sort());
  return files;
}

/** The stylesheet: every .css file of `dirs` in order, minified (cached while they are unchanged). */
export async function buildStylesheet(dirs: string[], cacheDir?: string): Promise<Asset | undefined> {
  const files = await stylesheetSources(dirs);
  if (!files.length) return undefined;
  if (!cacheDir) return compileStylesheet(files, dirs);
  // The theme's stylesheet alone is the same for every project, so it can be prebuilt.
  const key = JSON.stringify(files);
  const shared = files.every((file) => isInside(file, PACKAGE_ROOT)) ? { key } : undefined;
  return memo(cacheDir, 'stylesheet', key, async () => ({ value: await compileStylesheet(files, dirs), inputs: files }), shared);
}

async function compileStylesheet(files: string[], dirs: string[]): Promise<Asset> {
  const { build } = await import('esbuild');
  const parts = await Promise.all(files.map((file) => readFile(file, 'utf8')));
  const result = await build({
    stdin: { contents: parts.join('\n'), loader: 'css', resolveDir: dirs[0] },
    bundle: false,
    minify: true,
    write: false,
    logLevel: 'silent',
    target: ['chrome110', 'firefox110', 'safari16'],
  });
  const contents = result.outputFiles[0].text;
  const hash = hashText(contents).slice(0, 10);
  return { path: `_sitegen/style.${hash}.css`, contents, hash };
}

/** The browser runtime (cached while its sources are unchanged). */
export async function buildRuntime(cacheDir?: string): Promise<RuntimeAsset> {
  if (!cacheDir) return (await compileRuntime()).value;
  return memo(cacheDir, 'runtime', PACKAGE_ROOT, compileRuntime, { key: PACKAGE_ROOT });
}

/** The runtime and the chunks it imports on demand, each named by content hash: chunks first, then the runtime's imports renamed. */
async function compileRuntime(): Promise<{ value: RuntimeAsset; inputs: string[] }> {
  const { build } = await import('esbuild');
  const result = await build({
    metafile: true,
    absWorkingDir: PACKAGE_ROOT,
    entryPoints: [join(PACKAGE_ROOT, 'src/runtime/index.ts')],
    bundle: true,
    splitting: true,
    outdir: join(PACKAGE_ROOT, '.runtime-out'),
    minify: true,
    format: 'esm',
    target: ['chrome110', 'firefox110', 'safari16'],
    write: false,
    logLevel: 'silent',
  });
  const name = (file: { path: string }) => basename(file.path);
  const entry = result.outputFiles.find((f) => name(f) === 'index.js')!;
  const files: { path: string; contents: string }[] = [];
  let contents = entry.text;
  for (const chunk of result.outputFiles.filter((f) => f !== entry)) {
    if (chunk.text.includes('import(') || /from"\.\//.test(chunk.text))
      throw new Error(`runtime chunk ${name(chunk)} imports another chunk: name it by content hash too`);
    const hashed = `${name(chunk).replace(/-[A-Z0-9]+\.js$|\.js$/, '')}.${hashText(chunk.text).slice(0, 10)}.js`;
    contents = contents.split(`"./${name(chunk)}"`).join(`"./${hashed}"`);
    files.push({ path: `_sitegen/${hashed}`, contents: chunk.text });
  }
  const hash = hashText(contents).slice(0, 10);
  const inputs = Object.keys(result.metafile.inputs).map((f) => join(PACKAGE_ROOT, f));
  return { value: { path: `_sitegen/runtime.${hash}.js`, contents, hash, files }, inputs };
}
