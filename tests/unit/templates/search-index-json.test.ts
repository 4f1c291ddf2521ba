/**
 * The search index written straight from the terms (templates/search/index-json.ts) against MiniSearch's own `addAll`
 * and `toJSON`: the same index in every part but the order of its terms, and `loadJSON` of it answers every query as
 * MiniSearch's does.
 */
import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { countTerms, indexJson } from '../../../templates/search/index-json.ts';
import { INDEX_OPTIONS, SEARCH_OPTIONS, type SearchDocument } from '../../../templates/search/options.ts';
import { tokenize } from '../../../templates/search/tokenize.ts';
import { randomSearchDocuments, seeded } from '../../helpers.ts';

const WORDS = [
  'tunnel',
  'tunnels',
  'Webhook',
  'webhooks',
  'access',
  'TLS',
  'cron',
  'bin',
  'bins',
  'forward',
  'a',
  'is',
  'signature',
  'HMAC',
  'café',
  '署名を検証する',
  '转发请求',
  '웹훅을',
  'retry',
  'retries',
  'port',
  '3000',
  'ss',
  '',
];

const documents = (n: number, seed: number): SearchDocument[] => randomSearchDocuments(n, seeded(seed), WORDS);

/** An index's JSON with its terms keyed (their order aside). */
function parts(json: string) {
  const { index, ...rest } = JSON.parse(json) as { index: [string, unknown][] };
  return { ...rest, index: Object.fromEntries(index) };
}

function miniSearchJson(docs: SearchDocument[]): string {
  const index = new MiniSearch<SearchDocument>(INDEX_OPTIONS);
  index.addAll(docs);
  return JSON.stringify(index);
}

describe('the search index written from the terms', () => {
  it('is MiniSearch’s index of the same documents, its terms sorted', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const docs = documents(60, seed);
      const ours = indexJson(docs, (doc, field) => tokenize(doc[field]));
      const theirs = miniSearchJson(docs);
      expect(parts(ours), `seed ${seed}`).toEqual(parts(theirs));
      const terms = (JSON.parse(ours) as { index: [string][] }).index.map(([term]) => term);
      expect(terms).toEqual([...terms].sort());
      expect(new Set(terms).size).toBe(terms.length);
    }
  });

  it('loads into MiniSearch and answers queries as MiniSearch’s own index does', () => {
    const docs = documents(120, 7);
    const ours = MiniSearch.loadJSON<SearchDocument>(
      indexJson(docs, (doc, field) => tokenize(doc[field])),
      INDEX_OPTIONS,
    );
    const theirs = MiniSearch.loadJSON<SearchDocument>(miniSearchJson(docs), INDEX_OPTIONS);
    for (const query of ['tunnel', 'webhook', 'tun', 'signatur', 'hmac retry', 'café', '署名', '转发', 'acess', 'port 3000']) {
      const hits = (index: MiniSearch<SearchDocument>) => index.search(query, SEARCH_OPTIONS).map((hit) => [hit.id, hit.score.toFixed(9), hit.title]);
      expect(hits(ours), query).toEqual(hits(theirs));
    }
  });

  it('takes a field’s terms from `termsOf` (the build passes terms it kept)', () => {
    const docs = documents(30, 9);
    const kept = docs.map((doc) => tokenize(doc.text));
    const numbered = docs.map((doc, i) => ({ ...doc, text: String(i) }));
    const json = indexJson(numbered, (doc, field, i) => (field === 'text' ? kept[i] : tokenize(doc[field])));
    expect(json).toBe(indexJson(docs, (doc, field) => tokenize(doc[field])));
  });

  it('takes a field’s terms counted where the text was read (`countTerms`), the same index as of the terms', () => {
    const docs = documents(40, 11);
    // Empty texts and texts of punctuation alone give empty terms, which count as distinct but not as terms.
    docs[3].text = '';
    docs[4].text = ', . ;';
    const counted = docs.map((doc) => countTerms(tokenize(doc.text)));
    const numbered = docs.map((doc, i) => ({ ...doc, text: String(i) }));
    const json = indexJson(numbered, (doc, field, i) => (field === 'text' ? counted[i] : tokenize(doc[field])));
    expect(json).toBe(indexJson(docs, (doc, field) => tokenize(doc[field])));
  });
});
