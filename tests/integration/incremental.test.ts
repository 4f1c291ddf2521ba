/**
 * Rebuilds reuse the previous output (unchanged pages are copied with the new build id, bodies
 * come from the document cache and the previous content API files) — and must still give, byte
 * for byte, what a cold build of the same sources gives. Each change below is applied, then the
 * site is built warm into its usual folder and cold (no cache, no previous output) into another.
 */
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, html, listFiles, remove, runCli } from '../helpers.ts';

let site: string;
const bytes = (dir: string) => listFiles(dir).map((f) => [f, readFileSync(join(dir, f)).toString('base64')]);
/** Every folder, empty ones included: a rebuild written in place must not leave one behind. */
const folders = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
const edit = (file: string, change: (text: string) => string) => writeFileSync(join(site, file), change(readFileSync(join(site, file), 'utf8')));
/** Each page's key (all it renders from) in the records a build left in `cache` for the folder `out`. */
const pageKeys = (cache: string, out: string) => {
  const index = readdirSync(cache).find((f) => /^output\.[0-9a-f]+\.json$/.test(f) && JSON.parse(readFileSync(join(cache, f), 'utf8')).outDir === out)!;
  const read = (suffix: string) =>
    JSON.parse(readFileSync(join(cache, index.replace(/\.json$/, suffix)), 'utf8')) as { pages: Record<string, { key: string }>; removed?: string[] };
  // The records file, and the pages changed since on top of it when the last build wrote only those.
  const pages = { ...read('.pages.json').pages };
  if (existsSync(join(cache, index.replace(/\.json$/, '.pages.delta.json')))) {
    const delta = read('.pages.delta.json');
    Object.assign(pages, delta.pages);
    for (const path of delta.removed ?? []) delete pages[path];
  }
  return Object.fromEntries(Object.entries(pages).map(([path, record]) => [path, record.key]));
};

