/** The site model shared by `build` and `dev`: collections, the data every page renders with, and one render job per route. */
import type { Author, NavItem, PostSummary } from '../../templates/types.ts';
import type { ResolvedConfig } from '../config/schema.ts';
import type { ContentDocument } from '../content/types.ts';
import { escapeHtml } from '../html.ts';
import { hashText } from '../hash.ts';
import type { SiteAssets } from '../output/assets.ts';
import type { RenderJob, SharedRenderData } from '../render/types.ts';
import { documentPageData, type Route } from '../routes/table.ts';
import { localeFolders, localeOfPath, localeSegment, type Languages } from './locales.ts';
import { versionNeighbours, versionSites } from './versions.ts';
import { buildNavigation, collectPosts, computeNeighbours, computeRelated, type Neighbours, type RelatedPosts } from './collections.ts';
import type { SiteInfo } from '../../templates/types.ts';
import type { ImageManifest } from '../output/images.ts';
import { mathAssets } from '../output/math-assets.ts';
import { ENGLISH, type StringTable } from '../../templates/i18n/keys.ts';
import { formatString, type StringValues } from '../../templates/i18n/format.ts';

export function siteInfo(config: ResolvedConfig): SiteInfo {
  // The address the site lives at, base included: canonicals, feeds and sitemaps build on it.
  const info: SiteInfo = {
    name: config.name,
    url: config.url + config.base.replace(/\/+$/, ''),
    description: config.description,
    lang: config.lang,
    // A copy: the plan sets each locale's home once the routes are known.
    locales: config.locales.map((locale) => ({ ...locale })),
    defaultLocale: config.defaultLocale,
    separator: config.separator,
    base: config.base,
    blogDir: config.blogDir.replace(/^\/+|\/+$/g, ''),
    blog: { tags: config.blog.tags !== false, authors: config.blog.authors !== false },
    theme: config.theme,
  };
  if (config.twitter) info.twitter = config.twitter;
  return info;
}

function runtimeScript(config: ResolvedConfig, src: string, extra: Record<string, string>): string {
  const attrs: Record<string, string> = {
    type: 'module',
    src,
    'data-sitegen': '',
    'data-base': config.base,
    'data-check-interval': String(config.checkInterval),
    ...extra,
  };
  if (config.analytics)
    Object.assign(attrs, {
      'data-analytics': config.analytics.provider,
      'data-analytics-host': config.analytics.host,
      'data-analytics-domain': config.analytics.domain,
    });
  return `<script ${Object.entries(attrs)
    .map(([k, v]) => (v === '' ? k : `${k}="${escapeHtml(v)}"`))
    .join(' ')}></script>`;
}

/** What the runtime needs from the config besides the basics: the canonical query whitelist, drafts. */
function runtimeData(config: ResolvedConfig, drafts: boolean): Record<string, string> {
  const data: Record<string, string> = { 'data-canonical-query': config.canonicalQueryWhitelist.join(',') };
  // The locales' folders: a missing page under one is answered by that locale's not-found page.
  const folders = localeFolders(config);
  if (folders.length) data['data-locales'] = folders.join(',');
  if (drafts) data['data-drafts'] = '';
  return data;
}

export interface SiteModel {
  /** The default locale's posts and navigation (the site's, without locales). */
  posts: PostSummary[];
  nav: NavItem[];
  /** Every locale's site and collections, the default first (one entry without locales). */
  locales: LocaleModel[];
  neighbours: Map<string, Neighbours>;
  related: RelatedPosts;
  shared: SharedRenderData;
}

export interface ModelInput {
  config: ResolvedConfig;
  docs: ContentDocument[];
  authors: Record<string, Author>;
  assets: SiteAssets;
  /** Rendered by `sitegen dev`. */
  dev?: boolean;
  drafts: boolean;
  /** The build's "now" when it builds future posts: those dated after it are marked as scheduled. */
  scheduledAfter?: number;
  hasFavicon: boolean;
  /** Extra HTML at the end of <body> (the dev server's client). */
  bodyExtra?: string;
  /** Where the documents' images went. */
  images?: ImageManifest;
  /** By document id: its relative links' routes, for excerpts. */
  links?: Map<string, Record<string, string>>;
  /** The UI strings by locale (src/i18n/tables.ts); English alone without. */
  strings?: Record<string, StringTable>;
}

