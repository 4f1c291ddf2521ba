/** The public API for site configs and plugins, kept free of the generator so a config bundles small and fast. */
import type { ConfigInput, RouteMiddleware } from './config/schema.ts';

export type { ConfigInput, RouteMiddleware };
export type * from '../templates/types.ts';

export interface UserConfig extends Omit<ConfigInput, 'middleware'> {
  middleware?: Record<string, RouteMiddleware>;
}

export function defineConfig(config: UserConfig): UserConfig {
  return config;
}

export type {
  SitegenPlugin,
  SitegenHooks,
  PluginFactory,
  PageHookContext,
  BuildDoneContext,
  BuiltPage,
  DevServerContext,
  DevFilesContext,
  DevFiles,
  LocaleContext,
  HookName,
} from './plugins/types.ts';
export type { PluginCache } from './plugins/cache.ts';
/** For pages with `[params]` in their file name: what `paths()` is given, and what each of its entries holds. */
export type { PathsContext, PathEntry } from './routes/dynamic.ts';
export type { PaginateOptions, Pagination } from '../templates/paginate.ts';
export type { HeadData, HeadTag } from './render/head.ts';
/** Helpers for plugins and layouts: titles, canonical URLs, head tags, the docs section of a path. */
export { pageTitle, canonicalUrl, setTag, docsSection } from './render/head.ts';
export type { ContentDocument } from './content/types.ts';
export type { ResolvedConfig } from './config/schema.ts';
/** For plugins' markdown rules: report a problem at a line of the document (markdown/problems.ts has no dependencies). */
export { reportProblem, type MarkdownProblem } from './markdown/problems.ts';
/** The CSP source that allows the colour-scheme script every page's head opens with (`script-src 'self' <hash>`). */
export { COLOR_SCHEME_HASH } from './render/color-scheme.ts';
/** For plugins' markdown renderers: a UI string in the document's language (the copy button, callout titles). */
export { mdString } from './markdown/ui-strings.ts';
