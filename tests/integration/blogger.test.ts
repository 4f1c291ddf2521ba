/**
 * A blog moved from Hugo, Jekyll or Docusaurus (fixture `blogger`), built through the real pipeline: what those
 * generators' posts write (`image:` covers, `authors:` lists, tags with punctuation, Japanese text) reaches the
 * page head, the listings and the feeds.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, html, read, remove, runCli, tempDir } from '../helpers.ts';

let out: string;

beforeAll(async () => {
  out = join(tempDir(), 'dist');
  const result = await runCli(['build', '--quiet', '--root', copyFixture('blogger', join(out, '..', 'site')), '--out', out]);
  expect(result.code, result.stderr).toBe(0);
}, 60_000);
afterAll(() => remove(join(out, '..')));

const meta = (file: string, key: string) => {
  const doc = html(out, file);
  return (doc.querySelector(`meta[name="${key}"]`) ?? doc.querySelector(`meta[property="${key}"]`))?.getAttribute('content');
};
const jsonLd = (file: string) =>
  html(out, file)
    .querySelectorAll('script[type="application/ld+json"]')
    .map((s) => JSON.parse(s.text));

describe('a post whose cover is `image:`', () => {
  it('is the social image of the post: og:image, a large Twitter card and the JSON-LD image', () => {
    const file = 'blog/2024/01/01/cover/index.html';
    expect(meta(file, 'og:image')).toMatch(/^https:\/\/blog\.example\.com\/_sitegen\/images\/a\.[0-9a-f]{10}\.png$/);
    expect(meta(file, 'twitter:card')).toBe('summary_large_image');
    expect(jsonLd(file)[0].image).toBe(meta(file, 'og:image'));
  });
});

describe('tags that differ by punctuation', () => {
  it('C, C++ and C# have a page each, listing only their own posts', () => {
    const page = (slug: string) => html(out, `blog/tags/${slug}/index.html`);
    const titles = (slug: string) =>
      page(slug)
        .querySelectorAll('.post-card-title a')
        .map((a) => a.text);
    expect(titles('c')).toEqual(['A post with a cover']);
    expect(titles('c-plus-plus')).toEqual(['Templates in C++']);
    expect(titles('c-sharp')).toEqual(['Records in C#']);
    expect(page('c-plus-plus').querySelector('h1')?.text).toContain('C++');
    // The post links its tag to the tag's own page, and the tag index counts each apart.
    expect(html(out, 'blog/2024/01/02/cpp/index.html').querySelector('.post-tags a')?.getAttribute('href')).toBe('/blog/tags/c-plus-plus');
    const index = html(out, 'blog/tags/index.html');
    const names = index.querySelectorAll('a[href^="/blog/tags/"]').map((a) => a.querySelector('.tag-cloud-name')?.text);
    expect(names).toEqual(expect.arrayContaining(['C', 'C++', 'C#']));
  });
});

describe('a post in Japanese', () => {
  it('counts its characters as words: its reading time and JSON-LD word count are not one word', () => {
    const file = 'blog/2024/01/04/cjk/index.html';
    // 100 times 33 characters and two full stops.
    expect(jsonLd(file)[0].wordCount).toBe(3300);
    // 3,300 characters at 500 a minute; as one word it was 1 min.
    expect(html(out, file).querySelector('.post-header .byline')?.text).toContain('7 min read');
  });
});

describe('a post with two authors (`authors: [ana, bo]`, as Docusaurus and Hugo write it)', () => {
  const file = 'blog/2024/01/05/pair/index.html';

  it('names and links both in its byline, with a bio box for each', () => {
    const doc = html(out, file);
    const byline = doc.querySelector('.post-header .byline');
    expect(byline?.querySelectorAll('a').map((a) => [a.text, a.getAttribute('href')])).toEqual([
      ['Ana Lima', '/blog/authors/ana'],
      ['Bo Chen', '/blog/authors/bo'],
    ]);
    expect(byline?.text).toContain('Ana Lima and Bo Chen');
    expect(doc.querySelectorAll('.author-box .author-name a').map((a) => a.text)).toEqual(['Ana Lima', 'Bo Chen']);
    // Two landmarks of one kind need names of their own.
    expect(doc.querySelectorAll('aside.author-box').map((a) => a.getAttribute('aria-label'))).toEqual(['Ana Lima', 'Bo Chen']);
  });

  it('is on both authors’ pages and its card names both', () => {
    for (const id of ['ana', 'bo']) {
      const page = html(out, `blog/authors/${id}/index.html`);
      const card = page.querySelectorAll('.post-card').find((c) => c.querySelector('.post-card-title')?.text === 'Written in pairs');
      expect(card?.querySelector('.byline')?.text, id).toContain('Ana Lima and Bo Chen');
    }
  });

  it('names both in its JSON-LD and in every feed', () => {
    expect(jsonLd(file)[0].author).toEqual([
      { '@type': 'Person', name: 'Ana Lima' },
      { '@type': 'Person', name: 'Bo Chen' },
    ]);
    const atom = read(out, 'blog/feed.xml');
    const entry = atom.slice(atom.indexOf('<id>https://blog.example.com/blog/2024/01/05/pair</id>'));
    expect(
      entry
        .slice(0, entry.indexOf('</entry>'))
        .match(/<author>\s*<name>([^<]*)<\/name>/g)
        ?.map((a) => a.replace(/<[^>]+>|\s/g, '')),
    ).toEqual(['AnaLima', 'BoChen']);
    const item = JSON.parse(read(out, 'blog/feed.json')).items.find((i: { id: string }) => i.id.endsWith('/pair'));
    expect(item.authors).toEqual([{ name: 'Ana Lima' }, { name: 'Bo Chen' }]);
  });
});
