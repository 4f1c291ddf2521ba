/**
 * The content client: fetches the content API's prerendered answers by query hash, sending `_params` so `sitegen dev` can
 * answer any query. A failure or an HTML response (a host's fallback page) is null: callers keep the static page.
 */
import { NAVIGATION_KEY, localeNavigationKey, queryHash, serialiseQuery, type ContentQuery } from '../content/query-key.ts';

export interface ContentContext {
  /** The site's base path, with a trailing slash. */
  base: string;
  previewToken: string;
  /** The folders of the locales other than the default (`ja`, `zh-cn`). */
  locales?: string[];
}

async function getJson<T>(ctx: ContentContext, kind: 'query' | 'navigation', params: string): Promise<T | null> {
  const search = new URLSearchParams({ _params: params });
  if (ctx.previewToken) search.set('previewToken', ctx.previewToken);
  const path = `${ctx.base}api/_content/${kind}/${queryHash(params)}.json?${search}`;
  try {
    const res = await fetch(path);
    if (!res.ok || (res.headers.get('content-type') ?? '').includes('text/html')) return null;
    const text = await res.text();
    return /^\s*</.test(text) ? null : (JSON.parse(text) as T);
  } catch (error) {
    console.warn(`[sitegen] content query failed: ${path}`, error);
    return null;
  }
}

/** The prerendered answer to `query` (in `sitegen dev`, any query), or null. */
export function queryContent<T = unknown>(ctx: ContentContext, query: ContentQuery): Promise<T | null> {
  return getJson<T>(ctx, 'query', serialiseQuery(query));
}

/** The navigation tree (with `locale`, another locale's own), or null. */
export function fetchNavigation<T = unknown>(ctx: ContentContext, locale?: string): Promise<T | null> {
  return getJson<T>(ctx, 'navigation', locale ? localeNavigationKey(locale) : NAVIGATION_KEY);
}

export { suggestPages } from './suggest.ts';
