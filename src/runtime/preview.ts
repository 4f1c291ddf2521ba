/**
 * Preview mode: `?preview=<token>` (or `?previewToken=`) stores the token and reloads without it; empty switches it off.
 * The token only ever reaches the page as text, never as markup.
 */
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

function clearPreview(): void {
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

export function showPreviewBanner(): void {
  const token = previewToken();
  if (!token || document.getElementById('sitegen-preview')) return;
  const banner = document.createElement('div');
  banner.id = 'sitegen-preview';
  banner.setAttribute('role', 'status');
  banner.style.cssText =
    'position:fixed;bottom:1rem;inset-inline-end:1rem;z-index:9999;display:flex;gap:.75rem;align-items:center;padding:.6rem .9rem;border-radius:.5rem;background:#111827;color:#fff;font:14px/1.4 system-ui,sans-serif;box-shadow:0 6px 24px rgba(0,0,0,.25)';
  const label = document.createElement('span');
  // Drafts exist only in builds made with them (`sitegen dev`, `sitegen build --drafts`): say so.
  label.textContent = `Preview mode is on (${token})${config.drafts ? '' : ': this build has no drafts'}`;
  const leave = document.createElement('button');
  leave.type = 'button';
  leave.textContent = 'Leave preview';
  leave.style.cssText = 'font:inherit;color:#111827;background:#fff;border:0;border-radius:.35rem;padding:.2rem .6rem;cursor:pointer';
  leave.addEventListener('click', () => {
    clearPreview();
    location.reload();
  });
  banner.append(label, leave);
  document.body.append(banner);
}
