/**
 * The search plugin's text budget (templates/plugins/search.ts): pages are cut to fit it, and a build with several
 * indexes over it says so once, naming them, rather than once per index.
 */
import { describe, expect, it } from 'vitest';
import { budgetWarning } from '../../../templates/plugins/search.ts';
import { PAGE_TEXT_LIMIT, TEXT_BUDGET, textCap } from '../../../templates/search/text.ts';

describe('the search index budget', () => {
  it('keeps whole pages while the text fits, and cuts every page to the same length when it does not', () => {
    expect(textCap([1000, 2000])).toBe(PAGE_TEXT_LIMIT);
    const cap = textCap(Array.from({ length: 3000 }, () => 5000));
    expect(cap).toBeLessThan(5000);
    expect(3000 * cap).toBeLessThanOrEqual(TEXT_BUDGET);
  });

  it('warns once for all the indexes over it, naming each, with the least a page keeps', () => {
    expect(budgetWarning([])).toBeUndefined();
    expect(budgetWarning([['index.json', 3980]])).toBe(
      "warning [sitegen:search] index.json is over the search index budget (10,000,000 characters each): each page is indexed up to 3,980 characters. Narrow the plugin's `include` to keep whole pages searchable.",
    );
    const several = budgetWarning([
      ['index.en.json', 3980],
      ['index.en.v1.json', 4100],
      ['index.ja.json', 3700],
    ]);
    expect(several).toContain('3 indexes (index.en.json, index.en.v1.json, index.ja.json) are over the search index budget');
    expect(several).toContain('each page is indexed up to 3,700 characters');
  });
});
