/**
 * F9: an image reference (markdown, front matter `image:`/`cover:`, and so `og:image`) may only
 * name an image file inside the project. A path out of it, through `..`, `%2e%2e`, the public
 * folder's root or a symbolic link, is SG2010; a hidden or cache file is refused the same way; a
 * file inside that is not an image is SG5004. Each is reported with its `file:line`, fails the
 * build and shows in `sitegen dev`, and its bytes reach neither the output nor the dev server.
 * Images next to a document and under site/public still arrive.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../src/dev/server.ts';
import { documentQueryKey, queryHash } from '../../src/output/manifest.ts';
import { copyFixture, devEvents, html, listFiles, remove, runCli, tempDir, waitFor, type CliResult } from '../helpers.ts';

const GIF = Buffer.from('GIF89a\x03\x00\x02\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00,\x00\x00\x00\x00\x03\x00\x02\x00\x00\x02\x02\x84\x51\x00;', 'latin1');
const SVG =
  '<?xml version="1.0" encoding="UTF-8"?>\n<!-- a logo -->\n<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" viewBox="0 0 40 20"><rect width="40" height="20"/></svg>\n';
const CANARY = `f9-canary-${randomBytes(12).toString('hex')}`;
const UP = '../'.repeat(12);

/** Each refused reference: its page, the problem it is (code and place), and the file its old hashed name would have come from. */
const CASES = {
  markdown: { doc: 'f9-markdown.md', body: `![s](${UP}etc/passwd)`, code: 'SG2010', line: 5 },
  image: { doc: 'f9-image.md', field: `image: /${UP}etc/hostname`, code: 'SG2010', line: 3 },
  cover: { doc: 'f9-cover.md', field: 'cover: ../.sitegen-cache/sources.json', code: 'SG2010', line: 3 },
  encoded: { doc: 'f9-encoded.md', body: `![h](${'%2e%2e/'.repeat(12)}etc/hostname)`, code: 'SG2010', line: 5 },
  environ: { doc: 'f9-environ.md', body: `![e](${UP}proc/self/environ)`, code: 'SG2010', line: 5 },
  symlink: { doc: 'f9-symlink.md', body: '![l](./f9-linked.gif)', code: 'SG2010', line: 5 },
  hidden: { doc: 'f9-hidden.md', body: '![d](./f9-env.gif)\n\n![d](../.env)', code: 'SG2010', line: 5 },
  fake: { doc: 'f9-fake.md', body: '![f](./f9-fake.png)', code: 'SG5004', line: 5 },
  config: { doc: 'f9-config.md', field: 'cover: ../site/config.ts', code: 'SG5004', line: 3 },
} as const;

/** A GIF with a secret after its end: an image by its bytes, but outside the project. */
const OUTSIDE = Buffer.concat([GIF, Buffer.from(`outside-${CANARY}`)]);
/** The same, as a hidden file inside the project. */
const DOTENV = Buffer.concat([GIF, Buffer.from(`SECRET=dotenv-${CANARY}`)]);

/** A site with the valid images, and (with `bad`) the refused references too. */
function addImages(site: string): void {
  writeFileSync(join(site, 'content/guide/cat.gif'), GIF);
  writeFileSync(join(site, 'content/guide/logo.svg'), SVG);
  mkdirSync(join(site, 'site/public/images'), { recursive: true });
  writeFileSync(join(site, 'site/public/images/dot.gif'), GIF);
  const setup = join(site, 'content/guide/2.setup.md');
  writeFileSync(setup, `${readFileSync(setup, 'utf8')}\n![a cat](./cat.gif)\n\n![a dot](/images/dot.gif)\n\n![a logo](./logo.svg)\n`);
}

function addRefused(site: string, outside: string): void {
  writeFileSync(join(outside, 'real.gif'), OUTSIDE);
  symlinkSync(join(outside, 'real.gif'), join(site, 'content/f9-linked.gif'));
  writeFileSync(join(site, '.env'), DOTENV);
  symlinkSync('../.env', join(site, 'content/f9-env.gif'));
  writeFileSync(join(site, 'content/f9-fake.png'), `not a picture: fake-${CANARY}\n`);
  for (const c of Object.values(CASES)) {
    const field = 'field' in c ? `${c.field}\n` : '';
    const body = 'body' in c ? c.body : 'Text.';
    writeFileSync(join(site, 'content', c.doc), `---\ntitle: ${c.doc}\n${field}---\n\n${body}\n`);
  }
}

/** The secrets: no output file may hold these bytes. */
function secrets(): Buffer[] {
  const files = ['/etc/passwd', '/etc/hostname'].filter((f) => existsSync(f)).map((f) => readFileSync(f));
  return [...files, Buffer.from(CANARY), OUTSIDE, DOTENV].filter((b) => b.length);
}