/** A locale's own site: its theme overrides, and its docs root and blog under its folder (the default's stay at the root). */
function localeSite(site: SiteInfo, code: string): SiteInfo {
  const { locales: overrides, ...theme } = site.theme;
  const { description = site.description, ...own } = { ...theme, ...overrides?.[code] };
  if (code === site.defaultLocale) return { ...site, description, theme: own };
  const docsRoot = site.theme.docsRoot.replace(/^\/+|\/+$/g, '');
  const folder = localeSegment(code);
  return { ...site, description, blogDir: `${folder}/${site.blogDir}`, theme: { ...own, docsRoot: docsRoot ? `${folder}/${docsRoot}` : '' } };
}

/** A locale's navigation: the default's is the content tree without the other locales' folders; another's is its folder's tree, its home first. */
function localeNav(docs: ContentDocument[], drafts: boolean, code: string, isDefault: boolean): NavItem[] {
  const nav = buildNavigation(docs, drafts);
  if (isDefault) return nav;
  const home = `/${localeSegment(code)}`;
  const folder = nav.find((item) => item.path === home || item.path.startsWith(`${home}/`));
  if (!folder?.children) return nav;
  return folder.path === home ? [{ title: folder.title, path: folder.path }, ...folder.children] : folder.children;
}

export interface LocaleModel {
  code: string;
  site: SiteInfo;
  nav: NavItem[];
  posts: PostSummary[];
  neighbours: Map<string, Neighbours>;
  related: RelatedPosts;
  /** The locale's site for each older version of the docs, by folder (`theme.versions`). */
  versions?: Record<string, SiteInfo>;
}

/** Each locale's site and collections, the default first: a multilingual site is one site per locale. */
function localeModels(input: ModelInput, site: SiteInfo): LocaleModel[] {
  const { config } = input;
  const codes = config.locales.length ? config.locales.map((l) => l.code) : [config.lang];
  const byLocale = new Map<string, ContentDocument[]>(codes.map((code) => [code, []]));
  for (const doc of input.docs) byLocale.get(doc._locale ?? config.defaultLocale)?.push(doc);
  return codes.map((code) => {
    const docs = config.locales.length ? byLocale.get(code)! : input.docs;
    const own = config.locales.length ? localeSite(site, code) : site;
    const posts = collectPosts(docs, input.drafts, input.images, input.links, input.scheduledAfter);
    const nav = localeNav(docs, input.drafts, code, code === config.defaultLocale || !config.locales.length);
    const versions = versionSites(own, code, config);
    const neighbours = computeNeighbours(nav, own.theme.docsRoot, posts);
    for (const [path, n] of versionNeighbours(nav, versions)) neighbours.set(path, n);
    return { code, site: own, nav, posts, neighbours, related: computeRelated(posts), ...(versions ? { versions } : {}) };
  });
}

