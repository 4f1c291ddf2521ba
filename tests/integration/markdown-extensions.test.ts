/**
 * A docs folder written for a VitePress-style markdown-it site (tests/fixtures/vitepress-docs) builds through the real
 * CLI with every extension rendered: containers (and Docusaurus's bracketed titles), details, code groups, line
 * highlights, notation markers, line numbers, includes and GitHub alerts. None of it is left as raw text, and nothing
 * is reported.
 */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { parse, type HTMLElement } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, copyFixture, read, remove, runCli, tempDir } from '../helpers.ts';

let site: string;
let docs: string;
let output = '';
beforeAll(async () => {
  site = copyFixture('basic');
  docs = join(tempDir('sitegen-vpdocs-'), 'docs');
  cpSync(join(FIXTURES, 'vitepress-docs'), docs, { recursive: true });
  const result = await runCli(['build', '--root', site, '--content', docs]);
  output = result.stdout + result.stderr;
  expect(result.code, output).toBe(0);
}, 120_000);
afterAll(() => {
  remove(site);
  remove(join(docs, '..'));
});

/** The page's main element, `<pre>` parsed as elements (node-html-parser keeps it as raw text by default). */
const page = (path: string): HTMLElement =>
  parse(read(join(site, 'dist'), `${path}/index.html`), { blockTextElements: { script: true, style: true } }).querySelector('main')!;
/** The text a reader sees, code included. */
const visible = (el: HTMLElement) => el.text;
const RAW = [
  ':::',
  '[!NOTE]',
  '[!TIP]',
  '[!IMPORTANT]',
  '[!WARNING]',
  '[!CAUTION]',
  '[!code',
  '@include',
  '<<<',
  '#region',
  '#endregion',
  '{2,4-5}',
  ':line-numbers',
  '[npm]',
];

describe('a VitePress-style docs folder', () => {
  it('builds without a warning', () => {
    expect(output).not.toMatch(/warning|SG20\d\d/);
  });

  it('leaves no extension syntax as text on any page', () => {
    for (const path of ['guide', 'guide/getting-started', 'guide/advanced']) {
      const text = visible(page(path));
      for (const raw of RAW) expect(text, `${raw} on /${path}`).not.toContain(raw);
    }
  });

  it("renders containers (Docusaurus's :::note[Title] too) and details as callouts with their titles", () => {
    const home = page('guide');
    const callouts = home.querySelectorAll('.callout[role="note"]');
    expect(callouts.map((c) => [c.getAttribute('aria-label'), c.querySelector('.callout-title')?.text])).toEqual([
      ['Tip', 'Tip'],
      ['Warning', 'Heads up'],
      ['Danger', 'Danger'],
      ['Info', 'Good to know'],
      ['Note', 'Written for Docusaurus'],
    ]);
    const details = home.querySelectorAll('details.callout-details');
    expect(details.map((d) => [d.querySelector('summary')?.text, d.hasAttribute('open')])).toEqual([
      ['Show the full event', false],
      ['Expanded by default', true],
    ]);
    expect(details[0].querySelector('.code-block')?.getAttribute('data-lang')).toBe('json');
  });

  it('renders the five GitHub alerts', () => {
    const alerts = page('guide/getting-started').querySelectorAll('.callout[role="note"]');
    expect(alerts.map((a) => a.classList.value.find((c) => c.startsWith('callout-')))).toEqual([
      'callout-note',
      'callout-tip',
      'callout-important',
      'callout-warning',
      'callout-caution',
    ]);
    expect(alerts[1].querySelector('.callout-title')?.text).toBe('Faster installs');
  });

  it('renders code groups, highlighted lines, line numbers and every notation marker', () => {
    const guide = page('guide/getting-started');
    const group = guide.querySelector('.code-group')!;
    expect(group.querySelectorAll('.tab-label').map((l) => l.text)).toEqual(['npm', 'yarn']);
    const blocks = guide.querySelectorAll('.code-block');
    const byText = (needle: string) => blocks.find((b) => b.querySelector('code')?.text.includes(needle))!;
    const lines = (block: HTMLElement) => block.querySelectorAll('.line');
    const config = byText("channel: 'orders'");
    expect(lines(config).map((l) => l.classList.contains('highlighted'))).toEqual([false, true, false, true, true, false]);
    const numbered = byText('createRelay');
    expect(numbered.querySelector('code')?.getAttribute('style')).toContain('counter-reset:line 9');
    const markers = byText('legacy: true');
    const classes = lines(markers).map((l) => l.classList.value.filter((c) => c !== 'line').join(' '));
    expect(classes).toEqual(['', 'diff remove', 'diff add', 'focused', 'highlighted', 'highlighted warning', 'highlighted error', '']);
    expect(markers.querySelectorAll('.code-copy').length).toBe(1);
  });

  it('includes parts, regions, line ranges and code files', () => {
    const guide = page('guide/getting-started');
    expect(guide.querySelector('h3#requirements')?.text).toContain('Requirements');
    expect(guide.querySelectorAll('.prose li').map((li) => li.text)).toContain('Node.js 20 or later');
    const verify = guide.querySelectorAll('.code-block').filter((b) => b.querySelector('code')?.text.includes('createHmac'));
    expect(verify.map((b) => b.querySelector('.code-lang')?.text)).toEqual(['verify.js', 'js']);
    expect(verify[0].querySelector('code')?.text).not.toContain('import');
    expect(verify[0].querySelectorAll('.line').map((l) => l.classList.contains('highlighted'))).toEqual([false, true, false]);
    const advanced = page('guide/advanced');
    expect(advanced.querySelectorAll('p').map((p) => p.text)).toContain('Run relay login once per machine.');
    expect(advanced.querySelector('h3')?.text).toContain('Requirements');
    expect(advanced.querySelectorAll('.prose li')).toHaveLength(0);
  });
});
