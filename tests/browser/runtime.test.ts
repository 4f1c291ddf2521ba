/**
 * The browser runtime in real Chromium against the built fixture site on 127.0.0.1.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NAVIGATION_KEY, POSTS_QUERY_KEY, documentQueryKey, queryHash } from '../../src/content/query-key.ts';
import { startPreview, type RunningServer } from '../../src/server/preview.ts';
import { copyFixture, remove, runCli, tempDir } from '../helpers.ts';
import { launch, type Browser } from './chromium.ts';

let out: string;
let server: RunningServer;
let browser: Browser;
let page: Page;
let buildId: string;

/** Test hooks on the server: log every request, and let a test delay or fail some. */
const requests: { path: string; at: number }[] = [];
let hook: ((req: IncomingMessage, res: ServerResponse, next: () => void) => void) | undefined;
/** Payload requests of the current test still being answered, by path (a fresh map per test:
 * requests an earlier test's page left hanging do not count). A path counts once however many
 * requests for it are open: the browser may retry a request on a new connection before the old
 * one's close reaches the server, and that is one fetch of the runtime's, not two. */
let inFlight = new Map<string, Set<ServerResponse>>();
let maxInFlight = 0;
/**
 * The test whose page made a request (a header each page sends): a page of an earlier test (the
 * popup a target link opens) can still be prefetching when the next test starts.
 */
let testNo = 0;
/** Payload requests made by this test's page. */
let ownPayloads = 0;

beforeAll(async () => {
  out = join(tempDir(), 'dist');
  const built = await runCli(['build', '--quiet', '--root', copyFixture('basic', join(out, '..', 'site')), '--out', out]);
  expect(built.code, built.stderr).toBe(0);
  buildId = JSON.parse(readFileSync(join(out, '_sitegen/builds/latest.json'), 'utf8')).id;
  server = await startPreview({
    outDir: out,
    port: 0,
    before(req, res, next) {
      requests.push({ path: req.url ?? '', at: Date.now() });
      if (req.url?.includes('_payload.json') && req.headers['x-sitegen-test'] === String(testNo)) {
        ownPayloads++;
        const active = inFlight;
        const path = (req.url ?? '').split('?')[0];
        const open = active.get(path) ?? new Set<ServerResponse>();
        active.set(path, open.add(res));
        maxInFlight = Math.max(maxInFlight, active.size);
        const done = () => {
          open.delete(res);
          if (!open.size && active.get(path) === open) active.delete(path);
        };
        // Done when its last byte is handed over: the browser cannot start its next request any
        // earlier, while 'close' may come after that next request has arrived on a loaded machine.
        // A file streamed to the response hands over its last byte in a write, and `end` may be
        // called only after the browser has read the body and sent its next request.
        const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
        res.end = ((...args: unknown[]) => {
          done();
          return end(...args);
        }) as typeof res.end;
        let sent = 0;
        const write = res.write.bind(res) as (...args: unknown[]) => boolean;
        res.write = ((chunk: unknown, ...rest: unknown[]) => {
          sent += typeof chunk === 'string' ? Buffer.byteLength(chunk) : ((chunk as Uint8Array | undefined)?.byteLength ?? 0);
          const length = Number(res.getHeader('content-length'));
          if (Number.isFinite(length) && sent >= length) done();
          return write(chunk, ...rest);
        }) as typeof res.write;
        res.on('close', done);
      }
      if (hook) hook(req, res, next);
      else next();
    },
  });
  browser = await launch();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  remove(join(out, '..'));
});

beforeEach(async () => {
  requests.length = 0;
  hook = undefined;
  inFlight = new Map();
  maxInFlight = 0;
  ownPayloads = 0;
  page = await browser.context.newPage();
  await page.setExtraHTTPHeaders({ 'x-sitegen-test': String(++testNo) });
  // Hashed files are cached as immutable: start every test with an empty HTTP cache.
  const cdp = await browser.context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
});
afterEach(async () => {
  await page.close();
});

const url = (path: string) => `${server.url}${path}`;
const mark = () => page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
/** Wait until the page session has learnt its build from its first latest.json. */
const sessionBuild = (id: string) =>
  page.waitForFunction((id) => (window as unknown as { sitegen: { state: { buildId: string } } }).sitegen.state.buildId === id, id, { timeout: 5000 });
