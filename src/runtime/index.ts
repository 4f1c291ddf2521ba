/**
 * The browser runtime. Pages are complete without it; it adds build checks, guarded
 * reloads, payload navigation, preview mode, islands and analytics. No React here:
 * islands bring their own chunk.
 */
import { loadAnalytics } from './analytics.ts';
import { fetchNavigation, queryContent } from './content.ts';
import { enhance } from './enhance.ts';
import { guardedReload } from './guard.ts';
import { mountIslands } from './islands.ts';
import { startBuildChecks } from './manifest.ts';
import { navigate, observeVisibleLinks, startNavigation } from './navigate.ts';
import { handlePreviewParam, showPreviewBanner } from './preview.ts';
import { state } from './state.ts';

/** A stylesheet or script of ours that fails to load means a stale page: reload it once. */
function watchChunkErrors(): void {
  window.addEventListener('error', (event) => {
    const el = event.target;
    const src = el instanceof HTMLScriptElement ? el.src : el instanceof HTMLLinkElement ? el.href : '';
    if (src.includes('/_sitegen/')) guardedReload(location.pathname + location.search);
  }, true);
}

function start(): void {
  if (handlePreviewParam()) return;
  watchChunkErrors();
  showPreviewBanner();
  enhance();
  mountIslands();
  startNavigation();
  startBuildChecks(observeVisibleLinks);
  loadAnalytics();
}

(window as unknown as { sitegen: unknown }).sitegen = { state, navigate: (href: string) => navigate(new URL(href, location.href), true), queryContent, fetchNavigation };

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
else start();
