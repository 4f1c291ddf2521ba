/**
 * The feed plugin's three formats (tests/fixtures/scheduled lists all three), parsed as their readers parse them: RSS 2.0
 * and Atom as XML with their required elements, absolute links, RFC 822 and RFC 3339 dates; JSON Feed 1.1. A title
 * with markup, quotes and `]]>` reads back as written in each.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer } from '../../src/dev/server.ts';
import { copyFixture, html, read, remove, runCli } from '../helpers.ts';

const ORIGIN = 'https://schedule.example';
const TITLE = 'Using <details> & "quotes" ]]> safely';
const DESCRIPTION = 'A <b>summary</b> & more';
const POSTS = [`${ORIGIN}/blog/2026/11/20/markup-title`, `${ORIGIN}/blog/2026/01/10/published`];

let site: string;
let out: string;
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false });
const text = (value: unknown) => (typeof value === 'object' && value !== null ? (value as { '#text': string })['#text'] : String(value));
/** What a reader shows of text a format says is HTML. */
const fromHtml = (value: string) =>
  value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

beforeAll(async () => {
  site = copyFixture('scheduled');
  out = join(site, 'dist');
  const result = await runCli(['build', '--quiet', '--root', site, '--now', '2026-11-28']);
  expect(result.code, result.stderr).toBe(0);
}, 60_000);
afterAll(() => remove(site));