const marked = () => page.evaluate(() => (window as unknown as { __marker?: number }).__marker === 1);
const heading = () => page.locator('main h1').first().textContent();
const navigateTo = (href: string) => page.evaluate((h) => (window as unknown as { sitegen: { navigate(h: string): Promise<void> } }).sitegen.navigate(h), href);
/** Requests for the content API's `query/` or `navigation/` files, with their `_params` and `previewToken`. */
const contentRequests = (kind: 'query' | 'navigation') =>
  requests
    .map((r) => new URL(r.path, 'http://x'))
    .filter((u) => u.pathname.startsWith(`/api/_content/${kind}/`))
    .map((u) => ({ pathname: u.pathname, params: u.searchParams.get('_params'), previewToken: u.searchParams.get('previewToken') }));
const manifestLoaded = () => page.waitForFunction(() => (window as unknown as { sitegen: { state: { manifest?: unknown } } }).sitegen.state.manifest);

describe('client-side navigation', () => {
  it('swaps in the target page from its payload, keeping the document', async () => {
    await page.goto(url('/'));
    await mark();
    await page.click('#everything a[href="/about"]');
    await page.waitForURL(url('/about'));
    expect(await heading()).toBe('About the fixture');
    expect(await page.title()).toBe('About the fixture | Fixture');
    expect(await page.getAttribute('link[rel="canonical"]', 'href')).toBe('https://fixture.example.com/about');
    expect(await page.getAttribute('meta[name="description"]', 'content')).toBe('What this fixture is for.');
    expect(await marked()).toBe(true);
    expect(requests.some((r) => r.path === '/about/_payload.json' || r.path === `/about/_payload.json?${buildId}`)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
  });

  it('restores the right content and scroll position on back and forward', async () => {
    await page.setViewportSize({ width: 1280, height: 400 });
    await page.goto(url('/'));
    await mark();
    await page.click('#everything a[href="/guide/intro"]');
    await page.waitForURL(url('/guide/intro'));
    await page.evaluate(() => window.scrollTo(0, 200));
    await page.waitForTimeout(50);
    const y = await page.evaluate(() => window.scrollY);
    expect(y).toBeGreaterThan(0);
    await page.evaluate(() => (window as unknown as { sitegen: { navigate(h: string): Promise<void> } }).sitegen.navigate('/about'));
    await page.waitForURL(url('/about'));
    await page.goBack();
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Introduction');
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => window.scrollY)).toBe(y);
    await page.goForward();
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'About the fixture');
    expect(await marked()).toBe(true);
  });

  it('keeps the scroll position on a reload, and Back after a reload returns to where the page before was', async () => {
    await page.setViewportSize({ width: 1280, height: 300 });
    const scrollDown = async () => {
      await page.evaluate(() => window.scrollTo({ top: 250, behavior: 'instant' }));
      await page.waitForTimeout(100);
      const y = await page.evaluate(() => window.scrollY);
      expect(y).toBeGreaterThan(100);
      return y;
    };
    const settled = () => page.waitForFunction(() => (window as unknown as { sitegen?: unknown }).sitegen).then(() => page.waitForTimeout(200));
    await page.goto(url('/guide/setup'));
    const y = await scrollDown();
    await page.reload();
    await settled();
    expect(await page.evaluate(() => window.scrollY)).toBe(y);

    await navigateTo('/about');
    await page.waitForURL(url('/about'));
    await page.reload();
    await settled();
    await page.goBack();
    await page.waitForURL(url('/guide/setup'));
    await settled();
    expect(await page.evaluate(() => window.scrollY)).toBe(y);
  });

  it('scrolls a hash link to its heading', async () => {
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.goto(url('/'));
    await page.click('#everything a[href="/guide/setup#install-it"]');
    await page.waitForURL(url('/guide/setup#install-it'));
    await page.waitForFunction(() => {
      const top = document.getElementById('install-it')!.getBoundingClientRect().top;
      return window.scrollY > 0 && top >= 0 && top < window.innerHeight - 40;
    });
  });

  it('follows an in-page hash link and its back entry without swapping the page or jumping to the top', async () => {
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.goto(url('/guide/setup'));
    await manifestLoaded();
    // A long page with a table-of-contents style link far down it; the page is not loaded again, so these stay.
    await page.evaluate(() =>
      document
        .querySelector('main')!
        .insertAdjacentHTML(
          'afterbegin',
          '<a id="jump" href="#far">Far</a><div style="height:3000px"></div><h2 id="far">Far</h2><div style="height:1000px"></div>',
        ),
    );
    const payloads = () => requests.filter((r) => r.path.startsWith('/guide/setup/_payload.json')).length;
    const before = payloads();
    await page.click('#jump');
    await page.waitForURL(url('/guide/setup#far'));
    await page.waitForFunction(() => window.scrollY > 2500 && Math.abs(document.getElementById('far')!.getBoundingClientRect().top) < 200);
    // Past the runtime's settle delay: nothing moves the page back to the top.
    await page.waitForTimeout(400);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(2500);
    await page.goBack();
    await page.waitForURL(url('/guide/setup'));
    await page.waitForFunction(() => window.scrollY === 0);
    await page.goForward();
    await page.waitForFunction(() => window.scrollY > 2500);
    expect(await page.$('#jump')).not.toBeNull();
    expect(payloads()).toBe(before);
  });

  it('shows the last of two quick navigations when the first one loads more slowly', async () => {
    hook = (req, _res, next) => (req.url?.startsWith('/about/_payload.json') ? setTimeout(next, 800) : next());
    await page.goto(url('/'));
    await mark();
    await page.evaluate(() => {
      const sitegen = (window as unknown as { sitegen: { navigate(h: string): Promise<void> } }).sitegen;
      void sitegen.navigate('/about');
      setTimeout(() => void sitegen.navigate('/guide/intro'), 100);
    });
    await page.waitForURL(url('/guide/intro'));
    await page.waitForTimeout(1500);
    expect(page.url()).toBe(url('/guide/intro'));
    expect(await heading()).toBe('Introduction');
    expect(await marked()).toBe(true);
    await page.goBack();
    await page.waitForURL(url('/'));
  });

  it('adds no history entry for a link to the page on screen, so Back leaves the page', async () => {
    await page.goto(url('/'));
    await mark();
    await page.click('#everything a[href="/about"]');
    await page.waitForURL(url('/about'));
    await page.evaluate(() => window.scrollTo(0, 0));
    const entries = await page.evaluate(() => history.length);
    await page.evaluate(() => {
      const a = Object.assign(document.createElement('a'), { id: 'again', href: '/about', textContent: 'About again' });
      document.querySelector('main')!.prepend(a);
    });
    await page.click('#again');
    await page.waitForFunction(() => !document.getElementById('again'));
    expect(await page.evaluate(() => history.length)).toBe(entries);
    await page.goBack();
    await page.waitForURL(url('/'));
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Fixture home');
    expect(await marked()).toBe(true);
  });

  it('applies route-rule redirects from the manifest to client navigations', async () => {
    await page.goto(url('/about'));
    await page.waitForFunction(() => (window as unknown as { sitegen: { state: { manifest?: unknown } } }).sitegen.state.manifest);
    await mark();
    await page.evaluate(() => (window as unknown as { sitegen: { navigate(h: string): Promise<void> } }).sitegen.navigate('/old-home'));
    await page.waitForURL(url('/'));
    expect(await heading()).toBe('Fixture home');
    expect(await marked()).toBe(true);
  });

  it('shows the 404 page for a path that is not prerendered', async () => {
    await page.goto(url('/about'));
    // Without the manifest the runtime lets the host answer (a full load): wait for it, to test the client-side path.
    await manifestLoaded();
    await mark();
    await page.evaluate(() => (window as unknown as { sitegen: { navigate(h: string): Promise<void> } }).sitegen.navigate('/no/such/page'));
    await page.waitForURL(url('/no/such/page'));
    await page.waitForFunction(() => document.body.textContent?.includes('Page not found: /no/such/page'));
    expect(await marked()).toBe(true);
  });

  it('falls back to a normal page load when a payload fails, with a warning', async () => {
    const warnings: string[] = [];
    page.on('console', (msg) => msg.type() === 'warning' && warnings.push(msg.text()));
    hook = (req, res, next) => {
      if (req.url?.startsWith('/guide/_payload.json')) {
        res.statusCode = 500;
        res.end('boom');
      } else next();
    };
    await page.goto(url('/'));
    await mark();
    await page.click('#everything a[href="/guide"]');
    await page.waitForURL(url('/guide'));
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Guide');
    expect(await marked()).toBe(false);
    expect(warnings.some((w) => w.includes('could not load the page data for /guide'))).toBe(true);
  });

  it('leaves modifier-clicks, downloads and target links to the browser', async () => {
    await page.goto(url('/'));
    // This page's own requests: the new tab loads the route itself, and may get as far as its payload before it closes.
    const own: string[] = [];
    page.on('request', (request) => own.push(new URL(request.url()).pathname));
    await page.evaluate(() => {
      const a = document.createElement('a');
      // A route nothing else on the page links to, so no prefetch asks for it either.
      a.href = '/members';
      a.target = '_blank';
      a.id = 'blank';
      a.textContent = 'new tab';
      document.body.append(a);
    });
    const [popup] = await Promise.all([page.context().waitForEvent('page'), page.click('#blank')]);
    await popup.close();
    expect(page.url()).toBe(url('/'));
    expect(own.some((path) => path.startsWith('/members/_payload.json'))).toBe(false);
  });

  it('prefetches visible links with at most 4 payload requests in flight', async () => {
    hook = (req, res, next) => (req.url?.includes('_payload.json') ? setTimeout(next, 300) : next());
    await page.goto(url('/'));
    await page.waitForFunction(() => (window as unknown as { sitegen: { state: { manifest?: unknown } } }).sitegen.state.manifest);
    // Wait for the prefetches to arrive (a loaded machine is slow), then for the queue to drain.
    const payloadCount = () => requests.filter((r) => r.path.includes('_payload.json')).length;
    for (let waited = 0; payloadCount() <= 4 && waited < 10_000; waited += 100) await page.waitForTimeout(100);
    await page.waitForTimeout(800);
    expect(ownPayloads).toBeGreaterThan(4);
    expect(maxInFlight).toBeLessThanOrEqual(4);
  });
});

