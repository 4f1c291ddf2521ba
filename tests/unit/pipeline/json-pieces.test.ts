import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { jsonPieces } from '../../../src/cache/json-file.ts';

const joined = (value: Record<string, unknown>) => [...jsonPieces(value)].join('');

describe('jsonPieces (cache files written in pieces)', () => {
  it('gives exactly JSON.stringify for large records and arrays, undefined fields and entries included', () => {
    const entries: Record<string, unknown> = {};
    for (let i = 0; i < 1000; i++)
      entries[`doc-${i}.md`] = i % 7 ? { hash: `h${i}`, doc: i % 3 ? { title: `T "${i}"`, toc: [1, 2] } : undefined, errors: [] } : undefined;
    const files = Array.from({ length: 700 }, (_, i) => (i % 5 ? [`page-${i}/index.html`, i] : undefined));
    const value = { key: 'k', entries, files, skipped: undefined, empty: {}, small: { a: 1 }, n: null, list: [] };
    expect(joined(value)).toBe(JSON.stringify(value));
    const allUndefined: Record<string, unknown> = {};
    for (let i = 0; i < 300; i++) allUndefined[`x${i}`] = undefined;
    expect(joined({ entries: allUndefined })).toBe(JSON.stringify({ entries: allUndefined }));
  });
  it('matches JSON.stringify on arbitrary objects', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (value) => joined(value) === JSON.stringify(value)),
      { numRuns: 200 },
    );
  });
});
