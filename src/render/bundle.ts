/** Compile the layouts and the site's pages with esbuild into one ES module, once per build, for the main thread and workers. */
import type { BuildResult } from 'esbuild';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { basename, join, relative, resolve, sep } from 'node:path';
import { listFiles } from '../list-files.ts';
import { REQUIRE_BANNER, compileProblem, cssImports, externalPackages, nodeBundleOptions, nodeResolution, rawImports, resolvesAsPrebuilt } from '../resolve.ts';
import { findOverrides, overrideExportProblem, themeOverrides } from './overrides.ts';
import { PACKAGE_ROOT, isInside } from '../paths.ts';
import { hashInputs, hashText } from '../hash.ts';
import { BLOG_LIST } from './cards.ts';
import { memo } from '../cache/memo.ts';
import { markUsed, pruneUnused } from '../cache/prune.ts';
import { writeAtomic } from '../cache/json-file.ts';

export interface TemplateSources {
  layouts: Map<string, string>;
  /** Page file (absolute) → route path. */
  pages: Map<string, string>;
  /** Components markdown may use besides the theme's: name → file (site/components/, plugins). */
  components?: Map<string, string>;
}

/** `index.tsx` → '/', `blog-all.tsx` → '/blog-all', `docs/index.tsx` → '/docs'. */
export function pageRoute(rel: string): string {
  const stem = rel.replace(/\.(t|j)sx?$/, '');
  const path = '/' + stem.replace(/(^|\/)index$/, '');
  return path.length > 1 ? path.replace(/\/$/, '') : '/';
}

export async function findTemplateSources(templatesDir: string, pagesDir: string): Promise<TemplateSources> {
  const layouts = new Map<string, string>();
  for (const file of listFiles(join(templatesDir, 'layouts'), { extensions: ['.tsx', '.jsx', '.ts', '.js'] })) {
    layouts.set(basename(file).replace(/\.[^.]+$/, ''), file);
  }
  const pages = new Map<string, string>();
  if (existsSync(pagesDir)) {
    for (const file of listFiles(pagesDir, { extensions: ['.tsx', '.jsx'], recursive: true, skipUnderscored: true })) {
      pages.set(file, pageRoute(relative(pagesDir, file).split(sep).join('/')));
    }
  }
  return { layouts, pages };
}

/** Bump when the generated entry's exports change, so a cached bundle without them is not reused (9: trustedLayouts). */
const ENTRY_VERSION = 9;

export interface RenderBundle {
  file: string;
  hash: string;
  /** Hash of the source files (content and relative names): part of the build id. */
  inputsHash: string;
  /** Every input file of the bundle (for dev dependency tracking and the build id). */
  inputs: string[];
  /** The folders of the packages it imports at run time (React …). */
  packages?: string[];
}

/** The template bundle, compiled once and reused while every file that went into it is unchanged. */
export async function bundleTemplates(sources: TemplateSources, root: string, cacheDir: string): Promise<RenderBundle> {
  const overrides = await findOverrides(root);
  // A new or removed override changes what the theme's imports resolve to: part of the key.
  const components = [...(sources.components ?? [])].sort();
  const key = JSON.stringify([ENTRY_VERSION, root, [...sources.layouts].sort(), [...sources.pages].sort(), [...overrides].sort(), components]);
  // The unmodified theme is the same bundle for every project whose packages resolve as sitegen's: it can be prebuilt.
  const themeOnly = !sources.pages.size && !overrides.size && !components.length && [...sources.layouts.values()].every((file) => isInside(file, PACKAGE_ROOT));
  const shared = themeOnly
    ? {
        key: JSON.stringify([ENTRY_VERSION, [...sources.layouts].map(([name, file]) => [name, relative(PACKAGE_ROOT, file)]).sort()]),
        usable: (bundle: RenderBundle) => !!bundle.packages && resolvesAsPrebuilt(root, bundle.packages),
      }
    : undefined;
  const bundle = await memo(
    cacheDir,
    'templates',
    key,
    async () => {
      const bundle = await compileBundle(sources, root, cacheDir, overrides);
      return { value: bundle, inputs: bundle.inputs, outputs: [bundle.file] };
    },
    shared,
  );
  if (isInside(bundle.file, cacheDir)) markUsed(bundle.file);
  return bundle;
}

