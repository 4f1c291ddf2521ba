/**
 * Forced reloads go through one guard: the same path is not force-reloaded again within
 * 10 s, so a broken deploy can never trap a visitor in a reload loop.
 */
const KEY = 'sitegen:reload';
const WINDOW_MS = 10_000;

export function guardedReload(path: string): boolean {
  try {
    const last = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as { path: string; expires: number } | null;
    if (last && last.path === path && last.expires > Date.now()) return false;
    sessionStorage.setItem(KEY, JSON.stringify({ path, expires: Date.now() + WINDOW_MS }));
  } catch {
    // storage unavailable: still reload once
  }
  if (path === location.pathname + location.search) location.reload();
  else location.href = path;
  return true;
}