describe('build manifest and new builds', () => {
  it('fetches the manifest once, about a second after load', async () => {
    const start = Date.now();
    await page.goto(url('/about'));
    const loaded = Date.now();
    await page.waitForTimeout(3000);
    const hits = requests.filter((r) => r.path === `/_sitegen/builds/meta/${buildId}.json`);
    expect(hits).toHaveLength(1);
    expect(hits[0].at - loaded).toBeGreaterThanOrEqual(900);
    expect(hits[0].at - start).toBeLessThan(3000);
  });

  it('logs a failed manifest fetch and keeps working', async () => {
    const errors: string[] = [];
    page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
    hook = (req, res, next) => (req.url?.startsWith('/_sitegen/builds/meta/') ? res.end('{not json') : next());
    await page.goto(url('/'));
    await page.waitForTimeout(1800);
    expect(errors.some((e) => e.includes('could not load the build manifest'))).toBe(true);
    await mark();
    await page.click('#everything a[href="/about"]');
    await page.waitForURL(url('/about'));
    expect(await marked()).toBe(true);
  });

  it('turns the next navigation into a full load once a new build is deployed', async () => {
    const latest = join(out, '_sitegen/builds/latest.json');
    const original = readFileSync(latest, 'utf8');
    try {
      await page.goto(url('/'));
      await mark();
      await page.click('#everything a[href="/about"]');
      await page.waitForURL(url('/about'));
      expect(await marked()).toBe(true);
      // The session learns its build from its first latest.json (build A), then build B is deployed.
      await sessionBuild(buildId);
      writeFileSync(latest, JSON.stringify({ id: 'newbuild0000', timestamp: 1 }));
      await page.waitForFunction(() => (window as unknown as { sitegen: { state: { outdated: boolean } } }).sitegen.state.outdated, undefined, {
        timeout: 5000,
      });
      await page.click('a[href="/guide"]');
      await page.waitForURL(url('/guide'));
      await page.waitForLoadState('load');
      expect(await marked()).toBe(false);
    } finally {
      writeFileSync(latest, original);
    }
  });
});

