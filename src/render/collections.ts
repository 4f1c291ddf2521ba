/**
 * The site-wide collections a page reads, and what they are scoped by: its locale's navigation and posts, and inside a
 * version of the docs that version's navigation alone. The main thread hashes each scope's collections to tell which
 * pages to render again (pipeline/render.ts); the workers give each page the same collections.
 */
import type { PageData } from '../../templates/types.ts';
import { versionNav } from '../site/versions.ts';
import type { SharedRenderData, SiteCollection } from './types.ts';

export type PageScope = Pick<PageData, 'locale' | 'version'>;

/** The scope's name: locale and version (`ja\u0000v1`). */
export const scopeOf = (page: PageScope) => `${page.locale}\u0000${page.version ?? ''}`;

export function scopedCollections(shared: SharedRenderData, page: PageScope): Pick<SharedRenderData, SiteCollection> {
  const local = shared.locales?.[page.locale] ?? shared;
  if (!page.version) return local;
  const site = local.versions?.[page.version] ?? local.site;
  return { nav: versionNav(local.nav, site.theme.docsRoot), posts: local.posts };
}
