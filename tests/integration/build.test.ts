/**
 * The fixture site built through the real CLI, checked file by file.
 */
import { cpSync, existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, copyFixture, html, json, listFiles, read, remove, runCli, tempDir, type CliResult } from '../helpers.ts';
import { COLOR_SCHEME_SCRIPT } from '../../src/render/color-scheme.ts';

let out: string;
let result: CliResult;

beforeAll(async () => {
  out = join(tempDir(), 'dist');
  result = await runCli(['build', '--root', copyFixture('basic', join(out, '..', 'site')), '--out', out]);
});
afterAll(() => remove(join(out, '..')));

describe('sitegen build on the fixture site', () => {
  it('exits 0 and reports each phase with its count and time', () => {
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/✓ parsed 14 documents( \(\d+ from cache\))? in (\d+ ms|[\d.]+ s)/);
    expect(result.stdout).toMatch(/✓ rendered 19 pages in (\d+ ms|[\d.]+ s)/);
    expect(result.stdout).toMatch(/Built 19 pages into .* \(build [0-9a-f]{12}\)/);
  });

  it('writes every route, and nothing for drafts, partials and data documents', () => {
    const files = listFiles(out).filter((f) => f.endsWith('.html'));
    expect(files).toEqual([
      '404.html',
      '500.html',
      'about/index.html',
      'blog/2020/01/21/hello-world/index.html',
      'blog/2021/02/03/custom-slug/index.html',
      'blog/authors/ada/index.html',
      'blog/authors/index.html',
      'blog/index.html',
      'blog/tags/index.html',
      'blog/tags/intro/index.html',
      'blog/tags/news/index.html',
      'counter/index.html',
      'download/index.html',
      'guide/advanced.html',
      'guide/advanced/index.html',
      'guide/index.html',
      'guide/intro.html',
      'guide/intro/index.html',
      'guide/setup.html',
      'guide/setup/index.html',
      'index.html',
      'moved/index.html',
      'old-home/index.html',
      'old-page/index.html',
      'secret/index.html',
    ]);
  });

  it('renders React pages with the site data they ask for', () => {
    const doc = html(out, 'index.html');
    expect(doc.querySelector('title')?.text).toBe('Home | Fixture');
    expect(doc.querySelectorAll('#latest a').map((a) => a.getAttribute('href'))).toEqual(['/blog/2021/02/03/custom-slug', '/blog/2020/01/21/hello-world']);
  });

  it('renders documents through their layout with title, description and canonical URL', () => {
    const doc = html(out, 'about/index.html');
    expect(doc.querySelector('title')?.text).toBe('About the fixture | Fixture');
    expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('What this fixture is for.');
    expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://fixture.example.com/about');
    expect(doc.querySelector('#__sitegen')?.getAttribute('data-layout')).toBe('content');
    expect(doc.querySelector('h2#who-we-are')).not.toBeNull();
  });

  it('gives docs deep-linkable headings, a TOC, highlighted code, tables and callouts', () => {
    const doc = html(out, 'guide/setup/index.html');
    expect(doc.querySelector('#__sitegen')?.getAttribute('data-layout')).toBe('doc');
    expect(doc.querySelector('h2#install-it a.header-anchor')?.getAttribute('href')).toBe('#install-it');
    expect(doc.querySelectorAll('a[href="#install-it"]').length).toBeGreaterThanOrEqual(2);
    expect(doc.querySelector('.code-block[data-lang="bash"] pre.shiki')).not.toBeNull();
    expect(doc.querySelector('.table-wrap table')).not.toBeNull();
    expect(doc.querySelector('.callout.callout-tip .callout-title')?.text).toBe('Careful');
  });

  it('gives posts their dated permalink, byline data and excerpt', () => {
    const doc = html(out, 'blog/2020/01/21/hello-world/index.html');
    expect(doc.querySelector('#__sitegen')?.getAttribute('data-layout')).toBe('post');
    expect(doc.querySelector('h1')?.text).toBe('Hello world');
    expect(doc.text).toContain('Ada Example');
    expect(html(out, 'blog/index.html').querySelector('.excerpt')?.innerHTML.trim()).toBe('<p>The excerpt paragraph.</p>');
  });

  it("gives the theme's blog listings a heading outline with no level skipped (the page's h1, then each post's h2)", () => {
    for (const file of ['blog/tags/intro/index.html', 'blog/authors/ada/index.html']) {
      const levels = html(out, file)
        .querySelectorAll('main h1, main h2, main h3, main h4, main h5, main h6')
        .map((h) => Number(h.tagName.slice(1)));
      expect(levels[0], file).toBe(1);
      expect(levels.length, file).toBeGreaterThan(1);
      levels.forEach((level, i) => i && expect(level - levels[i - 1], `${file}: ${levels.join(' ')}`).toBeLessThanOrEqual(1));
    }
  });

  it('writes /download/index.html as exactly that file', () => {
    expect(html(out, 'download/index.html').querySelector('title')?.text).toBe('Download | Fixture');
    expect(json(out, 'download/_payload.json').path).toBe('/download/index.html');
  });

  it('writes a payload per page whose html is the page content', () => {
    const payload = json<{ path: string; title: string; layout: string; html: string; assets: string; head: { title: string } }>(
      out,
      'guide/intro/_payload.json',
    );
    const page = html(out, 'guide/intro/index.html');
    expect(payload).toMatchObject({
      path: '/guide/intro',
      title: 'Introduction | Fixture',
      layout: 'doc',
      assets: page.querySelector('html')?.getAttribute('data-assets'),
    });
    const raw = read(out, 'guide/intro/index.html');
    const start = raw.indexOf('>', raw.indexOf('<div id="__sitegen"')) + 1;
    expect(payload.html).toBe(raw.slice(start, raw.lastIndexOf('</div>\n<script')));
    expect(json(out, '_payload.json').path).toBe('/');
  });

  it('writes the not-found page as 404.html only, naming no path until the runtime knows it', () => {
    const doc = html(out, '404.html');
    expect(doc.text).toContain('Page not found');
    expect(doc.text).not.toContain('/404');
    expect(doc.querySelector('[data-missing-path]')?.getAttribute('hidden')).toBe('');
    expect(doc.querySelector('#__sitegen')?.getAttribute('data-status')).toBe('404');
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toContain('noindex');
    expect(existsSync(join(out, '404/index.html'))).toBe(false);
    expect(json(out, '404/_payload.json').status).toBe(404);
  });

  it('writes no page for a route its middleware rejects (hosts answer 404.html), only its payload with the message', () => {
    expect(existsSync(join(out, 'members/index.html'))).toBe(false);
    const payload = json<{ status: number; html: string }>(out, 'members/_payload.json');
    expect(payload.status).toBe(404);
    expect(payload.html).toContain('Page Not Found: /members');
    expect(payload.html).not.toContain('Secret members area');
    expect(html(out, 'secret/index.html').text).toContain('Everyone may read this.');
  });

  it('writes a 500.html for hosts that show one when they fail', () => {
    const doc = html(out, '500.html');
    expect(doc.querySelector('title')?.text).toBe('Internal Server Error | Fixture');
    expect(doc.querySelector('h1')?.text).toBe('Internal Server Error');
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toContain('noindex');
    expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('The sitegen test fixture.');
    const css = doc.querySelector('link[rel="stylesheet"]')?.getAttribute('href');
    expect(css && existsSync(join(out, css))).toBe(true);
    // No runtime: the only script is the inline colour-scheme one, which loads nothing.
    expect(doc.querySelectorAll('script').map((s) => [s.attributes, s.text])).toEqual([[{}, COLOR_SCHEME_SCRIPT]]);
  });

  it('writes latest.json and the route-rules manifest', () => {
    const latest = json<{ id: string; timestamp: number }>(out, '_sitegen/builds/latest.json');
    expect(latest.timestamp).toBe(Date.parse('2021-02-03T00:00:00Z'));
    const meta = json<{ id: string; matcher: Record<string, Record<string, unknown>>; prerendered: string[] }>(out, `_sitegen/builds/meta/${latest.id}.json`);
    expect(meta.id).toBe(latest.id);
    expect(meta.prerendered).toEqual([
      '/',
      '/about',
      '/blog',
      '/blog/2020/01/21/hello-world',
      '/blog/2021/02/03/custom-slug',
      '/blog/authors',
      '/blog/authors/ada',
      '/blog/tags',
      '/blog/tags/intro',
      '/blog/tags/news',
      '/counter',
      '/download/index.html',
      '/guide',
      '/guide/advanced',
      '/guide/intro',
      '/guide/setup',
      '/secret',
    ]);
    expect(meta.matcher.static['/old-home']).toEqual({ redirect: { to: '/', statusCode: 301 } });
    expect(meta.matcher.static['/old-page']).toEqual({ redirect: { to: '/about', statusCode: 301 } });
    expect(meta.matcher.static['/guide/intro.html']).toEqual({ redirect: { to: '/guide/intro', statusCode: 301 } });
    expect(meta.matcher.wildcard['/legacy']).toEqual({ redirect: { to: '/guide', statusCode: 301 } });
    expect(Object.keys(meta.matcher.dynamic)).toEqual(['/guide/:slug.html']);
  });

  it('writes redirect pages and a _redirects file', () => {
    const page = html(out, 'old-page/index.html');
    expect(page.querySelector('meta[http-equiv="refresh"]')?.getAttribute('content')).toBe('0; url=/about');
    expect(html(out, 'guide/intro.html').querySelector('a')?.getAttribute('href')).toBe('/guide/intro');
    expect(read(out, '_redirects').trim().split('\n')).toEqual([
      '/old-page /about 301',
      '/old-home / 301',
      '/moved /about 302',
      '/guide/advanced.html /guide/advanced 301',
      '/guide/intro.html /guide/intro 301',
      '/guide/setup.html /guide/setup 301',
      '/legacy /guide 301',
      '/legacy/* /guide 301',
    ]);
  });

  it('writes a route rule with :name parameters to another site into _redirects, as hosts read it', async () => {
    const site = copyFixture('basic');
    try {
      const config = join(site, 'site/config.ts');
      const rules =
        "'/v0/:section/:slug': { redirect: 'https://old.example.com/:section/:slug' }, '/v0/:slug.html': { redirect: 'https://old.example.com/x' },";
      writeFileSync(config, readFileSync(config, 'utf8').replace("'/old-home': { redirect: '/' },", `'/old-home': { redirect: '/' }, ${rules}`));
      const built = await runCli(['build', '--quiet', '--root', site]);
      expect(built.code, built.stderr).toBe(0);
      const lines = read(join(site, 'dist'), '_redirects').trim().split('\n');
      expect(lines).toContain('/v0/:section/:slug https://old.example.com/:section/:slug 301');
      // `:slug.html` is part of a segment, which hosts do not read as a parameter: sitegen preview and the runtime apply it.
      expect(lines.filter((line) => line.startsWith('/v0/:slug'))).toEqual([]);
      expect(lines.at(-1)).toBe('/v0/:section/:slug https://old.example.com/:section/:slug 301');
    } finally {
      remove(site);
    }
  });

  it('prerenders the content API: a query per document, the posts listing and the navigation', () => {
    const files = listFiles(out).filter((f) => f.startsWith('api/_content/'));
    const { id } = json<{ id: string }>(out, '_sitegen/builds/latest.json');
    // Named by the query alone: no build id in any content API file's name or bytes.
    expect(files.every((f) => /^api\/_content\/(query|navigation)\/[0-9a-f]+\.json$/.test(f))).toBe(true);
    expect(files.some((f) => read(out, f).includes(id))).toBe(false);
    const queries = files.filter((f) => f.startsWith('api/_content/query/')).map((f) => json(out, f));
    const about = queries.find((q) => (q as { _path?: string })._path === '/about');
    expect(about).toMatchObject({ _id: 'content:about.md', title: 'About the fixture', _type: 'markdown' });
    expect(queries.find((q) => (q as { _id?: string })._id === 'content:data:settings.yml')).toMatchObject({ _type: 'yaml', frontmatter: { theme: 'dark' } });
    const listing = queries.find(Array.isArray) as unknown as { path: string }[];
    expect(listing.map((p) => p.path)).toEqual(['/blog/2021/02/03/custom-slug', '/blog/2020/01/21/hello-world']);
    const nav = json<{ title: string; path: string; children?: { path: string }[] }[]>(out, files.find((f) => f.includes('/navigation/'))!);
    const guide = nav.find((n) => n.path === '/guide');
    expect(guide?.children?.map((c) => c.path)).toEqual(['/guide/intro', '/guide/setup', '/guide/advanced']);
  });

  it('ships hashed assets and public files', () => {
    const doc = html(out, 'about/index.html');
    const css = doc.querySelector('link[rel="stylesheet"]')?.getAttribute('href') ?? '';
    const js = doc.querySelector('script[type="module"]')?.getAttribute('src') ?? '';
    expect(css).toMatch(/^\/_sitegen\/style\.[0-9a-f]{10}\.css$/);
    expect(js).toMatch(/^\/_sitegen\/runtime\.[0-9a-f]{10}\.js$/);
    expect(existsSync(join(out, css))).toBe(true);
    expect(existsSync(join(out, js))).toBe(true);
    expect(read(out, 'favicon.svg')).toContain('<svg');
  });
});

