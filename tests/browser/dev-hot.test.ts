/**
 * `sitegen dev`'s hot updates in Chromium: a stylesheet edit swaps the stylesheet and a document edit swaps the page's
 * content, both without a reload (a property set on `window` survives) and where the page was scrolled to; a layout
 * edit reloads; a stylesheet's syntax error shows in the overlay until it is fixed.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../src/dev/server.ts';
import { copyFixture, remove } from '../helpers.ts';
import { launch, type Browser } from './chromium.ts';

let site: string;
let dev: DevServer;
let browser: Browser;
let page: Page;

const paragraphs = (n: number) => Array.from({ length: n }, (_, i) => `Paragraph ${i} of a long page.`).join('\n\n');
const FORM = `import type { PageMeta } from 'sitegen';

export const meta: PageMeta = { title: 'Form', description: 'A tall page with a form.', layout: 'default' };

export default function Form() {
  return (
    <section>
      <h1>Form</h1>
      <div style={{ height: '3000px' }} />
      <input id="typed" type="text" />
      <div style={{ height: '3000px' }} />
    </section>
  );
}
`;
const FOOTER = `import type { SiteInfo } from 'react-sitegen';
import { Footer as ThemeFooter } from 'react-sitegen/templates/components/Footer';

export function Footer({ site }: { site: SiteInfo }) {
  return <><p id="footnote">Footer one</p><ThemeFooter site={site} /></>;
}
`;

beforeAll(async () => {
  site = copyFixture('basic');
  mkdirSync(join(site, 'site/styles'), { recursive: true });
  writeFileSync(join(site, 'site/styles/site.css'), 'body { --hot: 1; }\n');
  writeFileSync(join(site, 'site/pages/form.tsx'), FORM);
  mkdirSync(join(site, 'site/components'), { recursive: true });
  writeFileSync(join(site, 'site/components/Footer.tsx'), FOOTER);
  writeFileSync(join(site, 'content/long.md'), `---\ntitle: A long page\ndescription: Many paragraphs.\n---\n\n${paragraphs(150)}\n`);
  dev = await startDevServer({ root: site, port: 0 });
  await dev.contentWatched;
  browser = await launch();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await dev?.close();
  remove(site);
});
beforeEach(async () => {
  page = await browser.context.newPage();
  // No smooth scrolling (the theme's, when motion is welcome): a focus's scroll must not still run while positions are compared.
  await page.emulateMedia({ reducedMotion: 'reduce' });
});
afterEach(async () => page.close());

function edit(file: string, change: (text: string) => string): void {
  const path = join(site, file);
  writeFileSync(path, change(readFileSync(path, 'utf8')));
}

/** Open `path` with the live connection up and a mark on `window` that a reload would lose. */
async function open(path: string): Promise<void> {
  await page.goto(`${dev.url}${path}`);
  await page.waitForFunction(() => (window as unknown as { sitegen?: { dev?: unknown } }).sitegen?.dev !== undefined);
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  await page.waitForTimeout(300); // the event stream connects
}

/** Until the page has stayed where it is scrolled to for a few frames. */
const settled = () =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = Number.NaN;
        let still = 0;
        const frame = () => {
          still = window.scrollY === last ? still + 1 : 0;
          last = window.scrollY;
          if (still >= 3) resolve();
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
  );
const notReloaded = () => page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);
const hot = () => page.evaluate(() => getComputedStyle(document.body).getPropertyValue('--hot').trim());
const sheets = () => page.$$eval('link[rel="stylesheet"]', (links) => links.map((l) => l.getAttribute('href')!));

