/**
 * The theme's UI strings: every text the default theme shows is in a table keyed by a stable id (en.json lists them
 * all). A table for a language is a flat `{ "key": "text" }`; `{name}` in a text is a value filled in when it is shown.
 * A key whose text counts something (`{n}`) may have plural forms beside it: `search.resultCount.one`, `.few`, …
 * (Intl.PluralRules' categories); without one, the key's own text is used.
 */
import en from './en.json';

export type StringKey = keyof typeof en;
export type StringTable = Readonly<Record<string, string>>;

/** The English table: every key, and the text a key falls back to. */
export const ENGLISH: StringTable = en;

/** The plural categories a key may add (`other` is the key itself). */
export const PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many'] as const;

/** `search.resultCount.one` → `search.resultCount`; any other key as it is. */
export function baseKey(key: string): string {
  const dot = key.lastIndexOf('.');
  return dot > 0 && (PLURAL_FORMS as readonly string[]).includes(key.slice(dot + 1)) ? key.slice(0, dot) : key;
}

/** A key of the tables: a key of en.json, or a plural form of one that counts (`{n}`). */
export function isKnownKey(key: string): boolean {
  if (Object.hasOwn(ENGLISH, key)) return true;
  const base = baseKey(key);
  return base !== key && Object.hasOwn(ENGLISH, base) && ENGLISH[base].includes('{n}');
}
