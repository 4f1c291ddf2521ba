/**
 * Math, footnotes and custom heading ids through the real CLI with the bundled templates: KaTeX's stylesheet and fonts
 * are hashed files linked only from the page with math, and links to footnotes and custom ids pass the anchor check.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { html, json, listFiles, read, remove, runCli, tempDir, type CliResult } from '../helpers.ts';
import { POSTS_QUERY_KEY, queryHash } from '../../src/output/manifest.ts';

let dir: string;
let out: string;
let withoutMath: string;
let result: CliResult;
let resultWithoutMath: CliResult;

const MATH_PAGE = `---
title: Formulas
---

## Euler {#euler}

Euler's identity: $e^{i\\pi} + 1 = 0$, which costs $5 and $10 to print.[^print]

$$
\\int_0^1 x^2\\,dx = \\frac{1}{3}
$$

A typo: $\\fracc{1}{2}$.

\`\`\`rsut
fn main() {}
\`\`\`

[^print]: In dollars.

The area: $$\\pi r^2$$, written in the paragraph.
`;

const headOf = (page: string) => /<head>[\s\S]*<\/head>/.exec(page)![0];

beforeAll(async () => {
  dir = tempDir('sitegen-syntax-');
  out = join(dir, 'dist');
  withoutMath = join(dir, 'dist-without-math');
  mkdirSync(join(dir, 'content'), { recursive: true });
  writeFileSync(join(dir, 'content/about.md'), '---\ntitle: About\n---\n\nPlain prose :tada: at 10:30:00.\n');
  // The same site without the page that has math (and without the page linking to it).
  resultWithoutMath = await runCli(['build', '--root', dir, '--out', withoutMath]);
  writeFileSync(join(dir, 'content/index.md'), '---\ntitle: Home\n---\n\nSee [the note](/math#fn1), [its reference](/math#fnref1) and [Euler](/math#euler).\n');
  writeFileSync(join(dir, 'content/math.md'), MATH_PAGE);
  // An on-demand sheet of the site's own, for the pages with footnotes.
  mkdirSync(join(dir, 'site/styles/on-demand'), { recursive: true });
  writeFileSync(join(dir, 'site/styles/on-demand/notes.css'), '.footnotes-list li { text-decoration: wavy underline; }\n');
  result = await runCli(['build', '--root', dir, '--out', out]);
}, 120_000);
afterAll(() => remove(dir));

describe('a site where one page has math', () => {
  it('builds: links to a footnote and a custom id pass the anchor check; bad TeX is a warning at its line', () => {
    expect(resultWithoutMath.code, resultWithoutMath.stderr).toBe(0);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('content/math.md:13');
    expect(result.stderr).toContain('[SG2016] Invalid math');
    expect(result.stderr).not.toContain('SG5002');
  });

  it('names the closest known language in the warning line of a fence whose language is unknown', () => {
    expect(result.stderr).toContain('warning content/math.md:15 [SG2012] Unknown code language "rsut" (did you mean "rust"?)\n');
    expect(read(out, 'math/index.html')).toMatch(/data-lang="rsut"[\s\S]*fn main\(\) \{\}/);
  });

  it('renders the math page with KaTeX and links its hashed stylesheet', () => {
    const page = html(out, 'math/index.html');
    expect(page.querySelectorAll('main .prose .katex .katex-mathml math')).toHaveLength(3);
    // `$$…$$` inside a paragraph is display math in the paragraph.
    const inParagraph = page.querySelectorAll('main .prose p').find((p) => p.text.startsWith('The area:'));
    expect(inParagraph?.querySelector('.katex-display math')?.getAttribute('display')).toBe('block');
    expect(inParagraph?.text).not.toContain('$$');
    expect(page.querySelector('main .prose .katex-error')?.text).toBe('\\fracc{1}{2}');
    expect(page.querySelector('main .prose p')!.text).toContain('which costs $5 and $10 to print.');
    expect(page.querySelector('main h2#euler')).not.toBeNull();
    expect(page.querySelector('main section.footnotes li#fn1')).not.toBeNull();
    const links = page.querySelectorAll('head link[rel="stylesheet"]').map((l) => l.getAttribute('href')!);
    const katex = links.filter((href) => href.includes('katex'));
    expect(katex).toHaveLength(1);
    expect(katex[0]).toMatch(/^\/_sitegen\/katex\.[0-9a-f]{10}\.css$/);
  });

  it('writes the stylesheet and the woff2 fonts it names, all with hashed names', () => {
    const css = read(out, 'math/index.html').match(/href="\/(_sitegen\/katex\.[0-9a-f]{10}\.css)"/)![1];
    const urls = [...read(out, css).matchAll(/url\(([^)]+)\)/g)].map((m) => m[1]);
    expect(urls.length).toBeGreaterThanOrEqual(20);
    for (const url of urls) {
      expect(url).toMatch(/^KaTeX_[\w-]+\.[0-9a-f]{10}\.woff2$/);
      expect(existsSync(join(out, '_sitegen', url)), url).toBe(true);
    }
    const files = listFiles(join(out, '_sitegen')).filter((f) => /katex/i.test(f));
    expect(files.sort()).toEqual([css.slice('_sitegen/'.length), ...urls].sort());
  });

  it('leaves the pages without math as they were: no KaTeX link, the same head byte for byte', () => {
    for (const file of ['about/index.html', 'index.html']) expect(read(out, file)).not.toContain('katex');
    expect(headOf(read(out, 'about/index.html'))).toBe(headOf(read(withoutMath, 'about/index.html')));
    expect(html(out, 'about/index.html').querySelector('main .prose p')!.text).toBe('Plain prose 🎉 at 10:30:00.');
  });

  it("links the markdown extensions' sheet, after the site's, only from the page whose body uses one of its rules", () => {
    const sheets = (file: string) =>
      html(out, file)
        .querySelectorAll('head link[rel="stylesheet"]')
        .map((l) => l.getAttribute('href')!);
    const [site, ...own] = sheets('math/index.html');
    expect(site).toMatch(/^\/_sitegen\/style\.[0-9a-f]{10}\.css$/);
    expect(own.map((href) => href.replace(/\.[0-9a-f]{10}\.css$/, ''))).toEqual(['/_sitegen/katex', '/_sitegen/markdown', '/_sitegen/notes']);
    for (const file of ['about/index.html', 'index.html']) expect(sheets(file)).toEqual([site]);
    // The footnotes' rules are in the markdown sheet, not in the sheet every page loads.
    const markdown = read(out, own[1].slice(1));
    expect(markdown).toContain('.footnote-ref');
    expect(read(out, site.slice(1))).not.toContain('footnote');
    expect(read(out, own[2].slice(1))).toContain('wavy underline');
    // The payload's head names the same sheets, for client-side navigation.
    const payload = JSON.parse(read(out, 'math/_payload.json')) as { head: { tags: { attrs: Record<string, string> }[] } };
    expect(payload.head.tags.filter((t) => t.attrs.rel === 'stylesheet').map((t) => t.attrs.href)).toEqual(own);
  });

  it('writes no KaTeX files for a site without math', () => {
    expect(listFiles(join(withoutMath, '_sitegen')).filter((f) => /katex/i.test(f))).toEqual([]);
  });
});

describe('headings with emoji and math', () => {
  it('keep them in the title a leading # heading gives, and in "On this page", as the heading shows them', async () => {
    const site = tempDir('sitegen-heading-text-');
    try {
      mkdirSync(join(site, 'content'), { recursive: true });
      writeFileSync(join(site, 'content/launch.md'), '# :rocket: Launch in $O(n)$ days\n\nText.\n\n## The $O(n)$ bound :tada:\n\n## Plain `code`\n');
      const built = await runCli(['build', '--root', site]);
      expect(built.code, built.stderr).toBe(0);
      const page = html(join(site, 'dist'), 'launch/index.html');
      expect(page.querySelector('title')!.text).toMatch(/^🚀 Launch in O\(n\) days \|/);
      expect(
        page
          .querySelector('nav.toc')!
          .querySelectorAll('li a')
          .map((a) => a.text),
      ).toEqual(['The O(n) bound 🎉', 'Plain code']);
    } finally {
      remove(site);
    }
  }, 120_000);
});

describe("a heading named like one of the theme's elements", () => {
  it('gets an id of its own, so its # link and the outline reach it rather than <main id="main">', async () => {
    const site = tempDir('sitegen-theme-ids-');
    try {
      mkdirSync(join(site, 'content'), { recursive: true });
      writeFileSync(
        join(site, 'content/parts.md'),
        '---\ntitle: Parts\n---\n\n## Main\n\nThe main part.\n\n## Extra {#main}\n\nSee [the main part](#main-1).\n',
      );
      const built = await runCli(['build', '--root', site]);
      expect(built.code, built.stderr).toBe(0);
      const page = html(join(site, 'dist'), 'parts/index.html');
      expect(page.querySelectorAll('[id="main"]').map((el) => el.tagName)).toEqual(['MAIN']);
      expect(page.querySelectorAll('.prose h2').map((h) => h.id)).toEqual(['main-1', 'main-1-1']);
      expect(
        page
          .querySelector('nav.toc')!
          .querySelectorAll('li a')
          .map((a) => a.getAttribute('href')),
      ).toEqual(['#main-1', '#main-1-1']);
    } finally {
      remove(site);
    }
  }, 120_000);
});

describe('footnotes in a post excerpt', () => {
  it('are left out of the excerpt cleanly (listing card, content API), and kept on the post page', async () => {
    const site = tempDir('sitegen-excerpt-notes-');
    try {
      mkdirSync(join(site, 'content/blog'), { recursive: true });
      writeFileSync(
        join(site, 'content/blog/2026-02-01-notes.md'),
        '---\ntitle: Notes\n---\n\nFerries run hourly.[^times] Tickets^[At the pier.] cost little.[^fare]\n\n[^fare]: Two euros.\n\n<!-- more -->\n\nMore.[^times]\n\n[^times]: From 6:00.\n',
      );
      const built = await runCli(['build', '--root', site]);
      expect(built.code, built.stderr).toBe(0);
      const out = join(site, 'dist');
      const expected = '<p>Ferries run hourly. Tickets cost little.</p>\n';
      const posts = json<{ path: string; excerpt?: string }[]>(out, `api/_content/query/${queryHash(POSTS_QUERY_KEY)}.json`);
      expect(posts.find((p) => p.path === '/blog/2026/02/01/notes')?.excerpt).toBe(expected);
      const card = html(out, 'blog/index.html').querySelector('.post-card-excerpt')!;
      expect(card.innerHTML).toBe(expected);
      expect(card.querySelector('sup, a, section')).toBeNull();
      const post = html(out, 'blog/2026/02/01/notes/index.html');
      expect(post.querySelectorAll('main sup.footnote-ref a').map((a) => a.getAttribute('href'))).toEqual(['#fn1', '#fn2', '#fn3', '#fn1']);
      expect(post.querySelectorAll('main section.footnotes li').map((li) => li.id)).toEqual(['fn1', 'fn2', 'fn3']);
    } finally {
      remove(site);
    }
  }, 120_000);
});
