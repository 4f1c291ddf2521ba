/**
 * `sitegen dev` in Chromium: an open page shows an edit by itself, and a broken
 * save shows the overlay until it is fixed (a broken start-up too).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../src/dev/server.ts';
import { copyFixture, remove } from '../helpers.ts';
import { launch, type Browser } from './chromium.ts';

let site: string;
let dev: DevServer;
let browser: Browser;

beforeAll(async () => {
  site = copyFixture('basic');
  dev = await startDevServer({ root: site, port: 0 });
  browser = await launch();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await dev?.close();
  remove(site);
});

/** Show or hide a tab as the browser does when another tab is brought to the front (headless tabs are all visible). */
const setVisible = (page: Page, visible: boolean) =>
  page.evaluate((v) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (v ? 'visible' : 'hidden') });
    document.dispatchEvent(new Event('visibilitychange'));
  }, visible);

function edit(file: string, change: (text: string) => string): void {
  const path = join(site, file);
  writeFileSync(path, change(readFileSync(path, 'utf8')));
}

describe('sitegen dev in the browser', () => {
  it('shows the new text of an open page after an edit, swapped in without a reload', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${dev.url}/guide/intro`);
    await page.waitForTimeout(300); // the live-reload connection opens
    await page.evaluate(() => Object.assign(window, { beforeEdit: true }));
    edit('content/guide/1.intro.md', (t) => t.replace('Welcome.', 'Welcome, edited live.'));
    await page.waitForFunction(() => document.querySelector('main')?.textContent?.includes('Welcome, edited live.'));
    expect(await page.evaluate(() => (window as unknown as { beforeEdit?: boolean }).beforeEdit)).toBe(true);
    await page.close();
  });

  it('answers the content client as a build does: suggestions on a missing page, and any query live by its _params', async () => {
    const page = await browser.context.newPage();
    const res = await page.goto(`${dev.url}/guides/setup-steps`);
    expect(res?.status()).toBe(404);
    await page.waitForSelector('[data-sitegen-suggest]:not([hidden]) a[href="/guide/setup"]');
    const paths = await page.evaluate(() =>
      (window as unknown as { sitegen: { queryContent(q: object): Promise<{ _path: string }[]> } }).sitegen.queryContent({
        where: { _path: { $startsWith: '/guide/' } },
        only: ['_path'],
      }),
    );
    expect(paths.map((d) => d._path)).toEqual(['/guide/intro', '/guide/setup', '/guide/advanced']);
    await page.close();
  });

  it('shows problems in an overlay and clears it on the next good save', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${dev.url}/about`);
    await page.waitForTimeout(300);
    edit('content/about.md', (t) => t.replace('title: About the fixture', 'title: "About the fixture'));
    await page.waitForSelector('#sitegen-dev-overlay');
    expect(await page.textContent('#sitegen-dev-overlay')).toContain('content/about.md:2:8 [SG2001] Invalid front matter');
    await page.waitForTimeout(150);
    edit('content/about.md', (t) => t.replace('title: "About the fixture', 'title: About the fixture'));
    await page.waitForSelector('#sitegen-dev-overlay', { state: 'detached' });
    expect(await page.textContent('main h1')).toBe('About the fixture');
    await page.close();
  });

  it('keeps the page as it was when a component throws, with the overlay naming the line, and reloads once it is fixed', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${dev.url}/`);
    await page.waitForTimeout(300);
    await page.evaluate(() => Object.assign(window, { beforeEdit: true }));
    const source = readFileSync(join(site, 'site/pages/index.tsx'), 'utf8');
    edit('site/pages/index.tsx', (t) => t.replace('  return (', '  throw new Error("home page exploded");\n  return ('));
    await page.waitForSelector('#sitegen-dev-overlay');
    const overlay = await page.textContent('#sitegen-dev-overlay');
    expect(overlay).toMatch(/site\/pages\/index\.tsx:\d+:9 \[SG4001\] Page failed to render/);
    expect(overlay).toContain('throw new Error("home page exploded")');
    // The same page, not reloaded into an error page.
    expect(await page.textContent('h1')).toBe('Fixture home');
    expect(await page.evaluate(() => (window as unknown as { beforeEdit?: boolean }).beforeEdit)).toBe(true);
    await page.waitForTimeout(150);
    edit('site/pages/index.tsx', () => source.replace('<h1>Fixture home</h1>', '<h1>Fixture home, mended</h1>'));
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Fixture home, mended');
    expect(await page.$('#sitegen-dev-overlay')).toBeNull();
    const restored = dev.nextUpdate();
    edit('site/pages/index.tsx', () => source);
    await restored;
    // The page reloads into the restored source: closed while it reloads, Chromium's close may never finish.
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Fixture home');
    await page.close();
  });

  it('opens any number of tabs: a hidden one lets its stream go, and takes the edits it missed when shown again', async () => {
    // Chromium opens at most six connections to a host, and each open dev page holds its event stream on one.
    const tabs: Page[] = [];
    for (let i = 0; i < 8; i++) {
      const tab = await browser.context.newPage();
      tabs.push(tab);
      await tab.goto(`${dev.url}${i % 2 ? '/about' : '/guide/intro'}`, { timeout: 10_000 });
      await tab.waitForTimeout(300); // the stream connects
      await setVisible(tab, false);
    }
    const [first] = tabs;
    await first.evaluate(() => Object.assign(window, { beforeEdit: true }));
    edit('content/guide/1.intro.md', (t) => t.replace('Welcome', 'Welcome back'));
    await dev.nextUpdate();
    expect(await first.textContent('main')).not.toContain('Welcome back');
    await setVisible(first, true);
    await first.waitForFunction(() => document.querySelector('main')?.textContent?.includes('Welcome back'));
    // Swapped in, as it would have been while shown.
    expect(await first.evaluate(() => (window as unknown as { beforeEdit?: boolean }).beforeEdit)).toBe(true);
    edit('content/guide/1.intro.md', (t) => t.replace('Welcome back', 'Welcome'));
    for (const tab of tabs) await tab.close();
  }, 60_000);
});

describe('sitegen dev in the browser, started on a page that does not compile', () => {
  it('shows the overlay naming the file and the error, and reloads into the page once it is fixed', async () => {
    const broken = copyFixture('basic');
    const file = join(broken, 'site/pages/broken.tsx');
    writeFileSync(file, 'export default function Broken() { return <div>{ </div> }\n');
    const waiting = await startDevServer({ root: broken, port: 0 });
    try {
      const page = await browser.context.newPage();
      const res = await page.goto(`${waiting.url}/broken`);
      expect(res?.status()).toBe(503);
      // Shown once the page's event stream is open: the fix below cannot come before it.
      await page.waitForSelector('#sitegen-dev-overlay');
      const overlay = await page.textContent('#sitegen-dev-overlay');
      expect(overlay).toContain('site/pages/broken.tsx:1:51 [SG4002] Templates failed to compile');
      expect(overlay).toContain('Expected identifier but found "/"');
      writeFileSync(file, 'export default function Broken() { return <p id="mended">Mended at last</p> }\n');
      await page.waitForSelector('#mended', { timeout: 10_000 });
      expect(await page.textContent('#mended')).toBe('Mended at last');
      expect(await page.$('#sitegen-dev-overlay')).toBeNull();
      // The site as a whole is there: another page, in the layout's chrome.
      await page.goto(`${waiting.url}/about`);
      expect(await page.textContent('main h1')).toBe('About the fixture');
      await page.close();
    } finally {
      await waiting.close();
      remove(broken);
    }
  }, 30_000);
});
