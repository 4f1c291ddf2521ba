/**
 * The blog's feeds: Atom (`blog/feed.xml`) and RSS 2.0 (`blog/rss.xml`) by default, JSON Feed 1.1 (`blog/feed.json`)
 * when asked for, with full content and absolute links, dates from the posts (never the clock), and a
 * `<link rel="alternate">` for each on every page so readers find them. A multilingual site has one set of feeds per
 * locale with posts, in its folder (`ja/blog/feed.xml`), and each page links its own locale's.
 *
 *   plugins: [['react-sitegen/plugins/feed', { limit: 20, formats: ['atom', 'rss', 'json'] }]]
 */
import { setTag, type BuildDoneContext, type SitegenPlugin } from 'react-sitegen';
import type { ContentDocument } from 'react-sitegen';
import type { PostSummary, SiteInfo } from '../types.ts';
import { FEED_TYPES, writeFeed, type FeedChannel, type FeedFormat } from './feed-formats.ts';

export type { FeedFormat } from './feed-formats.ts';

export interface FeedOptions {
  /** Where the Atom feed is written (default `blog/feed.xml`). */
  path?: string;
  /** Where the RSS feed is written (default: `rss.xml` beside the Atom feed). */
  rssPath?: string;
  /** Where the JSON Feed is written (default: `feed.json` beside the Atom feed). */
  jsonPath?: string;
  /**
   * The formats written and linked (default `['atom', 'rss']`: what feed readers take; a JSON Feed is one more full copy
   * of the posts that few readers ask for, so it is written only when listed).
   */
  formats?: FeedFormat[];
  /** Newest posts to include (default 20). */
  limit?: number;
  /** Feed title (default: `{site} blog`). */
  title?: string;
}

/** Root-relative links and images → absolute on `origin`, so the content works in any reader (each `srcset` candidate too). */
export function absolutize(html: string, origin: string): string {
  return html
    .replace(/\s(href|src|poster)="\/(?!\/)/g, ` $1="${origin}/`)
    .replace(/\ssrcset="([^"]*)"/g, (_, list: string) => ` srcset="${list.replace(/(^|,)(\s*)\/(?!\/)/g, `$1$2${origin}/`)}"`);
}

/** Code blocks' copy buttons need the site's script: a feed reader would show them dead. */
export function withoutCopyButtons(html: string): string {
  return html.includes('code-copy') ? html.replace(/<button class="code-copy"[^>]*>[^<]*<\/button>/g, '') : html;
}

/** Where a locale's copy of a site-wide file goes: in its folder, unless it is the default (or the site has one language). */
export function localePath(path: string, locale: string, site: SiteInfo): string {
  return site.locales.length && locale !== site.defaultLocale ? `${locale}/${path}` : path;
}

/** The formats in the order they are linked; unknown names are refused where the options are read. */
const FORMATS: FeedFormat[] = ['atom', 'rss', 'json'];

interface ChannelInput {
  config: BuildDoneContext['config'];
  site: SiteInfo;
  lang: string;
  posts: PostSummary[];
  byPath: Map<string, ContentDocument>;
  authors: BuildDoneContext['authors'];
  body: BuildDoneContext['body'];
  /** The Atom feed's file: the blog's address is its folder. */
  path: string;
}

/** What the feeds are made from, in a build (`build:done`) and in `sitegen dev` (`dev:files`) alike. */
type FeedContext = Pick<BuildDoneContext, 'config' | 'locales' | 'documents' | 'authors' | 'body'>;

export default function feed(options: FeedOptions = {}): SitegenPlugin {
  const path = (options.path ?? 'blog/feed.xml').replace(/^\/+/, '');
  const folder = path.split('/').slice(0, -1).join('/');
  const beside = (name: string) => (folder ? `${folder}/${name}` : name);
  const paths: Record<FeedFormat, string> = {
    atom: path,
    rss: (options.rssPath ?? beside('rss.xml')).replace(/^\/+/, ''),
    json: (options.jsonPath ?? beside('feed.json')).replace(/^\/+/, ''),
  };
  const unknown = (options.formats ?? []).filter((f) => !FORMATS.includes(f));
  if (unknown.length) throw new Error(`formats: expected some of ${FORMATS.join(', ')}, received ${unknown.join(', ')}`);
  const formats = FORMATS.filter((f) => (options.formats ?? ['atom', 'rss']).includes(f));
  const title = (site: SiteInfo) => options.title ?? `${site.name} blog`;

  /** What every format is written from: the newest posts, each body read once. */
  async function channel({ config, site, lang, posts, byPath, authors, body, path }: ChannelInput): Promise<Omit<FeedChannel, 'self'>> {
    const items = posts.filter((p) => !p.draft).slice(0, options.limit ?? 20);
    const blogUrl = `${site.url}/${path.split('/').slice(0, -1).join('/')}`.replace(/\/$/, '');
    const entries: FeedChannel['entries'] = [];
    for (const post of items) {
      const doc = byPath.get(post.path);
      entries.push({
        url: `${site.url}${post.path}`,
        title: post.title,
        description: post.description,
        // Bodies link under the base already: the origin goes in front.
        content: absolutize(withoutCopyButtons(doc ? await body(doc) : ''), config.url),
        updated: new Date(doc?.updated ?? post.date),
        published: new Date(post.date),
        ...(post.authors.length ? { authors: post.authors.map((id) => authors[id]?.name ?? id) } : {}),
        tags: post.tags,
      });
    }
    return {
      title: title(site),
      description: site.description,
      link: blogUrl,
      language: lang,
      copyright: site.theme.copyright ?? '',
      author: site.name,
      updated: items[0] ? new Date(items[0].date) : new Date(0),
      entries,
    };
  }

  /** Each feed file with what makes it: per locale with posts, one channel (each body read once) for every format. */
  function feedFiles({ config, locales, documents, authors, body }: FeedContext): [string, () => Promise<string>][] {
    if (!formats.length) return [];
    const byPath = new Map(documents.map((d) => [d._path, d]));
    const files: [string, () => Promise<string>][] = [];
    for (const { code, site, posts } of locales) {
      // The default locale's feeds are written even without posts, as a one-language site's always are.
      if (code !== site.defaultLocale && site.locales.length && !posts.length) continue;
      const lang = site.locales.length ? code : site.lang;
      let common: ReturnType<typeof channel> | undefined;
      const made = () => (common ??= channel({ config, site, lang, posts, byPath, authors, body, path: localePath(path, code, site) }));
      for (const format of formats) {
        const file = localePath(paths[format], code, site);
        files.push([file, async () => writeFeed(format, { ...(await made()), self: `${site.url}/${file}` })]);
      }
    }
    return files;
  }

  return {
    name: 'sitegen:feed',
    hooks: {
      'page:data'({ head, site, page }) {
        // A locale without posts has no feed (below): its pages link none rather than a missing file.
        if (page.locale !== site.defaultLocale && site.locales.find((l) => l.code === page.locale)?.posts === false) return;
        for (const format of formats)
          setTag(head, 'link', { rel: 'alternate', type: FEED_TYPES[format], title: title(site), href: `/${localePath(paths[format], page.locale, site)}` });
      },
      async 'build:done'(ctx) {
        for (const [file, make] of feedFiles(ctx)) await ctx.write(file, await make());
      },
      // The same files in `sitegen dev`, made when first asked for: the head's feed links lead somewhere there too.
      'dev:files'(ctx) {
        return Object.fromEntries(feedFiles(ctx));
      },
    },
  };
}
