/**
 * Content queries from the browser: prerendered queries under api/_content, keyed by a
 * short SHA-256 of the query key (the build computes the same). A response that is an HTML
 * document (a host's fallback page) is treated as not found, never parsed as content.
 */
import { previewToken } from './preview.ts';
import { state, url } from './state.ts';

async function hash(key: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('').slice(0, 12);
}

async function getJson<T>(path: string): Promise<T | null> {
  const token = previewToken();
  const res = await fetch(url(path) + (token ? `?previewToken=${encodeURIComponent(token)}` : ''));
  if (!res.ok) return null;
  if ((res.headers.get('content-type') ?? '').includes('text/html')) return null;
  const text = await res.text();
  if (/^\s*</.test(text)) return null;
  return JSON.parse(text) as T;
}

/** A prerendered query: `doc:/path` for a document, `posts` for the blog listing. */
export async function queryContent<T = unknown>(key: string): Promise<T | null> {
  return getJson<T>(`api/_content/query/${await hash(key)}.${state.buildId}.json`);
}

export async function fetchNavigation<T = unknown>(): Promise<T | null> {
  return getJson<T>(`api/_content/navigation/${await hash('navigation')}.${state.buildId}.json`);
}