describe('reproducible builds', () => {
  it('takes the build time from SOURCE_DATE_EPOCH when it is set, never from the clock', async () => {
    const dir = tempDir();
    try {
      const result = await runCli(['build', '--quiet', '--root', copyFixture('basic', join(dir, 'site')), '--out', join(dir, 'o')], {
        env: { SOURCE_DATE_EPOCH: '1700000000' },
      });
      expect(result.code).toBe(0);
      expect(json<{ timestamp: number }>(join(dir, 'o'), '_sitegen/builds/latest.json').timestamp).toBe(1_700_000_000_000);
    } finally {
      remove(dir);
    }
  });

  it('gives byte-identical output from two checkouts at different paths', async () => {
    const dir = tempDir();
    try {
      const a = join(dir, 'a');
      const b = join(dir, 'some/much/deeper/checkout');
      cpSync(join(FIXTURES, 'basic'), a, { recursive: true });
      cpSync(join(FIXTURES, 'basic'), b, { recursive: true });
      expect((await runCli(['build', '--quiet', '--root', a])).code).toBe(0);
      expect((await runCli(['build', '--quiet', '--root', b], { cwd: b })).code).toBe(0);
      const files = listFiles(join(a, 'dist'));
      expect(listFiles(join(b, 'dist'))).toEqual(files);
      for (const file of files) expect(readFileSync(join(b, 'dist', file)), file).toEqual(readFileSync(join(a, 'dist', file)));
    } finally {
      remove(dir);
    }
  });

  it('builds the same sources twice into byte-identical folders, on one worker or two', async () => {
    const dir = tempDir();
    try {
      const site = join(dir, 'site');
      cpSync(join(FIXTURES, 'basic'), site, { recursive: true });
      // Two workers: the first takes both parse batches (32 documents each) before the second is
      // asking, and the second renders pages (batches of 16) from bodies it reads in the first's store.
      for (let i = 0; i < 50; i++)
        writeFileSync(
          join(site, 'content/guide', `extra-${i}.md`),
          `---\ntitle: Extra ${i}\n---\n\n## Part ${i}\n\nText with \`code\` and é ${i}.\n\n\`\`\`js\nconst n = ${i};\n\`\`\`\n`,
        );
      const a = join(dir, 'a');
      const b = join(dir, 'b');
      expect((await runCli(['build', '--quiet', '--root', site, '--out', a, '--concurrency', '2'])).code).toBe(0);
      expect((await runCli(['build', '--quiet', '--root', site, '--out', b, '--concurrency', '1'])).code).toBe(0);
      const files = listFiles(a);
      expect(listFiles(b)).toEqual(files);
      for (const file of files) expect(readFileSync(join(b, file)), file).toEqual(readFileSync(join(a, file)));
    } finally {
      remove(dir);
    }
  });
});

describe('a site reached through a symbolic link', () => {
  it('builds, and knows the output is up to date on the next build', async () => {
    // esbuild names the modules it bundles relative to the real folder: resolved against the link,
    // the config's and the templates' inputs pointed outside the project.
    const dir = tempDir();
    try {
      const site = join(dir, 'site');
      cpSync(join(FIXTURES, 'basic'), site, { recursive: true, filter: (source) => !source.endsWith('.sitegen-cache') });
      symlinkSync(site, join(dir, 'link'));
      const linkOut = join(dir, 'out');
      const first = await runCli(['build', '--root', join(dir, 'link'), '--out', linkOut]);
      expect(first.stderr).toBe('');
      expect(first.code).toBe(0);
      expect(html(linkOut, 'about/index.html').querySelector('title')?.text).toBe('About the fixture | Fixture');
      const again = await runCli(['build', '--root', join(dir, 'link'), '--out', linkOut]);
      expect(again.code).toBe(0);
      expect(again.stdout).toContain('is up to date');
    } finally {
      remove(dir);
    }
  });
});
