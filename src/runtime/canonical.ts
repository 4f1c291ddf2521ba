/** The canonical URL keeps only whitelisted query parameters (`canonicalQueryWhitelist`), sorted; applied here as pages are static. */
import { config } from './state.ts';

export function applyCanonicalQuery(): void {
  const link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link?.href) return;
  const canonical = new URL(link.href);
  const params = new URLSearchParams(location.search);
  const kept = new URLSearchParams();
  for (const key of [...new Set(params.keys())].sort()) {
    if (config.canonicalQuery.includes(key)) for (const value of params.getAll(key)) kept.append(key, value);
  }
  canonical.search = kept.toString();
  if (canonical.href !== link.href) link.href = canonical.href;
}
