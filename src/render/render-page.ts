/** Render one route to a complete HTML document and its payload, in the workers. */
import { pathToFileURL } from 'node:url';
import type { ComponentType, Context, ReactNode } from 'react';
import type { IslandInstance } from '../../templates/components/islands-context.ts';
import type { LayoutProps, PageContext } from '../../templates/types.ts';
import { SitegenError } from '../errors.ts';
import { escapeHtml } from '../html.ts';
import { hashText } from '../hash.ts';
import { buildHead, renderHeadTags } from './head.ts';
import type { HookRunner } from '../plugins/run.ts';
import type { PageHookContext } from '../plugins/types.ts';
import { scopedCollections } from './collections.ts';
import { SITE_COLLECTIONS, type Payload, type RenderJob, type RenderedPage, type SharedRenderData, type SiteCollection } from './types.ts';
import { IMAGE_MARKER, rewriteImageFields, rewriteImages } from '../output/images.ts';
import { tagsWithBase, withBase } from './base.ts';
import { rewriteSourceLinks } from '../content/source-links.ts';
import { expandComponents } from './components.ts';
import { withCards } from './cards.ts';
import type { Strings } from '../../templates/i18n/strings.ts';
import type { StringTable } from '../../templates/i18n/keys.ts';
import { pageStringsHtml } from '../i18n/page-strings.ts';
import { COLOR_SCHEME_HEAD } from './color-scheme.ts';
import { checkIslands } from './island-checks.ts';
import { layoutContent } from './page-content.ts';

export interface RenderModule {
  layouts: Record<string, ComponentType<LayoutProps>>;
  /** Each layout's file, relative to the project's root. */
  layoutFiles?: Record<string, string>;
  /** The theme's layouts, when no theme component is replaced: known to place their content (not watched). */
  trustedLayouts?: string[];
  pages: Record<string, { file: string; module: { default?: ComponentType<PageContext>; meta?: Record<string, unknown> } }>;
  /** The theme's pages the plan routes (`sitegen:blog-list`), apart from the site's. */
  themePages?: Record<string, { file: string; module: { default?: ComponentType<PageContext> } }>;
  renderToString(node: ReactNode): string;
  createElement(type: unknown, props?: unknown, ...children: unknown[]): ReactNode;
  Fragment: unknown;
  /** The components markdown may use, by name (render/components.ts renders them). */
  markdownComponents?: Record<string, ComponentType<never>>;
  /** The context `<Island>` records its instances in (templates/components/islands-context.ts). */
  IslandsContext: Context<IslandInstance[] | undefined>;
  /** The page's UI strings, and how to make them from a table (templates/i18n/strings.ts). */
  StringsContext?: Context<Strings>;
  createStrings?: (locale: string, table?: StringTable) => Strings;
}

/**
 * The compiled template bundle, imported. Code at the top level of a layout, page or component runs now: what it
 * throws fails the build as the templates' error (SG4002), not as a crash.
 */
export function importTemplates(file: string): Promise<RenderModule> {
  return (import(pathToFileURL(file).href) as Promise<RenderModule>).catch((error: unknown) => {
    throw new SitegenError('SG4002', `The templates threw while loading: ${(error as Error)?.message ?? String(error)}`, {
      hint: 'Code at the top level of a layout, page or component (outside its function) runs when the templates load: fix what it throws, or move it into the component.',
      cause: error,
    });
  });
}

const HREF = /<a\s[^>]*?href="([^"]*)"/g;
const ISLAND = /data-island="([A-Za-z0-9_-]+)"/g;

/** Point each island at its chunk: `data-island="X"` gains `data-island-src`. */
function linkIslands(body: string, urls: Record<string, string>): string {
  if (!body.includes('data-island="')) return body;
  return body.replace(ISLAND, (match, name: string) => (urls[name] ? `${match} data-island-src="${urls[name]}"` : match));
}