describe('stable pages', () => {
  it('carries no build id in pages or payloads, only the asset set', async () => {
    const html = readFileSync(join(out, 'about/index.html'), 'utf8');
    const payload = JSON.parse(readFileSync(join(out, 'about/_payload.json'), 'utf8'));
    expect(html).not.toContain(buildId);
    expect(JSON.stringify(payload)).not.toContain(buildId);
    expect(html).toContain(`data-assets="${payload.assets}"`);
  });

  it('never swaps in a payload rendered with another asset set: a full load instead', async () => {
    const file = join(out, 'guide/_payload.json');
    const original = readFileSync(file, 'utf8');
    try {
      writeFileSync(file, JSON.stringify({ ...JSON.parse(original), assets: 'otherassets0' }));
      await page.goto(url('/'));
      await mark();
      await page.click('#everything a[href="/guide"]');
      await page.waitForURL(url('/guide'));
      await page.waitForLoadState('load');
      expect(await page.textContent('main h1')).toBe('Guide');
      expect(await marked()).toBe(false);
    } finally {
      writeFileSync(file, original);
    }
  });
});

describe('islands', () => {
  it('hydrates an island from its own chunk', async () => {
    await page.goto(url('/counter'));
    await page.waitForFunction(() => document.querySelector<HTMLElement>('[data-island="Counter"]')?.dataset.hydrated === 'true');
    await page.click('.counter');
    expect(await page.textContent('.counter')).toBe('Clicked 3 times');
    expect(requests.some((r) => r.path.startsWith('/_sitegen/islands/Counter.'))).toBe(true);
  });

  it('loads no React on a page without islands', async () => {
    await page.goto(url('/about'));
    await page.waitForTimeout(500);
    expect(requests.filter((r) => r.path.startsWith('/_sitegen/islands/'))).toEqual([]);
  });

  it('reloads once, under the guard, when an island chunk fails to load', async () => {
    const chunk = readFileSync(join(out, 'counter/index.html'), 'utf8').match(/data-island-src="([^"]+)"/)![1];
    const file = join(out, chunk);
    renameSync(file, `${file}.gone`);
    try {
      let loads = 0;
      page.on('load', () => loads++);
      await page.goto(url('/counter'));
      await page.waitForTimeout(2500);
      expect(loads).toBe(2);
      const guard = await page.evaluate(() => JSON.parse(sessionStorage.getItem('sitegen:reload') ?? 'null'));
      expect(guard.path).toBe('/counter');
      expect(guard.expires).toBeGreaterThan(Date.now());
    } finally {
      renameSync(`${file}.gone`, file);
    }
  });

  it('does not force-reload a path again inside the 10 s window', async () => {
    const chunk = readFileSync(join(out, 'counter/index.html'), 'utf8').match(/data-island-src="([^"]+)"/)![1];
    const file = join(out, chunk);
    renameSync(file, `${file}.gone`);
    try {
      await page.goto(url('/about'));
      await page.evaluate(() => sessionStorage.setItem('sitegen:reload', JSON.stringify({ path: '/counter', expires: Date.now() + 10_000 })));
      let loads = 0;
      page.on('load', () => loads++);
      await page.goto(url('/counter'));
      await page.waitForTimeout(2000);
      expect(loads).toBe(1);
    } finally {
      renameSync(`${file}.gone`, file);
    }
  });
});

