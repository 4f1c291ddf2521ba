import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { serveFixture } from './served.ts';

const served = serveFixture('i18n-strings', {
  ready: ({ browser, server }) => browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url }),
});
let page: Page;
beforeEach(() => {
  page = served.page;
});

const url = (path: string) => `${served.server.url}${path}`;
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
