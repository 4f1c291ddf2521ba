import { describe, expect, it } from 'vitest';
import { planReuse } from '../../../src/pipeline/reuse.ts';

const collections = { nav: 'n1', posts: 'p1' } as const;
const files = new Map([
  ['guide/index.html', 100],
  ['guide/_payload.json', 40],
]);
const record = { key: 'k1', uses: { nav: 'n1' }, files: ['guide/index.html', 'guide/_payload.json'] };

describe('planReuse', () => {
  it('keeps a page rendered from the same inputs, reading unchanged collections, with its files there', () => {
    expect(planReuse(record, { key: 'k1', collections }, files)).toEqual({ keep: true, why: 'unchanged' });
  });

  it('renders a page the previous build did not have', () => {
    expect(planReuse(undefined, { key: 'k1', collections }, files)).toEqual({ keep: false, why: 'no previous page' });
  });

  it('renders a page whose inputs changed', () => {
    expect(planReuse(record, { key: 'k2', collections }, files)).toEqual({ keep: false, why: 'inputs changed' });
  });

  it('renders a page when a collection it read changed, not when one it did not read changed', () => {
    expect(planReuse(record, { key: 'k1', collections: { ...collections, nav: 'n2' } }, files)).toEqual({ keep: false, why: 'collections changed' });
    expect(planReuse(record, { key: 'k1', collections: { ...collections, posts: 'p2' } }, files)).toEqual({ keep: true, why: 'unchanged' });
    expect(planReuse({ ...record, uses: undefined }, { key: 'k1', collections }, files).keep).toBe(false);
  });

  it('renders a page whose files are not in the previous output', () => {
    expect(planReuse(record, { key: 'k1', collections }, new Map([['guide/index.html', 100]]))).toEqual({ keep: false, why: 'files gone' });
  });
});
