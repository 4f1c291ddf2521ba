/**
 * How an open page takes a change in `sitegen dev`, decided from its HTML before and after: its stylesheets swapped
 * in place, its payload swapped in place (as a client-side navigation swaps one), or a full reload.
 */

/** What the dev client is told to do with its page. */
export type PageUpdate =
  | { kind: 'none' }
  | { kind: 'reload' }
  /** The page's stylesheets, in order (`h`: a page's own, marked `data-h` as the runtime marks them), and its asset set. */
  | { kind: 'css'; sheets: { href: string; h: boolean }[]; assets: string }
  | { kind: 'page' };

/** What changed: a document (or a file documents include), or anything else (templates, styles, images, data). */
export type ChangeKind = 'content' | 'other';

const SHEET = /<link rel="stylesheet" href="([^"]*)"( data-h)?>\n?/g;
const ASSETS = / data-assets="([^"]*)"/;

/** The page's stylesheet links, in order. */
export function stylesheets(html: string): { href: string; h: boolean }[] {
  return Array.from(html.matchAll(SHEET), (m) => ({ href: m[1], h: m[2] !== undefined }));
}

/** The page without its stylesheet links and asset set: what a stylesheet change leaves alone. */
function withoutStylesheets(html: string): string {
  return html.replace(SHEET, '').replace(ASSETS, '');
}

const ROOT = '<div id="__sitegen"';
const HEAD_TAG = /<title>[^<]*<\/title>|<script type="application\/ld\+json" data-h>[\s\S]*?<\/script>|<(?:meta|link)\b[^>]*\sdata-h>/g;

/**
 * What a payload swap leaves as it is: the page without the root's content, layout and status, the head tags a payload
 * carries (title, `data-h` tags, JSON-LD) and the `<html>` element's `lang` and `dir`. Undefined when the root is not
 * found as the renderer writes it (a `page:html` hook rewrote the page).
 */
export function pageShell(html: string, body: string): string | undefined {
  const open = html.indexOf(ROOT);
  const start = html.indexOf('>', open) + 1;
  if (open < 0 || !html.startsWith(`${body}</div>`, start)) return undefined;
  const head = html
    .slice(0, open)
    .replace(HEAD_TAG, '')
    .replace(/<html lang="[^"]*" dir="[^"]*"/, '<html');
  const root = html.slice(open, start).replace(/ data-layout="[^"]*"| data-status="[^"]*"/g, '');
  return head + root + html.slice(start + body.length);
}

/** A rendering of a page: its HTML and its payload (JSON). */
export interface Rendering {
  html: string;
  payload: string;
}

const body = (page: Rendering) => (JSON.parse(page.payload) as { html: string }).html;

/** How an open page takes a change: `before` and `after` are its renderings (before the change and after it). */
export function planUpdate(before: Rendering, after: Rendering, kind: ChangeKind): PageUpdate {
  if (before.html === after.html) return { kind: 'none' };
  if (withoutStylesheets(before.html) === withoutStylesheets(after.html))
    return { kind: 'css', sheets: stylesheets(after.html), assets: ASSETS.exec(after.html)?.[1] ?? '' };
  if (kind === 'content') {
    const shell = pageShell(after.html, body(after));
    if (shell !== undefined && shell === pageShell(before.html, body(before))) return { kind: 'page' };
  }
  return { kind: 'reload' };
}
