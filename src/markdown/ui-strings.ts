/**
 * The UI strings markdown renders into a document (the copy button, callout titles, footnote and table labels): the
 * parse puts the document's locale and table in markdown-it's env (content/parse.ts), English without one. They are
 * rendered at parse time, so a document's HTML is in its language wherever it goes (its page, feeds, the content API).
 */
import { formatString, type StringValues } from '../../templates/i18n/format.ts';
import { ENGLISH } from '../../templates/i18n/keys.ts';
import { escapeHtml } from '../html.ts';

/** Where the env holds `{ locale, table }`. */
export const STRINGS_ENV = 'sitegenStrings';

export interface EnvStrings {
  locale: string;
  table: Record<string, string>;
}

/** The document's text for `key` (markdown's subset: `copy.*`, `callout.*`, `markdown.*`), English by default. */
export function mdString(env: unknown, key: string, values?: StringValues): string {
  const strings = (env as Record<string, EnvStrings | undefined> | undefined)?.[STRINGS_ENV];
  return strings ? formatString(strings.table, ENGLISH, key, values, strings.locale) : formatString(ENGLISH, ENGLISH, key, values, 'en');
}

/** Does the env carry a table (a document in a language whose strings are not English)? */
export function hasStrings(env: unknown): boolean {
  return !!(env as Record<string, unknown> | undefined)?.[STRINGS_ENV];
}

/** The copy button every code block's head carries; hidden until the runtime's copy script marks the page ready. */
export const COPY_BUTTON = '<button class="code-copy" type="button" aria-label="Copy code">Copy</button>';

/** The copy button with the document's labels (the same string as COPY_BUTTON in English). */
export function copyButton(env: unknown): string {
  if (!hasStrings(env)) return COPY_BUTTON;
  return `<button class="code-copy" type="button" aria-label="${escapeHtml(mdString(env, 'copy.label'))}">${escapeHtml(mdString(env, 'copy.button'))}</button>`;
}