describe('RSS 2.0 (blog/rss.xml)', () => {
  it('is well-formed XML with the channel and item elements RSS 2.0 requires', () => {
    const source = read(out, 'blog/rss.xml');
    expect(XMLValidator.validate(source)).toBe(true);
    const rss = xml.parse(source).rss;
    expect(rss['@version']).toBe('2.0');
    for (const ns of ['xmlns:atom', 'xmlns:content', 'xmlns:dc']) expect(rss[`@${ns}`]).toMatch(/^http:\/\//);
    const { channel } = rss;
    expect(channel.title).toBe('Schedule & Co blog');
    expect(channel.link).toBe(`${ORIGIN}/blog`);
    expect(channel.description).toBe('Posts that wait for their day.');
    expect(channel['atom:link']).toMatchObject({ '@href': `${ORIGIN}/blog/rss.xml`, '@rel': 'self', '@type': 'application/rss+xml' });
    // The newest post's date, never the clock.
    expect(channel.lastBuildDate).toBe('Fri, 20 Nov 2026 08:00:00 GMT');
    const items = [].concat(channel.item) as Record<string, unknown>[];
    expect(items.map((item) => item.link)).toEqual(POSTS);
    for (const item of items) {
      expect(text(item.guid)).toBe(item.link);
      // RFC 822 (with a four-digit year, as RFC 1123 has it), and the post's own date.
      expect(item.pubDate).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d GMT$/);
      expect(item['dc:creator']).toBe('Ada & Co');
      // Absolute links in the full content.
      expect(text(item['content:encoded'])).not.toMatch(/(href|src)="\/(?!\/)/);
    }
    expect(new Date(items[0].pubDate as string).toISOString()).toBe('2026-11-20T08:00:00.000Z');
    expect(text(items[1]['content:encoded'])).toContain(`href="${ORIGIN}/guide"`);
  });

  it('keeps a title with markup, quotes and ]]> as written, and escapes the description it reads as HTML', () => {
    const item = ([].concat(xml.parse(read(out, 'blog/rss.xml')).rss.channel.item) as Record<string, unknown>[])[0];
    expect(text(item.title)).toBe(TITLE);
    expect(text(item.description)).toBe('A &lt;b&gt;summary&lt;/b&gt; &amp; more');
    expect(fromHtml(text(item.description))).toBe(DESCRIPTION);
  });
});

describe('Atom (blog/feed.xml)', () => {
  it('is well-formed XML with the feed and entry elements Atom requires, dates in RFC 3339', () => {
    const source = read(out, 'blog/feed.xml');
    expect(XMLValidator.validate(source)).toBe(true);
    const { feed } = xml.parse(source);
    expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(feed.id).toBe(`${ORIGIN}/blog`);
    expect(feed.updated).toBe('2026-11-20T08:00:00.000Z');
    expect([].concat(feed.link)).toContainEqual({ '@rel': 'self', '@href': `${ORIGIN}/blog/feed.xml` });
    const entries = [].concat(feed.entry) as Record<string, unknown>[];
    expect(entries.map((e) => e.id)).toEqual(POSTS);
    const rfc3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;
    for (const entry of entries) {
      expect(entry.updated).toMatch(rfc3339);
      expect(entry.published).toMatch(rfc3339);
      expect((entry.link as { '@href': string })['@href']).toBe(entry.id);
      expect((entry.author as { name: string }).name).toBe('Ada & Co');
    }
    // RFC 4287 4.2.2.1: every category has a term (a feed validator refuses one with a label alone).
    const categories = [].concat(entries[0].category as never) as Record<string, string>[];
    expect(categories.map((c) => [c['@term'], c['@label']])).toEqual([
      ['html', 'html'],
      ['release', 'release'],
    ]);
  });

  it('escapes the title and summary it declares as HTML, so a reader shows them as written', () => {
    const entry = ([].concat(xml.parse(read(out, 'blog/feed.xml')).feed.entry) as Record<string, { '@type': string }>[])[0];
    expect(entry.title['@type']).toBe('html');
    // Read as HTML, the title as written would be a <details> element: its markup is escaped.
    expect(text(entry.title)).toBe('Using &lt;details&gt; &amp; &quot;quotes&quot; ]]&gt; safely');
    expect(fromHtml(text(entry.title))).toBe(TITLE);
    expect(fromHtml(text(entry.summary))).toBe(DESCRIPTION);
  });
});

describe('Atom for posts that name no author', () => {
  it('names the site as the feed author, as RFC 4287 requires when an entry has none, and only then', async () => {
    const own = copyFixture('scheduled');
    try {
      const post = join(own, 'content/blog/2026-01-10-published.md');
      writeFileSync(post, readFileSync(post, 'utf8').replace('author: ada\n', ''));
      const result = await runCli(['build', '--quiet', '--root', own, '--now', '2026-11-28']);
      expect(result.code, result.stderr).toBe(0);
      const { feed } = xml.parse(read(join(own, 'dist'), 'blog/feed.xml'));
      expect(feed.author).toEqual({ name: 'Schedule & Co' });
      const entries = [].concat(feed.entry) as Record<string, unknown>[];
      expect(entries.map((e) => (e.author as { name: string } | undefined)?.name)).toEqual(['Ada & Co', undefined]);
    } finally {
      remove(own);
    }
    // Where every post names its author, the feed names none of its own.
    expect(xml.parse(read(out, 'blog/feed.xml')).feed.author).toBeUndefined();
  }, 60_000);
});

describe('JSON Feed (blog/feed.json)', () => {
  it('is JSON Feed 1.1 with absolute URLs and plain-text titles', () => {
    const feed = JSON.parse(read(out, 'blog/feed.json'));
    expect(feed).toMatchObject({
      version: 'https://jsonfeed.org/version/1.1',
      title: 'Schedule & Co blog',
      home_page_url: `${ORIGIN}/blog`,
      feed_url: `${ORIGIN}/blog/feed.json`,
      language: 'en',
    });
    expect(feed.items.map((item: { id: string }) => item.id)).toEqual(POSTS);
    expect(feed.items[0]).toMatchObject({
      url: POSTS[0],
      title: TITLE,
      summary: DESCRIPTION,
      date_published: '2026-11-20T08:00:00.000Z',
      authors: [{ name: 'Ada & Co' }],
      tags: ['html', 'release'],
    });
    expect(feed.items[1].content_html).toContain(`href="${ORIGIN}/guide"`);
  });
});

describe('the head of every page', () => {
  it('links each format the site writes, by its media type', () => {
    const links = html(out, 'guide/index.html')
      .querySelectorAll('link[rel="alternate"]')
      .map((l) => [l.getAttribute('type'), l.getAttribute('href'), l.getAttribute('title')]);
    expect(links).toEqual([
      ['application/atom+xml', '/blog/feed.xml', 'Schedule & Co blog'],
      ['application/rss+xml', '/blog/rss.xml', 'Schedule & Co blog'],
      ['application/feed+json', '/blog/feed.json', 'Schedule & Co blog'],
    ]);
  });
});

describe('in sitegen dev', () => {
  it('serves each feed the head links, as the build writes it, made from the posts dev shows', async () => {
    const dev = await startDevServer({ root: site, port: 0, log: () => undefined });
    try {
      const get = async (path: string) => {
        const res = await fetch(`${dev.url}${path}`);
        return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
      };
      const atom = await get('/blog/feed.xml');
      expect(atom.status).toBe(200);
      expect(XMLValidator.validate(atom.text)).toBe(true);
      expect(xml.parse(atom.text).feed.title).toBe(xml.parse(read(out, 'blog/feed.xml')).feed.title);
      const rss = await get('/blog/rss.xml');
      expect(rss.status).toBe(200);
      expect(XMLValidator.validate(rss.text)).toBe(true);
      const json = await get('/blog/feed.json');
      expect(json.status).toBe(200);
      const urls = (JSON.parse(json.text) as { items: { url: string }[] }).items.map((item) => item.url);
      // The build's posts after the two dev shows as scheduled (dated after the build's --now), newest first.
      const built = (JSON.parse(read(out, 'blog/feed.json')) as { items: { url: string }[] }).items.map((item) => item.url);
      expect(built).toEqual(POSTS);
      expect(urls).toEqual([`${ORIGIN}/blog/2030/06/01/future-launch`, `${ORIGIN}/blog/2026/11/29/due-soon`, ...POSTS]);
    } finally {
      await dev.close();
    }
  }, 60_000);
});
