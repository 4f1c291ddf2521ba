/**
 * esbuild resolution for code run in Node from the cache folder: sitegen's own imports point into this package, and
 * other packages stay external at absolute paths (site's root first, then sitegen's), so the output works from anywhere.
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Metafile, Plugin } from 'esbuild';
import { SitegenError } from './errors.ts';
import { PACKAGE_ROOT, isInside } from './paths.ts';

/** Bare specifiers (esbuild filters are Go regexps: no lookahead; node: builtins are skipped below). */
const BARE = /^[^./]/;

/** `react-sitegen` (or its old name `sitegen`) and `…/templates/…` resolved into this package, so a site needs no copy of it. */
export const sitegenImports: Plugin = {
  name: 'sitegen-imports',
  setup(b) {
    b.onResolve({ filter: /^(react-)?sitegen(\/templates(\/.*)?)?$/ }, async (args) => {
      const sub = args.path.replace(/^(react-)?sitegen\/?/, '');
      if (!sub) return { path: join(PACKAGE_ROOT, 'src/index.ts') };
      const result = await b.resolve(`./${sub}`, { resolveDir: PACKAGE_ROOT, kind: args.kind });
      return result.errors.length ? { errors: result.errors } : { path: result.path };
    });
  },
};

/** `import text from './render/file.go?raw'`: any file's contents as a string (code samples, SVG …). */
export const rawImports: Plugin = {
  name: 'sitegen-raw',
  setup(b) {
    b.onResolve({ filter: /\?raw$/ }, (args) => ({ path: join(args.resolveDir, args.path.slice(0, -4)), namespace: 'sitegen-raw' }));
    b.onLoad({ filter: /.*/, namespace: 'sitegen-raw' }, async (args) => ({
      contents: await readFile(args.path, 'utf8'),
      loader: 'text',
      watchFiles: [args.path],
    }));
  },
};

/**
 * A stylesheet imported by a component is refused where it is imported: nothing would link it, so its rules would be
 * silently lost. Site CSS lives in site/styles/ (`?raw` still gives any file's text).
 */
/** An esbuild error as sitegen reads it; a plugin of sitegen's may put a hint in its `detail`. */
interface CompileError {
  text: string;
  location?: { file: string; line: number; column: number } | null;
  detail?: { hint?: string };
}

/**
 * esbuild's failure as SG4002 at the first error's place, with its hint (or `hint`). The failure itself is its cause
 * only when it holds more than that one error, which the message already says.
 */
export function compileProblem(error: unknown, prefix: string, hint: string): SitegenError {
  const errors = (error as { errors?: CompileError[] }).errors ?? [];
  const first = errors[0];
  return new SitegenError('SG4002', `${prefix}${first?.text ?? String(error)}`, {
    location: first?.location ? { file: first.location.file, line: first.location.line, column: first.location.column + 1 } : undefined,
    hint: first?.detail?.hint ?? hint,
    ...(errors.length === 1 && first?.location ? {} : { cause: error }),
  });
}

const STYLESHEET_HINT = 'Put the stylesheet in site/styles/, which every page links, or in site/styles/on-demand/, which the pages that use its classes link.';

export const cssImports: Plugin = {
  name: 'sitegen-css-imports',
  setup(b) {
    // A package's own stylesheet imports are its business: only the site's and theme's files are refused.
    b.onResolve({ filter: /\.(css|scss|sass|less)$/ }, (args) =>
      args.importer.includes('/node_modules/')
        ? undefined
        : {
            errors: [
              {
                text: `"${args.path}": a component cannot import a stylesheet (nothing would link it)`,
                detail: { hint: STYLESHEET_HINT },
              },
            ],
          },
    );
  },
};

/**
 * With `requireReact`, React (CommonJS) is loaded with `require` (REQUIRE_BANNER), sparing each thread Node's lexing of
 * CommonJS source for export names; other packages keep Node's import semantics.
 */