export function buildSiteModel(input: ModelInput): SiteModel {
  const { config, assets } = input;
  const base = config.base.replace(/\/$/, '');
  const [main, ...others] = localeModels(input, siteInfo(config));
  const { posts, nav } = main;
  const favicon = input.hasFavicon ? `<link rel="icon" href="${base}/favicon.svg" type="image/svg+xml">\n` : '';
  const headHtml = `${favicon}${assets.css ? `<link rel="stylesheet" href="${base}/${assets.css.path}">\n` : ''}<link rel="modulepreload" href="${base}/${assets.runtime.path}">`;
  const shared: SharedRenderData = {
    assets: assetSetId(assets),
    ...(input.dev ? { dev: true } : {}),
    site: main.site,
    nav,
    posts,
    ...(main.versions ? { versions: main.versions } : {}),
    ...(others.length
      ? {
          locales: Object.fromEntries(
            others.map((l) => [l.code, { site: l.site, nav: l.nav, posts: l.posts, ...(l.versions ? { versions: l.versions } : {}) }]),
          ),
        }
      : {}),
    authors: input.authors,
    indexable: config.indexable,
    trailingSlash: config.trailingSlash,
    settings: { indexable: config.indexable, trailingSlash: config.trailingSlash, canonicalQueryWhitelist: config.canonicalQueryWhitelist },
    headHtml,
    bodyEndHtml: runtimeScript(config, `${base}/${assets.runtime.path}`, runtimeData(config, input.drafts)) + (input.bodyExtra ?? ''),
    islands: assets.islands.urls,
    ...(input.docs.some((doc) => doc.math) ? { mathCss: `${base}/${mathAssets().css.path}` } : {}),
    pageCss: assets.pageCss.map((sheet) => ({ href: `${base}/${sheet.path}`, selectors: sheet.selectors })),
    ...(input.images && Object.keys(input.images.files).length ? { images: input.images } : {}),
    strings: input.strings ?? { [config.defaultLocale]: ENGLISH },
  };
  const neighbours = new Map([...main.neighbours, ...others.flatMap((l) => [...l.neighbours])]);
  const related: RelatedPosts = { get: (path) => [main, ...others].reduce<PostSummary[] | undefined>((found, l) => found ?? l.related.get(path), undefined) };
  return { posts, nav, neighbours, related, shared, locales: [main, ...others] };
}

/** Changes only when a stylesheet, the runtime or an island chunk does (their names are content-hashed). */
export function assetSetId(assets: SiteAssets): string {
  return hashText(JSON.stringify([assets.css?.path ?? '', assets.pageCss.map((sheet) => sheet.path), assets.runtime.path, assets.islands.urls])).slice(0, 12);
}

/** A text of a built-in page in the site's default language (`strings`: its table). */
function say(strings: StringTable, locale: string, key: string, values?: StringValues): string {
  return formatString(strings, ENGLISH, key, values, locale);
}

/** The label of a post dated after the build's "now" (a build with future posts, and dev), as the theme's Byline shows it. */
function scheduledBadge(strings: StringTable, locale: string): string {
  return `<span class="badge badge-scheduled">${escapeHtml(say(strings, locale, 'blog.scheduled'))}</span>`;
}

/** The built-in not-found page's body: "Page not found", the missing path once the runtime knows it, then suggestions. */
function notFoundHtml(strings: StringTable, locale: string): string {
  const title = escapeHtml(say(strings, locale, 'notFound.title'));
  const [before, after] = say(strings, locale, 'notFound.path', { path: '\u0000' }).split('\u0000');
  // The path sentence usually starts with the title ("Page not found: {path}"): the rest shows once the path is known.
  const missing = before.startsWith(say(strings, locale, 'notFound.title'))
    ? `${title}<span data-missing-path="" hidden>${escapeHtml(before.slice(say(strings, locale, 'notFound.title').length))}<code></code>${escapeHtml(after ?? '')}</span>`
    : `${title}<span data-missing-path="" hidden> (${escapeHtml(before)}<code></code>${escapeHtml(after ?? '')})</span>`;
  return `<p>${missing}</p>\n<div data-sitegen-suggest hidden><p>${escapeHtml(say(strings, locale, 'notFound.suggest'))}</p><ul></ul></div>\n`;
}

function builtinNotFound(strings: StringTable, locale: string): ContentDocument {
  return {
    _id: 'sitegen:404',
    _stem: '404',
    _path: '/404',
    _dir: '',
    _partial: false,
    _type: 'markdown',
    _source: '(built-in 404 page)',
    title: say(strings, locale, 'notFound.title'),
    description: '',
    navigation: false,
    draft: false,
    middleware: [],
    frontmatter: {},
    body: {
      toc: { title: '', depth: 3, searchDepth: 3, links: [] },
      html: notFoundHtml(strings, locale),
    },
    links: [],
    ids: [],
    wordCount: 0,
    readingTime: 0,
    isPost: false,
    hash: '',
  };
}

/**
 * The site's not-found route at `path` (`/404`, or a locale's `/ja/404`), or a built-in one in the default layout
 * (added to `routes`), in the language of `strings`.
 */
