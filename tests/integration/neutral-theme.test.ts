/**
 * The bundled theme takes its site-specific parts from the config: a created site with its blog
 * in `news/`, search switched on and a menu item with `activeMatch`; and a bare folder of
 * markdown, with no config at all, gets docs pages with a sidebar built from its folders.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { html, listFiles, read, remove, runCli, tempDir, type CliResult } from '../helpers.ts';

let parent: string;
let site: string;
let built: CliResult;
let bare: string;
let bareBuilt: CliResult;

beforeAll(async () => {
  parent = tempDir('sitegen-neutral-');
  site = join(parent, 'site');
  await runCli(['create', 'site'], { cwd: parent });
  renameSync(join(site, 'content/blog'), join(site, 'content/news'));
  const config = join(site, 'site/config.ts');
  writeFileSync(
    config,
    readFileSync(config, 'utf8')
      .replace("description: 'A site built with sitegen.',", "description: 'A site built with sitegen.',\n  blogDir: 'news',")
      .replace(
        "nav: [{ text: 'Docs', href: '/docs/guide' }],",
        "nav: [{ text: 'Docs', href: '/docs/guide', activeMatch: '^/(docs/|news/)' }],\n    logo: { src: '/images/hello.png', width: 32 },\n    social: [{ text: 'GitHub', href: 'https://github.com/me' }, { text: 'Mastodon', href: 'https://example.social/@me' }],",
      ),
  );
  built = await runCli(['build', '--root', site]);

  // A bare folder (no site/, no config) holding a folder of nested markdown.
  bare = join(parent, 'bare');
  const page = (file: string, title: string) => {
    mkdirSync(join(bare, 'notes', file, '..'), { recursive: true });
    writeFileSync(join(bare, 'notes', file), `---\ntitle: ${title}\n---\n\n${title} text.\n`);
  };
  page('index.md', 'Welcome');
  page('faq.md', 'FAQ');
  page('guide/index.md', 'Guide');
  page('guide/1.install.md', 'Install');
  page('guide/2.usage.md', 'Usage');
  page('guide/advanced/tuning.md', 'Tuning');
  page('reference/cli.md', 'CLI');
  bareBuilt = await runCli(['build', '--content', 'notes', '--out', 'out'], { cwd: bare });
});
afterAll(() => remove(parent));

describe('a neutral theme, configured', () => {
  it('builds', () => {
    expect(built.stderr).toBe('');
    expect(built.code).toBe(0);
  });

  it('links a post back to the configured blog folder', () => {
    const post = html(join(site, 'dist'), 'news/2025/01/15/hello-world/index.html');
    expect(post.querySelector('a.back-link')?.getAttribute('href')).toBe('/news');
  });

  it('sends the search form to the home page by default, and indexes the docs root and the blog folder', () => {
    const dist = join(site, 'dist');
    expect(html(dist, 'index.html').querySelector('form.header-search')?.getAttribute('action')).toBe('/');
    const index = listFiles(dist).find((f) => /^_sitegen\/search\/index\.json$/.test(f))!;
    const text = read(dist, index);
    for (const path of ['/docs/guide', '/docs/guide/writing', '/news/2025/01/15/hello-world']) expect(text, path).toContain(JSON.stringify(path));
  });

  it('marks a menu item current by its activeMatch', () => {
    const dist = join(site, 'dist');
    const active = (file: string) => html(dist, file).querySelector('.main-nav a.nav-link.is-active')?.getAttribute('href');
    expect(active('news/2025/01/15/hello-world/index.html')).toBe('/docs/guide');
    expect(active('docs/guide/writing/index.html')).toBe('/docs/guide');
    expect(active('index.html')).toBeUndefined();
  });
});

describe('logo and social links from the config', () => {
  it('shows the configured logo beside the name in the header and footer', () => {
    const home = html(join(site, 'dist'), 'index.html');
    for (const where of ['.site-header', '.site-footer']) {
      const img = home.querySelector(`${where} a.brand img`);
      expect(img?.getAttribute('src'), where).toBe('/images/hello.png');
      expect([img?.getAttribute('width'), img?.getAttribute('height'), img?.getAttribute('alt')], where).toEqual(['32', '28', '']);
      expect(home.querySelector(`${where} a.brand svg`), where).toBeNull();
    }
  });

  it('fails the build at the config when the logo names no public file (it would be a broken image on every page)', async () => {
    const other = tempDir('sitegen-logo-');
    try {
      mkdirSync(join(other, 'content'), { recursive: true });
      mkdirSync(join(other, 'site'), { recursive: true });
      writeFileSync(join(other, 'content/index.md'), '---\ntitle: Home\n---\n\nHello.\n');
      writeFileSync(
        join(other, 'site/config.ts'),
        "export default { url: 'https://example.com', name: 'Brand', theme: { logo: { src: '/images/logo.svg' } } };\n",
      );
      const result = await runCli(['build', '--root', other]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        '✗ site/config.ts [SG5003] Missing image\n  Missing image /images/logo.svg for theme.logo (looked for site/public/images/logo.svg)\n',
      );
      mkdirSync(join(other, 'site/public/images'), { recursive: true });
      writeFileSync(join(other, 'site/public/images/logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>');
      expect((await runCli(['build', '--root', other])).code).toBe(0);
    } finally {
      remove(other);
    }
  });

  it('lists the social links in the footer', () => {
    const links = [...html(join(site, 'dist'), 'index.html').querySelectorAll('.site-footer .footer-social a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('rel')])).toEqual([
      ['GitHub', 'https://github.com/me', 'me'],
      ['Mastodon', 'https://example.social/@me', 'me'],
    ]);
  });

  it('shows the name alone, and no social links, when the config has none', () => {
    const home = html(join(bare, 'out'), 'index.html');
    expect(home.querySelector('.site-header a.brand')?.textContent).toBe('sitegen site');
    expect(home.querySelector('.site-header a.brand img, .site-header a.brand svg')).toBeNull();
    expect(home.querySelector('.footer-social')).toBeNull();
  });
});

describe('a bare folder of markdown', () => {
  const sidebar = (file: string) => html(join(bare, 'out'), file).querySelector('nav#docs-sidebar');
  const links = (file: string) => [...sidebar(file)!.querySelectorAll('a.sb-link')].map((a) => a.getAttribute('href'));
  const current = (file: string) => [...sidebar(file)!.querySelectorAll('[aria-current="page"]')].map((a) => a.getAttribute('href'));

  it('builds without a site/ folder', () => {
    expect(bareBuilt.stderr).toBe('');
    expect(bareBuilt.code).toBe(0);
  });

  it('gives every page a docs sidebar listing the folders and their pages, in order', () => {
    for (const file of ['index.html', 'faq/index.html', 'guide/install/index.html', 'guide/advanced/tuning/index.html', 'reference/cli/index.html']) {
      expect(links(file), file).toEqual(['/', '/faq', '/guide', '/guide/install', '/guide/usage', '/guide/advanced/tuning', '/reference/cli']);
    }
    const titles = [...sidebar('guide/usage/index.html')!.querySelectorAll('.sb-title')].map((t) => t.textContent);
    expect(titles).toEqual(['Guide', 'reference']);
  });

  it('marks the current page, and opens the folder holding it', () => {
    expect(current('guide/usage/index.html')).toEqual(['/guide/usage']);
    expect(current('index.html')).toEqual(['/']);
    expect(current('reference/cli/index.html')).toEqual(['/reference/cli']);
    const tuning = sidebar('guide/advanced/tuning/index.html')!;
    expect(current('guide/advanced/tuning/index.html')).toEqual(['/guide/advanced/tuning']);
    expect(tuning.querySelector('details.sb-group')?.hasAttribute('open')).toBe(true);
    expect(sidebar('guide/usage/index.html')!.querySelector('details.sb-group')?.hasAttribute('open')).toBe(false);
  });

  it('lays the pages out as docs: section eyebrow and previous/next in sidebar order', () => {
    const usage = html(join(bare, 'out'), 'guide/usage/index.html');
    expect(usage.querySelector('main')?.getAttribute('class')).toContain('main-docs');
    expect(usage.querySelector('.doc-header .eyebrow')?.textContent).toBe('Guide');
    const hrefs = [...usage.querySelectorAll('.doc-footer a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(expect.arrayContaining(['/guide/install', '/guide/advanced/tuning']));
  });
});

describe('a large bare folder of markdown', () => {
  it('gets a compact sidebar past 500 pages: its own section open, the others a link each (no page carries them all)', async () => {
    const dir = tempDir('sitegen-big-bare-');
    try {
      for (let f = 0; f < 6; f++) {
        mkdirSync(join(dir, 'notes', `part-${f}`), { recursive: true });
        for (let i = 0; i < 90; i++) writeFileSync(join(dir, 'notes', `part-${f}`, `page-${i}.md`), `---\ntitle: Page ${f}.${i}\n---\n\nText.\n`);
      }
      const built = await runCli(['build', '--content', 'notes', '--out', 'out'], { cwd: dir });
      expect(built.code, built.stderr).toBe(0);
      const page = html(join(dir, 'out'), 'part-0/page-1/index.html');
      const links = page.querySelectorAll('nav#docs-sidebar a');
      expect(links.length).toBeGreaterThan(5);
      expect(links.length).toBeLessThan(90);
      expect(page.querySelector('nav#docs-sidebar a[aria-current="page"]')?.getAttribute('href')).toMatch(/part-0\/page-1\/?$/);
      // Another section is one link (to its first page, it having no index), not its 90 pages.
      expect(links.filter((a) => /part-3\//.test(a.getAttribute('href') ?? '')).length).toBe(1);
      expect(page.querySelector('main h1')?.textContent).toBe('Page 0.1');
    } finally {
      remove(dir);
    }
  }, 120_000);
});
