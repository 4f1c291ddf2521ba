/** The route table: React pages and content documents, each path claimed once. */
import type { LayoutName, PageData } from '../../templates/types.ts';
import { SitegenError } from '../errors.ts';
import type { ContentDocument } from '../content/types.ts';
import { RESERVED_ROUTE_HINT, isRoutable, normalizeRoutePath, reservedRoute } from '../content/paths.ts';
import { isNotFoundPath, pageLanguage, type Languages } from '../site/locales.ts';
import { isScheduled } from '../site/schedule.ts';
import { editDistance } from '../edit-distance.ts';

export interface PageModuleInfo {
  route: string;
  file: string;
  meta: Record<string, unknown>;
  /** A route from a module's `paths()`: the module's own route (`/blog/tags/[tag]`), and the entry's params and props. */
  pattern?: string;
  params?: Record<string, string>;
  props?: Record<string, unknown>;
}

export interface Route {
  path: string;
  source: string;
  status: number;
  layout: string;
  page: PageData;
  /** The React page rendered into the layout. */
  pageRoute?: string;
  /** A route from a page module's `paths()`: the entry's params and props (routes/dynamic.ts). */
  params?: Record<string, string>;
  props?: Record<string, unknown>;
  middleware: string[];
  doc?: ContentDocument;
  /** A route middleware rejected the route: it renders the not-found page. */
  rejected?: boolean;
  /** The document's relative links as written → the hrefs its page gets. */
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
 * A document's layout when it names none: `post` for posts, `doc` under the docs root (all of them when it is `''`;
 * under any of them when there are several: the docs' versions), else `content`.
 */
export function defaultLayout(doc: ContentDocument, docsRoot: string | string[], site?: Languages): LayoutName {
  if (doc.isPost) return 'post';
  // Another locale's docs root is in its folder: ja/<docsRoot>.
  const stem = site && doc._locale && doc._locale !== site.defaultLocale ? doc._stem.replace(`${doc._locale}/`, '') : doc._stem;
  for (const dir of typeof docsRoot === 'string' ? [docsRoot] : docsRoot) {
    const root = dir.replace(/^\/+|\/+$/g, '');
    if (!root || stem === root || stem.startsWith(`${root}/`)) return 'doc';
  }
  return 'content';
}

/** `scheduledAfter`: a post dated after it is marked as scheduled (a build with future posts, and dev). */
export function documentPageData(doc: ContentDocument, layout: string, site: Languages, scheduledAfter?: number): PageData {
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
    ...(scheduledAfter !== undefined && isScheduled(doc, scheduledAfter) ? { scheduled: true } : {}),
    source: doc._source,
    ...pageLanguage(doc._path, site, doc._locale),
  };
}

export function modulePageData(info: PageModuleInfo, site: Languages): PageData {
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
    ...pageLanguage(info.route, site),
  };
}

export interface RouteOptions {
  /** The docs root, or the docs' versions' folders. */
  docsRoot: string | string[];
  /** The site's languages: each page's locale and direction. */
  site: Languages;
  layouts: string[];
  drafts: boolean;
  /** The build's "now" when it builds future posts: those dated after it are marked as scheduled. */
  scheduledAfter?: number;
  /** More files the site's plugins write at fixed places (a feed moved by its options). */
  reservedFiles?: string[];
}

/** Adds pages and documents to a route table, each path claimed once, with the problems found on the way. */
class RouteTableBuilder {
  readonly table: RouteTable = { routes: [], redirects: [], errors: [], skipped: [] };
  /** Normalized path → the source that claimed it. */
  private readonly claimed = new Map<string, string>();
  /** Lower-cased path → the path and source that claimed it: two routes one folder on a case-insensitive disk. */
  private readonly folded = new Map<string, [string, string]>();

  constructor(private readonly options: RouteOptions) {}

  /** `quiet`: a route already claimed is left to its owner without a problem (the theme's blog pages). */
  addPage(info: PageModuleInfo, quiet = false): void {
    if (quiet && this.claimed.has(normalizeRoutePath(info.route))) return;
    const data = modulePageData(info, this.options.site);
    const layout = this.pageLayout(data.layout, info.file);
    if (this.reserved(info.route, info.file) || layout === undefined || !this.claim(info.route, info.file)) return;
    const page = layout === data.layout ? data : { ...data, layout };
    const middleware = Array.isArray(info.meta.middleware) ? info.meta.middleware.map(String) : [];
    this.table.routes.push({
      path: info.route,
      source: info.file,
      status: isNotFoundPath(info.route, this.options.site) ? 404 : 200,
      layout: page.layout,
      page,
      pageRoute: info.pattern ?? info.route,
      middleware,
      ...(info.params ? { params: info.params } : {}),
      ...(info.props ? { props: info.props } : {}),
    });
  }

