/**
 * Keyboard and screen-reader touch-ups for HTML a template receives as a string from elsewhere
 * (a highlighted code block, HTML from a plugin). Markdown bodies (`page.html`) arrive with all of
 * this done already, by the markdown renderer, so layouts place them as they are:
 *
 * - heading permalinks (`#`) are hidden from assistive technology, so they also leave the tab
 *   order: a focusable element inside aria-hidden is announced as nothing (the page's "On this
 *   page" outline links every heading instead);
 * - tables and code blocks scroll sideways on small screens, so keyboard users must be able to
 *   focus them: tables become named regions, plain-text code blocks get the tabindex shiki gives
 *   highlighted ones.
 *
 * Each rewrite only adds what is missing, so markup that already has it passes through unchanged.
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

/**
 * Names for the tables of one page, each after the section it sits in (the text of the heading
 * before it): "Table: Limits", "Table: Limits (2)"; "Table 1" before any heading.
 */
export function tableLabels(): (heading: string) => string {
  const counts = new Map<string, number>();
  return (heading) => {
    const base = heading ? `Table: ${heading}` : 'Table';
    const n = (counts.get(base) ?? 0) + 1;
    counts.set(base, n);
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
