/**
 * Static assets, named by content hash: the site's stylesheet (templates/styles + site/styles), the on-demand
 * stylesheets (their `on-demand/` folders), and the browser runtime.
 */
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { PACKAGE_ROOT, isInside } from '../paths.ts';
import { listFiles } from '../list-files.ts';
import { hashText } from '../hash.ts';
import type { IslandBuild } from './islands.ts';
import { memo } from '../cache/memo.ts';
import type { Message, Plugin } from 'esbuild';
import { codeFrame } from '../errors.ts';
import { rewriteUrls, type UrlContext } from './stylesheet-urls.ts';

export interface SiteAssets extends Stylesheets {
  runtime: RuntimeAsset;
  islands: IslandBuild;
}

export interface Asset {
  /** Output path, e.g. `_sitegen/style.1a2b3c4d.css`. */
  path: string;
  contents: string;
  hash: string;
}

/** A stylesheet a page links only when one of its rules may match the page. */
export interface PageStylesheet extends Asset {
  /** Each selector's class names (selectorClasses): a page with all the classes of one selector links the sheet. */
  selectors: string[][];
}

export interface RuntimeAsset extends Asset {
  /** Chunks the runtime imports on demand, next to it under `_sitegen/`. */
  files: { path: string; contents: string }[];
}

export interface Stylesheets {
  /** Every page's: the `*.css` files of the style folders, in order. */
  css?: Asset;
  /** One per file name in the `on-demand/` folders (the theme's `markdown.css` and `reference.css`, and the site's). */
  pageCss: PageStylesheet[];
  /** What the CSS parser could not read (it drops the broken part and goes on): `sitegen dev` shows these. */
  warnings?: StylesheetWarning[];
}

export interface StylesheetWarning {
  text: string;
  file: string;
  line?: number;
  column?: number;
  /** A few lines around the spot, with a caret. */
  frame?: string;
  /** Not a syntax error (SG4004): a `url()` that names no public file. */
  code?: 'SG5006';
  hint?: string;
}

/** The `.css` files of each folder, sorted by name, folder by folder. */
export function stylesheetSources(dirs: string[], sub = ''): string[] {
  const files: string[] = [];
  for (const dir of dirs) files.push(...listFiles(join(dir, sub), { extensions: ['.css'] }));
  return files;
}

/**
 * The stylesheets, minified (cached while their sources are unchanged): the site's, from the `*.css` files of `dirs`,
 * and one on-demand sheet per file name in their `on-demand/` folders (a name in two folders: both files, in order).
 */
export async function buildStylesheets(dirs: string[], cacheDir?: string, urls?: UrlContext): Promise<Stylesheets> {
  const site = stylesheetSources(dirs);
  const onDemand = stylesheetSources(dirs, 'on-demand');
  if (!cacheDir) return compileStylesheets(site, onDemand, dirs, urls);
  const inputs = [...site, ...onDemand];
  // The theme's stylesheets alone are the same for every project, so they can be prebuilt (their URLs are left as they are).
  const themeOnly = inputs.every((file) => isInside(file, PACKAGE_ROOT));
  const key = JSON.stringify(themeOnly ? [site, onDemand] : [site, onDemand, urls ?? null]);
  const shared = themeOnly ? { key } : undefined;
  return memo(cacheDir, 'stylesheets', key, async () => ({ value: await compileStylesheets(site, onDemand, dirs, urls), inputs }), shared);
}

async function compileStylesheets(site: string[], onDemand: string[], dirs: string[], urls?: UrlContext): Promise<Stylesheets> {
  const byName = new Map<string, string[]>();
  for (const file of onDemand) {
    const name = basename(file, '.css').replace(/[^\w-]+/g, '-');
    byName.set(name, [...(byName.get(name) ?? []), file]);
  }
  const [css, ...sheets] = await Promise.all([
    compileStylesheet(site, dirs, 'style', urls),
    ...[...byName].map(([name, files]) => compileStylesheet(files, dirs, name, urls)),
  ]);
  const pageCss = sheets.filter((sheet) => sheet !== undefined).map(({ warnings: _, ...sheet }) => ({ ...sheet, selectors: selectorClasses(sheet.contents) }));
  const warnings = [css, ...sheets].flatMap((sheet) => sheet?.warnings ?? []);
  return { css: css && { path: css.path, contents: css.contents, hash: css.hash }, pageCss, ...(warnings.length ? { warnings } : {}) };
}

async function compileStylesheet(
  files: string[],
  dirs: string[],
  name: string,
  urls?: UrlContext,
): Promise<(Asset & { warnings: StylesheetWarning[] }) | undefined> {
  if (!files.length) return undefined;
  const { build } = await import('esbuild');
  // The site's own files get their url()s as the output serves them; the theme's have none of their own.
  const parts = await Promise.all(
    files.map(async (file) => {
      const text = await readFile(file, 'utf8');
      return urls && !isInside(file, PACKAGE_ROOT) ? rewriteUrls(text, file, urls) : text;
    }),
  );
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
  return { path: `_sitegen/${name}.${hash}.css`, contents, hash, warnings: result.warnings.map((w) => sourceOf(w, files, parts)) };
}

/** A warning about the joined stylesheet, placed in the file (and line) it came from: where its note points, if it has one (the unbalanced `{`). */
function sourceOf(warning: Message, files: string[], parts: string[]): StylesheetWarning {
  const location = warning.notes.find((note) => note.location)?.location ?? warning.location;
  let line = location?.line ?? 0;
  for (const [i, part] of parts.entries()) {
    const lines = part.split('\n').length;
    if (line > lines && i < parts.length - 1) {
      line -= lines;
      continue;
    }
    if (!location) return { text: warning.text, file: files[i] };
    const column = location.column + 1;
    return { text: warning.text, file: files[i], line, column, frame: codeFrame(part, line, column) };
  }
  return { text: warning.text, file: files[0] };
}