/** `__island/<Name>_<hash>.json` for every island instance: `{ id, html, head, props }`, its links under the base as on the page. */
function islandPayloads(mod: RenderModule, instances: IslandInstance[], base: string): RenderedPage['islands'] {
  return instances.map(({ name, props, component }) => {
    const json = JSON.stringify(props);
    const id = `${name}_${hashText(json).slice(0, 10)}`;
    const html = withBase(mod.renderToString(mod.createElement(component, props)), base);
    return { file: `__island/${id}.json`, json: JSON.stringify({ id, html, head: [], props }) };
  });
}
const ID = /\sid="([^"]+)"/g;

/** An attribute's value as written in the HTML, its character references decoded (most have none). */
function decodeEntities(value: string): string {
  if (!value.includes('&')) return value;
  return value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

export function extractLinks(html: string): { links: string[]; ids: string[] } {
  const links = new Set<string>();
  const ids: string[] = [];
  let m: RegExpExecArray | null;
  HREF.lastIndex = 0;
  while ((m = HREF.exec(html))) links.add(decodeEntities(m[1]));
  ID.lastIndex = 0;
  while ((m = ID.exec(html))) ids.push(decodeEntities(m[1]));
  return { links: [...links], ids };
}

/** The collections behind a proxy that notes which ones the page's components read. */
function tracked(shared: Pick<SharedRenderData, SiteCollection>): { values: Pick<SharedRenderData, SiteCollection>; uses: Set<SiteCollection> } {
  const uses = new Set<SiteCollection>();
  const values = {} as Pick<SharedRenderData, SiteCollection>;
  for (const name of SITE_COLLECTIONS) {
    const target = shared[name] as object[];
    const note = () => uses.add(name);
    (values as Record<string, unknown>)[name] = new Proxy(target, {
      get: (t, key, receiver) => (note(), Reflect.get(t, key, receiver)),
      has: (t, key) => (note(), Reflect.has(t, key)),
      ownKeys: (t) => (note(), Reflect.ownKeys(t)),
      getOwnPropertyDescriptor: (t, key) => (note(), Reflect.getOwnPropertyDescriptor(t, key)),
    });
  }
  return { values, uses };
}

const NO_IMAGES = { publicDir: '', files: {} };

/** The page that failed to render: no HTML, and the problem (a thrown SitegenError as is, anything else as SG4001 with `hint`). */
function failedPage(job: RenderJob, error: unknown, hint: string): RenderedPage {
  const err =
    error instanceof SitegenError
      ? error
      : new SitegenError('SG4001', `${job.path} failed to render: ${(error as Error)?.message ?? String(error)}`, {
          location: { file: job.page.source },
          hint,
        });
  if (!(error instanceof SitegenError)) err.stack = (error as Error)?.stack;
  return { path: job.path, status: job.status, html: '', payload: '', links: [], ids: [], islands: [], error: err.toJSON() };
}

/** A document's body and front matter with links to source files and images pointing at their output. */
function withOutputLinks(shared: SharedRenderData, job: RenderJob): RenderJob {
  if (job.links && job.page.kind === 'document') job = { ...job, page: { ...job.page, html: rewriteSourceLinks(job.page.html, job.links) } };
  if (shared.images && job.page.kind === 'document') {
    job = {
      ...job,
      page: {
        ...job.page,
        html: rewriteImages(job.page.html, job.page.source, shared.images),
        frontmatter: rewriteImageFields(job.page.frontmatter, job.page.source, shared.images),
      },
    };
  }
  return job;
}

/** The layout's HTML as rendered (`rawBody`, links without the base) and as served, with its islands' payloads. */
interface RenderedBody {
  rawBody: string;
  body: string;
  islands: RenderedPage['islands'];
}

/** Render the layout (and the route's page component) into the body; what a component threw comes back as `error`. */
async function renderLayout(
  mod: RenderModule,
  shared: SharedRenderData,
  job: RenderJob,
  ctx: PageContext,
  loadLanguage?: (name: string) => Promise<void>,
  strings?: Strings,
): Promise<RenderedBody | { error: unknown }> {
  const Layout = mod.layouts[job.layout];
  const instances: IslandInstance[] = [];
  for (let attempt = 0; ; attempt++) {
    try {
      if (!Layout) throw new Error(`layout "${job.layout}" is not in the template bundle`);
      const content = layoutContent(mod, job, ctx);
      // Islands record themselves in the context the render entry provides: no global state.
      // And the page's UI strings are in the context components read them from.
      const layout = mod.createElement(Layout, content.ctx, content.children);
      const page = strings && mod.StringsContext ? mod.createElement(mod.StringsContext.Provider, { value: strings }, layout) : layout;
      const layoutHtml = mod.renderToString(mod.createElement(mod.IslandsContext.Provider, { value: instances }, page));
      const missing = content.leftOut();
      if (missing) throw missing;
      // The components markdown used (in the body, or in excerpts a listing shows).
      const expanded = expandComponents(mod, layoutHtml, instances, strings);
      // What `<Image>` rendered, in a page, a layout or markdown, becomes its `<picture>` (or a plain `<img>`).
      const rawBody = expanded.includes(IMAGE_MARKER) ? rewriteImages(expanded, job.page.source, shared.images ?? NO_IMAGES, true) : expanded;
      if (instances.length) checkIslands(instances, shared.islands, job.path, job.page.source);
      const body = linkIslands(withBase(rawBody, shared.site.base), shared.islands);
      return { rawBody, body, islands: islandPayloads(mod, instances, shared.site.base) };
    } catch (error) {
      // A code block needs a grammar this worker has not loaded yet: load it and render again.
      const language = (error as { missingLanguage?: string } | null)?.missingLanguage;
      if (language && loadLanguage && attempt < 50) {
        instances.length = 0;
        await loadLanguage(language);
        continue;
      }
      return { error };
    }
  }
}

/** The page's strings: its locale's table, else the default locale's (one object per table and locale). */
function pageStrings(mod: RenderModule, shared: SharedRenderData, locale: string): Strings | undefined {
  const table = shared.strings?.[locale] ?? shared.strings?.[shared.site.defaultLocale];
  return table && mod.createStrings ? mod.createStrings(locale, table) : undefined;
}

const CLASS = /\bclass="([^"]*)"/g;

