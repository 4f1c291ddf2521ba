/**
 * Compile the layouts and the site's pages with esbuild into one ES module, once per build.
 * The main thread imports it for page metadata; every worker imports it once for rendering.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, join, relative } from 'node:path';
import fg from 'fast-glob';
import { build, type Plugin } from 'esbuild';
import { SitegenError } from '../errors.ts';
import { PACKAGE_ROOT } from '../paths.ts';
import { hashText } from '../hash.ts';

const requireFromSitegen = createRequire(join(PACKAGE_ROOT, 'package.json'));
/** Packages the bundle leaves to Node, resolved from sitegen's own node_modules. */
const SHARED_PACKAGES = /^(react|react-dom|shiki|@shikijs)(\/|$)/;

const resolveShared: Plugin = {
  name: 'sitegen-shared-packages',
  setup(b) {
    b.onResolve({ filter: SHARED_PACKAGES }, (args) => {
      // shiki ships ESM only; require.resolve works through its "default" export condition.
      const path = requireFromSitegen.resolve(args.path);
      return { path, external: true };
    });
  },
};

/**
 * `sitegen` resolves to the public API and `sitegen/templates/...` to the bundled templates,
 * wherever the site lives: site code can import the built-in components without a relative
 * path into node_modules.
 */
export const resolveSitegen: Plugin = {
  name: 'sitegen-self',
  setup(b) {
    b.onResolve({ filter: /^sitegen(\/templates\/.*)?$/ }, async (args) => {
      if (args.path === 'sitegen') return { path: join(PACKAGE_ROOT, 'src/index.ts') };
      const result = await b.resolve(`./${args.path.slice('sitegen/'.length)}`, { resolveDir: PACKAGE_ROOT, kind: args.kind });
      return result.errors.length ? { errors: result.errors } : { path: result.path };
    });
  },
};

export interface TemplateSources {
  layouts: Map<string, string>;
  /** Page file (absolute) → route path. */
  pages: Map<string, string>;
}

/** `index.tsx` → '/', `blog-all.tsx` → '/blog-all', `docs/index.tsx` → '/docs'. */
export function pageRoute(rel: string): string {
  const stem = rel.replace(/\.(t|j)sx?$/, '');
  const path = '/' + stem.replace(/(^|\/)index$/, '');
  return path.length > 1 ? path.replace(/\/$/, '') : '/';
}

export async function findTemplateSources(templatesDir: string, pagesDir: string): Promise<TemplateSources> {
  const layouts = new Map<string, string>();
  for (const file of await fg('*.{tsx,jsx,ts,js}', { cwd: join(templatesDir, 'layouts'), absolute: true })) {
    layouts.set(basename(file).replace(/\.[^.]+$/, ''), file);
  }
  const pages = new Map<string, string>();
  if (existsSync(pagesDir)) {
    for (const rel of await fg('**/*.{tsx,jsx}', { cwd: pagesDir, ignore: ['**/_*', '**/_*/**'] })) {
      pages.set(join(pagesDir, rel), pageRoute(rel));
    }
  }
  return { layouts, pages };
}

export interface RenderBundle {
  file: string;
  hash: string;
  /** Every input file of the bundle (for dev dependency tracking and the build id). */
  inputs: string[];
}

export async function bundleTemplates(sources: TemplateSources, root: string, cacheDir: string): Promise<RenderBundle> {
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
  lines.push(`export const layouts = { ${layoutEntries.join(', ')} };`);
  lines.push(`export const pages = { ${pageEntries.join(', ')} };`);
  lines.push(`export { renderToString } from 'react-dom/server';`);
  lines.push(`export { createElement, Fragment } from 'react';`);

  let result;
  try {
    result = await build({
      stdin: { contents: lines.join('\n'), resolveDir: root, sourcefile: 'sitegen-render-entry.js', loader: 'js' },
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      jsx: 'automatic',
      metafile: true,
      plugins: [resolveShared, resolveSitegen],
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'silent',
    });
  } catch (error) {
    const first = (error as { errors?: { text: string; location?: { file: string; line: number; column: number } }[] }).errors?.[0];
    throw new SitegenError('SG4002', first?.text ?? String(error), {
      location: first?.location ? { file: first.location.file, line: first.location.line, column: first.location.column + 1 } : undefined,
      hint: 'Fix the error in the layout or page; the whole template bundle is compiled with esbuild.',
      cause: error,
    });
  }
  const code = result.outputFiles[0].text;
  const hash = hashText(code);
  const dir = join(cacheDir, 'render');
  await mkdir(dir, { recursive: true });
  const file = join(dir, `render.${hash}.mjs`);
  if (!existsSync(file)) await writeFile(file, code);
  const inputs = Object.keys(result.metafile.inputs).filter((f) => !f.startsWith('sitegen-render-entry')).map((f) => join(root, f));
  return { file, hash, inputs };
}
