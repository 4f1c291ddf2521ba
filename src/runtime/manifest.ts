/** The build manifest (route rules, prerendered paths) and new-build detection. */
import { config, state, url, type Manifest, type RouteRule } from './state.ts';

export function onIdle(fn: () => void): void {
  const ric = (window as { requestIdleCallback?: (cb: () => void) => number }).requestIdleCallback;
  if (ric) ric(fn);
  else setTimeout(fn, 1);
}

export async function loadManifest(): Promise<void> {
  try {
    const res = await fetch(url(`_sitegen/builds/meta/${state.buildId}.json`));
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const manifest = (await res.json()) as Manifest;
    if (!manifest || !Array.isArray(manifest.prerendered) || !manifest.matcher) throw new Error('malformed manifest');
    state.manifest = manifest;
    state.prerendered = new Set(manifest.prerendered);
  } catch (error) {
    console.error('[sitegen] could not load the build manifest', error);
  }
}

export async function checkLatest(): Promise<void> {
  try {
    const res = await fetch(url(`_sitegen/builds/latest.json?${Date.now()}`), { cache: 'no-store' });
    const latest = (await res.json()) as { id?: string };
    if (latest.id && latest.id !== state.buildId) state.outdated = true;
  } catch {
    // offline or mid-deploy: try again at the next interval
  }
}

function patternToRegExp(pattern: string): RegExp {
  const re = pattern
    .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
    .replace(/\/\\\*\\\*$|\/\*\*$/, '(?:/(?<_>.*))?')
    .replace(/\*\*/g, '(?<_>.+?)')
    .replace(/:([A-Za-z_]\w*)/g, '(?<$1>[^/]+?)')
    .replace(/\*/g, '[^/]+?');
  return new RegExp(`^${re}$`);
}

/** Where a path redirects under the manifest's route rules (same order as the server: exact, patterns, longest prefix). */
export function redirectFor(path: string): string | undefined {
  const m = state.manifest?.matcher;
  if (!m) return undefined;
  const fill = (rule: RouteRule, groups: Record<string, string | undefined>) =>
    rule.redirect?.to.replace(/\*\*|:([A-Za-z_]\w*)/g, (_t, name?: string) => (name ? groups[name] ?? '' : groups._ ?? ''));
  if (m.static[path]) return fill(m.static[path], {});
  for (const [pattern, rule] of Object.entries(m.dynamic)) {
    const hit = patternToRegExp(pattern).exec(path);
    if (hit) return fill(rule, hit.groups ?? {});
  }
  let best = '';
  for (const prefix of Object.keys(m.wildcard)) if ((path === prefix || path.startsWith(`${prefix}/`)) && prefix.length > best.length) best = prefix;
  return best ? fill(m.wildcard[best], { _: path.slice(best.length + 1) }) : undefined;
}

/** Once the page is idle, wait 1 s and fetch the manifest (once); then poll for new builds. */
export function startBuildChecks(onManifest: () => void): void {
  onIdle(() => setTimeout(() => void loadManifest().then(onManifest), 1000));
  setInterval(checkLatest, config.checkInterval);
}
