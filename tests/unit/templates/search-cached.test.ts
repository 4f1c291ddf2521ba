/**
 * The search plugin's cached index (templates/search/cached.ts `cachedIndex`) across edits: each result is the index a
 * cache-less build makes of the same documents, byte for byte. An edit that leaves what the index holds as it was (past
 * the text's cap) takes the last index as it is, without reading and patching it.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ContentDocument } from '../../../src/content/types.ts';
import { type CacheContext, cachedIndex, type IndexEntry, memoryCache, sha256 } from '../../../templates/search/cached.ts';
import { patchIndexJson } from '../../../templates/search/index-json.ts';
import { bodyTerms } from '../../../templates/search/terms.ts';
import { PAGE_TEXT_LIMIT } from '../../../templates/search/text.ts';

vi.mock('../../../templates/search/index-json.ts', async (original) => {
  const actual = await original<typeof import('../../../templates/search/index-json.ts')>();
  return { ...actual, patchIndexJson: vi.fn(actual.patchIndexJson) };
});

const WORDS = ['tunnel', 'webhook', 'retry', 'signature', 'cron', 'bin', 'forward', 'agent', 'region', 'replay'];

/** A body of `words` words, each word picked by its place. */
const body = (words: number, salt: number) =>
  `<p>${Array.from({ length: words }, (_, i) => WORDS[(i * 7 + salt) % WORDS.length] + (i % 13 === 0 ? salt : '')).join(' ')}</p>`;

/** The documents and their bodies, as a build's `build:done` sees them. */
function site(): { entries: IndexEntry[]; bodies: Map<string, string> } {
  const bodies = new Map<string, string>();
  const entries = Array.from({ length: 12 }, (_, i) => {
    const path = `/docs/page-${i}`;
    // Page 0 runs past the per-page limit of indexed text; the others are short.
    bodies.set(path, body(i === 0 ? PAGE_TEXT_LIMIT / 4 : 40 + i, i));
    const doc = { _path: path, _id: `content:docs:page-${i}.md` } as ContentDocument;
    return { doc, fields: { path, title: `Page ${i}`, section: 'Docs', description: `About ${WORDS[i % WORDS.length]}`, headings: '' } };
  });
  return { entries, bodies };
}

/** `build:done`'s context for these bodies, with `cache` kept between builds (or a new one: a cold build's). */
function context(bodies: Map<string, string>, cache = memoryCache()): CacheContext {
  const html = (doc: ContentDocument) => bodies.get(doc._path) ?? '';
  return {
    cache,
    body: async (doc) => html(doc),
    bodyKey: (doc) => sha256(html(doc)).slice(0, 16),
    mapBodies: async <T>(docs: ContentDocument[], _fn: unknown, cap?: unknown) => docs.map((doc) => bodyTerms(html(doc), cap as number)) as T[],
  };
}

const cold = async (entries: IndexEntry[], bodies: Map<string, string>) => (await cachedIndex(entries, context(bodies), 'v', 'index')).json;

describe('the cached search index', () => {
  beforeEach(() => vi.mocked(patchIndexJson).mockClear());

  it('takes the last index as it is after an edit past the indexed text, and patches it after one inside it', async () => {
    const { entries, bodies } = site();
    const cache = memoryCache();
    const build = async () => (await cachedIndex(entries, context(bodies, cache), 'v', 'index')).json;
    const first = await build();
    expect(first).toBe(await cold(entries, bodies));

    // Words added at the end of page 0, past what is indexed of it: the same index, not read again.
    bodies.set('/docs/page-0', bodies.get('/docs/page-0')!.replace('</p>', ' zebra quokka</p>'));
    expect(await build()).toBe(first);
    expect(patchIndexJson).not.toHaveBeenCalled();
    // Again (the last build's record of page 0 is the edited one now).
    bodies.set('/docs/page-0', bodies.get('/docs/page-0')!.replace('</p>', ' okapi</p>'));
    expect(await build()).toBe(first);
    expect(patchIndexJson).not.toHaveBeenCalled();

    // A word added where it is indexed: patched, and the index a cold build makes.
    bodies.set('/docs/page-3', bodies.get('/docs/page-3')!.replace('<p>', '<p>marmalade '));
    const patched = await build();
    expect(patchIndexJson).toHaveBeenCalledTimes(1);
    expect(patched).not.toBe(first);
    expect(patched).toContain('marmalade');
    expect(patched).toBe(await cold(entries, bodies));
  });

  it('patches an edit past the indexed text that also renames the page', async () => {
    const { entries, bodies } = site();
    const cache = memoryCache();
    const build = async () => (await cachedIndex(entries, context(bodies, cache), 'v', 'index')).json;
    await build();
    bodies.set('/docs/page-0', bodies.get('/docs/page-0')!.replace('</p>', ' zebra</p>'));
    entries[0] = { ...entries[0], fields: { ...entries[0].fields, title: 'Renamed page' } };
    const patched = await build();
    expect(patchIndexJson).toHaveBeenCalledTimes(1);
    expect(patched).toContain('renamed');
    expect(patched).toBe(await cold(entries, bodies));
  });
});
