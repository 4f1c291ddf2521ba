/** Callouts: GitHub alerts, `:::` containers with titles, `::: details`, and unknown containers reported as SG2013. */
import type MarkdownIt from 'markdown-it';
import containerPlugin from 'markdown-it-container';
import { parse as parseHtml, type HTMLElement } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../../src/content/parse.ts';
import type { ParseOptions } from '../../../src/content/types.ts';
import { createMarkdown, renderMarkdown } from '../../../src/markdown/index.ts';
import markdownPlugin from '../../../templates/plugins/markdown.ts';

const md = createMarkdown({ html: false }, (m) => markdownPlugin().hooks.markdown!(m));
const render = (src: string, with_ = md) => parseHtml(renderMarkdown(with_, src).html);
const only = (root: HTMLElement, selector: string) => {
  const found = root.querySelectorAll(selector);
  expect(found).toHaveLength(1);
  return found[0];
};

const KINDS = [
  ['NOTE', 'note', 'Note'],
  ['TIP', 'tip', 'Tip'],
  ['IMPORTANT', 'important', 'Important'],
  ['WARNING', 'warning', 'Warning'],
  ['CAUTION', 'caution', 'Caution'],
] as const;

describe('GitHub alerts', () => {
  it.each(KINDS)('renders [!%s] as a %s callout named for assistive technology', (marker, kind, label) => {
    const root = render(`> [!${marker}]\n> Keep the **key** safe.\n`);
    expect(root.querySelector('blockquote')).toBeNull();
    const callout = only(root, '.callout');
    expect(callout.tagName).toBe('DIV');
    expect(callout.classList.value).toEqual(['callout', `callout-${kind}`]);
    expect(callout.getAttribute('role')).toBe('note');
    expect(callout.getAttribute('aria-label')).toBe(label);
    expect(only(callout, '.callout-title').text).toBe(label);
    expect(callout.querySelector('p:not(.callout-title)')?.innerHTML).toBe('Keep the <strong>key</strong> safe.');
    expect(callout.text).not.toContain('[!');
  });

  it('reads the marker in any case and a custom title after it', () => {
    const callout = only(render('> [!warning] Rotate the secret\n> Every 90 days.\n'), '.callout-warning');
    expect(callout.getAttribute('aria-label')).toBe('Warning');
    expect(only(callout, '.callout-title').text).toBe('Rotate the secret');
    expect(callout.querySelector('p:not(.callout-title)')?.text).toBe('Every 90 days.');
  });

  it('holds block markdown, and an alert with only its marker keeps its title', () => {
    const root = render('> [!TIP]\n> - one\n> - two\n>\n> ```js\n> x()\n> ```\n\n> [!Note]\n');
    const tip = only(root, '.callout-tip');
    expect(tip.querySelectorAll('li').map((li) => li.text)).toEqual(['one', 'two']);
    expect(tip.querySelector('pre')).not.toBeNull();
    const note = only(root, '.callout-note');
    expect(note.childNodes.filter((n) => n.nodeType === 1).map((n) => (n as HTMLElement).classList.value)).toEqual([['callout-title']]);
  });

  it('leaves an unknown marker, a marker after text and a plain quote as quotes', () => {
    const root = render('> [!UNKNOWN]\n> text\n\n> Some [!NOTE] here\n\n> quoted\n');
    expect(root.querySelectorAll('.callout')).toHaveLength(0);
    const quotes = root.querySelectorAll('blockquote');
    expect(quotes.map((q) => q.text.trim())).toEqual(['[!UNKNOWN]\ntext', 'Some [!NOTE] here', 'quoted']);
  });

  it('closes at the end of its own quote, with quotes and alerts nested inside', () => {
    const root = render('> [!IMPORTANT]\n> Outer\n>\n> > [!CAUTION]\n> > Inner\n>\n> > plain\n\nAfter\n');
    const outer = only(root, '.callout-important');
    expect(only(outer, '.callout-caution').text).toContain('Inner');
    expect(only(outer, 'blockquote').text.trim()).toBe('plain');
    expect(root.childNodes.filter((n) => n.nodeType === 1).map((n) => (n as HTMLElement).tagName)).toEqual(['DIV', 'P']);
  });

  it('keeps the lines of links after the marker line', () => {
    const { links } = renderMarkdown(md, '> [!NOTE]\n> See [setup](/setup).\n', 4);
    expect(links).toEqual([{ href: '/setup', line: 6 }]);
  });
});

