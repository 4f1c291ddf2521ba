/** The text the search plugin indexes: a rendered page's readable text, cut to fit the site's budget. */

/**
 * Body text indexed per page: the whole page up to PAGE_TEXT_LIMIT characters. Past
 * TEXT_BUDGET characters for the whole site, every page is cut to the length that fits the budget
 * (never below MIN_PAGE_TEXT) and the build warns: the index is one file the browser downloads.
 */
export const PAGE_TEXT_LIMIT = 50_000;
export const TEXT_BUDGET = 10_000_000;
const MIN_PAGE_TEXT = 2400;

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
};

function decodeEntity(match: string, name: string): string {
  if (name[0] === '#') {
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : ' ';
  }
  return ENTITIES[name.toLowerCase()] ?? match;
}

/** The readable text of rendered markdown: no tags, no heading permalinks or code-block labels. */
export function htmlText(html: string): string {
  return html
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<a class="header-anchor"[^>]*>[\s\S]*?<\/a>/g, '')
    .replace(/<div class="code-head">[\s\S]*?<\/div>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, decodeEntity)
    .replace(/\s+/g, ' ')
    .trim();
}

/** Cut at a word boundary, at most `max` characters (plus an ellipsis when cut). */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–—-]+$/, '')}…`;
}

/** The most characters per page that keeps the site's text within TEXT_BUDGET (PAGE_TEXT_LIMIT when it fits). */
export function textCap(lengths: number[]): number {
  const total = (cap: number) => lengths.reduce((sum, n) => sum + Math.min(n, cap), 0);
  if (total(PAGE_TEXT_LIMIT) <= TEXT_BUDGET) return PAGE_TEXT_LIMIT;
  let low = MIN_PAGE_TEXT;
  let high = PAGE_TEXT_LIMIT;
  while (high - low > 100) {
    const mid = Math.floor((low + high) / 2);
    if (total(mid) <= TEXT_BUDGET) low = mid;
    else high = mid;
  }
  return low;
}
