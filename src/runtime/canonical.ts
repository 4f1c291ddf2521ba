/**
 * The canonical URL keeps only whitelisted query parameters (site config
 * `canonicalQueryWhitelist`), sorted by name as the build sorts them. Pages are static, so the
 * query of the URL a visitor actually opened is applied here, on load and after each navigation.
 */
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