/** Whether `bytes` hold a secret: a short one (a host name) only as the whole file, as a copy would be. */
const holdsSecret = (bytes: Buffer) => secrets().some((s) => (s.length >= 8 ? bytes.includes(s) : bytes.equals(s)));

/** Files under `dir` that hold a secret's bytes. */
function leaks(dir: string): string[] {
  return listFiles(dir).filter((rel) => holdsSecret(readFileSync(join(dir, rel))));
}

const pagePath = (doc: string) => `/${doc.replace(/\.md$/, '')}`;

describe('F9 images: sitegen build', () => {
  let parent: string;
  let site: string;
  let first: CliResult;
  let built: CliResult;

  beforeAll(async () => {
    parent = tempDir('sitegen-f9-');
    site = copyFixture('basic');
    addImages(site);
    first = await runCli(['build', '--root', site]);
    addRefused(site, parent);
    built = await runCli(['build', '--root', site], { env: { SITEGEN_CANARY: CANARY } });
  }, 120_000);
  afterAll(() => {
    remove(site);
    remove(parent);
  });

  it('F9 valid images next to a document, under site/public and in SVG still arrive with their size and hashed URL', () => {
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const dist = join(site, 'dist');
    const page = html(dist, 'guide/setup/index.html');
    const sized = (alt: string) => {
      const img = page.querySelector(`main img[alt="${alt}"]`)!;
      return [img.getAttribute('src'), img.getAttribute('width'), img.getAttribute('height')];
    };
    expect(sized('a cat')).toEqual([expect.stringMatching(/^\/_sitegen\/images\/cat\.[0-9a-f]{10}\.gif$/), '3', '2']);
    expect(sized('a dot')).toEqual([expect.stringMatching(/^\/_sitegen\/images\/dot\.[0-9a-f]{10}\.gif$/), '3', '2']);
    expect(sized('a logo')).toEqual([expect.stringMatching(/^\/_sitegen\/images\/logo\.[0-9a-f]{10}\.svg$/), '40', '20']);
    expect(readFileSync(join(dist, sized('a cat')[0]!))).toEqual(GIF);
  });

  it.each(Object.entries(CASES))('F9 %s: the build fails with the code and file:line', (_name, c) => {
    expect(built.code).not.toBe(0);
    expect(built.stderr).toContain(`✗ content/${c.doc}:${c.line} [${c.code}] ${c.code === 'SG2010' ? 'File outside the project' : 'Not an image'}`);
  });

  it('F9 the second hidden reference (../.env) is refused on its own line too', () => {
    expect(built.stderr).toContain('✗ content/f9-hidden.md:7 [SG2010] File outside the project');
  });

  it("F9 no file of the output holds a refused file's bytes, nor the build's environment", () => {
    const dist = join(site, 'dist');
    expect(leaks(dist)).toEqual([]);
    expect(leaks(join(site, '.sitegen-cache'))).toEqual([]);
    // Only the valid images were ever copied.
    expect(
      readdirSync(join(dist, '_sitegen/images'))
        .map((f) => f.replace(/\.[0-9a-f]{10}/, ''))
        .sort(),
    ).toEqual(['cat.gif', 'dot.gif', 'logo.svg']);
    expect(built.code).not.toBe(0);
  });
});

