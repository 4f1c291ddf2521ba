/**
 * Filling in a UI string: `{name}` placeholders, numbers in the locale's digits and separators, plural forms. Pure and
 * cheap: one formatter of each kind per locale and thread. Shared by the render (templates/i18n/strings.ts) and the
 * browser (templates/i18n/page.ts).
 */
import type { StringTable } from './keys.ts';

export type StringValues = Record<string, string | number>;

const numbers = new Map<string, Intl.NumberFormat>();
const plurals = new Map<string, Intl.PluralRules>();

function numberFormat(locale: string): Intl.NumberFormat {
  let format = numbers.get(locale);
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale);
    } catch {
      format = new Intl.NumberFormat('en');
    }
    numbers.set(locale, format);
  }
  return format;
}

function pluralRules(locale: string): Intl.PluralRules {
  let rules = plurals.get(locale);
  if (!rules) {
    try {
      rules = new Intl.PluralRules(locale);
    } catch {
      rules = new Intl.PluralRules('en');
    }
    plurals.set(locale, rules);
  }
  return rules;
}

/** A number as the locale writes it: `1,234`, `1.234`, `۱٬۲۳۴`. */
export function formatNumber(n: number, locale: string): string {
  return numberFormat(locale).format(n);
}

/** The text for `key` in `table` (its plural form for `n`), else in `fallback`, placeholders unfilled. */
export function template(table: StringTable, fallback: StringTable, key: string, n: unknown, locale: string): string {
  let text: string | undefined;
  if (typeof n === 'number') {
    const category = pluralRules(locale).select(n);
    if (category !== 'other') text = Object.hasOwn(table, key) ? table[`${key}.${category}`] : fallback[`${key}.${category}`];
  }
  return text ?? (Object.hasOwn(table, key) ? table[key] : (fallback[key] ?? key));
}

/** The text for `key` in `table` (its plural form for `values.n`), else in `fallback`, with its placeholders filled in. */
export function formatString(table: StringTable, fallback: StringTable, key: string, values: StringValues | undefined, locale: string): string {
  return fill(template(table, fallback, key, values?.n, locale), values, locale);
}

/** `text` with its `{placeholders}` filled from `values`; numbers as the locale writes them. */
export function fill(text: string, values: StringValues | undefined, locale: string): string {
  if (!values || !text.includes('{')) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!Object.hasOwn(values, name)) return whole;
    const value = values[name];
    return typeof value === 'number' ? formatNumber(value, locale) : value;
  });
}
