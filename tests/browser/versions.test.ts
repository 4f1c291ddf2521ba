import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { searchResults, serveFixture } from './served.ts';

const served = serveFixture('versioned');
let page: Page;
let requests: string[] = [];
beforeEach(() => {
  page = served.page;
  requests = served.requests;
});

const marked = () => page.evaluate(() => (window as unknown as { __marker?: number }).__marker === 1);

describe('the version menu', () => {
  it('goes to the same page in the other version, client-side, with its banner, sidebar and search', async () => {
    await page.goto(`${served.server.url}/v2/guide/install`, { waitUntil: 'load' });
    expect(await page.locator('.version-banner').count()).toBe(0);
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await page.locator('.version-switch summary').click();
    await page.locator('.version-switch-list').getByRole('link', { name: 'v1' }).click();
    await page.waitForURL('**/v1/guide/install');
    await page.waitForSelector('.version-banner');
    expect(await marked(), 'a client-side navigation').toBe(true);
    expect(await page.locator('main .prose').textContent()).toContain('quasar');
    expect(await page.locator('.version-switch summary strong').textContent()).toBe('v1');
    expect(await page.locator('.docs-sidebar nav a').last().getAttribute('href')).toBe('/v1/guide/legacy');
    expect(await page.getByRole('note').getByRole('link').getAttribute('href')).toBe('/v2/guide/install');

    // The search box of a v1 page searches v1 only.
    expect(await searchResults(page, 'quasar')).toEqual(['/v1/guide/install']);
    expect(await searchResults(page, 'zephyr')).toEqual([]);
    expect(requests.filter((p) => p.startsWith('/_sitegen/search/'))).toEqual(['/_sitegen/search/index.en.v1.json']);

    // A page only in v1: the menu's v2 entry is v2's home.
    await page.goto(`${served.server.url}/v1/guide/legacy`, { waitUntil: 'load' });
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await page.locator('.version-switch summary').click();
    await page.locator('.version-switch-list').getByRole('link', { name: 'v2' }).click();
    await page.waitForURL('**/v2');
    expect(await marked()).toBe(true);
    expect(await page.locator('main h1').textContent()).toBe('Lighthouse 2');
    expect(await page.locator('.version-banner').count()).toBe(0);
  });

  it("suggests the page in the missing path's own version first on the not-found page", async () => {
    await page.goto(`${served.server.url}/v2/guide/instal`);
    await page.waitForSelector('[data-sitegen-suggest]:not([hidden]) a');
    const links = await page.locator('[data-sitegen-suggest] a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(links.slice(0, 2)).toEqual(['/v2/guide/install', '/v1/guide/install']);
  });

  it('works without JavaScript: the menu opens and its links are plain links', async () => {
    const cdp = await served.browser.context.newCDPSession(page);
    await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
    await page.goto(`${served.server.url}/ja/v1/guide/install`);
    await page.locator('.version-switch summary').click();
    const v2 = page.locator('.version-switch-list').getByRole('link', { name: 'v2' });
    await expect.poll(() => v2.isVisible()).toBe(true);
    await v2.click();
    await page.waitForURL('**/ja/v2/guide/install');
    expect(await page.locator('.version-switch summary strong').textContent()).toBe('v2');
  });
});
