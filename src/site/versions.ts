/**
 * Versioned docs (`theme.versions`, the latest first): each version is a content folder, in each locale's folder too
 * (`/v2/…`, `/ja/v2/…`), and the docs root of its pages: its own sidebar, prev/next and search index. A page's
 * counterparts in the other versions are the pages at the same path after the version's folder.
 */
import type { LocaleInfo, NavItem, PageData, SiteInfo, VersionInfo } from '../../templates/types.ts';
import { stemToPath } from '../content/paths.ts';
import { editDistance } from '../edit-distance.ts';
import { SitegenError } from '../errors.ts';
import { computeNeighbours, flattenNav, type Neighbours } from './collections.ts';
import { localeSegment, localizedPath, unlocalizedPath, type Languages } from './locales.ts';

/** The route of a version's folder in the default locale: `v2` → `/v2`. */
const rootOf = (dir: string) => stemToPath(dir);

/** The version a page is in, and its path after the version's folder (`/ja/v1/guide` → `v1`, `/guide`). */
function placeIn(page: Pick<PageData, 'path' | 'locale'>, roots: { dir: string; root: string }[], site: Languages): { dir: string; rest: string } | undefined {
  const local = unlocalizedPath(page.path, page.locale, site);
  const found = roots.find(({ root }) => local === root || local.startsWith(`${root}/`));
  return found && { dir: found.dir, rest: local.slice(found.root.length) || '/' };
}

/**
 * Each page's version (`page.version`), and its counterparts in the other versions, itself included and latest first
 * (`page.versions`), when another version has the page.
 */
export function linkVersions(pages: PageData[], versions: { dir: string }[], site: Languages): void {
  if (!versions.length) return;
  const roots = versions.map(({ dir }) => ({ dir, root: rootOf(dir) }));
  const groups = new Map<string, PageData[]>();
  for (const page of pages) {
    const place = placeIn(page, roots, site);
    if (!place) continue;
    page.version = place.dir;
    const id = `${page.locale}\u0000${place.rest}`;
    const group = groups.get(id);
    if (group) group.push(page);
    else groups.set(id, [page]);
  }
  const rank = new Map(versions.map(({ dir }, i) => [dir, i]));
  for (const group of groups.values()) {
    // One page per version (two React pages and documents cannot share a route, but stay safe).
    const one = [...new Map(group.map((page) => [page.version!, page])).values()];
    if (one.length < 2) continue;
    const list = one.sort((a, b) => rank.get(a.version!)! - rank.get(b.version!)!).map((page) => ({ version: page.version!, path: page.path }));
    for (const page of one) page.versions = list;
  }
}

/** A locale's docs root for a version: `v1`, or `ja/v1` in another locale's folder (route segments, as `docsRoot` is). */
function versionRoot(dir: string, code: string, site: Languages): string {
  const root = rootOf(dir).slice(1);
  return site.locales.length && code !== site.defaultLocale ? `${localeSegment(code)}/${root}` : root;
}

/**
 * A locale's versions (set as `site.versions`), and its site for each older version: the same site with that version's
 * folder as its docs root (the locale's own site has the latest's). Undefined without versions.
 */
export function versionSites(site: SiteInfo, code: string, languages: Languages): Record<string, SiteInfo> | undefined {
  const [latest, ...older] = site.theme.versions ?? [];
  if (!latest) return undefined;
  site.versions = site.theme.versions!.map(({ dir, label }) => ({ dir, label, path: localizedPath(rootOf(dir), code, languages) }));
  return Object.fromEntries(older.map(({ dir }) => [dir, { ...site, theme: { ...site.theme, docsRoot: versionRoot(dir, code, languages) } }]));
}

/** prev/next in each older version's own sidebar order (the latest's are the locale's). */
export function versionNeighbours(nav: NavItem[], sites: Record<string, SiteInfo> | undefined): [string, Neighbours][] {
  return Object.values(sites ?? {}).flatMap((site) => [...computeNeighbours(nav, site.theme.docsRoot, [])]);
}

