/**
 * The document cache saves what changed on top of the metadata and index files it was loaded
 * from, and a load gives back exactly what was saved, whichever way it was written.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { completeDocCache, loadDocCache, loadSourceIndex, saveDocCache, type DocCache, type DocEntry } from '../../../src/pipeline/doc-cache.ts';
import type { ContentDocument } from '../../../src/content/types.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sitegen-doc-cache-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const entry = (n: number, title = `Title ${n}`): DocEntry => ({
  hash: `hash-${n}-${title}`,
  display: `content/doc-${n}.md`,
  doc: { _id: `content:doc-${n}.md`, title } as unknown as ContentDocument,
  errors: [],
});

function cacheOf(count: number): DocCache {
  const entries: Record<string, DocEntry> = {};
  for (let n = 0; n < count; n++) entries[`doc-${n}.md`] = entry(n);
  return { key: 'k', entries };
}

/** Entries `from` to `to` (exclusive) replaced by `make`: their names, as saveDocCache takes the changes. */
function replaceEntries(cache: DocCache, from: number, to: number, make: (n: number) => DocEntry): string[] {
  const changed: string[] = [];
  for (let n = from; n < to; n++) {
    cache.entries[`doc-${n}.md`] = make(n);
    changed.push(`doc-${n}.md`);
  }
  return changed;
}

const titles = (cache: DocCache) => Object.fromEntries(Object.entries(cache.entries).map(([rel, e]) => [rel, e.doc?.title]));