async function compileBundle(sources: TemplateSources, root: string, cacheDir: string, overrides: Map<string, string>): Promise<RenderBundle> {
  const { build } = await import('esbuild');
  const lines: string[] = [];
  const layoutEntries: string[] = [];
  const pageEntries: string[] = [];
  [...sources.layouts].sort().forEach(([name, file], i) => {
    lines.push(`import L${i} from ${JSON.stringify(file)};`);
    layoutEntries.push(`${JSON.stringify(name)}: L${i}`);
  });
  [...sources.pages].sort().forEach(([file, route], i) => {
    lines.push(`import * as P${i} from ${JSON.stringify(file)};`);
    pageEntries.push(`${JSON.stringify(route)}: { file: ${JSON.stringify(relative(root, file))}, module: P${i} }`);
  });
  // Markdown's components: the theme's (overrides resolve as for every theme import), then the site's and plugins'.
  const componentEntries: string[] = [];
  lines.push(`import { markdownComponents as themeComponents } from ${JSON.stringify(join(PACKAGE_ROOT, 'templates/components/markdown-components.ts'))};`);
  lines.push('const pick = (module, name) => module.default ?? module[name];');
  [...(sources.components ?? [])].sort().forEach(([name, file], i) => {
    lines.push(`import * as C${i} from ${JSON.stringify(file)};`);
    componentEntries.push(`${JSON.stringify(name)}: pick(C${i}, ${JSON.stringify(name)})`);
  });
  lines.push(`export const markdownComponents = { ...themeComponents, ${componentEntries.join(', ')} };`);
  lines.push(`export const layouts = { ${layoutEntries.join(', ')} };`);
  // Where each layout is, for the problems that name one (as the project shows paths: relative to the root).
  const layoutFiles = Object.fromEntries([...sources.layouts].map(([name, file]) => [name, relative(root, file).split(sep).join('/')]));
  lines.push(`export const layoutFiles = ${JSON.stringify(layoutFiles)};`);
  // The theme's own layouts place their content: with no component of theme replaced, rendering need not watch them.
  const trusted = overrides.size ? [] : [...sources.layouts].filter(([, file]) => isInside(file, join(PACKAGE_ROOT, 'templates'))).map(([name]) => name);
  lines.push(`export const trustedLayouts = ${JSON.stringify(trusted)};`);
  lines.push(`export const pages = { ${pageEntries.join(', ')} };`);
  // The theme's own pages, which the plan gives routes (site/blog.ts): the blog's listings.
  lines.push(`import * as BlogList from ${JSON.stringify(join(PACKAGE_ROOT, 'templates/pages/blog-list.tsx'))};`);
  lines.push(`export const themePages = { '${BLOG_LIST}': { file: '(built-in blog listing)', module: BlogList } };`);
  lines.push(`export { renderToString } from 'react-dom/server';`);
  lines.push(`export { createElement, Fragment } from 'react';`);
  lines.push(`export { IslandsContext } from ${JSON.stringify(join(PACKAGE_ROOT, 'templates/components/islands-context.ts'))};`);
  lines.push(`export { StringsContext, createStrings } from ${JSON.stringify(join(PACKAGE_ROOT, 'templates/i18n/strings.ts'))};`);

  const dir = join(cacheDir, 'render');
  let result: BuildResult<{ write: false; metafile: true }>;
  try {
    result = await build({
      ...nodeBundleOptions(root),
      stdin: { contents: lines.join('\n'), resolveDir: root, sourcefile: 'sitegen-render-entry.js', loader: 'js' },
      // A source map beside the bundle (no comment in it: the bundle's bytes are as without), so the error of a
      // component that throws names its file, line and column (stack-source.ts). Named as the bundle's folder has it.
      outfile: join(dir, 'render.mjs'),
      sourcemap: 'external',
      sourcesContent: false,
      jsx: 'automatic',
      plugins: [themeOverrides(overrides), rawImports, cssImports, nodeResolution(root, true)],
      banner: { js: REQUIRE_BANNER },
      define: { 'process.env.NODE_ENV': '"production"' },
    });
  } catch (error) {
    const problem = compileProblem(error, '', 'Fix the error in the layout or page; the whole template bundle is compiled with esbuild.');
    throw (await overrideExportProblem(problem, overrides, root)) ?? problem;
  }
  const code = result.outputFiles.find((f) => f.path.endsWith('.mjs'))!.text;
  const hash = hashText(code);
  await mkdir(dir, { recursive: true });
  const file = join(dir, `render.${hash}.mjs`);
  const map = result.outputFiles.find((f) => f.path.endsWith('.map'));
  if (map) await writeAtomic(`${file}.map`, map.text);
  await writeAtomic(file, code);
  pruneUnused(dir, /^render\.[0-9a-f]+\.mjs/, file);
  // Packages loaded at run time are not inputs, as with any external.
  const inputs = Object.keys(result.metafile.inputs)
    .filter((f) => !f.startsWith('sitegen-render-entry') && !f.startsWith('sitegen-cjs:'))
    .map((f) => resolve(root, f.replace(/^sitegen-raw:/, '').replace(/^sitegen-theme-original:(.*)\?original=.*$/, '$1')));
  return { file, hash, inputs, inputsHash: await hashInputs(inputs, [PACKAGE_ROOT, root]), packages: externalPackages(result.metafile) };
}
