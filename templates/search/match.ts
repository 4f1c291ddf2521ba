/**
 * What the search client makes of a hit, apart from the DOM: the heading a result links to, the order of the results,
 * and the parts of a text to mark. Pure functions, bundled into the client (templates/search/client.ts).
 */
import { type SearchDocument, anchorOf, processTerm } from './options.ts';
import { UNSPACED, needsSegmenting, tokenize } from './tokenize.ts';

/** What a hit gives: its stored headings, and the terms of the index it matched (MiniSearch's `terms`, processed). */
export interface HitTerms {
  title: string;
  anchors?: SearchDocument['anchors'];
  /** The index's terms the hit matched (prefix and fuzzy matches included). */
  terms: string[];
  /** The query's words the hit matched. */
  queryTerms: string[];
}

/** How many of `terms` a text holds (as the index splits and folds it), at most `most`. */
function covered(text: string, terms: Set<string>, most: number): number {
  const own = new Set(tokenize(text).map(processTerm));
  let n = 0;
  for (const term of terms) if (own.has(term)) n++;
  return Math.min(n, most);
}

/**
 * The heading of the page where the hit's words are, `[id, text]`: the first that holds, with the title, every word the
 * hit matched (`tunnels custom domains` → Tunnels › Custom domains). None when the title holds them all (the page itself,
 * as in VitePress's search), or no heading does: a heading holding one word of several may be far from the others.
 */
export function bestAnchor(hit: HitTerms): [string, string] | undefined {
  if (!hit.anchors?.length) return undefined;
  const terms = new Set(hit.terms);
  const most = Math.max(1, hit.queryTerms.length);
  if (covered(hit.title, terms, most) === most) return undefined;
  for (const stored of hit.anchors) {
    const anchor = anchorOf(stored);
    if (covered(`${hit.title} ${anchor[1]}`, terms, most) === most) return anchor;
  }
  return undefined;
}

/**
 * A hit whose heading (with its title) or title holds every word of the query counts this many times its score, and as
 * many times again when its title is the query (every word of the title matched).
 */
export const SECTION_BOOST = 2;

/** Whether every word of `text` is one of `terms`. */
function whollyMatched(text: string, terms: Set<string>): boolean {
  const words = tokenize(text).filter(Boolean);
  return words.length > 0 && words.every((word) => terms.has(processTerm(word)));
}

/**
 * The hits in the order to show them, with the heading to link to: MiniSearch's scores, doubled when a heading (with
 * the title) or the title holds every word of the query (a page about it, not one that mentions its words here and there), and doubled
 * again when the title is the query (`webhook forwarding` finds the page called so before posts that hold the words).
 */
export function ranked<T extends HitTerms & { score: number }>(hits: T[], queryWords: number): { hit: T; anchor?: [string, string] }[] {
  const words = Math.max(1, queryWords);
  return hits
    .map((hit) => {
      const anchor = bestAnchor(hit);
      const terms = new Set(hit.terms);
      const whole = hit.queryTerms.length >= words && (anchor !== undefined || covered(hit.title, terms, words) === words);
      const titled = whole && whollyMatched(hit.title, terms);
      return { hit, anchor, score: hit.score * (whole ? SECTION_BOOST : 1) * (titled ? SECTION_BOOST : 1) };
    })
    .sort((a, b) => b.score - a.score)
    .map(({ hit, anchor }) => ({ hit, anchor }));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `text` cut into the parts to show as they are and the parts to mark: each word that is one of the matched terms once
 * folded as the index folds it (`Tunnels` for `tunnel`, not `Ferrygate` for `ferry`), and in unspaced scripts each
 * place a matched term is. The parts joined are `text`.
 */
export function marks(text: string, terms: string[]): { text: string; mark: boolean }[] {
  const known = new Set(terms);
  const unspaced = terms.filter((t) => needsSegmenting(t)).sort((a, b) => b.length - a.length);
  // The matched unspaced terms first, then a word of a spaced script, or one character of an unspaced one.
  const words = `(?:(?!${UNSPACED.source})[\\p{L}\\p{N}\\p{M}])+|${UNSPACED.source}`;
  const pattern = new RegExp(unspaced.length ? `${unspaced.map(escapeRegExp).join('|')}|${words}` : words, 'gu');
  const parts: { text: string; mark: boolean }[] = [];
  let at = 0;
  for (const found of text.matchAll(pattern)) {
    const word = found[0];
    if (!known.has(processTerm(word)) && !unspaced.includes(word)) continue;
    const start = found.index ?? 0;
    if (start > at) parts.push({ text: text.slice(at, start), mark: false });
    parts.push({ text: word, mark: true });
    at = start + word.length;
  }
  if (at < text.length || !parts.length) parts.push({ text: text.slice(at), mark: false });
  return parts;
}
