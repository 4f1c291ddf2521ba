/**
 * A site in three languages (English at the root, Japanese, Persian right to left) through the real CLI: each page's
 * language and direction, its translations as hreflang links and sitemap alternates, the language menu, and
 * navigation, sidebars, prev/next, blog listings and feeds per locale. One page is English only; two are paired by
 * `translationKey` across different paths.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer } from '../../src/dev/server.ts';
import { startPreview } from '../../src/server/preview.ts';
import { localeNavigationKey, queryHash } from '../../src/content/query-key.ts';
import { html, listFiles, read, remove, runCli, tempDir, FIXTURES, type CliResult, outputFiles } from '../helpers.ts';

let site: string;
let out: string;
let result: CliResult;

beforeAll(async () => {
  site = tempDir('sitegen-locales-');
  cpSync(join(FIXTURES, 'multilingual'), site, { recursive: true });
  out = join(site, 'dist');
  result = await runCli(['build', '--root', site]);
}, 120_000);
afterAll(() => remove(site));

const page = (route: string) => html(out, `${route === '/' ? '' : `${route.slice(1)}/`}index.html`);
const hreflangs = (route: string) =>
  page(route)
    .querySelectorAll('head link[rel="alternate"][hreflang]')
    .map((l) => `${l.getAttribute('hreflang')} ${l.getAttribute('href')}`);
const URL = 'https://harbor.example';

describe('a site in three languages', () => {
  it('builds without problems', () => {
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toMatch(/SG\d{4}/);
  });

  it('gives each page its language and direction', () => {
    const root = (route: string) => page(route).querySelector('html')!;
    expect([root('/docs/guide').getAttribute('lang'), root('/docs/guide').getAttribute('dir')]).toEqual(['en', 'ltr']);
    expect([root('/ja/docs/guide').getAttribute('lang'), root('/ja/docs/guide').getAttribute('dir')]).toEqual(['ja', 'ltr']);
    expect([root('/fa/docs/guide').getAttribute('lang'), root('/fa/docs/guide').getAttribute('dir')]).toEqual(['fa', 'rtl']);
    const payload = JSON.parse(read(out, 'fa/docs/guide/_payload.json')) as { lang: string; dir: string };
    expect([payload.lang, payload.dir]).toEqual(['fa', 'rtl']);
  });

  it('links every translation of a page from each of them, itself included, with x-default', () => {
    const set = [`en ${URL}/docs/guide`, `ja ${URL}/ja/docs/guide`, `fa ${URL}/fa/docs/guide`, `x-default ${URL}/docs/guide`];
    for (const route of ['/docs/guide', '/ja/docs/guide', '/fa/docs/guide']) {
      expect(hreflangs(route), route).toEqual(set);
      // The canonical of each translation is itself.
      expect(page(route).querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe(`${URL}${route}`);
    }
    expect(hreflangs('/docs/guide/setup')).toEqual([`en ${URL}/docs/guide/setup`, `ja ${URL}/ja/docs/guide/setup`, `x-default ${URL}/docs/guide/setup`]);
  });

  it('pairs pages by translationKey across different paths, and gives an untranslated page no alternates', () => {
    const pair = [`en ${URL}/docs/guide/prices`, `ja ${URL}/ja/docs/guide/ryoukin`, `x-default ${URL}/docs/guide/prices`];
    expect(hreflangs('/docs/guide/prices')).toEqual(pair);
    expect(hreflangs('/ja/docs/guide/ryoukin')).toEqual(pair);
    expect(hreflangs('/docs/guide/english-only')).toEqual([]);
  });

  it("names the page's language and its other languages in Open Graph's language_TERRITORY form", () => {
    const og = (route: string, property: string) =>
      page(route)
        .querySelectorAll(`meta[property="${property}"]`)
        .map((m) => m.getAttribute('content'));
    expect(og('/ja/docs/guide', 'og:locale')).toEqual(['ja_JP']);
    expect(og('/ja/docs/guide', 'og:locale:alternate')).toEqual(['en_US', 'fa_IR']);
    expect(og('/fa/docs/guide', 'og:locale')).toEqual(['fa_IR']);
    expect(og('/docs/guide/english-only', 'og:locale:alternate')).toEqual([]);
  });

  it('lists the alternates in the sitemap, the same as the page head, x-default included', () => {
    const xml = read(out, 'sitemap.xml');
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const entry = xml.split('<url>').find((u) => u.includes(`<loc>${URL}/ja/docs/guide/ryoukin</loc>`))!;
    const listed = [...entry.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => `${m[1]} ${m[2]}`);
    expect(listed).toEqual([`en ${URL}/docs/guide/prices`, `ja ${URL}/ja/docs/guide/ryoukin`, `x-default ${URL}/docs/guide/prices`]);
    expect(listed).toEqual(hreflangs('/ja/docs/guide/ryoukin'));
    const lone = xml.split('<url>').find((u) => u.includes(`<loc>${URL}/docs/guide/english-only</loc>`))!;
    expect(lone).not.toContain('xhtml:link');
  });

  it("links the site's name to the home page in the page's language, when that language has one", () => {
    const brands = (route: string) =>
      page(route)
        .querySelectorAll('a.brand')
        .map((a) => a.getAttribute('href'));
    expect(brands('/ja/docs/guide')).toEqual(['/ja', '/ja']);
    expect(brands('/docs/guide')).toEqual(['/', '/']);
    // Persian has no home page of its own: the site's.
    expect(brands('/fa/docs/guide')).toEqual(['/', '/']);
  });

  it("offers each language in the header: the same page there, else that locale's home", () => {
    const menu = (route: string) =>
      page(route)
        .querySelectorAll('.lang-switch-list a')
        .map((a) => `${a.getAttribute('hreflang')} ${a.getAttribute('href')} ${a.text}${a.getAttribute('aria-current') ? ' (current)' : ''}`);
    expect(menu('/docs/guide/setup')).toEqual(['en /docs/guide/setup English (current)', 'ja /ja/docs/guide/setup 日本語', 'fa /fa/docs/guide فارسی']);
    // No Japanese page: Japanese goes to its home (/ja); Persian has no home page, so its first page.
    expect(menu('/docs/guide/english-only')).toEqual(['en /docs/guide/english-only English (current)', 'ja /ja 日本語', 'fa /fa/docs/guide فارسی']);
    expect(page('/fa/docs/guide').querySelector('.lang-switch summary span')!.text).toBe('فارسی');
    // The menu's name for screen readers is in the page's language too.
    expect(page('/fa/docs/guide').querySelector('.lang-switch summary')!.getAttribute('aria-label')).toBe('زبان: فارسی');
    expect(page('/ja/docs/guide').querySelector('.lang-switch summary')!.getAttribute('aria-label')).toBe('言語: 日本語');
    expect(page('/docs/guide').querySelector('.lang-switch summary')!.getAttribute('aria-label')).toBe('Language: English');
  });

  it('gives each locale its own header, sidebar and prev/next', () => {
    expect(page('/ja/docs/guide').querySelector('.main-nav a')!.text).toBe('ドキュメント');
    expect(page('/docs/guide').querySelector('.main-nav a')!.text).toBe('Docs');
    const sidebar = (route: string) =>
      page(route)
        .querySelectorAll('.docs-sidebar a')
        .map((a) => a.getAttribute('href'));
    expect(sidebar('/ja/docs/guide')).toEqual(['/ja/docs/guide', '/ja/docs/guide/setup', '/ja/docs/guide/ryoukin']);
    expect(sidebar('/docs/guide')).toEqual(['/docs/guide', '/docs/guide/setup', '/docs/guide/english-only', '/docs/guide/prices']);
    expect(page('/ja/docs/guide').querySelector('.docs-sidebar')!.text).toContain('ガイド');
    const next = (route: string) => page(route).querySelector('.pn-next')?.getAttribute('href');
    expect(next('/ja/docs/guide/setup')).toBe('/ja/docs/guide/ryoukin');
    expect(next('/docs/guide/setup')).toBe('/docs/guide/english-only');
    expect(page('/fa/docs/guide').querySelector('.pn-next')).toBeNull();
  });

  it("lists and feeds each locale's posts on their own", () => {
    const listed = (route: string) =>
      page(route)
        .querySelectorAll('main a[href*="/blog/2025/"]')
        .map((a) => a.getAttribute('href'));
    expect([...new Set(listed('/blog'))]).toEqual(['/blog/2025/01/15/hello']);
    expect([...new Set(listed('/ja/blog'))]).toEqual(['/ja/blog/2025/01/16/konnichiwa']);
    expect(page('/ja/blog').querySelector('html')!.getAttribute('lang')).toBe('ja');
    const feed = read(out, 'ja/blog/feed.xml');
    expect(feed).toContain(`<id>${URL}/ja/blog/2025/01/16/konnichiwa</id>`);
    expect(feed).not.toContain('/blog/2025/01/15/hello');
    expect(read(out, 'blog/feed.xml')).not.toContain('konnichiwa');
    expect(page('/ja/docs/guide').querySelector('link[type="application/atom+xml"]')!.getAttribute('href')).toBe('/ja/blog/feed.xml');
    // RSS beside Atom, per locale too, in the locale's language.
    const rss = read(out, 'ja/blog/rss.xml');
    expect(rss).toContain(`<link>${URL}/ja/blog/2025/01/16/konnichiwa</link>`);
    expect(rss).toContain('<language>ja</language>');
    expect(rss).not.toContain('/blog/2025/01/15/hello');
    expect(read(out, 'blog/rss.xml')).not.toContain('konnichiwa');
    // The site's description in the locale's language (theme.locales.ja.description): its feeds and footer.
    expect(rss).toContain('<description>船とドックの話。</description>');
    expect(read(out, 'blog/rss.xml')).toContain('<description>Ships and docks.</description>');
    expect(page('/ja/docs/guide').querySelector('.footer-brand p')!.text).toBe('船とドックの話。');
    expect(page('/fa/docs/guide').querySelector('.footer-brand p')!.text).toBe('Ships and docks.');
    expect(page('/ja/docs/guide').querySelector('link[type="application/rss+xml"]')!.getAttribute('href')).toBe('/ja/blog/rss.xml');
    // Persian has no posts: no feed, and its pages link none (they linked /fa/blog/feed.xml, which no build writes).
    for (const type of ['application/atom+xml', 'application/rss+xml']) expect(page('/fa/docs/guide').querySelector(`link[type="${type}"]`), type).toBeNull();
    expect(
      listFiles(out)
        .filter((f) => f.endsWith('feed.xml') || f.endsWith('rss.xml'))
        .sort(),
    ).toEqual(['blog/feed.xml', 'blog/rss.xml', 'ja/blog/feed.xml', 'ja/blog/rss.xml']);
  });

  it("answers a missing page in the language of its locale, with a 404.html in each locale's folder", () => {
    const lang = (file: string) => html(out, file).querySelector('html')!.getAttribute('lang');
    expect([lang('404.html'), lang('ja/404.html'), lang('fa/404.html')]).toEqual(['en', 'ja', 'fa']);
    expect(html(out, 'fa/404.html').querySelector('html')!.getAttribute('dir')).toBe('rtl');
    expect(html(out, 'ja/404.html').querySelector('h1')!.text).not.toBe(html(out, '404.html').querySelector('h1')!.text);
    // Never a page of its own (a host answers it with status 404), and kept out of the sitemap.
    expect(listFiles(out).filter((f) => /(^|\/)404\/index\.html$/.test(f))).toEqual([]);
    expect(read(out, 'sitemap.xml')).not.toContain('/404');
  });

  it("answers a locale's own folder (/ja, /ja/) and the paths under it with its not-found page in sitegen preview, as sitegen dev does", async () => {
    const server = await startPreview({ outDir: out, port: 0 });
    try {
      for (const [path, lang] of [
        ['/fa', 'fa'],
        ['/fa/', 'fa'],
        ['/fa/docs/nowhere', 'fa'],
        ['/nowhere', 'en'],
      ]) {
        const res = await fetch(`${server.url}${path}`);
        expect(res.status, path).toBe(404);
        expect((await res.text()).match(/<html lang="([^"]+)"/)?.[1], path).toBe(lang);
      }
    } finally {
      await server.close();
    }
  });

  it("writes each other locale's own navigation tree for its not-found page's suggestions, and sitegen dev answers it the same", async () => {
    const file = (code: string) => `api/_content/navigation/${queryHash(localeNavigationKey(code))}.json`;
    const paths = (tree: { path: string; children?: unknown[] }[]): string[] =>
      tree.flatMap((item) => [item.path, ...paths((item.children ?? []) as { path: string }[])]);
    const ja = JSON.parse(read(out, file('ja')));
    expect(paths(ja)).toContain('/ja/docs/guide/setup');
    expect(paths(ja).every((path) => path.startsWith('/ja'))).toBe(true);
    expect(paths(JSON.parse(read(out, file('fa'))))).toEqual(expect.arrayContaining(['/fa/docs/guide']));
    const dev = await startDevServer({ root: site, port: 0, log: () => undefined });
    try {
      expect(await (await fetch(`${dev.url}/${file('ja')}`)).json()).toEqual(ja);
    } finally {
      await dev.close();
    }
  });

  it('builds the same after an edit in each locale as a cold build does', async () => {
    const edit = (file: string, text: string) => writeFileSync(join(site, 'content', file), readFileSync(join(site, 'content', file), 'utf8') + text);
    edit('ja/docs/guide/1.setup.md', '\n追加の段落。\n');
    edit('fa/docs/guide/index.md', '\nبند دیگر.\n');
    edit('docs/guide/2.english-only.md', '\nAnother paragraph.\n');
    const warm = await runCli(['build', '--root', site]);
    expect(warm.code, warm.stderr).toBe(0);
    const cold = join(site, 'cold');
    const built = await runCli(['build', '--root', site, '--out', cold, '--force']);
    expect(built.code, built.stderr).toBe(0);
    expect(outputFiles(out)).toEqual(outputFiles(cold));
    expect(page('/ja/docs/guide/setup').querySelector('main .prose')!.text).toContain('追加の段落。');
  }, 120_000);

  it('keeps the sitemap in step with a new date, and with pages paired and unpaired, as a cold build writes it', async () => {
    const sitemap = (dir: string) => read(dir, 'sitemap.xml');
    /** Build warm after `change`, then cold into a folder of its own: the same sitemap, and not the one before. */
    const step = async (name: string, change: () => void) => {
      const before = sitemap(out);
      change();
      const warm = await runCli(['build', '--root', site]);
      expect(warm.code, warm.stderr).toBe(0);
      const cold = join(site, `cold-${name}`);
      const built = await runCli(['build', '--root', site, '--out', cold, '--force']);
      expect(built.code, built.stderr).toBe(0);
      expect(sitemap(out), name).toBe(sitemap(cold));
      expect(sitemap(out), name).not.toBe(before);
    };
    // Only a date: the same addresses.
    await step('date', () =>
      writeFileSync(join(site, 'content/docs/guide/2.english-only.md'), '---\ntitle: English only\nupdated: 2026-03-04\n---\n\nNot translated yet.\n'),
    );
    expect(sitemap(out)).toContain('<lastmod>2026-03-04');
    // Only the pairing: the same pages, each without the other's address.
    const ja = join(site, 'content/ja/docs/guide/3.ryoukin.md');
    await step('unpaired', () => writeFileSync(ja, readFileSync(ja, 'utf8').replace('translationKey: prices\n', '')));
    await step('paired', () => writeFileSync(ja, readFileSync(ja, 'utf8').replace('---\n', '---\ntranslationKey: prices\n')));
  }, 120_000);
});