describe('the document cache on disk', () => {
  it('is written as ASCII (anything else escaped) and read back exactly, whole and as a delta', async () => {
    const cache = cacheOf(3);
    const titles3 = ['Café — naïve', 'Emoji 🚢 and \u2028 separator', 'Ωmega, 東京, "quoted" \\ back'];
    titles3.forEach((title, n) => (cache.entries[`doc-${n}.md`] = entry(n, title)));
    await saveDocCache(dir, cache);
    const bytes = readFileSync(join(dir, 'documents.json'));
    expect(bytes.every((b) => b < 0x80)).toBe(true);
    const loaded = await loadDocCache(dir, 'k');
    expect(Object.values(titles(loaded))).toEqual(titles3);
    loaded.entries['doc-1.md'] = entry(1, 'Zürich ✓');
    await saveDocCache(dir, loaded, ['doc-1.md']);
    expect(readFileSync(join(dir, 'documents.delta.json')).every((b) => b < 0x80)).toBe(true);
    expect(titles(await loadDocCache(dir, 'k'))['doc-1.md']).toBe('Zürich ✓');
    // A file written by hand (or by an earlier version) in UTF-8 is still read as UTF-8.
    const whole = JSON.parse(readFileSync(join(dir, 'documents.json'), 'utf8'));
    whole.entries['doc-0.md'].doc.title = 'Écrit à la main';
    writeFileSync(join(dir, 'documents.json'), JSON.stringify(whole));
    expect(titles(await loadDocCache(dir, 'k'))['doc-0.md']).toBe('Écrit à la main');
  });

  it('writes a few changed entries as a delta, leaving documents.json and sources.json as they were', async () => {
    await saveDocCache(dir, cacheOf(1000));
    const whole = readFileSync(join(dir, 'documents.json'), 'utf8');
    const wholeIndex = readFileSync(join(dir, 'sources.json'), 'utf8');
    const loaded = await loadDocCache(dir, 'k');
    loaded.entries['doc-3.md'] = entry(3, 'Retitled');
    delete loaded.entries['doc-7.md'];
    // Touched, the same bytes: only its stat changes (checkSources `restated`).
    loaded.entries['doc-9.md'].stat = 'touched';
    await saveDocCache(dir, loaded, ['doc-3.md', 'doc-7.md', 'doc-9.md']);
    expect(readFileSync(join(dir, 'documents.json'), 'utf8')).toBe(whole);
    expect(readFileSync(join(dir, 'sources.json'), 'utf8')).toBe(wholeIndex);
    expect(statSync(join(dir, 'documents.delta.json')).size).toBeLessThan(1000);
    expect(statSync(join(dir, 'sources.delta.json')).size).toBeLessThan(1000);
    const index = await loadSourceIndex(dir, 'k');
    expect(index.entries['doc-3.md'].hash).toBe('hash-3-Retitled');
    expect(index.entries['doc-7.md']).toBeUndefined();
    expect(index.entries['doc-9.md'].stat).toBe('touched');
    expect(Object.keys(index.entries)).toHaveLength(999);
    const again = await loadDocCache(dir, 'k');
    expect(titles(again)).toEqual(titles(loaded));
    expect(again.entries['doc-7.md']).toBeUndefined();

    // A second change keeps the first one in the delta.
    again.entries['doc-5.md'] = entry(5, 'Also retitled');
    await saveDocCache(dir, again, ['doc-5.md']);
    const third = await loadDocCache(dir, 'k');
    expect(third.entries['doc-3.md'].doc?.title).toBe('Retitled');
    expect(third.entries['doc-5.md'].doc?.title).toBe('Also retitled');
    expect(readFileSync(join(dir, 'documents.json'), 'utf8')).toBe(whole);
  });

  it('writes everything again once the changes pass a tenth of the entries, and drops the delta', async () => {
    await saveDocCache(dir, cacheOf(1000));
    const loaded = await loadDocCache(dir, 'k');
    await saveDocCache(
      dir,
      loaded,
      replaceEntries(loaded, 0, 150, (n) => entry(n, `New ${n}`)),
    );
    expect(existsSync(join(dir, 'documents.delta.json'))).toBe(false);
    expect(existsSync(join(dir, 'sources.delta.json'))).toBe(false);
    expect(titles(await loadDocCache(dir, 'k'))).toEqual(titles(loaded));
  });

  it('ignores a delta written on top of another documents.json', async () => {
    await saveDocCache(dir, cacheOf(100));
    const loaded = await loadDocCache(dir, 'k');
    loaded.entries['doc-1.md'] = entry(1, 'From the delta');
    await saveDocCache(dir, loaded, ['doc-1.md']);
    const delta = readFileSync(join(dir, 'documents.delta.json'), 'utf8');
    // documents.json written whole again (the dev server does), then the old delta put back.
    await saveDocCache(dir, cacheOf(100));
    writeFileSync(join(dir, 'documents.delta.json'), delta);
    const again = await loadDocCache(dir, 'k');
    expect(again.entries['doc-1.md'].doc?.title).toBe('Title 1');
  });

  it('ignores an index delta written on top of another sources.json', async () => {
    await saveDocCache(dir, cacheOf(100));
    const loaded = await loadDocCache(dir, 'k');
    loaded.entries['doc-1.md'] = entry(1, 'From the delta');
    await saveDocCache(dir, loaded, ['doc-1.md']);
    const delta = readFileSync(join(dir, 'sources.delta.json'), 'utf8');
    await saveDocCache(dir, cacheOf(100));
    writeFileSync(join(dir, 'sources.delta.json'), delta);
    expect((await loadSourceIndex(dir, 'k')).entries['doc-1.md'].hash).toBe('hash-1-Title 1');
  });

  it('never gives an entry whose metadata does not match the index (a torn pair)', async () => {
    await saveDocCache(dir, cacheOf(100));
    const loaded = await loadDocCache(dir, 'k');
    loaded.entries['doc-2.md'] = entry(2, 'Changed');
    await saveDocCache(dir, loaded, ['doc-2.md']);
    rmSync(join(dir, 'documents.delta.json'));
    // The index says doc-2 has the new hash; documents.json has the old metadata: not trusted.
    const again = await loadDocCache(dir, 'k');
    expect(again.entries['doc-2.md']).toBeUndefined();
    expect(again.entries['doc-3.md'].doc?.title).toBe('Title 3');
  });

  describe('links and ids, kept apart in documents.details.json', () => {
    /** A document as the parser makes it: links and ids last. */
    const full = (n: number, title = `Title ${n}`): DocEntry => ({
      ...entry(n, title),
      doc: {
        _id: `content:doc-${n}.md`,
        title,
        body: null,
        hash: `hash-${n}-${title}`,
        links: [{ href: `/page-${n}#top`, line: n + 2 }],
        ids: [`top-${n}`, 'second'],
      } as unknown as ContentDocument,
    });
    function fullCache(count: number): DocCache {
      const entries: Record<string, DocEntry> = {};
      for (let n = 0; n < count; n++) entries[`doc-${n}.md`] = full(n);
      return { key: 'k', entries };
    }
    const lazyLoad = async () => {
      const cache = await loadSourceIndex(dir, 'k');
      expect(await completeDocCache(dir, cache, true)).toEqual(new Set());
      return cache;
    };

    it('are written beside the metadata, not in it, and read back as they were, now or lazily', async () => {
      const saved = fullCache(3);
      await saveDocCache(dir, saved);
      const whole = readFileSync(join(dir, 'documents.json'), 'utf8');
      expect(whole).not.toContain('/page-1#top');
      expect(readFileSync(join(dir, 'documents.details.json'), 'utf8')).toContain('/page-1#top');
      const expected = JSON.stringify(saved.entries['doc-1.md'].doc);
      expect(JSON.stringify((await loadDocCache(dir, 'k')).entries['doc-1.md'].doc)).toBe(expected);
      // Lazily: the same fields in the same order, whether read, spread, serialised or cloned.
      const doc = (await lazyLoad()).entries['doc-1.md'].doc!;
      expect(JSON.stringify(doc)).toBe(expected);
      expect(JSON.stringify({ ...doc })).toBe(expected);
      expect(JSON.stringify(structuredClone(doc))).toBe(expected);
      expect(doc.links).toEqual([{ href: '/page-1#top', line: 3 }]);
      expect(doc.links).toBe(doc.links);
      // A plugin may set them: then they are its values.
      doc.ids = ['replaced'];
      expect(doc.ids).toEqual(['replaced']);
    });

    it('are read only when first used: a build that never reads them never opens the file whole', async () => {
      await saveDocCache(dir, fullCache(3));
      const lazy = await lazyLoad();
      expect(lazy.entries['doc-0.md'].doc?.title).toBe('Title 0');
      // Replaced after the build read its header (another build into the same cache): reading it now fails clearly.
      writeFileSync(join(dir, 'documents.details.json'), '{"key":"k","id":"0000","entries":{}}');
      expect(() => lazy.entries['doc-2.md'].doc?.links).toThrow(expect.objectContaining({ code: 'SG7002' }));
      // The metadata loaded eagerly with details of another id: those documents are parsed again.
      const cache = await loadSourceIndex(dir, 'k');
      expect(await completeDocCache(dir, cache)).toEqual(new Set(['doc-0.md', 'doc-1.md', 'doc-2.md']));
      // Without the file at all, the same.
      rmSync(join(dir, 'documents.details.json'));
      const again = await loadSourceIndex(dir, 'k');
      expect((await completeDocCache(dir, again, true)).size).toBe(3);
    });

    it('of a document in the delta come with it; the others from the details file', async () => {
      await saveDocCache(dir, fullCache(100));
      const loaded = await lazyLoad();
      loaded.entries['doc-4.md'] = full(4, 'Edited');
      loaded.entries['doc-4.md'].doc!.links = [{ href: '/edited', line: 9 }];
      await saveDocCache(dir, loaded, ['doc-4.md']);
      expect(readFileSync(join(dir, 'documents.delta.json'), 'utf8')).toContain('/edited');
      const again = await lazyLoad();
      expect(again.entries['doc-4.md'].doc?.links).toEqual([{ href: '/edited', line: 9 }]);
      expect(again.entries['doc-5.md'].doc?.links).toEqual([{ href: '/page-5#top', line: 7 }]);
      // Written whole again (past a tenth of the entries) from lazy documents: nothing lost.
      await saveDocCache(
        dir,
        again,
        replaceEntries(again, 10, 80, (n) => full(n, `New ${n}`)),
      );
      expect(existsSync(join(dir, 'documents.delta.json'))).toBe(false);
      const third = await loadDocCache(dir, 'k');
      expect(third.entries['doc-4.md'].doc?.links).toEqual([{ href: '/edited', line: 9 }]);
      expect(third.entries['doc-90.md'].doc?.ids).toEqual(['top-90', 'second']);
      expect(third.entries['doc-12.md'].doc?.title).toBe('New 12');
    });
  });
});
