/** The syntax every site has besides CommonMark: footnotes, math, emoji shortcodes, `[[toc]]` and `{#id}` heading ids. */
import { parse, type HTMLElement } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { createMarkdown, renderMarkdown } from '../../../src/markdown/index.ts';

const md = createMarkdown();
const render = (source: string) => {
  const result = renderMarkdown(md, source);
  return { ...result, dom: parse(result.html) };
};
const attr = (el: HTMLElement | null, name: string) => el?.getAttribute(name);

describe('footnotes', () => {
  const { dom, ids } = render('Ferries run hourly.[^times] Not at night.[^times] Tickets[^t2] too.\n\n[^times]: From 6:00 to 22:00.\n[^t2]: At the pier.\n');

  it('link each reference to its note, with unique ids even for two references to one note', () => {
    const refs = dom.querySelectorAll('sup.footnote-ref a');
    expect(refs.map((a) => [attr(a, 'href'), attr(a, 'id')])).toEqual([
      ['#fn1', 'fnref1'],
      ['#fn1', 'fnref1:1'],
      ['#fn2', 'fnref2'],
    ]);
    expect(new Set(dom.querySelectorAll('[id]').map((el) => el.id)).size).toBe(dom.querySelectorAll('[id]').length);
  });

  it('put the notes in a named section, each with back links to its references', () => {
    const section = dom.querySelector('section.footnotes');
    expect(attr(section, 'aria-label')).toBe('Footnotes');
    const notes = section!.querySelectorAll('ol.footnotes-list > li.footnote-item');
    expect(notes.map((li) => li.id)).toEqual(['fn1', 'fn2']);
    expect(notes[0].querySelector('p')!.text).toContain('From 6:00 to 22:00.');
    const back = notes[0].querySelectorAll('a.footnote-backref');
    expect(back.map((a) => [attr(a, 'href'), attr(a, 'aria-label')])).toEqual([
      ['#fnref1', 'Back to reference 1'],
      ['#fnref1:1', 'Back to reference 1 (2)'],
    ]);
    expect(dom.querySelector('hr')).toBeNull();
  });

  it('give their ids to the anchor check', () => {
    expect(ids).toEqual(['fn1', 'fnref1', 'fnref1:1', 'fn2', 'fnref2']);
    for (const id of ids) expect(dom.getElementById(id), id).not.toBeNull();
  });

  it('include inline notes and leave an undefined reference as text', () => {
    const inline = render('Text^[An inline note.] and [^missing].');
    expect(inline.dom.querySelector('#fn1')!.text).toContain('An inline note.');
    expect(inline.dom.querySelector('p')!.text).toContain('[^missing]');
    expect(inline.ids).toEqual(['fn1', 'fnref1']);
  });
});

describe('math', () => {
  it('renders $…$ inline as KaTeX HTML with MathML', () => {
    const { dom, math, problems } = render('Euler: $e^{i\\pi} + 1 = 0$.');
    const katex = dom.querySelector('p > span.katex');
    expect(katex).not.toBeNull();
    expect(katex!.querySelector('.katex-mathml math')).not.toBeNull();
    expect(katex!.querySelector('annotation[encoding="application/x-tex"]')!.text).toBe('e^{i\\pi} + 1 = 0');
    expect(katex!.querySelector('.katex-html')).not.toBeNull();
    expect(math).toBe(true);
    expect(problems).toEqual([]);
  });

  it('renders $$…$$ as display math', () => {
    const { dom, math } = render('Before.\n\n$$\n\\int_0^1 x^2\\,dx = \\frac{1}{3}\n$$\n\nAfter.');
    const display = dom.querySelector('.katex-display > .katex');
    expect(display).not.toBeNull();
    expect(attr(display!.querySelector('math'), 'display')).toBe('block');
    expect(dom.querySelectorAll('p').map((p) => p.text)).toEqual(['Before.', 'After.']);
    expect(math).toBe(true);
  });

  it('renders $$…$$ inside a paragraph as display math in its flow, as markdown-it-mathjax3 users write it', () => {
    for (const text of ['The sum $$\\sum_{i=1}^n i$$ grows.', '$$x^2$$ is the area.', 'The area\n$$x^2$$ is it.']) {
      const { dom, math, problems } = render(text);
      const p = dom.querySelector('p');
      expect(p, text).not.toBeNull();
      expect(attr(p!.querySelector('.katex-display > .katex math'), 'display'), text).toBe('block');
      expect(p!.text, text).not.toContain('$$');
      expect(math, text).toBe(true);
      expect(problems, text).toEqual([]);
    }
    expect(render('$$x^2$$ is the area.').dom.querySelector('p')!.text).toMatch(/is the area\.$/);
  });

  it('leaves $$ in prose as text: amounts, runs of dollars, an escaped pair', () => {
    for (const text of ['It costs $$5 and $$10.', 'Price: $$$ or $$$$.', 'Escaped \\$\\$x\\$\\$ stays.']) {
      const { dom, math } = render(text);
      expect(dom.querySelector('.katex'), text).toBeNull();
      expect(math, text).toBeUndefined();
    }
  });

  it('leaves dollars in prose as text', () => {
    for (const text of ['It costs $5 and $10.', 'Pay $ 5 or $ 6.', 'Set $HOME and $PATH, then echo $', 'Escaped \\$x\\$ stays.']) {
      const { dom, math, html } = render(text);
      expect(dom.querySelector('.katex'), text).toBeNull();
      expect(math, text).toBeUndefined();
      expect(html, text).not.toContain('katex');
    }
    expect(render('It costs $5 and $10.').dom.querySelector('p')!.text).toBe('It costs $5 and $10.');
  });

  it('shows bad TeX as its source and reports it, without throwing', () => {
    const { dom, problems } = render('Intro.\n\nBad: $\\frac{1}{$ and $\\nosuchmacro$.\n');
    const errors = dom.querySelectorAll('span.katex-error');
    expect(errors.map((e) => e.text)).toEqual(['\\frac{1}{', '\\nosuchmacro']);
    expect(attr(errors[1], 'title')).toContain('Undefined control sequence');
    expect(problems.map((p) => [p.code, p.line])).toEqual([
      ['SG2016', 3],
      ['SG2016', 3],
    ]);
    expect(problems[1].message).toMatch(/^Invalid math: Undefined control sequence: \\nosuchmacro/);
  });

  it('keeps writer text out of the markup of an error, and links out of formulas', () => {
    const { dom } = render('$\\bad<img src=x onerror=alert(1)>$');
    expect(dom.querySelector('img')).toBeNull();
    expect(dom.querySelector('span.katex-error')!.text).toBe('\\bad<img src=x onerror=alert(1)>');
    const link = render('$\\href{javascript:alert(1)}{x}$ $\\url{https://example.com}$').dom;
    expect(link.querySelectorAll('a, [href]')).toEqual([]);
  });

  it('is rendered in footnotes too', () => {
    const { dom } = render('Note.[^m]\n\n[^m]: Where $x^2$ grows.\n');
    expect(dom.querySelector('#fn1 .katex')).not.toBeNull();
  });
});

