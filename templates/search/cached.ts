/**
 * The search plugin's indexes as the build makes them (templates/plugins/search.ts chooses their documents): of the
 * documents' texts cut to the budget, and kept in the plugin cache between builds, patched when a few documents changed.
 */
import * as crypto from 'node:crypto';
import type { BuildDoneContext, ContentDocument } from 'react-sitegen';
import { countTerms, indexJson, patchIndexJson } from './index-json.ts';
import type { SearchDocument } from './options.ts';
import { knownTerms } from './terms.ts';
import { htmlText, textCap, truncate } from './text.ts';
import { tokenize } from './tokenize.ts';

/** `crypto.hash` (Node 20.12 and later): the same digest without a Hash object, three times as fast for short texts. */
const oneShot = (crypto as { hash?: (algorithm: string, data: string, encoding: 'base64url') => string }).hash;
export const sha256 = (text: string) => (oneShot ? oneShot('sha256', text, 'base64url') : crypto.createHash('sha256').update(text).digest('base64url'));

/** A document an index holds, with what it holds of it besides the text. */
export interface IndexEntry {
  doc: ContentDocument;
  fields: Omit<SearchDocument, 'text'>;
}

/**
 * The index of `documents`, as JSON (search/index-json.ts). With `textTerms`, each document's `text` is its number, and
 * the terms of its text are `textTerms(number)`: the same index as of the text those terms were made from.
 */
export function searchJson(documents: SearchDocument[], textTerms?: (i: number) => string[] | string): string {
  return indexJson(documents, (doc, field, i) => (field === 'text' && textTerms ? textTerms(i) : tokenize(doc[field])));
}

/** The plugin cache's interface, held in memory (what `sitegen dev` keeps between requests). */
export function memoryCache(): NonNullable<BuildDoneContext['cache']> {
  const values = new Map<string, string>();
  return {
    get: async (key) => values.get(key),
    set: async (key, value) => {
      values.set(key, value);
    },
  };
}

/** What `cachedIndex` uses of `build:done`'s context (`sitegen dev` gives its own). */
export type CacheContext = Pick<BuildDoneContext, 'cache' | 'body' | 'bodyKey' | 'mapBodies'>;

/**
 * The index of `entries`, from the build's cache when the last build made it of the same documents (their fields and
 * their bodies' keys) with the same client (tokenizer, options, MiniSearch): a body edit in one locale and version reads
 * the bodies of that one index and patches the index the last build made (or makes it again), and takes the others as
 * they were. Without a key for every body, the index is made of the bodies read. `version`: the client's and the
 * plugin's (what every cached index and table of terms is made by).
 */
export async function cachedIndex(entries: IndexEntry[], ctx: CacheContext, version: string, name: string): Promise<{ json: string; cap: number }> {
  const { cache } = ctx;
  const scope = `${version}\u0000${name}`;
  const termsKey = `sitegen:search-terms\u0000${scope}`;
  const indexKey = `sitegen:search-index\u0000${scope}`;
  const bodyKeys = entries.map(({ doc }) => ctx.bodyKey?.(doc));
  // Each document's text is its number: its terms come from `termsOf`, made in the build's workers or kept.
  const numbered = () => entries.map(({ fields }, i) => ({ ...fields, text: String(i) }));
  if (!cache || bodyKeys.some((key) => key === undefined)) {
    const { cap, termsOf } = await knownTerms(entries, [], ctx, '{}');
    return { json: searchJson(numbered(), termsOf), cap };
  }
  // Each document's fingerprint: what the index holds of it besides the text (hashed), then its body's key.
  const prints = entries.map(({ fields }, i) => `${sha256(JSON.stringify(fields)).slice(0, 16)}.${bodyKeys[i]}`);
  const last = lastIndex(await cache.get(indexKey));
  if (last && last.prints.length === prints.length && last.prints.every((print, i) => print === prints[i])) {
    cache.keep?.(termsKey);
    return { json: last.json, cap: last.cap };
  }
  // The value: the fingerprints, the texts' lengths and the cap they give (to warn again as the build that made it
  // did), each text's terms at that cap (hashed), then the index.
  const made = async (index: CachedIndex, table?: string) => {
    const value = `${prints.join(' ')}\n${index.lengths.join(' ')}\n${index.cap}\n${index.terms.join(' ')}\n${index.json}`;
    if (table === undefined) cache.keep?.(termsKey);
    await Promise.all([cache.set(indexKey, value), table === undefined ? undefined : cache.set(termsKey, table)]);
    return index;
  };
  const patched = last && (await patchedIndex(last, entries, prints, ctx));
  // The table of terms is left as it was: the edited bodies' terms are missing from it, and read again if needed.
  if (patched) return made(patched);
  // A first build makes the index of the texts as before and leaves an empty table of terms; the next that makes
  // this index again fills it, and the builds after it take the terms of unchanged bodies from there.
  const table = await cache.get(termsKey);
  const { cap, lengths, termsOf, kept } = await knownTerms(entries, table === undefined ? [] : bodyKeys, ctx, table ?? '{}');
  const terms: string[] = new Array(entries.length);
  const json = searchJson(numbered(), (i) => {
    const counted = termsOf(i);
    terms[i] = termsPrint(counted);
    return counted;
  });
  return made({ prints, json, cap, lengths, terms }, table === undefined ? '{}' : JSON.stringify(kept));
}

