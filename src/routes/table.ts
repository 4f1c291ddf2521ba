/**
 * The route table: React pages and content documents, each path claimed once.
 */
import type { LayoutName, PageData } from '../../templates/types.ts';
import { SitegenError } from '../errors.ts';
import type { ContentDocument } from '../content/types.ts';
import { isRoutable } from '../site/collections.ts';
import { RESERVED_ROUTE_HINT, normalizeRoutePath, reservedRoute } from '../content/paths.ts';

export interface PageModuleInfo {
  route: string;
  file: string;
  meta: Record<string, unknown>;
}

export interface Route {
  path: string;
  source: string;
  status: number;
  layout: string;
  page: PageData;
  /** The React page rendered into the layout. */
  pageRoute?: string;
  middleware: string[];
  doc?: ContentDocument;
  /** A route middleware rejected the route: it renders the not-found page. */
  rejected?: boolean;
  /** The document's relative links as written → the hrefs its page gets (content/source-links.ts). */
  links?: Record<string, string>;
}

export interface DocRedirect {
  from: string;
  to: string;
  source: string;
}

export interface RouteTable {
  routes: Route[];
  redirects: DocRedirect[];
  errors: SitegenError[];
  /** Routes left out because of a problem (a duplicate): still valid link targets. */
  skipped: string[];
}

const str = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback);

/**
 * A document's layout when it names none: posts get `post`; documents under the docs root get
 * `doc` (every document, when the docs root is the content folder itself: `docsRoot: ''`).
 */
export function defaultLayout(doc: ContentDocument, docsRoot: string): LayoutName {
  if (doc.isPost) return 'post';
  const root = docsRoot.replace(/^\/+|\/+$/g, '');
  if (!root || doc._stem === root || doc._stem.startsWith(`${root}/`)) return 'doc';
  return 'content';
}

export function documentPageData(doc: ContentDocument, layout: string): PageData {
  return {
    kind: 'document',
    path: doc._path,
    title: doc.title,
    description: doc.description,
    layout: layout as LayoutName,
    frontmatter: doc.frontmatter,
    html: doc.body?.html ?? '',
    toc: doc.body?.toc.links ?? [],
    date: doc.date,
    updated: doc.updated,
    readingTime: doc.readingTime,
    wordCount: doc.wordCount,
    draft: doc.draft,
    source: doc._source,
  };
}

export function modulePageData(info: PageModuleInfo): PageData {
  const layout = str(info.meta.layout, 'default') as LayoutName;
  return {
    kind: 'page',
    path: info.route,
    title: str(info.meta.title),
    description: str(info.meta.description),
    layout,
    frontmatter: info.meta,
    html: '',
    toc: [],
    readingTime: 0,
    wordCount: 0,
    draft: false,
    source: info.file,
  };
}

export interface RouteOptions {
  docsRoot: string;
  layouts: string[];
  drafts: boolean;
  /** More files the site's plugins write at fixed places (a feed moved by its options). */
  reservedFiles?: string[];
}

export function buildRouteTable(pages: PageModuleInfo[], docs: ContentDocument[], options: RouteOptions): RouteTable {
  const errors: SitegenError[] = [];
  const claimed = new Map<string, string>();
  const routes: Route[] = [];
  const redirects: DocRedirect[] = [];
  const skipped: string[] = [];

  const claim = (path: string, source: string): boolean => {
    const key = normalizeRoutePath(path);
    const other = claimed.get(key);
    if (other !== undefined) {
      errors.push(
        new SitegenError('SG3001', `Route ${path} is claimed by both ${other} and ${source}`, {
          location: { file: source },
          hint: 'Rename or move one of the files, or give one a different `path:`/slug in its front matter.',
        }),
      );
      return false;
    }
    claimed.set(key, source);
    return true;
  };

  // A route where sitegen writes its own files (paths.ts reservedRoute) would break the output.
  const reserved = (path: string, source: string): boolean => {
    const reason = reservedRoute(path, options.reservedFiles);
    if (!reason) return false;
    errors.push(new SitegenError('SG3007', `Route ${path} is reserved: ${reason}`, { location: { file: source }, hint: RESERVED_ROUTE_HINT }));
    return true;
  };

  const unknownLayout = (layout: string, location: { file: string; line?: number }, instead?: string): SitegenError =>
    new SitegenError('SG2003', `Unknown layout "${layout}"${instead ? `: the page is shown with the "${instead}" layout until this is fixed` : ''}`, {
      location,
      hint: `Use one of: ${options.layouts.join(', ')}. (With checks.layouts set to 'warn', the page builds with the fallback layout meanwhile.)`,
    });

  const checkLayout = (layout: string, source: string): boolean => {
    if (options.layouts.includes(layout)) return true;
    errors.push(unknownLayout(layout, { file: source }));
    return false;
  };

  for (const info of pages) {
    const page = modulePageData(info);
    if (reserved(info.route, info.file) || !checkLayout(page.layout, info.file) || !claim(info.route, info.file)) continue;
    const middleware = Array.isArray(info.meta.middleware) ? info.meta.middleware.map(String) : [];
    routes.push({
      path: info.route,
      source: info.file,
      status: info.route === '/404' ? 404 : 200,
      layout: page.layout,
      page,
      pageRoute: info.route,
      middleware,
    });
  }

  for (const doc of docs) {
    if (!isRoutable(doc) || (doc.draft && !options.drafts) || reserved(doc._path, doc._source)) continue;
    if (doc.redirect) {
      if (claim(doc._path, doc._source)) redirects.push({ from: doc._path, to: doc.redirect, source: doc._source });
      continue;
    }
    // A layout the theme does not have is a problem (SG2003, at its check's level); the page is never
    // dropped for it: it renders with the layout it would have without `layout:`.
    let layout = doc.layout ?? defaultLayout(doc, options.docsRoot);
    if (!options.layouts.includes(layout)) {
      const instead = [defaultLayout(doc, options.docsRoot), 'default', ...options.layouts].find((name) => options.layouts.includes(name));
      errors.push(unknownLayout(layout, { file: doc._source, ...(doc.layoutLine ? { line: doc.layoutLine } : {}) }, instead));
      if (!instead) {
        skipped.push(doc._path);
        continue;
      }
      layout = instead;
    }
    if (!claim(doc._path, doc._source)) {
      skipped.push(doc._path);
      continue;
    }
    routes.push({ path: doc._path, source: doc._source, status: 200, layout, page: documentPageData(doc, layout), middleware: doc.middleware, doc });
  }
  return { routes, redirects, errors, skipped };
}
