/**
 * `sitegen dev` with images next to the markdown (and under site/public), under `base: '/docs/'`:
 * an edit to an image alone re-hashes it and reloads the pages that show it (and only those); a
 * removed image is a problem in the overlay until it is back; the content API shows the hashed
 * files under the base as a build writes them. Checked over HTTP and server-sent events, like the
 * other dev tests.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../src/dev/server.ts';
import { POSTS_QUERY_KEY, documentQueryKey, queryHash } from '../../src/output/manifest.ts';
import { copyFixture, devEvents, remove, waitFor } from '../helpers.ts';

const GIF = Buffer.from('GIF89a\x03\x00\x02\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00,\x00\x00\x00\x00\x03\x00\x02\x00\x00\x02\x02\x84\x51\x00;', 'latin1');
/** The same picture, 5 pixels wide. */
const WIDER = Buffer.from(GIF);
WIDER.writeUInt16LE(5, 6);

let site: string;
let dev: DevServer;

const get = async (path: string) => {
  const res = await fetch(`${dev.url}${path}`);
  return { status: res.status, text: await res.text() };
};

/** The cat on the setup page: its src and width. */
async function cat(): Promise<{ src: string; width: string | undefined }> {
  const img = parse((await get('/docs/guide/setup')).text).querySelector('main img[alt="a cat"]')!;
  return { src: img.getAttribute('src')!, width: img.getAttribute('width') };
}

async function bytesOf(path: string): Promise<Buffer> {
  return Buffer.from(await (await fetch(`${dev.url}${path}`)).arrayBuffer());
}

/**
 * Write a file at a person's pace: two saves of one file inside the kernel's timestamp tick carry
 * the same mtime, and the watcher reports only the first.
 */
const lastWrite = new Map<string, number>();
async function write(file: string, data: string | Buffer): Promise<void> {
  const wait = (lastWrite.get(file) ?? 0) + 100 - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  writeFileSync(join(site, file), data);
  lastWrite.set(file, Date.now());
}

beforeAll(async () => {
  site = copyFixture('basic');
  const config = join(site, 'site/config.ts');
  writeFileSync(config, readFileSync(config, 'utf8').replace("url: 'https://fixture.example.com',", "url: 'https://fixture.example.com',\n  base: '/docs/',"));
  writeFileSync(join(site, 'content/guide/cat.gif'), GIF);
  const setup = join(site, 'content/guide/2.setup.md');
  writeFileSync(setup, `${readFileSync(setup, 'utf8')}\n![a cat](./cat.gif) Back to the [introduction](/guide/intro).\n`);
  // One under the public folder too, shown by another page.
  mkdirSync(join(site, 'site/public/images'), { recursive: true });
  writeFileSync(join(site, 'site/public/images/dot.gif'), GIF);
  const intro = join(site, 'content/guide/1.intro.md');
  writeFileSync(intro, `${readFileSync(intro, 'utf8')}\n![a dot](/images/dot.gif)\n`);
  // And one in a post's excerpt, which the blog listing shows.
  writeFileSync(join(site, 'content/blog/kitten.gif'), GIF);
  const hello = join(site, 'content/blog/2020-01-21-hello-world.md');
  writeFileSync(
    hello,
    readFileSync(hello, 'utf8').replace('The excerpt paragraph.', 'The excerpt paragraph. ![a kitten](./kitten.gif) See the [introduction](/guide/intro).'),
  );
  dev = await startDevServer({ root: site, port: 0, log: (m) => process.env.DEV_LOG && console.log(m) });
}, 60_000);
afterAll(async () => {
  await dev?.close();
  remove(site);
});