describe('sitegen dev hot updates', () => {
  it('swaps an edited stylesheet in place, keeping the scroll position and what was typed', async () => {
    await open('/form');
    const before = await sheets();
    expect(await hot()).toBe('1');
    await page.fill('#typed', 'typed before the edit');
    await page.evaluate(() => window.scrollTo({ top: 2500, behavior: 'instant' }));
    await settled();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    // What is on screen, as the reader sees it: the field's place in the viewport (scroll anchoring may move scrollY
    // to keep it there should anything above change size meanwhile, the swap or not).
    const fieldTop = () => page.evaluate(() => document.getElementById('typed')!.getBoundingClientRect().top);
    const top = await fieldTop();
    edit('site/styles/site.css', (t) => t.replace('--hot: 1', '--hot: 2'));
    await page.waitForFunction(() => getComputedStyle(document.body).getPropertyValue('--hot').trim() === '2');
    // The old sheet goes once the new one has loaded: one site stylesheet, of a new name, in the same place.
    await page.waitForFunction((n) => document.querySelectorAll('link[rel="stylesheet"]').length === n, before.length);
    const after = await sheets();
    expect(after.findIndex((href) => href.includes('/_sitegen/style.'))).toBe(before.findIndex((href) => href.includes('/_sitegen/style.')));
    expect(after.filter((href) => !before.includes(href))).toHaveLength(1);
    expect(await notReloaded()).toBe(true);
    expect(Math.abs((await fieldTop()) - top)).toBeLessThanOrEqual(1);
    expect(await page.inputValue('#typed')).toBe('typed before the edit');
    // The runtime's asset set follows, so client-side navigation goes on swapping payloads.
    const assets = await page.evaluate(() => document.documentElement.dataset.assets);
    expect(await page.evaluate(() => (window as unknown as { sitegen: { state: { assets: string } } }).sitegen.state.assets)).toBe(assets);
    const res = await page.request.get(`${dev.url}/form`);
    expect(await res.text()).toContain(`data-assets="${assets}"`);
  });

  it('swaps the content of an edited document in place, keeping the scroll position', async () => {
    await open('/long');
    await page.evaluate(() => {
      const p = document.getElementById('__sitegen')!.querySelectorAll('p')[120];
      window.scrollTo({ top: p.getBoundingClientRect().top + window.scrollY - 100, behavior: 'instant' });
    });
    await settled();
    const y = await page.evaluate(() => window.scrollY);
    expect(y).toBeGreaterThan(1000);
    edit('content/long.md', (t) => t.replace('Paragraph 120 of a long page.', 'Paragraph 120, edited live.'));
    await page.waitForFunction(() => document.getElementById('__sitegen')!.textContent!.includes('Paragraph 120, edited live.'));
    expect(await notReloaded()).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(y);
    // A second edit takes the page's payload afresh too (not the one swapped in before).
    edit('content/long.md', (t) => t.replace('Paragraph 121 of a long page.', 'Paragraph 121, edited too.'));
    await page.waitForFunction(() => document.getElementById('__sitegen')!.textContent!.includes('Paragraph 121, edited too.'));
    expect(await page.textContent('#__sitegen')).toContain('Paragraph 120, edited live.');
    expect(await notReloaded()).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(y);
  });

  it('reloads the page when a layout component changes', async () => {
    await open('/guide/intro');
    expect(await page.textContent('#footnote')).toBe('Footer one');
    const reloaded = page.waitForEvent('load');
    edit('site/components/Footer.tsx', (t) => t.replace('Footer one', 'Footer two'));
    await reloaded;
    await page.waitForSelector('#footnote');
    expect(await page.textContent('#footnote')).toBe('Footer two');
    expect(await notReloaded()).toBe(false);
  });

  it('shows a stylesheet syntax error in the overlay and clears it once fixed, without a reload', async () => {
    await open('/guide/intro');
    edit('site/styles/site.css', () => 'body { --hot: 3;\n\nmain { color: red;\n');
    await page.waitForSelector('#sitegen-dev-overlay');
    const overlay = await page.textContent('#sitegen-dev-overlay');
    expect(overlay).toContain('site/styles/site.css:3:6 [SG4004] Stylesheet syntax error');
    expect(overlay).toContain('Expected "}" to go with "{"');
    await page.waitForTimeout(150);
    edit('site/styles/site.css', () => 'body { --hot: 4; }\n');
    await page.waitForSelector('#sitegen-dev-overlay', { state: 'detached' });
    await page.waitForFunction(() => getComputedStyle(document.body).getPropertyValue('--hot').trim() === '4');
    expect(await notReloaded()).toBe(true);
  });
});
