/** Small pure helpers shared by layouts and pages. Deterministic: never reads the clock. */
import type { SiteInfo } from '../types';

const DATE_FORMATS = new Map<string, { long: Intl.DateTimeFormat; short: Intl.DateTimeFormat }>();

/** The formatters of one locale, made once per thread (a locale Intl does not know formats as English). */
function dateFormats(locale: string): { long: Intl.DateTimeFormat; short: Intl.DateTimeFormat } {
  let formats = DATE_FORMATS.get(locale);
  if (!formats) {
    const make = (options: Intl.DateTimeFormatOptions) => {
      try {
        return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
      } catch {
        return new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
      }
    };
    DATE_FORMATS.set(locale, (formats = { long: make({ dateStyle: 'long' }), short: make({ month: 'short', day: 'numeric' }) }));
  }
  return formats;
}

/**
 * Each distinct value once per thread: Intl's format costs 15-20 µs a call, a page shows a few
 * dates, and a site has far fewer distinct dates than pages (cleared past 10,000).
 */
function memo<T>(fn: (iso: string) => T): (iso: string) => T {
  const seen = new Map<string, T>();
  return (iso) => {
    let value = seen.get(iso);
    if (value === undefined && !seen.has(iso)) {
      if (seen.size >= 10_000) seen.clear();
      seen.set(iso, (value = fn(iso)));
    }
    return value as T;
  };
}

const longDate = memo((key) => {
  const [locale, iso] = key.split('\u0000');
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateFormats(locale).long.format(d);
});

const shortDate = memo((key) => {
  const [locale, iso] = key.split('\u0000');
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateFormats(locale).short.format(d);
});

/** "January 15, 2019"; in another locale as Intl writes it there ("15. Januar 2019"). */
export function formatDate(iso: string | undefined, locale = 'en-US'): string {
  return iso ? longDate(`${locale}\u0000${iso}`) : '';
}

/** "Jan 15" ("15. Jan." in `de`). */
export function formatShortDate(iso: string, locale = 'en-US'): string {
  return shortDate(`${locale}\u0000${iso}`);
}

const day = memo((iso) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString().slice(0, 10);
});

/** "2019-01-15" for <time dateTime>. */
export function isoDay(iso: string | undefined): string | undefined {
  return iso ? day(iso) : undefined;
}

export function yearOf(iso: string): number {
  return new Date(iso).getUTCFullYear();
}

/**
 * Is `href` the current page or an ancestor section of it? Only for internal links. A menu item's
 * `activeMatch` (a regular expression over the path) replaces the ancestor rule.
 */
export function isActive(href: string, path: string, activeMatch?: string): boolean {
  if (!href.startsWith('/')) return false;
  if (href === path) return true;
  if (activeMatch) return new RegExp(activeMatch).test(path);
  if (href === '/') return false;
  return path.startsWith(href + '/');
}