describe('preview mode', () => {
  it('stores the token, reloads without the parameter, shows the banner, and clears', async () => {
    const token = 'tok"<img src=x onerror=alert(1)>';
    await page.goto(url(`/about?preview=${encodeURIComponent(token)}`));
    await page.waitForURL(url('/about'));
    await page.waitForSelector('#sitegen-preview');
    expect(await page.evaluate(() => sessionStorage.getItem('sitegen:preview'))).toBe(token);
    const cookies = await page.context().cookies(server.url);
    expect(decodeURIComponent(cookies.find((c) => c.name === 'sitegen-preview')!.value)).toBe(token);
    expect(await page.textContent('#sitegen-preview span')).toBe(`Preview mode is on (${token}): this build has no drafts`);
    expect(await page.locator('#sitegen-preview img').count()).toBe(0);

    await page.goto(url('/about?preview='));
    await page.waitForURL(url('/about'));
    await page.waitForTimeout(200);
    expect(await page.locator('#sitegen-preview').count()).toBe(0);
    expect(await page.evaluate(() => sessionStorage.getItem('sitegen:preview'))).toBeNull();
  });

  it('sends the preview token with content API requests', async () => {
    await page.goto(url('/about?previewToken=abc'));
    await page.waitForURL(url('/about'));
    const doc = await page.evaluate(() =>
      (window as unknown as { sitegen: { queryContent(q: object): Promise<{ title: string }> } }).sitegen.queryContent({
        where: { _path: '/about' },
        first: true,
      }),
    );
    expect(doc.title).toBe('About the fixture');
    const asked = contentRequests('query').find((r) => r.params === documentQueryKey('/about'));
    expect(asked?.pathname).toBe(`/api/_content/query/${queryHash(documentQueryKey('/about'))}.json`);
    expect(asked?.previewToken).toBe('abc');
  });
});

