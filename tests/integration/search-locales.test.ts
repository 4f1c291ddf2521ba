/**
 * Search on a site with `locales: ['en', 'ja', 'zh-CN']` (tests/fixtures/i18n-search), built through the CLI:
 * one index per locale holding that locale's documents only, each page naming its locale's index, words
 * found inside unspaced Japanese and Chinese text, and `sitegen dev` serving the same indexes.
 */
import { cpSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import MiniSearch from 'minisearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer } from '../../src/dev/server.ts';
import { INDEX_OPTIONS, SEARCH_OPTIONS, type SearchDocument } from '../../templates/search/options.ts';
import { copyFixture, html, listFiles, read, remove, runCli, tempDir } from '../helpers.ts';

const LOCALES = ['en', 'ja', 'zh-CN'];
let site: string;
let out: string;

beforeAll(async () => {
  site = copyFixture('i18n-search');
  out = join(site, 'dist');
  const built = await runCli(['build', '--quiet', '--root', site, '--out', out]);
  expect(built.code, built.stderr).toBe(0);
}, 120_000);
afterAll(() => {
  if (site) remove(site);
});

const load = (json: string) => MiniSearch.loadJSON<SearchDocument>(json, INDEX_OPTIONS);
const indexOf = (locale: string) => load(read(out, `_sitegen/search/index.${locale}.json`));
const ids = (index: MiniSearch<SearchDocument>) => Object.values((index.toJSON() as { documentIds: Record<string, string> }).documentIds).sort();
const find = (index: MiniSearch<SearchDocument>, text: string) => index.search(text, SEARCH_OPTIONS).map((hit) => hit.id as string);

/** Pages of the fixture kept out of search by their front matter (`search: false`, `index: false`, `robots: noindex`). */
const HIDDEN = ['/docs/guide/foghorn-notes', '/docs/guide/keeper-log', '/docs/guide/storm-drill'];

/** The docs pages of the output by the language their `<html lang>` names: what each index should hold. */
function docsByLang(): Map<string, string[]> {
  const byLang = new Map<string, string[]>();
  for (const file of listFiles(out)) {
    if (!/(^|\/)docs\/.*index\.html$/.test(file)) continue;
    const lang = html(out, file).querySelector('html')!.getAttribute('lang')!;
    const path = `/${file.replace(/\/?index\.html$/, '')}`;
    if (HIDDEN.includes(path)) continue;
    byLang.set(lang, [...(byLang.get(lang) ?? []), path].sort());
  }
  return byLang;
}

describe('search on a site with three locales', () => {
  it('writes one index per locale, and no site-wide one', () => {
    expect(readdirSync(join(out, '_sitegen/search')).sort()).toEqual(['index.en.json', 'index.ja.json', 'index.zh-CN.json']);
  });

  it('puts in each index the docs of its locale and nothing else', () => {
    const expected = docsByLang();
    expect([...expected.keys()].sort()).toEqual([...LOCALES].sort());
    for (const locale of LOCALES) expect(ids(indexOf(locale)), locale).toEqual(expected.get(locale));
    expect(ids(indexOf('en'))).toEqual(['/docs/guide', '/docs/guide/lighthouse']);
    expect(ids(indexOf('ja'))).toEqual(['/ja/docs/guide']);
    expect(ids(indexOf('zh-CN'))).toHaveLength(1);
    expect(ids(indexOf('zh-CN'))[0]).toMatch(/^\/zh-cn\/docs\/guide$/i);
  });

  it('leaves out the pages whose front matter says search: false, index: false or robots: noindex', () => {
    for (const path of HIDDEN) expect(listFiles(out), path).toContain(`${path.slice(1)}/index.html`);
    expect(find(indexOf('en'), 'foghorn')).toEqual([]);
    expect(ids(indexOf('en'))).toEqual(['/docs/guide', '/docs/guide/lighthouse']);
  });

  it('has every page with a search box name its own locale', () => {
    const pages = listFiles(out).filter((f) => f.endsWith('.html') && read(out, f).includes('data-sitegen-search'));
    expect(pages.length).toBeGreaterThanOrEqual(8);
    for (const file of pages) {
      const doc = html(out, file);
      const meta = doc.querySelector('meta[name="sitegen:search"]');
      expect(meta?.getAttribute('content'), file).toMatch(/^\/_sitegen\/search\.[0-9a-f]+\.js$/);
      expect(meta?.getAttribute('data-locale'), file).toBe(doc.querySelector('html')!.getAttribute('lang'));
    }
  });

  it('finds Japanese and Chinese words inside unspaced text, each in its own locale only', () => {
    expect(find(indexOf('ja'), '転送')).toEqual(['/ja/docs/guide']);
    expect(find(indexOf('ja'), 'サーバー')).toEqual(['/ja/docs/guide']);
    expect(find(indexOf('zh-CN'), '转发')).toHaveLength(1);
    expect(find(indexOf('zh-CN'), '服务器')).toHaveLength(1);
    expect(find(indexOf('en'), '転送')).toEqual([]);
    expect(find(indexOf('ja'), 'lighthouse')).toEqual([]);
    expect(find(indexOf('en'), 'lighthouse')).toEqual(['/docs/guide/lighthouse']);
    // An English word in Japanese text is found in the Japanese index.
    expect(find(indexOf('ja'), 'webhook')).toEqual(['/ja/docs/guide']);
  });

  it('serves the same indexes in sitegen dev', async () => {
    const dev = await startDevServer({ root: site, port: 0, log: () => undefined });
    try {
      for (const locale of LOCALES) {
        const res = await fetch(`${dev.url}/_sitegen/search/index.${locale}.json`);
        expect(res.status, locale).toBe(200);
        expect(ids(load(await res.text())), locale).toEqual(ids(indexOf(locale)));
      }
    } finally {
      await dev.close();
    }
  });
  // A body edit patches the last build's index (the edited documents' terms out, their new ones in); a page added
  // or removed makes the index again, from every body the first time (the table of terms filled), then from the
  // table. Each time the indexes are a cold build's.
  it("patches or makes again each index: after body edits and a page added and removed, every index is a cold build's", async () => {
    const indexes = () => Object.fromEntries(readdirSync(join(out, '_sitegen/search')).map((f) => [f, read(out, `_sitegen/search/${f}`)]));
    const build = async () => {
      const run = await runCli(['build', '--quiet', '--root', site, '--out', out]);
      expect(run.code, run.stderr).toBe(0);
      return indexes();
    };
    /** The indexes of the same sources built by a project that never built: no cache. */
    const cold = async () => {
      const fresh = tempDir('sitegen-i18n-search-cold-');
      try {
        for (const dir of ['site', 'content']) cpSync(join(site, dir), join(fresh, dir), { recursive: true });
        const run = await runCli(['build', '--quiet', '--root', fresh, '--out', join(fresh, 'dist')]);
        expect(run.code, run.stderr).toBe(0);
        return Object.fromEntries(readdirSync(join(fresh, 'dist/_sitegen/search')).map((f) => [f, read(join(fresh, 'dist'), `_sitegen/search/${f}`)]));
      } finally {
        remove(fresh);
      }
    };
    const before = indexes();
    const edit = (file: string, text: string) => {
      const path = join(site, 'content', file);
      const original = readFileSync(path, 'utf8');
      writeFileSync(path, original + text);
      return () => writeFileSync(path, original);
    };
    const undo = [
      edit('ja/docs/guide/index.md', '\n灯台守は毎晩ランプを点検します。\n'),
      edit('docs/guide/lighthouse.md', '\nThe keeper trims the wick nightly.\n'),
    ];
    const edited = await build();
    expect(edited['index.ja.json']).not.toBe(before['index.ja.json']);
    expect(edited['index.zh-CN.json']).toBe(before['index.zh-CN.json']);
    expect(find(indexOf('ja'), '灯台守')).toEqual(['/ja/docs/guide']);
    expect(find(indexOf('en'), 'wick')).toEqual(['/docs/guide/lighthouse']);
    expect(edited).toEqual(await cold());
    for (const restore of undo) restore();
    expect(await build()).toEqual(before);
    // A page more: the English index holds one document more, made again.
    const added = join(site, 'content/docs/guide/keeper.md');
    writeFileSync(added, '---\ntitle: The keeper\n---\n\nThe keeper logs every passing ship.\n');
    try {
      const more = await build();
      expect(find(indexOf('en'), 'ship')).toEqual(['/docs/guide/keeper']);
      expect(more).toEqual(await cold());
    } finally {
      remove(added);
    }
    expect(await build()).toEqual(before);
  }, 120_000);
});
