/** sitegen's two Unicode-aware slug functions: heading ids as GitHub makes them, and route segments. */

/** Everything GitHub keeps in a heading id: letters, marks and digits of any script, `_`-like connectors, `-` and space. */
const NOT_KEPT = /[^\p{L}\p{M}\p{N}\p{Pc} -]/gu;

/** A heading id by GitHub's rule (github-slugger); `section` when nothing is left, since an id cannot be empty. */
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
 * One route segment: lower case, Latin accents folded, other runs of non-letters/digits as one `-`.
 * No leading or trailing `-`/`.`, so never `.` or `..`: a route cannot climb out of the output folder.
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
