/**
 * `sitegen create`: a new site from the starter, built through the real CLI with no warnings.
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, html, listFiles, read, remove, runCli, tempDir, type CliResult } from '../helpers.ts';

let parent: string;
let site: string;
let created: CliResult;
let built: CliResult;
let written: string[];
const TARBALL = `react-sitegen-${JSON.parse(read(ROOT, 'package.json')).version}.tgz`;

beforeAll(async () => {
  parent = tempDir('sitegen-create-');
  site = join(parent, 'my site');
  created = await runCli(['create', 'my site'], { cwd: parent });
  written = listFiles(site);
  built = await runCli(['build', '--root', site]);
});
afterAll(() => remove(parent));

describe('sitegen create', () => {
  it('writes the starter with a packed copy of sitegen, and prints what it depends on and the next two commands', () => {
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toBe(
      `Created a new site in ${site} (12 files).\n\n` +
        `react-sitegen is not on npm yet: the site depends on this copy of it, packed into\n` +
        `vendor/${TARBALL} ("react-sitegen": "file:vendor/${TARBALL}" in package.json; keep it in git).\n\n` +
        'Next:\n  cd "my site"\n  npm install && npm run dev\n',
    );
    expect(written).toEqual(
      [
        '.gitignore',
        'content/_parts/shared.md',
        'content/blog/2025-01-15-hello-world.md',
        'content/docs/guide/1.writing.md',
        'content/docs/guide/index.md',
        'package.json',
        'site/config.ts',
        'site/pages/index.tsx',
        'site/public/favicon.svg',
        'site/public/images/hello.png',
        'tsconfig.json',
        `vendor/${TARBALL}`,
      ].sort(),
    );
  });

  it('installs nothing unless asked, names the package after the folder, and depends on the packed copy', () => {
    const manifest = JSON.parse(read(site, 'package.json'));
    expect(manifest.name).toBe('my-site');
    expect(manifest.dependencies).toEqual({ 'react-sitegen': `file:vendor/${TARBALL}` });
    expect(written.some((f) => f.startsWith('node_modules/'))).toBe(false);
  });

  it('refuses a folder that is not empty, with a hint', async () => {
    const again = await runCli(['create', 'my site'], { cwd: parent });
    expect(again.code).toBe(1);
    expect(again.stderr).toBe('✗ my site is not empty\n  hint: sitegen create writes a new site into a new or empty folder; pick another name.\n');
  });

  it('refuses a file where the folder or a parent of it would be, with a hint and nothing written', async () => {
    writeFileSync(join(parent, 'a-file'), 'mine');
    for (const dir of ['a-file', 'a-file/sub']) {
      const result = await runCli(['create', dir], { cwd: parent });
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `✗ ${dir} cannot be made: a-file is a file\n  hint: sitegen create writes a new site into a new or empty folder; pick another name.\n`,
      );
    }
    expect(readFileSync(join(parent, 'a-file'), 'utf8')).toBe('mine');
  });

  it('builds with no warnings', () => {
    expect(built.stderr).toBe('');
    expect(built.code).toBe(0);
    expect(built.stdout).not.toMatch(/warn/i);
    expect(built.stdout).toMatch(/Built 8 pages into dist\//);
  });

  it('gives every page an SVG favicon, a search box with its index, and room above the first heading', () => {
    const dist = join(site, 'dist');
    for (const file of ['index.html', 'docs/guide/index.html', 'blog/2025/01/15/hello-world/index.html']) {
      const page = html(dist, file);
      expect(page.querySelector('link[rel="icon"]')?.getAttribute('href'), file).toBe('/favicon.svg');
      expect(page.querySelector('header form[role="search"] input[type="search"]'), file).not.toBeNull();
    }
    expect(read(dist, 'favicon.svg')).toMatch(/^<svg /);
    expect(listFiles(dist).filter((f) => /^_sitegen\/search\/index\.json$/.test(f))).toHaveLength(1);
    // The home page's heading sits in the theme's padded page header, not flush against the site header.
    expect(html(dist, 'index.html').querySelector('main > header.page-header h1.page-title')?.text).toBe('My site');
    expect(html(dist, 'index.html').querySelector('main > section.page-pad h2')?.text).toBe('Latest posts');
  });

  it('renders a home page listing the post, docs with a sidebar from the folder, and the post', () => {
    const dist = join(site, 'dist');
    const home = html(dist, 'index.html');
    expect(home.querySelector('h1')?.text).toBe('My site');
    expect(home.querySelectorAll('.starter-posts a').map((a) => a.getAttribute('href'))).toContain('/blog/2025/01/15/hello-world');
    const writing = html(dist, 'docs/guide/writing/index.html');
    expect(writing.querySelectorAll('#docs-sidebar a').map((a) => [a.getAttribute('href'), a.text])).toEqual([
      ['/docs/guide', 'Guide'],
      ['/docs/guide/writing', 'Writing pages'],
    ]);
    expect(writing.querySelector('#docs-sidebar a[aria-current="page"]')?.getAttribute('href')).toBe('/docs/guide/writing');
    expect(writing.querySelector('h2#headings')).not.toBeNull();
    const post = html(dist, 'blog/2025/01/15/hello-world/index.html');
    expect(post.querySelector('h1')?.text).toBe('Hello, world');
    expect(post.querySelector('article img')).not.toBeNull();
    expect(listFiles(dist)).toContain('blog/feed.xml');
    // The theme's blog listings: every post, and each tag's.
    expect(
      html(dist, 'blog/index.html')
        .querySelectorAll('.post-card a')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/blog/2025/01/15/hello-world']);
    // One post is one post, not "All 1 posts."
    expect(html(dist, 'blog/index.html').querySelector('.page-lead')?.text).toBe('1 post.');
    expect(
      html(dist, 'blog/tags/news/index.html')
        .querySelectorAll('.post-card a')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/blog/2025/01/15/hello-world']);
  });

  it('names nothing of the bundled demo site, in its pages or its scripts', () => {
    const dist = join(site, 'dist');
    for (const file of listFiles(dist).filter((f) => /\.(html|js|json)$/.test(f))) expect(read(dist, file), file).not.toMatch(/ferrygate|webhook/i);
    // The demo site's islands (forms, pricing toggle, HMAC calculator) live in its own site/islands/.
    expect(listFiles(join(dist, '_sitegen')).filter((f) => f.startsWith('islands/'))).toEqual([]);
  });

  it('type-checks with its own tsconfig once react-sitegen is installed', async () => {
    mkdirSync(join(site, 'node_modules/@types'), { recursive: true });
    symlinkSync(ROOT, join(site, 'node_modules/react-sitegen'), 'dir');
    symlinkSync(join(ROOT, 'node_modules/react'), join(site, 'node_modules/react'), 'dir');
    for (const name of ['react', 'node']) symlinkSync(join(ROOT, 'node_modules/@types', name), join(site, 'node_modules/@types', name), 'dir');
    const result = await new Promise<{ code: number; out: string }>((resolve) => {
      execFile(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: site }, (error, stdout, stderr) => {
        resolve({ code: error ? 1 : 0, out: stdout + stderr });
      });
    });
    expect(result.out).toBe('');
    expect(result.code).toBe(0);
  });
});

describe('sitegen create --locales', () => {
  let two: string;
  let made: CliResult;
  let build: CliResult;
  beforeAll(async () => {
    two = join(parent, 'two');
    made = await runCli(['create', 'two', '--locales', 'en,de'], { cwd: parent });
    build = await runCli(['build', '--root', two]);
  }, 120_000);

  it('writes a starter in two languages that builds with no warnings', () => {
    expect(made.code, made.stderr).toBe(0);
    expect(read(two, 'site/config.ts')).toContain("locales: ['en', 'de'],");
    expect(listFiles(join(two, 'content/de')).sort()).toEqual(['docs/guide/1.writing.md', 'docs/guide/index.md']);
    expect(build.stderr).toBe('');
    expect(build.code).toBe(0);
    expect(build.stdout).not.toMatch(/warn/i);
  });

  it('gives the German copy its language, its links in its folder, and the English page as its translation', () => {
    const page = html(join(two, 'dist'), 'de/docs/guide/index.html');
    expect(page.querySelector('html')!.getAttribute('lang')).toBe('de');
    expect(page.querySelector('main a[href="/de/docs/guide/writing"]')).not.toBeNull();
    expect(page.querySelectorAll('link[hreflang]').map((l) => l.getAttribute('hreflang'))).toEqual(['en', 'de', 'x-default']);
    expect(page.querySelector('.main-nav a')!.getAttribute('href')).toBe('/de/docs/guide');
  });

  it('refuses a list that is not language codes, with a hint', async () => {
    const bad = await runCli(['create', 'three', '--locales', 'en,de de'], { cwd: parent });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe('✗ --locales: "de de" is not a language code\n  hint: List language codes, the default first: --locales en,de\n');
  });
});
