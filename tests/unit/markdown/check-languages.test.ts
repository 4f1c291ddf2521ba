import { parse as parseHtml } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../../src/content/parse.ts';
import type { ParseOptions, SourceFile } from '../../../src/content/types.ts';
import { createMarkdown, renderMarkdown } from '../../../src/markdown/index.ts';

const md = createMarkdown();
const FENCE = '`'.repeat(3);

describe('unknown code languages (SG2012)', () => {
  it('are reported with the line and the closest known name, and render as escaped plain text', () => {
    const source = `Intro.\n\n${FENCE}rsut\nfn main() { "<b>" }\n${FENCE}\n`;
    const { problems, html } = renderMarkdown(md, source, 4);
    expect(problems).toEqual([
      {
        code: 'SG2012',
        message: 'Unknown code language "rsut" (did you mean "rust"?)',
        line: 7,
        hint: expect.stringMatching(/^The block is shown as plain text\./),
      },
    ]);
    const block = parseHtml(html, { blockTextElements: { script: true, style: true } }).querySelector('.code-block');
    expect(block?.getAttribute('data-lang')).toBe('rsut');
    expect(block?.querySelector('code')?.text).toBe('fn main() { "<b>" }');
    expect(block?.querySelectorAll('code span[style]')).toHaveLength(0);
    expect(html).toContain('&lt;b&gt;');
  });

  it('give no suggestion when no known name is close', () => {
    const { problems } = renderMarkdown(md, `${FENCE}klingon\nx\n${FENCE}\n`);
    expect(problems).toHaveLength(1);
    expect(problems[0].message).toBe('Unknown code language "klingon"');
    expect(problems[0].hint).toMatch(/^The block is shown as plain text\./);
  });

  it('are not plain text, known names and aliases, or the parts of the info string after the language', () => {
    const fences = ['', 'text', 'txt', 'plain', 'plaintext', 'rust', 'rs', 'kt', 'console', 'dockerfile'];
    fences.push('js{1,3}', 'ts:line-numbers=10 {2}', 'sh [npm]', 'js[config.js]', 'py title="a.py"', 'title="a.txt"', '{1,2}');
    const source = fences.map((info) => `${FENCE}${info}\ncode\n${FENCE}\n`).join('\n');
    // Checked as the parse reads the tokens: rendering (highlighting) is not needed.
    expect(renderMarkdown(md, source, 0, undefined, false).problems).toEqual([]);
    expect(renderMarkdown(md, `~~~rsut\nx\n~~~\n\n> ${FENCE}pyhton\n> x\n> ${FENCE}\n`).problems.map((p) => [p.line, p.message])).toEqual([
      [1, 'Unknown code language "rsut" (did you mean "rust"?)'],
      [5, 'Unknown code language "pyhton" (did you mean "python"?)'],
    ]);
  });

  it('are found at parse time, without rendering, and reach the document as errors at file:line', () => {
    const options: ParseOptions = { blogDir: 'blog', locales: [], defaultLocale: 'en', markdown: { html: false } };
    const file: SourceFile = { file: '/site/content/guide.md', rel: 'guide.md', display: 'content/guide.md' };
    const text = `---\ntitle: Guide\n---\n\nText.\n\n${FENCE}rsut\nfn main() {}\n${FENCE}\n`;
    const { errors } = parseDocument(file, text, md, options, false);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      code: 'SG2012',
      message: 'Unknown code language "rsut" (did you mean "rust"?)',
      location: { file: 'content/guide.md', line: 7 },
    });
    expect(errors[0].hint).toMatch(/^The block is shown as plain text\./);
    expect(errors[0].frame).toContain('> 7 | ```rsut');
  });
});