/**
 * Per list of on-demand sheets (one a build; dev's model makes a new list when they change): the class names their
 * selectors name, and each class attribute's value seen so far with those of its names. Most values recur on every
 * page (the theme's header, sidebar and footer), so each is split once.
 */
const sheetClasses = new WeakMap<SharedRenderData['pageCss'], { named: Set<string>; values: Map<string, string[]> }>();

/** The classes of `html`'s elements that a selector of `pageCss` names. */
function classesIn(html: string, pageCss: SharedRenderData['pageCss']): Set<string> {
  let known = sheetClasses.get(pageCss);
  if (!known) {
    known = { named: new Set(pageCss.flatMap((sheet) => sheet.selectors.flat())), values: new Map() };
    sheetClasses.set(pageCss, known);
  }
  const { named, values } = known;
  const classes = new Set<string>();
  CLASS.lastIndex = 0;
  for (let m = CLASS.exec(html); m; m = CLASS.exec(html)) {
    let names = values.get(m[1]);
    if (!names) {
      names = m[1].split(/\s+/).filter((name) => named.has(name));
      // Bounded: a site whose class values are all different (generated ones) would only fill it.
      if (values.size >= 20_000) values.clear();
      values.set(m[1], names);
    }
    for (const name of names) classes.add(name);
  }
  return classes;
}

/** The whole HTML document around the rendered body. */
function documentHtml(shared: SharedRenderData, job: RenderJob, page: PageHookContext['page'], head: PageHookContext['head'], body: string): string {
  return `<!doctype html>
<html lang="${escapeHtml(page.locale)}" dir="${page.dir === 'rtl' ? 'rtl' : 'ltr'}" data-assets="${shared.assets}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${COLOR_SCHEME_HEAD}
${renderHeadTags(head, shared.headHtml)}
</head>
<body>
<div id="__sitegen" data-layout="${job.layout}"${job.status !== 200 ? ` data-status="${job.status}"` : ''}${page.draft ? ' data-draft' : ''}>${body}</div>
${shared.bodyEndHtml}
</body>
</html>
`;
}

