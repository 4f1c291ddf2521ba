/**
 * The site's redirects, planned and checked: the config's route rules without the redirects that cannot be written
 * safely, and every redirect (documents' and rules') checked against the pages: no collision, no loop, no dead end.
 */
import { readFileSync } from 'node:fs';
import { findConfigFile } from '../config/load.ts';
import type { ResolvedConfig } from '../config/schema.ts';
import { displayPath } from '../content/discover.ts';
import { reservedRoute } from '../content/paths.ts';
import { SitegenError, type Location } from '../errors.ts';
import {
  UNSAFE_REDIRECT_HINT,
  expandDynamicRedirects,
  resolveRedirect,
  unsafeRedirect,
  type RawRouteRule,
  type Redirect,
  type RouteMatcher,
} from '../routes/rules.ts';
import type { DocRedirect, Route } from '../routes/table.ts';

/** Where a route rule is written in the site config: its file, and the line that names its pattern. */
function ruleLocation(root: string, pattern: string): Location {
  const file = findConfigFile(root);
  if (!file) return { file: 'site/config.ts' };
  const shown = displayPath(file, root);
  try {
    const lines = readFileSync(file, 'utf8').split('\n');
    const index = lines.findIndex((line) => [`'${pattern}'`, `"${pattern}"`, `\`${pattern}\``].some((quoted) => line.includes(quoted)));
    return index === -1 ? { file: shown } : { file: shown, line: index + 1 };
  } catch {
    return { file: shown };
  }
}

/**
 * The config's route rules without redirects that cannot be written safely: a target that is no same-site path or
 * http(s) URL (SG3006), or paths where sitegen writes its own files (SG3007). The rules' other settings stay.
 */
export function checkRouteRules(config: ResolvedConfig, reservedFiles: string[]): { rules: Record<string, RawRouteRule>; errors: SitegenError[] } {
  const rules: Record<string, RawRouteRule> = {};
  const errors: SitegenError[] = [];
  for (const [pattern, rule] of Object.entries(config.routeRules as Record<string, RawRouteRule>)) {
    rules[pattern] = rule;
    if (rule.redirect === undefined) continue;
    const to = typeof rule.redirect === 'string' ? rule.redirect : rule.redirect.to;
    const unsafe = typeof to === 'string' ? unsafeRedirect(to) : 'it is not text';
    // The part of the pattern before its first parameter or wildcard: the paths it can redirect.
    const literal = pattern.split(/[*:]/)[0];
    const reserved = reservedRoute(literal, reservedFiles);
    if (!unsafe && !reserved) continue;
    const location = ruleLocation(config.root, pattern);
    if (unsafe)
      errors.push(
        new SitegenError('SG3006', `Route rule ${pattern} redirects to ${JSON.stringify(to)}, which is refused: ${unsafe}`, {
          location,
          hint: UNSAFE_REDIRECT_HINT,
        }),
      );
    else
      errors.push(
        new SitegenError('SG3007', `Route rule ${pattern} redirects paths that are reserved: ${reserved}`, {
          location,
          hint: 'Redirect other paths: sitegen serves its own files there (headers-only rules are fine).',
        }),
      );
    const { redirect: _dropped, ...rest } = rule;
    rules[pattern] = rest;
  }
  return { rules, errors };
}

/** Collect the redirects and check them: no collision with a page, no loop, no dead end. */
export function planRedirects(
  docRedirects: DocRedirect[],
  matcher: RouteMatcher,
  prerendered: string[],
  routes: Route[],
  knownRoutes: Set<string>,
  publicPaths: Set<string>,
  foreign: boolean,
): { redirects: Map<string, Redirect>; pages: Set<string>; sources: Map<string, string>; errors: SitegenError[] } {
  const all = new Map<string, Redirect>();
  const sources = new Map<string, string>();
  const errors: SitegenError[] = [];
  for (const r of docRedirects) {
    // Checked at parse time with the line (parse.ts); here for a target a `content:loaded` hook set.
    const unsafe = unsafeRedirect(r.to);
    if (unsafe) {
      errors.push(
        new SitegenError('SG3006', `Redirect target ${JSON.stringify(r.to)} is refused: ${unsafe}`, {
          location: { file: r.source },
          hint: UNSAFE_REDIRECT_HINT,
        }),
      );
      continue;
    }
    all.set(r.from, { to: r.to, statusCode: 301 });
    sources.set(r.from, r.source);
  }
  for (const [from, rule] of Object.entries(matcher.static)) if (rule.redirect) all.set(from, rule.redirect);
  for (const [from, r] of expandDynamicRedirects(matcher, prerendered)) if (!all.has(from)) all.set(from, r);
  const routeSet = new Set(routes.map((r) => r.path));
  const pages = new Set<string>();
  for (const [from, r] of all) {
    const source = sources.get(from) ?? 'site/config.ts';
    if (routeSet.has(from)) {
      errors.push(
        new SitegenError('SG3001', `Redirect from ${from} collides with a page at the same route`, {
          location: { file: source },
          hint: 'Remove the redirect or the page.',
        }),
      );
      continue;
    }
    // Follow the chain to find loops and dead ends.
    const seen = new Set([from]);
    let to = r.to.split(/[?#]/)[0];
    while (all.has(to) && !seen.has(to)) {
      seen.add(to);
      to = all.get(to)!.to.split(/[?#]/)[0];
    }
    if (seen.has(to)) {
      errors.push(
        new SitegenError('SG3003', `Redirect loop: ${[...seen, to].join(' → ')}`, {
          location: { file: source },
          hint: 'Point one of these redirects at a page.',
        }),
      );
      continue;
    }
    const external = /^[a-z]+:/i.test(to);
    if (!external && !knownRoutes.has(to) && !publicPaths.has(to) && !resolveRedirect(matcher, to)) {
      if (foreign) continue;
      errors.push(
        new SitegenError('SG3004', `Redirect from ${from} points to ${r.to}, which is not a page`, {
          location: { file: source },
          hint: 'Point the redirect at an existing route or an absolute URL.',
        }),
      );
      continue;
    }
    pages.add(from);
  }
  // A `/prefix/**` rule sending every path under it to one fixed path: that path must be there too.
  for (const [prefix, rule] of Object.entries(matcher.wildcard)) {
    const to = rule.redirect?.to.split(/[?#]/)[0];
    if (!to || foreign || to.includes('*') || /^[a-z]+:/i.test(to)) continue;
    if (knownRoutes.has(to) || publicPaths.has(to) || all.has(to) || resolveRedirect(matcher, to)) continue;
    errors.push(
      new SitegenError('SG3004', `Redirect from ${prefix === '/' ? '' : prefix}/** points to ${rule.redirect!.to}, which is not a page`, {
        location: { file: 'site/config.ts' },
        hint: 'Point the redirect at an existing route or an absolute URL.',
      }),
    );
  }
  return { redirects: all, pages, sources, errors };
}
