/**
 * The browser shows the page's own strings: the copy button says "Kopiert" on a German page and "Copied" on an English
 * one, also after a client-side navigation from one language to the other (the next page's payload brings its strings).
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPreview, type RunningServer } from '../../src/server/preview.ts';
import { copyFixture, remove, runCli } from '../helpers.ts';
import { launch, type Browser } from './chromium.ts';

let site: string;
let server: RunningServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  site = copyFixture('i18n-strings');
  const built = await runCli(['build', '--quiet', '--root', site, '--out', join(site, 'dist')]);
  expect(built.code, built.stderr).toBe(0);
  server = await startPreview({ outDir: join(site, 'dist'), port: 0 });
  browser = await launch();
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (site) remove(site);
});
beforeEach(async () => {
  page = await browser.context.newPage();
});
afterEach(async () => page.close());

const url = (path: string) => `${server.url}${path}`;
const navigate = (path: string) => page.evaluate((p) => (window as unknown as { sitegen: { navigate(h: string): Promise<void> } }).sitegen.navigate(p), path);

describe('the copy button in the page’s language', () => {
  it('says the German “copied” on a German page, and its own label again after', async () => {
    await page.goto(url('/de/docs/intro'));
    const button = page.getByRole('button', { name: 'Code kopieren' });
    await page.waitForSelector('html[data-code-copy]');
    await button.click();
    await page.waitForFunction(() => document.querySelector('.code-copy')?.textContent === 'Kopiert');
    expect(await page.locator('[role="status"][aria-live="polite"]').textContent()).toBe('Kopiert');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('ferry start');
    await page.waitForFunction(() => document.querySelector('.code-copy')?.textContent === 'Kopieren', undefined, { timeout: 5000 });
  });

  it('switches with the page on a client-side navigation between languages', async () => {
    await page.goto(url('/de/docs/intro'));
    await page.waitForSelector('html[data-code-copy]');
    await navigate('/docs/intro');
    await page.waitForFunction(() => document.documentElement.lang === 'en' && location.pathname === '/docs/intro');
    await page.getByRole('button', { name: 'Copy code' }).click();
    await page.waitForFunction(() => document.querySelector('.code-copy')?.textContent === 'Copied');
    await navigate('/ja/docs/intro');
    await page.waitForFunction(() => document.documentElement.lang === 'ja');
    await page.getByRole('button', { name: 'コードをコピー' }).click();
    await page.waitForFunction(() => document.querySelector('.code-copy')?.textContent === 'コピーしました');
  });
});
