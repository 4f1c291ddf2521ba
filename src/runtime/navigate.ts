/**
 * Client-side navigation: same-origin links to prerendered pages swap in the target's `_payload.json`.
 * History, scroll, hash targets and focus behave as usual; anything unusual falls back to a full page load.
 */
import { applyCanonicalQuery } from './canonical.ts';
import { enhance } from './enhance.ts';
import { guardedReload } from './guard.ts';
import { mountIslands, unmountIslands } from './islands.ts';
import { redirectFor } from './manifest.ts';
import { takePreviewParam } from './preview.ts';
import { config, notFoundRoute, routePath, state, url } from './state.ts';

interface HeadTag {
  tag: 'meta' | 'link';
  attrs: Record<string, string>;
}

interface Payload {
  path: string;
  title: string;
  head: { title: string; tags: HeadTag[]; jsonld: string[] };
  layout: string;
  html: string;
  /** The asset set it was rendered with. */
  assets: string;
  status: number;
  lang?: string;
  dir?: string;
}

class NotFound extends Error {}

const MAX_IN_FLIGHT = 4;
const SETTLE_MS = 100;
const cache = new Map<string, Promise<Payload>>();
const queue: string[] = [];
let inFlight = 0;

function payloadUrl(path: string): string {
  const base = path.replace(/\/index\.html$/, '').replace(/\.html$/, '');
  return url(`${base === '/' ? '' : base}/_payload.json`.replace(/^\//, '')) + (state.buildId ? `?${state.buildId}` : '');
}

async function fetchPayload(path: string): Promise<Payload> {
  const res = await fetch(payloadUrl(path));
  if (res.status === 404) throw new NotFound(path);
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  if ((res.headers.get('content-type') ?? '').includes('text/html')) throw new NotFound(path);
  const payload = (await res.json()) as Payload;
  if (typeof payload?.html !== 'string') throw new Error('malformed payload');
  return payload;
}

/** Load a payload: prefetches run at most MAX_IN_FLIGHT at a time, in order; an `urgent` load (or a queued one made urgent) starts at once. */
function load(path: string, urgent = false): Promise<Payload> {
  let pending = cache.get(path);
  if (pending) {
    if (urgent) starters.get(path)?.();
    return pending;
  }
  pending = new Promise<Payload>((resolve, reject) => {
    starters.set(path, () => {
      starters.delete(path);
      const queued = queue.indexOf(path);
      if (queued !== -1) queue.splice(queued, 1);
      inFlight++;
      fetchPayload(path)
        .then(resolve, (error) => {
          cache.delete(path);
          reject(error);
        })
        .finally(() => {
          inFlight--;
          while (inFlight < MAX_IN_FLIGHT && queue.length) starters.get(queue.shift()!)?.();
        });
    });
    if (urgent || inFlight < MAX_IN_FLIGHT) starters.get(path)!();
    else queue.push(path);
  });
  cache.set(path, pending);
  return pending;
}
const starters = new Map<string, () => void>();

/** The link's URL when client-side navigation may handle it. */
function navigable(a: HTMLAnchorElement, event?: MouseEvent): URL | undefined {
  if (event && (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)) return undefined;
  if ((a.target && a.target !== '_self') || a.hasAttribute('download') || a.hasAttribute('data-no-nav')) return undefined;
  const target = new URL(a.href, location.href);
  if (target.origin !== location.origin || !target.pathname.startsWith(config.base)) return undefined;
  if (/\.(?!html$)[a-z0-9]+$/i.test(target.pathname)) return undefined; // files: feeds, images, downloads
  return target;
}

const SHEET = 'link[rel="stylesheet"]';

/** A head element of ours (`data-h`): a payload's tag, or its JSON-LD as a script. */
function headElement(tag: string, attrs: Record<string, string>, text?: string): Element {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries({ ...attrs, 'data-h': '' })) el.setAttribute(k, v);
  if (text !== undefined) el.textContent = text;
  return el;
}

/**
 * Add the payload's stylesheets that this page lacks (KaTeX's, an on-demand sheet) and wait until they load, so its
 * HTML never shows unstyled; a slow one is waited for 3 s at most.
 */
function addStylesheets(payload: Payload): Promise<unknown> {
  const loads = payload.head.tags
    .filter(({ attrs }) => attrs.rel === 'stylesheet' && !document.querySelector(`${SHEET}[href="${CSS.escape(attrs.href)}"]`))
    .map(({ tag, attrs }) => {
      const el = document.head.appendChild(headElement(tag, attrs)) as HTMLLinkElement;
      return new Promise((resolve) => (el.onload = el.onerror = resolve));
    });
  return Promise.race([Promise.all(loads), new Promise((resolve) => setTimeout(resolve, 3000))]);
}

/**
 * The payload's title and tags in place of this page's. An element the page already has (the same tag and attributes)
 * is kept, so a stylesheet both pages use is not unloaded and loaded again. Stylesheets go last, after the site's.
 */
function swapHead(payload: Payload): void {
  document.title = payload.head.title;
  const current = new Map([...document.head.querySelectorAll('[data-h]')].map((el) => [el.outerHTML, el]));
  const nodes = [
    ...payload.head.tags.map(({ tag, attrs }) => headElement(tag, attrs)),
    ...payload.head.jsonld.map((json) => headElement('script', { type: 'application/ld+json' }, json)),
  ].map((el) => {
    const same = current.get(el.outerHTML);
    current.delete(el.outerHTML);
    return same ?? el;
  });
  for (const el of current.values()) el.remove();
  document.head.querySelector('title')?.after(...nodes.filter((el) => !el.matches(SHEET)));
  document.head.append(...nodes.filter((el) => el.matches(SHEET) && !el.isConnected));
}

function swap(payload: Payload): void {
  // Every page sitegen renders has the root; the runtime runs on no other.
  const root = document.getElementById('__sitegen')!;
  unmountIslands();
  swapHead(payload);
  if (payload.lang) document.documentElement.lang = payload.lang;
  if (payload.dir) document.documentElement.dir = payload.dir;
  root.innerHTML = payload.html;
  root.dataset.layout = payload.layout;
  if (payload.status === 200) delete root.dataset.status;
  else root.dataset.status = String(payload.status);
  enhance(root);
  mountIslands(root);
  observeLinks(root);
}

function focusContent(): void {
  const main = document.querySelector<HTMLElement>('main, [role="main"]') ?? document.getElementById('__sitegen');
  if (!main) return;
  if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
  main.focus({ preventScroll: true });
}

/** Scroll to `top` at once (the stylesheet's smooth scrolling is for in-page links). */
const scrollToY = (top: number) => scrollTo({ top, behavior: 'instant' });

function scrollToTarget(hash: string, fallbackY = 0): void {
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {} // `#100%`: not percent-encoding, the id as written
  const el = id ? document.getElementById(id) : null;
  if (el) el.scrollIntoView();
  else scrollToY(fallbackY);
}

/** A guarded full page load of `target`; false when the guard refuses. */
function forceLoad(target: URL): boolean {
  return guardedReload(target.href);
}

function fullLoad(target: URL): void {
  location.href = target.href;
}

/** The page on screen, as path and query: an entry that differs from it only in its hash is the same page. */
let shown = '';
const pageOf = (u: URL | Location) => u.pathname + u.search;
/** Keep the current history entry's scroll position, for back and forward. */
const saveScroll = () => history.replaceState({ ...history.state, scroll: scrollY }, '');
/** The latest navigation: an earlier one still loading when another starts is dropped, so the last click wins. */
let latest = 0;

/** Navigate to `target`; `push` adds a history entry (false for back/forward). */
export async function navigate(target: URL, push: boolean, restoreY?: number): Promise<void> {
  const id = ++latest;
  // A preview token on a link is handled as on a full load: stored, then the clean URL is loaded.
  const clean = takePreviewParam(target);
  if (clean) return fullLoad(clean);
  const redirect = redirectFor(routePath(target.pathname));
  if (redirect) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(redirect)) return void (location.href = redirect);
    target = new URL((redirect.startsWith('/') ? url(redirect) : redirect) + target.hash, location.origin);
  }
  if (state.outdated && forceLoad(target)) return;
  const path = routePath(target.pathname);
  let payload: Payload;
  try {
    // A path the manifest does not list may still have a payload: a route its middleware rejected.
    payload = await load(path, true);
  } catch (error) {
    if (id !== latest) return;
    if (!(error instanceof NotFound)) {
      console.warn(`[sitegen] could not load the page data for ${path}; loading the page instead`, error);
      return fullLoad(target);
    }
    // Without the manifest the route rules are unknown: let the host answer (its redirect, its 404). A page the build
    // made has a payload: missing (a partial deploy, a host's fallback page answering for it), the page is loaded.
    if (!state.prerendered) return fullLoad(target);
    if (state.prerendered.has(path)) {
      console.warn(`[sitegen] the page data for ${path} is missing; loading the page instead`);
      return fullLoad(target);
    }
    try {
      payload = await load(notFoundRoute(path), true);
    } catch {
      if (id === latest) fullLoad(target);
      return;
    }
  }
  if (id !== latest) return;
  // Rendered with other stylesheets, runtime or islands than this page loaded: a full load.
  if (payload.assets !== state.assets) {
    state.outdated = true;
    if (forceLoad(target)) return;
  }
  await addStylesheets(payload);
  if (id !== latest) return;
  // A link to the page on screen adds no history entry, as in the browser: Back still leaves the page.
  if (push && target.href !== location.href) {
    saveScroll();
    history.pushState({ scroll: 0 }, '', target.href);
  }
  swap(payload);
  shown = pageOf(location);
  applyCanonicalQuery();
  window.dispatchEvent(new CustomEvent('sitegen:navigated', { detail: { path } }));
  focusContent();
  if (restoreY !== undefined) setTimeout(() => scrollToY(restoreY), SETTLE_MS);
  else scrollToTarget(target.hash);
}

