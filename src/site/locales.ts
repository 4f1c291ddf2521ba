/**
 * The site's languages: each configured locale with its label and direction, and the language of a page (its
 * document's `_locale`, else the locale its path starts with, else the default). Without `locales`, every page
 * speaks the site's `lang`.
 */
import type { LocaleInfo, PageData } from '../../templates/types.ts';
import { editDistance } from '../edit-distance.ts';
import { SitegenError } from '../errors.ts';

/** Scripts written right to left, by primary language subtag. */
const RTL = new Set(['ar', 'fa', 'he', 'ur', 'ps', 'sd', 'ug', 'yi', 'dv', 'ckb']);

export type LocaleInput = string | { code: string; label?: string; dir?: 'ltr' | 'rtl' };

/** The direction a language is written in, unless set. */
export function directionOf(code: string): 'ltr' | 'rtl' {
  return RTL.has(code.toLowerCase().split('-')[0]) ? 'rtl' : 'ltr';
}

/** A language's name in itself (`ja` → 日本語), for switchers; the code when the runtime has no name for it. */
export function endonym(code: string): string {
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code);
    if (name && name !== code) return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
  } catch {
    // not a valid BCP 47 tag: the code names itself
  }
  return code;
}

export function resolveLocales(input: LocaleInput[]): LocaleInfo[] {
  return input.map((entry) => {
    const { code, label, dir } = typeof entry === 'string' ? { code: entry } : entry;
    return { code, label: label ?? endonym(code), dir: dir ?? directionOf(code) };
  });
}

/** What a page's language is decided from: the site's locales, its default, and its `lang` when it has none. */
export interface Languages {
  lang: string;
  locales: LocaleInfo[];
  defaultLocale: string;
}

/** A locale's folder in routes: its code in lower case, as every route segment is (`zh-CN` → `/zh-cn/…`). */
export function localeSegment(code: string): string {
  return code.toLowerCase();
}

/** The folders of the locales other than the default (`ja`, `zh-cn`), where their pages' routes start. */
export function localeFolders(site: Languages): string[] {
  return site.locales.filter((l) => l.code !== site.defaultLocale).map((l) => localeSegment(l.code));
}

/** The locale a path is in: its first segment when that names a locale other than the default, else the default. */
export function localeOfPath(path: string, site: Languages): string {
  if (!site.locales.length) return site.lang;
  const first = (path.split('/')[1] ?? '').toLowerCase();
  return site.locales.find((l) => localeSegment(l.code) === first && l.code !== site.defaultLocale)?.code ?? site.defaultLocale;
}

/** A page's language and direction: its document's locale (`_locale`) when it has one, else its path's. */
export function pageLanguage(path: string, site: Languages, docLocale?: string): { locale: string; dir: 'ltr' | 'rtl' } {
  const locale = docLocale ?? localeOfPath(path, site);
  const dir = site.locales.find((l) => l.code === locale)?.dir ?? directionOf(locale);
  return { locale, dir };
}

/** A path without its locale's folder: `/ja/guide/setup` → `/guide/setup`, `/ja` → `/`. */
export function unlocalizedPath(path: string, locale: string, site: Languages): string {
  const folder = `/${localeSegment(locale)}`;
  if (locale === site.defaultLocale || !(path === folder || path.startsWith(`${folder}/`))) return path;
  return path.slice(folder.length) || '/';
}

/** A path in another locale: `/guide/setup` in `ja` → `/ja/guide/setup`. */
export function localizedPath(path: string, locale: string, site: Languages): string {
  if (!site.locales.length || locale === site.defaultLocale) return path;
  return path === '/' ? `/${localeSegment(locale)}` : `/${localeSegment(locale)}${path}`;
}

/** Pages grouped by an id, in their order. */
function groupBy(pages: PageData[], id: (page: PageData) => string | undefined): Map<string, PageData[]> {
  const groups = new Map<string, PageData[]>();
  for (const page of pages) {
    const key = id(page);
    if (key === undefined) continue;
    const group = groups.get(key);
    if (group) group.push(page);
    else groups.set(key, [page]);
  }
  return groups;
}

/**
 * Each page's translations, itself included, in the order of `locales`: the pages of the other locales with the same
 * front matter `translationKey`, else the same path without the locale's folder. A key no other locale's page shares
 * (given on one side of a pair only, or mistyped) pairs nothing, so its page pairs by path. A page without any gets none.
 * A key on two pages of one locale is a problem (SG3011); the first of them is paired.
 */
