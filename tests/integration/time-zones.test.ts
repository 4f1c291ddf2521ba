/**
 * Dates are UTC days whatever the time zone of the machine that builds: a post dated `2026-03-01` shows March 1 in its
 * byline, `<time datetime>`, listing, feeds and sitemap, a date-time with an offset is the same instant everywhere, and
 * the scheduled-post cut-off (`--now`) compares instants. Built in Los Angeles and in Tokyo, the output is the same.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { html, outputFiles, read, remove, runCli, tempDir } from '../helpers.ts';

let root: string;
const outs: Record<string, string> = {};
const ZONES = ['America/Los_Angeles', 'Asia/Tokyo'];

beforeAll(async () => {
  root = tempDir('sitegen-time-zones-');
  const files: Record<string, string> = {
    'site/config.ts':
      "import { defineConfig } from 'react-sitegen';\nexport default defineConfig({ url: 'https://example.com', plugins: ['react-sitegen/plugins/seo', 'react-sitegen/plugins/sitemap', 'react-sitegen/plugins/feed'] });\n",
    'content/blog/2026-03-01-day.md': '---\ntitle: Day\n---\n\nA post of March 1.\n',
    // 23:30 in Los Angeles is 07:30 the next morning in UTC.
    'content/blog/late.md': '---\ntitle: Late\ndate: 2026-03-01T23:30:00-08:00\n---\n\nLate in the evening.\n',
    'content/blog/2026-03-03-next.md': '---\ntitle: Next\n---\n\nNot yet.\n',
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  for (const zone of ZONES) {
    const out = join(root, `dist-${zone.replace('/', '-')}`);
    const built = await runCli(['build', '--root', root, '--out', out, '--now', '2026-03-02T12:00:00Z', '--force'], { env: { TZ: zone } });
    expect(built.code, built.stderr).toBe(0);
    outs[zone] = out;
  }
}, 180_000);
afterAll(() => remove(root));

describe('a site built in two time zones', () => {
  it('writes the same files', () => {
    expect(outputFiles(outs[ZONES[0]])).toEqual(outputFiles(outs[ZONES[1]]));
  });

  it('shows a date as its UTC day on the post, the listing, the feeds and the sitemap', () => {
    for (const zone of ZONES) {
      const out = outs[zone];
      const post = html(out, 'blog/2026/03/01/day/index.html').querySelector('.post-meta time')!;
      expect([post.getAttribute('datetime'), post.text], zone).toEqual(['2026-03-01', 'March 1, 2026']);
      const late = html(out, 'blog/2026/03/02/late/index.html').querySelector('.post-meta time')!;
      expect([late.getAttribute('datetime'), late.text], zone).toEqual(['2026-03-02', 'March 2, 2026']);
      const listed = html(out, 'blog/index.html')
        .querySelectorAll('time')
        .map((t) => `${t.getAttribute('datetime')} ${t.text}`);
      expect(listed, zone).toEqual(['2026-03-02 March 2, 2026', '2026-03-01 March 1, 2026']);
      expect(read(out, 'sitemap.xml'), zone).toContain('<loc>https://example.com/blog/2026/03/01/day</loc><lastmod>2026-03-01T00:00:00.000Z</lastmod>');
      expect(read(out, 'blog/feed.xml'), zone).toContain('<published>2026-03-01T00:00:00.000Z</published>');
      expect(read(out, 'blog/feed.xml'), zone).toContain('<published>2026-03-02T07:30:00.000Z</published>');
      expect(read(out, 'blog/rss.xml'), zone).toContain('<pubDate>Sun, 01 Mar 2026 00:00:00 GMT</pubDate>');
    }
  });

  it('leaves out the post dated after "now", and only that one', () => {
    for (const zone of ZONES) {
      expect(read(outs[zone], 'sitemap.xml'), zone).not.toContain('/blog/2026/03/03/next');
      expect(html(outs[zone], 'blog/index.html').querySelectorAll('.post-card').length, zone).toBe(2);
    }
  });
});
