/**
 * An island inside markdown hydrates in real Chromium: the md-components fixture's `<ClickCounter start={5} />`
 * (a site component rendering the Counter island) is prerendered with its props, then becomes interactive.
 */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPreview, type RunningServer } from '../../src/server/preview.ts';
import { FIXTURES, copyFixture, remove, runCli } from '../helpers.ts';
import { launch, type Browser } from './chromium.ts';

let site: string;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  site = copyFixture('basic');
  cpSync(join(FIXTURES, 'md-components'), site, { recursive: true });
  const built = await runCli(['build', '--quiet', '--root', site]);
  expect(built.code, built.stderr).toBe(0);
  server = await startPreview({ outDir: join(site, 'dist'), port: 0 });
  browser = await launch();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (site) remove(site);
});

describe('an island inside markdown', () => {
  it('is prerendered with its props and counts clicks once hydrated', async () => {
    const page = await browser.context.newPage();
    try {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${server.url}/guide/components`);
      const button = page.locator('.prose .island[data-island="Counter"] button.counter');
      await expect(button.textContent()).resolves.toBe('Clicked 5 times');
      // Hydration is done when React has attached its handlers: click until the count moves (at most 5 s).
      const deadline = Date.now() + 5000;
      let text = '';
      while (Date.now() < deadline) {
        await button.click();
        text = (await button.textContent()) ?? '';
        if (text !== 'Clicked 5 times') break;
        await page.waitForTimeout(100);
      }
      expect(text).toMatch(/^Clicked (6|7|8|9|\d\d) times$/);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 60_000);
});
