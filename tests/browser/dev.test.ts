/**
 * `sitegen dev` in Chromium: an open page shows an edit by itself, and a broken
 * save shows the overlay until it is fixed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
    edit('site/pages/index.tsx', () => source);
    await page.close();
  });
});
