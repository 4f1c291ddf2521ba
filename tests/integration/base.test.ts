/**
 * `base: '/docs/'`: the fixture site built for a sub-path. No internal URL the build writes
 * misses the base (pages, payloads, content API files, island payloads); preview serves the site
 * under it; client navigation works under it in Chromium.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPreview, type RunningServer } from '../../src/server/preview.ts';
import { startDevServer } from '../../src/dev/server.ts';
import { copyFixture, html, json, listFiles, read, remove, runCli, type CliResult } from '../helpers.ts';
import { parse } from 'node-html-parser';
import { launch, type Browser } from '../browser/chromium.ts';
import { POSTS_QUERY_KEY, documentQueryKey, queryHash } from '../../src/output/manifest.ts';

const GIF = Buffer.from('GIF89a\x03\x00\x02\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00,\x00\x00\x00\x00\x03\x00\x02\x00\x00\x02\x02\x84\x51\x00;', 'latin1');

let site: string;
let out: string;
let built: CliResult;
let server: RunningServer;
let browser: Browser;

/** Every root-relative URL in an HTML text (href, src, action, poster, content of url-like metas). */
function rootRelative(text: string): string[] {
  return [...text.matchAll(/\s(?:href|src|action|poster)="(\/(?!\/)[^"]*)"/g)].map((m) => m[1]);
}

beforeAll(async () => {
  site = copyFixture('basic');
  out = join(site, 'dist');
  const config = join(site, 'site/config.ts');
  writeFileSync(config, readFileSync(config, 'utf8').replace("url: 'https://fixture.example.com',", "url: 'https://fixture.example.com',\n  base: '/docs/',"));
  // An image next to a document (and as its cover), and a link in its body.
  writeFileSync(join(site, 'content/guide/cat.gif'), GIF);
  const setup = join(site, 'content/guide/2.setup.md');
  writeFileSync(
    setup,
    `${readFileSync(setup, 'utf8').replace(/^---\n/, '---\ncover: ./cat.gif\n')}\n![a cat](./cat.gif) Back to the [introduction](/guide/intro).\n`,
  );
  // A post whose excerpt shows an image next to it and links into the site.
  writeFileSync(join(site, 'content/blog/kitten.gif'), GIF);
  const hello = join(site, 'content/blog/2020-01-21-hello-world.md');
  writeFileSync(
    hello,
    readFileSync(hello, 'utf8').replace('The excerpt paragraph.', 'The excerpt paragraph. ![a kitten](./kitten.gif) See the [introduction](/guide/intro).'),
  );
  // An island whose HTML links into the site.
  mkdirSync(join(site, 'site/islands'), { recursive: true });
  writeFileSync(
    join(site, 'site/islands/GuideLink.tsx'),
    'export default function GuideLink({ label }: { label: string }) {\n  return <a className="guide-link" href="/guide/setup">{label}</a>;\n}\n',
  );
  // And one given a root-relative URL as a prop, which it shows again after a click.
  writeFileSync(
    join(site, 'site/islands/MoreLinks.tsx'),
    [
      "import { useState } from 'react';",
      'export default function MoreLinks({ to }: { to: string }) {',
      '  const [open, setOpen] = useState(false);',
      '  return <p><a className="first" href={to}>Read on</a> <button type="button" onClick={() => setOpen(true)}>More</button>{open ? <a className="later" href={to}>Introduction</a> : null}</p>;',
      '}',
    ].join('\n'),
  );
  const counter = join(site, 'site/pages/counter.tsx');
  writeFileSync(
    counter,
    readFileSync(counter, 'utf8')
      .replace(
        "import Counter from '../islands/Counter';",
        "import Counter from '../islands/Counter';\nimport GuideLink from '../islands/GuideLink';\nimport MoreLinks from '../islands/MoreLinks';",
      )
      .replace(
        '</section>',
        '  <Island name="GuideLink" component={GuideLink} props={{ label: \'Set up\' }} />\n      <Island name="MoreLinks" component={MoreLinks} props={{ to: \'/guide/intro\' }} />\n    </section>',
      ),
  );
  built = await runCli(['build', '--root', site]);
  server = await startPreview({ outDir: out, port: 0 });
  browser = await launch();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  remove(site);
});

