/**
 * Posts dated after the build's "now" (tests/fixtures/scheduled, built through the real CLI): left out of every output
 * by default, built and marked as scheduled with --future and in `sitegen dev`; "now" from --now or SOURCE_DATE_EPOCH
 * (a malformed one fails the build and dev), in the build id only as the set of posts it publishes; a warm build across
 * a --now that publishes a post equals a cold one.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer } from '../../src/dev/server.ts';
import { copyFixture, html, json, listFiles, outputFiles, read, remove, runCli } from '../helpers.ts';

const FUTURE = 'blog/2030/06/01/future-launch';
const DUE_29TH = 'blog/2026/11/29/due-soon';
const PUBLISHED = ['blog/2026/11/20/markup-title', 'blog/2026/01/10/published'];

let site: string;
const dist = (name: string) => join(site, name);

async function build(out: string, ...args: string[]) {
  const result = await runCli(['build', '--root', site, '--out', dist(out), ...args]);
  expect(result.code, result.stderr).toBe(0);
  return result;
}

/** Every text file of the output that mentions the post (its slug or its title). */
const mentioning = (out: string, slug: string, title: string) =>
  listFiles(dist(out)).filter((file) => !/\.(png|woff2?)$/.test(file) && (read(dist(out), file).includes(slug) || read(dist(out), file).includes(title)));

beforeAll(async () => {
  site = copyFixture('scheduled');
  await build('now', '--now', '2026-11-28');
  await build('future', '--now', '2026-11-28', '--future');
}, 120_000);
afterAll(() => remove(site));

describe('a build at --now 2026-11-28', () => {
  it('writes no file that names a post dated after it: no page, listing, feed, sitemap, search, content API or image', () => {
    expect(mentioning('now', 'future-launch', 'The secret launch')).toEqual([]);
    expect(mentioning('now', 'due-soon', 'Due the day after')).toEqual([]);
    expect(listFiles(dist('now')).filter((f) => f.includes('launch-shot'))).toEqual([]);
    expect(existsSync(join(dist('now'), FUTURE, 'index.html'))).toBe(false);
  });

  it('publishes the posts dated before it and the pages that are not posts, whatever their date', () => {
    for (const post of PUBLISHED) expect(html(dist('now'), `${post}/index.html`).querySelector('h1')?.text).toBeTruthy();
    expect(html(dist('now'), 'guide/index.html').querySelector('h1')?.text).toBe('Guide');
    const listed = html(dist('now'), 'blog/index.html')
      .querySelectorAll('main a[href^="/blog/2"]')
      .map((a) => a.getAttribute('href'));
    expect(listed).toEqual(PUBLISHED.map((p) => `/${p}`));
    expect(html(dist('now'), 'blog/index.html').querySelector('.badge-scheduled')).toBeNull();
    const sitemap = read(dist('now'), 'sitemap.xml');
    for (const post of PUBLISHED) expect(sitemap).toContain(`<loc>https://schedule.example/${post}</loc>`);
    const search = read(dist('now'), '_sitegen/search/index.json');
    expect(search).toContain('Published in January');
  });

  it('gives the newest published post no link to a later one', () => {
    const newest = html(dist('now'), `${PUBLISHED[0]}/index.html`);
    const links = newest.querySelectorAll('a[href^="/blog/2"]').map((a) => a.getAttribute('href'));
    expect(links).toContain(`/${PUBLISHED[1]}`);
    expect(links.filter((href) => href?.startsWith('/blog/2030') || href?.includes('due-soon'))).toEqual([]);
  });
});

describe('a build with --future', () => {
  it('builds the future posts into pages, listings, feeds, sitemap and search, each marked as scheduled', () => {
    const page = html(dist('future'), `${FUTURE}/index.html`);
    expect(page.querySelector('h1')?.text).toBe('The secret launch');
    expect(page.querySelector('.post-meta .badge-scheduled')?.text).toBe('Scheduled');
    const items = html(dist('future'), 'blog/index.html').querySelectorAll('main .post-card');
    const marked = items.filter((card) => card.querySelector('.badge-scheduled')).map((card) => card.querySelector('.post-card-title a')?.getAttribute('href'));
    expect(marked).toEqual([`/${FUTURE}`, `/${DUE_29TH}`]);
    // A published post is not marked, on its page or in the listing.
    expect(html(dist('future'), `${PUBLISHED[1]}/index.html`).querySelector('.post-meta .badge-scheduled')).toBeNull();
    expect(read(dist('future'), 'sitemap.xml')).toContain(`https://schedule.example/${FUTURE}`);
    expect(read(dist('future'), 'blog/rss.xml')).toContain(`https://schedule.example/${FUTURE}`);
    expect(read(dist('future'), '_sitegen/search/index.json')).toContain('The secret launch');
    expect(listFiles(dist('future')).some((f) => f.includes('launch-shot'))).toBe(true);
  });
});

