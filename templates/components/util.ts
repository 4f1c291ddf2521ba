/** Small pure helpers shared by layouts and pages. Deterministic: never reads the clock. */

const LONG_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const SHORT_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

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

const longDate = memo((iso) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : LONG_DATE.format(d);
});

/** "January 15, 2019" */
export function formatDate(iso: string | undefined): string {
  return iso ? longDate(iso) : '';
}

/** "Jan 15" */
export const formatShortDate = memo((iso) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : SHORT_DATE.format(d);
});

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
