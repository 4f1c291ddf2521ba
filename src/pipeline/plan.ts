/**
 * Plan the site from document metadata: routes, collections and navigation, redirects and the route-rule matcher, and
 * every problem found on the way. Pure apart from route middleware; shared by `build` and `dev`.
 */
import type { Author } from '../../templates/types.ts';
import type { ResolvedConfig } from '../config/schema.ts';
import { displayPath } from '../content/discover.ts';
import type { ContentDocument } from '../content/types.ts';
import { normalizeRoutePath, routeToFile } from '../content/paths.ts';
import { SourceIndex, resolveSourceLinks } from '../content/source-links.ts';
import { SitegenError } from '../errors.ts';
import type { SiteAssets } from '../output/assets.ts';
import type { ImageManifest } from '../output/images.ts';
import type { RenderModule } from '../render/render-page.ts';
import type { RenderJob } from '../render/types.ts';
import { createMatcher, type Redirect, type RouteMatcher } from '../routes/rules.ts';
import { buildRouteTable, type PageModuleInfo, type Route } from '../routes/table.ts';
import { checkRouteRules, planRedirects } from './redirects.ts';
import { runMiddleware } from '../routes/middleware.ts';
import { linkTranslations, localeOfPath, localesWithoutPages, localizedPath, setLocaleHomes, setLocalePosts } from '../site/locales.ts';
import { linkVersions, setLocaleVersionHomes, setVersionHomes, versionsWithoutPages } from '../site/versions.ts';
import { buildSiteModel, ensureHomePage, ensureNotFound, renderJob, type SiteModel } from '../site/model.ts';
import { readData, unknownAuthors } from '../site/data.ts';
import { blogPages } from '../site/blog.ts';
import { expandPage, isDynamicRoute } from '../routes/dynamic.ts';
import { join } from 'node:path';
import type { UiStrings } from '../i18n/tables.ts';
import type { Schedule } from '../site/schedule.ts';

export interface PlanInput {
  config: ResolvedConfig;
  /** Parsed documents, sorted by stem (metadata: bodies stay in the workers). */
  docs: ContentDocument[];
  /** The template bundle as planning reads it: its layouts' names (the keys) and the site's page modules. */
  mod: { layouts: Record<string, unknown>; pages: RenderModule['pages'] };
  authors: Record<string, Author>;
  assets: SiteAssets;
  /** Rendered by `sitegen dev`. */
  dev?: boolean;
  drafts: boolean;
  /**
   * The build's "now": with `future`, posts dated after it are marked as scheduled; without, they were left out of
   * `docs` (`left`: they are named in the problems with a link to one).
   */
  schedule?: Schedule & { left?: ContentDocument[] };
  hasFavicon: boolean;
  /** Public files (relative paths): valid redirect and link targets. */
  publicFiles: string[];
  /** Routes of documents that failed to parse: still valid link targets, no follow-on noise. */
  failedRoutes?: string[];
  /** `--content` replaced the site's content folder: redirects into the missing content are skipped, not reported. */
  foreignContent?: boolean;
  /** Extra HTML at the end of <body> (the dev server's client). */
  bodyExtra?: string;
  /** Where the documents' images went. */
  images?: ImageManifest;
  /** The UI strings by locale, and what they lack (Project.strings); English without. */
  strings?: UiStrings;
  /**
   * Dev: each `paths()` page's routes as the last plan made them (`SitePlan.paths`), kept while its `paths()` fails, as
   * a document with broken front matter keeps its last good version: the open page stays and the overlay says why.
   */
  lastPaths?: Map<string, PageModuleInfo[]>;
}

export interface SitePlan {
  /** Every route, built-in pages included. */
  routes: Route[];
  byPath: Map<string, Route>;
  notFound: Route;
  model: SiteModel;
  matcher: RouteMatcher;
  /** Document redirects, static rules and expanded dynamic rules: from → redirect. */
  redirects: Map<string, Redirect>;
  /** The redirects that passed the checks: each gets a redirect page. */
  redirectPages: Set<string>;
  /** Where each redirect was declared, for messages. */
  redirectSources: Map<string, string>;
  /** Routes that render with status 200, sorted. */
  prerendered: string[];
  /** Every path a link may point at: routes, skipped routes, public files. */
  knownRoutes: Set<string>;
  publicPaths: Set<string>;
  /** Problems found while planning routes and running middleware. */
  problems: SitegenError[];
  /** Problems with redirects (reported after rendering, with the link checks). */
  redirectProblems: SitegenError[];
  /** By document id: its relative links as written → the hrefs its page and content API file get. */
  sourceLinks: Map<string, Record<string, string>>;
  /** The routes of each page module with parameters (by its own route, `/products/[slug]`). */
  paths: Map<string, PageModuleInfo[]>;
}

