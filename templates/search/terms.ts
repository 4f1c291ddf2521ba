/** The search plugin's table of terms: what each body's text gave the tokenizer, kept between builds by body key. */
import type { BuildDoneContext, ContentDocument } from 'react-sitegen';
import { htmlText, textCap, truncate } from './text.ts';
import { tokenize } from './tokenize.ts';

/**
 * Per index, what each document's text gave the tokenizer, by its body's key: the text's length (the budget's cap is
 * made of every length), the cap the text was cut at, and its terms joined by line breaks (which no term holds; null
 * for none).
 */
type TermsByBody = Record<string, [length: number, cap: number, terms: string | null]>;

/**
 * The cap the budget gives (and the texts' lengths it was made of), and each entry's text's terms at that cap (`termsOf`, called once per entry): from
 * `table` (the build before's) for a body of the same key cut at the same cap, else made of the body, read back. A
 * body edit reads and splits that one body, not the index's thousands. `kept` fills in as `termsOf` is called: the
 * table for the next build.
 */
export async function knownTerms(
  entries: { doc: ContentDocument }[],
  bodyKeys: string[],
  ctx: BuildDoneContext,
  table: string,
): Promise<{ cap: number; lengths: number[]; termsOf: (i: number) => string[]; kept: TermsByBody }> {
  let known: TermsByBody = {};
  try {
    const parsed: unknown = JSON.parse(table);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) known = parsed as TermsByBody;
  } catch {
    /* unreadable: made again */
  }
  const hits = bodyKeys.map((key) => {
    const hit = Object.hasOwn(known, key) ? known[key] : undefined;
    return Array.isArray(hit) && typeof hit[0] === 'number' && typeof hit[1] === 'number' && (hit[2] === null || typeof hit[2] === 'string') ? hit : undefined;
  });
  const texts = await Promise.all(entries.map(async ({ doc }, i) => (hits[i] ? undefined : htmlText(await ctx.body(doc)))));
  const lengths = texts.map((text, i) => text?.length ?? hits[i]![0]);
  const cap = textCap(lengths);
  // The texts to split: those read, and those kept at another cap (read again).
  const cut = await Promise.all(
    entries.map(async ({ doc }, i) => (hits[i]?.[1] === cap ? undefined : truncate(texts[i] ?? htmlText(await ctx.body(doc)), cap))),
  );
  const kept: TermsByBody = {};
  const termsOf = (i: number) => {
    const text = cut[i];
    const joined = text === undefined ? hits[i]![2] : undefined;
    const terms = text === undefined ? (joined === null ? [] : joined!.split('\n')) : tokenize(text);
    kept[bodyKeys[i]] = [lengths[i], cap, joined !== undefined ? joined : terms.length ? terms.join('\n') : null];
    return terms;
  };
  return { cap, lengths, termsOf, kept };
}
