/**
 * What most browser tests share: a fixture site copied, built through the CLI and served by `sitegen preview`, with
 * Chromium, and a fresh page for each test. Call it at the top of a test file; its fields are set once its
 * `beforeAll` has run, and `page` and `requests` before each test.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { startPreview, type RunningServer } from '../../src/server/preview.ts';
import { copyFixture, remove, runCli } from '../helpers.ts';
import { launch, type Browser } from './chromium.ts';

export interface ServedSite {
  /** The site's folder (a copy of the fixture). */
  site: string;
  server: RunningServer;
  browser: Browser;
  /** The current test's page. */
  page: Page;
  /** Paths the current test's page requested, in order. */
  requests: string[];
}

export interface ServeOptions {
  /** Change the copy before it is built (add a page, another fixture's files). */
  prepare?: (site: string) => void;
  /** Once the browser runs (grant it permissions, say). */
  ready?: (served: ServedSite) => Promise<void>;
  /** Set up each new page (emulate a colour scheme, say). */
  eachPage?: (page: Page) => Promise<void>;
}

export function serveFixture(fixture: string, options: ServeOptions = {}): ServedSite {
  const served = { requests: [] as string[] } as ServedSite;
  beforeAll(async () => {
    served.site = copyFixture(fixture);
    options.prepare?.(served.site);
    const built = await runCli(['build', '--quiet', '--root', served.site, '--out', join(served.site, 'dist')]);
    expect(built.code, built.stderr).toBe(0);
    served.server = await startPreview({ outDir: join(served.site, 'dist'), port: 0 });
    served.browser = await launch();
    await options.ready?.(served);
  }, 120_000);
  afterAll(async () => {
    await served.browser?.close();
    await served.server?.close();
    if (served.site) remove(served.site);
  });
  beforeEach(async () => {
    served.page = await served.browser.context.newPage();
    served.requests = [];
    served.page.on('request', (request) => served.requests.push(new URL(request.url()).pathname));
    await options.eachPage?.(served.page);
  });
  afterEach(async () => served.page.close());
  return served;
}

const SEARCH_INPUT = 'form[data-sitegen-search] input[type="search"]';

/** Type `text` into the header search box and wait for its answer: the paths of the results (none: the message shows). */
export async function searchResults(page: Page, text: string): Promise<string[]> {
  await page.waitForFunction(() => document.querySelector<HTMLElement>('form[data-sitegen-search]')?.dataset.searchWired === 'true');
  await page.focus(SEARCH_INPUT);
  await page.waitForSelector(`${SEARCH_INPUT}[role="combobox"]`, { state: 'attached' });
  await page.fill(SEARCH_INPUT, '');
  await page.fill(SEARCH_INPUT, text);
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
