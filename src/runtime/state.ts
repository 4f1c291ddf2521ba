import type { RouteMatcher } from '../routes/match.ts';
/** Shared runtime state, read from the page the server rendered. */
export const MAX_TIMER = 2147483647;
export const clampTimer = (ms: number) => Math.min(Math.max(0, ms), MAX_TIMER);

const script = document.querySelector<HTMLScriptElement>('script[data-sitegen]');
const attr = (name: string) => script?.getAttribute(name) ?? '';

export const config = {
  base: (attr('data-base') || '/').replace(/\/?$/, '/'),
  checkInterval: clampTimer(Number(attr('data-check-interval')) || 3_600_000),
  analytics: attr('data-analytics'),
  analyticsHost: attr('data-analytics-host'),
  analyticsDomain: attr('data-analytics-domain'),
  /** Query parameters a canonical URL keeps (the site config's `canonicalQueryWhitelist`). */
  canonicalQuery: attr('data-canonical-query').split(',').filter(Boolean),
  /** The folders of the locales other than the default (`ja,fa`): each has its own not-found page. */
  locales: attr('data-locales').split(','),
  /** The page was built with drafts (`sitegen dev`, `sitegen build --drafts`). */
  drafts: script?.hasAttribute('data-drafts') ?? false,
};

export interface Manifest {
  id: string;
  timestamp: number;
  matcher: RouteMatcher;
  prerendered: string[];
}

export const state = {
  /** The build this page session runs on: the first `builds/latest.json` fetched tells it. */
  buildId: '',
  /** The page's asset set: a payload of another set is never swapped in. */
  assets: document.documentElement.dataset.assets ?? '',
  manifest: undefined as Manifest | undefined,
  prerendered: undefined as Set<string> | undefined,
  /** A newer build is deployed: the next navigation is a full page load. */
  outdated: false,
};

export const url = (path: string) => config.base + path.replace(/^\//, '');

/**
 * A route, normalised: `/about/` → `/about`, and a file written as `<dir>/index.html`
 * (`/download/index.html`) is the route `/download`, as every host serves it under all three URLs.
 */
export function normalRoute(path: string): string {
  const clean = path.replace(/\/index\.html$/, '/');
  return clean.length > 1 ? clean.replace(/\/+$/, '') : clean;
}

/** The route of a pathname in the address bar: the base left out (`/docs/about` → `/about` under `base: '/docs/'`). */
export function routePath(pathname: string): string {
  if (pathname.startsWith(config.base)) return normalRoute(`/${pathname.slice(config.base.length)}`);
  return normalRoute(pathname === config.base.slice(0, -1) ? '/' : pathname);
}

/** The not-found route answering `path`: its locale's (`/ja/404`), else the site's. */
export const notFoundRoute = (path: string) => {
  const folder = path.split('/')[1];
  return folder && config.locales.includes(folder) ? `/${folder}/404` : '/404';
};
