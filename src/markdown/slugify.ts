/**
 * The two slug functions of sitegen, both Unicode-aware:
 * - `headingSlug` makes heading ids the way GitHub does (github-slugger's rule);
 * - `pathSlug` makes one URL path segment of a route.
 */

/** Everything GitHub keeps in a heading id: letters, marks and digits of any script, `_`-like connectors, `-` and space. */
const NOT_KEPT = /[^\p{L}\p{M}\p{N}\p{Pc} -]/gu;

/**
 * A heading id by GitHub's rule: lower case; punctuation and symbols removed except `-` and `_`;
 * letters and digits of every script kept (`日本語の見出し` stays as it is); each space becomes `-`.
 * A heading with nothing left (`## !!!`) gets `section`, since an element id cannot be empty.
 * Duplicates are numbered by the caller (`createSlugger`, or markdown-it-anchor's `-1`, `-2`).
 */
export function headingSlug(text: string): string {
  return text.trim().toLowerCase().replace(NOT_KEPT, '').replace(/ /g, '-') || 'section';
}

/** GitHub's numbering of repeated slugs within one document: `intro`, `intro-1`, `intro-2`. */
export function createSlugger(): (text: string) => string {
  const seen = new Map<string, number>();
  return (text) => {
    const base = headingSlug(text);
    let slug = base;
    while (seen.has(slug)) {
      const n = (seen.get(base) ?? 0) + 1;
      seen.set(base, n);
      slug = `${base}-${n}`;
    }
    seen.set(slug, 0);
    return slug;
  };
}

/**
 * One route segment: lower case, Latin accents folded (`café` → `cafe`), letters and digits of
 * every script kept (`日本語` stays), any run of other characters becomes one `-`. Never `.` or
 * `..` and no leading or trailing `-`/`.`: a route cannot climb out of the output folder.
 */
export function pathSlug(segment: string): string {
  return segment
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}._-]+/gu, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
}