describe('F9 images: sitegen dev', () => {
  let parent: string;
  let site: string;
  let dev: DevServer;
  const get = async (path: string) => {
    const res = await fetch(`${dev.url}${path}`);
    return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
  };

  beforeAll(async () => {
    parent = tempDir('sitegen-f9-dev-');
    site = copyFixture('basic');
    addImages(site);
    mkdirSync(join(site, '.sitegen-cache'), { recursive: true });
    writeFileSync(join(site, '.sitegen-cache/sources.json'), `{"cache":"${CANARY}"}`);
    addRefused(site, parent);
    // Images that start valid, and are swapped while dev runs.
    writeFileSync(join(site, 'content/f9-swap-text.gif'), GIF);
    writeFileSync(join(site, 'content/f9-swap-link.gif'), Buffer.concat([GIF, Buffer.from('link')]));
    writeFileSync(join(site, 'content/f9-swap.md'), '---\ntitle: Swapped\n---\n\n![t](./f9-swap-text.gif)\n\n![l](./f9-swap-link.gif)\n');
    dev = await startDevServer({ root: site, port: 0, log: () => undefined });
  }, 60_000);
  afterAll(async () => {
    await dev?.close();
    remove(site);
    remove(parent);
  });

  it('F9 every refused reference is a problem in dev with its code and file:line', async () => {
    const events = await devEvents(dev.url, '/f9-markdown');
    const problems = events.events.filter((e) => e.event === 'problems');
    events.close();
    expect(problems.length).toBeGreaterThan(0);
    const listed = (JSON.parse(problems[problems.length - 1].data) as { code: string; where: string }[]).map((p) => `${p.where} ${p.code}`);
    for (const c of Object.values(CASES)) expect(listed).toContain(`content/${c.doc}:${c.line} ${c.code}`);
    expect(listed).toContain('content/f9-hidden.md:7 SG2010');
  });

  it('F9 dev serves none of them: not at the hashed URL they had, not in the page, og:image or content API', async () => {
    const environ = existsSync('/proc/self/environ') ? readFileSync('/proc/self/environ') : Buffer.alloc(0);
    const hashed = (name: string, bytes: Buffer) => `/_sitegen/images/${name}.${createHash('sha256').update(bytes).digest('hex').slice(0, 10)}`;
    const urls = [
      ...['/etc/passwd', '/etc/hostname'].filter((f) => existsSync(f)).map((f) => hashed(f.split('/').pop()!, readFileSync(f))),
      hashed('environ', environ),
      `${hashed('f9-linked', OUTSIDE)}.gif`,
      `${hashed('f9-env', DOTENV)}.gif`,
      `${hashed('env', DOTENV)}`,
      `${hashed('sources', readFileSync(join(site, '.sitegen-cache/sources.json')))}.json`,
      `${hashed('f9-fake', readFileSync(join(site, 'content/f9-fake.png')))}.png`,
      `${hashed('config', readFileSync(join(site, 'site/config.ts')))}.ts`,
    ];
    for (const url of urls) {
      const res = await get(url);
      expect([url, res.status]).toEqual([url, 404]);
    }
    for (const c of Object.values(CASES)) {
      const page = await get(pagePath(c.doc));
      expect(page.status).toBe(200);
      const text = page.bytes.toString('utf8');
      expect([c.doc, text.includes('/_sitegen/images/')]).toEqual([c.doc, false]);
      expect(holdsSecret(page.bytes)).toBe(false);
      const og = parse(text).querySelector('meta[property="og:image"]')?.getAttribute('content') ?? '';
      expect(og).not.toContain('/_sitegen/images/');
      const api = await get(`/api/_content/query/${queryHash(documentQueryKey(pagePath(c.doc)))}.json`);
      expect(api.status).toBe(200);
      expect(api.bytes.toString('utf8')).not.toContain('/_sitegen/images/');
    }
  });

  it('F9 an image swapped in dev for text, or for a link out of the project, is refused and no longer served', async () => {
    const srcs = async () =>
      parse((await get('/f9-swap')).bytes.toString('utf8'))
        .querySelectorAll('main img')
        .map((img) => img.getAttribute('src')!);
    const before = await srcs();
    expect(before).toEqual([
      expect.stringMatching(/^\/_sitegen\/images\/f9-swap-text\.[0-9a-f]{10}\.gif$/),
      expect.stringMatching(/^\/_sitegen\/images\/f9-swap-link\.[0-9a-f]{10}\.gif$/),
    ]);
    const events = await devEvents(dev.url, '/f9-swap');
    const text = Buffer.from(`swapped-${CANARY}`);
    writeFileSync(join(site, 'content/f9-swap-text.gif'), text);
    rmSync(join(site, 'content/f9-swap-link.gif'));
    symlinkSync(join(parent, 'real.gif'), join(site, 'content/f9-swap-link.gif'));
    const listed = () => {
      const last = events.events.filter((e) => e.event === 'problems').pop();
      return last ? (JSON.parse(last.data) as { code: string; where: string }[]).map((p) => `${p.where} ${p.code}`) : [];
    };
    await waitFor(() => listed().includes('content/f9-swap.md:5 SG5004') && listed().includes('content/f9-swap.md:7 SG2010'), 10_000);
    events.close();
    const hashed = (name: string, bytes: Buffer) => `/_sitegen/images/${name}.${createHash('sha256').update(bytes).digest('hex').slice(0, 10)}.gif`;
    for (const url of [...before, hashed('f9-swap-text', text), hashed('f9-swap-link', OUTSIDE)]) expect([url, (await get(url)).status]).toEqual([url, 404]);
    const page = await get('/f9-swap');
    expect(page.bytes.toString('utf8')).not.toContain('/_sitegen/images/');
    expect(holdsSecret(page.bytes)).toBe(false);
  });

  it('F9 valid images still work in dev', async () => {
    const page = parse((await get('/guide/setup')).bytes.toString('utf8'));
    for (const [alt, bytes, width] of [
      ['a cat', GIF, '3'],
      ['a dot', GIF, '3'],
      ['a logo', Buffer.from(SVG), '40'],
    ] as const) {
      const img = page.querySelector(`main img[alt="${alt}"]`)!;
      expect(img.getAttribute('src')).toMatch(/^\/_sitegen\/images\/[a-z]+\.[0-9a-f]{10}\.(gif|svg)$/);
      expect(img.getAttribute('width')).toBe(width);
      const res = await get(img.getAttribute('src')!);
      expect([res.status, res.bytes]).toEqual([200, bytes]);
    }
  });
});
