/**
 * A user's first hour: many problems read as the few kinds they are (a table by code), a large
 * docs tree keeps a sidebar, search finds words far down a page, and an unknown `author:` is said.
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import MiniSearch from 'minisearch';
import { afterEach, describe, expect, it } from 'vitest';
import { INDEX_OPTIONS, type SearchDocument } from '../../templates/search/options.ts';
import { copyFixture, html, remove, runCli } from '../helpers.ts';

let site: string | undefined;
afterEach(() => {
  if (site) remove(site);
  site = undefined;
});

const write = (file: string, text: string) => {
  mkdirSync(join(site!, file, '..'), { recursive: true });
  writeFileSync(join(site!, file), text);
};
const edit = (file: string, change: (text: string) => string) => writeFileSync(join(site!, file), change(readFileSync(join(site!, file), 'utf8')));

/** 12 broken links, 8 missing anchors and 5 unknown layouts: 25 problems of 3 kinds. */
function manyProblems(): void {
  site = copyFixture('basic');
  for (let i = 1; i <= 12; i++) write(`content/broken/p${String(i).padStart(2, '0')}.md`, `---\ntitle: Broken ${i}\n---\n\nSee [nothing](/nowhere-${i}).\n`);
  for (let i = 1; i <= 8; i++) write(`content/anchors/a${i}.md`, `---\ntitle: Anchor ${i}\n---\n\nText.\n\nSee [about](/about#no-such-part-${i}).\n`);
  for (let i = 1; i <= 5; i++) write(`content/fancy/f${i}.md`, `---\ntitle: Fancy ${i}\nlayout: fancy\n---\n\nText.\n`);
}

describe('many problems', () => {
  it('print the first 20 in full, then a table by code with counts and the first three places', async () => {
    manyProblems();
    const result = await runCli(['build', '--root', site!]);
    expect(result.code).toBe(1);
    expect(result.stderr.match(/^✗ /gm)).toHaveLength(20);
    expect(result.stderr).toContain('25 problems of 3 kinds (the first 20 above in full; --problems all prints every one):');
    const table = result.stderr.slice(result.stderr.indexOf('25 problems of 3 kinds'));
    expect(table).toMatch(/\n {2}SG5001 +12 {2}Broken internal link +content\/broken\/p01\.md:5, content\/broken\/p02\.md:5, content\/broken\/p03\.md:5, …\n/);
    expect(table).toMatch(/\n {2}SG5002 +8 {2}Missing anchor +content\/anchors\/a1\.md:7, content\/anchors\/a2\.md:7, content\/anchors\/a3\.md:7, …\n/);
    expect(table).toMatch(/\n {2}SG2003 +5 {2}Unknown layout +content\/fancy\/f1\.md:3, content\/fancy\/f2\.md:3, content\/fancy\/f3\.md:3, …\n/);
    expect(result.stderr).toContain('Build failed: 25 problems.');
  });

  it('print every one with --problems all', async () => {
    manyProblems();
    const result = await runCli(['build', '--root', site!, '--problems', 'all']);
    expect(result.code).toBe(1);
    expect(result.stderr.match(/^✗ /gm)).toHaveLength(25);
    expect(result.stderr).toContain('25 problems of 3 kinds:');
    expect(result.stderr).toContain('Build failed: 25 problems.');
  });

  it('summarise warnings the same way', async () => {
    manyProblems();
    edit('site/config.ts', (t) => t.replace("separator: '|',", "separator: '|', checks: { links: 'warn', anchors: 'warn', layouts: 'warn' },"));
    const result = await runCli(['build', '--root', site!]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr.match(/^warning /gm)).toHaveLength(20);
    expect(result.stderr).toContain('25 warnings of 3 kinds (the first 20 above in full; --problems all prints every one):');
    expect(result.stderr).toMatch(/\n {2}SG5001 +12 {2}Broken internal link +content\/broken\/p01\.md:5/);
  });
});

