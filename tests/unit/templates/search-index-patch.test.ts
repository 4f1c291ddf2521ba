/**
 * An index patched for a few changed documents (templates/search/index-json.ts `patchIndexJson`) against the index made
 * of all of them again: byte for byte the same JSON, whatever the edits add, remove or leave out.
 */
import { describe, expect, it } from 'vitest';
import { indexJson, patchIndexJson } from '../../../templates/search/index-json.ts';
import type { SearchDocument } from '../../../templates/search/options.ts';
import { tokenize } from '../../../templates/search/tokenize.ts';
import { randomSearchDocuments, seeded } from '../../helpers.ts';

const WORDS = [
  'tunnel',
  'tunnels',
  'Webhook',
  'access',
  'TLS',
  'cron',
  'bin',
  'forward',
  'a',
  'signature',
  'café',
  '署名を検証する',
  '웹훅을',
  'retry',
  '3000',
  '',
];

const terms = (doc: SearchDocument, field: keyof SearchDocument) => tokenize(doc[field] as string);

const documents = (n: number, rand: () => number): SearchDocument[] => randomSearchDocuments(n, rand, WORDS, (i) => ` only${i}`);

/** One document changed the ways an edit can: words added (some new to the index), a field emptied or dropped, a title renamed. */
function edit(doc: SearchDocument, rand: () => number, n: number): SearchDocument {
  const kind = Math.floor(rand() * 6);
  if (kind === 0) return { ...doc, text: `${doc.text} brandnew${n} tunnel` };
  if (kind === 1) return { ...doc, text: '' };
  if (kind === 2) return { ...doc, description: undefined as unknown as string };
  if (kind === 3) return { ...doc, title: `Renamed ${n}`, section: 'Docs' };
  if (kind === 4) return { ...doc, headings: `${doc.headings} fresh${n} · signature` };
  return { ...doc, text: doc.text.split(' ').reverse().slice(1).join(' ') };
}

describe('a search index patched for changed documents', () => {
  it('is the index made of all the documents again, byte for byte', () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const rand = seeded(seed);
      const before = documents(50, rand);
      // Some documents lack a description from the start: a field missing before and after.
      before[3] = { ...before[3], description: undefined as unknown as string };
      let previous = indexJson(before, terms);
      let docs = before;
      // Edits one after another, each patched onto the last patch.
      for (let round = 0; round < 4; round++) {
        const changed = [...new Set(Array.from({ length: 1 + Math.floor(rand() * 3) }, () => Math.floor(rand() * docs.length)))].sort((a, b) => a - b);
        docs = docs.map((doc, i) => (changed.includes(i) ? edit(doc, rand, seed * 10 + round) : doc));
        const patched = patchIndexJson(previous, docs, changed, terms);
        expect(patched, `seed ${seed}, round ${round}, documents ${changed.join(',')}`).toBe(indexJson(docs, terms));
        previous = patched!;
      }
    }
  });

  it('drops the terms only a changed document had, and the field a document no longer has', () => {
    const docs = documents(5, seeded(9));
    const previous = indexJson(docs, terms);
    expect(previous).toContain('"only2"');
    const after = docs.map((doc, i) => (i === 2 ? { ...doc, text: 'tunnel', description: undefined as unknown as string } : doc));
    const patched = patchIndexJson(previous, after, [2], terms)!;
    expect(patched).not.toContain('"only2"');
    expect(patched).toBe(indexJson(after, terms));
    expect(JSON.parse(patched).fieldLength['2']).toContain(null);
  });

  it('gives nothing for an index of another number of documents, or for what is no index', () => {
    const docs = documents(6, seeded(10));
    const previous = indexJson(docs, terms);
    expect(patchIndexJson(previous, docs.slice(1), [0], terms)).toBeUndefined();
    expect(patchIndexJson('{"serializationVersion":1}', docs, [0], terms)).toBeUndefined();
    expect(patchIndexJson(previous.slice(0, 100), docs, [0], terms)).toBeUndefined();
  });
});
