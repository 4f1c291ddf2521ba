/**
 * Search in `sitegen dev`, on a copy of the fixture with the search plugin and the header search
 * box: every page names the search client as a build's does, dev serves the client and the index,
 * the index follows edits, additions and removals, and the search box finds an edited word in
 * Chromium.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import MiniSearch from 'minisearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../src/dev/server.ts';
import { INDEX_OPTIONS, type SearchDocument } from '../../templates/search/options.ts';
import { launch, type Browser } from '../browser/chromium.ts';
import { copyFixture, remove, runCli } from '../helpers.ts';

let site: string;
let dev: DevServer;

function edit(file: string, change: (text: string) => string): void {
  const path = join(site, file);
  writeFileSync(path, change(readFileSync(path, 'utf8')));
}

/** Make a change to the site's files and wait until dev has taken it in. */
async function changed(make: () => void): Promise<void> {
  const update = dev.nextUpdate();
  make();
  await update;
}

/** The routes whose documents hold `word`, by dev's current search index. */
async function found(word: string): Promise<string[]> {
  const res = await fetch(`${dev.url}/_sitegen/search/index.json`);
  expect(res.status).toBe(200);
  const index = MiniSearch.loadJSON<SearchDocument>(await res.text(), INDEX_OPTIONS);
  return index.search(word).map((hit) => hit.id as string);
}

/** The search client a page names (`<meta name="sitegen:search">`). */
async function clientOf(path: string): Promise<string | undefined> {
  const page = await (await fetch(`${dev.url}${path}`)).text();
  return /<meta name="sitegen:search" content="([^"]+)"/.exec(page)?.[1];
}

beforeAll(async () => {
  site = copyFixture('basic');
  edit('site/config.ts', (t) =>
    t.replace(/(['"])([^'"]*)plugins\/feed\1/, '$1$2plugins/feed$1, $1$2plugins/search$1').replace('theme: {', 'theme: {\n    search: true,'),
  );
  dev = await startDevServer({ root: site, port: 0, log: () => undefined });
}, 60_000);
afterAll(async () => {
  await dev?.close();
  remove(site);
});

describe('search in sitegen dev', () => {
  it('names the search client on every prerendered page, and serves it as JavaScript', async () => {
    const manifest = (await (await fetch(`${dev.url}/_sitegen/builds/meta/dev.json`)).json()) as { prerendered: string[] };
    expect(manifest.prerendered.length).toBeGreaterThan(5);
    const client = await clientOf('/');
    expect(client).toMatch(/^\/_sitegen\/search\.[0-9a-f]+\.js$/);
    for (const path of [...manifest.prerendered, '/404']) expect(await clientOf(path), path).toBe(client);
    const res = await fetch(`${dev.url}${client}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    const js = await res.text();
    // The index's name is put together per locale and version (index.json, index.ja.json, index.v1.json).
    expect(js).toMatch(/index/);
    expect(js).toContain('.json');
    expect(js).toMatch(/export\s*\{/);
  });

  it('finds a word of a document, and follows an edit, an added document and a removed one', async () => {
    expect(await found('callout')).toEqual(['/guide/setup']);

    await changed(() => edit('content/guide/2.setup.md', (t) => t.replace('A callout.', 'A marmalade note.')));
    expect(await found('callout')).toEqual([]);
    expect(await found('marmalade')).toEqual(['/guide/setup']);

    await changed(() => writeFileSync(join(site, 'content/guide/3.extra.md'), '---\ntitle: Extra\n---\n\nOnly quillwort grows here.\n'));
    expect(await found('quillwort')).toEqual(['/guide/extra']);

    await changed(() => rmSync(join(site, 'content/guide/3.extra.md')));
    expect(await found('quillwort')).toEqual([]);
  });

  it('serves, after an edit (its index patched), the index a build of the edited site writes', async () => {
    await fetch(`${dev.url}/_sitegen/search/index.json`);
    await changed(() => edit('content/guide/1.intro.md', (t) => `${t}\nA damson paragraph, added in dev.\n`));
    const served = await (await fetch(`${dev.url}/_sitegen/search/index.json`)).text();
    expect(served).toContain('damson');
    const out = join(site, 'built');
    const res = await runCli(['build', '--root', site, '--out', out]);
    expect(res.code).toBe(0);
    expect(served).toBe(readFileSync(join(out, '_sitegen/search/index.json'), 'utf8'));
    remove(out);
  }, 60_000);
});

describe('the header search box in sitegen dev, in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the page an edited word is on as a result', async () => {
    await changed(() => edit('content/guide/2.setup.md', (t) => t.replace(/^A .+$/m, 'A gooseberry note.')));
    const page = await browser.context.newPage();
    try {
      await page.goto(`${dev.url}/guide/intro`, { waitUntil: 'load' });
      await page.waitForFunction(() => document.querySelector<HTMLElement>('form[data-sitegen-search]')?.dataset.searchWired === 'true');
      await page.focus('#site-search');
      await page.waitForSelector('#site-search[role="combobox"]', { state: 'attached' });
      await page.fill('#site-search', 'gooseberry');
      await page.waitForSelector('[role="listbox"] [role="option"]');
      const results = await page.$$eval('[role="listbox"] [role="option"]', (els) => els.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
      expect(results).toEqual(['/guide/setup']);
    } finally {
      await page.close();
    }
  });
});
