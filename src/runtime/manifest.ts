/** The build manifest (route rules, prerendered paths) and new-build detection. */
import type { resolveRedirect } from '../routes/match.ts';
import { config, normalRoute, state, url, type Manifest } from './state.ts';

export function onIdle(fn: () => void): void {
  const ric = (window as { requestIdleCallback?: (cb: () => void) => number }).requestIdleCallback;
  if (ric) ric(fn);
  else setTimeout(fn, 1);
}

/** The current build's id, from `builds/latest.json` (uncached), or undefined when it cannot be read. */
async function fetchLatest(): Promise<string | undefined> {
  const res = await fetch(url(`_sitegen/builds/latest.json?${Date.now()}`), { cache: 'no-store' });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const latest = (await res.json()) as { id?: unknown };
  return typeof latest?.id === 'string' && latest.id ? latest.id : undefined;
}

/** The build this session runs on (from latest.json), then that build's manifest. */
export async function loadManifest(): Promise<void> {
  try {
    const id = await fetchLatest();
    if (!id) throw new Error('malformed builds/latest.json');
    state.buildId = id;
    const res = await fetch(url(`_sitegen/builds/meta/${state.buildId}.json`));
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const manifest = (await res.json()) as Manifest;
    if (!manifest || !Array.isArray(manifest.prerendered) || !manifest.matcher) throw new Error('malformed manifest');
    // The matcher's code is needed only with the rules it reads: a chunk of its own, loaded beside the manifest.
    resolve = (await import('../routes/match.ts')).resolveRedirect;
    state.manifest = manifest;
    state.prerendered = new Set(manifest.prerendered.map(normalRoute));
  } catch (error) {
    console.error('[sitegen] could not load the build manifest', error);
  }
}

export async function checkLatest(): Promise<void> {
  try {
    // Nothing to compare with before the first fetch.
    if (!state.buildId) return;
    const id = await fetchLatest();
    if (id && id !== state.buildId) state.outdated = true;
  } catch {
    // offline or mid-deploy: try again at the next interval
  }
}

let resolve: typeof resolveRedirect | undefined;

/** Where a path redirects under the manifest's route rules: the same matcher as the servers. */
export function redirectFor(path: string): string | undefined {
  const matcher = state.manifest?.matcher;
  return matcher && resolve ? resolve(matcher, path)?.to : undefined;
}

/** Once the page is idle, wait 1 s and fetch the manifest (once); then poll for new builds. */
export function startBuildChecks(onManifest: () => void): void {
  onIdle(() => setTimeout(() => void loadManifest().then(onManifest), 1000));
  setInterval(checkLatest, config.checkInterval);
}
