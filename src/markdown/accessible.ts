/**
 * Keyboard and screen-reader touch-ups for HTML from elsewhere (markdown bodies already have them): hidden permalinks
 * leave the tab order, and tables and code blocks, which scroll sideways, become focusable. Only what is missing is added.
 */

const ANCHOR = /<a class="header-anchor"([^>]*) aria-hidden="true"([^>]*)>/g;
const HEADING_OR_TABLE = /<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>|<div class="table-wrap">/g;
const PLAIN_PRE = /<pre class="shiki">/g;

/** The text of a heading's inner HTML, without its permalink, safe inside a quoted attribute. */
export function headingText(inner: string): string {
  return inner
    .replace(/<a class="header-anchor"[\s\S]*?<\/a>/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/"/g, '&quot;')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Names for one page's tables after the heading before each: "Table: Limits", "Table: Limits (2)"; "Table 1" before any. */
export function tableLabels(
  text?: (key: 'markdown.table' | 'markdown.tableOf', values: Record<string, string | number>) => string,
): (heading: string) => string {
  const counts = new Map<string, number>();
  return (heading) => {
    const base = heading ? `Table: ${heading}` : 'Table';
    const n = (counts.get(base) ?? 0) + 1;
    counts.set(base, n);
    // In another language (markdown/ui-strings.ts): its words, the heading as it is (already escaped).
    if (text) return heading ? `${text('markdown.tableOf', { heading })}${n > 1 ? ` (${n})` : ''}` : text('markdown.table', { n });
    return heading ? (n > 1 ? `${base} (${n})` : base) : `${base} ${n}`;
  };
}

export function accessibleHtml(html: string): string {
  const label = tableLabels();
  let heading = '';
  return html
    .replace(ANCHOR, (tag, before: string, after: string) =>
      /\btabindex=/.test(tag) ? tag : `<a class="header-anchor"${before} aria-hidden="true" tabindex="-1"${after}>`,
    )
    .replace(HEADING_OR_TABLE, (match, _level: string | undefined, inner: string | undefined) => {
      if (inner !== undefined) {
        heading = headingText(inner);
        return match;
      }
      return `<div class="table-wrap" role="region" aria-label="${label(heading)}" tabindex="0">`;
    })
    .replace(PLAIN_PRE, '<pre class="shiki" tabindex="0">');
}
