/**
 * A user's first hour: a docs folder written for VitePress, Docusaurus or Hugo, built with
 * `--content` pointing outside the project. Relative links to source files become routes (and are
 * checked), pages without `title:` take their H1 (shown once), ISO dates of any form are read, Hugo's
 * TOML front matter (`+++`) is read, MDX files are said to be skipped, an unknown layout falls back
 * instead of dropping the page, a `layout: home` page gets a hero and feature cards, and no output
 * file names the build machine's folders.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../src/dev/server.ts';
import { html, listFiles, remove, runCli, tempDir, type CliResult } from '../helpers.ts';

let parent: string;
let project: string;
let docs: string;
let out: string;
let built: CliResult & { output: string };

function write(dir: string, file: string, text: string): void {
  mkdirSync(dirname(join(dir, file)), { recursive: true });
  writeFileSync(join(dir, file), text);
}

async function build(): Promise<CliResult & { output: string }> {
  const result = await runCli(['build', '--content', docs, '--out', 'out'], { cwd: project });
  return { ...result, output: `${result.stdout}\n${result.stderr}` };
}

const CONFIG = `export default {
  url: 'https://example.com',
  name: 'Migrated',
  checks: { layouts: 'warn' },
  plugins: ['sitegen/plugins/seo', 'sitegen/plugins/markdown', 'sitegen/plugins/sitemap', 'sitegen/plugins/feed', 'sitegen/plugins/search'],
  theme: { search: true },
};
`;

const HOME = `---
layout: home
hero:
  name: Harbor
  text: Docs that load instantly
  tagline: Write <markdown> & ship it.
  actions:
    - theme: brand
      text: Get started
      link: /guide/writing
    - theme: alt
      text: GitHub
      link: https://github.com/example/harbor
    - theme: alt
      text: Evil
      link: "javascript:alert(1)"
features:
  - icon: ⚡
    title: Fast
    details: Rebuilds touch only what changed.
  - title: Searchable
    details: <script>alert(1)</script>
    link: /guide/other
    linkText: How search works
  - title: Plain HTML
    details: Any static host serves it.
---
`;

beforeAll(async () => {
  parent = tempDir('sitegen-migrate-');
  project = join(parent, 'project');
  docs = join(parent, 'docs');
  out = join(project, 'out');
  write(project, 'site/config.ts', CONFIG);
  write(docs, 'index.md', HOME);
  write(
    docs,
    'guide/1.writing.md',
    [
      '# Markdown Extensions',
      '',
      'Intro.',
      '',
      '## Headings',
      '',
      'See [other](./other.md), [self](writing.md#headings), [up](../guide/other.md#other-page),',
      '[folder](./sub/), [bare](./2.cms), [moved](./moved.md), [pdf](./file.pdf) and [site](/guide/other).',
      '',
    ].join('\n'),
  );
  write(docs, 'guide/other.md', "---\ntitle: Other Page\ndate: '2020-04-03T20:26:28.000Z'\n---\n\n# Other Page\n\nBody of the other page.\n");
  write(docs, 'guide/2.cms.md', '# CMS\n\nConnecting a CMS.\n');
  write(docs, 'guide/hugo.md', '+++\ntitle = "Hugo TOML"\ndate = 2024-01-02T10:00:00Z\ntags = ["hugo"]\n+++\nHugo body\n');
  write(docs, 'guide/sub/index.md', '---\ntitle: Sub\n---\n\nThe sub folder.\n');
  write(docs, 'guide/moved.md', '---\ntitle: Moved\npath: /elsewhere\n---\n\nMoved away.\n');
  write(
    docs,
    'blog/hello.md',
    "---\ntitle: Hello\ndate: '2020-04-03T20:26:28.000Z'\n---\n\nFirst post, see [other](../guide/other.md).\n\n<!-- more -->\n\nThe rest.\n",
  );
  write(docs, 'blog/offset.md', '---\ntitle: Offset\ndate: 2020-05-01T01:30:00+02:00\n---\n\nSecond post.\n');
  write(docs, 'about.md', '---\ntitle: About us\nlayout: about\n---\n\nWho we are.\n');
  write(docs, 'guide/component.mdx', '# MDX\n\n<Chart />\n');
  write(docs, 'fr/index.mdx', '# Accueil\n');
  built = await build();
});
afterAll(() => remove(parent));

describe('a docs folder written for another tool', () => {
  it('builds, with a warning for the unknown layout and one for the MDX files', () => {
    expect(built.code, built.output).toBe(0);
    expect(built.stderr).toContain(`warning ${docs}/about.md:3 [SG2003] Unknown layout "about": the page is shown with the "doc" layout until this is fixed`);
    const mdx = built.stderr.split('\n').filter((line) => line.includes('.mdx'));
    expect(mdx).toEqual([
      `warning 2 .mdx files skipped (${docs}/fr/index.mdx and others): sitegen reads markdown, not MDX (JSX in markdown). Rename a file to .md if it is plain markdown; write components as capitalised tags of registered components.`,
    ]);
  });

  it('turns relative links to source files into the routes they name', () => {
    const links = html(out, 'guide/writing/index.html')
      .querySelectorAll('.doc-body a:not(.header-anchor)')
      .map((a) => [a.text, a.getAttribute('href')]);
    expect(links).toEqual([
      ['other', '/guide/other'],
      ['self', '/guide/writing#headings'],
      ['up', '/guide/other#other-page'],
      ['folder', '/guide/sub'],
      ['bare', '/guide/cms'],
      ['moved', '/elsewhere'],
      ['pdf', './file.pdf'],
      ['site', '/guide/other'],
    ]);
    // The content API file of the page holds the same links.
    const api = listFiles(out)
      .filter((f) => f.startsWith('api/_content/query/'))
      .map((f) => readFileSync(join(out, f), 'utf8'))
      .find((t) => t.includes('Markdown Extensions'))!;
    expect(api).toContain('href=\\"/guide/other#other-page\\"');
    expect(api).not.toContain('.md\\"');
    // A post's excerpt too, wherever listings show it (here the blog listing's content API file).
    const listing = listFiles(out)
      .filter((f) => f.startsWith('api/_content/query/'))
      .map((f) => readFileSync(join(out, f), 'utf8'))
      .find((t) => t.startsWith('[') && t.includes('First post'))!;
    expect(listing).toContain('First post, see <a href=\\"/guide/other\\">other</a>');
  });

  it('titles a page without title: by its H1, shown once, in the head, the sidebar and the search index', () => {
    const page = html(out, 'guide/writing/index.html');
    expect(page.querySelector('title')?.text).toBe('Markdown Extensions | Migrated');
    expect(page.querySelectorAll('h1').map((h) => h.text.trim())).toEqual(['Markdown Extensions']);
    // The heading keeps its id (links to it still land) and the table of contents is the body's.
    expect(page.querySelector('h1')?.getAttribute('id')).toBe('markdown-extensions');
    expect(page.querySelector('.docs-toc a[href="#headings"]')).toBeTruthy();
    expect(page.querySelector('.docs-sidebar a[href="/guide/cms"]')?.text).toBe('CMS');
    const index = listFiles(out).find((f) => /^_sitegen\/search\/index\.json$/.test(f))!;
    expect(readFileSync(join(out, index), 'utf8')).toContain('"Markdown Extensions"');
  });

  it('shows the title once where a page has both title: and an H1', () => {
    const page = html(out, 'guide/other/index.html');
    expect(page.querySelectorAll('h1').map((h) => h.text.trim())).toEqual(['Other Page']);
    expect(page.querySelector('title')?.text).toBe('Other Page | Migrated');
  });

  it('reads ISO dates with fractions and offsets, in pages and blog posts', () => {
    expect(built.output).not.toContain('SG2002');
    expect(html(out, 'guide/other/index.html').querySelector('time')?.getAttribute('datetime')).toBe('2020-04-03');
    expect(html(out, 'blog/2020/04/03/hello/index.html').querySelector('h1')?.text.trim()).toBe('Hello');
    // 01:30 at +02:00 is the evening before in UTC.
    expect(html(out, 'blog/2020/04/30/offset/index.html').querySelector('h1')?.text.trim()).toBe('Offset');
    const listing = html(out, 'blog/index.html')
      .querySelectorAll('.post-card-title a')
      .map((a) => a.getAttribute('href'));
    expect(listing).toEqual(['/blog/2020/04/30/offset', '/blog/2020/04/03/hello']);
  });

  it("reads Hugo's TOML front matter between +++ lines, dates as YAML's, and publishes only the body", () => {
    const page = html(out, 'guide/hugo/index.html');
    expect(page.querySelector('title')?.text).toBe('Hugo TOML | Migrated');
    expect(page.querySelectorAll('h1').map((h) => h.text.trim())).toEqual(['Hugo TOML']);
    expect(page.querySelector('time')?.getAttribute('datetime')).toBe('2024-01-02');
    expect(page.querySelector('.doc-body')?.text.trim()).toBe('Hugo body');
    expect(page.toString()).not.toContain('+++');
  });

  it('renders a page of an unknown layout with the fallback layout at checks.layouts: warn', () => {
    const page = html(out, 'about/index.html');
    expect(page.querySelector('#__sitegen')?.getAttribute('data-layout')).toBe('doc');
    expect(page.querySelector('h1')?.text.trim()).toBe('About us');
    expect(page.querySelector('.prose')?.text).toContain('Who we are.');
  });

  it('renders layout: home as a hero with actions and feature cards, everything escaped', () => {
    const page = html(out, 'index.html');
    expect(page.querySelector('#__sitegen')?.getAttribute('data-layout')).toBe('home');
    expect(page.querySelector('.home-title .home-name')?.text).toBe('Harbor');
    expect(page.querySelector('.home-title .home-text')?.text).toBe('Docs that load instantly');
    expect(page.querySelector('.home-tagline')?.text).toBe('Write <markdown> & ship it.');
    const actions = page.querySelectorAll('.home-actions a').map((a) => [a.text, a.getAttribute('href'), a.classList.contains('btn-primary')]);
    expect(actions).toEqual([
      ['Get started', '/guide/writing', true],
      ['GitHub', 'https://github.com/example/harbor', false],
    ]);
    const cards = page.querySelectorAll('.home-feature').map((li) => ({
      title: li.querySelector('.home-feature-title')?.text,
      details: li.querySelector('.home-feature-details')?.text,
      icon: li.querySelector('.home-feature-icon')?.text,
      link: li.querySelector('a')?.getAttribute('href'),
    }));
    expect(cards).toEqual([
      { title: 'Fast', details: 'Rebuilds touch only what changed.', icon: '⚡', link: undefined },
      { title: 'Searchable', details: '<script>alert(1)</script>', icon: undefined, link: '/guide/other' },
      { title: 'Plain HTML', details: 'Any static host serves it.', icon: undefined, link: undefined },
    ]);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).not.toMatch(/<script>alert|javascript:/);
  });

  it('writes no absolute path of the build machine into any output file', async () => {
    const leaks = (dir: string) =>
      listFiles(dir).filter((file) => {
        const text = readFileSync(join(dir, file), 'latin1');
        return text.includes(parent) || text.includes(project) || text.includes(docs);
      });
    // A plain folder of markdown (what any version built), with a post and a heading.
    const plain = join(parent, 'plain');
    write(plain, 'guide/page.md', '---\ntitle: Page\n---\n\n## Part\n\nText.\n');
    write(plain, 'blog/2020-01-02-post.md', '---\ntitle: Post\n---\n\nA post.\n');
    const result = await runCli(['build', '--content', plain, '--out', 'plain-out'], { cwd: project });
    expect(result.code, result.stderr).toBe(0);
    expect(leaks(join(project, 'plain-out'))).toEqual([]);
    // And the whole migrated folder.
    expect(listFiles(out).length).toBeGreaterThan(20);
    expect(leaks(out)).toEqual([]);
  });
});

describe('posts in folders of their own (page bundles)', () => {
  it("take their date and slug from the folder's name, as Docusaurus and Hugo give them, with the images beside them", async () => {
    const site = tempDir('sitegen-bundles-');
    try {
      write(site, 'content/blog/2021-08-26-welcome/index.md', '---\ntitle: Welcome\n---\n\n![A pixel](./pixel.gif)\n');
      writeFileSync(join(site, 'content/blog/2021-08-26-welcome/pixel.gif'), Buffer.from('R0lGODlhAQABAAAAACw=', 'base64'));
      write(site, 'content/blog/launch-day/index.md', '---\ntitle: Launch day\ndate: 2022-03-04\n---\n\nSee [the welcome](../2021-08-26-welcome/index.md).\n');
      const result = await runCli(['build', '--root', site]);
      expect(result.code, result.stderr).toBe(0);
      const dist = join(site, 'dist');
      expect(html(dist, 'blog/2021/08/26/welcome/index.html').querySelector('.prose img')?.getAttribute('src')).toMatch(
        /^\/_sitegen\/images\/pixel\.[0-9a-f]+\.gif$/,
      );
      expect(html(dist, 'blog/2022/03/04/launch-day/index.html').querySelector('.prose a')?.getAttribute('href')).toBe('/blog/2021/08/26/welcome');
      expect(listFiles(dist).filter((f) => f.startsWith('blog/20') && f.endsWith('index.html'))).toEqual([
        'blog/2021/08/26/welcome/index.html',
        'blog/2022/03/04/launch-day/index.html',
      ]);
    } finally {
      remove(site);
    }
  }, 120_000);
});

describe("Hugo's _index.md", () => {
  it("is its folder's own page, as index.md is (it was taken for a partial and left out)", async () => {
    const site = tempDir('sitegen-hugo-index-');
    try {
      write(site, 'content/_index.md', '---\ntitle: Home of the site\n---\n\nWelcome.\n');
      write(site, 'content/notes/_index.md', '---\ntitle: Notes section\n---\n\nSee [the first note](./first.md).\n');
      write(site, 'content/notes/first.md', '---\ntitle: First note\n---\n\nBack to [the notes](./_index.md).\n');
      const result = await runCli(['build', '--root', site]);
      expect(result.code, result.stderr).toBe(0);
      const dist = join(site, 'dist');
      expect(html(dist, 'index.html').querySelector('h1')?.text).toBe('Home of the site');
      expect(html(dist, 'notes/index.html').querySelector('h1')?.text).toBe('Notes section');
      expect(html(dist, 'notes/index.html').querySelector('.prose a')?.getAttribute('href')).toBe('/notes/first');
      expect(html(dist, 'notes/first/index.html').querySelector('.prose a')?.getAttribute('href')).toBe('/notes');
      // Beside an index.md of the same folder, it is the same route twice.
      write(site, 'content/notes/index.md', '---\ntitle: Also notes\n---\n\nX.\n');
      const both = await runCli(['build', '--root', site]);
      expect(both.code).toBe(1);
      expect(both.stderr).toContain('Route /notes is claimed by both content/notes/_index.md and content/notes/index.md');
    } finally {
      remove(site);
    }
  }, 120_000);
});

describe("the sidebar's order as other tools write it", () => {
  it("takes Docusaurus's sidebar_position and Hugo's weight as order", async () => {
    const site = tempDir('sitegen-order-');
    try {
      write(site, 'content/alpha.md', '---\ntitle: Alpha\nsidebar_position: 3\n---\n\nA.\n');
      write(site, 'content/beta.md', '---\ntitle: Beta\nweight: 1\n---\n\nB.\n');
      write(site, 'content/gamma.md', '---\ntitle: Gamma\norder: 2\n---\n\nC.\n');
      write(site, 'content/delta.md', '---\ntitle: Delta\n---\n\nD.\n');
      const result = await runCli(['build', '--root', site]);
      expect(result.code, result.stderr).toBe(0);
      const sidebar = html(join(site, 'dist'), 'delta/index.html').querySelectorAll('.docs-sidebar nav a');
      expect(sidebar.map((a) => a.text.trim())).toEqual(['Beta', 'Gamma', 'Alpha', 'Delta']);
    } finally {
      remove(site);
    }
  }, 120_000);
});

describe('relative links after the sources change', () => {
  it('follows a target whose path: changes, and reports a renamed target with its file and line', async () => {
    write(docs, 'guide/moved.md', '---\ntitle: Moved\npath: /elsewhere/again\n---\n\nMoved away.\n');
    const again = await build();
    expect(again.code, again.output).toBe(0);
    expect(html(out, 'guide/writing/index.html').querySelector('.doc-body a[href^="/elsewhere"]')?.getAttribute('href')).toBe('/elsewhere/again');

    renameSync(join(docs, 'guide/other.md'), join(docs, 'guide/renamed.md'));
    const broken = await build();
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain(
      `✗ ${docs}/guide/1.writing.md:7 [SG5001] Broken internal link\n  Broken link to ./other.md on /guide/writing: there is no document guide/other`,
    );
    expect(broken.stderr).toContain('Broken link to ../guide/other.md#other-page on /guide/writing');
    renameSync(join(docs, 'guide/renamed.md'), join(docs, 'guide/other.md'));
  });

  it('reports a link to a missing file and a missing anchor with their lines', async () => {
    const text = readFileSync(join(docs, 'guide/2.cms.md'), 'utf8');
    write(docs, 'guide/2.cms.md', `${text}\nSee [nope](../nope) and [anchor](./other.md#no-such-heading).\n`);
    const result = await build();
    write(docs, 'guide/2.cms.md', text);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `✗ ${docs}/guide/2.cms.md:5 [SG5001] Broken internal link\n  Broken link to ../nope on /guide/cms: there is no document nope.md or nope/index.md`,
    );
    expect(result.stderr).toContain(
      `✗ ${docs}/guide/2.cms.md:5 [SG5002] Missing anchor\n  Missing anchor: ./other.md#no-such-heading (/guide/other#no-such-heading) on /guide/cms`,
    );
  });
});

describe('dev, for an unknown layout', () => {
  let site: string | undefined;
  let dev: DevServer | undefined;
  afterAll(async () => {
    await dev?.close();
    if (site) remove(site);
  });

  it('serves the page with the fallback layout and says so, instead of a 404 behind the overlay', async () => {
    site = tempDir('sitegen-migrate-dev-');
    write(site, 'site/config.ts', "export default { url: 'https://example.com', name: 'Dev' };\n");
    write(site, 'content/team.md', '---\ntitle: Team\nlayout: about\n---\n\nThe team.\n');
    dev = await startDevServer({ root: site, port: 0 });
    const res = await fetch(`${dev.url}/team`);
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toContain('data-layout="doc"');
    expect(body).toContain('The team.');
    const problem = dev.session.allProblems().find((p) => p.code === 'SG2003');
    expect(problem?.location).toEqual({ file: 'content/team.md', line: 3 });
    expect(problem?.message).toBe('Unknown layout "about": the page is shown with the "doc" layout until this is fixed');
  });
});
