/**
 * Search in three locales (tests/fixtures/i18n-search: en, ja, zh-CN) in real Chromium: the header search box of a
 * Japanese page searches the Japanese index and finds a word inside unspaced Japanese text, the English page's box
 * searches the English index only, and a client-side navigation to another locale switches index.
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
let requests: string[] = [];

beforeAll(async () => {
  site = copyFixture('i18n-search');
  const built = await runCli(['build', '--quiet', '--root', site, '--out', join(site, 'dist')]);
  expect(built.code, built.stderr).toBe(0);
  server = await startPreview({ outDir: join(site, 'dist'), port: 0 });
  browser = await launch();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (site) remove(site);
});
beforeEach(async () => {
  page = await browser.context.newPage();
  requests = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
});
afterEach(async () => page.close());

const INPUT = 'form[data-sitegen-search] input[type="search"]';
const indexRequests = () => requests.filter((p) => p.startsWith('/_sitegen/search/'));

async function open(path: string): Promise<void> {
  await page.goto(`${server.url}${path}`, { waitUntil: 'load' });
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
    const index = (await (await fetch(`${server.url}/_sitegen/search/index.zh-CN.json`)).json()) as { documentIds: Record<string, string> };
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
