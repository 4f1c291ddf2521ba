import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { serveFixture } from './served.ts';

const served = serveFixture('i18n-search');
let page: Page;
let requests: string[] = [];
beforeEach(() => {
  page = served.page;
  requests = served.requests;
});

const INPUT = 'form[data-sitegen-search] input[type="search"]';
const indexRequests = () => requests.filter((p) => p.startsWith('/_sitegen/search/'));

async function open(path: string): Promise<void> {
  await page.goto(`${served.server.url}${path}`, { waitUntil: 'load' });
  await page.waitForFunction(() => document.querySelector<HTMLElement>('form[data-sitegen-search]')?.dataset.searchWired === 'true');
}

/** Type `text` into the header search box and wait for its answer: the paths of the results (none: the message shows). */
async function search(text: string): Promise<string[]> {
  await page.focus(INPUT);
  await page.waitForSelector(`${INPUT}[role="combobox"]`, { state: 'attached' });
  await page.fill(INPUT, '');
  await page.fill(INPUT, text);
  await page.waitForFunction(
    (query) => {
      const message = document.querySelector<HTMLElement>('.search-message');
      const answered = document.querySelector('[role="listbox"] [role="option"]') || (message && !message.hidden && message.textContent!.includes(query));
      return answered && !message?.textContent?.startsWith('Loading');
    },
    text,
    { timeout: 15_000 },
  );
  return page.$$eval('[role="listbox"] [role="option"]', (els) => els.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}

describe('search in a site with locales, in Chromium', () => {
  it('on a Japanese page finds a Japanese word, and no English-only page', async () => {
    await open('/ja/docs/guide');
    expect(await search('転送')).toEqual(['/ja/docs/guide']);
    // `webhook` is on the English pages too: only the Japanese one is in this locale's index.
    expect(await search('webhook')).toEqual(['/ja/docs/guide']);
    expect(await search('lighthouse')).toEqual([]);
    expect(await page.textContent('.search-message')).toContain('lighthouse');
    expect(indexRequests()).toEqual(['/_sitegen/search/index.ja.json']);
  });

  it('on a Chinese page finds a Chinese word inside unspaced text', async () => {
    // Its route is the index's one document (the locale folder's case is the router's business).
    const index = (await (await fetch(`${served.server.url}/_sitegen/search/index.zh-CN.json`)).json()) as { documentIds: Record<string, string> };
    const [zhPage] = Object.values(index.documentIds);
    expect(zhPage).toMatch(/^\/zh-cn\/docs\/guide$/i);
    await open(zhPage);
    expect(await search('服务器')).toEqual([zhPage]);
    expect(indexRequests()).toEqual(['/_sitegen/search/index.zh-CN.json']);
  });

  it('on the English page finds an English word, and not the Japanese page', async () => {
    await open('/docs/guide');
    expect(await search('lighthouse')).toEqual(['/docs/guide/lighthouse']);
    const webhook = await search('webhook');
    expect(webhook.sort()).toEqual(['/docs/guide', '/docs/guide/lighthouse']);
    expect(await search('転送')).toEqual([]);
    expect(indexRequests()).toEqual(['/_sitegen/search/index.en.json']);
  });

  it('switches index after a client-side navigation to another locale', async () => {
    await open('/docs/guide');
    expect(await search('lighthouse')).toEqual(['/docs/guide/lighthouse']);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.evaluate(() => (window as unknown as { sitegen: { navigate(href: string): Promise<void> } }).sitegen.navigate('/ja/docs/guide'));
    await page.waitForFunction(() => document.documentElement.lang === 'ja' && location.pathname === '/ja/docs/guide');
    await page.waitForFunction(() => document.querySelector<HTMLElement>('form[data-sitegen-search]')?.dataset.searchWired === 'true');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1); // no full load
    expect(await search('転送')).toEqual(['/ja/docs/guide']);
    expect(await search('lighthouse')).toEqual([]);
    expect(indexRequests()).toEqual(['/_sitegen/search/index.en.json', '/_sitegen/search/index.ja.json']);
  });
});
