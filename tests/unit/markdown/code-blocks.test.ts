/**
 * Code fences through the markdown-it of a build (core setup plus the markdown plugin): highlighted lines,
 * notation markers (classes given, marker text gone), line numbers, titles, code groups and the copy button.
 */
import { parse, type HTMLElement } from 'node-html-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { readNotation } from '../../../src/markdown/code-lines.ts';
import { initHighlighter } from '../../../src/markdown/highlight.ts';
import { createMarkdown } from '../../../src/markdown/index.ts';
import { withoutCopyButtons } from '../../../templates/plugins/feed.ts';
import markdownPlugin from '../../../templates/plugins/markdown.ts';

const build = (lineNumbers = false) => createMarkdown({ lineNumbers }, (md) => markdownPlugin().hooks.markdown!(md));
const md = build();
// `pre` parsed as markup, not text (node-html-parser's default).
const render = (src: string, with_ = md): HTMLElement => parse(with_.render(src), { blockTextElements: { script: true, style: true } });
const fence = (info: string, ...lines: string[]) => ['```' + info, ...lines, '```'].join('\n');
/** Each line of the (first) block: its classes and its text. */
const lines = (doc: HTMLElement) => doc.querySelectorAll('pre code .line').map((l) => ({ cls: l.classNames.replace(/^line ?/, ''), text: l.text }));

beforeAll(() => initHighlighter(['js', 'ts', 'python', 'html', 'sql', 'css', 'bash', 'tsx']), 60_000);

describe('line highlighting from the info string', () => {
  it('marks the named lines and says so on the block', () => {
    const doc = render(fence('js{1,3-4}', 'a()', 'b()', 'c()', 'd()', 'e()'));
    expect(lines(doc).map((l) => l.cls)).toEqual(['highlighted', '', 'highlighted', 'highlighted', '']);
    expect(doc.querySelector('pre')!.classList.contains('has-highlighted')).toBe(true);
    // Lines past the end are ignored.
    expect(lines(render(fence('js {2,40}', 'a()', 'b()'))).map((l) => l.cls)).toEqual(['', 'highlighted']);
  });

  it('leaves a block without options exactly as before: no classes, no numbers', () => {
    const doc = render(fence('js', 'const a = 1;'));
    expect(doc.querySelector('pre')!.getAttribute('class')).toBe('shiki shiki-themes github-light github-dark');
    expect(doc.querySelector('pre code')!.getAttribute('class')).toBeUndefined();
    expect(lines(doc)).toEqual([{ cls: '', text: 'const a = 1;' }]);
  });
});

