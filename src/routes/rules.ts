/**
 * Route rules: patterns (`/old`, `/docs/**`, `/v1/:section/:slug.html`), their redirects,
 * and the matcher written to the build manifest.
 */
import { SitegenError } from '../errors.ts';
import { patternToRegExp, fillTarget, type Redirect, type RouteMatcher, type RouteRule } from './match.ts';

export { fillTarget, matchRule, patternToRegExp, resolveRedirect, type Redirect, type RouteMatcher, type RouteRule } from './match.ts';

export interface RawRouteRule {
  redirect?: string | { to: string; statusCode?: number };
  headers?: Record<string, string>;
  index?: boolean;
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
