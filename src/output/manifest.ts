/**
 * Build manifests, redirects and the prerendered content API.
 */
import { createHash } from 'node:crypto';
import type { RouteMatcher, Redirect } from '../routes/rules.ts';
import { escapeHtml } from '../html.ts';

export function latestJson(id: string, timestamp: number): string {
  return JSON.stringify({ id, timestamp });
}

export function metaJson(id: string, timestamp: number, matcher: RouteMatcher, prerendered: string[]): string {
  return JSON.stringify({ id, timestamp, matcher, prerendered });
}

/** A tiny page that sends browsers and crawlers on: meta refresh, canonical, and a link. */
export function redirectHtml(to: string, absoluteTo: string): string {
  const href = escapeHtml(to);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Redirecting to ${href}</title>
<meta http-equiv="refresh" content="0; url=${href}">
<meta name="robots" content="noindex">
<link rel="canonical" href="${escapeHtml(absoluteTo)}">
</head><body><p>This page has moved to <a href="${href}">${href}</a>.</p></body></html>
`;
}

/** Netlify/Cloudflare-style `_redirects`: `from to status`, wildcards as `*` and `:splat`. */
export function redirectsFile(matcher: RouteMatcher, concrete: Map<string, Redirect>, base = ''): string {
  const lines: string[] = [];
  const seen = new Set<string>();
  const add = (from: string, to: string, status: number) => {
    if (seen.has(from)) return;
    seen.add(from);
    lines.push(`${base}${from} ${to.startsWith('/') ? base : ''}${to} ${status}`);
  };
  for (const [from, r] of concrete) add(from, r.to, r.statusCode);
  for (const [from, rule] of Object.entries(matcher.static)) if (rule.redirect) add(from, rule.redirect.to, rule.redirect.statusCode);
  for (const [prefix, rule] of Object.entries(matcher.wildcard)) {
    if (!rule.redirect) continue;
    const to = rule.redirect.to.replace(/\*\*/g, ':splat');
    add(prefix, to.replace(':splat', ''), rule.redirect.statusCode);
    add(`${prefix === '/' ? '' : prefix}/*`, to, rule.redirect.statusCode);
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
}

/** The id of a prerendered content query: a short hash of its key. The runtime computes the same. */
export function queryHash(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 12);
}

export const documentQueryKey = (path: string) => `doc:${path}`;
export const POSTS_QUERY_KEY = 'posts';
export const NAVIGATION_KEY = 'navigation';
