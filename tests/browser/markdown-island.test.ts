/**
 * An island inside markdown hydrates in real Chromium: the md-components fixture's `<ClickCounter start={5} />`
 * (a site component rendering the Counter island) is prerendered with its props, then becomes interactive.
 */
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
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
  // An island that renders on the server and throws in the browser, beside one that works.
  writeFileSync(
    join(site, 'site/islands/Fragile.tsx'),
    "export default function Fragile({ label }: { label: string }) {\n  if (typeof window !== 'undefined') throw new Error('fragile in the browser');\n  return <p className=\"fragile\">{label}</p>;\n}\n",
  );
  writeFileSync(
    join(site, 'site/pages/fragile.tsx'),
    "import { Island } from 'sitegen/templates/components/Island';\nimport Counter from '../islands/Counter';\nimport Fragile from '../islands/Fragile';\n\nexport const meta = { title: 'Fragile' };\n\nexport default function FragilePage() {\n  return (\n    <section>\n      <Island name=\"Fragile\" component={Fragile} props={{ label: 'Prerendered words' }} />\n      <Island name=\"Counter\" component={Counter} props={{ start: 1 }} />\n    </section>\n  );\n}\n",
  );
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

/**
 * The counter's text once a click has moved it: hydration is done when React has attached its handlers, so click
 * until the count changes (at most 5 s).
 */
async function clickUntilCounted(page: Page, button: Locator): Promise<string> {
  const before = await button.textContent();
  const deadline = Date.now() + 5000;
  let text = before ?? '';
  while (Date.now() < deadline) {
    await button.click();
    text = (await button.textContent()) ?? '';
    if (text !== before) break;
    await page.waitForTimeout(100);
  }
  return text;
}

describe('an island inside markdown', () => {
  it('is prerendered with its props and counts clicks once hydrated', async () => {
    const page = await browser.context.newPage();
    try {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${server.url}/guide/components`);
      const button = page.locator('.prose .island[data-island="Counter"] button.counter');
      await expect(button.textContent()).resolves.toBe('Clicked 5 times');
      expect(await clickUntilCounted(page, button)).toMatch(/^Clicked (6|7|8|9|\d\d) times$/);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 60_000);
});

describe('an island that throws in the browser', () => {
  it('keeps its prerendered HTML (React would leave it empty), says so in the console, and leaves the other islands live', async () => {
    const page = await browser.context.newPage();
    try {
      const logged: string[] = [];
      page.on('console', (message) => message.type() === 'error' && logged.push(message.text()));
      await page.goto(`${server.url}/fragile`);
      await page.waitForSelector('[data-island="Fragile"][data-hydrated="failed"]', { timeout: 10_000 });
      expect(await page.locator('[data-island="Fragile"] p.fragile').textContent()).toBe('Prerendered words');
      expect(logged.some((text) => text.includes('[sitegen] island Fragile failed in the browser') && text.includes('fragile in the browser'))).toBe(true);
      expect(await clickUntilCounted(page, page.locator('[data-island="Counter"] button.counter'))).toMatch(/^Clicked ([2-9]|\d\d) times$/);
    } finally {
      await page.close();
    }
  }, 60_000);
});
