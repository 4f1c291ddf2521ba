/**
 * UI strings in the browser (the runtime, the search client, islands): a page whose language's strings differ from
 * English carries them in `<script type="application/json" data-sitegen-strings>` inside the swapped root, so a
 * client-side navigation brings the next page's. Each caller passes its own English text, so the browser code holds
 * no table (tests/unit/i18n checks the English texts against en.json).
 */
import { formatString, type StringValues } from './format.ts';

let read: { el: Element | null; table: Record<string, string> } | undefined;

function pageTable(): Record<string, string> {
  const el = typeof document === 'undefined' ? null : document.querySelector('script[data-sitegen-strings]');
  if (read?.el !== el) {
    let table: Record<string, string> = {};
    try {
      const parsed = el ? JSON.parse(el.textContent ?? '{}') : {};
      if (parsed && typeof parsed === 'object') table = parsed;
    } catch {
      // a damaged element: English
    }
    read = { el, table };
  }
  return read.table;
}

/**
 * The page's text for `key`, else `english` (a text, or its plural forms: `{ other: '{n} results', one: '{n} result' }`),
 * with `{placeholders}` filled in for the page's language.
 */
export function pageString(key: string, english: string | Record<string, string>, values?: StringValues): string {
  const lang = (typeof document !== 'undefined' && document.documentElement.lang) || 'en';
  const fallback: Record<string, string> = {};
  if (typeof english === 'string') fallback[key] = english;
  else for (const [form, text] of Object.entries(english)) fallback[form === 'other' ? key : `${key}.${form}`] = text;
  return formatString(pageTable(), fallback, key, values, lang);
}

/**
 * The page's text for `key`, else `english`, with `{placeholders}` filled as given: no plural forms and no number
 * formatting, so the runtime, which needs neither, carries no formatter.
 */
export function pageText(key: string, english: string, values: Record<string, string> = {}): string {
  return (pageTable()[key] ?? english).replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match);
}
