/**
 * On-demand stylesheets in real Chromium: a client-side navigation to a page that needs the markdown extensions' sheet
 * loads it before the page's HTML goes in, so the new content is never shown unstyled; going back drops it.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { serveFixture } from './served.ts';

const served = serveFixture('basic', {
  prepare: (site) => {
    writeFileSync(join(site, 'content/plain-start.md'), '---\ntitle: Start\n---\n\nRead [the notes](/notes-sample).\n');
    writeFileSync(
      join(site, 'content/notes-sample.md'),
      '---\ntitle: Notes\n---\n\n> [!IMPORTANT]\n> Rotate the secret.\n\nA claim.[^1] Back to [the start](/plain-start).\n\n[^1]: A source.\n',
    );
  },
  eachPage: (page) => page.emulateMedia({ colorScheme: 'light' }),
});
let page: Page;
beforeEach(() => {
  page = served.page;
});

const markdownSheets = () => page.locator('head link[rel="stylesheet"][href*="/_sitegen/markdown."]').count();
const marked = () => page.evaluate(() => (window as unknown as { __marker?: number }).__marker === 1);

describe('on-demand stylesheets and client-side navigation', () => {
  it('load the sheet before the new page shows, and drop it on the way back', async () => {
    await page.goto(`${served.server.url}/plain-start`);
    expect(await markdownSheets()).toBe(0);
    // Record the callout's background at the moment it enters the document.
    await page.evaluate(() => {
      (window as unknown as { __marker: number }).__marker = 1;
      new MutationObserver(() => {
        const callout = document.querySelector('.callout-important');
        const w = window as unknown as { __background?: string };
        if (callout && w.__background === undefined) w.__background = getComputedStyle(callout).backgroundColor;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByRole('link', { name: 'the notes' }).click();
    await page.waitForURL('**/notes-sample');
    await page.waitForSelector('.callout-important');
    expect(await marked(), 'a client-side navigation, not a full load').toBe(true);
    expect(await markdownSheets()).toBe(1);
    // --important-soft in the light scheme: styled from its first frame.
    expect(await page.evaluate(() => (window as unknown as { __background?: string }).__background)).toBe('rgb(243, 238, 253)');
    // The site's stylesheet comes first, so the page's sheet wins at equal specificity.
    const sheets = await page.locator('head link[rel="stylesheet"]').evaluateAll((links) => links.map((l) => l.getAttribute('href')));
    expect(sheets[0]).toMatch(/\/_sitegen\/style\./);
    expect(sheets.at(-1)).toMatch(/\/_sitegen\/markdown\./);

    await page.goBack();
    await page.waitForURL('**/plain-start');
    await page.waitForFunction(() => !document.querySelector('.callout-important'));
    expect(await marked()).toBe(true);
    expect(await markdownSheets()).toBe(0);

    await page.getByRole('link', { name: 'the notes' }).click();
    await page.waitForSelector('.callout-important');
    expect(await markdownSheets()).toBe(1);
    expect(await page.locator('.callout-important').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(243, 238, 253)');
  });

  it('keep a sheet both pages use in place instead of loading it again', async () => {
    await page.goto(`${served.server.url}/notes-sample`);
    const sheet = page.locator('head link[href*="/_sitegen/markdown."]');
    await sheet.evaluate((el) => ((el as unknown as { __first: boolean }).__first = true));
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    // Navigate to the same kind of page: the notes again, through the client router (a fresh history entry).
    await page.evaluate(() => {
      const a = document.createElement('a');
      a.href = '/notes-sample?again';
      document.body.append(a);
      a.click();
    });
    await page.waitForURL('**/notes-sample?again');
    expect(await marked()).toBe(true);
    expect(await markdownSheets()).toBe(1);
    expect(await sheet.evaluate((el) => (el as unknown as { __first?: boolean }).__first)).toBe(true);
  });
});