/** A text's terms as counted (`countTerms`), hashed: the same terms, the same print. */
const termsPrint = (counted: string) => sha256(counted).slice(0, 16);

interface CachedIndex {
  prints: string[];
  lengths: number[];
  cap: number;
  /** Each text's `termsPrint` at the cap. */
  terms: string[];
  json: string;
}

/** The cached index's parts, or undefined for what is not one. */
function lastIndex(value: string | undefined): CachedIndex | undefined {
  const lines: string[] = [];
  let from = 0;
  for (let i = 0; i < 4 && value !== undefined; i++) {
    const end = value.indexOf('\n', from);
    if (end < 0) return undefined;
    lines.push(value.slice(from, end));
    from = end + 1;
  }
  if (value === undefined) return undefined;
  const prints = lines[0].split(' ');
  const lengths = lines[1].split(' ').map(Number);
  const cap = Number(lines[2]);
  const terms = lines[3].split(' ');
  if (lengths.length !== prints.length || terms.length !== prints.length || !lengths.every(Number.isInteger) || !Number.isFinite(cap)) return undefined;
  return { prints, lengths, cap, terms, json: value.slice(from) };
}

/**
 * The index the last build made, patched for the documents whose fingerprint changed: when it held as many documents,
 * few of them changed, and their texts' lengths now give the same cap. Only the changed bodies are read and split. The
 * patch reads and writes the whole index, as making it again does, unless each changed document holds the same fields
 * and the same terms as before (an edit past the cap): then the index is the last one as it was.
 */
async function patchedIndex(last: CachedIndex, entries: IndexEntry[], prints: string[], ctx: CacheContext): Promise<CachedIndex | undefined> {
  if (last.prints.length !== prints.length) return undefined;
  const changed = prints.flatMap((print, i) => (print === last.prints[i] ? [] : [i]));
  if (changed.length > Math.max(8, prints.length / 20)) return undefined;
  const texts = await Promise.all(changed.map(async (i) => htmlText(await ctx.body(entries[i].doc))));
  const lengths = [...last.lengths];
  changed.forEach((i, k) => {
    lengths[i] = texts[k].length;
  });
  const cap = textCap(lengths);
  if (cap !== last.cap) return undefined;
  // Counted as the build's workers count them (`bodyTerms`), for the print and the patch alike.
  const textTerms = new Map(changed.map((i, k) => [i, countTerms(tokenize(truncate(texts[k], cap)))]));
  const terms = [...last.terms];
  for (const i of changed) terms[i] = termsPrint(textTerms.get(i)!);
  const fieldsOf = (print: string) => print.slice(0, print.indexOf('.'));
  if (changed.every((i) => terms[i] === last.terms[i] && fieldsOf(prints[i]) === fieldsOf(last.prints[i]))) {
    return { prints, lengths, cap, terms, json: last.json };
  }
  const documents = entries.map(({ fields }, i) => ({ ...fields, text: String(i) }));
  const json = patchIndexJson(last.json, documents, changed, (doc, field, i) => (field === 'text' ? textTerms.get(i)! : tokenize(doc[field])));
  return json === undefined ? undefined : { prints, lengths, cap, terms, json };
}