/**
 * On a full load answered by the host's 404.html: a route its middleware rejected has a payload of its own with its
 * message (`Page Not Found: /path`); show it, as a client navigation would. Else, under a locale's folder, show that
 * locale's not-found page when the host answered in another language.
 */
export function showOwnNotFound(): void {
  const root = document.getElementById('__sitegen');
  const path = routePath(location.pathname);
  const own = notFoundRoute(path);
  if (root?.dataset.status !== '404' || path === own) return;
  // Else the not-found page of the path's locale, when the host answered with another language's.
  const localized = () => (own === '/404' ? Promise.reject() : load(own, true).then((p) => (p.lang === document.documentElement.lang ? Promise.reject() : p)));
  load(path, true)
    .catch(localized)
    .then((payload) => {
      if (payload.status === 404 && payload.assets === state.assets) {
        swap(payload);
        applyCanonicalQuery();
      }
    })
    .catch(() => undefined);
}

function prefetch(a: HTMLAnchorElement): void {
  const target = navigable(a);
  if (!target || state.outdated) return;
  const path = routePath(target.pathname);
  if (path === routePath(location.pathname) || !state.prerendered?.has(path)) return;
  load(path).catch(() => undefined);
}

let observer: IntersectionObserver | undefined;

function observeLinks(root: ParentNode): void {
  if (!('IntersectionObserver' in window)) return;
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer!.unobserve(entry.target);
      prefetch(entry.target as HTMLAnchorElement);
    }
  });
  for (const a of root.querySelectorAll<HTMLAnchorElement>('a[href]')) observer.observe(a);
}

