/**
 * Preview mode: `?preview=<token>` (or `?previewToken=`) stores the token and reloads without it; empty switches it off.
 * The token only ever reaches the page as text, never as markup.
 */
import { pageText } from '../../templates/i18n/page.ts';
import { guardedReload } from './guard.ts';
import { config } from './state.ts';

const KEY = 'sitegen:preview';
const COOKIE = 'sitegen-preview';

function setCookie(value: string, maxAge: number): void {
  document.cookie = `${COOKIE}=${encodeURIComponent(value)}; path=/; max-age=${maxAge}; SameSite=Lax`;
}

export function previewToken(): string {
  try {
    const stored = sessionStorage.getItem(KEY);
    if (stored) return stored;
  } catch {
    // storage blocked: fall back to the cookie
  }
  const match = document.cookie.match(new RegExp(`(?:^|; )${COOKIE}=([^;]*)`));
  return match ? decodeURIComponent(match[1]) : '';
}

export function clearPreview(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
  setCookie('', 0);
}

/**
 * Store (or, when empty, clear) a `?preview=` / `?previewToken=` token found in `target`.
 * Returns `target` without the parameter, or undefined when it had none.
 */
export function takePreviewParam(target: URL): URL | undefined {
  const params = target.searchParams;
  const name = params.has('preview') ? 'preview' : params.has('previewToken') ? 'previewToken' : '';
  if (!name) return undefined;
  const token = params.get(name) ?? '';
  const clean = new URL(target.href);
  clean.searchParams.delete('preview');
  clean.searchParams.delete('previewToken');
  if (token) {
    try {
      sessionStorage.setItem(KEY, token);
    } catch {
      // cookie still carries it
    }
    setCookie(token, 60 * 60 * 24);
  } else {
    clearPreview();
  }
  return clean;
}

/** Handle the query parameter of the page itself; returns true when the page is reloading. */
export function handlePreviewParam(): boolean {
  const clean = takePreviewParam(new URL(location.href));
  if (!clean) return false;
  location.replace(clean.href);
  return true;
}

/** The preview banner, from its own chunk: most visits never need it. */
export function showPreviewBanner(): void {
  const token = previewToken();
  if (!token || document.getElementById('sitegen-preview')) return;
  import('./preview-banner.ts').then((mod) => mod.previewBanner(token, config.drafts, clearPreview, pageText)).catch(() => guardedReload());
}
