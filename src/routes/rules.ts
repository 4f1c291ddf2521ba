/** Route rules (`/old`, `/docs/**`, `/v1/:section/:slug.html`), their redirects, and the manifest's matcher. */
import { SitegenError } from '../errors.ts';
import { patternToRegExp, fillTarget, type Redirect, type RouteMatcher, type RouteRule } from './match.ts';

export { fillTarget, matchRule, resolveRedirect, type Redirect, type RouteMatcher } from './match.ts';

export interface RawRouteRule {
  redirect?: string | { to: string; statusCode?: number };
}

export { UNSAFE_REDIRECT_HINT, unsafeRedirect } from '../content/paths.ts';

export function normalizeRule(raw: RawRouteRule): RouteRule {
  const rule: RouteRule = {};
  if (raw.redirect !== undefined) {
    rule.redirect =
      typeof raw.redirect === 'string'
        ? { to: raw.redirect, statusCode: 301 }
        : { to: raw.redirect.to, statusCode: (raw.redirect.statusCode ?? 301) as Redirect['statusCode'] };
  }
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
      // A space or line break would split the pattern's line in `_redirects` into another rule.
      if (/[\s\u0000-\u001f\u007f]/.test(pattern)) throw new Error('a space or control character');
      const colon = pattern.search(/:(?![A-Za-z_])/);
      if (colon !== -1) throw new Error(`the ":" at character ${colon + 1} starts no parameter name (a letter or _, then letters, digits or _)`);
      if (kind === 'dynamic') patternToRegExp(pattern);
    } catch (error) {
      throw new SitegenError('SG3005', `Route rule pattern ${JSON.stringify(pattern)} is invalid`, {
        hint: 'Use exact paths, `/prefix/**`, `*` for one segment or `:name` parameters.',
        cause: error,
      });
    }
    matcher[kind][key] = normalizeRule(raw);
  }
  return matcher;
}

/** Concrete redirects for dynamic rules, from the prerendered routes their targets match: `/v1/**.html → /v1/**` gives `/v1/a.html → /v1/a`. */
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
