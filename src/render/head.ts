/** The <head> every page gets by default; the SEO plugin extends it. */
import type { PageData, SiteInfo } from '../../templates/types.ts';
import { escapeHtml } from '../html.ts';
import type { HeadData, HeadTag } from '../plugins/types.ts';

export type { HeadData, HeadTag };

/** `{page} {separator} {site}`; docs pages add their section (`Tunnels · Guide · Ferrygate`) to stay distinguishable in tabs. */
export function pageTitle(title: string, site: { name: string; separator: string }, section?: string): string {
  const page = title.trim();
  if (!page || page === site.name) return site.name;
  if (page.startsWith(site.name)) return page;
  const sep = site.separator.trim();
  return [page, section && section !== page ? section : '', site.name].filter(Boolean).join(sep ? ` ${sep} ` : ' ');
}

/** The docs section a path belongs to, from the theme's docsSections: `/v1/guide/tunnels` → `Guide`. */
export function docsSection(site: SiteInfo, path: string): string | undefined {
  const root = `/${site.theme.docsRoot.replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/');
  if (!path.startsWith(root)) return undefined;
  const dir = path.slice(root.length).split('/')[0];
  return site.theme.docsSections.find((s) => s.dir === dir)?.title;
}

/** The canonical URL of a path, keeping only whitelisted query parameters (sorted). */
export function canonicalUrl(site: { url: string; trailingSlash?: boolean }, path: string, query = '', whitelist: string[] = []): string {
  // Characters a URL may not hold as they are (a page file named `About Us.tsx`) are percent-encoded; letters of any script stay.
  let clean = path.replace(/[\s"<>\\^`{|}]/g, encodeURIComponent);
  if (!clean.endsWith('.html') && clean !== '/') clean = site.trailingSlash ? `${clean.replace(/\/$/, '')}/` : clean.replace(/\/$/, '');
  if (!query) return `${site.url}${clean}`;
  const params = new URLSearchParams(query);
  const kept = new URLSearchParams();
  for (const key of [...new Set(params.keys())].sort()) if (whitelist.includes(key)) for (const v of params.getAll(key)) kept.append(key, v);
  const qs = kept.toString();
  return `${site.url}${clean}${qs ? `?${qs}` : ''}`;
}

/** The head without plugins: title, description, and `noindex` on error pages. */
export function buildHead(site: SiteInfo, page: PageData, status: number): HeadData {
  const tags: HeadTag[] = [];
  const description = page.description || site.description;
  if (description) tags.push({ tag: 'meta', attrs: { name: 'description', content: description } });
  if (status !== 200) tags.push({ tag: 'meta', attrs: { name: 'robots', content: 'noindex, nofollow' } });
  return { title: page.title.trim() || site.name, tags, jsonld: [] };
}

/**
 * Set a meta/link tag, replacing one with the same key attribute (name, property or rel). Links with the same rel
 * but another `hreflang` or `type` are different links (a feed's alternate and a translation's).
 */
export function setTag(head: HeadData, tag: HeadTag['tag'], attrs: Record<string, string>): void {
  const key = attrs.name !== undefined ? 'name' : attrs.property !== undefined ? 'property' : 'rel';
  const same = (t: HeadTag) => key !== 'rel' || (t.attrs.hreflang === attrs.hreflang && t.attrs.type === attrs.type);
  const existing = head.tags.findIndex((t) => t.tag === tag && t.attrs[key] !== undefined && t.attrs[key] === attrs[key] && same(t));
  if (existing === -1) head.tags.push({ tag, attrs });
  else head.tags[existing] = { tag, attrs };
}

export function renderHeadTags(head: HeadData, siteHead = ''): string {
  const html = ({ tag, attrs }: HeadData['tags'][number]) =>
    `<${tag} ${Object.entries(attrs)
      .map(([k, v]) => `${k}="${escapeHtml(v)}"`)
      .join(' ')} data-h>`;
  // JSON-LD: `<` is escaped so no string can close the script element.
  const ld = head.jsonld.map((json) => `<script type="application/ld+json" data-h>${json.replace(/</g, '\\u003c')}</script>`);
  // A page's own stylesheets come after the site's, so their rules win over the site's at equal specificity.
  const sheets = head.tags.filter(isStylesheet);
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    ...head.tags.filter((tag) => !isStylesheet(tag)).map(html),
    ...ld,
    ...(siteHead ? [siteHead] : []),
    ...sheets.map(html),
  ].join('\n');
}

function isStylesheet({ tag, attrs }: HeadData['tags'][number]): boolean {
  return tag === 'link' && attrs.rel === 'stylesheet';
}