describe('containers', () => {
  it('give the same element as the alerts, with a default or custom title', () => {
    const root = render('::: tip\nA\n:::\n\n::: important Read this first\nB\n:::\n\n> [!TIP]\n> A\n');
    const [container, alert] = root.querySelectorAll('.callout-tip');
    expect(container.outerHTML).toBe(alert.outerHTML);
    const important = only(root, '.callout-important');
    expect(important.getAttribute('role')).toBe('note');
    expect(important.getAttribute('aria-label')).toBe('Important');
    expect(only(important, '.callout-title').text).toBe('Read this first');
  });

  it.each(['tip', 'info', 'note', 'important', 'warning', 'caution', 'danger'])('::: %s takes a title', (kind) => {
    const callout = only(render(`::: ${kind} My title\nBody\n:::\n`), `.callout-${kind}`);
    expect(only(callout, '.callout-title').text).toBe('My title');
  });

  it('::: details is a closed <details> with a summary, "Details" by default', () => {
    const root = render('::: details\nHidden *text*\n:::\n\n::: details Why it fails\nBecause.\n:::\n');
    const [plain, titled] = root.querySelectorAll('details');
    expect(plain.classList.value).toEqual(['callout', 'callout-details']);
    expect(plain.hasAttribute('open')).toBe(false);
    expect(plain.querySelector('summary')?.text).toBe('Details');
    expect(plain.querySelector('p')?.innerHTML).toBe('Hidden <em>text</em>');
    expect(titled.querySelector('summary')?.text).toBe('Why it fails');
    expect(titled.querySelector('summary')).toBe(titled.firstChild);
  });

  it('::: details Title {open} renders open, without the flag in its title', () => {
    const root = render('::: details Logs {open}\nx\n:::\n\n::: details {open}\ny\n:::\n');
    const [logs, untitled] = root.querySelectorAll('details');
    expect(logs.hasAttribute('open')).toBe(true);
    expect(logs.querySelector('summary')?.text).toBe('Logs');
    expect(untitled.hasAttribute('open')).toBe(true);
    expect(untitled.querySelector('summary')?.text).toBe('Details');
  });

  it('nest when the outer fence has more colons, as VitePress and Docusaurus write it (and a code group inside)', () => {
    const src = [
      '::::details Outer',
      ':::tip Inner',
      'Inner **text**.',
      ':::',
      '',
      '::: code-group',
      '```sh [npm]',
      'npm i',
      '```',
      ':::',
      'After the inner ones.',
      '::::',
      '',
      ':::::warning',
      '::::danger[Deep]',
      ':::note',
      'Deepest.',
      ':::',
      '::::',
      ':::::',
      '',
      'Outside.',
    ].join('\n');
    const result = renderMarkdown(md, src);
    expect(result.problems).toEqual([]);
    const root = parseHtml(result.html);
    expect(root.text).not.toContain(':::');
    const details = only(root, 'details.callout-details');
    expect(details.querySelector('summary')?.text).toBe('Outer');
    expect(only(details, '.callout-tip > .callout-title').text).toBe('Inner');
    expect(only(details, '.callout-tip strong').text).toBe('text');
    expect(only(details, '.code-group').querySelector('pre')).not.toBeNull();
    expect(details.querySelectorAll(':scope > p').at(-1)?.text).toBe('After the inner ones.');
    expect(only(root, '.callout-warning > .callout-danger > .callout-note').text.trim()).toContain('Deepest.');
    expect(only(root, '.callout-danger > .callout-title').text).toBe('Deep');
    expect(root.querySelectorAll(':scope > p').map((p) => p.text)).toEqual(['Outside.']);
  });

  it('escapes hostile titles in every syntax', () => {
    const hostile = '<img src=x onerror=alert(1)> "&';
    const html = renderMarkdown(md, `::: warning ${hostile}\nx\n:::\n\n::: details ${hostile}\ny\n:::\n\n> [!NOTE] ${hostile}\n> z\n`).html;
    const root = parseHtml(html);
    expect(root.querySelectorAll('img')).toHaveLength(0);
    expect(html).not.toContain('<img');
    expect(root.querySelectorAll('.callout-title, summary').map((t) => t.text)).toEqual([hostile, hostile, hostile]);
  });
});

describe('unknown containers (SG2013)', () => {
  it('reports a ::: name that no container took, at its line, and leaves it as text', () => {
    const src = 'Intro\n\n::: tips\nBody\n:::\n\n::: tip\nText\n::: Warning\n:::\n';
    const { problems, html } = renderMarkdown(md, src, 2);
    expect(problems).toEqual([
      expect.objectContaining({ code: 'SG2013', message: 'Unknown container "::: tips": it is shown as text.', line: 5 }),
      expect.objectContaining({ code: 'SG2013', message: 'Unknown container "::: Warning": it is shown as text.', line: 11 }),
    ]);
    expect(problems[0].hint).toContain('The known containers are caution, code-group, danger, details, important, info, note, tip, warning.');
    expect(parseHtml(html).querySelector('p')?.text).toBe('Intro');
    expect(html).toContain('::: tips');
  });

  it('does not report known containers, a bare closing :::, or ::: inside code', () => {
    const src = ':::\n\n::: code-group\n```js [a]\nx\n```\n:::\n\n```md\n::: nope\n```\n\nText `::: nope`\n\n    ::: indented code\n';
    expect(renderMarkdown(md, src).problems).toEqual([]);
  });

  it('knows the containers a plugin registers on md', () => {
    const container = containerPlugin as unknown as (md: MarkdownIt, name: string) => void;
    const withPlugin = createMarkdown({ html: false }, (m) => {
      markdownPlugin().hooks.markdown!(m);
      m.use(container, 'spoiler');
    });
    const src = '::: spoiler\nx\n:::\n\n::: spoilers\ny\n:::\n';
    expect(renderMarkdown(withPlugin, src).problems.map((p) => p.message)).toEqual(['Unknown container "::: spoilers": it is shown as text.']);
    expect(renderMarkdown(withPlugin, src).problems[0].hint).toContain('spoiler, tip');
    // Without the plugin, the same name is unknown.
    expect(renderMarkdown(md, src).problems).toHaveLength(2);
  });

  it('is a SitegenError at the line of the file, with a code frame', () => {
    const options: ParseOptions = { blogDir: 'blog', locales: [], defaultLocale: 'en', markdown: { html: false } };
    const source = { file: '/site/content/guide/alerts.md', rel: 'guide/alerts.md', display: 'content/guide/alerts.md' };
    const text = '---\ntitle: Alerts\n---\n\n> [!NOTE]\n> Fine.\n\n::: tipp Careful\nBody\n:::\n';
    const { doc, errors } = parseDocument(source, text, md, options);
    expect(doc).toBeDefined();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      code: 'SG2013',
      message: 'Unknown container "::: tipp": it is shown as text.',
      location: { file: 'content/guide/alerts.md', line: 8 },
    });
    expect(errors[0].frame).toMatch(/^> +8 \| ::: tipp Careful$/m);
    expect(errors[0].hint).toContain('details');
  });
});