describe('a docs tree above the sidebar limit (500 pages)', () => {
  it('gives each page a sidebar with its own section open and the others by title only', async () => {
    site = copyFixture('basic');
    // 6 sections of 90 pages under the docs root (guide/): 540 pages with the fixture's own.
    for (const part of ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta']) {
      write(`content/guide/${part}/index.md`, `---\ntitle: Part ${part}\n---\n\nAbout ${part}.\n`);
      for (let i = 1; i < 90; i++) write(`content/guide/${part}/page-${String(i).padStart(2, '0')}.md`, `---\ntitle: ${part} page ${i}\n---\n\nText.\n`);
    }
    const result = await runCli(['build', '--root', site!, '--quiet']);
    expect(result.code, result.stderr).toBe(0);
    const page = html(join(site!, 'dist'), 'guide/gamma/page-10/index.html');
    const nav = page.querySelector('nav#docs-sidebar')!;
    const current = nav.querySelector('a[aria-current="page"]');
    expect(current?.getAttribute('href')).toBe('/guide/gamma/page-10');
    // Its own section lists its pages; each other section is one link to it.
    expect(nav.querySelectorAll('a').map((a) => a.getAttribute('href'))).toContain('/guide/gamma/page-11');
    expect(nav.querySelectorAll('a.sb-closed').map((a) => a.getAttribute('href'))).toEqual(
      expect.arrayContaining(['/guide/alpha', '/guide/beta', '/guide/zeta']),
    );
    expect(nav.querySelectorAll('a').some((a) => a.getAttribute('href') === '/guide/beta/page-10')).toBe(false);
    // Small however large the tree: a window of the section's 90 pages, not 540 links.
    expect(nav.querySelectorAll('a').length).toBeLessThan(60);
    expect(nav.querySelector('.sb-more')?.text).toMatch(/… \d+ more pages/);
  });
});

