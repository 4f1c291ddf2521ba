/**
 * MiniSearch settings shared by the build (templates/plugins/search.ts, which makes the index)
 * and the browser client (templates/search/client.ts, which loads it): `loadJSON` needs exactly
 * the options the index was built with.
 */
import type { Options, SearchOptions } from 'minisearch';
import { tokenize } from './tokenize.ts';

/** One searchable page, as the index stores it. */
export interface SearchDocument {
  /** Route path (also the document id). */
  path: string;
  title: string;
  /** 'Docs · Guide', 'Blog' … shown next to the title. */
  section: string;
  /** Short description shown under the title. */
  description: string;
  /** Heading text of the page, space-separated. */
  headings: string;
  /**
   * The headings in page order (stored only: a result links to the heading that matched), each as its text when its id
   * is `headingSlug(text)` (most are), else as `[id, text]`.
   */
  anchors?: (string | [id: string, text: string])[];
  /** Body text, tags stripped and truncated. */
  text: string;
}

/** What a search result carries (the stored fields). */
export type StoredResult = Pick<SearchDocument, 'title' | 'path' | 'section' | 'description' | 'anchors'>;

/** A heading's id by GitHub's rule, as the markdown renderer makes it (src/markdown/slugify.ts `headingSlug`). */
export const headingSlug = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-') || 'section';

/** A stored heading as `[id, text]`. */
export const anchorOf = (anchor: string | [string, string]): [string, string] => (typeof anchor === 'string' ? [headingSlug(anchor), anchor] : anchor);

/**
 * Lower-case, and fold a plural `s` so `tunnel` and `tunnels`, `webhook` and `webhooks` are one
 * term (`access`, `tls` keep theirs). Applied to the index and to queries alike.
 */
export function processTerm(term: string): string {
  const lower = term.toLowerCase();
  return lower.length > 3 && lower.endsWith('s') && !lower.endsWith('ss') ? lower.slice(0, -1) : lower;
}

export const INDEX_OPTIONS: Options<SearchDocument> = {
  idField: 'path',
  fields: ['title', 'headings', 'description', 'text'],
  storeFields: ['title', 'path', 'section', 'description', 'anchors'],
  tokenize,
  processTerm,
};

export const SEARCH_OPTIONS: SearchOptions = {
  boost: { title: 4, headings: 2, description: 1.5 },
  // Prefix-match only the word being typed; tolerate typos in words long enough to have some.
  prefix: (_term, i, terms) => i === terms.length - 1,
  fuzzy: (term) => (term.length > 3 ? 0.2 : false),
  combineWith: 'AND',
};

/**
 * The index file in `_sitegen/search/`: one for the site, or one per locale when the site has
 * `locales` (pages then name theirs: `<meta name="sitegen:search" data-locale>`); each older version
 * of the docs has its own beside it (`index.v1.json`, `index.ja.v1.json`: `data-version`).
 */
export const indexName = (locale?: string, version?: string) => `index${locale ? `.${locale}` : ''}${version ? `.${version}` : ''}.json`;

/** Results shown at most. */
export const MAX_RESULTS = 8;