export function titleCase(slug: string): string {
  return slug
    .split(/[-_ ]/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * A link from front matter or a component's props worth following: a path, an anchor, or an http(s)/mailto URL (no
 * `javascript:`, however written: browsers ignore tabs and newlines in a URL).
 */
export function safeLink(value: unknown): string | undefined {
  const link = typeof value === 'string' ? value.trim() : '';
  if (!link) return undefined;
  const plain = link.replace(/[\t\n\r]/g, '');
  return /^[a-z][a-z0-9+.-]*:/i.test(plain) && !/^(https?|mailto):/i.test(plain) ? undefined : link;
}

/** A letter or digit with the marks that go with it (`Å` written as `A` and a ring). */
const INITIAL = /[\p{L}\p{N}]\p{M}*/u;

/**
 * An avatar's initials: of the first and last words of a name, upper-cased, skipping what is no letter or digit (`@handle`
 * → "H", "Ådne Ørsted" → "ÅØ", "李小龙" → "李"). A name with no letter gives its first character whole, an emoji with
 * its surrogate pair, never half of one.
 */
export function initials(name: string): string {
  const words = name
    .normalize('NFC')
    .split(/[\s\p{Z}]+/u)
    .map((word) => INITIAL.exec(word)?.[0])
    .filter((letter): letter is string => letter !== undefined);
  if (!words.length) return new Intl.Segmenter().segment(name.trim())[Symbol.iterator]().next().value?.segment ?? '';
  // toUpperCase, not toLocaleUpperCase: the same letters on every machine.
  return `${words[0]}${words.length > 1 ? words[words.length - 1] : ''}`.toUpperCase();
}

/** Read a typed value out of loose front matter. */
export function fmString(fm: Record<string, unknown>, key: string): string | undefined {
  const v = fm[key];
  return typeof v === 'string' && v.trim() ? v : undefined;
}

export function fmStrings(fm: Record<string, unknown>, key: string): string[] {
  const v = fm[key];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

export interface FaqItem {
  q: string;
  a: string;
}

export function fmFaq(fm: Record<string, unknown>): FaqItem[] {
  const v = fm.faq;
  if (!Array.isArray(v)) return [];
  return v.filter((x): x is FaqItem => !!x && typeof x === 'object' && typeof (x as FaqItem).q === 'string' && typeof (x as FaqItem).a === 'string');
}

/** A post category's label: from `labels` (the site's `theme.categoryLabels`), else the slug in title case. */
export function categoryLabel(c: string, labels: Record<string, string> = {}): string {
  return Object.hasOwn(labels, c) ? labels[c] : titleCase(c);
}

/** Slugs made so far: a site has a few hundred tags, each named on thousands of posts, cards and listings. */
const slugs = new Map<string, string>();

/**
 * A tag's route segment: `Local Dev` → `local-dev`; letters of every script kept. A `+` or `#` after a name is spelled
 * out (`C++` → `c-plus-plus`, `C#` → `c-sharp`), so C, C++ and C# keep a page each. Empty when nothing is left.
 */
export function tagSlug(tag: string): string {
  let slug = slugs.get(tag);
  if (slug === undefined) {
    slug = tag
      .trim()
      .toLowerCase()
      .replace(/(?<=[\p{L}\p{N}][+#]*)[+#]/gu, (sign) => (sign === '+' ? '-plus-' : '-sharp-'))
      .replace(/[\s_]+/g, '-')
      .replace(/[^\p{L}\p{N}-]+/gu, '')
      .replace(/-+/g, '-')
      .replace(/^-|-$/g, '');
    // Bounded: a long-running dev server of a site whose tags keep changing.
    if (slugs.size >= 10_000) slugs.clear();
    slugs.set(tag, slug);
  }
  return slug;
}

/**
 * A document's `tags:` as every page shows them: a list (numbers read as text) or one tag, trimmed, without those that
 * have no slug (`""`, `++`), and one spelling per slug (the first: `Local Dev` and `local dev` are one tag, as on the tag pages).
 */
export function postTags(value: unknown): string[] {
  const written = Array.isArray(value) ? value : [value];
  const tags = new Map<string, string>();
  for (const item of written) {
    if (typeof item !== 'string' && typeof item !== 'number') continue;
    const name = String(item).trim();
    const slug = tagSlug(name);
    if (slug && !tags.has(slug)) tags.set(slug, name);
  }
  return [...tags.values()];
}

/**
 * A post's author ids: `authors:` (a list, or one id: Docusaurus's and Hugo's name), else `author:` (Jekyll's; a list
 * too), trimmed, each once, in the order written.
 */
export function postAuthors(frontmatter: Record<string, unknown>): string[] {
  const written = frontmatter.authors ?? frontmatter.author;
  const ids = (Array.isArray(written) ? written : [written]).filter((id): id is string => typeof id === 'string').map((id) => id.trim());
  return [...new Set(ids.filter(Boolean))];
}

/** The theme's page of a tag (`/blog/tags/local-dev`), when the site has tag pages (config `blog.tags`). */
export function tagPath(site: Pick<SiteInfo, 'blog' | 'blogDir'>, tag: string): string | undefined {
  const slug = tagSlug(tag);
  return site.blog?.tags && slug ? `/${site.blogDir}/tags/${slug}` : undefined;
}

/** The theme's page of an author (`/blog/authors/ana`), when the site has author pages (config `blog.authors`) and the id is a slug. */
export function authorPath(site: Pick<SiteInfo, 'blog' | 'blogDir'>, id: string): string | undefined {
  return site.blog?.authors && /^[\p{L}\p{N}_-]+$/u.test(id) ? `/${site.blogDir}/authors/${id}` : undefined;
}

/** The home page in a locale: its own root page (`/ja`) when it has one, else the site's (`/`). */
export function homeIn(site: Pick<SiteInfo, 'locales' | 'defaultLocale'>, locale: string): string {
  if (locale === site.defaultLocale) return '/';
  const root = `/${locale.toLowerCase()}`;
  return site.locales.find((l) => l.code === locale)?.home === root ? root : '/';
}