describe('search', () => {
  it('finds a word far down a long page', async () => {
    site = copyFixture('basic');
    edit('site/config.ts', (t) => t.replace(/(['"])([^'"]*)plugins\/feed\1/, '$1$2plugins/feed$1, $1$2plugins/search$1'));
    const filler = Array.from({ length: 316 }, (_, i) => `Line ${i + 1} of the long guide says nothing in particular about anything.`);
    write('content/guide/long.md', `---\ntitle: A long page\n---\n\n${filler.join('\n\n')}\n\nThe word zanzibarite appears only here.\n`);
    const result = await runCli(['build', '--root', site!, '--quiet']);
    expect(result.code, result.stderr).toBe(0);
    const index = MiniSearch.loadJSON<SearchDocument>(readFileSync(join(site!, 'dist/_sitegen/search/index.json'), 'utf8'), INDEX_OPTIONS);
    expect(index.search('zanzibarite').map((hit) => hit.id)).toEqual(['/guide/long']);
  });
});

describe('one problem', () => {
  it('is counted as one in the link check line', async () => {
    site = copyFixture('basic');
    write('content/broken.md', '---\ntitle: Broken\n---\n\nSee [nothing](/nowhere).\n');
    const result = await runCli(['build', '--root', site!]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/✓ checked links on \d+ pages \(1 problem\) in /);
  });
});

describe('authors', () => {
  it('warns about an author: that authors.json does not name, with its file and line', async () => {
    site = copyFixture('basic');
    edit('content/blog/2020-01-21-hello-world.md', (t) => t.replace('author: ada', 'author: Jane'));
    const result = await runCli(['build', '--root', site!]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('warning content/blog/2020-01-21-hello-world.md:5 [SG2011] Unknown author "Jane": the page shows no byline');
    expect(result.stderr).not.toContain('2021-02-03-second-post.md:5 [SG2011]');
  });

  it('warns about each unknown id of an authors: list, at its line, and keeps the known one in the byline', async () => {
    site = copyFixture('basic');
    edit('content/blog/2020-01-21-hello-world.md', (t) => t.replace('author: ada', 'authors:\n  - ada\n  - Jane'));
    const result = await runCli(['build', '--root', site!]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('warning content/blog/2020-01-21-hello-world.md:7 [SG2011] Unknown author "Jane"');
    expect(result.stderr).not.toContain('Unknown author "ada"');
    expect(html(join(site!, 'dist'), 'blog/2020/01/21/hello-world/index.html').querySelector('.post-header .byline a')?.text).toBe('Ada Example');
  });

  it('names the file, the author and the line of an authors.json entry that is no author, rather than crashing', async () => {
    site = copyFixture('basic');
    const entries = JSON.parse(readFileSync(join(site, 'site/data/authors.json'), 'utf8')) as Record<string, unknown>;
    const written = (extra: Record<string, unknown>) => `${JSON.stringify({ ...entries, ...extra }, null, 2)}\n`;
    const line = (text: string, id: string) => text.split('\n').findIndex((l) => l.startsWith(`  "${id}":`)) + 1;
    const cases: [Record<string, unknown>, string][] = [
      [{ jo: 'Jo Park' }, 'author "jo" is "Jo Park", not an object with a "name"'],
      [{ jo: { role: 'Editor' } }, 'author "jo" has no "name" (received nothing)'],
      [{ jo: { name: 'Jo Park', bio: ['a'] } }, 'author "jo" has a "bio" that is not text (received a list)'],
    ];
    for (const [extra, message] of cases) {
      const text = written(extra);
      write('site/data/authors.json', text);
      const result = await runCli(['build', '--root', site!]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`✗ site/data/authors.json:${line(text, 'jo')} [SG2006] Invalid data file\n  Invalid authors file: ${message}\n`);
      expect(result.stderr).not.toContain('run with --debug');
    }
    write('site/data/authors.json', '[]\n');
    const list = await runCli(['build', '--root', site!]);
    expect(list.stderr).toContain(
      '✗ site/data/authors.json [SG2006] Invalid data file\n  Invalid authors file: expected an object of authors by id, received a list\n',
    );
    write('site/data/authors.json', '{ "ada": { "name": "Ada", } }\n');
    const syntax = await runCli(['build', '--root', site!]);
    expect(syntax.stderr).toContain('✗ site/data/authors.json:1:27 [SG2006] Invalid data file\n  Invalid JSON: ');
  });

  it("gives an author without a picture the initials of their name's words, whole characters only", async () => {
    site = copyFixture('basic');
    for (const [name, expected] of [
      ['@handle', 'H'],
      ['😀 Smiley Person', 'SP'],
    ]) {
      write('site/data/authors.json', `${JSON.stringify({ ada: { name } })}\n`);
      const result = await runCli(['build', '--root', site!]);
      expect(result.code, result.stderr).toBe(0);
      const page = html(join(site!, 'dist'), 'blog/2020/01/21/hello-world/index.html');
      expect(page.querySelectorAll('.post-meta .avatar, .author-box .avatar').map((a) => a.text)).toEqual([expected, expected]);
    }
  }, 120_000);

  it('shows an author without a role with no empty role', async () => {
    site = copyFixture('basic');
    write('site/data/authors.json', '{ "ada": { "name": "Ada Lovelace" } }\n');
    const result = await runCli(['build', '--root', site!]);
    expect(result.code, result.stderr).toBe(0);
    const box = html(join(site!, 'dist'), 'blog/2020/01/21/hello-world/index.html').querySelector('.author-box .author-name')!;
    expect(box.text.trim()).toBe('Ada Lovelace');
    expect(box.querySelector('.muted')).toBeNull();
  });

  it('fails the build with checks.authors: error', async () => {
    site = copyFixture('basic');
    edit('site/config.ts', (t) => t.replace("separator: '|',", "separator: '|', checks: { authors: 'error' },"));
    edit('content/blog/2020-01-21-hello-world.md', (t) => t.replace('author: ada', 'author: Jane'));
    const result = await runCli(['build', '--root', site!]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('✗ content/blog/2020-01-21-hello-world.md:5 [SG2011] Unknown author');
  });
});
