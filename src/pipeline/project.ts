/**
 * Load the project: the config (with command-line overrides), the plugins and their `config:resolved` hooks, and the
 * folders everything else reads and writes.
 */
import { realpathSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig, type ConfigOverrides } from '../config/load.ts';
import type { ResolvedConfig } from '../config/schema.ts';
import { compilePlugins, instantiatePlugins, pluginRefs, type PluginModule } from '../plugins/load.ts';
import { HookRunner } from '../plugins/run.ts';
import { SitegenError } from '../errors.ts';
import { resolveUiStrings, type UiStrings } from '../i18n/tables.ts';

export interface Project {
  root: string;
  config: ResolvedConfig;
  /** Hash of the config code: part of the build id. */
  configHash: string;
  contentDir: string;
  /** The content folder the config names (`--content` may point elsewhere). */
  configuredContentDir: string;
  outDir: string;
  publicDir: string;
  dataDir: string;
  cacheDir: string;
  pluginModules: PluginModule[];
  hooks: HookRunner;
  /** The theme's UI strings for each of the site's languages (site/i18n over the built-in tables). */
  strings: UiStrings;
}

/**
 * The project's folder, absolute and without symbolic links: esbuild reports bundled modules relative to the real
 * folder, and those paths resolved against a linked one point elsewhere.
 */
export function projectRoot(rootDir: string): string {
  const root = resolve(rootDir);
  try {
    return realpathSync(root);
  } catch {
    return root; // missing: loadProject says so
  }
}

/** The project's cache folder (not configurable: it holds the compiled config). */
export const cacheDirOf = (rootDir: string) => join(projectRoot(rootDir), '.sitegen-cache');

/**
 * A content folder named on the command line or in the config must be there: a typo would build a site without its
 * content over the last good one. The default `content/` may be missing (a site of pages alone).
 */
function checkContentDir(root: string, dir: string, fromFlag: boolean): void {
  const stats = statSync(dir, { throwIfNoEntry: false });
  if (stats?.isDirectory() || (!stats && !fromFlag && dir === resolve(root, 'content'))) return;
  const what = stats ? 'is a file, not a folder' : 'does not exist';
  throw new SitegenError('SG1002', `The content folder ${dir} ${what}`, {
    location: fromFlag ? undefined : { file: 'site/config.ts' },
    hint: fromFlag
      ? 'Check the path given to --content (relative to the folder you run sitegen in).'
      : "Check `contentDir` in the site config (relative to the project's root).",
  });
}

export async function loadProject(rootDir: string, overrides: ConfigOverrides = {}): Promise<Project> {
  const root = projectRoot(rootDir);
  // A site without a config builds with the defaults, but a folder that is not there is a typo.
  const stats = statSync(root, { throwIfNoEntry: false });
  if (!stats?.isDirectory()) {
    throw new SitegenError('SG1002', stats ? `The project folder ${root} is a file, not a folder` : `The project folder ${root} does not exist`, {
      hint: "Run sitegen in your site's folder, or pass --root <folder>.",
    });
  }
  const loaded = await loadConfig(root, overrides);
  checkContentDir(root, resolve(root, loaded.config.contentDir), !!overrides.contentDir);
  const cacheDir = cacheDirOf(root);
  const pluginModules = await compilePlugins(pluginRefs(loaded.config.plugins), root, cacheDir);
  const hooks = new HookRunner(await instantiatePlugins(pluginModules));
  const config = (await hooks.run('config:resolved', (previous) => [previous ?? loaded.config])) ?? loaded.config;
  return {
    root,
    config,
    configHash: loaded.hash,
    contentDir: resolve(root, config.contentDir),
    configuredContentDir: loaded.configuredContentDir,
    outDir: resolve(root, config.outDir),
    publicDir: resolve(root, config.publicDir),
    dataDir: resolve(root, config.dataDir),
    cacheDir,
    pluginModules,
    hooks,
    strings: resolveUiStrings(root, config.locales.length ? config.locales.map((l) => l.code) : [config.lang]),
  };
}
