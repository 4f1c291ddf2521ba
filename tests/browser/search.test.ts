/**
 * Site search on the Ferrygate site (the `sitegen/plugins/search` plugin and the header search box),
 * in Chromium against a fresh build: the index loads only once someone starts searching, the box is
 * a keyboard-operable combobox, and the index covers every docs page and blog post.
 * Every request that would leave 127.0.0.1 is intercepted: the tests never touch the network.
 */
import { readFileSync, readdirSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/server/preview.ts';
import { serveFerrygate, type ServedSite } from './ferrygate.ts';
import { ROOT, html } from '../helpers.ts';
import type { Browser } from './chromium.ts';
import { anchorOf } from '../../templates/search/options.ts';

const AXE = join(ROOT, 'node_modules/axe-core/axe.min.js');
/** A word only the webhook-bins guide uses. */
const WORD = 'bookmark';
const WORD_PAGE = '/v1/guide/bins';

let out: string;
let server: RunningServer;
let browser: Browser;
let page: Page;
let requests: string[] = [];

let site: ServedSite;

beforeAll(async () => {
  site = await serveFerrygate();
  ({ out, server, browser } = site);
}, 180_000);
afterAll(async () => {
  await site?.close();
});
beforeEach(async () => {
  page = await browser.context.newPage();
  requests = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
});
afterEach(async () => page.close());

const url = (path: string) => `${server.url}${path}`;
const indexFile = () => 'search/index.json';
const BOX = 'form[data-sitegen-search]';
const INPUT = '#site-search';

/** Load a page and wait until the runtime has wired the search box. */
async function open(path: string): Promise<void> {
  await page.goto(url(path), { waitUntil: 'load' });
  await page.waitForFunction(() => document.querySelector<HTMLElement>('form[data-sitegen-search]')?.dataset.searchWired === 'true');
}

/** Focus the box (which loads the client) and type a query once the combobox is mounted. */
async function search(text: string): Promise<void> {
  await page.focus(INPUT);
  await page.waitForSelector(`${INPUT}[role="combobox"]`, { state: 'attached' });
  await page.fill(INPUT, text);
}

const expanded = () => page.getAttribute(INPUT, 'aria-expanded');
const optionPaths = () => page.$$eval('[role="listbox"] [role="option"]', (els) => els.map((a) => new URL((a as HTMLAnchorElement).href).pathname));

describe('the header search box without JavaScript', () => {
  it('is a labelled GET form to the docs on every page', () => {
    for (const file of ['index.html', 'pricing/index.html', 'v1/guide/tunnels/index.html', 'blog/index.html', '404.html']) {
      const doc = html(out, file);
      const forms = doc.querySelectorAll('header form[role="search"][data-sitegen-search]');
      expect(forms, file).toHaveLength(1);
      const form = forms[0];
      expect(form.getAttribute('action'), file).toBe('/v1/guide');
      expect((form.getAttribute('method') ?? 'get').toLowerCase(), file).toBe('get');
      const input = form.querySelector('input[type="search"][name="q"]')!;
      expect(input, file).not.toBeNull();
      expect(form.querySelector(`label[for="${input.getAttribute('id')}"]`)?.text.trim(), file).toBe('Search docs and blog');
      expect(doc.querySelectorAll(`[id="${input.getAttribute('id')}"]`), file).toHaveLength(1);
      const meta = doc.querySelector('meta[name="sitegen:search"]')?.getAttribute('content');
      expect(meta, file).toMatch(/^\/_sitegen\/search\.[0-9a-f]+\.js$/);
    }
  });
});

describe('the search index', () => {
  it('holds every docs page and blog post, and nothing else', () => {
    const index = JSON.parse(readFileSync(join(out, '_sitegen', indexFile()), 'utf8')) as {
      documentIds: Record<string, string>;
      storedFields: Record<string, { title: string; path: string; section: string }>;
    };
    const indexed = new Set(Object.values(index.documentIds));
    // The content API has one file per document: the independent list of what should be searchable.
    const expected: string[] = [];
    const dir = join(out, 'api/_content/query');
    for (const f of readdirSync(dir)) {
      const doc = JSON.parse(readFileSync(join(dir, f), 'utf8')) as { _path?: string; _partial?: boolean; draft?: boolean; redirect?: string };
      if (Array.isArray(doc) || !doc._path || doc._partial || doc.draft || doc.redirect) continue;
      if (doc._path.startsWith('/v1/') || doc._path.startsWith('/blog/')) expected.push(doc._path);
    }
    expect(expected.length).toBeGreaterThan(100);
    for (const path of expected) expect(indexed.has(path), `${path} is not in the index`).toBe(true);
    expect([...indexed].sort()).toEqual([...expected].sort());
    const stored = Object.values(index.storedFields);
    expect(stored.find((s) => s.path === '/v1/guide/tunnels')).toMatchObject({ title: 'Tunnels', section: 'Docs · Guide' });
    expect(stored.find((s) => s.path.startsWith('/blog/'))?.section).toBe('Blog');
  });

  it("names each page's headings by the ids its page gives them", () => {
    const index = JSON.parse(readFileSync(join(out, '_sitegen', indexFile()), 'utf8')) as {
      storedFields: Record<string, { path: string; anchors?: (string | [string, string])[] }>;
    };
    let count = 0;
    for (const { path, anchors } of Object.values(index.storedFields)) {
      const ids = new Set(
        html(out, `${path.slice(1)}/index.html`)
          .querySelectorAll('main [id]')
          .map((el) => el.getAttribute('id')),
      );
      for (const stored of anchors ?? []) {
        const [id] = anchorOf(stored);
        expect(ids.has(id), `${path}#${id}`).toBe(true);
        count++;
      }
    }
    expect(count).toBeGreaterThan(500);
  });

  it('stays small', () => {
    expect(statSync(join(out, '_sitegen', indexFile())).size).toBeLessThan(600 * 1024);
  });

  it('keeps its name from build to build, beside a client named by its own sources', () => {
    const client = readdirSync(join(out, '_sitegen')).find((f) => /^search\.[0-9a-f]+\.js$/.test(f))!;
    const meta = readFileSync(join(out, 'index.html'), 'utf8').match(/<meta name="sitegen:search" content="([^"]+)"/)![1];
    expect(meta).toBe(`/_sitegen/${client}`);
    const id = JSON.parse(readFileSync(join(out, '_sitegen/builds/latest.json'), 'utf8')).id;
    expect(client).not.toContain(id);
  });
});

