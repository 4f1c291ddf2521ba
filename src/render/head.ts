/**
 * The <head> of a page: title, description, canonical URL, social cards.
 * The SEO plugin extends this; these are the defaults every page gets.
 */
import type { PageData, SiteInfo } from '../../templates/types.ts';
import { escapeHtml } from '../markdown/highlight.ts';

export interface HeadTag {
  tag: 'meta' | 'link';
  attrs: Record<string, string>;
}

export interface HeadData {
  title: string;
  tags: HeadTag[];
  /** JSON-LD blocks (already JSON strings). */
  jsonld: string[];
}

/**
 * `{page} {separator} {site}`; a separator with nothing on one side is dropped. Docs pages add
 * their section (`Tunnels · Guide · Ferrygate`), so a guide page and a marketing page of the
 * same name stay distinguishable in tabs and search results.
 */
export function pageTitle(title: string, site: { name: string; separator: string }, section?: string): string {
  const page = title.trim();
  if (!page || page === site.name) return site.name;
  if (page.startsWith(site.name)) return page;
  const sep = site.separator.trim();
  return [page, section && section !== page ? section : '', site.name].filter(Boolean).join(sep ? ` ${sep} ` : ' ');
}

/** The docs section a path belongs to, from the theme's docsSections: `/v1/guide/tunnels` → `Guide`. */
export function docsSection(site: SiteInfo, path: string): string | undefined {
  const root = `/${site.theme.docsRoot}/`;
  if (!path.startsWith(root)) return undefined;
  const dir = path.slice(root.length).split('/')[0];
  return site.theme.docsSections.find((s) => s.dir === dir)?.title;
}

/** The canonical URL of a path, keeping only whitelisted query parameters (sorted). */
export function canonicalUrl(site: { url: string; trailingSlash?: boolean }, path: string, query = '', whitelist: string[] = []): string {
  let clean = path;
  if (!clean.endsWith('.html') && clean !== '/') clean = site.trailingSlash ? `${clean.replace(/\/$/, '')}/` : clean.replace(/\/$/, '');
  const params = new URLSearchParams(query);
  const kept = new URLSearchParams();
  for (const key of [...new Set(params.keys())].sort()) if (whitelist.includes(key)) for (const v of params.getAll(key)) kept.append(key, v);
  const qs = kept.toString();
  return `${site.url}${clean}${qs ? `?${qs}` : ''}`;
}

export interface HeadOptions {
  indexable: boolean;
  trailingSlash: boolean;
  status: number;
}

export function buildHead(site: SiteInfo, page: PageData, options: HeadOptions): HeadData {
  const title = pageTitle(page.title, site, page.layout === 'doc' ? docsSection(site, page.path) : undefined);
  const url = canonicalUrl({ url: site.url, trailingSlash: options.trailingSlash }, page.path);
  const description = page.description || site.description;
  const tags: HeadTag[] = [];
  if (description) tags.push({ tag: 'meta', attrs: { name: 'description', content: description } });
  if (!options.indexable || options.status !== 200 || page.frontmatter.index === false || page.draft) {
    tags.push({ tag: 'meta', attrs: { name: 'robots', content: 'noindex, nofollow' } });
  }
  if (options.status === 200) tags.push({ tag: 'link', attrs: { rel: 'canonical', href: url } });
  const isPost = page.layout === 'post';
  tags.push(
    { tag: 'meta', attrs: { property: 'og:type', content: isPost ? 'article' : 'website' } },
    { tag: 'meta', attrs: { property: 'og:site_name', content: site.name } },
    { tag: 'meta', attrs: { property: 'og:title', content: page.title || site.name } },
    { tag: 'meta', attrs: { property: 'og:url', content: url } },
  );
  if (description) tags.push({ tag: 'meta', attrs: { property: 'og:description', content: description } });
  tags.push({ tag: 'meta', attrs: { name: 'twitter:card', content: 'summary' } });
  if (site.twitter) tags.push({ tag: 'meta', attrs: { name: 'twitter:site', content: site.twitter } });
  if (isPost && page.date) tags.push({ tag: 'meta', attrs: { property: 'article:published_time', content: page.date } });
  return { title, tags, jsonld: [] };
}

export function renderHeadTags(head: HeadData): string {
  const tags = head.tags.map(({ tag, attrs }) => `<${tag} ${Object.entries(attrs).map(([k, v]) => `${k}="${escapeHtml(v)}"`).join(' ')} data-h>`);
  // JSON-LD: `<` is escaped so no string can close the script element.
  const ld = head.jsonld.map((json) => `<script type="application/ld+json" data-h>${json.replace(/</g, '\\u003c')}</script>`);
  return [`<title>${escapeHtml(head.title)}</title>`, ...tags, ...ld].join('\n');
}