/**
 * Each version's home in a locale, for the version menu: its folder's page when there is one, else its first page in
 * sidebar order, else its first page by path; none when the version has no page in the locale.
 */
export function setVersionHomes(versions: VersionInfo[], nav: NavItem[], pages: PageData[]): void {
  for (const version of versions) {
    const own = new Set(pages.filter((page) => page.path === version.path || page.path.startsWith(`${version.path}/`)).map((page) => page.path));
    const node = nav.find((item) => item.path === version.path || (item.path.startsWith(`${version.path}/`) && item.children));
    const home = own.has(version.path) ? version.path : (flattenNav(node?.children ?? []).find((link) => own.has(link.path))?.path ?? [...own].sort()[0]);
    if (home) version.home = home;
    else delete version.home;
  }
}

const versionNavs = new WeakMap<NavItem[], Map<string, NavItem[]>>();

/**
 * The navigation a page inside a version reads: that version's folder alone, so a change in another version's pages does
 * not render it again. The folder's node is copied: caches keyed by a tree's first node (the sidebar's) tell the two
 * trees apart. The whole navigation when the folder has no node. One array per tree and folder.
 */
export function versionNav(nav: NavItem[], docsRoot: string): NavItem[] {
  let byRoot = versionNavs.get(nav);
  if (!byRoot) versionNavs.set(nav, (byRoot = new Map()));
  let scoped = byRoot.get(docsRoot);
  if (!scoped) {
    const path = `/${docsRoot}`;
    const node = nav.find((item) => item.path === path || (item.path.startsWith(`${path}/`) && item.children));
    byRoot.set(docsRoot, (scoped = node ? [{ ...node }] : nav));
  }
  return scoped;
}

/**
 * Each locale's start page in every version it has (`LocaleInfo.versionHomes`), where the language menu goes from a page
 * of that version the locale has not translated. A locale without a page at its own root (`/ja`) starts at the latest
 * version's start page rather than its first page by path, which may be an older version's.
 */
export function setLocaleVersionHomes(locales: LocaleInfo[], models: { code: string; site: SiteInfo }[], site: Languages): void {
  for (const locale of locales) {
    const versions = models.find((model) => model.code === locale.code)?.site.versions ?? [];
    const homes = Object.fromEntries(versions.flatMap(({ dir, home }) => (home ? [[dir, home]] : [])));
    if (!Object.keys(homes).length) {
      delete locale.versionHomes;
      continue;
    }
    locale.versionHomes = homes;
    const latest = homes[versions[0].dir];
    if (latest && locale.home !== localizedPath('/', locale.code, site)) locale.home = latest;
  }
}

/**
 * A version that no locale has a page of, its folder missing or misspelled (`v1.0` for `v1`): SG3009, with the folders
 * at the content root that hold pages. (A version that only some locales translated is fine.)
 */
export function versionsWithoutPages(versions: { dir: string }[], pages: PageData[], site: Languages): SitegenError[] {
  const found = new Set(pages.flatMap((page) => (page.version ? [page.version] : [])));
  const missing = versions.filter(({ dir }) => !found.has(dir));
  if (!missing.length) return [];
  const folders = [...new Set(pages.map((page) => unlocalizedPath(page.path, page.locale, site).split('/')[1]).filter(Boolean))].sort();
  return missing.map(({ dir }) => {
    const near = folders.find((folder) => !versions.some((v) => rootOf(v.dir) === `/${folder}`) && editDistance(folder, dir.toLowerCase(), 3) < 3);
    return new SitegenError('SG3009', `theme.versions lists "${dir}", but no page is in it: content/${dir}/ (or content/<locale>/${dir}/) has none`, {
      location: { file: 'site/config.ts' },
      hint: `${near ? `Did you mean "${near}"? ` : ''}A version is a folder at the content root, holding its pages; the folders with pages are: ${folders.join(', ') || 'none'}.`,
    });
  });
}
