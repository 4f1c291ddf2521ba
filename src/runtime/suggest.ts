/**
 * "Were you looking for…" on the not-found page: pages whose path and title best match the missing path, listed in
 * `[data-sitegen-suggest]` (from its `<template>` if any). Everything shown is text, never markup.
 */
import { POSTS_QUERY } from '../content/query-key.ts';
import { fetchNavigation, queryContent, type ContentContext } from './content.ts';

interface Linked {
  path: string;
  title: string;
  children?: Linked[];
}

const MAX = 4;
const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 2 && w !== 'html' && w !== 'index');

/** One letter added, dropped or changed: `tunels` ~ `tunnels`. */
function oneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return a.slice(i + 1) === b.slice(i + 1) || a.slice(i) === b.slice(i + 1) || a.slice(i + 1) === b.slice(i);
}

/** Per wanted word, its best hit: a word of the page's path counts twice one of its title; a near miss half. */
function score(wanted: string[], page: { path: string; title: string }): number {
  const have = [...words(page.path).map((w) => [w, 2] as const), ...words(page.title).map((w) => [w, 1] as const)];
  let total = 0;
  for (const w of wanted) {
    let best = 0;
    for (const [h, weight] of have) {
      const near = Math.min(h.length, w.length) >= 4 && (h.includes(w) || w.includes(h) || oneEdit(h, w));
      best = Math.max(best, h === w ? weight * 2 : near ? weight : 0);
    }
    total += best;
  }
  return total;
}

function flatten(items: Linked[] | null, into: Map<string, string>): void {
  for (const item of items ?? []) {
    if (typeof item?.path === 'string' && item.path.startsWith('/') && !into.has(item.path)) into.set(item.path, String(item.title ?? ''));
    if (Array.isArray(item?.children)) flatten(item.children, into);
  }
}

/** How many leading folders two paths share: `/v2/guide/a` and `/v2/guide/b` two. */
function sharedFolders(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  let n = 0;
  while (n + 1 < x.length && n + 1 < y.length && x[n + 1] === y[n + 1]) n++;
  return n;
}

/**
 * The locale a missing path is in, when it is in another locale's folder and this is that locale's not-found page
 * (`/de/…` answered in German): its code, as the page's `lang` names it.
 */
function localeOf(missing: string, ctx: ContentContext): string | undefined {
  const lang = document.documentElement.lang;
  const folder = missing.split('/')[1];
  return folder && lang.toLowerCase() === folder && ctx.locales?.includes(folder) ? lang : undefined;
}

export async function suggestPages(box: HTMLElement, ctx: ContentContext): Promise<void> {
  let missing = location.pathname;
  try {
    missing = decodeURIComponent(missing);
  } catch {
    // a malformed escape: match the raw path
  }
  missing = missing.slice(ctx.base.length - 1);
  // In a locale's folder, its own pages come first on a tie; the default locale's stand in for those not translated.
  const locale = localeOf(missing, ctx);
  const [nav, own, posts] = await Promise.all([
    fetchNavigation<Linked[]>(ctx),
    locale ? fetchNavigation<Linked[]>(ctx, locale) : null,
    queryContent<Linked[]>(ctx, POSTS_QUERY),
  ]);
  const ownPages = new Map<string, string>();
  flatten(own, ownPages);
  const pages = new Map(ownPages);
  flatten(nav, pages);
  flatten(posts, pages);
  const wanted = words(missing);
  // Then the pages in the same folders (the same version of the docs), in the locale or out of it.
  const unlocalized = locale ? missing.slice(locale.length + 1) : missing;
  const near = (path: string) => Math.max(sharedFolders(missing, path), sharedFolders(unlocalized, path));
  const best = [...pages]
    .map(([path, title]) => ({ path, title, score: score(wanted, { path, title }), own: ownPages.has(path) ? 1 : 0, near: near(path) }))
    .filter((p) => p.score > 0 && p.path !== missing && p.path !== '/404')
    .sort((a, b) => b.score - a.score || b.own - a.own || b.near - a.near || a.path.length - b.path.length)
    .slice(0, MAX);
  if (!best.length || !box.isConnected) return;
  const list = box.querySelector('ul, ol') ?? box.appendChild(document.createElement('ul'));
  const template = list.querySelector('template');
  for (const { path, title } of best) {
    const href = ctx.base + path.slice(1);
    let item: Element;
    if (template) {
      item = (template.content.cloneNode(true) as DocumentFragment).firstElementChild!;
      item.querySelector('a')?.setAttribute('href', href);
      for (const el of item.querySelectorAll('[data-title]')) el.textContent = title || path;
      for (const el of item.querySelectorAll('[data-path]')) el.textContent = path;
    } else {
      item = document.createElement('li');
      const a = item.appendChild(document.createElement('a'));
      a.href = href;
      a.textContent = title || path;
    }
    list.append(item);
  }
  box.hidden = false;
}