export function ensureNotFound(routes: Route[], layouts: string[], site: Languages, strings: StringTable = ENGLISH, path = '/404'): Route {
  let notFound = routes.find((r) => r.path === path);
  if (!notFound) {
    const layout = layouts.includes('default') ? 'default' : layouts[0];
    const doc = { ...builtinNotFound(strings, localeOfPath(path, site)), _path: path, ...(path === '/404' ? {} : { _id: `sitegen:${path}` }) };
    const page = documentPageData(doc, layout, site);
    notFound = { path, source: page.source, status: 404, layout, page, middleware: [] };
    routes.push(notFound);
  }
  return notFound;
}

/** A site without a home page (a bare folder of markdown) gets a built-in one: description, sections, newest posts. */
export function ensureHomePage(routes: Route[], model: SiteModel, layouts: string[], description: string): void {
  if (routes.some((r) => r.path === '/')) return;
  const site = model.shared.site;
  const locale = site.defaultLocale;
  const strings = model.shared.strings[locale] ?? ENGLISH;
  const layout = layouts.includes('default') ? 'default' : layouts[0];
  const link = (path: string, title: string, extra = '') => `<li><a href="${escapeHtml(path)}">${escapeHtml(title)}</a>${extra}</li>`;
  const sections = model.nav.filter((item) => routes.some((r) => r.path === item.path)).map((item) => link(item.path, item.title));
  const scheduled = ` ${scheduledBadge(strings, locale)}`;
  const posts = model.posts.slice(0, 5).map((p) => link(p.path, p.title, p.scheduled ? scheduled : ''));
  const html = [
    description ? `<p>${escapeHtml(description)}</p>` : '',
    sections.length ? `<h2 id="sections">${escapeHtml(say(strings, locale, 'home.sections'))}</h2>\n<ul>\n${sections.join('\n')}\n</ul>` : '',
    posts.length ? `<h2 id="latest-posts">${escapeHtml(say(strings, locale, 'home.latestPosts'))}</h2>\n<ul>\n${posts.join('\n')}\n</ul>` : '',
  ]
    .filter(Boolean)
    .join('\n');
  const doc: ContentDocument = {
    _id: 'sitegen:home',
    _stem: 'index',
    _path: '/',
    _dir: '',
    _partial: false,
    _type: 'markdown',
    _source: '(built-in home page)',
    title: '',
    description,
    navigation: false,
    draft: false,
    middleware: [],
    frontmatter: {},
    body: { toc: { title: '', depth: 3, searchDepth: 3, links: [] }, html: `${html}\n` },
    links: [],
    ids: [],
    wordCount: 0,
    readingTime: 0,
    isPost: false,
    hash: '',
  };
  routes.push({ path: '/', source: doc._source, status: 200, layout, page: documentPageData(doc, layout, site), middleware: [] });
}

/** A route rejected by middleware renders the not-found page, with `Page Not Found: {path}`. */
export function notFoundJob(notFound: Route, path: string): RenderJob {
  const message = `Page Not Found: ${path}`;
  const page = { ...notFound.page, path, title: 'Page Not Found', frontmatter: { ...notFound.page.frontmatter, error: { statusCode: 404, message } } };
  if (page.kind === 'document') page.html = `<p>${escapeHtml(message)}</p>\n`;
  const job: RenderJob = { path, status: 404, layout: notFound.layout, page, related: [] };
  if (notFound.pageRoute) job.pageRoute = notFound.pageRoute;
  return job;
}

export function renderJob(route: Route, model: SiteModel, notFound: Route): RenderJob {
  if (route.rejected) return notFoundJob(notFound, route.path);
  const n = model.neighbours.get(route.path);
  const job: RenderJob = {
    path: route.path,
    status: route.status,
    layout: route.layout,
    page: route.page,
    related: route.doc?.isPost ? (model.related.get(route.path) ?? []) : [],
  };
  if (route.pageRoute) job.pageRoute = route.pageRoute;
  if (route.params) job.params = route.params;
  if (route.props) job.props = route.props;
  if (route.links) job.links = route.links;
  if (n?.prev) job.prev = n.prev;
  if (n?.next) job.next = n.next;
  return job;
}
