/**
 * Theme overrides: `site/components/Footer.tsx` replaces the theme's `Footer` wherever it is used,
 * and may itself import the original (`sitegen/templates/components/Footer`) to wrap it.
 */
import { existsSync } from 'node:fs';
import { basename, dirname, join, sep } from 'node:path';
import type { Plugin } from 'esbuild';
import { listFiles } from '../list-files.ts';
import { TEMPLATES_DIR } from '../paths.ts';

export const OVERRIDES_DIR = 'site/components';
const COMPONENTS_DIR = join(TEMPLATES_DIR, 'components');

/** Component name → the site's file that replaces it (only names the theme has). */
export async function findOverrides(root: string): Promise<Map<string, string>> {
  const dir = join(root, OVERRIDES_DIR);
  const overrides = new Map<string, string>();
  if (!existsSync(dir)) return overrides;
  for (const file of listFiles(dir, { extensions: ['.tsx', '.ts', '.jsx', '.js'] })) {
    const name = basename(file).replace(/\.[^.]+$/, '');
    if (['.tsx', '.ts'].some((ext) => existsSync(join(COMPONENTS_DIR, name + ext)))) overrides.set(name, file);
  }
  return overrides;
}

/** esbuild: imports that resolve to an overridden theme component get the site's file instead. */
export function themeOverrides(overrides: Map<string, string>): Plugin {
  return {
    name: 'sitegen-theme-overrides',
    setup(b) {
      if (!overrides.size) return;
      const siteDirs = new Set([...overrides.values()].map((f) => dirname(f)));
      b.onResolve({ filter: /^(\.\.?\/|sitegen\/templates)/ }, async (args) => {
        // sitegen's own resolution of `sitegen/templates/…` comes back here with no importer.
        if (args.pluginData?.sitegenOverride || !args.importer) return undefined;
        // The override's own imports (of the original it wraps) are left alone.
        if ([...siteDirs].some((d) => args.importer.startsWith(d + sep))) return undefined;
        const result = await b.resolve(args.path, {
          resolveDir: args.resolveDir,
          kind: args.kind,
          importer: args.importer,
          pluginData: { sitegenOverride: true },
        });
        if (result.errors.length || dirname(result.path) !== COMPONENTS_DIR) return undefined;
        const override = overrides.get(basename(result.path).replace(/\.[^.]+$/, ''));
        return override ? { path: override } : undefined;
      });
    },
  };
}
