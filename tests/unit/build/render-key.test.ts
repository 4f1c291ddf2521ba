/**
 * The key every page's render is kept by (src/build/write.ts `pageRenderKey`): a change to the templates' sources
 * renders every page again, even one their bundle does not hold (the search client, which pages name by its sources).
 */
import { describe, expect, it } from 'vitest';
import { pageRenderKey } from '../../../src/build/write.ts';

const parts = { engine: 'e1', parseKey: 'p1', bundle: 'b1', templates: 't1', shared: { site: 'x' }, plugins: [['plugin.mjs', null]] };

describe('pageRenderKey', () => {
  it('changes with the templates’ sources, and with nothing else unchanged stays the same', () => {
    expect(pageRenderKey({ ...parts })).toBe(pageRenderKey(parts));
    expect(pageRenderKey({ ...parts, templates: 't2' })).not.toBe(pageRenderKey(parts));
    expect(pageRenderKey({ ...parts, bundle: 'b2' })).not.toBe(pageRenderKey(parts));
  });
});
