/**
 * Routes from data through the real CLI: page modules with `[param]` and `[...rest]` file names and their `paths()`
 * (params, props, per-route meta, `paginate`), the theme's blog listings (paginated index, tags, authors), what a data
 * change does to a warm build, and the problems a bad `paths()` gives, each naming the page file.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer } from '../../src/dev/server.ts';
import { copyFixture, devEvents, html, listFiles, outputFiles, read, remove, runCli, waitFor, type CliResult } from '../helpers.ts';

const sites: string[] = [];
afterAll(() => {
  for (const site of sites) remove(site);
});

function fixture(): string {
  const site = copyFixture('routes-data');
  sites.push(site);
  return site;
}

const pageFile = (route: string) => `${route === '/' ? '' : `${route.slice(1)}/`}index.html`;

describe('routes from data', () => {
  let site: string;
  let out: string;
  let result: CliResult;
  const page = (route: string) => html(out, pageFile(route));
  beforeAll(async () => {
    site = fixture();
    out = join(site, 'dist');
    result = await runCli(['build', '--root', site]);
  }, 120_000);

  it('builds one page per entry of paths(), with its params, props and meta', () => {
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    const lantern = page('/products/storm-lantern');
    expect(lantern.querySelector('title')!.text).toBe('Storm lantern | Harbour Supplies');
    expect(lantern.querySelector('meta[name="description"]')!.getAttribute('content')).toBe('A brass lantern that stays lit in a gale.');
    expect(lantern.querySelector('.product-price')!.text).toBe('€65');
    expect(lantern.querySelector('.product-slug')!.text).toBe('storm-lantern');
    const products = listFiles(join(out, 'products')).filter((f) => f.endsWith('index.html'));
    expect(products.sort()).toEqual(['mooring-line/index.html', 'storm-lantern/index.html', 'tide-chart/index.html']);
  });

  it('fills a rest parameter with one segment or several', () => {
    expect(page('/guides/knots/bowline').querySelector('.guide-slug')!.text).toBe('knots/bowline');
    expect(page('/guides/charts').querySelector('.guide-slug')!.text).toBe('charts');
  });

  it('paginates with paginate(): /catalog, /catalog/page/2, each linking the next and previous', () => {
    const first = page('/catalog');
    expect(first.querySelector('h1')!.text).toBe('Catalog, page 1 of 2');
    expect(first.querySelectorAll('.catalog a').map((a) => a.getAttribute('href'))).toEqual(['/products/mooring-line', '/products/storm-lantern']);
    expect(first.querySelector('a.next')!.getAttribute('href')).toBe('/catalog/page/2');
    expect(first.querySelector('a.prev')).toBeNull();
    // A prop of the site's own named like the theme listings' (`cards`) reaches the page as it was given.
    expect(first.querySelector('.catalog-cards')!.text).toBe('gift card');
    const second = page('/catalog/page/2');
    expect(second.querySelector('a.prev')!.getAttribute('href')).toBe('/catalog');
    expect(second.querySelectorAll('.catalog a').map((a) => a.text)).toEqual(['Tide chart']);
  });

  it("gives the theme's blog a paginated index, newest first", () => {
    const cards = (route: string) =>
      page(route)
        .querySelectorAll('.post-card-title a')
        .map((a) => a.text);
    expect(cards('/blog')).toEqual(['Splicing a mooring line', 'Winter opening hours']);
    expect(cards('/blog/page/2')).toEqual(['Reading tide tables', 'Caring for a storm lantern']);
    expect(cards('/blog/page/3')).toEqual(['New rope in stock']);
    const pager = page('/blog/page/2').querySelector('.pager')!;
    expect(pager.querySelector('[rel="prev"]')!.getAttribute('href')).toBe('/blog');
    expect(pager.querySelector('[rel="next"]')!.getAttribute('href')).toBe('/blog/page/3');
    expect(pager.querySelector('.pager-count')!.text).toBe('Page 2 of 3');
    expect(page('/blog/page/2').querySelector('title')!.text).toBe('Blog – page 2 | Harbour Supplies');
  });

  it('gives each tag a page and a place in the list of tags, and links the tags of a post to them', () => {
    const rope = page('/blog/tags/rope');
    expect(rope.querySelector('h1')!.text).toBe('Posts tagged “rope”');
    expect(rope.querySelectorAll('.post-card-title a').map((a) => a.getAttribute('href'))).toEqual(['/blog/2024/08/15/splicing', '/blog/2024/03/02/new-rope']);
    // Two spellings of one tag share its page: "How To" → how-to; "Tides" keeps its capital in the title.
    expect(page('/blog/tags/how-to').querySelector('h1')!.text).toBe('Posts tagged “How To”');
    const tags = page('/blog/tags').querySelectorAll('.tag-cloud-link');
    expect(tags[0].querySelector('.tag-cloud-name')!.text).toBe('rope');
    expect(tags[0].querySelector('.tag-cloud-count')!.text).toBe('2 posts');
    expect(tags.map((a) => a.getAttribute('href'))).toContain('/blog/tags/tides');
    const post = page('/blog/2024/08/15/splicing');
    expect(post.querySelectorAll('.post-tags a').map((a) => [a.text, a.getAttribute('href')])).toEqual([
      ['#rope', '/blog/tags/rope'],
      ['#How To', '/blog/tags/how-to'],
    ]);
  });

  it("gives each author a page with their bio and posts, linked from their posts' bylines", () => {
    const ana = page('/blog/authors/ana');
    expect(ana.querySelector('h1')!.text).toBe('Ana Duarte');
    expect(ana.querySelector('.page-lead')!.text).toBe('Ana has spliced rope on the north quay for twenty years.');
    expect(ana.querySelectorAll('.post-card').length).toBe(3);
    expect(
      page('/blog/authors')
        .querySelectorAll('.tag-cloud-link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/blog/authors/ana', '/blog/authors/ben']);
    expect(page('/blog/2024/06/30/winter-hours').querySelector('.post-meta .byline a')!.getAttribute('href')).toBe('/blog/authors/ben');
  });

  it('lists the generated pages in the sitemap', () => {
    const sitemap = read(out, 'sitemap.xml');
    for (const route of ['/products/tide-chart', '/catalog/page/2', '/guides/knots/bowline', '/blog/page/3', '/blog/tags/rope', '/blog/authors/ana'])
      expect(sitemap).toContain(`<loc>https://harbour.example${route}</loc>`);
  });

  it('adds and removes the routes of a data change in a warm build, which equals a cold one', async () => {
    const file = join(site, 'site/data/products.yaml');
    const before = readFileSync(file, 'utf8');
    writeFileSync(
      file,
      `${before.replace(/- slug: tide-chart[\s\S]*$/, '')}- slug: boat-hook\n  name: Boat hook\n  price: 30\n  summary: Ash pole, bronze hook.\n`,
    );
    const warm = await runCli(['build', '--root', site]);
    expect(warm.code, warm.stderr).toBe(0);
    expect(page('/products/boat-hook').querySelector('.product-name')!.text).toBe('Boat hook');
    expect(listFiles(out).some((f) => f.startsWith('products/tide-chart/'))).toBe(false);
    expect(
      page('/catalog/page/2')
        .querySelectorAll('.catalog a')
        .map((a) => a.text),
    ).toEqual(['Boat hook']);
    const cold = join(site, 'cold');
    const built = await runCli(['build', '--root', site, '--out', cold, '--force']);
    expect(built.code, built.stderr).toBe(0);
    expect(outputFiles(out)).toEqual(outputFiles(cold));
  }, 120_000);

  it('renders again the listings that show a retitled post, and only those, as a cold build would', async () => {
    const file = join(site, 'content/blog/2024-05-21-tide-tables.md');
    const inode = (route: string) => statSync(join(out, pageFile(route))).ino;
    const untouched = ['/blog/tags/rope', '/blog/authors/ben', '/blog/page/3'];
    const before = untouched.map(inode);
    const shown = ['/blog/page/2', '/blog/tags/charts', '/blog/tags/tides', '/blog/authors/ana'];
    const shownBefore = shown.map(inode);
    writeFileSync(file, readFileSync(file, 'utf8').replace('title: Reading tide tables', 'title: Tide tables, read aloud'));
    const warm = await runCli(['build', '--root', site]);
    expect(warm.code, warm.stderr).toBe(0);
    for (const route of shown)
      expect(
        page(route)
          .querySelectorAll('.post-card-title a')
          .map((a) => a.text),
      ).toContain('Tide tables, read aloud');
    expect(shown.map(inode).filter((ino, i) => ino === shownBefore[i])).toEqual([]);
    expect(untouched.map(inode)).toEqual(before);
    const cold = join(site, 'cold-retitled');
    const built = await runCli(['build', '--root', site, '--out', cold, '--force']);
    expect(built.code, built.stderr).toBe(0);
    expect(outputFiles(out)).toEqual(outputFiles(cold));
  }, 120_000);
});

describe('blog listings switched off', () => {
  it('builds no tag or author pages and leaves tags unlinked', async () => {
    const site = fixture();
    const config = join(site, 'site/config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace(/blog: \{.*\},/, 'blog: { tags: false, authors: false },'));
    const built = await runCli(['build', '--root', site]);
    expect(built.code, built.stderr).toBe(0);
    const files = listFiles(join(site, 'dist'));
    expect(files.filter((f) => f.startsWith('blog/tags') || f.startsWith('blog/authors'))).toEqual([]);
    // The index keeps its default size of 10: one page.
    expect(files.filter((f) => f.startsWith('blog/page/'))).toEqual([]);
    const post = html(join(site, 'dist'), 'blog/2024/08/15/splicing/index.html');
    expect(post.querySelectorAll('.post-tags li').map((li) => li.text)).toEqual(['#rope', '#How To']);
    expect(post.querySelector('.post-tags a')).toBeNull();
  }, 120_000);
});

describe('paths() in sitegen dev', () => {
  it("keeps a page's routes while its paths() throws, as a document keeps its last good version, and follows it again once fixed", async () => {
    const site = fixture();
    const file = join(site, 'site/pages/products/[slug].tsx');
    const good = readFileSync(file, 'utf8');
    const dev = await startDevServer({ root: site, port: 0, log: () => undefined });
    const events = await devEvents(dev.url, '/products/storm-lantern');
    const get = async (path: string) => {
      const res = await fetch(`${dev.url}${path}`);
      return { status: res.status, text: await res.text() };
    };
    const problems = () => events.events.filter((e) => e.event === 'problems').map((e) => e.data);
    try {
      expect((await get('/products/storm-lantern')).text).toContain('Storm lantern');
      // The writer is on /products/storm-lantern when paths() starts to throw: the page stays, the overlay says why.
      writeFileSync(file, good.replace('return data.products.map(', "if (data) throw new Error('no products today');\n  return data.products.map("));
      await waitFor(() => problems().some((p) => p.includes('no products today')), 10_000);
      const kept = await get('/products/storm-lantern');
      expect(kept.status).toBe(200);
      expect(kept.text).toContain('Storm lantern');
      expect((await get('/products/mooring-line')).status).toBe(200);
      // So does a data file that no longer parses (its key is gone, and paths() throws on it).
      writeFileSync(file, good);
      await waitFor(() => events.events.at(-1)?.event === 'clear', 10_000);
      writeFileSync(join(site, 'site/data/products.yaml'), '- slug: [unclosed\n');
      await waitFor(() => problems().some((p) => p.includes('SG2006')), 10_000);
      expect((await get('/products/storm-lantern')).status).toBe(200);
      expect(events.events.map((e) => e.event)).not.toContain('reload');
      // A paths() that works again decides the routes: one product left.
      writeFileSync(join(site, 'site/data/products.yaml'), '- slug: tide-chart\n  name: Tide chart\n  price: 12\n  summary: Tides.\n');
      await waitFor(() => events.events.at(-1)?.event === 'clear', 10_000);
      expect((await get('/products/tide-chart')).status).toBe(200);
      expect((await get('/products/storm-lantern')).status).toBe(404);
    } finally {
      events.close();
      await dev.close();
    }
  }, 60_000);
});

describe('tags as writers give them', () => {
  it('shows on a post the tags whose pages list it: one tag as text, numbers, each spelling of a slug once, none empty', async () => {
    const site = fixture();
    const post = (name: string, tags: string) =>
      writeFileSync(join(site, 'content/blog', name), `---\ntitle: ${name}\ndescription: A post.\nauthor: ana\ntags: ${tags}\n---\n\nBody.\n`);
    post('2024-09-01-spellings.md', '[How To, how to, 2024, "", "++", "  rope  "]');
    post('2024-09-02-one-tag.md', 'charts');
    const built = await runCli(['build', '--root', site]);
    expect(built.code, built.stderr).toBe(0);
    const out = join(site, 'dist');
    const tags = (file: string) =>
      html(out, file)
        .querySelectorAll('.post-tags li')
        .map((li) => [li.text, li.querySelector('a')?.getAttribute('href')]);
    expect(tags('blog/2024/09/01/spellings/index.html')).toEqual([
      ['#How To', '/blog/tags/how-to'],
      ['#2024', '/blog/tags/2024'],
      ['#rope', '/blog/tags/rope'],
    ]);
    expect(tags('blog/2024/09/02/one-tag/index.html')).toEqual([['#charts', '/blog/tags/charts']]);
    // Each tag page a post links to lists that post.
    for (const [tag, post] of [
      ['2024', '/blog/2024/09/01/spellings'],
      ['charts', '/blog/2024/09/02/one-tag'],
    ])
      expect(
        html(out, `blog/tags/${tag}/index.html`)
          .querySelectorAll('.post-card-title a')
          .map((a) => a.getAttribute('href')),
      ).toContain(post);
  }, 120_000);
});

describe('a post without a description', () => {
  it('shows its excerpt on the cards that list it, and a post with one its description', async () => {
    const site = fixture();
    writeFileSync(
      join(site, 'content/blog/2024-09-03-knots.md'),
      '---\ntitle: Knots\nauthor: ana\ntags: [rope]\n---\n\nThree knots **every** sailor ties: [the bowline](#bowline) first.\n\n<!-- more -->\n\n## Bowline\n\nA loop.\n',
    );
    // Two excerpts with the same heading: the listing shows both, and no id twice.
    for (const day of ['04', '05']) {
      writeFileSync(
        join(site, `content/blog/2024-08-${day}-splices-${day}.md`),
        `---\ntitle: Splices ${day}\nauthor: ana\ntags: [splice]\n---\n\n## Tools\n\nA fid.\n\n<!-- more -->\n\nMore.\n`,
      );
    }
    const built = await runCli(['build', '--root', site]);
    expect(built.code, built.stderr).toBe(0);
    const out = join(site, 'dist');
    const splices = html(out, 'blog/tags/splice/index.html');
    expect(splices.querySelectorAll('.post-card-excerpt h2').map((h) => h.text.replace('#', '').trim())).toEqual(['Tools', 'Tools']);
    const ids = splices.querySelectorAll('[id]').map((element) => element.id);
    expect(ids.length).toBe(new Set(ids).size);
    for (const file of ['blog/index.html', 'blog/tags/rope/index.html', 'blog/authors/ana/index.html']) {
      const cards = html(out, file).querySelectorAll('.post-card');
      expect(cards[0].querySelector('.post-card-title')!.text, file).toBe('Knots');
      // A link to a place in the post names the post (on a listing, #bowline would be a place in the listing).
      expect(cards[0].querySelector('.post-card-excerpt')!.innerHTML.trim(), file).toBe(
        '<p>Three knots <strong>every</strong> sailor ties: <a href="/blog/2024/09/03/knots#bowline">the bowline</a> first.</p>',
      );
      expect(cards[1].querySelector('.post-card-excerpt'), file).toBeNull();
      expect(cards[1].querySelector('.post-card-desc')!.text, file).not.toBe('');
    }
  }, 120_000);
});

describe('problems in paths()', () => {
  let site: string;
  beforeAll(() => {
    site = fixture();
    rmSync(join(site, 'site/pages/catalog'), { recursive: true });
    rmSync(join(site, 'site/pages/guides'), { recursive: true });
  });
  const page = (body: string) =>
    writeFileSync(
      join(site, 'site/pages/products/[slug].tsx'),
      `export const meta = { title: 'P', description: 'P' };\n${body}\nexport default function P() { return null; }\n`,
    );
  const failing = async (body: string) => {
    page(body);
    const built = await runCli(['build', '--root', site]);
    expect(built.code).toBe(1);
    return built.stderr;
  };

  it('names the page file when it exports no paths()', async () => {
    expect(await failing('')).toContain('✗ site/pages/products/[slug].tsx [SG3008] Invalid paths() result');
  }, 120_000);

  it('refuses a result that is no array, a missing param, a param with a slash, an unknown param, and a thrown error', async () => {
    expect(await failing('export function paths() { return { slug: "a" }; }')).toContain(
      'paths() of site/pages/products/[slug].tsx returned object, not an array',
    );
    expect(await failing('export function paths() { return [{ params: {} }]; }')).toContain('entry 0: params.slug is not a string (undefined)');
    expect(await failing('export function paths() { return [{ params: { slug: "a/b" } }]; }')).toContain('params.slug "a/b" has a "/"');
    expect(await failing('export function paths() { return [{ params: { slug: "a", id: "1" } }]; }')).toContain('params.id is not in the file name');
    const thrown = await failing('export function paths({ data }) { return data.missing.map(() => ({})); }');
    expect(thrown).toContain('paths() of site/pages/products/[slug].tsx threw:');
  }, 240_000);

  it('refuses a param that is not a string: a number, or a list for a [...rest] parameter', async () => {
    expect(await failing('export function paths() { return [{ params: { slug: 5 } }]; }')).toContain(
      '✗ site/pages/products/[slug].tsx [SG3008] Invalid paths() result\n  paths() of site/pages/products/[slug].tsx: entry 0: params.slug is not a string (5)',
    );
    const guide = join(site, 'site/pages/guides/[...slug].tsx');
    mkdirSync(dirname(guide));
    writeFileSync(
      guide,
      'export const meta = { title: "G" };\nexport function paths() { return [{ params: { slug: ["knots", "bowline"] } }, { params: { slug: 7 } }]; }\nexport default function G() { return null; }\n',
    );
    try {
      const stderr = await failing('export function paths() { return [{ params: { slug: "a" } }]; }');
      expect(stderr).toContain('paths() of site/pages/guides/[...slug].tsx: entry 0: params.slug is not a string (["knots","bowline"])');
      expect(stderr).toContain('paths() of site/pages/guides/[...slug].tsx: entry 1: params.slug is not a string (7)');
      expect(stderr).not.toContain('site/pages/products/[slug].tsx [SG3008]');
    } finally {
      rmSync(dirname(guide), { recursive: true });
    }
    expect(existsSync(join(site, 'dist/products/5'))).toBe(false);
  }, 240_000);

  it("reports a paginate() size that is not a whole number of 1 or more as the page's paths() error, with a hint", async () => {
    const sizes = { text: '"abc"', zero: '0', negative: '-1', fraction: '1.5' };
    for (const [name, size] of Object.entries(sizes)) {
      mkdirSync(join(site, `site/pages/${name}`));
      writeFileSync(
        join(site, `site/pages/${name}/[...page].tsx`),
        `export const meta = { title: "C" };\nexport function paths({ data, paginate }) { return paginate(data.products, { size: ${size} }); }\nexport default function C() { return null; }\n`,
      );
    }
    try {
      const stderr = await failing('export function paths() { return [{ params: { slug: "a" } }]; }');
      for (const [name, size] of Object.entries(sizes))
        expect(stderr).toContain(
          `✗ site/pages/${name}/[...page].tsx [SG3008] Invalid paths() result\n  paths() of site/pages/${name}/[...page].tsx threw: paginate(): size must be a whole number of 1 or more, received ${size}\n  hint: Give paginate() the number of items a page, like paginate(items, { size: 10 }), or leave size out for 10.`,
        );
    } finally {
      for (const name of Object.keys(sizes)) rmSync(join(site, `site/pages/${name}`), { recursive: true });
    }
  }, 120_000);

  it('names a data file that does not parse from the project root, at its line and column, with a code frame', async () => {
    writeFileSync(join(site, 'site/data/colours.yaml'), 'names: [red,\n  blue\n');
    writeFileSync(join(site, 'site/data/sizes.json'), '{\n  "small": 1,\n}\n');
    try {
      const stderr = await failing('export function paths() { return [{ params: { slug: "a" } }]; }');
      expect(stderr).toContain(
        '✗ site/data/colours.yaml:3:1 [SG2006] Invalid data file\n  Invalid YAML: unexpected end of the stream within a flow collection\n',
      );
      expect(stderr).toContain('✗ site/data/sizes.json:3:1 [SG2006] Invalid data file\n  Invalid JSON: ');
      expect(stderr).toContain('  > 3 | }\n');
    } finally {
      rmSync(join(site, 'site/data/colours.yaml'));
      rmSync(join(site, 'site/data/sizes.json'));
    }
  }, 120_000);

  it('refuses two data files that give the same key, rather than letting the order of their names choose', async () => {
    writeFileSync(join(site, 'site/data/products.json'), '[{ "slug": "from-json", "name": "Left behind" }]\n');
    try {
      const stderr = await failing('export function paths({ data }) { return data.products.map((p) => ({ params: { slug: p.slug } })); }');
      expect(stderr).toContain(
        '✗ site/data/products.yaml [SG2006] Invalid data file\n  products.json and products.yaml both give data.products\n  hint: Keep one of them',
      );
    } finally {
      rmSync(join(site, 'site/data/products.json'));
    }
  }, 120_000);

  it('reports a route returned twice', async () => {
    const stderr = await failing('export function paths() { return [{ params: { slug: "a" } }, { params: { slug: "a" } }]; }');
    expect(stderr).toContain('[SG3001] Duplicate route');
    expect(stderr).toContain('Route /products/a is returned twice by paths() of site/pages/products/[slug].tsx (entries 0 and 1)');
  }, 120_000);
});

describe('routes that differ only in case', () => {
  it('are a duplicate route, from paths() and from documents, since a disk that ignores case makes them one folder', async () => {
    const site = fixture();
    writeFileSync(
      join(site, 'site/data/products.yaml'),
      `${readFileSync(join(site, 'site/data/products.yaml'), 'utf8')}- slug: Storm-Lantern\n  name: Storm lantern, large\n  price: 80\n  summary: Larger.\n`,
    );
    mkdirSync(join(site, 'content/docs'), { recursive: true });
    writeFileSync(join(site, 'content/docs/a.md'), '---\ntitle: A\npath: /Handbook\n---\n\nA.\n');
    writeFileSync(join(site, 'content/docs/b.md'), '---\ntitle: B\npath: /handbook\n---\n\nB.\n');
    const built = await runCli(['build', '--root', site, '--problems', 'all']);
    expect(built.code).toBe(1);
    expect(built.stderr).toContain(
      'Routes /products/storm-lantern (site/pages/products/[slug].tsx) and /products/Storm-Lantern (site/pages/products/[slug].tsx) differ only in case',
    );
    expect(built.stderr).toContain('Routes /Handbook (content/docs/a.md) and /handbook (content/docs/b.md) differ only in case');
    expect(built.stderr).toContain('hint: On a disk that ignores case (macOS, Windows) they are one folder');
  }, 60_000);
});
