/** The search plugin's table of terms: what each body's text gave the tokenizer, kept between builds by body key. */
import type { BuildDoneContext, ContentDocument } from 'react-sitegen';
import { PAGE_TEXT_LIMIT, TEXT_BUDGET, htmlText, textCap, truncate } from './text.ts';
import { countTerms } from './index-json.ts';
import { tokenize } from './tokenize.ts';

/**
 * Per index, what each document's text gave the tokenizer, by its body's key: the text's length (the budget's cap is
 * made of every length), the cap the text was cut at, and its terms counted (search/index-json.ts `countTerms`).
 */
type TermsByBody = Record<string, [length: number, cap: number, terms: string]>;

/**
 * What an index needs of one body, made where the body is read (in the build's workers, by `mapBodies`): its text's
 * length, then the terms of that text cut at `cap`, counted: `"<length>\n<countTerms' string>"` (cap 0: the length alone).
 */
export function bodyTerms(html: string, cap: number): string {
  const text = htmlText(html);
  return cap ? `${text.length}\n${countTerms(tokenize(truncate(text, cap)))}` : String(text.length);
}

/** `bodyTerms`' string read back: the text's length, and its terms counted (undefined: measured only). */
function readTerms(made: string): [length: number, terms: string | undefined] {
  const end = made.indexOf('\n');
  return end < 0 ? [Number(made), undefined] : [Number(made.slice(0, end)), made.slice(end + 1)];
}

/** Bodies made at the largest cap before the rest: enough to tell whether the budget will cut. */
const SAMPLE = 64;

/** `bodyTerms` of each document's body, in the build's workers: the plugin's module and this function's name. */
const BODY_TERMS = { module: import.meta.url, name: 'bodyTerms' };

/**
 * The cap the budget gives (and the texts' lengths it was made of), and each entry's text's terms at that cap (`termsOf`,
 * called once per entry): from `table` (the build before's) for a body of the same key cut at the same cap, else made of
 * the body, in the workers. A body edit reads and splits that one body, not the index's thousands. `kept` fills in as
 * `termsOf` is called: the table for the next build (of the entries with a body key).
 */
export async function knownTerms(
  entries: { doc: ContentDocument }[],
  bodyKeys: (string | undefined)[],
  ctx: Pick<BuildDoneContext, 'mapBodies'>,
  table: string,
): Promise<{ cap: number; lengths: number[]; termsOf: (i: number) => string; kept: TermsByBody }> {
  let known: TermsByBody = {};
  try {
    const parsed: unknown = JSON.parse(table);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) known = parsed as TermsByBody;
  } catch {
    /* unreadable: made again */
  }
  const hits = bodyKeys.map((key) => {
    const hit = key !== undefined && Object.hasOwn(known, key) ? known[key] : undefined;
    return Array.isArray(hit) && typeof hit[0] === 'number' && typeof hit[1] === 'number' && typeof hit[2] === 'string' ? hit : undefined;
  });
  // The bodies not in the table: a first part made at the largest cap (the right terms unless the budget cuts a text
  // shorter), which tells whether the budget will cut. Then the rest are made at that cap too, or only measured, to be
  // made once the cap is known.
  const made: ([number, string | undefined] | undefined)[] = new Array(entries.length);
  const missing = entries.flatMap((_, i) => (hits[i] ? [] : [i]));
  const first = missing.slice(0, Math.max(SAMPLE, Math.ceil(missing.length / 8)));
  await madeAt(entries, ctx, made, PAGE_TEXT_LIMIT, first);
  if (missing.length > first.length) {
    const counted = (n: number) => Math.min(n, PAGE_TEXT_LIMIT);
    const sum = (list: number[], length: (i: number) => number) => list.reduce((total, i) => total + counted(length(i)), 0);
    const fromTable = sum(
      entries.flatMap((_, i) => (hits[i] ? [i] : [])),
      (i) => hits[i]![0],
    );
    const sampled = sum(first, (i) => made[i]![0]);
    const estimate = fromTable + sampled + (sampled / first.length) * (missing.length - first.length);
    await madeAt(entries, ctx, made, estimate > TEXT_BUDGET ? 0 : PAGE_TEXT_LIMIT, missing.slice(first.length));
  }
  const lengths = entries.map((_, i) => hits[i]?.[0] ?? made[i]![0]);
  const cap = textCap(lengths);
  // Made (again) at the cap: the texts only measured, those it cuts, and those kept at another cap.
  const again = entries.flatMap((_, i) => {
    const m = made[i];
    return (m ? m[1] === undefined || (lengths[i] > cap && cap < PAGE_TEXT_LIMIT) : hits[i]![1] !== cap) ? [i] : [];
  });
  await madeAt(entries, ctx, made, cap, again);
  const kept: TermsByBody = {};
  const termsOf = (i: number) => {
    const terms = made[i] ? made[i]![1]! : hits[i]![2];
    const key = bodyKeys[i];
    if (key !== undefined) kept[key] = [lengths[i], cap, terms];
    return terms;
  };
  return { cap, lengths, termsOf, kept };
}

/** `bodyTerms` at `cap` of the entries numbered `picked`, into `made`. */
async function madeAt(
  entries: { doc: ContentDocument }[],
  ctx: Pick<BuildDoneContext, 'mapBodies'>,
  made: ([number, string | undefined] | undefined)[],
  cap: number,
  picked: number[],
): Promise<void> {
  if (!picked.length) return;
  const results = await ctx.mapBodies<string>(
    picked.map((i) => entries[i].doc),
    BODY_TERMS,
    cap,
  );
  picked.forEach((i, k) => {
    made[i] = readTerms(results[k]);
  });
}
