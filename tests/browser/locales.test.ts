import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { serveFixture } from './served.ts';

const served = serveFixture('multilingual');
let page: Page;
beforeEach(() => {
  page = served.page;
});

const root = () => page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]);
const marked = () => page.evaluate(() => (window as unknown as { __marker?: number }).__marker === 1);

describe('the language menu', () => {
  it('goes to the same page in another language, client-side, and the page speaks it', async () => {
    await page.goto(`${served.server.url}/docs/guide/setup`);
    expect(await root()).toEqual(['en', 'ltr']);
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await page.locator('.lang-switch summary').click();
    await page.getByRole('link', { name: '日本語' }).click();
    await page.waitForURL('**/ja/docs/guide/setup');
    await page.waitForFunction(() => document.documentElement.lang === 'ja');
    expect(await marked(), 'a client-side navigation').toBe(true);
    expect(await page.locator('main h1').textContent()).toBe('セットアップ');
    expect(await page.locator('.docs-sidebar a').first().getAttribute('href')).toBe('/ja/docs/guide');

    // Persian has no setup page: its menu entry goes to its first page, written right to left.
    await page.locator('.lang-switch summary').click();
    await page.getByRole('link', { name: 'فارسی' }).click();
    await page.waitForURL('**/fa/docs/guide');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    expect(await root()).toEqual(['fa', 'rtl']);
    expect(await marked()).toBe(true);
  });

  it("answers a missing page in its locale's language, on a full load and client-side", async () => {
    const res = await page.goto(`${served.server.url}/ja/docs/missing`);
    expect(res?.status()).toBe(404);
    expect(await root()).toEqual(['ja', 'ltr']);
    const japanese = await page.locator('main h1').textContent();
    await page.goto(`${served.server.url}/docs/missing`);
    expect(await root()).toEqual(['en', 'ltr']);
    // Client-side, from an English page to a missing Japanese one.
    await page.evaluate(() => {
      const a = document.createElement('a');
      a.href = '/ja/nowhere';
      document.body.append(a);
      a.click();
    });
    await page.waitForURL('**/ja/nowhere');
    await page.waitForFunction(() => document.documentElement.lang === 'ja');
    expect(await page.locator('main h1').textContent()).toBe(japanese);
  });

  it("suggests the locale's own pages first on its not-found page, and the default language's where it has none", async () => {
    const suggested = async (path: string) => {
      await page.goto(`${served.server.url}${path}`);
      await page.waitForSelector('[data-sitegen-suggest]:not([hidden]) a');
      return page.locator('[data-sitegen-suggest] a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    };
    // A typo in a Japanese address: the Japanese page, not the English one.
    expect((await suggested('/ja/docs/guide/setu'))[0]).toBe('/ja/docs/guide/setup');
    // A page Japanese lacks: the English page stands in.
    expect((await suggested('/ja/docs/guide/english-only'))[0]).toBe('/docs/guide/english-only');
  });

  it('works without JavaScript: the menu opens and its links are plain links', async () => {
    const cdp = await served.browser.context.newCDPSession(page);
    await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
    await page.goto(`${served.server.url}/ja/docs/guide`);
    await page.locator('.lang-switch summary').click();
    await expect.poll(() => page.getByRole('link', { name: 'English' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'English' }).click();
    await page.waitForURL('**/docs/guide');
    expect(await root()).toEqual(['en', 'ltr']);
  });
});