export function startNavigation(): void {
  history.scrollRestoration = 'manual';
  // A reload, or a return to this entry from another site, keeps its scroll position, as with the browser's own.
  scrollToY(history.state?.scroll ?? scrollY);
  saveScroll();
  shown = pageOf(location);
  document.addEventListener('click', (event) => {
    const a = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (!a) return;
    const target = navigable(a, event);
    if (!target) return;
    if (target.pathname === location.pathname && target.search === location.search && target.hash) return; // in-page anchor
    event.preventDefault();
    void navigate(target, true);
  });
  window.addEventListener('popstate', (event) => {
    const scroll = (event.state as { scroll?: number } | null)?.scroll;
    if (pageOf(location) !== shown) return void navigate(new URL(location.href), false, scroll ?? 0);
    // Only the hash changed (an in-page link, or back/forward between such entries): the page stays as it is.
    latest++;
    if (scroll !== undefined) scrollToY(scroll);
    else scrollToTarget(location.hash, scrollY);
  });
  const hover = (event: Event) => {
    const a = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (a) prefetch(a);
  };
  document.addEventListener('mouseover', hover, { passive: true });
  document.addEventListener('focusin', hover);
  window.addEventListener('scroll', saveScroll, { passive: true });
}

export function observeVisibleLinks(): void {
  observeLinks(document);
}
