/**
 * Theme overrides: `site/components/Footer.tsx` replaces the theme's `Footer` wherever it is used,
 * and may itself import the original (`sitegen/templates/components/Footer`) to wrap it.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import type { Plugin } from 'esbuild';
import { listFiles } from '../list-files.ts';
import { TEMPLATES_DIR } from '../paths.ts';
import { SitegenError, formatLocation } from '../errors.ts';

export const OVERRIDES_DIR = 'site/components';
const COMPONENTS_DIR = join(TEMPLATES_DIR, 'components');
const THEME_INDEX = join(TEMPLATES_DIR, 'index.ts');

/** The namespace of the theme's index as one override sees it: its own name there is the original, not itself. */
const ORIGINAL_NS = 'sitegen-theme-original';

/** Component name → the site's file that replaces it (only names the theme has). */
export async function findOverrides(root: string): Promise<Map<string, string>> {
  const dir = join(root, OVERRIDES_DIR);
  const overrides = new Map<string, string>();
  if (!existsSync(dir)) return overrides;
  for (const file of listFiles(dir, { extensions: ['.tsx', '.ts', '.jsx', '.js'] })) {
    const name = componentName(file);
    if (['.tsx', '.ts'].some((ext) => existsSync(join(COMPONENTS_DIR, name + ext)))) overrides.set(name, file);
  }
  return overrides;
}

/**
 * Files of site/components/ named like a theme component in another case (`footer.tsx` for `Footer`): they replace
 * nothing, since names are matched exactly (as imports are on Linux), so each is a warning (SG4006) saying so.
 */
export function overrideNearMisses(root: string): SitegenError[] {
  const dir = join(root, OVERRIDES_DIR);
  if (!existsSync(dir)) return [];
  const theme = new Map(listFiles(COMPONENTS_DIR, { extensions: ['.tsx', '.ts'] }).map((file) => [componentName(file).toLowerCase(), componentName(file)]));
  const problems: SitegenError[] = [];
  for (const file of listFiles(dir, { extensions: ['.tsx', '.ts', '.jsx', '.js'] })) {
    const name = componentName(file);
    const meant = theme.get(name.toLowerCase());
    if (!meant || meant === name) continue;
    const shown = `${OVERRIDES_DIR}/${basename(file)}`;
    problems.push(
      new SitegenError('SG4006', `replaces no theme component: the theme's is ${meant}, and names are matched with their case`, {
        location: { file: shown },
        hint: `Rename it ${meant}${file.slice(file.lastIndexOf('.'))} to replace the theme's ${meant}, or give it a name of its own.`,
      }),
    );
  }
  return problems;
}

function componentName(file: string): string {
  return basename(file).replace(/\.[^.]+$/, '');
}

/**
 * esbuild: imports that resolve to an overridden theme component get the site's file instead. An override that
 * imports the theme's index (`react-sitegen/templates`) gets a copy of it where its own name is the original, so
 * `import { Footer as ThemeFooter } from 'react-sitegen/templates'` in `Footer.tsx` wraps the theme's footer
 * instead of rendering itself without end.
 */
export function themeOverrides(overrides: Map<string, string>): Plugin {
  return {
    name: 'sitegen-theme-overrides',
    setup(b) {
      if (!overrides.size) return;
      const siteDirs = new Set([...overrides.values()].map((f) => dirname(f)));
      const nameOf = new Map([...overrides].map(([name, file]) => [file, name]));
      b.onResolve({ filter: /^(\.\.?\/|(react-)?sitegen\/templates)/ }, async (args) => {
        // sitegen's own resolution of `sitegen/templates/…` comes back here with no importer.
        if (args.pluginData?.sitegenOverride || !args.importer) return undefined;
        const wrapping = nameOf.get(args.importer);
        const bare = !args.path.startsWith('.');
        if (bare && !wrapping) return undefined;
        const result = await b.resolve(args.path, {
          resolveDir: args.resolveDir,
          kind: args.kind,
          importer: args.importer,
          pluginData: { sitegenOverride: true },
        });
        if (result.errors.length) return undefined;
        // One copy per override (esbuild keeps one module per namespace and path): each has its own name as the original.
        if (wrapping && result.path === THEME_INDEX)
          return { path: `${result.path}?original=${wrapping}`, namespace: ORIGINAL_NS, pluginData: { original: wrapping } };
        // The override's own imports (of the original it wraps) are left alone.
        if (bare || [...siteDirs].some((d) => args.importer.startsWith(d + sep))) return undefined;
        const name = componentName(result.path);
        const override = dirname(result.path) === COMPONENTS_DIR && name !== args.pluginData?.original ? overrides.get(name) : undefined;
        if (override) return { path: override };
        // The index's copy has no folder of its own to resolve from: its imports are given their files.
        return args.namespace === ORIGINAL_NS ? { path: result.path } : undefined;
      });
      b.onLoad({ filter: /.*/, namespace: ORIGINAL_NS }, async (args) => ({
        contents: await readFile(THEME_INDEX, 'utf8'),
        loader: 'ts',
        resolveDir: dirname(THEME_INDEX),
        pluginData: args.pluginData,
      }));
    },
  };
}

/** `export function Header`, `export const Brand`, `export { A, B as C }`: the names a module exports, as far as a glance can tell. */
function exportedNames(source: string): string[] {
  const names = [...source.matchAll(/export\s+(?:default\s+)?(?:async\s+)?(?:function\*?|const|let|var|class)\s+([A-Za-z_$][\w$]*)/g)].map((m) => m[1]);
  for (const list of source.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)) {
    names.push(
      ...list[1]
        .split(',')
        .map((part) =>
          part
            .trim()
            .split(/\s+as\s+/)
            .pop()!
            .trim(),
        )
        .filter(Boolean),
    );
  }
  return [...new Set(names)];
}

/**
 * The theme imports a name an override does not export ("No matching export in site/components/Header.tsx for import
 * Header"): the problem is placed in the override, not in the theme's file that imports it, with what it does export.
 */
export async function overrideExportProblem(problem: SitegenError, overrides: Map<string, string>, root: string): Promise<SitegenError | undefined> {
  const match = /^No matching export in "([^"]+)" for import "([^"]+)"/.exec(problem.message);
  const name = match && [...overrides].find(([, file]) => relative(root, file).split(sep).join('/') === match[1])?.[0];
  if (!match || !name) return undefined;
  const exported = exportedNames(await readFile(join(root, match[1]), 'utf8').catch(() => ''));
  const theirs = exported.length ? ` (it exports ${exported.join(', ')})` : ' (it exports nothing)';
  const importer = problem.location ? ` ${formatLocation(problem.location)} imports it.` : '';
  return new SitegenError('SG4002', `${problem.message}${theirs}`, {
    location: { file: match[1] },
    hint:
      `${match[1]} replaces the theme's ${name} module, so it must export every name the theme imports from it.${importer} ` +
      `Export ${match[2]} (with the theme's props), or re-export the theme's: export { ${match[2]} } from 'react-sitegen/templates/components/${name}'.`,
  });
}
