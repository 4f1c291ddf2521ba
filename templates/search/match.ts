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
 * The heading of the page where the hit's words are, `[id, text]`: the first that holds the most of them, when it holds
 * more than the title does (a page whose title matches is the page itself, as in VitePress's search).
 */
export function bestAnchor(hit: HitTerms): [string, string] | undefined {
  if (!hit.anchors?.length) return undefined;
  const terms = new Set(hit.terms);
  const most = Math.max(1, hit.queryTerms.length);
  let best: [string, string] | undefined;
  let bestCount = covered(hit.title, terms, most);
  for (const stored of hit.anchors) {
    const anchor = anchorOf(stored);
    const count = covered(anchor[1], terms, most);
    if (count > bestCount) {
      best = anchor;
      bestCount = count;
      if (count === most) break;
    }
  }
  return best;
}

/** A hit whose one heading (or title) holds every word of the query counts this many times its score. */
export const SECTION_BOOST = 2;

/**
 * The hits in the order to show them: MiniSearch's scores, each doubled when one heading or the title holds every word
 * of the query (a page about it, not a page that mentions its words here and there), with the heading to link to.
 */
export function ranked<T extends HitTerms & { score: number }>(hits: T[], queryWords: number): { hit: T; anchor?: [string, string] }[] {
  return hits
    .map((hit) => {
      const anchor = bestAnchor(hit);
      const words = Math.max(1, queryWords);
      const whole = hit.queryTerms.length >= words && covered(anchor?.[1] ?? hit.title, new Set(hit.terms), words) === words;
      return { hit, anchor, score: hit.score * (whole ? SECTION_BOOST : 1) };
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
