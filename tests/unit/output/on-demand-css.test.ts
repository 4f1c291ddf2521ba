/** What an on-demand stylesheet needs of a page: each selector's classes, read from the minified sheet. */
import { describe, expect, it } from 'vitest';
import { selectorClasses } from '../../../src/output/assets.ts';

describe('selectorClasses', () => {
  it('gives each selector of a list its classes, sorted', () => {
    expect(selectorClasses('.prose .footnote-ref a,.callout-note{color:red}')).toEqual([['callout-note'], ['footnote-ref', 'prose']]);
  });

  it('leaves out classes inside parentheses: a rule may match more pages than it does, never fewer', () => {
    expect(selectorClasses('.code-block pre.has-focused .line:not(.focused){opacity:.7}')).toEqual([['code-block', 'has-focused', 'line']]);
    expect(selectorClasses('.card:has(.title a:focus-visible){outline:0}')).toEqual([['card']]);
    expect(selectorClasses('li:is(.a,.b) span{x:y}')).toEqual([[]]);
  });

  it('reads the rules in @media and @supports, and no selectors in @keyframes or @font-face', () => {
    const css =
      '@font-face{font-family:X;src:url(a.b.woff2)}@keyframes blink{50%{opacity:0}to{opacity:1}}' +
      '@media (prefers-color-scheme:dark){.callout-important{--x:#fff}}@supports (display:grid){.md-cards{display:grid}}';
    expect(selectorClasses(css)).toEqual([['callout-important'], ['md-cards']]);
  });

  it('ignores dots in strings, URLs and values', () => {
    expect(selectorClasses('.diff:after{content:".x";background:url(img/a.png);width:1.5rem}')).toEqual([['diff']]);
  });

  it('drops a selector that needs all the classes of another', () => {
    expect(selectorClasses('.line.diff{a:b}.code-block .line.diff.add{a:b}.md-badge{a:b}.md-badge-tip{a:b}')).toEqual([
      ['md-badge'],
      ['md-badge-tip'],
      ['diff', 'line'],
    ]);
  });
});
