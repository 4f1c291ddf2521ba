/**
 * Components in markdown: the strict tag and prop reader, the placeholders the markdown render leaves, SG2015 with its
 * exact words and places, prose `<` and `{` as text, and the page render's filling of placeholders with the theme's
 * components. A fast-check run over random prose of tag fragments and names never throws and never makes an element
 * from text.
 */
import fc from 'fast-check';
import { parse } from 'node-html-parser';
import { Fragment, createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { readTag } from '../../../src/markdown/component-tag.ts';
import { createMarkdown, renderMarkdown } from '../../../src/markdown/index.ts';
import { THEME_COMPONENTS } from '../../../src/markdown/theme-components.ts';
import { expandComponents } from '../../../src/render/components.ts';
import type { RenderModule } from '../../../src/render/render-page.ts';
import { IslandsContext } from '../../../templates/components/islands-context.ts';
import { markdownComponents } from '../../../templates/components/markdown-components.ts';

const SEED = 20_260_508;
const md = createMarkdown();
const KNOWN = 'Badge, Callout, Card, Cards, FileTree, Image, Steps, Tab, Tabs';
const mod = { renderToString, createElement, Fragment, IslandsContext, markdownComponents, layouts: {}, pages: {} } as unknown as RenderModule;
const render = (source: string) => renderMarkdown(md, source);
/** The markdown rendered and its components filled, as a page shows it. */
const page = (source: string) => parse(expandComponents(mod, render(source).html), { blockTextElements: { script: true, style: true } });

describe('the tag reader', () => {
  it('reads strings, bare names and JSON-like literals without running anything', () => {
    const src = `<Card title="Tunnels" note='it''s' wide count={3} ratio={-1.5e2} off={false} none={null} tags={["a", 'b',]} meta={{ size: 2, "x-y": [true] }} />`;
    const tag = readTag(src.replace("'it''s'", `'it"s'`), 0);
    expect(tag).toEqual({
      name: 'Card',
      props: { title: 'Tunnels', note: 'it"s', wide: true, count: 3, ratio: -150, off: false, none: null, tags: ['a', 'b'], meta: { size: 2, 'x-y': [true] } },
      selfClosing: true,
      end: src.length - 1,
    });
    expect(readTag('<Tabs labels="npm,yarn">rest', 0)).toMatchObject({ name: 'Tabs', selfClosing: false, end: 24 });
  });

  it('refuses code, React-only props and broken literals, saying where', () => {
    const error = (src: string) => readTag(src, 0) as { error: string; at: number };
    expect(error('<Card n={x + 1} />')).toEqual({
      error: '`x` is not a value (props take strings, numbers, booleans, null, arrays and objects, never code)',
      at: 9,
    });
    expect(error('<Card n={alert(1)} />').error).toMatch(/^`alert` is not a value/);
    expect(error('<Card onClick="go()" />').error).toBe('the prop `onClick` cannot be set from markdown');
    expect(error('<Card dangerouslySetInnerHTML={{"__html": "<b>"}} />').error).toBe('the prop `dangerouslySetInnerHTML` cannot be set from markdown');
    expect(error('<Card a="1" a="2" />').error).toBe('the prop `a` is given twice');
    expect(error('<Card n={[1, 2} />')).toMatchObject({ error: 'expected `,` or `]`' });
    expect(error('<Card title="open />').error).toBe('a string is not closed');
    expect(error('<Card title=bare />').error).toBe('the value of `title` must be "a string" or a {literal}');
    expect(error('<Card title="x"').error).toBe('<Card> is not closed with `>`');
  });

  it('keeps a NUL written as an escape out of the props', () => {
    expect(readTag('<Badge text={"a\\u0000b"} />', 0)).toMatchObject({ props: { text: 'a\uFFFDb' } });
  });
});

describe('components in the markdown render', () => {
  it('leaves a placeholder with the props as escaped JSON', () => {
    const { html, problems } = render('<Card title="a &quot;<b>" href="/x" />\n');
    expect(problems).toEqual([]);
    expect(html).toBe(
      '<sitegen-component data-name="Card" data-props="{&quot;title&quot;:&quot;a &amp;quot;&lt;b&gt;&quot;,&quot;href&quot;:&quot;/x&quot;}">\n</sitegen-component>\n',
    );
  });

  it('parses block children as markdown and inline children inside their paragraph', () => {
    const dom = parse(render('<Callout type="tip">\n# Title\n\n- **bold** item\n</Callout>\n\nText <Badge>new *one*</Badge> here.\n').html);
    const callout = dom.querySelector('sitegen-component[data-name="Callout"]')!;
    expect(callout.querySelector('h1')?.text).toContain('Title');
    expect(callout.querySelector('ul li strong')?.text).toBe('bold');
    expect(dom.querySelector('p > sitegen-component[data-name="Badge"] em')?.text).toBe('one');
  });

  it('finds the closing line past nested tags of the same name and fenced code', () => {
    const dom = page('<Callout>\n\n```md\n</Callout>\n```\n\n<Callout title="inner">\nIn.\n</Callout>\n\nAfter.\n</Callout>\n\nOut.\n');
    const outer = dom.querySelector('.callout')!;
    expect(outer.querySelector('code')?.text).toBe('</Callout>');
    expect(outer.querySelectorAll('.callout-title').map((t) => t.text)).toEqual(['Note', 'inner']);
    expect(outer.text).toContain('After.');
    expect(dom.querySelectorAll('body > p, :scope > p').map((p) => p.text)).toContain('Out.');
  });

  it('keeps prose `<` and `{` as text, lowercase HTML as markdown-it escapes it', () => {
    const { html, problems } = render('a < b, <3, x<y, {braces}, {x: 1}, <div>, </span>, List<T> and <T>, `<Tabz>`, \\<Tabz>\n');
    expect(problems).toEqual([]);
    expect(html).toBe(
      '<p>a &lt; b, &lt;3, x&lt;y, {braces}, {x: 1}, &lt;div&gt;, &lt;/span&gt;, List&lt;T&gt; and &lt;T&gt;, <code>&lt;Tabz&gt;</code>, &lt;Tabz&gt;</p>\n',
    );
  });
});

describe('SG2015', () => {
  const problems = (source: string) => render(source).problems.map(({ message, line, column }) => ({ message, line, column }));

  it('names an unknown component, its place and the known ones', () => {
    expect(problems('Intro.\n\nInstall <Tabz labels="a">x</Tabz> now.\n')).toEqual([
      { message: `Unknown component <Tabz>: the known components are ${KNOWN}`, line: 3, column: 9 },
    ]);
    expect(problems('# Title\n\n<Cardz title="x" />\n')).toEqual([
      { message: `Unknown component <Cardz>: the known components are ${KNOWN}`, line: 3, column: 1 },
    ]);
    const [problem] = render('- item <Nope/>\n').problems;
    expect(problem).toMatchObject({ code: 'SG2015', line: 1, column: 8 });
    expect(problem.hint).toContain('site/components/<Name>.tsx');
    expect(render('<Card title={nope} />\n').problems[0].hint).toContain(`The known components are ${KNOWN}.`);
  });

  it('reports an unclosed tag once, and an invalid prop at the prop', () => {
    expect(problems('<Steps>\n1. one\n')).toEqual([
      { message: "<Steps> is not closed: no </Steps> follows it (a block's on a line of its own)", line: 1, column: 1 },
    ]);
    expect(problems('Text\n  and <Card count={3 4} /> more.\n')).toEqual([
      { message: 'Invalid <Card> tag: the value of `count` has more than one literal, or its `}` is missing', line: 2, column: 22 },
    ]);
  });

  it('counts lines from the front matter when the parse gives the offset', () => {
    expect(renderMarkdown(md, '<Tabz />\n', 4).problems[0]).toMatchObject({ line: 5, column: 1 });
  });

  it('reports a registered name only from the site that has it', () => {
    const site = createMarkdown({ components: [...THEME_COMPONENTS, 'Pill'] });
    expect(renderMarkdown(site, 'A <Pill tone="x" />.\n').problems).toEqual([]);
    expect(render('A <Pill tone="x" />.\n').problems[0].message).toBe(`Unknown component <Pill>: the known components are ${KNOWN}`);
  });
});

describe('the page render of components', () => {
  it('has a component for every name the parse knows', () => {
    expect(Object.keys(markdownComponents).sort()).toEqual([...THEME_COMPONENTS]);
  });

  it('renders tabs with unique radio groups for two tab sets on a page', () => {
    const tabs = '<Tabs>\n<Tab label="a">\nA\n</Tab>\n<Tab label="b">\nB\n</Tab>\n</Tabs>\n';
    const dom = page(`${tabs}\n${tabs}`);
    const groups = dom.querySelectorAll('.tabs').map((t) => t.querySelector('input')!.getAttribute('name'));
    expect(groups).toHaveLength(2);
    expect(groups[0]).not.toBe(groups[1]);
    expect(
      dom
        .querySelectorAll('.tabs')[0]
        .querySelectorAll('label')
        .map((l) => l.text),
    ).toEqual(['a', 'b']);
  });

  it('shows props as text (escaped) and drops a javascript: link', () => {
    const dom = page('<Card title="<img src=x onerror=alert(1)>" href="javascript:alert(1)">\nBody.\n</Card>\n');
    expect(dom.querySelector('img')).toBeNull();
    expect(dom.querySelector('.md-card-title')?.text).toBe('<img src=x onerror=alert(1)>');
    expect(dom.querySelector('a')).toBeNull();
  });

  it('leaves a document without components as it is', () => {
    const html = '<p>a &lt; b</p>\n';
    expect(expandComponents(mod, html)).toBe(html);
  });
});

describe(`prose fuzz (seed ${SEED})`, () => {
  const piece = fc.constantFrom(
    ...['<', '</', '/>', '>', '{', '}', '=', '"', "'", ' ', '\n', '\n\n', '`', '*', '-', '1. ', '> ', '```\n'],
    ...['Card', 'Badge', 'Tabs', 'Tab', 'Steps', 'Callout', 'Tabz', 'Foo', 'T', 'div', 'script', 'img', 'title', 'text', 'label'],
    ...['<Card title="x">', '</Card>', '<Badge text="b" />', '<Tabs>', '</Tabs>', '<Tab label="l">', '</Tab>', '<script>alert(1)</script>'],
    ...['<img src=x onerror=alert(1)>', '{{a: 1}}', '{[1, 2]}', '{"s"}', 'words', 'a < b', '<3', '&amp;', '&lt;x&gt;'],
  );
  /** Elements the theme's components and markdown-it make; any other would have come from the text. */
  const ALLOWED = new Set([
    'p',
    'span',
    'div',
    'strong',
    'em',
    'code',
    'pre',
    'a',
    'input',
    'label',
    'ol',
    'ul',
    'li',
    'blockquote',
    'button',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ]);

  it('never throws and never makes an element from text', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const source = pieces.join('');
        const html = expandComponents(mod, render(source).html);
        for (const [, name] of html.matchAll(/<\/?([A-Za-z][\w-]*)/g))
          expect(ALLOWED.has(name.toLowerCase()), `<${name}> from ${JSON.stringify(source)}`).toBe(true);
        for (const el of parse(html).querySelectorAll('*')) {
          for (const attr of Object.keys(el.attributes)) expect(/^on/i.test(attr), `${attr} from ${JSON.stringify(source)}`).toBe(false);
        }
      }),
      { seed: SEED, numRuns: 600 },
    );
  });
});
