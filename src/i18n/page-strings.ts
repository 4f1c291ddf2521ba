/**
 * The UI strings the browser shows (the copy button's "Copied", the search box's messages, the preview banner, form
 * errors), carried by the page that needs them: `<script type="application/json" data-sitegen-strings>` at the end of
 * the swapped root, so a client-side navigation brings the next page's. Only the texts that differ from English are
 * written (the browser code has the English ones): an English page carries nothing.
 */
import { ENGLISH, PLURAL_FORMS, baseKey, type StringTable } from '../../templates/i18n/keys.ts';

/** The keys the browser code reads (templates/i18n/page.ts callers). */
export const BROWSER_KEYS = /^(copy\.(button|copied|failed)|preview\.|search\.(results|noResults|resultCount|loading|unavailable)|form\.)/;

const written = new WeakMap<StringTable, string>();

/** The element for a page in the language of `table` ('' when its browser texts are English). */
export function pageStringsHtml(table: StringTable | undefined): string {
  if (!table) return '';
  let html = written.get(table);
  if (html === undefined) {
    const own: Record<string, string> = {};
    for (const key of Object.keys(ENGLISH)) {
      if (baseKey(key) !== key || !BROWSER_KEYS.test(key)) continue;
      const group = [key, ...PLURAL_FORMS.map((form) => `${key}.${form}`)];
      if (group.every((k) => table[k] === ENGLISH[k])) continue;
      for (const k of group) if (Object.hasOwn(table, k)) own[k] = table[k];
    }
    // `<` escaped: a text never closes the element.
    const json = JSON.stringify(own).replace(/</g, '\\u003c');
    html = Object.keys(own).length ? `<script type="application/json" data-sitegen-strings>${json}</script>` : '';
    written.set(table, html);
  }
  return html;
}
