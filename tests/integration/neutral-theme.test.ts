/**
 * The bundled theme takes its site-specific parts from the config: a created site with its blog
 * in `news/`, search switched on and a menu item with `activeMatch`.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { html, listFiles, read, remove, runCli, tempDir, type CliResult } from '../helpers.ts';

let parent: string;
let site: string;
let built: CliResult;

beforeAll(async () => {
  parent = tempDir('sitegen-neutral-');
  site = join(parent, 'site');
  await runCli(['create', 'site'], { cwd: parent });
  renameSync(join(site, 'content/blog'), join(site, 'content/news'));
  const config = join(site, 'site/config.ts');
  writeFileSync(config, readFileSync(config, 'utf8')
    .replace("description: 'A site built with sitegen.',", "description: 'A site built with sitegen.',\n  blogDir: 'news',")
    .replace("'sitegen/plugins/feed']", "'sitegen/plugins/feed', 'sitegen/plugins/search']")
    .replace("nav: [{ text: 'Docs', href: '/docs/guide' }],", "nav: [{ text: 'Docs', href: '/docs/guide', activeMatch: '^/(docs/|news/)' }],\n    search: true,"));
  built = await runCli(['build', '--root', site]);
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
    const index = listFiles(dist).find((f) => /^_sitegen\/search-index\.[0-9a-f]+\.json$/.test(f))!;
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
