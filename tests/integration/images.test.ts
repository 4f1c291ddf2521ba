/**
 * Images next to a document or under site/public arrive in the output under hashed names, with
 * their size; a missing one fails the build with its file and line. Through the real CLI, on a
 * site made by `sitegen create`.
 */
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { html, json, remove, runCli, tempDir, type CliResult } from '../helpers.ts';

const POST = 'content/blog/2025-01-15-hello-world.md';
const GIF = Buffer.from('GIF89a\x03\x00\x02\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00,\x00\x00\x00\x00\x03\x00\x02\x00\x00\x02\x02\x84\x51\x00;', 'latin1');

let parent: string;
let site: string;
let built: CliResult;

beforeAll(async () => {
  parent = tempDir('sitegen-images-');
  site = join(parent, 'site');
  await runCli(['create', 'site'], { cwd: parent });
  writeFileSync(join(site, 'content/blog/cat.gif'), GIF);
  const post = readFileSync(join(site, POST), 'utf8').replace(/^image: .*$/m, 'cover: ./cat.gif');
  writeFileSync(join(site, POST), `${post}\n![a "cat" <3](./cat.gif "The cat")\n\n![remote](https://images.example.com/r.png)\n`);
  built = await runCli(['build', '--root', site]);
});
afterAll(() => remove(parent));

describe('images that arrive', () => {
  it('builds', () => {
    expect(built.stderr).toBe('');
    expect(built.code).toBe(0);
  });

  it('copies an image next to the post under a hashed name and sizes its <img>', () => {
    const dist = join(site, 'dist');
    const page = html(dist, 'blog/2025/01/15/hello-world/index.html');
    const cat = page.querySelector('img[title="The cat"]')!;
    expect(cat.getAttribute('alt')).toBe('a "cat" <3');
    expect(cat.getAttribute('src')).toMatch(/^\/_sitegen\/images\/cat\.[0-9a-f]{10}\.gif$/);
    expect([cat.getAttribute('width'), cat.getAttribute('height'), cat.getAttribute('loading'), cat.getAttribute('decoding')]).toEqual([
      '3',
      '2',
      'lazy',
      'async',
    ]);
    expect(readFileSync(join(dist, cat.getAttribute('src')!))).toEqual(GIF);
  });

  it('does the same for an image under site/public, which is also copied as it is', () => {
    const dist = join(site, 'dist');
    const hello = html(dist, 'blog/2025/01/15/hello-world/index.html').querySelector('img[alt^="A green square"]')!;
    expect(hello.getAttribute('src')).toMatch(/^\/_sitegen\/images\/hello\.[0-9a-f]{10}\.png$/);
    expect([hello.getAttribute('width'), hello.getAttribute('height')]).toEqual(['160', '90']);
    expect(readFileSync(join(dist, hello.getAttribute('src')!))).toEqual(readFileSync(join(site, 'site/public/images/hello.png')));
    expect(readFileSync(join(dist, 'images/hello.png'))).toEqual(readFileSync(join(site, 'site/public/images/hello.png')));
  });

  it('leaves remote images as written, and points the front matter cover at the hashed file', () => {
    const dist = join(site, 'dist');
    const page = html(dist, 'blog/2025/01/15/hello-world/index.html');
    expect(page.querySelector('img[alt="remote"]')?.toString()).toBe('<img src="https://images.example.com/r.png" alt="remote">');
    const cat = page.querySelector('img[title="The cat"]')!.getAttribute('src');
    expect(page.querySelector('meta[property="og:image"]')?.getAttribute('content')).toBe(`https://example.com${cat}`);
  });

  it('uses the hashed files in the client-navigation payload too', () => {
    const payload = json<{ html: string }>(join(site, 'dist'), 'blog/2025/01/15/hello-world/_payload.json');
    expect(payload.html).toMatch(
      /<img src="\/_sitegen\/images\/cat\.[0-9a-f]{10}\.gif" alt="a &quot;cat&quot; &lt;3" title="The cat" width="3" height="2" loading="lazy" decoding="async">/,
    );
  });

  it('follows an image whose bytes changed on the next (cached) build', async () => {
    const dist = join(site, 'dist');
    const old = html(dist, 'blog/2025/01/15/hello-world/index.html').querySelector('img[title="The cat"]')!.getAttribute('src');
    const wider = Buffer.from(GIF);
    wider.writeUInt16LE(5, 6);
    writeFileSync(join(site, 'content/blog/cat.gif'), wider);
    const again = await runCli(['build', '--root', site]);
    expect(again.code).toBe(0);
    const cat = html(dist, 'blog/2025/01/15/hello-world/index.html').querySelector('img[title="The cat"]')!;
    expect(cat.getAttribute('src')).not.toBe(old);
    expect(cat.getAttribute('width')).toBe('5');
    expect(readFileSync(join(dist, cat.getAttribute('src')!))).toEqual(wider);
  });

  it('fails the build on a missing image, naming the file and line, and keeps the previous output', async () => {
    const before = readFileSync(join(site, 'dist/index.html'), 'utf8');
    appendFileSync(join(site, POST), '\nSee ![the dog](./dog.png) too.\n');
    const line =
      readFileSync(join(site, POST), 'utf8')
        .split('\n')
        .findIndex((l) => l.includes('./dog.png')) + 1;
    const result = await runCli(['build', '--root', site]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `✗ ${POST}:${line} [SG5003] Missing image\n  Missing image ./dog.png on /blog/2025/01/15/hello-world (looked for content/blog/dog.png)\n` +
        '  hint: Put the image next to the document (./name.png) or under site/public/ (/name.png), or fix the path.\n',
    );
    expect(readFileSync(join(site, 'dist/index.html'), 'utf8')).toBe(before);
  });
});