export async function planSite(input: PlanInput): Promise<SitePlan> {
  const { config, docs } = input;
  const layouts = Object.keys(input.mod.layouts);
  const pages: PageModuleInfo[] = Object.entries(input.mod.pages).map(([route, entry]) => ({
    route,
    file: entry.file,
    meta: { ...(entry.module.meta ?? {}) },
  }));
  const reservedFiles = pluginFiles(config);
  const docsRoots = config.theme.versions?.length ? config.theme.versions.map((v) => v.dir) : config.theme.docsRoot;
  const scheduledAfter = input.schedule?.future ? input.schedule.now : undefined;
  // Relative links (`./other.md#anchor`) become the routes they name; a link to a scheduled post names its date.
  const left = input.schedule?.left ?? [];
  const resolved = resolveSourceLinks(docs, new SourceIndex(left.length ? [...docs, ...left] : docs, input.failedRoutes), {
    trailingSlash: config.trailingSlash,
    drafts: input.drafts,
    ...(left.length ? { unpublished: new Set(left) } : {}),
  });
  const model = buildSiteModel({
    config,
    docs,
    authors: input.authors,
    assets: input.assets,
    dev: input.dev,
    drafts: input.drafts,
    scheduledAfter,
    hasFavicon: input.hasFavicon,
    bodyExtra: input.bodyExtra,
    images: input.images,
    links: resolved.links,
    strings: input.strings?.tables,
  });
  const stringsOf = (code: string) => model.shared.strings[code] ?? model.shared.strings[config.defaultLocale];
  // Page modules with parameters in their names (`[tag].tsx`) make a route per entry of their paths().
  const generated = await expandPages(pages, input.mod.pages, model, config, input.authors, input.lastPaths);
  const theme = blogPages(model.locales, config, input.authors, layouts, stringsOf);
  const table = buildRouteTable(
    generated.pages,
    docs,
    { docsRoot: docsRoots, site: config, layouts, drafts: input.drafts, reservedFiles, scheduledAfter },
    theme,
  );
  const rules = checkRouteRules(config, reservedFiles);
  for (const route of table.routes) {
    const links = route.doc && resolved.links.get(route.doc._id);
    if (links) route.links = links;
  }
  const problems: SitegenError[] = [
    ...generated.errors,
    ...table.errors,
    ...resolved.problems,
    ...rules.errors,
    ...(await runMiddleware(table.routes, config)),
    ...(await unknownAuthors(docs, input.authors, config.root, input.drafts)),
    ...(input.strings?.problems ?? []),
  ];
  const routes = [...table.routes];
  const notFound = ensureNotFound(routes, layouts, config, stringsOf(config.defaultLocale));
  // Each other locale answers a missing page in its own language: /ja/404 (ja/404.html).
  for (const locale of model.locales.slice(1)) ensureNotFound(routes, layouts, config, stringsOf(locale.code), localizedPath('/404', locale.code, config));
  ensureHomePage(routes, model, layouts, config.description);
  const published = routes.filter((r) => r.status === 200 && !r.rejected).map((r) => r.page);
  problems.push(...linkLocalesAndVersions(published, model, config, input.foreignContent));
  const prerendered = routes
    .filter((r) => r.status === 200)
    .map((r) => r.path)
    .sort();
  const matcher = createMatcher(rules.rules);
  const publicPaths = new Set(input.publicFiles.map((f) => `/${f}`));
  problems.push(...publicClashes(routes, publicPaths, config));
  const knownRoutes = new Set([...routes.map((r) => r.path), ...table.skipped, ...(input.failedRoutes ?? [])]);
  const {
    redirects,
    pages: redirectPages,
    sources,
    errors,
  } = planRedirects(table.redirects, matcher, prerendered, routes, knownRoutes, publicPaths, input.foreignContent ?? false);
  return {
    routes,
    byPath: new Map(routes.map((r) => [normalizeRoutePath(r.path), r])),
    notFound,
    model,
    matcher,
    redirects,
    redirectPages,
    redirectSources: sources,
    prerendered,
    knownRoutes,
    publicPaths,
    problems,
    redirectProblems: errors,
    sourceLinks: resolved.links,
    paths: generated.paths,
  };
}

/** The published pages' translations and versions, and each locale's and version's home; what is wrong with them. */
function linkLocalesAndVersions(published: Route['page'][], model: SiteModel, config: ResolvedConfig, foreignContent?: boolean): SitegenError[] {
  const problems = linkTranslations(published, config);
  // (Not for a folder of markdown from elsewhere, `--content`: the site's locales and versions are not its folders.)
  if (!foreignContent) problems.push(...localesWithoutPages(published, config));
  setLocaleHomes(model.shared.site.locales, published, config);
  setLocalePosts(model.shared.site.locales, new Map(model.locales.map((locale) => [locale.code, locale.posts.length])));
  linkVersions(published, config.theme.versions ?? [], config);
  if (!foreignContent) problems.push(...versionsWithoutPages(config.theme.versions ?? [], published, config));
  for (const locale of model.locales) if (locale.site.versions) setVersionHomes(locale.site.versions, locale.nav, published);
  setLocaleVersionHomes(model.shared.site.locales, model.locales, config);
  return problems;
}

