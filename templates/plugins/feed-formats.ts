/**
 * The blog feed in each format, from one list of entries: Atom 1.0 and RSS 2.0 written by the `feed` package, JSON Feed
 * 1.1 written here (the package writes version 1). Titles and summaries are plain text: where a format reads them as
 * HTML (Atom's `type="html"`, RSS descriptions) they are escaped, so `a <b> tag` shows as written.
 */

export type FeedFormat = 'atom' | 'rss' | 'json';

export const FEED_TYPES: Record<FeedFormat, string> = {
  atom: 'application/atom+xml',
  rss: 'application/rss+xml',
  json: 'application/feed+json',
};

export interface FeedEntry {
  /** Absolute URL of the post (its id too). */
  url: string;
  title: string;
  description: string;
  /** Full content, HTML with absolute links. */
  content: string;
  published: Date;
  updated: Date;
  /** Names of the post's authors, in the order written. */
  authors?: string[];
  tags: string[];
}

export interface FeedChannel {
  title: string;
  description: string;
  /** Absolute URL of the blog (the feed's id and home page). */
  link: string;
  language: string;
  copyright: string;
  /** The newest entry's date (never the clock: the same posts give the same feed). */
  updated: Date;
  /** Absolute URL of this feed file. */
  self: string;
  /** Who the feed is by where a post names nobody (the site's name): Atom requires an author for each entry. */
  author: string;
  entries: FeedEntry[];
}

const html = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The feed as the format writes it. */
export async function writeFeed(format: FeedFormat, channel: FeedChannel): Promise<string> {
  if (format === 'json') return jsonFeed(channel);
  // Loaded here, on the main thread, rather than in every worker that loads the plugin for `page:data`.
  const { Feed } = await import('feed');
  const out = new Feed({
    title: channel.title,
    description: channel.description,
    id: channel.link,
    link: channel.link,
    language: channel.language,
    updated: channel.updated,
    feedLinks: { [format]: channel.self },
    copyright: channel.copyright,
    generator: 'sitegen',
    // RFC 4287 4.1.1: a feed names an author unless every entry does (RSS has no such element without an e-mail address).
    ...(format === 'atom' && channel.entries.some((entry) => !entry.authors?.length) ? { author: { name: channel.author } } : {}),
  });
  for (const entry of channel.entries) {
    out.addItem({
      // Atom says its title is HTML; RSS titles are text.
      title: format === 'atom' ? html(entry.title) : entry.title,
      id: entry.url,
      link: entry.url,
      description: html(entry.description),
      content: entry.content,
      date: entry.updated,
      published: entry.published,
      // RSS's own <author> must be an email address: the name goes in <dc:creator> (its namespace comes with the content).
      ...(entry.authors?.length && format === 'atom' ? { author: entry.authors.map((name) => ({ name })) } : {}),
      // One <dc:creator> naming them all, as WordPress writes several authors.
      ...(entry.authors?.length && format === 'rss' && entry.content
        ? { extensions: [{ name: 'dc:creator', objects: { _text: entry.authors.join(', ') } }] }
        : {}),
      // Atom requires a category's `term` (the package writes `label` from `name` alone); RSS writes the name as text.
      category: entry.tags.map((name) => ({ name, term: name })),
    });
  }
  return format === 'atom' ? out.atom1() : out.rss2();
}

/** JSON Feed 1.1 (https://www.jsonfeed.org/version/1.1/). */
function jsonFeed(channel: FeedChannel): string {
  return JSON.stringify({
    version: 'https://jsonfeed.org/version/1.1',
    title: channel.title,
    home_page_url: channel.link,
    feed_url: channel.self,
    ...(channel.description ? { description: channel.description } : {}),
    language: channel.language,
    items: channel.entries.map((entry) => ({
      id: entry.url,
      url: entry.url,
      title: entry.title,
      content_html: entry.content,
      ...(entry.description ? { summary: entry.description } : {}),
      date_published: entry.published.toISOString(),
      date_modified: entry.updated.toISOString(),
      ...(entry.authors?.length ? { authors: entry.authors.map((name) => ({ name })) } : {}),
      ...(entry.tags.length ? { tags: entry.tags } : {}),
    })),
  });
}
