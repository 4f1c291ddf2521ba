/**
 * A page's UI strings and formats, for layouts and components: `const s = useStrings(); s.t('toc.title')`,
 * `s.t('doc.readingTime', { n: 5 })`, `s.date(page.updated)`. One object per locale and thread, made from the table the
 * build resolved (site/i18n over the built-in table over English).
 */
import { createContext, useContext } from 'react';
import { formatDate, formatShortDate } from '../components/util.ts';
import { fill, formatNumber, formatString, template, type StringValues } from './format.ts';
import { ENGLISH, type StringKey, type StringTable } from './keys.ts';

export type { StringKey, StringTable, StringValues };

export interface Strings {
  /** The page's language (BCP 47), for Intl. */
  readonly locale: string;
  readonly table: StringTable;
  /** The text for `key`, its `{placeholders}` filled from `values` (numbers in the locale's digits; `n` picks the plural form). */
  t(key: StringKey, values?: StringValues): string;
  /** "January 15, 2019" / "15. Januar 2019": a long date, in UTC. */
  date(iso: string | undefined): string;
  /** "Jan 15" / "15. Jan.". */
  shortDate(iso: string): string;
  number(n: number): string;
  /**
   * The text for `key` split around its count: `['', '5', ' min read']`. A component renders the three side by side,
   * so React writes the number as its own text, as `{n} min read` in JSX does.
   */
  count(key: StringKey, n: number, values?: StringValues): [string, string, string];
}

const made = new WeakMap<StringTable, Map<string, Strings>>();

/** The strings of `locale` from its resolved table: one object per table and locale. */
export function createStrings(locale: string, table: StringTable = ENGLISH): Strings {
  let byLocale = made.get(table);
  if (!byLocale) made.set(table, (byLocale = new Map()));
  let strings = byLocale.get(locale);
  if (!strings) {
    // A text without values, or with a count alone ("{n} more"), is the same every time: formatted once.
    const texts = new Map<string, string>();
    const counts = new Map<string, [string, string, string]>();
    const t = (key: StringKey, values?: StringValues) => formatString(table, ENGLISH, key, values, locale);
    strings = {
      locale,
      table,
      t: (key, values) => {
        const only = values === undefined ? key : typeof values.n === 'number' && Object.keys(values).length === 1 ? `${key}\u0000${values.n}` : undefined;
        if (only === undefined) return t(key, values);
        let text = texts.get(only);
        if (text === undefined) texts.set(only, (text = t(key, values)));
        return text;
      },
      date: (iso) => formatDate(iso, locale),
      shortDate: (iso) => formatShortDate(iso, locale),
      number: (n) => formatNumber(n, locale),
      count: (key, n, values) => {
        const once = values === undefined ? `${key}\u0000${n}` : undefined;
        const known = once === undefined ? undefined : counts.get(once);
        if (known) return known;
        const text = template(table, ENGLISH, key, n, locale);
        const [before, after] = around(text, 'n');
        const parts: [string, string, string] = text.includes('{n}')
          ? [fill(before, values, locale), formatNumber(n, locale), fill(after, values, locale)]
          : [fill(text, values, locale), '', ''];
        if (once !== undefined) counts.set(once, parts);
        return parts;
      },
    };
    byLocale.set(locale, strings);
  }
  return strings;
}

/** English, for a component rendered outside a page (a test, a plugin's own render). */
const ENGLISH_STRINGS = createStrings('en');

/** What the render provides around every page: its locale's strings (src/render/render-page.ts). */
export const StringsContext = createContext<Strings>(ENGLISH_STRINGS);

/** The current page's strings. */
export function useStrings(): Strings {
  return useContext(StringsContext);
}

/** `text` split around one `{name}` placeholder, to put an element there: `Last updated {date}` → ['Last updated ', '']. */
export function around(text: string, name: string): [string, string] {
  const at = text.indexOf(`{${name}}`);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + name.length + 2)];
}
