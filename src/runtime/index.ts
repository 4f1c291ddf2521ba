/** The browser runtime: build checks, guarded reloads, payload navigation, preview, islands, analytics. No React: islands bring their own. */
import { loadAnalytics } from './analytics.ts';
import { applyCanonicalQuery } from './canonical.ts';
import { contentClient, contentContext } from './content-loader.ts';
import type { ContentQuery } from '../content/query-key.ts';
import { enhance, wireKeys } from './enhance.ts';
import { guardedReload } from './guard.ts';
import { mountIslands } from './islands.ts';
import { startBuildChecks } from './manifest.ts';
import { navigate, observeVisibleLinks, showOwnNotFound, startNavigation } from './navigate.ts';
import { handlePreviewParam, showPreviewBanner } from './preview.ts';
import { state } from './state.ts';

const ours = (src: string) => src.startsWith(location.origin) && src.includes('/_sitegen/');

/**
 * A stylesheet or script of ours that fails to load means a stale page: reload once, guarded. Head stylesheets have
 * settled before this runs, so a failed one (no sheet, an empty one in Chromium, or one refused for its type) is found
 * at start.
 */
function watchChunkErrors(): boolean {
  window.addEventListener(
    'error',
    (event) => {
      const el = event.target;
      const src = el instanceof HTMLScriptElement ? el.src : el instanceof HTMLLinkElement ? el.href : '';
      if (ours(src)) guardedReload();
    },
    true,
  );
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
    if (ours(link.href) && !hasRules(link)) return guardedReload();
  }
  return false;
}

/** Whether a stylesheet loaded with rules; one the browser refused (a 404 page sent with `nosniff`) has rules it may not read. */
function hasRules(link: HTMLLinkElement): boolean {
  try {
    return !!link.sheet?.cssRules.length;
  } catch {
    return false;
  }
}

function start(): void {
  if (handlePreviewParam() || watchChunkErrors()) return;
  showPreviewBanner();
  applyCanonicalQuery();
  enhance();
  wireKeys();
  showOwnNotFound();
  mountIslands();
  startNavigation();
  startBuildChecks(observeVisibleLinks);
  loadAnalytics();
}

(window as unknown as { sitegen: unknown }).sitegen = {
  state,
  navigate: (href: string) => navigate(new URL(href, location.href), true),
  queryContent: (query: ContentQuery) => contentClient().then((c) => c.queryContent(contentContext(), query)),
  fetchNavigation: () => contentClient().then((c) => c.fetchNavigation(contentContext())),
};

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
else start();