describe('content queries', () => {
  it('treats an HTML response (a host fallback page) as not found', async () => {
    hook = (req, res, next) => {
      if (req.url?.startsWith('/api/_content/navigation/')) {
        res.setHeader('Content-Type', 'text/html');
        res.end('<!doctype html><title>Fallback</title>');
      } else next();
    };
    await page.goto(url('/about'));
    const nav = await page.evaluate(() => (window as unknown as { sitegen: { fetchNavigation(): Promise<unknown> } }).sitegen.fetchNavigation());
    expect(nav).toBeNull();
  });
});

describe('the content API while browsing', () => {
  it('a client navigation to a missing page asks the navigation and posts queries (with _params) and suggests the closest pages', async () => {
    await page.goto(url('/'));
    await manifestLoaded();
    await mark();
    // A stale link, as a reader would follow it.
    await page.evaluate(() => {
      const a = document.createElement('a');
      a.href = '/guides/setup-steps';
      a.id = 'stale';
      a.textContent = 'old setup link';
      document.querySelector('main')!.append(a);
    });
    await page.click('#stale');
    await page.waitForURL(url('/guides/setup-steps'));
    await page.waitForSelector('[data-sitegen-suggest]:not([hidden]) a');
    expect(await marked()).toBe(true);
    const nav = contentRequests('navigation');
    expect(nav.map((r) => r.pathname)).toEqual([`/api/_content/navigation/${queryHash(NAVIGATION_KEY)}.json`]);
    expect(nav[0].params).toBe(NAVIGATION_KEY);
    const posts = contentRequests('query');
    expect(posts.map((r) => r.pathname)).toEqual([`/api/_content/query/${queryHash(POSTS_QUERY_KEY)}.json`]);
    expect(posts[0].params).toBe(POSTS_QUERY_KEY);
    const links = await page.$$eval('[data-sitegen-suggest] a', (as) => as.map((a) => a.getAttribute('href')));
    expect(links[0]).toBe('/guide/setup');
    // The suggestion is a normal link: it navigates client-side.
    await page.click('[data-sitegen-suggest] a[href="/guide/setup"]');
    await page.waitForURL(url('/guide/setup'));
    expect(await heading()).toBe('Setup');
    expect(await marked()).toBe(true);
  });

  it('suggests pages on a full load of a missing page too, and escapes what it shows', async () => {
    const res = await page.goto(url('/about-us<img src=x>'));
    expect(res?.status()).toBe(404);
    await page.waitForSelector('[data-sitegen-suggest]:not([hidden]) a[href="/about"]');
    expect(await page.locator('[data-sitegen-suggest] img').count()).toBe(0);
    expect(await page.textContent('[data-sitegen-suggest] a[href="/about"]')).toContain('About the fixture');
  });

  it('keeps the static 404 page when the content API fails', async () => {
    hook = (req, res, next) => {
      if (req.url?.startsWith('/api/_content/')) {
        res.statusCode = 500;
        res.end();
      } else next();
    };
    await page.goto(url('/guides/setup-steps'));
    await page.waitForFunction(() => document.body.textContent?.includes('Page not found: /guides/setup-steps'));
    await page.waitForSelector('[data-sitegen-suggest][data-suggest-wired="done"]', { state: 'attached' });
    expect(contentRequests('navigation')).toHaveLength(1);
    expect(await page.locator('[data-sitegen-suggest]').isHidden()).toBe(true);
  });
});