  addDocument(doc: ContentDocument): void {
    if (!isRoutable(doc) || (doc.draft && !this.options.drafts) || this.reserved(doc._path, doc._source)) return;
    if (doc.redirect) {
      if (this.claim(doc._path, doc._source)) this.table.redirects.push({ from: doc._path, to: doc.redirect, source: doc._source });
      return;
    }
    const layout = this.documentLayout(doc);
    if (layout === undefined || !this.claim(doc._path, doc._source)) {
      this.table.skipped.push(doc._path);
      return;
    }
    this.table.routes.push({
      path: doc._path,
      source: doc._source,
      status: 200,
      layout,
      page: documentPageData(doc, layout, this.options.site, this.options.scheduledAfter),
      middleware: doc.middleware,
      doc,
    });
  }

  /** An unknown layout is a problem (SG2003), never a dropped page: it renders with the fallback (undefined if the theme has none). */
  private documentLayout(doc: ContentDocument): string | undefined {
    const { layouts, docsRoot } = this.options;
    const layout = doc.layout ?? defaultLayout(doc, docsRoot, this.options.site);
    if (layouts.includes(layout)) return layout;
    const instead = [defaultLayout(doc, docsRoot, this.options.site), 'default', ...layouts].find((name) => layouts.includes(name));
    this.table.errors.push(this.unknownLayout(layout, { file: doc._source, ...(doc.layoutLine ? { line: doc.layoutLine } : {}) }, instead));
    return instead;
  }

  private claim(path: string, source: string): boolean {
    const key = normalizeRoutePath(path);
    const other = this.claimed.get(key);
    if (other !== undefined) {
      this.table.errors.push(
        new SitegenError('SG3001', `Route ${path} is claimed by both ${other} and ${source}`, {
          location: { file: source },
          hint: 'Rename or move one of the files, or give one a different `path:`/slug in its front matter.',
        }),
      );
      return false;
    }
    const same = this.folded.get(key.toLowerCase());
    if (same) {
      this.table.errors.push(
        new SitegenError('SG3001', `Routes ${same[0]} (${same[1]}) and ${key} (${source}) differ only in case`, {
          location: { file: source },
          hint: 'On a disk that ignores case (macOS, Windows) they are one folder, and one page would replace the other: give them routes that differ in more than case.',
        }),
      );
      return false;
    }
    this.claimed.set(key, source);
    this.folded.set(key.toLowerCase(), [key, source]);
    return true;
  }

  /** A route where sitegen writes its own files would break the output. */
  private reserved(path: string, source: string): boolean {
    const reason = reservedRoute(path, this.options.reservedFiles);
    if (!reason) return false;
    this.table.errors.push(new SitegenError('SG3007', `Route ${path} is reserved: ${reason}`, { location: { file: source }, hint: RESERVED_ROUTE_HINT }));
    return true;
  }

  private unknownLayout(layout: string, location: { file: string; line?: number }, instead?: string): SitegenError {
    const meant = closestLayout(layout, this.options.layouts);
    return new SitegenError('SG2003', `Unknown layout "${layout}"${instead ? `: the page is shown with the "${instead}" layout until this is fixed` : ''}`, {
      location,
      hint: `${meant ? `Did you mean "${meant}"? ` : ''}Use one of: ${this.options.layouts.join(', ')}. (With checks.layouts set to 'warn', the page builds with the fallback layout meanwhile.)`,
    });
  }

  /** A page module's layout; an unknown one is a problem (SG2003) and the page renders with `default`, as a document does with its fallback. */
  private pageLayout(layout: string, source: string): string | undefined {
    const { layouts } = this.options;
    if (layouts.includes(layout)) return layout;
    const instead = ['default', ...layouts].find((name) => layouts.includes(name));
    this.table.errors.push(this.unknownLayout(layout, { file: source }, instead));
    return instead;
  }
}

/** The known layout an unknown name most likely meant: the same letters in another case, or one or two edits away. */
function closestLayout(layout: string, layouts: string[]): string | undefined {
  const folded = layouts.find((name) => name.toLowerCase() === layout.toLowerCase());
  if (folded) return folded;
  const near = layouts.map((name) => ({ name, d: editDistance(layout.toLowerCase(), name, 3) })).filter(({ d }) => d <= 2);
  return near.sort((a, b) => a.d - b.d)[0]?.name;
}

/** `theme`: pages the theme adds where neither a page nor a document claimed the route (the blog's listings). */
export function buildRouteTable(pages: PageModuleInfo[], docs: ContentDocument[], options: RouteOptions, theme: PageModuleInfo[] = []): RouteTable {
  const builder = new RouteTableBuilder(options);
  for (const info of pages) builder.addPage(info);
  for (const doc of docs) builder.addDocument(doc);
  for (const info of theme) builder.addPage(info, true);
  return builder.table;
}
