/**
 * Compile the templates: the render bundle (layouts and the site's pages), the stylesheet, the browser runtime and the
 * island chunks, each reused while its inputs are unchanged (memo.ts).
 */
import { join, resolve } from 'node:path';
import { hashInputs } from '../hash.ts';
import { listFiles } from '../list-files.ts';
import { PACKAGE_ROOT, TEMPLATES_DIR, isInside } from '../paths.ts';
import { bundleTemplates, findTemplateSources, type RenderBundle } from '../render/bundle.ts';
import { displayPath } from '../content/discover.ts';
import { SitegenError } from '../errors.ts';
import { buildRuntime, buildStylesheets, stylesheetSources, type SiteAssets, type Stylesheets } from '../output/assets.ts';
import { urlProblems } from '../output/stylesheet-urls.ts';
import { buildIslands, findIslands } from '../output/islands.ts';
import type { Project } from './project.ts';
import { markdownComponentFiles } from './markdown-components.ts';

export interface CompiledTemplates {
  bundle: RenderBundle;
  assets: SiteAssets;
  /** Hash of every template file outside the bundle (plugins, the search client …): part of the build id. */
  sourcesHash: string;
  /** How many page modules were found, for the build's log. */
  pageCount: number;
  /** The layouts' names, in the bundle's order: with no page modules, all that planning needs of it. */
  layoutNames: string[];
}

/** The style folders: the theme's, then the site's (each with its `on-demand/` folder). */
export function styleDirs(root: string): string[] {
  return [join(TEMPLATES_DIR, 'styles'), resolve(root, 'site/styles')];
}

export async function compileTemplates(project: Project): Promise<CompiledTemplates> {
  const { root, cacheDir, config, hooks } = project;
  const sources = await findTemplateSources(TEMPLATES_DIR, resolve(root, config.pagesDir));
  for (const plugin of hooks.plugins) for (const [name, file] of Object.entries(plugin.layouts ?? {})) sources.layouts.set(name, file);
  sources.components = markdownComponentFiles(root, hooks.plugins);
  const [bundle, stylesheets, runtime, islands, sourcesHash] = await Promise.all([
    bundleTemplates(sources, root, cacheDir),
    siteStylesheets(project),
    buildRuntime(cacheDir),
    findIslands([join(TEMPLATES_DIR, 'islands'), resolve(root, 'site/islands')]).then((found) => {
      for (const plugin of hooks.plugins) for (const [name, file] of Object.entries(plugin.islands ?? {})) found.set(name, file);
      return buildIslands(found, cacheDir, config.base.replace(/\/$/, ''));
    }),
    hashInputs(listFiles(TEMPLATES_DIR, { extensions: ['.ts', '.tsx', '.js', '.css'], recursive: true }), [PACKAGE_ROOT]),
  ]);
  // Named as the bundle's `layouts` object names them (render/bundle.ts): its keys, in their order.
  const layoutNames = Object.keys(Object.fromEntries([...sources.layouts].sort()));
  return { bundle, assets: { ...stylesheets, runtime, islands }, sourcesHash, pageCount: sources.pages.size, layoutNames };
}

/** The theme's and the site's stylesheets, the site's url()s as the output serves them, and those that name no public file. */
export async function siteStylesheets(project: Project): Promise<Stylesheets> {
  const { root, cacheDir, config, publicDir } = project;
  const urls = { publicDir, base: config.base };
  const sheets = await buildStylesheets(styleDirs(root), cacheDir, urls);
  const own = [...stylesheetSources(styleDirs(root)), ...stylesheetSources(styleDirs(root), 'on-demand')].filter((f) => !isInside(f, PACKAGE_ROOT));
  const missing = await urlProblems(own, urls, (file) => displayPath(file, root));
  return missing.length ? { ...sheets, warnings: [...(sheets.warnings ?? []), ...missing] } : sheets;
}

/**
 * The stylesheets' problems, for the build's report and dev's overlay: syntax errors (SG4004; the sheet compiled
 * without the part it could not read) and url()s that name no public file (SG5006).
 */
export function stylesheetProblems(sheets: Pick<Stylesheets, 'warnings'>, root: string): SitegenError[] {
  return (sheets.warnings ?? []).map(
    (warning) =>
      new SitegenError(warning.code ?? 'SG4004', warning.text, {
        location: { file: displayPath(warning.file, root), line: warning.line, column: warning.column },
        frame: warning.frame,
        hint: warning.hint ?? 'Fix the stylesheet: the rules after the error may be dropped or read differently until then.',
      }),
  );
}
