/** Matching paths against route rules; dependency-free so the build, both servers and the browser runtime share it. */
export interface Redirect {
  to: string;
  statusCode: 301 | 302 | 307 | 308;
}

export interface RouteRule {
  redirect?: Redirect;
}

/** The manifest's matcher: exact paths, `/prefix/**` rules and patterns with parameters. */
export interface RouteMatcher {
  static: Record<string, RouteRule>;
  wildcard: Record<string, RouteRule>;
  dynamic: Record<string, RouteRule>;
}

const escapeRe = (s: string) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

const compiled = new Map<string, RegExp>();

/** A pattern as a regular expression with named groups (`**` captures as `_`); compiled once. */
export function patternToRegExp(pattern: string): RegExp {
  const hit = compiled.get(pattern);
  if (hit) return hit;
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
  const regexp = new RegExp(`^${re}$`);
  compiled.set(pattern, regexp);
  return regexp;
}

/** Put captured parameters into a target: `:name`, `**` (the rest). */
export function fillTarget(target: string, groups: Record<string, string | undefined>): string {
  return target
    .replace(/\*\*|:([A-Za-z_]\w*)/g, (_token, name: string | undefined) => (name ? (groups[name] ?? '') : (groups._ ?? '')))
    .replace(/\/{2,}/g, '/');
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

export function resolveRedirect(matcher: RouteMatcher, path: string): Redirect | undefined {
  const hit = matchRule(matcher, path);
  if (!hit?.rule.redirect) return undefined;
  return { to: fillTarget(hit.rule.redirect.to, hit.groups), statusCode: hit.rule.redirect.statusCode };
}
