/**
 * Right-to-left layout in real Chromium: a Persian docs site (`lang: 'fa'`) mirrors the theme (sidebar on the right, the
 * "On this page" rail on the left, callout accents and prev/next swapped, forward/back chevrons turned), while code
 * stays left to right. The same site built with `lang: 'en'` shows the same checks the other way round.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPreview, type RunningServer } from '../../src/server/preview.ts';
import { copyFixture, remove, runCli } from '../helpers.ts';
import { launch, type Browser } from './chromium.ts';

interface Site {
  root: string;
  server: RunningServer;
}

let rtl: Site;
let ltr: Site;
let browser: Browser;
let page: Page;

/** The `rtl` fixture, its config's `lang` replaced, built and served. */
async function serve(lang: string): Promise<Site> {
  const root = copyFixture('rtl');
  const config = join(root, 'site/config.ts');
  writeFileSync(config, readFileSync(config, 'utf8').replace("lang: 'fa',", `lang: '${lang}',`));
  const built = await runCli(['build', '--quiet', '--root', root, '--out', join(root, 'dist')]);
  expect(built.code, built.stderr).toBe(0);
  return { root, server: await startPreview({ outDir: join(root, 'dist'), port: 0 }) };
}

beforeAll(async () => {
  [rtl, ltr] = await Promise.all([serve('fa'), serve('en')]);
  browser = await launch({ viewport: { width: 1280, height: 900 } });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  for (const site of [rtl, ltr]) {
    await site?.server.close();
    if (site) remove(site.root);
  }
});
beforeEach(async () => {
  page = await browser.context.newPage();
});
afterEach(async () => page.close());

type Box = { left: number; right: number };

async function box(selector: string): Promise<Box> {
  const b = await page.locator(selector).first().boundingBox();
  if (!b) throw new Error(`${selector} is not shown`);
  return { left: b.x, right: b.x + b.width };
}

/** What the checks below read off two doc pages, once per site. */
const measured = new Map<Site, ReturnType<typeof read>>();
const measure = (site: Site) => measured.get(site) ?? measured.set(site, read(site)).get(site)!;

async function read(site: Site) {
  await page.goto(`${site.server.url}/docs/config`);
  const dir = await page.evaluate(() => document.documentElement.dir);
  const [sidebar, article, toc, prev, next] = await Promise.all(
    ['.docs-sidebar', '.docs-article', '.docs-toc', '.pn-prev', '.pn-next'].map((selector) => box(selector)),
  );
  const chevrons = await page.evaluate(() => ['.pn-prev svg', '.pn-next svg'].map((s) => getComputedStyle(document.querySelector(s) as Element).scale));

  await page.goto(`${site.server.url}/docs/start`);
  const callout = await page.evaluate(() => {
    const style = getComputedStyle(document.querySelector('.callout-tip') as Element);
    return { left: style.borderLeftWidth, right: style.borderRightWidth, start: style.borderInlineStartWidth };
  });
  // The first code block: its text's direction, where it starts, and whether its first characters run left to right.
  const code = await page.evaluate(() => {
    const pre = document.querySelector('.code-block pre') as HTMLElement;
    const text = document.createTreeWalker(pre, NodeFilter.SHOW_TEXT).nextNode() as Text;
    const range = document.createRange();
    const at = (i: number) => {
      range.setStart(text, i);
      range.setEnd(text, i + 1);
      return range.getBoundingClientRect().left;
    };
    const block = pre.getBoundingClientRect();
    return {
      direction: getComputedStyle(pre).direction,
      inline: getComputedStyle(document.querySelector('.prose p code') as Element).direction,
      text: text.data,
      startOffset: at(0) - block.left,
      endOffset: block.right - at(0),
      leftToRight: at(0) < at(1) && at(1) < at(2),
    };
  });
  return { dir, sidebar, article, toc, prev, next, chevrons, callout, code };
}

describe('a right-to-left page', () => {
  it('mirrors the docs layout: sidebar on the right, "On this page" on the left, prev on the right', async () => {
    const m = await measure(rtl);
    expect(m.dir).toBe('rtl');
    expect(m.sidebar.left).toBeGreaterThanOrEqual(m.article.right);
    expect(m.toc.right).toBeLessThanOrEqual(m.article.left);
    expect(m.prev.left).toBeGreaterThan(m.next.right);
    // The prev chevron (drawn pointing left) and the next one (pointing right) are turned around.
    expect(m.chevrons).toEqual(['-1 1', '-1 1']);
  });

  it("puts a callout's accent border on its right", async () => {
    const m = await measure(rtl);
    expect(m.callout).toEqual({ left: '1px', right: '4px', start: '4px' });
  });

  it('keeps code left to right, starting at the left', async () => {
    const { code } = await measure(rtl);
    expect(code.text.startsWith('npm')).toBe(true);
    expect(code).toMatchObject({ direction: 'ltr', inline: 'ltr', leftToRight: true });
    expect(code.startOffset).toBeLessThan(40);
    expect(code.endOffset).toBeGreaterThan(400);
  });
});

describe('the same site left to right', () => {
  it('has the sidebar on the left, "On this page" on the right, prev on the left, chevrons as drawn', async () => {
    const m = await measure(ltr);
    expect(m.dir).toBe('ltr');
    expect(m.sidebar.right).toBeLessThanOrEqual(m.article.left);
    expect(m.toc.left).toBeGreaterThanOrEqual(m.article.right);
    expect(m.prev.right).toBeLessThan(m.next.left);
    expect(m.chevrons).toEqual(['none', 'none']);
    expect(m.callout).toEqual({ left: '4px', right: '1px', start: '4px' });
    expect(m.code).toMatchObject({ direction: 'ltr', inline: 'ltr', leftToRight: true });
    expect(m.code.startOffset).toBeLessThan(40);
  });
});
