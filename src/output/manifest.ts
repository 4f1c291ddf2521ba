/** Build manifests, redirects and the prerendered content API. */
import { createHash } from 'node:crypto';
import { unsafeRedirect, type RouteMatcher, type Redirect } from '../routes/rules.ts';
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
    // The plan refused these already (SG3006); a line is never written for one that slipped by.
    if (seen.has(from) || unsafeRedirect(to) || /[\s\u0000-\u001f]/.test(from)) return;
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
  // A pattern sent to another site is not expanded into routes; hosts read whole-segment `:name` parameters as sitegen
  // does (`/v0/:slug https://old.example.com/:slug 301`). One they would read otherwise (`:slug.html`, `*`) is left to
  // `sitegen preview` and the runtime, which apply every rule.
  for (const [pattern, rule] of Object.entries(matcher.dynamic)) {
    if (!rule.redirect || !/^https?:\/\//i.test(rule.redirect.to) || rule.redirect.to.includes('*')) continue;
    if (pattern.split('/').every((segment) => !/[*:]/.test(segment) || /^:[A-Za-z_]\w*$/.test(segment)))
      add(pattern, rule.redirect.to, rule.redirect.statusCode);
  }
  return lines.length ? `${lines.join('\n')}\n` : '';
}

// The content API's query keys, shared with the dev server and the runtime.
export { NAVIGATION_KEY, POSTS_QUERY_KEY, documentQueryKey, localeNavigationKey } from '../content/query-key.ts';

/** The runtime's `queryHash` (SHA-256 written in JavaScript for the browser) by Node's own SHA-256: same digits, far faster. */
export const queryHash = (params: string): string => createHash('sha256').update(params).digest('hex').slice(0, 12);