describe('base: /docs/', () => {
  it('builds, with the link checks passing', () => {
    expect(built.stderr).toBe('');
    expect(built.code).toBe(0);
  });

  it('writes no root-relative URL without the base, in pages and payloads', () => {
    const pages = listFiles(out).filter((f) => f.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(10);
    let seen = 0;
    for (const file of pages) {
      const urls = rootRelative(read(out, file));
      seen += urls.length;
      expect(
        urls.filter((u) => !u.startsWith('/docs/')),
        file,
      ).toEqual([]);
    }
    for (const file of listFiles(out).filter((f) => f.endsWith('_payload.json'))) {
      const payload = JSON.parse(read(out, file)) as { html: string };
      expect(
        rootRelative(payload.html).filter((u) => !u.startsWith('/docs/')),
        file,
      ).toEqual([]);
    }
    expect(seen).toBeGreaterThan(100);
  });

  it('writes the content API bodies as the pages show them: images at their hashed files and links under the base', () => {
    const buildId = json<{ id: string }>(out, '_sitegen/builds/latest.json').id;
    const doc = json<{ body: { html: string }; frontmatter: { cover: string } }>(out, `api/_content/query/${queryHash(documentQueryKey('/guide/setup'))}.json`);
    const page = html(out, 'guide/setup/index.html');
    const src = page.querySelector('main img[alt="a cat"]')!.getAttribute('src')!;
    expect(src).toMatch(/^\/docs\/_sitegen\/images\/cat\.[0-9a-f]{10}\.gif$/);
    expect(readFileSync(join(out, src.slice('/docs/'.length)))).toEqual(GIF);
    expect(doc.body.html).toContain(`<img src="${src}" alt="a cat" width="3" height="2" loading="lazy" decoding="async">`);
    expect(doc.body.html).toContain('<a href="/docs/guide/intro">introduction</a>');
    expect(doc.frontmatter.cover).toBe(src);
    for (const file of listFiles(out).filter((f) => f.startsWith('api/_content/query/'))) {
      const body = (JSON.parse(read(out, file)) as { body?: { html?: string } }).body?.html ?? '';
      expect(
        rootRelative(body).filter((u) => !u.startsWith('/docs/')),
        file,
      ).toEqual([]);
    }
  });

  it('shows a post excerpt as the post shows it, on the listing page and in the content API files: images at their hashed files, links under the base once', () => {
    const buildId = json<{ id: string }>(out, '_sitegen/builds/latest.json').id;
    const src = html(out, 'blog/2020/01/21/hello-world/index.html').querySelector('main img[alt="a kitten"]')!.getAttribute('src')!;
    expect(src).toMatch(/^\/docs\/_sitegen\/images\/kitten\.[0-9a-f]{10}\.gif$/);
    const excerpt = `<p>The excerpt paragraph. <img src="${src}" alt="a kitten" width="3" height="2" loading="lazy" decoding="async"> See the <a href="/docs/guide/intro">introduction</a>.</p>\n`;
    const posts = json<{ path: string; excerpt?: string }[]>(out, `api/_content/query/${queryHash(POSTS_QUERY_KEY)}.json`);
    expect(posts.find((p) => p.path === '/blog/2020/01/21/hello-world')?.excerpt).toBe(excerpt);
    expect(json<{ excerpt: string }>(out, `api/_content/query/${queryHash(documentQueryKey('/blog/2020/01/21/hello-world'))}.json`).excerpt).toBe(excerpt);
    expect(html(out, 'blog/index.html').querySelector('.excerpt img')?.getAttribute('src')).toBe(src);
    expect(read(out, 'blog/index.html')).toContain(excerpt);
    expect(read(out, 'blog/_payload.json')).toContain(JSON.stringify(excerpt).slice(1, -1));
    // The feed's full content has the same image and link, with the origin in front of the base (once).
    expect(read(out, 'blog/feed.xml')).toContain(`<img src="https://fixture.example.com${src}" alt="a kitten"`);
    expect(read(out, 'blog/feed.xml')).toContain('href="https://fixture.example.com/docs/guide/intro"');
    for (const file of listFiles(out).filter((f) => /\.(html|json|xml|txt)$/.test(f))) expect(read(out, file), file).not.toContain('/docs/docs/');
  });

  it('writes island payloads with their links under the base, as on the page', () => {
    const files = listFiles(out).filter((f) => f.startsWith('__island/GuideLink_'));
    expect(files).toHaveLength(1);
    const payload = json<{ html: string; props: { label: string } }>(out, files[0]);
    expect(payload.html).toBe('<a class="guide-link" href="/docs/guide/setup">Set up</a>');
    expect(payload.props).toEqual({ label: 'Set up' });
    expect(html(out, 'counter/index.html').querySelector('[data-island="GuideLink"] a')?.getAttribute('href')).toBe('/docs/guide/setup');
  });

  it('puts the base into canonicals, the sitemap, the feed, robots.txt and _redirects', () => {
    expect(html(out, 'about/index.html').querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://fixture.example.com/docs/about');
    const locs = [...read(out, 'sitemap.xml').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs.length).toBeGreaterThan(5);
    expect(locs.filter((l) => !l.startsWith('https://fixture.example.com/docs/'))).toEqual([]);
    const feedLinks = [...read(out, 'blog/feed.xml').matchAll(/(?:href="|<id>|<link>)(https?:[^"<]+)/g)].map((m) => m[1]);
    expect(feedLinks.length).toBeGreaterThan(2);
    expect(feedLinks.filter((l) => !l.startsWith('https://fixture.example.com/docs'))).toEqual([]);
    expect(read(out, 'robots.txt')).toContain('Sitemap: https://fixture.example.com/docs/sitemap.xml');
    const redirects = read(out, '_redirects')
      .trim()
      .split('\n')
      .map((line) => line.split(' '));
    expect(redirects.length).toBeGreaterThan(2);
    for (const [from, to] of redirects) {
      expect(from.startsWith('/docs/'), from).toBe(true);
      expect(to.startsWith('/docs/') || /^https?:/.test(to), to).toBe(true);
    }
    expect(redirects).toContainEqual(['/docs/old-home', '/docs/', '301']);
  });

  it('puts the base into every _headers pattern (the host reads the file from its publish root)', () => {
    const patterns = read(out, '_headers')
      .split('\n')
      .filter((line) => line.startsWith('/'));
    expect(patterns.length).toBeGreaterThan(4);
    expect(patterns.filter((p) => !p.startsWith('/docs/'))).toEqual([]);
    expect(patterns).toContain('/docs/_sitegen/builds/latest.json');
  });

  it('is served by sitegen preview under the base only', async () => {
    const get = (path: string) => fetch(`${server.url}${path}`, { redirect: 'manual' });
    expect((await get('/docs/')).status).toBe(200);
    expect((await get('/docs/guide/intro')).status).toBe(200);
    expect((await get('/guide/intro')).status).toBe(404);
    const moved = await get('/docs/old-home');
    expect([moved.status, moved.headers.get('location')]).toEqual([301, '/docs/']);
    const bare = await get('/docs');
    expect([bare.status, bare.headers.get('location')]).toEqual([301, '/docs/']);
  });

  describe('in Chromium', () => {
    let page: Page;
    beforeAll(async () => {
      page = await browser.context.newPage();
    });

    it('navigates client-side under the base, with payloads fetched from under it', async () => {
      const payloads: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('_payload.json')) payloads.push(new URL(r.url()).pathname);
      });
      await page.goto(`${server.url}/docs/`);
      await page.waitForFunction(() => (window as unknown as { sitegen?: { state: { manifest?: unknown } } }).sitegen?.state.manifest);
      await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
      await page.click('#everything a[href="/docs/guide/intro"]');
      await page.waitForURL(`${server.url}/docs/guide/intro`);
      expect(await page.locator('main h1').first().textContent()).toBe('Introduction');
      expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
      expect(payloads).toContain('/docs/guide/intro/_payload.json');
      expect(payloads.filter((p) => !p.startsWith('/docs/'))).toEqual([]);
    });

    it('applies route-rule redirects under the base', async () => {
      await page.evaluate(() => (window as unknown as { sitegen: { navigate(h: string): Promise<void> } }).sitegen.navigate('/docs/old-home'));
      await page.waitForURL(`${server.url}/docs/`);
      expect(await page.locator('main h1').first().textContent()).toBe('Fixture home');
      expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    });

    it('hydrates islands with the base in front of root-relative URLs, as on the server, also for elements shown later; props stay as they are', async () => {
      const tab = await browser.context.newPage();
      const errors: string[] = [];
      tab.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      tab.on('pageerror', (e) => errors.push(e.message));
      await tab.goto(`${server.url}/docs/counter`);
      const island = tab.locator('[data-island="MoreLinks"]');
      await tab.waitForSelector('[data-island="MoreLinks"][data-hydrated="true"]');
      expect(JSON.parse((await island.getAttribute('data-props'))!)).toEqual({ to: '/guide/intro' });
      expect(await island.locator('a.first').getAttribute('href')).toBe('/docs/guide/intro');
      await island.locator('button').click();
      expect(await island.locator('a.later').getAttribute('href')).toBe('/docs/guide/intro');
      await island.locator('a.later').click();
      await tab.waitForURL(`${server.url}/docs/guide/intro`);
      expect(await tab.locator('main h1').first().textContent()).toBe('Introduction');
      expect(errors).toEqual([]);
      await tab.close();
    });
  });

  it("is served by sitegen dev under the base: the site's 404 page outside it, and the overlay when that page throws", async () => {
    const dev = await startDevServer({ root: site, port: 0 });
    try {
      const get = async (path: string) => {
        const res = await fetch(`${dev.url}${path}`, { redirect: 'manual' });
        return { status: res.status, text: await res.text() };
      };
      expect((await get('/docs/guide/intro')).status).toBe(200);
      const outside = await get('/guide/intro');
      expect(outside.status).toBe(404);
      expect(outside.text).toContain('/_sitegen/dev/client.js');
      expect(parse(outside.text).querySelector('main')).not.toBeNull();
      // A not-found page that throws: an error page that loads the overlay, not an empty answer.
      writeFileSync(join(site, 'site/pages/404.tsx'), 'export default function NotFound() {\n  throw new Error("no 404 today");\n}\n');
      const dev2 = await startDevServer({ root: site, port: 0 });
      try {
        const res = await fetch(`${dev2.url}/guide/intro`);
        const text = await res.text();
        expect(res.status).toBe(500);
        expect(text).toContain('no 404 today');
        expect(text).toContain('<script type="module" src="/_sitegen/dev/client.js"></script>');
      } finally {
        await dev2.close();
        rmSync(join(site, 'site/pages/404.tsx'));
      }
    } finally {
      await dev.close();
    }
  }, 60_000);
});
