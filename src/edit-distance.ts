/** How far apart two names are, for suggesting the one a typo meant (a code language, a plugin hook). */

/** Edits (insert, delete, substitute, swap two neighbours) from `a` to `b`; anything at or past `cap` is `cap`. */
export function editDistance(a: string, b: string, cap = Number.POSITIVE_INFINITY): number {
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let least = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2] + 1);
      row.push(d);
      least = Math.min(least, d);
    }
    if (least >= cap) return cap;
    before = previous;
    previous = row;
  }
  return Math.min(previous[b.length], cap);
}