describe('searching in Chromium', () => {
  it('loads nothing for search until the box is focused', async () => {
    await open('/v1/guide/tunnels');
    await page.mouse.move(200, 20);
    await page.waitForTimeout(1500); // past the runtime's idle-time manifest fetch
    expect(requests.filter((p) => p.includes('/_sitegen/search'))).toEqual([]);
    await search(WORD);
    await page.waitForSelector('[role="option"]');
    expect(requests.filter((p) => p.includes('/_sitegen/search/index.json'))).toHaveLength(1);
  });

  it('finds the page a distinctive word is on, and ArrowDown + Enter opens it', async () => {
    await open('/');
    await search(WORD);
    await page.waitForSelector('[role="listbox"] [role="option"]');
    expect(await optionPaths()).toContain(WORD_PAGE);
    expect(await expanded()).toBe('true');
    const listId = await page.getAttribute(INPUT, 'aria-controls');
    expect(await page.getAttribute(`#${listId}`, 'role')).toBe('listbox');
    const first = page.locator('[role="option"]').first();
    expect(await first.locator('.search-result-title').textContent()).toBe('Webhook bins');
    expect(await first.locator('.search-result-section').textContent()).toBe('Docs · Guide');

    await page.keyboard.press('ArrowDown');
    const activeId = await page.getAttribute(INPUT, 'aria-activedescendant');
    expect(activeId).toBeTruthy();
    expect(await page.getAttribute(`#${activeId}`, 'aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('site-search');
    expect(await page.$eval(`#${activeId}`, (a) => new URL((a as HTMLAnchorElement).href).pathname)).toBe(WORD_PAGE);

    await page.keyboard.press('Enter');
    await page.waitForURL(url(WORD_PAGE));
    await page.waitForFunction(() => document.querySelector('h1')?.textContent?.includes('Webhook bins'));
    expect(await page.getAttribute(`${INPUT}`, 'aria-expanded')).not.toBe('true');
  });

  it('links a result to the heading its words are in, marks them, and Enter lands on that heading', async () => {
    await open('/');
    await search('ferry mcp');
    const first = page.locator('[role="option"]').first();
    await first.waitFor();
    expect(await first.getAttribute('href')).toBe('/v1/guide/cli#ferry-mcp');
    expect(await first.locator('.search-result-title').textContent()).toBe('CLI reference');
    expect(await first.locator('.search-result-heading').textContent()).toBe('ferry mcp');
    expect(await first.locator('.search-result-heading mark').allTextContents()).toEqual(['ferry', 'mcp']);
    // A word is marked when it is a matched term (`ferryd`, one typo away, is one), not when it starts with one.
    const marked = await page.$$eval('[role="option"] mark', (els) => els.map((m) => m.textContent!.toLowerCase()));
    expect(marked).toContain('ferry');
    expect(marked.filter((t) => t.startsWith('ferrygate'))).toEqual([]);
    // The page whose title is the query comes first, before a post whose longer title holds the same words.
    await page.fill(INPUT, 'webhook forwarding');
    await page.waitForFunction(() => document.querySelector('[role="option"]')?.getAttribute('href') === '/v1/guide/webhook-forwarding');
    // A heading that holds both words ranks its page above pages that hold them apart.
    await page.fill(INPUT, 'legacy lua');
    await page.waitForSelector('[role="option"][href="/v1/guide/functions#legacy-lua-functions"]');
    await page.fill(INPUT, 'ferry mcp');
    await page.waitForSelector('[role="option"][href="/v1/guide/cli#ferry-mcp"]');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(url('/v1/guide/cli#ferry-mcp'));
    await page.waitForFunction(() => {
      const top = document.getElementById('ferry-mcp')?.getBoundingClientRect().top ?? -1;
      return top >= 0 && top < 200;
    });
  });

  it('scrolls to a heading of the page on screen without loading the page again', async () => {
    await open('/v1/guide/cli');
    await search('ferry mcp');
    await page.waitForSelector('[role="option"][href="/v1/guide/cli#ferry-mcp"]');
    requests = [];
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(url('/v1/guide/cli#ferry-mcp'));
    await page.waitForFunction(() => {
      const top = document.getElementById('ferry-mcp')?.getBoundingClientRect().top ?? -1;
      return top >= 0 && top < 200;
    });
    expect(requests.filter((p) => p.startsWith('/v1/guide/cli'))).toEqual([]);
    expect(await page.inputValue(INPUT)).toBe('ferry mcp');
    expect(await page.isHidden('.search-popup')).toBe(true);
  });

  it('says under the list how many pages matched when it shows fewer, and says nothing more when it shows them all', async () => {
    await open('/');
    await search('webhook');
    await page.waitForSelector('[role="option"]');
    const line = (await page.textContent('.search-message:not([hidden])')) ?? '';
    const [, shown, total] = /^(\d+) of (\d+) results$/.exec(line) ?? [];
    expect(Number(shown)).toBe((await optionPaths()).length);
    expect(Number(total)).toBeGreaterThan(Number(shown));
    expect(await page.textContent(`${BOX} [role="status"]`)).toBe(line);
    await page.fill(INPUT, WORD);
    await page.waitForFunction(() => document.querySelector('[role="status"]')?.textContent?.match(/^\d+ results?$/));
    expect(await page.isHidden('.search-message')).toBe(true);
  });

  it('moves through the results with ArrowDown and ArrowUp, wrapping around', async () => {
    await open('/');
    await search('tunnel');
    await page.waitForSelector('[role="option"]');
    const count = (await optionPaths()).length;
    expect(count).toBeGreaterThan(1);
    expect(count).toBeLessThanOrEqual(8);
    const active = () => page.getAttribute(INPUT, 'aria-activedescendant');
    const ids = await page.$$eval('[role="option"]', (els) => els.map((e) => e.id));
    await page.keyboard.press('ArrowDown');
    expect(await active()).toBe(ids[0]);
    await page.keyboard.press('ArrowDown');
    expect(await active()).toBe(ids[1]);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await active()).toBe(ids[count - 1]);
    expect(await page.$$eval('[aria-selected="true"]', (els) => els.length)).toBe(1);
  });

  it('closes the list with Escape and keeps what was typed', async () => {
    await open('/pricing');
    await search('tunnel');
    await page.waitForSelector('[role="option"]');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Escape');
    expect(await page.isHidden('.search-popup')).toBe(true);
    expect(await expanded()).toBe('false');
    expect(await page.getAttribute(INPUT, 'aria-activedescendant')).toBeNull();
    expect(await page.inputValue(INPUT)).toBe('tunnel');
    expect(new URL(page.url()).pathname).toBe('/pricing');
    // ArrowDown opens it again.
    await page.keyboard.press('ArrowDown');
    expect(await page.isVisible('.search-popup')).toBe(true);
    expect(await expanded()).toBe('true');
  });

  it('keeps the list closed when Escape comes while the index is still loading', async () => {
    let served = false;
    await page.route('**/_sitegen/search/index.json', async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
      served = true;
    });
    await open('/');
    await search('tunnel');
    await page.waitForSelector('.search-message:not([hidden])');
    expect(await page.textContent('.search-message')).toMatch(/Loading/);
    await page.keyboard.press('Escape');
    expect(await page.isHidden('.search-popup')).toBe(true);
    await page.waitForFunction(() => document.querySelectorAll('[role="option"]').length > 0);
    expect(served).toBe(true);
    expect(await page.isHidden('.search-popup')).toBe(true);
    expect(await expanded()).toBe('false');
    await page.keyboard.press('ArrowDown');
    expect(await page.isVisible('.search-popup')).toBe(true);
  });

  it('navigates when a result is clicked', async () => {
    await open('/blog');
    await search('subdomains');
    const result = page.locator('[role="option"]', { hasText: 'Tunnels' }).first();
    await result.waitFor();
    await result.click();
    await page.waitForURL((u) => u.pathname === '/v1/guide/tunnels');
    expect(await page.textContent('h1')).toContain('Tunnels');
  });

  it('says when nothing matches, never inserting the query as HTML', async () => {
    await open('/');
    const query = '<img/src=x/onerror=window.__xss=1>zqxv';
    await search(query);
    await page.waitForFunction(() => document.querySelector('.search-message')?.textContent?.startsWith('No results'));
    expect(await page.textContent('.search-message')).toBe(`No results for “${query}”`);
    expect(await page.$$eval(`${BOX} img`, (els) => els.length)).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await expanded()).toBe('false');
    expect(await page.textContent(`${BOX} [role="status"]`)).toBe(`No results for “${query}”`);
  });

  it('has no serious axe violations with the results open', async () => {
    await open('/v1/guide/tunnels');
    await search('webhook');
    await page.waitForSelector('[role="option"]');
    await page.keyboard.press('ArrowDown');
    await page.addScriptTag({ path: AXE });
    const found = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      const results = await axe.run(document, { resultTypes: ['violations'] });
      return results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    });
    expect(found).toEqual([]);
  });

  it('works from the menu panel on a phone', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open('/');
    expect(await page.isVisible(INPUT)).toBe(false);
    await page.click('label[for="nav-toggle"]');
    expect(await page.isVisible(INPUT)).toBe(true);
    await search(WORD);
    const option = page.locator('[role="option"]').first();
    await option.waitFor();
    const box = (await option.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(url(WORD_PAGE));
  });
});

