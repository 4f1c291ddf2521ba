/**
 * Components in markdown through the real CLI: a page of the basic fixture uses every theme component (cards, tabs with
 * markdown panels, steps, an inline badge, a file tree, a callout with a nested card), a site component from
 * site/components/ and one that is an island. Prose with `<` and `{` stays text; the page's payload and its content
 * API file hold the same rendered HTML.
 */
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, type HTMLElement } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, copyFixture, listFiles, read, remove, runCli } from '../helpers.ts';

let site: string;
let output = '';
beforeAll(async () => {
  site = copyFixture('basic');
  // The page, two site components and (as in basic) the Counter island one of them shows.
  cpSync(join(FIXTURES, 'md-components'), site, { recursive: true });
  const result = await runCli(['build', '--root', site]);
  output = result.stdout + result.stderr;
  expect(result.code, output).toBe(0);
}, 120_000);
afterAll(() => remove(site));

const dist = () => join(site, 'dist');
const dom = (html: string) => parse(html, { blockTextElements: { script: true, style: true } });
const prose = (): HTMLElement => dom(read(dist(), 'guide/components/index.html')).querySelector('.prose')!;

describe('components in markdown', () => {
  it('builds without a problem and leaves no placeholder or tag as text', () => {
    expect(output).not.toMatch(/SG2015|warning/);
    const html = read(dist(), 'guide/components/index.html');
    expect(html).not.toContain('sitegen-component');
    expect(prose().text).not.toMatch(/<(Card|Tabs?|Steps|Badge|FileTree|Callout|Shout|ClickCounter)\b/);
  });

  it('renders an inline badge inside its paragraph, and prose `<` and `{` as text', () => {
    const p = prose().querySelector('p')!;
    const badge = p.querySelector('span.badge.md-badge-tip');
    expect(badge?.text).toBe('new');
    expect(p.text).toContain('a < b, <3, x<y, {x}, <lowercase> and List<T> stay text.');
    expect(p.querySelector('lowercase')).toBeNull();
  });

  it('renders cards with their titles, a link and markdown children', () => {
    const cards = prose().querySelector('.md-cards')!;
    const items = cards.querySelectorAll(':scope > .md-card');
    expect(items.map((c) => c.querySelector('.md-card-title')?.text)).toEqual(['Tunnels', 'Plain']);
    expect(items[0].querySelector('.md-card-title a')?.getAttribute('href')).toBe('/guide/setup');
    expect(items[0].querySelector('.md-card-body strong')?.text).toBe('local');
    expect(items[1].querySelector('.md-card-body')).toBeNull();
  });

  it('renders tabs as CSS-only radio tabs, labelled from `labels`, with markdown panels', () => {
    const tabs = prose().querySelector('.tabs.md-tabs')!;
    expect(tabs.getAttribute('role')).toBe('group');
    const inputs = tabs.querySelectorAll('input.tab-input');
    const labels = tabs.querySelectorAll('label.tab-label');
    expect(labels.map((l) => l.text)).toEqual(['npm', 'yarn']);
    expect(labels.map((l) => l.getAttribute('for'))).toEqual(inputs.map((i) => i.id));
    expect(new Set(inputs.map((i) => i.getAttribute('name'))).size).toBe(1);
    expect(inputs[0].hasAttribute('checked')).toBe(true);
    const panels = tabs.querySelectorAll('.tab-panel');
    expect(panels).toHaveLength(2);
    expect(panels[0].querySelector('.code-block')?.getAttribute('data-lang')).toBe('bash');
    expect(panels[1].querySelector('p strong')?.text).toBe('restart');
    expect(panels[1].querySelector('code')?.text).toBe('yarn add ferry');
  });

  it('renders steps around the ordered list and a file tree around the nested list', () => {
    expect(
      prose()
        .querySelectorAll('.md-steps > ol > li')
        .map((li) => li.text.trim()),
    ).toEqual(['Install the CLI.', 'Log in.', 'Open a tunnel.']);
    const tree = prose().querySelector('.md-file-tree')!;
    expect(tree.getAttribute('aria-label')).toBe('Project files');
    expect(tree.querySelectorAll(':scope > ul > li').map((li) => li.childNodes[0].text.trim())).toEqual(['site/', 'sitegen.config.ts']);
    expect(tree.querySelector('ul ul ul li')?.text.trim()).toBe('Card.tsx');
  });

  it('renders a callout with an inline badge and a nested card with literal props', () => {
    const callout = prose().querySelector('.callout.callout-warning')!;
    expect(callout.getAttribute('role')).toBe('note');
    expect(callout.querySelector('.callout-title')?.text).toBe('Rotate the secret');
    expect(callout.querySelector('p .md-badge')?.text).toBe('hot');
    expect(callout.querySelector('.md-card .md-card-title')?.text).toBe('Nested');
    expect(callout.querySelector('.md-card .md-card-body')?.text.trim()).toBe('Inside a callout.');
  });

  it('renders a site component with a number prop and markdown children', () => {
    const shout = prose().querySelector('strong.shout')!;
    expect([shout.getAttribute('data-level'), shout.getAttribute('data-type'), shout.text]).toEqual(['2', 'number', 'quiet words']);
  });

  it('renders an island component with its chunk and payload, as on pages', () => {
    const island = prose().querySelector('.island[data-island="Counter"]')!;
    expect(island.getAttribute('data-props')).toBe('{"start":5}');
    expect(island.getAttribute('data-island-src')).toMatch(/Counter/);
    expect(island.querySelector('button.counter')?.text).toBe('Clicked 5 times');
    expect(listFiles(dist()).some((f) => /__island\/Counter_[0-9a-f]+\.json$/.test(f))).toBe(true);
  });

  it('gives the payload and the content API the same rendered HTML', () => {
    const payload = JSON.parse(read(dist(), 'guide/components/_payload.json')) as { html: string };
    expect(payload.html).toContain('class="md-cards"');
    expect(payload.html).not.toContain('sitegen-component');
    const api = listFiles(dist())
      .filter((f) => f.includes('_content/query/'))
      .map((f) => JSON.parse(read(dist(), f)) as { _path?: string; body?: { html: string } })
      .find((doc) => doc._path === '/guide/components');
    expect(api?.body?.html).toContain('class="md-cards"');
    expect(api?.body?.html).not.toContain('sitegen-component');
    expect(dom(api!.body!.html).querySelector('.tab-panel .code-block')).not.toBeNull();
  });
});