describe('sitegen dev: images next to the markdown, under a base path', () => {
  it('serves the page with the hashed image under the base, and the content API as a build writes it', async () => {
    const { src, width } = await cat();
    expect(src).toMatch(/^\/docs\/_sitegen\/images\/cat\.[0-9a-f]{10}\.gif$/);
    expect(width).toBe('3');
    expect(await bytesOf(src)).toEqual(GIF);
    const api = JSON.parse((await get(`/docs/api/_content/query/${queryHash(documentQueryKey('/guide/setup'))}.json`)).text) as {
      body: { html: string };
    };
    expect(api.body.html).toContain(`<img src="${src}" alt="a cat" width="3" height="2" loading="lazy" decoding="async">`);
    expect(api.body.html).toContain('<a href="/docs/guide/intro">introduction</a>');
  });

  it('re-hashes an edited image and reloads only the pages that show it', async () => {
    const onPage = await devEvents(dev.url, '/docs/guide/setup');
    const elsewhere = await devEvents(dev.url, '/docs/about');
    const before = await cat();
    expect((await get('/docs/about')).status).toBe(200);
    const update = dev.nextUpdate();
    await write('content/guide/cat.gif', WIDER);
    expect((await update).reloaded).toEqual(['/guide/setup']);
    const after = await cat();
    expect(after.src).not.toBe(before.src);
    expect(after.src).toMatch(/^\/docs\/_sitegen\/images\/cat\.[0-9a-f]{10}\.gif$/);
    expect(after.width).toBe('5');
    expect(await bytesOf(after.src)).toEqual(WIDER);
    await waitFor(() => onPage.events.some((e) => e.event === 'reload'));
    expect(elsewhere.events.map((e) => e.event)).not.toContain('reload');
    onPage.close();
    elsewhere.close();
  });

  it('does the same for an image under the public folder', async () => {
    const dot = async () =>
      parse((await get('/docs/guide/intro')).text)
        .querySelector('main img[alt="a dot"]')!
        .getAttribute('width');
    expect(await dot()).toBe('3');
    const events = await devEvents(dev.url, '/docs/guide/intro');
    const update = dev.nextUpdate();
    await write('site/public/images/dot.gif', WIDER);
    expect((await update).reloaded).toEqual(['/guide/intro']);
    expect(await dot()).toBe('5');
    await waitFor(() => events.events.some((e) => e.event === 'reload'));
    events.close();
  });

  it('shows a removed image as a problem, and clears it when the image is back', async () => {
    const events = await devEvents(dev.url, '/docs/guide/setup');
    await cat();
    rmSync(join(site, 'content/guide/cat.gif'));
    await waitFor(() => events.events.some((e) => e.event === 'problems'));
    const problems = events.events.filter((e) => e.event === 'problems');
    const [problem] = JSON.parse(problems[problems.length - 1].data) as { code: string; where: string }[];
    expect([problem.code, problem.where]).toEqual(['SG5003', 'content/guide/2.setup.md:20']);
    expect(events.events.map((e) => e.event)).toContain('reload');

    const reloads = events.events.filter((e) => e.event === 'reload').length;
    await write('content/guide/cat.gif', GIF);
    await waitFor(() => events.events[events.events.length - 1].event === 'clear' && events.events.filter((e) => e.event === 'reload').length > reloads);
    expect(await cat()).toMatchObject({ width: '3' });
    events.close();
  });

  it('follows a document that starts showing a new image, and reloads it once the file arrives', async () => {
    const events = await devEvents(dev.url, '/docs/about');
    expect((await get('/docs/about')).status).toBe(200);
    const about = join(site, 'content/about.md');
    await write('content/about.md', `${readFileSync(about, 'utf8')}\n![a dog](./dog.gif)\n`);
    await waitFor(() => events.events.some((e) => e.event === 'problems' && e.data.includes('dog.gif')));
    expect(existsSync(join(site, 'content/dog.gif'))).toBe(false);

    const update = dev.nextUpdate();
    await write('content/dog.gif', WIDER);
    expect((await update).reloaded).toEqual(['/about']);
    const dog = parse((await get('/docs/about')).text).querySelector('main img[alt="a dog"]')!;
    expect(dog.getAttribute('src')).toMatch(/^\/docs\/_sitegen\/images\/dog\.[0-9a-f]{10}\.gif$/);
    expect(await bytesOf(dog.getAttribute('src')!)).toEqual(WIDER);
    await waitFor(() => events.events[events.events.length - 1].event === 'clear');
    events.close();
  });

  it('checks and hashes the <Image src> of a page as a build does: missing is a problem at its line, and the file arriving fixes it', async () => {
    const events = await devEvents(dev.url, '/docs/about');
    await write(
      'site/pages/gallery.tsx',
      "import { Image } from 'react-sitegen/templates';\nexport const meta = { title: 'Gallery', description: 'Owls.' };\n\nexport default function Gallery() {\n  return <Image src=\"/images/owl.gif\" alt=\"an owl\" />;\n}\n",
    );
    await waitFor(() => events.events.some((e) => e.event === 'problems' && e.data.includes('owl.gif')));
    const problems = events.events.filter((e) => e.event === 'problems');
    const owl = (JSON.parse(problems[problems.length - 1].data) as { code: string; where: string; message: string }[]).find((p) =>
      p.message.includes('owl.gif'),
    );
    expect([owl?.code, owl?.where]).toEqual(['SG5003', 'site/pages/gallery.tsx:5']);

    await write('site/public/images/owl.gif', WIDER);
    await waitFor(() => events.events[events.events.length - 1].event === 'clear');
    const img = parse((await get('/docs/gallery')).text).querySelector('img[alt="an owl"]')!;
    expect(img.getAttribute('src')).toMatch(/^\/docs\/_sitegen\/images\/owl\.[0-9a-f]{10}\.gif$/);
    expect(img.getAttribute('width')).toBe('5');
    expect(await bytesOf(img.getAttribute('src')!)).toEqual(WIDER);
    events.close();
  });

  it("shows an image in a post's excerpt on the listing and in the posts API at its hashed file, and reloads the listing when it changes", async () => {
    const kitten = async () => parse((await get('/docs/blog')).text).querySelector('.excerpt img[alt="a kitten"]');
    const src = (await kitten())?.getAttribute('src');
    expect(src).toMatch(/^\/docs\/_sitegen\/images\/kitten\.[0-9a-f]{10}\.gif$/);
    const posts = JSON.parse((await get(`/docs/api/_content/query/${queryHash(POSTS_QUERY_KEY)}.json`)).text) as {
      path: string;
      excerpt?: string;
    }[];
    expect(posts.find((p) => p.path === '/blog/2020/01/21/hello-world')?.excerpt).toBe(
      `<p>The excerpt paragraph. <img src="${src}" alt="a kitten" width="3" height="2" loading="lazy" decoding="async"> See the <a href="/docs/guide/intro">introduction</a>.</p>\n`,
    );

    const events = await devEvents(dev.url, '/docs/blog');
    const update = dev.nextUpdate();
    await write('content/blog/kitten.gif', WIDER);
    expect((await update).reloaded).toEqual(['/blog']);
    const after = await kitten();
    expect(after?.getAttribute('width')).toBe('5');
    expect(after?.getAttribute('src')).not.toBe(src);
    expect(await bytesOf(after!.getAttribute('src')!)).toEqual(WIDER);
    await waitFor(() => events.events.some((e) => e.event === 'reload'));
    events.close();
  });
});
