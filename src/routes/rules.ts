/**
 * Route rules: patterns (`/old`, `/docs/**`, `/v1/:section/:slug.html`), their redirects,
 * and the matcher written to the build manifest.
 */
import { SitegenError } from '../errors.ts';

export interface Redirect {
  to: string;
  statusCode: 301 | 302 | 307 | 308;
}

export interface RouteRule {
  redirect?: Redirect;
  headers?: Record<string, string>;
  index?: boolean;
}

export interface RawRouteRule {
  redirect?: string | { to: string; statusCode?: number };
  headers?: Record<string, string>;
  index?: boolean;
}

/** The manifest's matcher: exact paths, `/prefix/**` rules and patterns with parameters. */
export interface RouteMatcher {
  static: Record<string, RouteRule>;
  wildcard: Record<string, RouteRule>;
  dynamic: Record<string, RouteRule>;
}

export function normalizeRule(raw: RawRouteRule): RouteRule {
  const rule: RouteRule = {};
  if (raw.redirect !== undefined) {
    rule.redirect = typeof raw.redirect === 'string'
      ? { to: raw.redirect, statusCode: 301 }
      : { to: raw.redirect.to, statusCode: (raw.redirect.statusCode ?? 301) as Redirect['statusCode'] };
  }
  if (raw.headers) rule.headers = raw.headers;
  if (raw.index !== undefined) rule.index = raw.index;
  return rule;
}

export function patternKind(pattern: string): keyof RouteMatcher {
  if (pattern.endsWith('/**') && !/[*:]/.test(pattern.slice(0, -3))) return 'wildcard';
  return /[*:]/.test(pattern) ? 'dynamic' : 'static';
}

const escapeRe = (s: string) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

/** A pattern as a regular expression with named groups (`**` captures as `_`). */
export function patternToRegExp(pattern: string): RegExp {
  let re = '';
  let i = 0;
  let star = 0;
  while (i < pattern.length) {
    if (pattern.startsWith('/**', i) && i + 3 === pattern.length) {
      re += '(?:/(?<_>.*))?';
      i += 3;
    } else if (pattern.startsWith('**', i)) {
      re += '(?<_>.+?)';
      i += 2;
    } else if (pattern[i] === '*') {
      re += `(?<s${star++}>[^/]+?)`;
      i += 1;
    } else if (pattern[i] === ':') {
      const name = /^:([A-Za-z_]\w*)/.exec(pattern.slice(i))![1];
      re += `(?<${name}>[^/]+?)`;
      i += name.length + 1;
    } else {
      re += escapeRe(pattern[i]);
      i += 1;
    }
  }
  return new RegExp(`^${re}$`);
}

/** Put captured parameters into a target: `:name`, `**` (the rest). */
export function fillTarget(target: string, groups: Record<string, string | undefined>): string {
  return target.replace(/\*\*|:([A-Za-z_]\w*)/g, (_token, name: string | undefined) => (name ? groups[name] ?? '' : groups._ ?? '')).replace(/\/{2,}/g, '/');
}

export function createMatcher(rules: Record<string, RawRouteRule>): RouteMatcher {
  const matcher: RouteMatcher = { static: {}, wildcard: {}, dynamic: {} };
  for (const [pattern, raw] of Object.entries(rules)) {
    const kind = patternKind(pattern);
    const key = kind === 'wildcard' ? pattern.slice(0, -3) || '/' : pattern;
    try {
      if (kind === 'dynamic') patternToRegExp(pattern);
    } catch (error) {
      throw new SitegenError('SG3005', `Route rule pattern ${JSON.stringify(pattern)} is invalid`, { hint: 'Use exact paths, `/prefix/**`, `*` for one segment or `:name` parameters.', cause: error });
    }
    matcher[kind][key] = normalizeRule(raw);
  }
  return matcher;
}

/** The rule for a path: exact first, then parameter patterns, then the longest wildcard prefix. */
export function matchRule(matcher: RouteMatcher, path: string): { rule: RouteRule; groups: Record<string, string | undefined> } | undefined {
  const exact = matcher.static[path];
  if (exact) return { rule: exact, groups: {} };
  for (const [pattern, rule] of Object.entries(matcher.dynamic)) {
    const m = patternToRegExp(pattern).exec(path);
    if (m) return { rule, groups: m.groups ?? {} };
  }
  let best: string | undefined;
  for (const prefix of Object.keys(matcher.wildcard)) {
    if ((path === prefix || path.startsWith(prefix === '/' ? '/' : `${prefix}/`)) && (!best || prefix.length > best.length)) best = prefix;
  }
  if (best === undefined) return undefined;
  return { rule: matcher.wildcard[best], groups: { _: path.slice(best.length + 1) } };
}

/** Where a path redirects to, if a rule says so. */
export function resolveRedirect(matcher: RouteMatcher, path: string): Redirect | undefined {
  const hit = matchRule(matcher, path);
  if (!hit?.rule.redirect) return undefined;
  return { to: fillTarget(hit.rule.redirect.to, hit.groups), statusCode: hit.rule.redirect.statusCode };
}

/**
 * Concrete redirects for dynamic rules, found by matching each rule's target against the
 * prerendered routes: `/v1/**.html → /v1/**` yields `/v1/guide/tunnels.html → /v1/guide/tunnels`.
 */
export function expandDynamicRedirects(matcher: RouteMatcher, prerendered: string[]): Map<string, Redirect> {
  const out = new Map<string, Redirect>();
  for (const [pattern, rule] of Object.entries(matcher.dynamic)) {
    if (!rule.redirect || /^https?:/.test(rule.redirect.to)) continue;
    const target = patternToRegExp(rule.redirect.to);
    for (const path of prerendered) {
      const m = target.exec(path);
      if (!m) continue;
      const from = fillTarget(pattern, m.groups ?? {});
      if (from !== path && !out.has(from)) out.set(from, { to: path, statusCode: rule.redirect.statusCode });
    }
  }
  return out;
}
