import { describe, expect, it } from 'vitest';
import { createMarkdown, renderMarkdown } from '../../../src/markdown/index.ts';

const md = createMarkdown();
const FENCE = '`'.repeat(3);

describe('Hugo shortcodes (SG2019)', () => {
  it('are reported at their lines with what to write instead, and shown as written', () => {
    const source = [
      'See [the setup]({{< ref "guide/setup.md" >}}).',
      '',
      '{{< figure src="/images/x.png" title="A figure" >}}',
      '',
      '{{% notice tip %}}',
      'A tip, with a {{< unknown-one >}} in it.',
      '{{% /notice %}}',
    ].join('\n');
    // Two lines of front matter above the body: the lines are the file's.
    const { problems, html } = renderMarkdown(md, source, 2);
    expect(problems.map((p) => [p.code, p.line, p.message])).toEqual([
      ['SG2019', 3, 'Hugo shortcode {{< ref "guide/setup.md" >}} is shown as written: write a relative link to the file, `[text](../page.md)` instead'],
      [
        'SG2019',
        5,
        'Hugo shortcode {{< figure src="/images/x.png" title="A figure" >}} is shown as written: write an image, `![alt](./image.png "caption")` instead',
      ],
      ['SG2019', 7, 'Hugo shortcode {{% notice tip %}} is shown as written: write a container, `::: tip` … `:::` instead'],
      ['SG2019', 8, 'Hugo shortcode {{< unknown-one >}} is shown as written: write markdown, a container or a component instead'],
      ['SG2019', 9, 'Hugo shortcode {{% /notice %}} is shown as written: write a container, `::: tip` … `:::` instead'],
    ]);
    expect(html).toContain('{{&lt; figure src=&quot;/images/x.png&quot; title=&quot;A figure&quot; &gt;}}');
  });

  it('are not reported in code, where a page about Hugo shows them, nor for template braces that are no shortcode', () => {
    const source = [
      'Write `{{< ref "x.md" >}}` in Hugo.',
      '',
      `${FENCE}go-html-template`,
      '{{< figure src="x.png" >}}',
      FENCE,
      '',
      '    {{% notice %}}',
      '',
      'Vue writes {{ message }} and Jinja {% if x %}.',
    ].join('\n');
    expect(renderMarkdown(md, source).problems.filter((p) => p.code === 'SG2019')).toEqual([]);
  });
});
