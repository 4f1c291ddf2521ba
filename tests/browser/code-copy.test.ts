/**
 * Code blocks' copy buttons in real Chromium: what lands on the clipboard, the announced state, the chunk loaded
 * only by pages with code, and buttons that stay hidden when the script does not run.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { serveFixture } from './served.ts';

const PAGE = `---
title: Code sample
description: A block with markers, line numbers and a diff.
---

\`\`\`js:line-numbers=10 {1} title="config.js"
export default {
  name: 'ferry', // [!code --]
  name: 'ferrygate', // [!code ++]
  // [!code focus:2]
  port: 8080,
  tls: true, /* [!code warning] */
};
\`\`\`

\`\`\`sh
npm install ferrygate # [!code highlight]
\`\`\`
`;

/** What a reader pastes: no markers, no numbers, and not the removed side of the diff. */
const COPIED = "export default {\n  name: 'ferrygate',\n  port: 8080,\n  tls: true,\n};";

const served = serveFixture('basic', {
  prepare: (site) => writeFileSync(join(site, 'content/code-sample.md'), PAGE),
  ready: ({ browser, server }) => browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url }),
});
let page: Page;
beforeEach(() => {
  page = served.page;
});

const url = (path: string) => `${served.server.url}${path}`;
const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

describe('copy buttons', () => {
  it('copy the code without markers, line numbers or removed lines, and say so politely', async () => {
    await page.goto(url('/code-sample'));
    await page.evaluate(() => navigator.clipboard.writeText('before'));
    const button = page.getByRole('button', { name: 'Copy code' }).first();
    await button.click();
    await page.waitForFunction(() => document.querySelector('.code-copy')?.textContent === 'Copied');
    expect(await clipboard()).toBe(COPIED);
    expect(await page.locator('[role="status"][aria-live="polite"]').textContent()).toBe('Copied');
    // The second block's own text.
    await page.getByRole('button', { name: 'Copy code' }).nth(1).click();
    await page.waitForFunction(() => document.querySelectorAll('.code-copy')[1]?.textContent === 'Copied');
    expect(await clipboard()).toBe('npm install ferrygate');
  });

  it('number the lines on screen from the given start, outside the text', async () => {
    await page.goto(url('/code-sample'));
    const code = page.locator('code.line-numbers');
    expect(await code.evaluate((c) => getComputedStyle(c).counterReset)).toBe('line 9');
    const before = await code.locator('.line').evaluateAll((lines) => lines.map((l) => getComputedStyle(l, '::before').content));
    expect(before.length).toBe(6);
    expect(before.every((c) => c.startsWith('counter(line)'))).toBe(true);
    // What selecting the block gives: the code, no numbers, no markers.
    const text = await code.evaluate((c) => {
      getSelection()!.selectAllChildren(c);
      return getSelection()!.toString();
    });
    expect(text).toBe("export default {\n  name: 'ferry',\n  name: 'ferrygate',\n  port: 8080,\n  tls: true,\n};");
  });

  it('load their script only on pages with a code block, and after a navigation to one', async () => {
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    await page.goto(url('/about'));
    await page.waitForLoadState('networkidle');
    expect(scripts.some((s) => s.includes('code-copy'))).toBe(false);
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-code-copy'))).toBe(false);
    // Client-side navigation swaps in a page with code: the chunk loads then, and its buttons work.
    await page.evaluate(() => (window as unknown as { sitegen: { navigate(h: string): Promise<void> } }).sitegen.navigate('/code-sample'));
    await page.waitForSelector('html[data-code-copy]');
    expect(scripts.filter((s) => s.includes('code-copy')).length).toBe(1);
    await page.getByRole('button', { name: 'Copy code' }).first().click();
    await page.waitForFunction(() => document.querySelector('.code-copy')?.textContent === 'Copied');
    expect(await clipboard()).toBe(COPIED);
  });

  it('stay hidden, not broken, when the script does not run', async () => {
    await page.route('**/_sitegen/*.js', (route) => route.abort());
    await page.goto(url('/code-sample'));
    expect(await page.locator('.code-copy').count()).toBe(2);
    expect(await page.locator('.code-copy').first().isVisible()).toBe(false);
    expect(
      await page
        .locator('.code-copy')
        .first()
        .evaluate((b) => getComputedStyle(b).visibility),
    ).toBe('hidden');
  });
});