describe('regressions: runtime, preview and 404 behaviour', () => {
  it('a redirected path clicked before the manifest has loaded gets the host redirect, not a false 404', async () => {
    hook = (req, res, next) => {
      if (req.url?.startsWith('/_sitegen/builds/meta/')) {
        res.statusCode = 503;
        res.end();
      } else next();
    };
    await page.goto(url('/'));
    await mark();
    // The redirect lands on the URL the test started at, so waiting for the URL proves nothing:
    // wait for the new document's load event (a client-side 404 would never fire one).
    const loaded = page.waitForEvent('load');
    await page.click('#everything a[href="/old-home"]');
    await loaded;
    expect(page.url()).toBe(url('/'));
    expect(await heading()).toBe('Fixture home');
    expect(await page.locator('text=Page not found').count()).toBe(0);
    expect(await marked()).toBe(false); // a full load: the host answered 301
  });

  it('reaches /download/index.html by client navigation under /download, /download/ and /download/index.html', async () => {
    await page.goto(url('/'));
    await manifestLoaded();
    await mark();
    for (const href of ['/download/', '/download', '/download/index.html']) {
      await navigateTo(href);
      await page.waitForURL(url(href));
      expect(await heading(), href).toBe('Download');
      expect(await page.title(), href).toBe('Download | Fixture');
      await navigateTo('/about');
      await page.waitForURL(url('/about'));
    }
    expect(await marked()).toBe(true);
  });

  it('sends full loads after a new build through the reload guard', async () => {
    const latest = join(out, '_sitegen/builds/latest.json');
    const original = readFileSync(latest, 'utf8');
    try {
      await page.goto(url('/'));
      // /guide was force-loaded a moment ago: it must not be force-loaded again.
      await page.evaluate(() => sessionStorage.setItem('sitegen:reload', JSON.stringify({ path: '/guide', expires: Date.now() + 10_000 })));
      await mark();
      await sessionBuild(buildId);
      writeFileSync(latest, JSON.stringify({ id: 'newbuild0000', timestamp: 1 }));
      await page.waitForFunction(() => (window as unknown as { sitegen: { state: { outdated: boolean } } }).sitegen.state.outdated);
      await page.click('#everything a[href="/guide"]');
      await page.waitForURL(url('/guide'));
      await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Guide');
      expect(await marked()).toBe(true);
      // Another path is force-loaded, and the guard records it.
      await page.click('#__sitegen a[href="/guide/intro"]');
      await page.waitForURL(url('/guide/intro'));
      await page.waitForLoadState('load');
      expect(await marked()).toBe(false);
      const guard = await page.evaluate(() => JSON.parse(sessionStorage.getItem('sitegen:reload') ?? 'null'));
      expect(guard.path).toBe('/guide/intro');
      expect(guard.expires).toBeGreaterThan(Date.now());
    } finally {
      writeFileSync(latest, original);
    }
  });

  it('a click goes ahead of queued prefetches', async () => {
    const held: (() => void)[] = [];
    hook = (req, res, next) => (req.url?.includes('_payload.json') ? held.push(next) : next());
    await page.goto(url('/'));
    await manifestLoaded();
    const payloads = () => requests.filter((r) => r.path.includes('_payload.json')).map((r) => r.path.split('?')[0]);
    // Four prefetches in flight, held by the server; the rest wait in the queue.
    for (let waited = 0; payloads().length < 4 && waited < 10_000; waited += 50) await page.waitForTimeout(50);
    await page.waitForTimeout(300);
    expect(payloads()).toHaveLength(4);
    const hrefs = await page.$$eval('#everything a, #latest a', (as) => as.map((a) => a.getAttribute('href')!));
    const queued = hrefs.filter((h) => !h.includes('#') && !h.includes('old-home') && !payloads().includes(`${h}/_payload.json`));
    const target = queued[queued.length - 1];
    expect(queued.length).toBeGreaterThan(1);
    const before = payloads().length;
    await page.click(`#__sitegen a[href="${target}"]`);
    for (let waited = 0; payloads().length === before && waited < 5000; waited += 50) await page.waitForTimeout(50);
    expect(payloads()[before]).toBe(`${target}/_payload.json`);
    hook = undefined;
    for (const next of held.splice(0)) next();
    await page.waitForURL(url(target));
  });

  /** Load /about with its stylesheet gone: the page is requested twice (one guarded reload) and the guard names it. */
  async function expectGuardedReloadWithoutStylesheet(): Promise<void> {
    const css = readFileSync(join(out, 'about/index.html'), 'utf8').match(/href="\/(_sitegen\/style\.[^"]+)"/)![1];
    const file = join(out, css);
    renameSync(file, `${file}.gone`);
    try {
      await page.goto(url('/about'));
      await page.waitForTimeout(2000);
      // The reload comes before the first load event: count the page's requests instead.
      expect(requests.filter((r) => r.path === '/about')).toHaveLength(2);
      const guard = await page.evaluate(() => JSON.parse(sessionStorage.getItem('sitegen:reload') ?? 'null'));
      expect(guard.path).toBe('/about');
    } finally {
      renameSync(`${file}.gone`, file);
    }
  }

  it('reloads once, under the guard, when a stylesheet of ours fails to load', async () => {
    await expectGuardedReloadWithoutStylesheet();
  });

  it('reloads once, under the guard, when a host answers a stylesheet of ours with a 404 page sent with nosniff', async () => {
    // Cloudflare Pages and others send nosniff on every answer: the browser refuses the page as a stylesheet, and
    // reading the refused sheet's rules throws (it stopped the runtime before it could reload).
    hook = (_req, res, next) => {
      res.setHeader('X-Content-Type-Options', 'nosniff');
      next();
    };
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await expectGuardedReloadWithoutStylesheet();
    expect(errors).toEqual([]);
  });

  it('loads a page the build made whose payload is missing (a partial deploy, a host answering with its fallback page) instead of showing the 404 page', async () => {
    const payload = join(out, 'about/_payload.json');
    renameSync(payload, `${payload}.gone`);
    const warnings: string[] = [];
    page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
    try {
      await page.goto(url('/'));
      await manifestLoaded();
      await mark();
      await navigateTo('/about');
      await page.waitForURL(url('/about'));
      await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'About the fixture');
      // A full load: the document was requested, and the page before it is gone.
      expect(requests.some((r) => r.path === '/about')).toBe(true);
      expect(await marked()).toBe(false);
      expect(warnings.some((w) => w.includes('the page data for /about is missing'))).toBe(true);
    } finally {
      renameSync(`${payload}.gone`, payload);
    }
  });

  it('honours ?preview= on an in-site link as a full load does', async () => {
    await page.goto(url('/'));
    await page.evaluate(() => {
      const a = document.createElement('a');
      a.href = '/about?preview=zzz';
      a.id = 'preview-link';
      a.textContent = 'preview';
      document.querySelector('#__sitegen')!.append(a);
    });
    await page.click('#preview-link');
    await page.waitForURL(url('/about'));
    await page.waitForSelector('#sitegen-preview');
    expect(await page.evaluate(() => sessionStorage.getItem('sitegen:preview'))).toBe('zzz');
    const cookies = await page.context().cookies(server.url);
    expect(cookies.find((c) => c.name === 'sitegen-preview')?.value).toBe('zzz');
  });

  it('keeps only whitelisted query parameters in the canonical URL, on load and after navigation', async () => {
    await page.goto(url('/blog?q=tunnel&utm_source=x&page=2'));
    await page.waitForFunction(() => document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href.includes('?'));
    expect(await page.getAttribute('link[rel="canonical"]', 'href')).toBe('https://fixture.example.com/blog?page=2&q=tunnel');
    await navigateTo('/about?utm_medium=y&sort=new');
    await page.waitForURL(url('/about?utm_medium=y&sort=new'));
    expect(await page.getAttribute('link[rel="canonical"]', 'href')).toBe('https://fixture.example.com/about?sort=new');
    await navigateTo('/guide?utm_campaign=z');
    await page.waitForURL(url('/guide?utm_campaign=z'));
    expect(await page.getAttribute('link[rel="canonical"]', 'href')).toBe('https://fixture.example.com/guide');
  });

  it('gives a route rejected by middleware status 404 and the same message, by full load and by client navigation', async () => {
    const res = await page.goto(url('/members'));
    expect(res?.status()).toBe(404);
    await page.waitForFunction(() => document.querySelector('#__sitegen')?.textContent?.includes('Page Not Found: /members'));
    expect(await page.textContent('#__sitegen')).not.toContain('Page not found: /members');
    expect(await page.title()).toBe('Page Not Found | Fixture');

    await page.goto(url('/'));
    await manifestLoaded();
    await page.evaluate(() => {
      const a = document.createElement('a');
      a.href = '/members';
      a.id = 'members-link';
      a.textContent = 'members';
      document.querySelector('#__sitegen')!.append(a);
    });
    await page.click('#members-link');
    await page.waitForURL(url('/members'));
    await page.waitForFunction(() => document.querySelector('#__sitegen')?.textContent?.includes('Page Not Found: /members'));
    expect(await page.textContent('#__sitegen')).not.toContain('Page not found: /members');
    expect(await page.title()).toBe('Page Not Found | Fixture');
  });

  it('names the requested path on the 404 page with JavaScript, and no wrong path without it', async () => {
    const res = await page.goto(url('/no/such/thing'));
    expect(res?.status()).toBe(404);
    await page.waitForFunction(() => document.querySelector('#__sitegen')?.textContent?.includes('Page not found: /no/such/thing'));
    // The same page with JavaScript switched off.
    const bare = await browser.context.newPage();
    try {
      const cdp = await browser.context.newCDPSession(bare);
      await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
      await bare.goto(url('/no/such/thing'));
      const text = await bare.evaluate(() => document.querySelector<HTMLElement>('#__sitegen')!.innerText);
      expect(text).toContain('Page not found');
      expect(text).not.toContain('/404');
      expect(text).not.toMatch(/Page not found: /);
    } finally {
      await bare.close();
    }
  });
});
