/**
 * Docs in two versions (v2 the latest, v1 older; a page only in v2, one only in v1) and two languages, through the real
 * CLI: each version's own sidebar and prev/next, the version menu's targets, the older version's banner, canonicals and
 * sitemap priorities, a search index per version, link checks across versions and locales, and rebuilds that leave the
 * other version alone. The same fixture without its Japanese folder checks a site in one language.
 */
import { cpSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { html, json, listFiles, read, remove, runCli, tempDir, FIXTURES, type CliResult, outputFiles } from '../helpers.ts';

const URL = 'https://lighthouse.example';
const sites: string[] = [];
afterAll(() => {
  for (const site of sites) remove(site);
});

/** A copy of the fixture; `oneLanguage` leaves out its Japanese folder and `locales`. */
function fixture(oneLanguage = false): string {
  const site = tempDir('sitegen-versions-');
  sites.push(site);
  cpSync(join(FIXTURES, 'versioned'), site, { recursive: true });
  if (oneLanguage) {
    rmSync(join(site, 'content/ja'), { recursive: true });
    const config = join(site, 'site/config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace("  locales: ['en', 'ja'],\n", ''));
  }
  return site;
}

const pageOf = (out: string) => (route: string) => html(out, `${route === '/' ? '' : `${route.slice(1)}/`}index.html`);
const hrefs = (nodes: { getAttribute(name: string): string | undefined }[]) => nodes.map((a) => a.getAttribute('href'));

describe('docs in two versions and two languages', () => {
  let site: string;
  let out: string;
  let result: CliResult;
  let page: ReturnType<typeof pageOf>;
  beforeAll(async () => {
    site = fixture();
    out = join(site, 'dist');
    page = pageOf(out);
    result = await runCli(['build', '--root', site]);
  }, 120_000);

  const menu = (route: string) =>
    page(route)
      .querySelectorAll('.version-switch-list a')
      .map((a) => `${a.text} ${a.getAttribute('href')}${a.getAttribute('aria-current') ? ' (current)' : ''}`);
  const banner = (route: string) => page(route).querySelector('.version-banner');
  const canonical = (route: string) => page(route).querySelector('link[rel="canonical"]')?.getAttribute('href');

  it('builds without problems, every version page in the doc layout', () => {
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toMatch(/SG\d{4}/);
    for (const route of ['/v2/guide/plugins', '/v1/guide/legacy', '/ja/v1/guide/install'])
      expect(page(route).querySelector('main.main-docs'), route).not.toBeNull();
  });

  it('gives each version its own sidebar and prev/next, in each locale', () => {
    const sidebar = (route: string) => hrefs(page(route).querySelectorAll('.docs-sidebar nav a'));
    expect(sidebar('/v2/guide/install')).toEqual(['/v2/guide', '/v2/guide/install', '/v2/guide/configure', '/v2/guide/plugins']);
    expect(sidebar('/v1/guide/install')).toEqual(['/v1/guide', '/v1/guide/install', '/v1/guide/configure', '/v1/guide/legacy']);
    expect(sidebar('/ja/v2/guide/install')).toEqual(['/ja/v2/guide', '/ja/v2/guide/install']);
    expect(sidebar('/ja/v1/guide/install')).toEqual(['/ja/v1/guide/install']);
    const link = (route: string, which: 'prev' | 'next') => page(route).querySelector(`.pn-${which}`)?.getAttribute('href');
    expect([link('/v2/guide/configure', 'prev'), link('/v2/guide/configure', 'next')]).toEqual(['/v2/guide/install', '/v2/guide/plugins']);
    expect([link('/v1/guide/configure', 'prev'), link('/v1/guide/configure', 'next')]).toEqual(['/v1/guide/install', '/v1/guide/legacy']);
    expect(link('/v1/guide/legacy', 'next')).toBeUndefined();
    expect(link('/v2/guide/plugins', 'next')).toBeUndefined();
    expect(link('/ja/v2/guide', 'next')).toBe('/ja/v2/guide/install');
  });

  it("offers each version: the same page there, else that version's home", () => {
    expect(menu('/v2/guide/install')).toEqual(['v2 /v2/guide/install (current)', 'v1 /v1/guide/install']);
    expect(menu('/v1/guide/install')).toEqual(['v2 /v2/guide/install', 'v1 /v1/guide/install (current)']);
    // Only in v2: v1's home is its folder's page; only in v1: v2's is /v2.
    expect(menu('/v2/guide/plugins')).toEqual(['v2 /v2/guide/plugins (current)', 'v1 /v1']);
    expect(menu('/v1/guide/legacy')).toEqual(['v2 /v2', 'v1 /v1/guide/legacy (current)']);
    // Japanese v2 has no folder page: its home is its first page in sidebar order.
    expect(menu('/ja/v1/guide/install')).toEqual(['v2 /ja/v2/guide/install', 'v1 /ja/v1/guide/install (current)']);
    expect(page('/ja/v2/guide').querySelector('.version-switch summary')!.text).toBe('バージョン v2');
    // Pages outside the versions have no menu.
    expect(page('/').querySelector('.version-switch')).toBeNull();
  });

  it('keeps the version in the language menu: an untranslated page goes to that language’s start page of its version', () => {
    const languages = (route: string) =>
      page(route)
        .querySelectorAll('.lang-switch-list a')
        .map((a) => `${a.getAttribute('hreflang')} ${a.getAttribute('href')}`);
    // Japanese v1 has no legacy page: its v1 start page, not the Japanese home (which is outside the docs).
    expect(languages('/v1/guide/legacy')).toEqual(['en /v1/guide/legacy', 'ja /ja/v1/guide/install']);
    expect(languages('/v2/guide/plugins')).toEqual(['en /v2/guide/plugins', 'ja /ja/v2/guide']);
    expect(languages('/ja/v1/guide/install')).toEqual(['en /v1/guide/install', 'ja /ja/v1/guide/install']);
  });

  it("shows a banner on older versions' pages, linking to the same page in the latest, else to its home", () => {
    for (const route of ['/v2/guide/install', '/v2/guide/plugins', '/ja/v2/guide/install', '/']) expect(banner(route), route).toBeNull();
    const install = banner('/v1/guide/install')!;
    expect(install.getAttribute('role')).toBe('note');
    expect(install.text).toBe('This is the documentation for v1, an older version. See this page in v2, the latest version.');
    expect(install.querySelector('a')!.getAttribute('href')).toBe('/v2/guide/install');
    const legacy = banner('/v1/guide/legacy')!;
    expect([legacy.querySelector('a')!.getAttribute('href'), legacy.querySelector('a')!.text]).toEqual([
      '/v2',
      'Go to the documentation for v2, the latest version.',
    ]);
    const ja = banner('/ja/v1/guide/install')!;
    expect([ja.querySelector('a')!.getAttribute('href'), ja.querySelector('a')!.text]).toEqual([
      '/ja/v2/guide/install',
      '最新バージョン v2 でこのページを見る',
    ]);
    // Version labels are isolated, so one such as "v1 (legacy)" keeps its order in a right-to-left sentence.
    expect(install.querySelectorAll('bdi').map((b) => b.text)).toEqual(['v1', 'v2']);
    expect(
      page('/v1/guide/install')
        .querySelectorAll('.version-switch bdi')
        .map((b) => b.text),
    ).toEqual(['v1', 'v2', 'v1']);
    // The menu and the banner are styled by their own on-demand sheet, linked only where they are.
    const sheet = (route: string) => page(route).querySelector('link[rel="stylesheet"][href*="/versions."]');
    expect(sheet('/v1/guide/install')).not.toBeNull();
    expect(sheet('/')).toBeNull();
  });

  it("names the latest version's same page as an older page's canonical, else the page itself", () => {
    expect(canonical('/v1/guide/install')).toBe(`${URL}/v2/guide/install`);
    expect(canonical('/v1')).toBe(`${URL}/v2`);
    expect(canonical('/ja/v1/guide/install')).toBe(`${URL}/ja/v2/guide/install`);
    expect(canonical('/v1/guide/legacy')).toBe(`${URL}/v1/guide/legacy`);
    expect(canonical('/v2/guide/install')).toBe(`${URL}/v2/guide/install`);
    expect(page('/v1/guide/install').querySelector('meta[property="og:url"]')!.getAttribute('content')).toBe(`${URL}/v2/guide/install`);
    // Its translations are linked from the canonical page, not from one that names another.
    expect(page('/v1/guide/install').querySelectorAll('link[hreflang]')).toHaveLength(0);
    expect(hrefs(page('/v2/guide/install').querySelectorAll('link[hreflang]'))).toEqual([
      `${URL}/v2/guide/install`,
      `${URL}/ja/v2/guide/install`,
      `${URL}/v2/guide/install`,
    ]);
  });

  it("gives older versions' pages a lower priority in the sitemap", () => {
    const entries = new Map(
      read(out, 'sitemap.xml')
        .split('<url>')
        .slice(1)
        .map((u) => [u.match(/<loc>([^<]+)<\/loc>/)![1], u.match(/<priority>([^<]+)<\/priority>/)?.[1]]),
    );
    expect(entries.get(`${URL}/v1/guide/install`)).toBe('0.3');
    expect(entries.get(`${URL}/v1/guide/legacy`)).toBe('0.3');
    expect(entries.get(`${URL}/ja/v1/guide/install`)).toBe('0.3');
    // Like its head, an older page whose canonical is the latest's lists no alternates; the latest's lists them.
    const entry = (loc: string) =>
      read(out, 'sitemap.xml')
        .split('<url>')
        .find((u) => u.includes(`<loc>${URL}${loc}</loc>`))!;
    expect(entry('/v1/guide/install')).not.toContain('xhtml:link');
    expect(entry('/v2/guide/install')).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${URL}/v2/guide/install"/>`);
    expect(entries.get(`${URL}/v2/guide/install`)).toBeUndefined();
    expect(entries.has(`${URL}/v2/guide/plugins`)).toBe(true);
    expect(entries.get(`${URL}/`)).toBeUndefined();
  });

  it('searches each version in each locale on its own', () => {
    const indexed = (file: string) =>
      Object.values(json<{ storedFields: Record<string, { path: string }> }>(out, `_sitegen/search/${file}`).storedFields)
        .map((f) => f.path)
        .sort();
    expect(listFiles(join(out, '_sitegen/search')).sort()).toEqual(['index.en.json', 'index.en.v1.json', 'index.ja.json', 'index.ja.v1.json']);
    expect(indexed('index.en.json')).toEqual(['/v2', '/v2/guide', '/v2/guide/configure', '/v2/guide/install', '/v2/guide/plugins']);
    expect(indexed('index.en.v1.json')).toEqual(['/v1', '/v1/guide', '/v1/guide/configure', '/v1/guide/install', '/v1/guide/legacy']);
    expect(indexed('index.ja.v1.json')).toEqual(['/ja/v1/guide/install']);
    const meta = (route: string) => page(route).querySelector('meta[name="sitegen:search"]')!;
    expect([meta('/v1/guide/install').getAttribute('data-locale'), meta('/v1/guide/install').getAttribute('data-version')]).toEqual(['en', 'v1']);
    expect(meta('/v2/guide/install').getAttribute('data-version')).toBeUndefined();
  });

  it('reports a broken link or anchor across versions and locales, and passes good ones', async () => {
    // The fixture's v2 configure page links to v1's configure page and to an anchor on v1's install page.
    expect(page('/v2/guide/configure').querySelector('main .prose a[href="/v1/guide/install#requirements"]')).not.toBeNull();
    const broken = fixture();
    writeFileSync(
      join(broken, 'content/v2/guide/3.plugins.md'),
      '---\ntitle: Plugins\n---\n\n[In v1](/v1/guide/plugins), [in Japanese](/ja/v1/guide/install#nope), [fine](/ja/v1/guide/install).\n',
    );
    // A translation that links to a page its locale has not translated yet.
    writeFileSync(join(broken, 'content/ja/v2/guide/index.md'), '---\ntitle: ガイド\n---\n\n[プラグイン](/ja/v2/guide/plugins)\n');
    const built = await runCli(['build', '--root', broken]);
    expect(built.code).not.toBe(0);
    expect(built.stderr).toContain('Broken link to /v1/guide/plugins on /v2/guide/plugins');
    expect(built.stderr).toContain('Missing anchor: /ja/v1/guide/install#nope on /v2/guide/plugins');
    expect(built.stderr).toContain(
      [
        'content/ja/v2/guide/index.md:5 [SG5001] Broken internal link',
        '  Broken link to /ja/v2/guide/plugins on /ja/v2/guide: not translated into ja yet (/v2/guide/plugins is)',
        '  hint: Translate content/v2/guide/3.plugins.md into the ja folder, or link to /v2/guide/plugins until then.',
      ].join('\n'),
    );
    expect(built.stderr).toMatch(/Build failed: 3 problems/);
  }, 120_000);

  it('fails on a version whose folder is missing or misspelled, naming the folders there are', async () => {
    const typo = fixture();
    const config = join(typo, 'site/config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace("{ dir: 'v1' }", "{ dir: 'v1.0' }, { dir: 'v0' }"));
    const built = await runCli(['build', '--root', typo]);
    expect(built.code).toBe(1);
    expect(built.stderr).toContain(
      [
        'site/config.ts [SG3009] Version without pages',
        '  theme.versions lists "v1.0", but no page is in it: content/v1.0/ (or content/<locale>/v1.0/) has none',
        '  hint: Did you mean "v1"? A version is a folder at the content root, holding its pages; the folders with pages are: v1, v2.',
      ].join('\n'),
    );
    expect(built.stderr).toContain('  theme.versions lists "v0", but no page is in it');
    expect(built.stderr).toMatch(/Build failed: 2 problems/);
  }, 120_000);

  it('re-renders only the edited pages, in each locale and version, leaving the other pages alone, and builds the same as a cold build', async () => {
    const edit = (file: string, text: string) => writeFileSync(join(site, 'content', file), readFileSync(join(site, 'content', file), 'utf8') + text);
    const rendered = (stdout: string) =>
      stdout
        .match(/rendered (\d+) pages(?: \((\d+) unchanged\))?/)!
        .slice(1)
        .map(Number);
    // 17 pages, the two not-found pages (/404, /ja/404) among them.
    edit('v2/guide/1.install.md', '\nA second tower.\n');
    const v2 = await runCli(['build', '--root', site]);
    expect(v2.code, v2.stderr).toBe(0);
    expect(rendered(v2.stdout + v2.stderr)).toEqual([17, 16]);
    edit('v1/guide/3.legacy.md', '\nStill here.\n');
    edit('ja/v1/guide/1.install.md', '\n追加の段落。\n');
    edit('ja/v2/guide/1.install.md', '\n新しい灯台。\n');
    const v1 = await runCli(['build', '--root', site]);
    expect(v1.code, v1.stderr).toBe(0);
    expect(rendered(v1.stdout + v1.stderr)).toEqual([17, 14]);
    const cold = join(site, 'cold');
    const built = await runCli(['build', '--root', site, '--out', cold, '--force']);
    expect(built.code, built.stderr).toBe(0);
    expect(outputFiles(out)).toEqual(outputFiles(cold));
    expect(page('/v2/guide/install').querySelector('main .prose')!.text).toContain('A second tower.');
    expect(page('/ja/v1/guide/install').querySelector('main .prose')!.text).toContain('追加の段落。');
    expect(page('/ja/v2/guide/install').querySelector('main .prose')!.text).toContain('新しい灯台。');

    // A new title changes v2's sidebar: its five English pages render again, not v1's nor the other locale's.
    const file = join(site, 'content/v2/guide/2.configure.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^title: .*$/m, 'title: Configure the lamp'));
    const changes = join(site, 'changes.txt');
    const titled = await runCli(['build', '--root', site, '--changes', changes]);
    expect(titled.code, titled.stderr).toBe(0);
    expect(rendered(titled.stdout + titled.stderr)).toEqual([17, 12]);
    const pages = readFileSync(changes, 'utf8')
      .split('\n')
      .filter((f) => f.endsWith('index.html'));
    expect(pages.sort()).toEqual([
      'v2/guide/configure/index.html',
      'v2/guide/index.html',
      'v2/guide/install/index.html',
      'v2/guide/plugins/index.html',
      'v2/index.html',
    ]);
    expect(page('/v2/guide/plugins').querySelector('.docs-sidebar')!.text).toContain('Configure the lamp');
    // The search plugin keeps one index per locale and version, the terms of each one's documents, and its client in
    // the cache, and the sitemap plugin its file; the outdated ones pruned.
    expect(readdirSync(join(site, '.sitegen-cache/plugins'))).toHaveLength(10);
    const again = await runCli(['build', '--root', site, '--out', cold, '--force']);
    expect(again.code, again.stderr).toBe(0);
    expect(outputFiles(out)).toEqual(outputFiles(cold));
  }, 120_000);
});

describe('docs in two versions, one language', () => {
  let out: string;
  let page: ReturnType<typeof pageOf>;
  beforeAll(async () => {
    const site = fixture(true);
    out = join(site, 'dist');
    page = pageOf(out);
    const built = await runCli(['build', '--root', site]);
    expect(built.code, built.stderr).toBe(0);
  }, 120_000);

  it('has the same menu, banner, canonical and sidebars, and one search index per version', () => {
    expect(hrefs(page('/v1/guide/legacy').querySelectorAll('.version-switch-list a'))).toEqual(['/v2', '/v1/guide/legacy']);
    expect(page('/v1/guide/configure').querySelector('.version-banner a')!.getAttribute('href')).toBe('/v2/guide/configure');
    expect(page('/v1/guide/configure').querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe(`${URL}/v2/guide/configure`);
    expect(hrefs(page('/v1/guide').querySelectorAll('.docs-sidebar nav a'))).toEqual([
      '/v1/guide',
      '/v1/guide/install',
      '/v1/guide/configure',
      '/v1/guide/legacy',
    ]);
    expect(page('/v1/guide').querySelector('meta[name="sitegen:search"]')!.getAttribute('data-version')).toBe('v1');
    expect(listFiles(join(out, '_sitegen/search')).sort()).toEqual(['index.json', 'index.v1.json']);
  });
});

describe('a language translated in the latest version only', () => {
  it('shows no version menu on its pages, which would offer the one version they are in', async () => {
    const site = fixture();
    rmSync(join(site, 'content/ja/v1'), { recursive: true });
    const built = await runCli(['build', '--root', site]);
    expect(built.code, built.stderr).toBe(0);
    const page = pageOf(join(site, 'dist'));
    for (const route of ['/ja/v2/guide', '/ja/v2/guide/install']) expect(page(route).querySelector('.version-switch'), route).toBeNull();
    expect(hrefs(page('/v2/guide/install').querySelectorAll('.version-switch-list a'))).toEqual(['/v2/guide/install', '/v1/guide/install']);
  }, 120_000);
});
