/**
 * SEO outputs of the built-in plugins on the fixture: head tags, JSON-LD, sitemap.xml,
 * robots.txt and the Atom feed (parsed as XML).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, html, listFiles, read, remove, runCli, tempDir } from '../helpers.ts';

let out: string;
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' });

beforeAll(async () => {
  out = join(tempDir(), 'dist');
  const result = await runCli(['build', '--quiet', '--root', copyFixture('basic', join(out, '..', 'site')), '--out', out]);
  expect(result.code, result.stderr).toBe(0);
}, 60_000);
afterAll(() => remove(join(out, '..')));

const meta = (file: string, key: string) => {
  const doc = html(out, file);
  return (doc.querySelector(`meta[name="${key}"]`) ?? doc.querySelector(`meta[property="${key}"]`))?.getAttribute('content');
};

describe('SEO head', () => {
  it('titles pages as {page} {separator} {site}', () => {
    expect(html(out, 'about/index.html').querySelector('title')?.text).toBe('About the fixture | Fixture');
    expect(html(out, 'index.html').querySelector('title')?.text).toBe('Home | Fixture');
  });

  it('writes description, canonical, Open Graph and Twitter tags', () => {
    expect(meta('about/index.html', 'description')).toBe('What this fixture is for.');
    expect(html(out, 'about/index.html').querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://fixture.example.com/about');
    expect(meta('about/index.html', 'og:title')).toBe('About the fixture');
    expect(meta('about/index.html', 'og:url')).toBe('https://fixture.example.com/about');
    expect(meta('about/index.html', 'og:type')).toBe('website');
    expect(meta('about/index.html', 'og:site_name')).toBe('Fixture');
    expect(meta('about/index.html', 'twitter:card')).toBe('summary');
    expect(meta('about/index.html', 'twitter:site')).toBe('@fixture');
    expect(meta('blog/2020/01/21/hello-world/index.html', 'og:type')).toBe('article');
    expect(meta('blog/2020/01/21/hello-world/index.html', 'article:published_time')).toBe('2020-01-21T10:00:00.000Z');
  });

  it('adds JSON-LD for the organisation and for posts', () => {
    const ld = (file: string) =>
      html(out, file)
        .querySelectorAll('script[type="application/ld+json"]')
        .map((s) => JSON.parse(s.text));
    expect(ld('index.html')).toEqual([expect.objectContaining({ '@type': 'Organization', name: 'Fixture', url: 'https://fixture.example.com' })]);
    expect(ld('blog/2020/01/21/hello-world/index.html')).toEqual([
      expect.objectContaining({
        '@type': 'BlogPosting',
        headline: 'Hello world',
        datePublished: '2020-01-21T10:00:00.000Z',
        url: 'https://fixture.example.com/blog/2020/01/21/hello-world',
        author: { '@type': 'Person', name: 'Ada Example' },
      }),
    ]);
  });

  it('marks the not-found page noindex and gives it no canonical', () => {
    expect(meta('404.html', 'robots')).toBe('noindex, nofollow');
    expect(html(out, '404.html').querySelector('link[rel="canonical"]')).toBeNull();
  });

  it('links the feed from every page', () => {
    expect(html(out, 'about/index.html').querySelector('link[rel="alternate"][type="application/atom+xml"]')?.getAttribute('href')).toBe('/blog/feed.xml');
    // RSS beside it by default; a JSON Feed only when the plugin's `formats` lists it.
    expect(html(out, 'about/index.html').querySelector('link[rel="alternate"][type="application/rss+xml"]')?.getAttribute('href')).toBe('/blog/rss.xml');
    expect(html(out, 'about/index.html').querySelector('link[rel="alternate"][type="application/feed+json"]')).toBeNull();
    expect(listFiles(out).filter((f) => f.startsWith('blog/') && /\.(xml|json)$/.test(f) && !f.includes('_payload'))).toEqual([
      'blog/feed.xml',
      'blog/rss.xml',
    ]);
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('lists every indexable page, with lastmod from the document date', () => {
    const map = xml.parse(read(out, 'sitemap.xml'));
    const urls = ([] as { loc: string; lastmod?: string }[]).concat(map.urlset.url);
    expect(urls.map((u) => u.loc)).toEqual(
      [
        '/',
        '/about',
        '/blog',
        '/blog/2020/01/21/hello-world',
        '/blog/2021/02/03/custom-slug',
        '/blog/authors',
        '/blog/authors/ada',
        '/blog/tags',
        '/blog/tags/intro',
        '/blog/tags/news',
        '/counter',
        '/download/index.html',
        '/guide',
        '/guide/advanced',
        '/guide/intro',
        '/guide/setup',
        '/secret',
      ].map((p) => `https://fixture.example.com${p}`),
    );
    expect(urls.find((u) => u.loc.endsWith('/hello-world'))?.lastmod).toBe('2020-01-21T10:00:00.000Z');
  });

  it('follows a page added and removed again, as a cold build makes it (the file is kept between builds)', async () => {
    const site = copyFixture('basic');
    try {
      const build = async () => {
        const result = await runCli(['build', '--quiet', '--root', site]);
        expect(result.code, result.stderr).toBe(0);
        return read(join(site, 'dist'), 'sitemap.xml');
      };
      const first = await build();
      expect(first).toBe(read(out, 'sitemap.xml'));
      writeFileSync(join(site, 'content/added.md'), '---\ntitle: Added\ndescription: A page added.\n---\n\nNew.\n');
      const added = await build();
      expect(added).toContain('<loc>https://fixture.example.com/added</loc>');
      // A cold build of the same project (no cache, no output) makes the same file.
      rmSync(join(site, '.sitegen-cache'), { recursive: true });
      rmSync(join(site, 'dist'), { recursive: true });
      expect(await build()).toBe(added);
      rmSync(join(site, 'content/added.md'));
      expect(await build()).toBe(first);
    } finally {
      remove(site);
    }
  });

  it('writes an empty, valid sitemap when no page is listed (every one excluded), and the build succeeds', async () => {
    const site = copyFixture('basic');
    try {
      const config = join(site, 'site/config.ts');
      const routes = ['/', '/about', '/blog', '/counter', '/download', '/guide', '/secret'];
      const listed = readFileSync(config, 'utf8').replace("'sitegen/plugins/sitemap'", `['sitegen/plugins/sitemap', { exclude: ${JSON.stringify(routes)} }]`);
      writeFileSync(config, listed);
      const result = await runCli(['build', '--quiet', '--root', site]);
      expect(result.code, result.stderr).toBe(0);
      const dist = join(site, 'dist');
      const map = xml.parse(read(dist, 'sitemap.xml'));
      expect(map.urlset['@xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
      expect(map.urlset.url).toBeUndefined();
      expect(read(dist, 'robots.txt')).toContain('Sitemap: https://fixture.example.com/sitemap.xml');
    } finally {
      remove(site);
    }
  });

  it('points robots.txt at the sitemap', () => {
    expect(read(out, 'robots.txt')).toBe('User-agent: *\nAllow: /\n\nSitemap: https://fixture.example.com/sitemap.xml\n');
  });
});

describe('the Atom feed', () => {
  it('is a valid Atom document with every published post, absolute links and full content', () => {
    const feed = xml.parse(read(out, 'blog/feed.xml')).feed;
    expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(feed.id).toBe('https://fixture.example.com/blog');
    expect(feed.updated).toBe('2021-02-03T00:00:00.000Z');
    const entries = ([] as Record<string, unknown>[]).concat(feed.entry);
    expect(entries.map((e) => e.id)).toEqual([
      'https://fixture.example.com/blog/2021/02/03/custom-slug',
      'https://fixture.example.com/blog/2020/01/21/hello-world',
    ]);
    for (const entry of entries) {
      expect(entry.title).toBeTruthy();
      expect(entry.updated).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect((entry.link as { '@href': string })['@href']).toMatch(/^https:\/\/fixture\.example\.com\//);
    }
    const hello = entries[1].content as { '#text': string };
    expect(hello['#text']).toContain('href="https://fixture.example.com/guide"');
    expect(hello['#text']).toContain('The excerpt paragraph.');
  });
});

describe('a site that must not be indexed', () => {
  it('writes noindex everywhere and a disallowing robots.txt, and no sitemap', async () => {
    const site = copyFixture('basic');
    try {
      const config = join(site, 'site/config.ts');
      writeFileSync(config, readFileSync(config, 'utf8').replace("separator: '|',", "separator: '|', indexable: false,"));
      expect((await runCli(['build', '--quiet', '--root', site])).code).toBe(0);
      const dist = join(site, 'dist');
      for (const file of listFiles(dist).filter((f) => f.endsWith('index.html') && !read(dist, f).includes('http-equiv="refresh"'))) {
        expect(html(dist, file).querySelector('meta[name="robots"]')?.getAttribute('content'), file).toBe('noindex, nofollow');
      }
      expect(read(dist, 'robots.txt')).toBe('User-agent: *\nDisallow: /\n');
      expect(listFiles(dist)).not.toContain('sitemap.xml');
    } finally {
      remove(site);
    }
  });
});