describe('a component with an href', () => {
  const CARDS = `---
title: Cards
---

<Cards>
<Card title="Setup" href="./2.setup.md#install-it" />
<Card title="Intro" href="1.intro.md">
The first page.
</Card>
</Cards>

See <Card title="Guide" href="./" />
`;

  it('links a source file as a markdown link does: to its page, in the page and in the content API', async () => {
    const own = copyFixture('basic');
    try {
      writeFileSync(join(own, 'content/guide/cards.md'), CARDS);
      const built = await runCli(['build', '--root', own]);
      expect(built.code, built.stderr).toBe(0);
      const page = dom(read(join(own, 'dist'), 'guide/cards/index.html')).querySelector('.prose')!;
      expect(page.querySelectorAll('.md-card-title a').map((a) => a.getAttribute('href'))).toEqual(['/guide/setup#install-it', '/guide/intro', '/guide']);
      const api = listFiles(join(own, 'dist'))
        .filter((f) => f.includes('_content/query/'))
        .map((f) => JSON.parse(read(join(own, 'dist'), f)) as { _path?: string; body?: { html: string } })
        .find((doc) => doc._path === '/guide/cards');
      expect(
        dom(api!.body!.html)
          .querySelectorAll('.md-card-title a')
          .map((a) => a.getAttribute('href')),
      ).toEqual(['/guide/setup#install-it', '/guide/intro', '/guide']);
    } finally {
      remove(own);
    }
  }, 120_000);

  it('is checked at its line: a source file that is no document, a route that does not exist, an anchor the page lacks', async () => {
    const own = copyFixture('basic');
    try {
      const broken = CARDS.replace('./2.setup.md#install-it', './2.setup.md#nothing')
        .replace('1.intro.md', './missing.md')
        .replace('href="./"', 'href="/nowhere"');
      writeFileSync(join(own, 'content/guide/cards.md'), broken);
      const built = await runCli(['build', '--root', own]);
      expect(built.code).toBe(1);
      expect(built.stderr).toContain('✗ content/guide/cards.md:6 [SG5002] Missing anchor\n  Missing anchor: ./2.setup.md#nothing (/guide/setup#nothing)');
      expect(built.stderr).toContain(
        '✗ content/guide/cards.md:7 [SG5001] Broken internal link\n  Broken link to ./missing.md on /guide/cards: there is no document guide/missing.md',
      );
      expect(built.stderr).toContain('✗ content/guide/cards.md:12 [SG5001] Broken internal link\n  Broken link to /nowhere on /guide/cards');
    } finally {
      remove(own);
    }
  }, 120_000);
});
