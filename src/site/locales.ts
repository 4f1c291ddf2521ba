/**
 * The site's languages: each configured locale with its label and direction, and the language of a page (its
 * document's `_locale`, else the locale its path starts with, else the default). Without `locales`, every page
 * speaks the site's `lang`.
 */
import type { LocaleInfo } from '../../templates/types.ts';

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

/** The locale a path is in: its first segment when that names a locale other than the default, else the default. */
export function localeOfPath(path: string, site: Languages): string {
  if (!site.locales.length) return site.lang;
  const first = path.split('/')[1] ?? '';
  return site.locales.some((l) => l.code === first && l.code !== site.defaultLocale) ? first : site.defaultLocale;
}

/** A page's language and direction: its document's locale (`_locale`) when it has one, else its path's. */
export function pageLanguage(path: string, site: Languages, docLocale?: string): { locale: string; dir: 'ltr' | 'rtl' } {
  const locale = docLocale ?? localeOfPath(path, site);
  const dir = site.locales.find((l) => l.code === locale)?.dir ?? directionOf(locale);
  return { locale, dir };
}