describe('a translation paired and unpaired in sitegen dev', () => {
  it("updates the other page's language links, as a build does", async () => {
    const root = tempDir('sitegen-locales-dev-');
    cpSync(join(FIXTURES, 'multilingual'), root, { recursive: true });
    const dev = await startDevServer({ root, port: 0, log: () => undefined });
    try {
      const links = async () => {
        const text = await (await fetch(`${dev.url}/docs/guide/prices`)).text();
        return [...text.matchAll(/hreflang="([^"]+)"/g)].map((m) => m[1]).sort();
      };
      /** Poll: the watcher reports the edit a moment later. */
      const until = async (want: string[]) => {
        const end = Date.now() + 10_000;
        for (let got = await links(); JSON.stringify(got) !== JSON.stringify(want); got = await links()) {
          if (Date.now() > end) throw new Error(`language links ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
          await new Promise((r) => setTimeout(r, 50));
        }
      };
      await until(['en', 'ja', 'x-default']);
      const ja = join(root, 'content/ja/docs/guide/3.ryoukin.md');
      const paired = readFileSync(ja, 'utf8');
      writeFileSync(ja, paired.replace('translationKey: prices\n', ''));
      await until([]);
      writeFileSync(ja, paired);
      await until(['en', 'ja', 'x-default']);
    } finally {
      await dev.close();
      remove(root);
    }
  }, 60_000);
});

describe('a locale code that names no folder', () => {
  it('fails the build, naming the folder it was likely meant for, instead of publishing that folder as English pages', async () => {
    const typo = tempDir('sitegen-locales-typo-');
    try {
      cpSync(join(FIXTURES, 'multilingual'), typo, { recursive: true });
      const config = join(typo, 'site/config.ts');
      writeFileSync(config, readFileSync(config, 'utf8').replace("locales: ['en', 'ja',", "locales: ['en', 'jp',").replace('      ja: {', '      jp: {'));
      const built = await runCli(['build', '--root', typo]);
      expect(built.code).toBe(1);
      expect(built.stderr).toContain(
        [
          'site/config.ts [SG3010] Locale without pages',
          '  locales lists "jp", but no page is in its folder: content/jp/ and site/pages/jp/ have none',
          '  hint: Did you mean "ja"? The pages under /ja/ are published as en pages, as no locale is named so.',
        ].join('\n'),
      );
    } finally {
      remove(typo);
    }
  }, 120_000);

  it('fails the build on a translationKey given to two pages of one locale, naming both', async () => {
    const twice = tempDir('sitegen-locales-key-');
    try {
      cpSync(join(FIXTURES, 'multilingual'), twice, { recursive: true });
      const setup = join(twice, 'content/ja/docs/guide/1.setup.md');
      writeFileSync(setup, readFileSync(setup, 'utf8').replace(/^---\n/, '---\ntranslationKey: prices\n'));
      const built = await runCli(['build', '--root', twice]);
      expect(built.code).toBe(1);
      expect(built.stderr).toContain('[SG3011] Translation key used twice');
      expect(built.stderr).toMatch(
        /translationKey "prices" is on two ja pages: content\/ja\/docs\/guide\/(1\.setup|3\.ryoukin)\.md and content\/ja\/docs\/guide\/(1\.setup|3\.ryoukin)\.md/,
      );
    } finally {
      remove(twice);
    }
  }, 120_000);
});