/**
 * The routes of the site's page modules: one each, and one per entry of `paths()` for a module with parameters in its
 * name, given its locale's collections and the site's data files (read only when such a module exists).
 */
async function expandPages(
  pages: PageModuleInfo[],
  modules: PlanInput['mod']['pages'],
  model: SiteModel,
  config: ResolvedConfig,
  authors: Record<string, Author>,
  lastPaths: PlanInput['lastPaths'],
): Promise<{ pages: PageModuleInfo[]; errors: SitegenError[]; paths: Map<string, PageModuleInfo[]> }> {
  const paths = new Map<string, PageModuleInfo[]>();
  if (!pages.some((page) => isDynamicRoute(page.route))) return { pages, errors: [], paths };
  const data = await readData(join(config.root, config.dataDir), config.root);
  const out: PageModuleInfo[] = [];
  const errors: SitegenError[] = [...data.errors];
  for (const page of pages) {
    if (!isDynamicRoute(page.route)) {
      out.push(page);
      continue;
    }
    const code = localeOfPath(page.route, config);
    const locale = model.locales.find((l) => l.code === code) ?? model.locales[0];
    const context = { site: locale.site, locale: code, posts: locale.posts, nav: locale.nav, authors, data: data.values };
    const expanded = await expandPage({ ...page, paths: (modules[page.route]?.module as { paths?: unknown } | undefined)?.paths }, context);
    const routes = (expanded.failed && lastPaths?.get(page.route)) || expanded.pages;
    paths.set(page.route, routes);
    out.push(...routes);
    errors.push(...expanded.errors);
  }
  return { pages: out, errors, paths };
}

/**
 * Public files written where a page goes (`site/public/about/index.html` and the page /about): whichever is written
 * last would win, so the output would depend on timing, and dev would show the public file (SG3001).
 */
function publicClashes(routes: Route[], publicPaths: Set<string>, config: ResolvedConfig): SitegenError[] {
  const folder = displayPath(join(config.root, config.publicDir), config.root);
  return routes
    .filter((route) => route.status === 200 && publicPaths.has(`/${routeToFile(route.path)}`))
    .map((route) => {
      const file = `${folder}/${routeToFile(route.path)}`;
      return new SitegenError('SG3001', `Route ${route.path} is claimed by both ${route.source} and ${file}`, {
        location: { file },
        hint: 'Remove the public file or give the page another route: both would be written to the same file.',
      });
    });
}

/** Files the site's plugins write at places their options set: the feed's `path`. */
function pluginFiles(config: ResolvedConfig): string[] {
  const files: string[] = [];
  for (const ref of config.plugins) {
    const [name, options] = Array.isArray(ref) ? ref : [ref, undefined];
    if (!/(^|\/)feed(\.[cm]?[jt]s)?$/.test(name)) continue;
    // The feeds' files (templates/plugins/feed.ts): the Atom feed at `path`, the others beside it unless moved.
    const { path, rssPath, jsonPath } = (options ?? {}) as { path?: unknown; rssPath?: unknown; jsonPath?: unknown };
    const folder = typeof path === 'string' ? path.replace(/^\/+/, '').split('/').slice(0, -1) : [];
    const beside = (file: string) => (typeof path === 'string' ? [...folder, file].join('/') : undefined);
    for (const file of [path, rssPath ?? beside('rss.xml'), jsonPath ?? beside('feed.json')])
      if (typeof file === 'string') files.push(`/${file.replace(/^\/+/, '')}`);
  }
  return files;
}

/** The render job of a route (a route rejected by middleware renders the not-found page). */
export function jobFor(plan: SitePlan, route: Route): RenderJob {
  return renderJob(route, plan.model, notFoundFor(plan, route.path));
}

/** The manifest's matcher: the route rules plus every concrete redirect. */
export function manifestMatcher(plan: SitePlan): RouteMatcher {
  const matcher = { ...plan.matcher, static: { ...plan.matcher.static } };
  for (const [from, r] of plan.redirects) matcher.static[from] ??= { redirect: r };
  return matcher;
}

/** The not-found route that answers `path`: its locale's (`/ja/404`), else the site's. */
export function notFoundFor(plan: Pick<SitePlan, 'byPath' | 'notFound' | 'model'>, path: string): Route {
  const site = plan.model.shared.site;
  if (!site.locales.length) return plan.notFound;
  return plan.byPath.get(localizedPath('/404', localeOfPath(path, site), site)) ?? plan.notFound;
}