describe('notation markers', () => {
  it('gives each marker its class and removes the marker text', () => {
    const doc = render(
      fence(
        'js',
        "const a = 'old'; // [!code --]",
        "const a = 'new'; // [!code ++]",
        'focus(); // [!code focus]',
        'mark(); // [!code highlight]',
        'boom(); // [!code error]',
        'careful(); // [!code warning]',
        'plain();',
      ),
    );
    expect(lines(doc)).toEqual([
      { cls: 'diff remove', text: "const a = 'old';" },
      { cls: 'diff add', text: "const a = 'new';" },
      { cls: 'focused', text: 'focus();' },
      { cls: 'highlighted', text: 'mark();' },
      { cls: 'highlighted error', text: 'boom();' },
      { cls: 'highlighted warning', text: 'careful();' },
      { cls: '', text: 'plain();' },
    ]);
    expect(doc.querySelector('pre')!.classNames.split(' ')).toEqual(expect.arrayContaining(['has-diff', 'has-focused', 'has-highlighted']));
    expect(doc.querySelector('pre')!.text).not.toContain('[!code');
  });

  it('reads markers in every comment syntax', () => {
    const cases: [string, string][] = [
      ['python', 'x = 1  # [!code ++]'],
      ['sql', 'select 1 -- [!code ++]'],
      ['html', '<p>hi</p> <!-- [!code ++] -->'],
      ['css', 'a { color: red; } /* [!code ++] */'],
      ['tsx', 'const el = <div />; {/* [!code ++] */}'],
      ['js', 'go() //[!code ++]'],
    ];
    for (const [lang, line] of cases) {
      const [only] = lines(render(fence(lang, line)));
      expect(only.cls, line).toBe('diff add');
      expect(only.text, line).toBe(line.slice(0, line.search(/\s*(#|--|<!--|\/\*|\{\/\*|\/\/)/)));
    }
  });

  it('takes a marker alone on its line for the lines after it, `:n` of them, and drops that line', () => {
    const doc = render(fence('js', '// [!code highlight:2]', 'a()', 'b()', 'c() // [!code focus:2]', 'd()', 'e()'));
    expect(lines(doc)).toEqual([
      { cls: 'highlighted', text: 'a()' },
      { cls: 'highlighted', text: 'b()' },
      { cls: 'focused', text: 'c()' },
      { cls: 'focused', text: 'd()' },
      { cls: '', text: 'e()' },
    ]);
  });

  it('leaves an unknown marker, a marker outside a comment and an escaped marker as written', () => {
    const doc = render(fence('js', 'a() // [!code shout]', "b('[!code ++] inside')", 'c() // [\\!code ++]'));
    expect(lines(doc)).toEqual([
      { cls: '', text: 'a() // [!code shout]' },
      { cls: '', text: "b('[!code ++] inside')" },
      { cls: '', text: 'c() // [!code ++]' },
    ]);
  });

  it('counts `{n}` lines as shown, after marker-only lines are gone', () => {
    expect(lines(render(fence('js {2}', '// [!code focus]', 'a()', 'b()'))).map((l) => l.cls)).toEqual(['focused', 'highlighted']);
  });

  it('costs nothing on code without markers: the same code comes back', () => {
    const code = 'const a = 1; // a comment\n# [!note] not ours';
    expect(readNotation(code)).toEqual({ code, lines: new Map(), pre: [] });
  });
});

describe('line numbers', () => {
  it('numbers the block from 1 or from the given start, as CSS counters outside the text', () => {
    const on = render(fence('ts:line-numbers', 'a', 'b')).querySelector('pre code')!;
    expect(on.classList.contains('line-numbers')).toBe(true);
    expect(on.getAttribute('style')).toBeUndefined();
    expect(on.text).toBe('a\nb');
    const from = render(fence('ts:line-numbers=10 {1}', 'a', 'b')).querySelector('pre code')!;
    expect(from.getAttribute('style')).toBe('counter-reset:line 9');
    // Three-digit numbers get a wider gutter.
    expect(
      render(fence('ts:line-numbers=99', 'a', 'b'))
        .querySelector('pre code')!
        .getAttribute('style'),
    ).toBe('counter-reset:line 98;--digits:3');
  });

  it('follows markdown.lineNumbers unless the fence says otherwise', () => {
    const numbered = build(true);
    expect(render(fence('js', 'a'), numbered).querySelector('code.line-numbers')).not.toBeNull();
    expect(render('    indented code', numbered).querySelector('code.line-numbers')).not.toBeNull();
    expect(render(fence('js :no-line-numbers', 'a'), numbered).querySelector('code.line-numbers')).toBeNull();
    expect(render(fence('js', 'a')).querySelector('code.line-numbers')).toBeNull();
  });
});

describe('the block around the code', () => {
  it('has a copy button with an accessible name in its head, on every block', () => {
    const doc = render(`${fence('js', 'a()')}\n\n${fence('', 'plain')}\n\n    indented\n`);
    const buttons = doc.querySelectorAll('.code-block > .code-head > button.code-copy');
    expect(buttons.length).toBe(3);
    for (const button of buttons) {
      expect(button.getAttribute('type')).toBe('button');
      expect(button.getAttribute('aria-label')).toBe('Copy code');
    }
  });

  it('shows the title, else the label, else the language, escaped', () => {
    const head = (info: string) => render(fence(info, 'x')).querySelector('.code-lang')!.text;
    expect(head('js title="src/app.js" {1}')).toBe('src/app.js');
    expect(head('js [config.js]')).toBe('config.js');
    expect(head('js:line-numbers')).toBe('js');
    expect(render(fence('js title="<b>&"', 'x')).querySelector('.code-lang')!.innerHTML).toBe('&lt;b&gt;&amp;');
  });

  it('highlights with the language named before the options', () => {
    const doc = render(fence('js{1}:line-numbers', 'const a = 1;'));
    expect(doc.querySelector('.code-block')!.getAttribute('data-lang')).toBe('js');
    expect(doc.querySelector('pre')!.classList.contains('shiki-themes')).toBe(true);
  });

  it('keeps code groups: one tab per fence, labelled, each panel a full block with its options', () => {
    const doc = render(
      ['::: code-group', fence('sh [npm] {1}', 'npm i x'), fence('sh:line-numbers [pnpm]', 'pnpm add x'), fence('ts:line-numbers', 'y'), ':::'].join('\n'),
    );
    expect(doc.querySelectorAll('.code-group .tab-label').map((l) => l.text)).toEqual(['npm', 'pnpm', 'ts']);
    const panels = doc.querySelectorAll('.code-group .tab-panel .code-block');
    expect(panels.length).toBe(3);
    expect(panels[0].querySelector('.line')!.classList.contains('highlighted')).toBe(true);
    expect(panels[1].querySelector('code.line-numbers')).not.toBeNull();
    expect(panels.every((p) => p.querySelector('.code-head .code-copy'))).toBe(true);
  });

  it('leaves the copy buttons out of the feed, where no script would make them work', () => {
    const feed = parse(withoutCopyButtons(md.render(fence('js title="a.js"', 'a()'))), { blockTextElements: { script: true, style: true } });
    expect(feed.querySelector('button')).toBeNull();
    expect(feed.querySelector('.code-head .code-lang')!.text).toBe('a.js');
    expect(feed.querySelector('pre code')!.text).toBe('a()');
  });
});