/**
 * What each selector of a stylesheet needs of a page: its class names outside parentheses (`:not(.x)`, `:is(…)` and
 * `:has(…)` are left out, so a rule may match more pages than it does, never fewer). A selector without a class may
 * match any page. Rules in `@font-face`, `@keyframes` and the like have no selectors; `@media` and `@supports` hold rules.
 */
export function selectorClasses(css: string): string[][] {
  const bare = css.replace(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|url\([^)]*\)/g, '');
  const found = new Set<string>();
  const blocks: ('rules' | 'declarations')[] = [];
  let start = 0;
  for (let i = 0; i < bare.length; i++) {
    const ch = bare[i];
    if (ch === '{') {
      const prelude = bare.slice(start, i).trim();
      const inRules = (blocks.at(-1) ?? 'rules') === 'rules';
      if (prelude.startsWith('@')) blocks.push(/^@(media|supports|layer|container|scope)\b/.test(prelude) ? 'rules' : 'declarations');
      else {
        if (inRules) for (const selector of splitSelectors(prelude)) found.add(JSON.stringify(classesOf(selector)));
        blocks.push('declarations');
      }
      start = i + 1;
    } else if (ch === '}') {
      blocks.pop();
      start = i + 1;
    } else if (ch === ';') start = i + 1;
  }
  // A selector that needs all the classes of another adds nothing: the other matches first.
  const sets = [...found].map((json) => JSON.parse(json) as string[]).sort((a, b) => a.length - b.length);
  return sets.filter((set, i) => !sets.slice(0, i).some((other) => other.every((name) => set.includes(name))));
}

/** A selector list split at its top-level commas. */
function splitSelectors(list: string): string[] {
  const selectors: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    if (list[i] === '(') depth++;
    else if (list[i] === ')') depth--;
    else if (list[i] === ',' && depth === 0) {
      selectors.push(list.slice(start, i));
      start = i + 1;
    }
  }
  return [...selectors, list.slice(start)];
}

/** A selector's class names outside parentheses, sorted and unique. */
function classesOf(selector: string): string[] {
  let outside = selector;
  for (let prev = ''; prev !== outside; ) [prev, outside] = [outside, outside.replace(/\([^()]*\)/g, '')];
  return [...new Set(Array.from(outside.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g), (m) => m[1]))].sort();
}

/** The browser runtime (cached while its sources are unchanged). */
export async function buildRuntime(cacheDir?: string): Promise<RuntimeAsset> {
  if (!cacheDir) return (await compileRuntime()).value;
  return memo(cacheDir, 'runtime', PACKAGE_ROOT, compileRuntime, { key: PACKAGE_ROOT });
}

/**
 * `sitegen dev`'s runtime: the same, plus what dev's live updates call (src/dev/runtime.ts). Never written by a build.
 * In this build only, navigate.ts exports its payload loading and swap for it: an `export` written in the file itself
 * changes how the minifier names a build's runtime, whose bytes must not depend on dev.
 */
export async function buildDevRuntime(): Promise<RuntimeAsset> {
  const exposeNavigation: Plugin = {
    name: 'sitegen-dev-navigation',
    setup(build) {
      build.onLoad({ filter: /[\\/]src[\\/]runtime[\\/]navigate\.ts$/ }, async (args) => ({
        contents: `${await readFile(args.path, 'utf8')}\nexport { addStylesheets, cache, load, swap };\n`,
        loader: 'ts',
      }));
    },
  };
  return (await compileRuntime('src/dev/runtime.ts', [exposeNavigation])).value;
}

/** The runtime and the chunks it imports on demand, each named by content hash: chunks first, then the runtime's imports renamed. */
async function compileRuntime(source = 'src/runtime/index.ts', plugins: Plugin[] = []): Promise<{ value: RuntimeAsset; inputs: string[] }> {
  const { build } = await import('esbuild');
  const result = await build({
    metafile: true,
    absWorkingDir: PACKAGE_ROOT,
    entryPoints: { index: join(PACKAGE_ROOT, source) },
    plugins,
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
  // Each chunk is named by its content, with the chunks it imports (a part the entry and several chunks share) renamed
  // in it first: the chunks that import none first, then those whose imports are named.
  const renamed = new Map<string, string>();
  const rename = (text: string) => [...renamed].reduce((out, [from, to]) => out.split(`"./${from}"`).join(`"./${to}"`), text);
  let left = result.outputFiles.filter((f) => f !== entry);
  while (left.length) {
    const ready = left.filter((chunk) => !left.some((other) => other !== chunk && chunk.text.includes(`"./${name(other)}"`)));
    if (!ready.length) throw new Error(`runtime chunks import each other in a cycle: ${left.map(name).join(', ')}`);
    for (const chunk of ready) {
      if (chunk.text.includes('import(')) throw new Error(`runtime chunk ${name(chunk)} imports another chunk on demand: name it by content hash too`);
      const text = rename(chunk.text);
      const hashed = `${name(chunk).replace(/-[A-Z0-9]+\.js$|\.js$/, '')}.${hashText(text).slice(0, 10)}.js`;
      renamed.set(name(chunk), hashed);
      files.push({ path: `_sitegen/${hashed}`, contents: text });
    }
    left = left.filter((chunk) => !ready.includes(chunk));
  }
  contents = rename(contents);
  const hash = hashText(contents).slice(0, 10);
  const inputs = Object.keys(result.metafile.inputs).map((f) => join(PACKAGE_ROOT, f));
  return { value: { path: `_sitegen/runtime.${hash}.js`, contents, hash, files }, inputs };
}