export function nodeResolution(root: string, requireReact = false): Plugin {
  return {
    name: 'sitegen-node-resolution',
    setup(b) {
      sitegenImports.setup(b);
      b.onResolve({ filter: BARE }, async (args) => {
        if (args.pluginData?.sitegenResolving || args.path.startsWith('node:') || /^[A-Za-z]:[\\/]/.test(args.path)) return undefined;
        for (const resolveDir of [root, PACKAGE_ROOT]) {
          const result = await b.resolve(args.path, { resolveDir, kind: args.kind, pluginData: { sitegenResolving: true } });
          if (!result.errors.length && result.path) {
            if (requireReact && args.kind === 'import-statement' && REACT.test(result.path)) return { path: result.path, namespace: 'sitegen-cjs' };
            return { path: result.path, external: true };
          }
        }
        return undefined;
      });
      if (!requireReact) return;
      b.onLoad({ filter: /.*/, namespace: 'sitegen-cjs' }, (args) => ({ contents: `module.exports = require(${JSON.stringify(args.path)});`, loader: 'js' }));
      // The wrapper's `require` of the package's file stays a call at run time: one copy of React.
      b.onResolve({ filter: /.*/, namespace: 'sitegen-cjs' }, (args) => ({ path: args.path, external: true }));
    },
  };
}

/** Defines the `require` that esbuild's wrappers of React call (nodeResolution's `requireReact`). */
export const REQUIRE_BANNER =
  "import { createRequire as __sitegenCreateRequire } from 'node:module';\nconst require = __sitegenCreateRequire(import.meta.url);";

/** A file of the `react` or `react-dom` package (CommonJS, whatever their entry point). */
const REACT = /[\\/]node_modules[\\/]react(-dom)?[\\/][^\\/]+\.js$/;

/** What every bundle sitegen loads in Node shares: one ES module in memory, its inputs listed, no logging. */
export function nodeBundleOptions(root: string) {
  return { absWorkingDir: root, bundle: true, write: false, format: 'esm', platform: 'node', target: 'node20', metafile: true, logLevel: 'silent' } as const;
}

/** The folders of the packages a bundle imports at run time (`…/node_modules/name`, `…/node_modules/@scope/name`). */
export function externalPackages(metafile: Metafile): string[] {
  const dirs = new Set<string>();
  for (const output of Object.values(metafile.outputs)) {
    for (const { path, external } of output.imports) {
      const m = external ? /^(.*[\\/]node_modules[\\/](?:@[^\\/]+[\\/])?[^\\/]+)/.exec(path) : null;
      if (m) dirs.add(m[1]);
    }
  }
  return [...dirs].sort();
}

/**
 * Whether a prebuilt bundle is what this project would compile: each of its `packages` is the copy nodeResolution
 * finds from `root`, and no tsconfig/jsconfig of the project could map a bare import elsewhere.
 */
export function resolvesAsPrebuilt(root: string, packages: string[]): boolean {
  const real = (path: string) => {
    try {
      return realpathSync(path);
    } catch {
      return path;
    }
  };
  const left = new Map(packages.map((dir) => [dir.slice(dir.lastIndexOf('node_modules') + 'node_modules'.length + 1), real(dir)]));
  for (let dir = resolve(root); ; dir = dirname(dir)) {
    if (!isInside(dir, PACKAGE_ROOT)) {
      for (const name of ['tsconfig.json', 'jsconfig.json']) {
        const file = join(dir, name);
        if (existsSync(file) && /"(?:paths|baseUrl|extends)"/.test(readFileSync(file, 'utf8'))) return false;
      }
    }
    for (const [name, at] of left) {
      const candidate = join(dir, 'node_modules', name);
      if (!existsSync(candidate)) continue;
      if (real(candidate) !== at) return false;
      left.delete(name);
    }
    if (dirname(dir) === dir) break;
  }
  // Not found from the project: nodeResolution takes sitegen's own, as the prebuilt compile did.
  for (const [name, at] of left) if (real(join(PACKAGE_ROOT, 'node_modules', name)) !== at) return false;
  return true;
}

/** Bundle one module for Node (site config, plugin) with its absolute input files and run-time packages; esbuild errors are rethrown as is. */
export async function bundleForNode(
  entry: string,
  root: string,
  define?: Record<string, string>,
): Promise<{ code: string; inputs: string[]; packages: string[] }> {
  const { build } = await import('esbuild');
  const result = await build({
    ...nodeBundleOptions(root),
    entryPoints: [entry],
    plugins: [nodeResolution(root)],
    ...(define ? { define } : {}),
  });
  return {
    code: result.outputFiles[0].text,
    inputs: Object.keys(result.metafile.inputs).map((f) => resolve(root, f)),
    packages: externalPackages(result.metafile),
  };
}