async function warmEqualsCold(): Promise<string> {
  const warm = await runCli(['build', '--root', site]);
  expect(warm.code, warm.stderr).toBe(0);
  const cache = join(site, '.sitegen-cache');
  const kept = join(site, '.cache-kept');
  rmSync(kept, { recursive: true, force: true });
  // The cold build gets no cache and no previous output.
  const { renameSync } = await import('node:fs');
  renameSync(cache, kept);
  try {
    const cold = await runCli(['build', '--root', site, '--out', join(site, 'cold')]);
    expect(cold.code, cold.stderr).toBe(0);
    expect(bytes(join(site, 'dist'))).toEqual(bytes(join(site, 'cold')));
    expect(folders(join(site, 'dist'))).toEqual(folders(join(site, 'cold')));
    // Keys the rebuild kept without making the job again (RenderInput.jobsKey) are the ones a
    // cold build computes: a stale key would leave a changed page as it was in a later build.
    expect(pageKeys(kept, join(site, 'dist'))).toEqual(pageKeys(cache, join(site, 'cold')));
  } finally {
    rmSync(join(site, 'cold'), { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
    renameSync(kept, cache);
  }
  return warm.stdout;
}

beforeAll(async () => {
  site = copyFixture('basic');
  expect((await runCli(['build', '--root', site])).code).toBe(0);
});
afterAll(() => remove(site));

describe('an incremental build equals a cold one', () => {
  it('after a body edit, rendering only the edited page', async () => {
    edit('content/guide/2.setup.md', (t) => `${t}\nOne more paragraph.\n`);
    const out = await warmEqualsCold();
    expect(out).toMatch(/parsed \d+ documents \(\d+ from cache\)/);
    expect(out).toMatch(/rendered \d+ pages \(\d+ unchanged\)/);
    expect(html(join(site, 'dist'), 'guide/setup/index.html').text).toContain('One more paragraph.');
  });

  it('after a title edit, which listings and the sidebar show', async () => {
    edit('content/guide/1.intro.md', (t) => t.replace('title: Introduction', 'title: Getting started'));
    await warmEqualsCold();
    expect(html(join(site, 'dist'), 'guide/setup/index.html').toString()).toContain('Getting started');
  });

  it("after a post's title edit, rendering only the pages that show it", async () => {
    edit('content/blog/2020-01-21-hello-world.md', (t) => t.replace(/^title: .*$/m, 'title: Hello again'));
    const out = await warmEqualsCold();
    // The post, its newer neighbour, the blog index, the home page, its two tags' pages and its author's page list it;
    // the docs, the about page and the rest read neither the post listing nor anything else that changed.
    const [, total, unchanged] = /rendered (\d+) pages \((\d+) unchanged\)/.exec(out) ?? [];
    expect(Number(total) - Number(unchanged)).toBeLessThanOrEqual(7);
    expect(Number(unchanged)).toBeGreaterThan(5);
    expect(html(join(site, 'dist'), 'blog/index.html').text).toContain('Hello again');
    expect(html(join(site, 'dist'), 'index.html').text).toContain('Hello again');
  });

  it('after a new file', async () => {
    writeFileSync(join(site, 'content/guide/3.deploy.md'), '---\ntitle: Deploy\ndescription: Ship it.\n---\n\nDeploy text.\n');
    await warmEqualsCold();
    expect(html(join(site, 'dist'), 'guide/deploy/index.html').querySelector('h1')?.text).toBe('Deploy');
  });

  it('after a deleted file', async () => {
    rmSync(join(site, 'content/guide/3.deploy.md'));
    await warmEqualsCold();
    expect(listFiles(join(site, 'dist')).some((f) => f.startsWith('guide/deploy/'))).toBe(false);
  });

  it('after a template edit', async () => {
    edit('site/pages/blog.tsx', (t) => t.replace('<h1>Blog</h1>', '<h1>All the posts</h1>'));
    await warmEqualsCold();
    expect(html(join(site, 'dist'), 'blog/index.html').querySelector('main h1')?.text).toBe('All the posts');
  });

  it('after a config edit', async () => {
    edit('site/config.ts', (t) => t.replace("name: 'Fixture'", "name: 'Renamed fixture'"));
    await warmEqualsCold();
    expect(html(join(site, 'dist'), 'about/index.html').querySelector('title')?.text).toContain('Renamed fixture');
  });

  it('after a content API file of the previous output was removed by hand', async () => {
    // An unchanged document's file is linked from the previous output: gone there, it is written anew.
    const api = join(site, 'dist/api/_content/query');
    const about = readdirSync(api).find((f) => readFileSync(join(api, f), 'utf8').includes('"_path":"/about"'))!;
    rmSync(join(api, about));
    edit('content/guide/2.setup.md', (t) => `${t}\nAnd another.\n`);
    await warmEqualsCold();
    expect(readdirSync(api).filter((f) => readFileSync(join(api, f), 'utf8').includes('"_path":"/about"'))).toHaveLength(1);
  });

  it('and an unchanged site is left as it is', async () => {
    const again = await runCli(['build', '--root', site]);
    expect(again.stdout).toMatch(/is up to date/);
  });
});

describe('under a base path, with an image next to a document (content API bodies are rewritten)', () => {
  const GIF = Buffer.from('GIF89a\x03\x00\x02\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00,\x00\x00\x00\x00\x03\x00\x02\x00\x00\x02\x02\x84\x51\x00;', 'latin1');
  const setupPage = () => html(join(site, 'dist'), 'guide/setup/index.html').querySelector('main')!.toString();

  it('after moving the site under /docs/ and adding the image', async () => {
    edit('site/config.ts', (t) => t.replace("url: 'https://fixture.example.com',", "url: 'https://fixture.example.com',\n  base: '/docs/',"));
    writeFileSync(join(site, 'content/guide/cat.gif'), GIF);
    edit('content/guide/2.setup.md', (t) => `${t}\n![a cat](./cat.gif) See the [introduction](/guide/intro).\n`);
    await warmEqualsCold();
    expect(setupPage()).toContain('<a href="/docs/guide/intro">introduction</a>');
  });

  it('after a config edit, parsing bodies again rather than reading back the rewritten content API files', async () => {
    edit('site/config.ts', (t) => t.replace("name: 'Renamed fixture'", "name: 'Fixture under a base'"));
    await warmEqualsCold();
    expect(setupPage()).toContain('<a href="/docs/guide/intro">introduction</a>');
    expect(setupPage()).not.toContain('/docs/docs/');
  });

  it('after the image changed, rewriting the content API file that shows it', async () => {
    const wider = Buffer.from(GIF);
    wider.writeUInt16LE(5, 6);
    writeFileSync(join(site, 'content/guide/cat.gif'), wider);
    await warmEqualsCold();
    expect(setupPage()).toMatch(/<img src="\/docs\/_sitegen\/images\/cat\.[0-9a-f]{10}\.gif" alt="a cat" width="5" height="2"/);
  });

  it("after an image in a post's excerpt changed, re-rendering the listing that shows it", async () => {
    const listed = () => html(join(site, 'dist'), 'blog/index.html').querySelector('.excerpt img[alt="a kitten"]');
    writeFileSync(join(site, 'content/blog/kitten.gif'), GIF);
    edit('content/blog/2020-01-21-hello-world.md', (t) => t.replace('The excerpt paragraph.', 'The excerpt paragraph. ![a kitten](./kitten.gif)'));
    await warmEqualsCold();
    expect(listed()?.getAttribute('width')).toBe('3');
    const wider = Buffer.from(GIF);
    wider.writeUInt16LE(5, 6);
    writeFileSync(join(site, 'content/blog/kitten.gif'), wider);
    await warmEqualsCold();
    expect(listed()?.getAttribute('width')).toBe('5');
    expect(listed()?.getAttribute('src')).toMatch(/^\/docs\/_sitegen\/images\/kitten\.[0-9a-f]{10}\.gif$/);
  });
});
