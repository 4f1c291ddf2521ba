/**
 * The blog's Atom feed (`blog/feed.xml`), written with the `feed` package: full content with
 * absolute links, dates from the posts (never the clock), and a `<link rel="alternate">` on
 * every page so readers find it.
 *
 *   plugins: [['react-sitegen/plugins/feed', { limit: 20 }]]
 */
import { setTag, type SitegenPlugin } from 'react-sitegen';

export interface FeedOptions {
  /** Where the feed is written (default `blog/feed.xml`). */
  path?: string;
  /** Newest posts to include (default 20). */
  limit?: number;
  /** Feed title (default: `{site} blog`). */
  title?: string;
}

/** Root-relative links and images → absolute on `origin`, so the content works in any reader. */
export function absolutize(html: string, origin: string): string {
  return html.replace(/\s(href|src)="\/(?!\/)/g, ` $1="${origin}/`);
}

/** Code blocks' copy buttons need the site's script: a feed reader would show them dead. */
export function withoutCopyButtons(html: string): string {
  return html.includes('code-copy') ? html.replace(/<button class="code-copy"[^>]*>[^<]*<\/button>/g, '') : html;
}

export default function feed(options: FeedOptions = {}): SitegenPlugin {
  const path = (options.path ?? 'blog/feed.xml').replace(/^\/+/, '');
  return {
    name: 'sitegen:feed',
    hooks: {
      'page:data'({ head, site }) {
        setTag(head, 'link', { rel: 'alternate', type: 'application/atom+xml', title: options.title ?? `${site.name} blog`, href: `/${path}` });
      },
      async 'build:done'({ config, site, posts, documents, authors, write, body }) {
        const items = posts.filter((p) => !p.draft).slice(0, options.limit ?? 20);
        const byPath = new Map(documents.map((d) => [d._path, d]));
        const blogUrl = `${site.url}/${path.split('/').slice(0, -1).join('/')}`.replace(/\/$/, '');
        // Loaded here, on the main thread, rather than in every worker that loads the plugin for `page:data`.
        const { Feed } = await import('feed');
        const out = new Feed({
          title: options.title ?? `${site.name} blog`,
          description: site.description,
          id: blogUrl,
          link: blogUrl,
          language: site.lang,
          updated: items[0] ? new Date(items[0].date) : new Date(0),
          feedLinks: { atom: `${site.url}/${path}` },
          copyright: site.theme.copyright ?? '',
          generator: 'sitegen',
        });
        for (const post of items) {
          const url = `${site.url}${post.path}`;
          const doc = byPath.get(post.path);
          out.addItem({
            title: post.title,
            id: url,
            link: url,
            description: post.description,
            // Bodies link under the base already: the origin goes in front.
            content: absolutize(withoutCopyButtons(doc ? await body(doc) : ''), config.url),
            date: new Date(doc?.updated ?? post.date),
            published: new Date(post.date),
            author: post.author ? [{ name: authors[post.author]?.name ?? post.author }] : undefined,
            category: post.tags.map((name) => ({ name })),
          });
        }
        await write(path, out.atom1());
      },
    },
  };
}
