import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { searchResults, serveFixture } from './served.ts';

const served = serveFixture('i18n-search');
let page: Page;
let requests: string[] = [];
beforeEach(() => {
  page = served.page;
  requests = served.requests;
});

const indexRequests = () => requests.filter((p) => p.startsWith('/_sitegen/search/'));

async function open(path: string): Promise<void> {
  await page.goto(`${served.server.url}${path}`, { waitUntil: 'load' });
  await page.waitForFunction(() => document.querySelector<HTMLElement>('form[data-sitegen-search]')?.dataset.searchWired === 'true');
}

describe('search in a site with locales, in Chromium', () => {
  it('on a Japanese page finds a Japanese word, and no English-only page', async () => {
    await open('/ja/docs/guide');
    expect(await searchResults(page, '転送')).toEqual(['/ja/docs/guide']);
    // `webhook` is on the English pages too: only the Japanese one is in this locale's index.
    expect(await searchResults(page, 'webhook')).toEqual(['/ja/docs/guide']);
    expect(await searchResults(page, 'lighthouse')).toEqual([]);
    expect(await page.textContent('.search-message')).toContain('lighthouse');
    expect(indexRequests()).toEqual(['/_sitegen/search/index.ja.json']);
  });

  it('on a Chinese page finds a Chinese word inside unspaced text', async () => {
    // Its route is the index's one document (the locale folder's case is the router's business).
    const index = (await (await fetch(`${served.server.url}/_sitegen/search/index.zh-CN.json`)).json()) as { documentIds: Record<string, string> };
    const [zhPage] = Object.values(index.documentIds);
    expect(zhPage).toMatch(/^\/zh-cn\/docs\/guide$/i);
    await open(zhPage);
    expect(await searchResults(page, '服务器')).toEqual([zhPage]);
    expect(indexRequests()).toEqual(['/_sitegen/search/index.zh-CN.json']);
  });

  it('on the English page finds an English word, and not the Japanese page', async () => {
    await open('/docs/guide');
    expect(await searchResults(page, 'lighthouse')).toEqual(['/docs/guide/lighthouse']);
    const webhook = await searchResults(page, 'webhook');
    expect(webhook.sort()).toEqual(['/docs/guide', '/docs/guide/lighthouse']);
    expect(await searchResults(page, '転送')).toEqual([]);
    expect(indexRequests()).toEqual(['/_sitegen/search/index.en.json']);
  });

  it('switches index after a client-side navigation to another locale', async () => {
    await open('/docs/guide');
    expect(await searchResults(page, 'lighthouse')).toEqual(['/docs/guide/lighthouse']);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.evaluate(() => (window as unknown as { sitegen: { navigate(href: string): Promise<void> } }).sitegen.navigate('/ja/docs/guide'));
    await page.waitForFunction(() => document.documentElement.lang === 'ja' && location.pathname === '/ja/docs/guide');
    await page.waitForFunction(() => document.querySelector<HTMLElement>('form[data-sitegen-search]')?.dataset.searchWired === 'true');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1); // no full load
    expect(await searchResults(page, '転送')).toEqual(['/ja/docs/guide']);
    expect(await searchResults(page, 'lighthouse')).toEqual([]);
    expect(indexRequests()).toEqual(['/_sitegen/search/index.en.json', '/_sitegen/search/index.ja.json']);
  });
});
