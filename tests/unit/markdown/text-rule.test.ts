import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import MarkdownIt from 'markdown-it';
import { createMarkdown } from '../../../src/markdown/index.ts';

/** The same setup with markdown-it's own `text` rule put back. */
function withOwnTextRule(): MarkdownIt {
  const md = createMarkdown();
  const own = (new MarkdownIt().inline.ruler as unknown as { __rules__: { name: string; fn: never }[] }).__rules__.find((r) => r.name === 'text')!;
  md.inline.ruler.at('text', own.fn);
  return md;
}

describe('the plain text rule', () => {
  const ours = createMarkdown();
  const theirs = withOwnTextRule();

  it('renders what markdown-it renders with its own rule', () => {
    const cases = [
      'plain words only',
      'a *b* _c_ `d` [e](/f) ![g](h.png) <i> &amp; \\* ~j~ x^2 a:b {c} @d #e $f %g +h -i =j',
      '[link *with* text](/x "title") and **strong [nested](/y)**',
      'line one\nline two  \nline three\\\nfour',
      'ünïcödé — “quotes” … 日本語 [ссылка](/z)',
      '- list *item*\n- [x](/y)\n\n> quote `code`',
    ];
    for (const text of cases) expect(ours.render(text), text).toBe(theirs.render(text));
  });

  it('stops at the end of the range being parsed, as markdown-it does', () => {
    const rule = (ours.inline.ruler as unknown as { __rules__: { name: string; fn: (state: object, silent: boolean) => boolean }[] }).__rules__.find(
      (r) => r.name === 'text',
    )!.fn;
    const state = { src: 'plain text beyond', pos: 6, posMax: 10, pending: '' };
    expect(rule(state, false)).toBe(true);
    expect(state).toMatchObject({ pos: 10, pending: 'text' });
    const silent = { src: 'abc*def', pos: 0, posMax: 7, pending: '' };
    expect(rule(silent, true)).toBe(true);
    expect(silent).toMatchObject({ pos: 3, pending: '' });
    expect(rule({ src: '*abc', pos: 0, posMax: 4, pending: '' }, false)).toBe(false);
  });

  it('agrees on generated inline text', () => {
    const piece = fc.constantFrom('a', 'word', ' ', '\n', '*', '_', '`', '[', ']', '(', ')', '/x', '!', '<', '>', '&', '\\', ':', '~', '#', 'é', '  \n');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const text = pieces.join('');
        expect(ours.render(text)).toBe(theirs.render(text));
      }),
      { numRuns: 3000 },
    );
  });
});
