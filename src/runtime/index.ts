/**
 * The browser runtime. Pages are complete without it; it adds new-build detection and
 * fills in the requested path on the not-found page. No React, a few hundred bytes.
 */
const MAX_TIMER = 2147483647;
const root = document.documentElement;
const buildId = root.dataset.build ?? '';
const script = document.currentScript ?? document.querySelector<HTMLScriptElement>('script[data-sitegen]');
const base = (script?.getAttribute('data-base') ?? '/').replace(/\/?$/, '/');
const interval = Math.min(Number(script?.getAttribute('data-check-interval')) || 3_600_000, MAX_TIMER);

export const state = { manifest: undefined as unknown, outdated: false };

function onIdle(fn: () => void): void {
  const ric = (window as unknown as { requestIdleCallback?: (cb: () => void) => void }).requestIdleCallback;
  if (ric) ric(fn);
  else setTimeout(fn, 1);
}

async function loadManifest(): Promise<void> {
  try {
    const res = await fetch(`${base}_sitegen/builds/meta/${buildId}.json`);
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    state.manifest = await res.json();
  } catch (error) {
    console.error('[sitegen] could not load the build manifest', error);
  }
}

async function checkLatest(): Promise<void> {
  try {
    const res = await fetch(`${base}_sitegen/builds/latest.json?${Date.now()}`);
    const latest = (await res.json()) as { id?: string };
    if (latest.id && latest.id !== buildId) state.outdated = true;
  } catch {
    // offline or between deploys: try again next time
  }
}

function start(): void {
  onIdle(() => setTimeout(loadManifest, 1000));
  setInterval(checkLatest, interval);
  for (const el of document.querySelectorAll<HTMLElement>('[data-missing-path]')) el.textContent = location.pathname;
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
else start();