/** Render one route; plugins' `page:data` may change the page and head first, and `page:html` the finished document. */
export async function renderPage(
  mod: RenderModule,
  shared: SharedRenderData,
  job: RenderJob,
  hooks?: HookRunner,
  loadLanguage?: (name: string) => Promise<void>,
): Promise<RenderedPage> {
  job = withOutputLinks(shared, job);
  // A page in another locale than the default renders with its locale's site and collections; one in an older
  // version of the docs with its locale's site for that version.
  const local = shared.locales?.[job.page.locale];
  const site = (job.page.version && (local ?? shared).versions?.[job.page.version]) || (local?.site ?? shared.site);
  const hookContext: PageHookContext = {
    page: job.page,
    head: buildHead(site, job.page, job.status),
    site,
    authors: shared.authors,
    status: job.status,
    dev: !!shared.dev,
    settings: shared.settings,
  };
  if (hooks?.has('page:data')) {
    try {
      await hooks.run('page:data', () => [hookContext], { file: job.page.source });
    } catch (error) {
      return failedPage(job, error, '');
    }
  }
  const page = hookContext.page;
  const head = hookContext.head;
  head.tags = tagsWithBase(head.tags, shared.site.base);
  const scoped = scopedCollections(shared, job.page);
  const collections = tracked(scoped);
  const ctx: PageContext = {
    site,
    page,
    nav: collections.values.nav,
    posts: collections.values.posts,
    authors: shared.authors,
    prev: job.prev,
    next: job.next,
    related: job.related,
    ...(job.params ? { params: job.params } : {}),
    // A listing's cards come from the posts without using them: its key covers its own cards alone.
    ...(job.props ? { props: withCards(job.pageRoute, job.props, scoped.posts) } : {}),
  };
  const strings = pageStrings(mod, shared, page.locale);
  const rendered = await renderLayout(mod, shared, job, ctx, loadLanguage, strings);
  if ('error' in rendered) {
    return failedPage(job, rendered.error, `The error was thrown by a component while rendering the "${job.layout}" layout. Run with --debug for the stack.`);
  }
  const { rawBody, islands } = rendered;
  // The strings the browser shows (copy button, search, preview), when the page's language has its own.
  const body = rendered.body + pageStringsHtml(shared.strings[page.locale]);
  // KaTeX's stylesheet, for the pages that show math (a document's, or an excerpt's in a listing).
  if (shared.mathCss && rawBody.includes('<span class="katex">')) head.tags.push({ tag: 'link', attrs: { rel: 'stylesheet', href: shared.mathCss } });
  // The on-demand stylesheets (the markdown extensions', the API reference's …), for the pages one of their rules may match.
  if (shared.pageCss.length) {
    const classes = classesIn(rawBody, shared.pageCss);
    for (const sheet of shared.pageCss) {
      if (sheet.selectors.some((names) => names.every((name) => classes.has(name))))
        head.tags.push({ tag: 'link', attrs: { rel: 'stylesheet', href: sheet.href } });
    }
  }
  let html = documentHtml(shared, job, page, head, body);
  if (hooks?.has('page:html')) {
    try {
      html = (await hooks.run('page:html', (previous) => [typeof previous === 'string' ? previous : html, hookContext], { file: page.source })) ?? html;
    } catch (error) {
      return failedPage(job, error, '');
    }
  }
  const payload: Payload = {
    path: job.path,
    title: head.title,
    head,
    layout: job.layout,
    html: body,
    assets: shared.assets,
    status: job.status,
    lang: page.locale,
    dir: page.dir,
  };
  // Links as written (without the base): the link checks compare them with routes.
  const { links, ids } = extractLinks(rawBody);
  const noindex = head.tags.some((t) => t.attrs.name === 'robots' && t.attrs.content.includes('noindex'));
  const summary = {
    title: page.title,
    description: page.description,
    layout: job.layout,
    date: page.date,
    updated: page.updated,
    indexable: !noindex,
    ...(page.translations ? { translations: page.translations } : {}),
    ...(page.version ? { version: page.version } : {}),
    ...(page.versions ? { versions: page.versions } : {}),
  };
  return { path: job.path, status: job.status, html, payload: JSON.stringify(payload), links, ids, islands, summary, uses: [...collections.uses].sort() };
}
