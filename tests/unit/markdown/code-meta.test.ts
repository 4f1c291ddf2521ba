/** A fence's info string, VitePress style: language, highlighted lines, line numbers, title and label in any order. */
import { describe, expect, it } from 'vitest';
import { parseCodeInfo } from '../../../src/markdown/code-meta.ts';

describe('parseCodeInfo', () => {
  it('reads the language alone, and nothing when the fence names none', () => {
    expect(parseCodeInfo('js')).toEqual({ lang: 'js', highlight: [] });
    expect(parseCodeInfo('  c++  ')).toEqual({ lang: 'c++', highlight: [] });
    expect(parseCodeInfo('')).toEqual({ lang: '', highlight: [] });
  });

  it('reads line ranges written against the language or after a space', () => {
    expect(parseCodeInfo('js{4,7-9}').highlight).toEqual([4, 7, 8, 9]);
    expect(parseCodeInfo('js {1, 3-4}')).toMatchObject({ lang: 'js', highlight: [1, 3, 4] });
    // Reversed and repeated ranges, and two groups, all count once, in order.
    expect(parseCodeInfo('ts {5-3} {3,1}').highlight).toEqual([1, 3, 4, 5]);
    expect(parseCodeInfo('ts {0,2,}').highlight).toEqual([2]);
    // Not a range list: left alone.
    expect(parseCodeInfo('ts {a}').highlight).toEqual([]);
  });

  it('reads line numbers: on, from a start, or off', () => {
    expect(parseCodeInfo('ts:line-numbers')).toMatchObject({ lang: 'ts', lineNumbers: true });
    expect(parseCodeInfo('ts:line-numbers=10')).toMatchObject({ lang: 'ts', lineNumbers: 10 });
    expect(parseCodeInfo('ts :no-line-numbers')).toMatchObject({ lang: 'ts', lineNumbers: false });
    expect(parseCodeInfo('ts').lineNumbers).toBeUndefined();
    // Not the option: a longer word that starts the same.
    expect(parseCodeInfo('ts :line-numbersx').lineNumbers).toBeUndefined();
  });

  it('reads the title and the code-group label', () => {
    expect(parseCodeInfo('js title="src/app.js"')).toMatchObject({ lang: 'js', title: 'src/app.js' });
    expect(parseCodeInfo("js title='a b'")).toMatchObject({ title: 'a b' });
    expect(parseCodeInfo('sh [npm]')).toMatchObject({ lang: 'sh', label: 'npm' });
    expect(parseCodeInfo('sh[pnpm]')).toMatchObject({ lang: 'sh', label: 'pnpm' });
  });

  it('reads every part in any order, and braces inside a title are the title', () => {
    const all = { lang: 'ts', title: 'a {1} [b]', label: 'Node', highlight: [2, 3], lineNumbers: 5 };
    expect(parseCodeInfo('ts:line-numbers=5{2-3} [Node] title="a {1} [b]"')).toEqual(all);
    expect(parseCodeInfo('ts title="a {1} [b]" {2-3} [Node] :line-numbers=5')).toEqual(all);
    expect(parseCodeInfo('ts [Node] :line-numbers=5 title="a {1} [b]" {2,3}')).toEqual(all);
  });

  it('takes `title="…"` with no language as a title, not as a language', () => {
    expect(parseCodeInfo('title="notes.txt"')).toEqual({ lang: '', title: 'notes.txt', highlight: [] });
  });

  it('ignores words it does not know and keeps going', () => {
    expect(parseCodeInfo('js twoslash {2} foo=bar')).toEqual({ lang: 'js', highlight: [2] });
  });
});