describe('the build\'s "now"', () => {
  it('is part of the build id only as the posts it publishes: another hour with the same posts is up to date', async () => {
    const again = await runCli(['build', '--root', site, '--out', dist('now'), '--now', '2026-11-28T23:00:00Z']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain('is up to date');
  });

  it('publishes a post that fell due in a warm build exactly as a cold build does', async () => {
    const warm = await build('now', '--now', '2026-11-30');
    expect(warm.stdout).toMatch(/\(\d+ unchanged\)/);
    await build('cold', '--now', '2026-11-30');
    expect(html(dist('now'), `${DUE_29TH}/index.html`).querySelector('h1')?.text).toBe('Due the day after');
    expect(outputFiles(dist('now'))).toEqual(outputFiles(dist('cold')));
    expect(json<{ id: string }>(dist('now'), '_sitegen/builds/latest.json').id).toBe(json<{ id: string }>(dist('cold'), '_sitegen/builds/latest.json').id);
  }, 60_000);

  it('comes from SOURCE_DATE_EPOCH without --now', async () => {
    const result = await runCli(['build', '--quiet', '--root', site, '--out', dist('epoch')], {
      env: { SOURCE_DATE_EPOCH: String(Date.parse('2026-11-29T13:00:00Z') / 1000) },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(existsSync(join(dist('epoch'), DUE_29TH, 'index.html'))).toBe(true);
    expect(existsSync(join(dist('epoch'), FUTURE, 'index.html'))).toBe(false);
  });

  it('refuses a --now that is no date, with a hint and exit code 1', async () => {
    const result = await runCli(['build', '--root', site, '--now', '2026-02-30']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      "error: option '--now <date>' argument '2026-02-30' is invalid. expected an ISO date or date-time, like 2026-11-28 or 2026-11-28T09:30:00Z\n(run sitegen --help for usage)\n",
    );
  });

  it('refuses a SOURCE_DATE_EPOCH that is not whole seconds in the range of dates, with --now too, leaving the output as it was', async () => {
    const before = outputFiles(dist('now'));
    const hint =
      'hint: Set it to the seconds since the epoch, as `date +%s` or `git log -1 --format=%ct` prints them (SOURCE_DATE_EPOCH=1700000000), or unset it to build with the clock.';
    const cases: [string, string][] = [
      ['abc', 'SOURCE_DATE_EPOCH "abc" is not a whole number of seconds since 1970-01-01 00:00 UTC'],
      ['1e20', 'SOURCE_DATE_EPOCH "1e20" is not a whole number of seconds since 1970-01-01 00:00 UTC'],
      ['1700000000.5', 'SOURCE_DATE_EPOCH "1700000000.5" is not a whole number of seconds since 1970-01-01 00:00 UTC'],
      ['-1', 'SOURCE_DATE_EPOCH "-1" is not a whole number of seconds since 1970-01-01 00:00 UTC'],
      ['8640000000001', 'SOURCE_DATE_EPOCH "8640000000001" is after the last date JavaScript can hold (8640000000000 seconds, in the year 275760)'],
    ];
    for (const [value, message] of cases) {
      const result = await runCli(['build', '--root', site, '--out', dist('now'), '--force'], { env: { SOURCE_DATE_EPOCH: value } });
      expect(result.code, value).toBe(1);
      expect(result.stderr).toBe(`✗ [SG2018] Invalid SOURCE_DATE_EPOCH\n  ${message}\n  ${hint}\n\nBuild failed. The previous output was left as it was.\n`);
    }
    const withNow = await runCli(['build', '--root', site, '--out', dist('now'), '--now', '2026-11-28'], { env: { SOURCE_DATE_EPOCH: 'abc' } });
    expect(withNow.code).toBe(1);
    expect(withNow.stderr).toContain('[SG2018] Invalid SOURCE_DATE_EPOCH');
    expect(outputFiles(dist('now'))).toEqual(before);
  }, 60_000);
});

describe('a link to a scheduled post', () => {
  it('fails the build naming the post and its date', async () => {
    const linking = join(site, 'content/blog/2026-01-11-teaser.md');
    writeFileSync(linking, '---\ntitle: Teaser\ndate: 2026-01-11\n---\n\nSee [the launch](./2030-06-01-future-launch.md).\n');
    try {
      const result = await runCli(['build', '--root', site, '--out', dist('linking'), '--now', '2026-11-28']);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('✗ content/blog/2026-01-11-teaser.md:6 [SG5001] Broken internal link');
      expect(result.stderr).toContain(
        "blog/2030-06-01-future-launch is dated 2030-06-01, after the build's now: it is published from then on (or with --future)",
      );
      // With --future it is a page like any other.
      expect((await runCli(['build', '--quiet', '--root', site, '--out', dist('linking'), '--now', '2026-11-28', '--future'])).code).toBe(0);
    } finally {
      remove(linking);
    }
  }, 60_000);
});

describe('sitegen dev', () => {
  it('serves future posts, marked as scheduled on their page and in the listing', async () => {
    const dev = await startDevServer({ root: site, port: 0 });
    try {
      const page = await fetch(`${dev.url}/${FUTURE}`);
      expect(page.status).toBe(200);
      const { parse } = await import('node-html-parser');
      expect(parse(await page.text()).querySelector('.post-meta .badge-scheduled')?.text).toBe('Scheduled');
      const listing = parse(await (await fetch(`${dev.url}/blog`)).text());
      const marked = listing.querySelectorAll('main .post-card').filter((card) => card.querySelector('.badge-scheduled'));
      expect(marked.map((card) => card.querySelector('.post-card-title a')?.getAttribute('href'))).toContain(`/${FUTURE}`);
    } finally {
      await dev.close();
    }
  }, 60_000);

  it('refuses a malformed SOURCE_DATE_EPOCH before it starts anything', async () => {
    const before = process.env.SOURCE_DATE_EPOCH;
    process.env.SOURCE_DATE_EPOCH = 'abc';
    try {
      await expect(startDevServer({ root: site, port: 0 })).rejects.toMatchObject({ code: 'SG2018' });
    } finally {
      if (before === undefined) delete process.env.SOURCE_DATE_EPOCH;
      else process.env.SOURCE_DATE_EPOCH = before;
    }
  });
});