describe('a search sent as a form', () => {
  it('lands on the search action with ?q= and opens its results: from the not-found page, and in the menu on a phone', async () => {
    await page.goto(url('/no/such/page'), { waitUntil: 'load' });
    await page.fill('#nf-q', WORD);
    await page.press('#nf-q', 'Enter');
    await page.waitForURL(url(`/v1/guide?q=${WORD}`));
    await page.waitForSelector(`[role="option"][href="${WORD_PAGE}"]`);
    expect(await page.inputValue(INPUT)).toBe(WORD);
    expect(await expanded()).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('site-search');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(url(`/v1/guide?q=${WORD}`), { waitUntil: 'load' });
    const option = page.locator(`[role="option"][href="${WORD_PAGE}"]`);
    await option.waitFor({ state: 'visible' });
    expect(await page.isChecked('#nav-toggle')).toBe(true);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(url(WORD_PAGE));
  });
});

describe('a search chunk that fails to load', () => {
  it('reloads the page once, under the reload guard', async () => {
    const client = readdirSync(join(out, '_sitegen')).find((f) => /^search\.[0-9a-f]+\.js$/.test(f))!;
    const file = join(out, '_sitegen', client);
    renameSync(file, `${file}.gone`);
    try {
      await open('/pricing');
      const loads = () => requests.filter((p) => p === '/pricing').length;
      expect(loads()).toBe(1);
      // The page has loaded once; the next load event is the reload.
      const reloaded = page.waitForEvent('load');
      await page.focus(INPUT);
      await reloaded;
      expect(loads()).toBe(2);
      const guard = await page.evaluate(() => JSON.parse(sessionStorage.getItem('sitegen:reload') ?? 'null'));
      expect(guard.path).toBe('/pricing');
      // Inside the guard's window a second failure does not reload again.
      await open('/pricing');
      await page.focus(INPUT);
      await page.waitForTimeout(1000);
      expect(loads()).toBe(3);
    } finally {
      renameSync(`${file}.gone`, file);
    }
  });
});
