/** The fence scan a worker loads grammars from before it parses a batch of documents. */
import { describe, expect, it } from 'vitest';
import { fenceLanguages } from '../../../src/markdown/highlight.ts';

describe('fenceLanguages', () => {
  it('names the language of every fenced block, however it is indented or quoted', () => {
    const md = [
      '# Title',
      '',
      '```js',
      'const a = `x`;',
      '```',
      '',
      '- item',
      '',
      '    ~~~python title="app.py"',
      '    print(1)',
      '    ~~~',
      '',
      '> ```yml',
      '> a: 1',
      '> ```',
      '',
      '````markdown',
      '```bash',
      'echo',
      '```',
      '````',
      '',
      'Inline ```not a fence``` and `code`.',
      '',
      '```',
      'no language',
      '```',
    ].join('\n');
    expect(fenceLanguages(md)).toEqual(['js', 'python', 'yml', 'markdown', 'bash']);
    expect(fenceLanguages('No code here, only `inline` code.')).toEqual([]);
  });
});