export function linkTranslations(pages: PageData[], site: Languages): SitegenError[] {
  if (site.locales.length < 2) return [];
  const keyOf = (page: PageData) => {
    const key = page.frontmatter.translationKey;
    return typeof key === 'string' || typeof key === 'number' ? `key:${key}` : undefined;
  };
  const keyed = groupBy(pages, keyOf);
  const groups = groupBy(pages, (page) => {
    const key = keyOf(page);
    const shared = key !== undefined && new Set(keyed.get(key)!.map((p) => p.locale)).size > 1;
    return shared ? key : `path:${unlocalizedPath(page.path, page.locale, site)}`;
  });
  const rank = new Map(site.locales.map((l, i) => [l.code, i]));
  const problems: SitegenError[] = [];
  for (const [id, group] of keyed) {
    // Two pages of one locale with the same key: which one is the translation is a guess, so say so.
    const seen = new Map<string, PageData>();
    for (const page of group) {
      const first = seen.get(page.locale);
      if (!first) seen.set(page.locale, page);
      else
        problems.push(
          new SitegenError('SG3011', `translationKey "${id.slice(4)}" is on two ${page.locale} pages: ${first.source} and ${page.source}`, {
            location: { file: page.source },
            hint: 'Give each page of a locale its own translationKey: a key pairs one page per language.',
          }),
        );
    }
  }
  for (const group of groups.values()) {
    // One page per locale, the first: a second page of the same locale and key is not a translation of the others.
    const one = [...new Map([...group].reverse().map((page) => [page.locale, page])).values()].filter((page) => rank.has(page.locale));
    if (one.length < 2) continue;
    const translations = one.sort((a, b) => rank.get(a.locale)! - rank.get(b.locale)!).map((page) => ({ locale: page.locale, path: page.path }));
    for (const page of one) page.translations = translations;
  }
  return problems;
}

/** Each locale's home for the language menu: `/<code>` (`/` for the default) when it is a page, else its first page by path. */
export function setLocaleHomes(locales: LocaleInfo[], pages: PageData[], site: Languages): void {
  for (const locale of locales) {
    const home = localizedPath('/', locale.code, site);
    const own = pages.filter((page) => page.locale === locale.code).map((page) => page.path);
    const found = own.includes(home) ? home : own.sort()[0];
    if (found) locale.home = found;
    else delete locale.home;
  }
}

/** Mark the locales that have posts (`LocaleInfo.posts`), so a page of one that has none links no feed of its own. */
export function setLocalePosts(locales: LocaleInfo[], posts: Map<string, number>): void {
  for (const locale of locales) locale.posts = (posts.get(locale.code) ?? 0) > 0;
}

/** Whether a route is a not-found page: the site's `/404`, or a locale's (`/ja/404`). */
export function isNotFoundPath(path: string, site: Languages): boolean {
  return path === '/404' || site.locales.some((l) => l.code !== site.defaultLocale && path === `/${localeSegment(l.code)}/404`);
}

/**
 * A configured locale without a page (its folder missing or misspelled: `ge` for `de`): SG3010. Its language menu entry
 * would be left out, and a folder meant for it published as the default locale's pages, saying nothing.
 */
export function localesWithoutPages(pages: PageData[], site: Languages): SitegenError[] {
  const having = new Set(pages.map((page) => page.locale));
  const missing = site.locales.filter((l) => l.code !== site.defaultLocale && !having.has(l.code));
  if (!missing.length) return [];
  // The default locale's top folders: one of them may be the folder the missing locale was meant to name.
  const folders = [
    ...new Set(
      pages
        .filter((page) => page.locale === site.defaultLocale)
        .map((page) => page.path.split('/')[1])
        .filter(Boolean),
    ),
  ];
  return missing.map(({ code }) => {
    const folder = localeSegment(code);
    const near = folders.find((f) => f === folder.split('-')[0] || editDistance(f, folder, 2) < 2);
    return new SitegenError('SG3010', `locales lists "${code}", but no page is in its folder: content/${code}/ and site/pages/${code}/ have none`, {
      location: { file: 'site/config.ts' },
      hint: near
        ? `Did you mean "${near}"? The pages under /${near}/ are published as ${site.defaultLocale} pages, as no locale is named so.`
        : `A locale's pages are in a folder named by its code; add at least one page under content/${code}/, or leave "${code}" out of locales.`,
    });
  });
}
