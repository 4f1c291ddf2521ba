import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NAVIGATION_KEY, POSTS_QUERY_KEY, documentQuery, documentQueryKey, queryHash, serialiseQuery, sha256Hex } from '../../../src/content/query-key.ts';

const nodeSha = (text: string) => createHash('sha256').update(text).digest('hex');

describe('content query keys', () => {
  it('hashes like node:crypto (the build and the browser name query files the same)', () => {
    for (const text of ['', 'a', 'abc', 'x'.repeat(55), 'x'.repeat(56), 'x'.repeat(63), 'x'.repeat(64), 'x'.repeat(119), 'ü€𝄞'.repeat(40)]) {
      expect(sha256Hex(text)).toBe(nodeSha(text));
    }
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => sha256Hex(text) === nodeSha(text)),
      { numRuns: 300 },
    );
  });

  it('serialises a query with sorted keys, so equal queries share one file', () => {
    expect(serialiseQuery({ where: { _path: '/a' }, first: true })).toBe(serialiseQuery({ first: true, where: { _path: '/a' } }));
    expect(documentQueryKey('/about')).toBe('{"first":true,"where":{"_path":"/about"}}');
    expect(queryHash(POSTS_QUERY_KEY)).toBe(nodeSha(POSTS_QUERY_KEY).slice(0, 12));
    expect(NAVIGATION_KEY).toBe('{}');
  });

  it("writes a document's key as the general serialiser does, whatever its path", () => {
    for (const path of ['/', '/a"b', '/ü/€/𝄞', '/back\\slash', '/line\nbreak', '/\u2028'])
      expect(documentQueryKey(path)).toBe(serialiseQuery(documentQuery(path)));
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (path) => documentQueryKey(path) === serialiseQuery(documentQuery(path))),
      { numRuns: 300 },
    );
  });
});
