/**
 * A blog moved from Hugo, Jekyll or Docusaurus (fixture `blogger`), built through the real pipeline: what those
 * generators' posts write (`image:` covers, `authors:` lists, tags with punctuation, Japanese text) reaches the
 * page head, the listings and the feeds.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, html, remove, runCli, tempDir } from '../helpers.ts';

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
