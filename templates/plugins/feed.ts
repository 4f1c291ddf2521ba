/**
 * The blog's Atom feed (`blog/feed.xml`), written with the `feed` package: full content with
 * absolute links, dates from the posts (never the clock), and a `<link rel="alternate">` on
 * every page so readers find it. A multilingual site has one feed per locale with posts, in its
 * folder (`ja/blog/feed.xml`), and each page links its own locale's.
 *
 *   plugins: [['react-sitegen/plugins/feed', { limit: 20 }]]
 */
import { setTag, type BuildDoneContext, type SitegenPlugin } from 'react-sitegen';
import type { ContentDocument } from 'react-sitegen';
import type { PostSummary, SiteInfo } from '../types.ts';

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

/** Where a locale's copy of a site-wide file goes: in its folder, unless it is the default (or the site has one language). */
export function localePath(path: string, locale: string, site: SiteInfo): string {
  return site.locales.length && locale !== site.defaultLocale ? `${locale}/${path}` : path;
}

interface AtomInput {
  config: BuildDoneContext['config'];
  site: SiteInfo;
  lang: string;
  posts: PostSummary[];
  byPath: Map<string, ContentDocument>;
  authors: BuildDoneContext['authors'];
  body: BuildDoneContext['body'];
  path: string;
}

export default function feed(options: FeedOptions = {}): SitegenPlugin {
  const path = (options.path ?? 'blog/feed.xml').replace(/^\/+/, '');

  async function atom({ config, site, lang, posts, byPath, authors, body, path }: AtomInput): Promise<string> {
    const items = posts.filter((p) => !p.draft).slice(0, options.limit ?? 20);
    const blogUrl = `${site.url}/${path.split('/').slice(0, -1).join('/')}`.replace(/\/$/, '');
    // Loaded here, on the main thread, rather than in every worker that loads the plugin for `page:data`.
    const { Feed } = await import('feed');
    const out = new Feed({
      title: options.title ?? `${site.name} blog`,
      description: site.description,
      id: blogUrl,
      link: blogUrl,
      language: lang,
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
    return out.atom1();
  }

  return {
    name: 'sitegen:feed',
    hooks: {
      'page:data'({ head, site, page }) {
        setTag(head, 'link', {
          rel: 'alternate',
          type: 'application/atom+xml',
          title: options.title ?? `${site.name} blog`,
          href: `/${localePath(path, page.locale, site)}`,
        });
      },
      async 'build:done'({ config, locales, documents, authors, write, body }) {
        const byPath = new Map(documents.map((d) => [d._path, d]));
        for (const { code, site, posts } of locales) {
          // The default locale's feed is written even without posts, as a one-language site's always is.
          if (code !== site.defaultLocale && site.locales.length && !posts.length) continue;
          const file = localePath(path, code, site);
          await write(file, await atom({ config, site, lang: site.locales.length ? code : site.lang, posts, byPath, authors, body, path: file }));
        }
      },
    },
  };
}
