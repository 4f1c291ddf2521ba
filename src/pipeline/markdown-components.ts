/**
 * The components markdown may use: the theme's, every capitalised file in `site/components/`, and those plugins
 * register (`components: { Name: file }`). The parse needs their names, the template bundle their files.
 */
import { DEFAULT_OUTLINE } from '../markdown/outline.ts';
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { ParseOptions } from '../content/types.ts';
import { listFiles } from '../list-files.ts';
import { markdownStrings } from '../i18n/tables.ts';
import { THEME_COMPONENTS } from '../markdown/theme-components.ts';
import { OVERRIDES_DIR } from '../render/overrides.ts';
import type { Project } from './project.ts';

const COMPONENT_NAME = /^[A-Z][A-Za-z0-9]*$/;

/** Name → file of the components the site and its plugins add (or put in place of the theme's), sorted by name. */
export function markdownComponentFiles(root: string, plugins: Project['hooks']['plugins']): Map<string, string> {
  const found = new Map<string, string>();
  const dir = join(root, OVERRIDES_DIR);
  if (existsSync(dir)) {
    for (const file of listFiles(dir, { extensions: ['.tsx', '.jsx'] })) {
      const name = basename(file).replace(/\.[^.]+$/, '');
      if (COMPONENT_NAME.test(name)) found.set(name, file);
    }
  }
  for (const plugin of plugins) for (const [name, file] of Object.entries(plugin.components ?? {})) if (COMPONENT_NAME.test(name)) found.set(name, file);
  return new Map([...found].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** What every document of the project is parsed with: in `build` and in `dev`. */
export function parseOptionsOf(project: Project): ParseOptions {
  const { config } = project;
  const strings = markdownStrings(project.strings);
  const components = new Set<string>(THEME_COMPONENTS);
  for (const name of markdownComponentFiles(project.root, project.hooks.plugins).keys()) components.add(name);
  return {
    blogDir: config.blogDir,
    locales: config.locales.map((l) => l.code),
    defaultLocale: config.defaultLocale,
    markdown: config.markdown,
    components: [...components].sort(),
    ...(strings ? { strings } : {}),
    outline: config.theme.outline ?? DEFAULT_OUTLINE,
  };
}