describe('emoji shortcodes', () => {
  it('turn known names into emoji and leave the rest as text', () => {
    expect(render(':tada: Launch :rocket:').dom.querySelector('p')!.text).toBe('🎉 Launch 🚀');
    expect(render('An :unknown_name: stays').dom.querySelector('p')!.text).toBe('An :unknown_name: stays');
  });

  it('leave times, ratios and code alone', () => {
    expect(render('At 10:30:00 and 1:2:3').dom.querySelector('p')!.text).toBe('At 10:30:00 and 1:2:3');
    expect(render('`:tada:` and :)').dom.querySelector('p')!.toString()).toBe('<p><code>:tada:</code> and :)</p>');
  });
});

describe('[[toc]]', () => {
  const source = '# Title\n\n[[toc]]\n\n## Install\n\n### On Linux\n\n## Install\n\n## Configure {#config}\n\n#### Deep\n';
  const { dom, toc } = render(source);

  it('renders the page outline (h2 and h3) as a named list', () => {
    const nav = dom.querySelector('nav.table-of-contents');
    expect(attr(nav, 'aria-label')).toBe('Table of contents');
    expect(nav!.querySelectorAll(':scope > ul > li > a').map((a) => a.text)).toEqual(['Install', 'Install', 'Configure']);
    expect(nav!.querySelectorAll('ul ul a').map((a) => a.text)).toEqual(['On Linux']);
    expect(toc.map((l) => l.id)).toEqual(['install', 'install-1', 'config']);
  });

  it('links to the ids the headings have', () => {
    const hrefs = dom.querySelectorAll('nav.table-of-contents a').map((a) => attr(a, 'href'));
    expect(hrefs).toEqual(['#install', '#on-linux', '#install-1', '#config']);
    for (const href of hrefs) expect(dom.querySelector(`h2${href}, h3${href}`), href).not.toBeNull();
  });

  it('is only a line of its own', () => {
    expect(render('See [[toc]] here.\n\n## A').dom.querySelector('nav')).toBeNull();
    expect(render('    [[toc]]\n\n## A').dom.querySelector('pre')).not.toBeNull();
    expect(render('[[toc]]\n').html).toBe('');
  });
});

describe('custom heading ids', () => {
  it('replace the generated id, leave the heading text and reach the TOC and the anchor check', () => {
    const { dom, ids, toc, heading } = render('# Ferrygate {#top}\n\n## Getting started {#start}\n\nText.\n');
    const h2 = dom.querySelector('h2')!;
    expect(h2.id).toBe('start');
    expect(h2.text).not.toContain('{#');
    expect(attr(h2.querySelector('a.header-anchor'), 'href')).toBe('#start');
    expect(toc).toEqual([{ id: 'start', depth: 2, text: 'Getting started' }]);
    expect(ids).toEqual(['top', 'start']);
    expect(heading).toBe('Ferrygate');
  });

  it('are made unique within the page, against other custom ids and generated ones', () => {
    const { ids } = render('## Setup\n\n## Other {#setup}\n\n## Again {#setup}\n\n## A.b_c-d {#a.b_c-d}\n');
    expect(ids).toEqual(['setup', 'setup-1', 'setup-2', 'a.b_c-d']);
  });

  it('are refused unless letters, digits, `-`, `_` and `.`: the braces stay as escaped text', () => {
    const { dom } = render('## Title {#x" onclick="alert(1)}\n\n## Other {#has space}\n');
    const [first, second] = dom.querySelectorAll('h2');
    expect(Object.keys(first.attributes)).toEqual(['id']);
    expect(dom.querySelectorAll('[onclick]')).toEqual([]);
    expect(first.id).toBe('title-x-onclickalert1');
    expect(first.text).toContain('{#x" onclick="alert(1)}');
    expect(second.id).toBe('other-has-space');
  });
});
