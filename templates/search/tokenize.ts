/**
 * Search terms of a text, the same in the build (Node, indexing) and in the browser (querying).
 *
 * Text in scripts written with spaces is split as MiniSearch splits it: at spaces, line breaks and
 * punctuation. Chinese, Japanese, Thai and the like write words without spaces between them, so a
 * run of them (`Webhookを転送します`) would be one long term that no query matches: such runs are cut
 * into words by `Intl.Segmenter` (`Webhook`, `を`, `転送`, `し`, `ます`). One regular expression tells
 * whether a text needs that at all, so Latin-script text never reaches the segmenter.
 */

/** MiniSearch's default split (its SPACE_OR_PUNCTUATION): what Latin-script text has always been cut at. */
const SPACE_OR_PUNCTUATION = /[\n\r\p{Z}\p{P}]+/u;

/**
 * The same split for ASCII text, twice as fast as the Unicode classes: line breaks, the space, and ASCII's punctuation
 * (`\p{P}`); its symbols ($ + < = > ^ | ~ and the backtick) are not punctuation and stay in words.
 */
const ASCII_SPACE_OR_PUNCTUATION = /[\n\r \x21-\x23\x25-\x2A\x2C-\x2F\x3A\x3B\x3F\x40\x5B-\x5D\x5F\x7B\x7D]+/;
const ASCII = /^[\x00-\x7f]*$/;

/** Scripts whose words a space does not (always) end: Han, kana, Hangul, and those of South-East Asia. */
export const UNSPACED = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}]/u;

let segmenter: Intl.Segmenter | undefined;

/** Whether a text holds words that only a segmenter can find. */
export function needsSegmenting(text: string): boolean {
  return UNSPACED.test(text);
}

/**
 * The terms of `text`: MiniSearch's split, with each piece in an unspaced script cut into its words
 * (the word-like segments of `Intl.Segmenter`; its dictionaries do not depend on a locale, so the
 * index and the query agree whatever the browser's language).
 */
export function tokenize(text: string): string[] {
  if (ASCII.test(text)) return text.split(ASCII_SPACE_OR_PUNCTUATION);
  const pieces = text.split(SPACE_OR_PUNCTUATION);
  // (A browser without Intl.Segmenter, Firefox before 125, searches such text as MiniSearch would.)
  if (!UNSPACED.test(text) || typeof Intl.Segmenter !== 'function') return pieces;
  segmenter ??= new Intl.Segmenter('en', { granularity: 'word' });
  // The unspaced pieces are segmented in one pass, joined by line breaks (a word always ends at one, and no piece
  // holds one): the same words as piece by piece, without a segmenter's set-up per piece.
  const unspaced = pieces.map((piece) => UNSPACED.test(piece));
  const words: string[][] = [];
  let at = -1;
  let end = 0;
  for (const { segment, index, isWordLike } of segmenter.segment(pieces.filter((_, i) => unspaced[i]).join('\n'))) {
    while (index >= end) {
      at = unspaced.indexOf(true, at + 1);
      words.push([]);
      end = index + pieces[at].length + 1;
    }
    if (isWordLike) words[words.length - 1].push(segment);
  }
  const terms: string[] = [];
  let next = 0;
  pieces.forEach((piece, i) => {
    if (!unspaced[i]) terms.push(piece);
    else terms.push(...(words[next++] ?? []));
  });
  return terms;
}
