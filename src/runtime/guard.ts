/** Forced full loads go through one guard, so a broken deploy can never trap a visitor in a reload loop. */
const KEY = 'sitegen:reload';
const WINDOW_MS = 10_000;

/** Load `href` (default: the current page) as a full page load, unless its path was force-loaded in the last 10 s. */
export function guardedReload(href = location.href): boolean {
  const target = new URL(href, location.href);
  const path = target.pathname + target.search;
  try {
    const last = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as { path: string; expires: number } | null;
    if (last && last.path === path && last.expires > Date.now()) return false;
    sessionStorage.setItem(KEY, JSON.stringify({ path, expires: Date.now() + WINDOW_MS }));
  } catch {
    // storage unavailable: still load once
  }
  if (path === location.pathname + location.search) location.reload();
  else location.href = target.href;
  return true;
}
