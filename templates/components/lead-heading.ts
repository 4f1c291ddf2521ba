/**
 * The body's own H1, when its first block is one (`# Markdown Extensions`): the layout shows that
 * heading in its title's place instead of a second title above it. The heading keeps its id, so
 * links to it still land; its permalink goes (it would point at the top of the page).
 */
export interface LeadHeading {
  id?: string;
  /** The heading's inner HTML, without the permalink. */
  html: string;
  /** The body without the heading. */
  rest: string;
}

const LEAD_H1 = /^\s*<h1(\s[^>]*)?>([\s\S]*?)<\/h1>\s*/;
const PERMALINK = /\s*<a class="header-anchor"[^>]*>[\s\S]*?<\/a>/g;

export function leadHeading(html: string): LeadHeading | undefined {
  const match = LEAD_H1.exec(html);
  if (!match) return undefined;
  const id = /\sid="([^"]*)"/
    .exec(match[1] ?? '')?.[1]
    ?.replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  return { ...(id ? { id } : {}), html: match[2].replace(PERMALINK, '').trim(), rest: html.slice(match[0].length) };
}
