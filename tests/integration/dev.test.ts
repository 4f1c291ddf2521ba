/**
 * `sitegen dev` on a private copy of the fixture: edits, additions, deletions and broken
 * front matter, checked over HTTP and server-sent events; the server stays up throughout.
 */
import { cpSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../src/dev/server.ts';
import { copyFixture, devEvents, remove, tempDir, waitFor, type EventStream } from '../helpers.ts';

let site: string;
let dev: DevServer;
/** What dev printed in the terminal, line by line. */
const logs: string[] = [];

/** Listen to the dev server's events as the page at `path` would. */
const subscribe = (path: string): Promise<EventStream> => devEvents(dev.url, path);

const get = async (path: string) => {
  const res = await fetch(`${dev.url}${path}`, { redirect: 'manual' });
  return { status: res.status, text: await res.text(), location: res.headers.get('location') };
};

/** Poll `path` until `check` holds for its response (the watcher reports changes asynchronously). */
async function until(path: string, check: (r: Awaited<ReturnType<typeof get>>) => boolean, ms = 5000): Promise<Awaited<ReturnType<typeof get>>> {
  const end = Date.now() + ms;
  for (;;) {
    const res = await get(path);
    if (check(res)) return res;
    if (Date.now() > end) throw new Error(`timed out waiting for ${path}: ${res.status} ${res.text.slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const lastEdit = new Map<string, number>();

/**
 * Change a file at a person's pace: two saves of one file inside the kernel's timestamp tick (a few ms) may carry the
 * same size and mtime, and no watcher can tell them apart.
 */
async function edit(file: string, change: (text: string) => string): Promise<void> {
  const wait = (lastEdit.get(file) ?? 0) + 100 - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  const path = join(site, file);
  writeFileSync(path, change(existsSync(path) ? readFileSync(path, 'utf8') : ''));
  lastEdit.set(file, Date.now());
}

beforeAll(async () => {
  site = copyFixture('basic');
  dev = await startDevServer({
    root: site,
    port: 0,
    log: (m) => {
      // As read, not as coloured: picocolors colours when CI or FORCE_COLOR is set.
      logs.push(stripVTControlCharacters(m));
      if (process.env.DEV_LOG) console.log(m);
    },
  });
}, 60_000);
afterAll(async () => {
  await dev?.close();
  remove(site);
});

describe('sitegen dev', () => {
  it('serves the site from memory on 127.0.0.1', async () => {
    expect(dev.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const home = await get('/');
    expect(home.status).toBe(200);
    expect(home.text).toContain('Fixture home');
    expect(home.text).toContain('/_sitegen/dev/client.js');
    expect((await get('/no/such/page')).status).toBe(404);
    expect((await get('/old-home')).location).toBe('/');
    // The query goes along, as preview and the hosts keep it.
    expect((await get('/old-home?ref=feed&x=1')).location).toBe('/?ref=feed&x=1');
    expect((await get('/moved?a=b')).location).toBe('/about?a=b');
  });

  it('re-renders an edited document and updates only the pages that show it, in place', async () => {
    // Open, so rendered, as in a browser.
    await get('/about');
    await get('/guide/setup');
    const onPage = await subscribe('/about');
    const elsewhere = await subscribe('/guide/setup');
    const update = dev.nextUpdate();
    await edit('content/about.md', (t) => t.replace('A test.', 'A freshly edited sentence.'));
    const { reloaded, swapped } = await update;
    expect([reloaded, swapped]).toEqual([[], ['/about']]);
    expect((await get('/about')).text).toContain('A freshly edited sentence.');
    await new Promise((r) => setTimeout(r, 50));
    const updates = (stream: EventStream) => stream.events.filter((e) => !['problems', 'clear'].includes(e.event));
    expect(updates(onPage)).toEqual([{ event: 'page', data: '{"path":"/about"}' }]);
    expect(updates(elsewhere)).toEqual([]);
    onPage.close();
    elsewhere.close();
  });

  it('takes in a second save made within 50 ms of the first (chokidar reports only the first)', async () => {
    await get('/about');
    await edit('content/about.md', (t) => `${t}\nSaved once.\n`);
    await new Promise((r) => setTimeout(r, 20));
    const path = join(site, 'content/about.md');
    writeFileSync(path, readFileSync(path, 'utf8').replace('Saved once.', 'Saved twice.'));
    lastEdit.set('content/about.md', Date.now());
    await until('/about', (r) => r.text.includes('Saved twice.'));
  });

  it('updates listings when a post is added, retitled and deleted', async () => {
    const file = 'content/blog/2022-05-06-brand-new.md';
    await edit(file, () => '---\ntitle: Brand new post\ndescription: Added while dev runs.\ndate: 2022-05-06\nauthor: ada\n---\n\nFresh.\n');
    await until('/blog', (r) => r.text.includes('Brand new post'));
    expect((await get('/blog/2022/05/06/brand-new')).status).toBe(200);
    // The theme's author listing: its cards come from the posts the workers hold (render/cards.ts).
    const cards = (r: Awaited<ReturnType<typeof get>>) => Array.from(r.text.matchAll(/class="post-card-title"><a [^>]*>([^<]*)</g), (m) => m[1]);
    expect(cards(await until('/blog/authors/ada', (r) => r.text.includes('Brand new post')))).toContain('Brand new post');

    await edit(file, (t) => t.replace('title: Brand new post', 'title: Renamed post'));
    await until('/blog', (r) => r.text.includes('Renamed post'));
    const renamed = cards(await until('/blog/authors/ada', (r) => r.text.includes('Renamed post')));
    expect(renamed).toContain('Renamed post');
    expect(renamed).not.toContain('Brand new post');

    await new Promise((r) => setTimeout(r, 100));
    rmSync(join(site, file));
    await until('/blog', (r) => !r.text.includes('Renamed post'));
    expect((await get('/blog/2022/05/06/brand-new')).status).toBe(404);
    const after = await until('/blog/authors/ada', (r) => !r.text.includes('Renamed post'));
    expect(after.status).toBe(200);
    expect(cards(after).length).toBeGreaterThan(0);
  });

  it('shows bad front matter in the overlay, keeps serving the last good page, and clears when fixed', async () => {
    const events = await subscribe('/about');
    const good = (await get('/about')).text;
    await edit('content/about.md', (t) => t.replace('title: About the fixture', 'title: "About the fixture'));
    await waitFor(() => events.events.some((e) => e.event === 'problems'));
    const problems = events.events.filter((e) => e.event === 'problems');
    const [problem] = JSON.parse(problems[problems.length - 1].data) as { where: string; code: string; frame: string }[];
    expect(problem.where).toBe('content/about.md:2:8');
    expect(problem.code).toBe('SG2001');
    expect((await get('/about')).text).toBe(good);

    await edit('content/about.md', (t) => t.replace('title: "About the fixture', 'title: About the fixture'));
    await waitFor(() => events.events[events.events.length - 1].event === 'clear').catch((e) => {
      throw new Error(e.message + JSON.stringify(events.events));
    });
    events.close();
  });

  it('keeps serving the last good page when a component throws, shows where in the overlay and once in the terminal, and clears when fixed', async () => {
    const events = await subscribe('/');
    const good = await get('/');
    expect(good.status).toBe(200);
    const source = readFileSync(join(site, 'site/pages/index.tsx'), 'utf8');
    const broken = source.replace(/(export default function Home\([^)]*\) \{\n)/, '$1  throw new Error("home page exploded");\n');
    const line = broken.split('\n').findIndex((l) => l.includes('home page exploded')) + 1;
    await edit('site/pages/index.tsx', () => broken);
    try {
      await waitFor(() => events.events.some((e) => e.event === 'problems' && e.data.includes('SG4001')), 10_000);
      const problems = events.events.filter((e) => e.event === 'problems');
      const [problem] = JSON.parse(problems[problems.length - 1].data) as { code: string; where: string; message: string; frame: string; hint: string }[];
      expect(problem.code).toBe('SG4001');
      expect(problem.message).toBe('/ failed to render: home page exploded');
      // Where it was thrown in the source (the bundle's source map), not in the compiled bundle.
      expect(problem.where).toBe(`site/pages/index.tsx:${line}:9`);
      expect(problem.frame).toContain(`> ${line} |   throw new Error("home page exploded");`);
      expect(problem.hint).toMatch(/fix it and save/);
      // The last good version, not a bare error page, and no reload to lose it.
      expect(await get('/')).toEqual(good);
      expect(JSON.parse((await get('/_payload.json')).text).html).toContain('Fixture home');
      expect(events.events.some((e) => e.event === 'reload')).toBe(false);
      const printed = () => logs.filter((l) => l.startsWith('✗') && l.includes('[SG4001]'));
      expect(printed()).toEqual([`✗ site/pages/index.tsx:${line}:9 [SG4001] Page failed to render`]);

      await edit('site/pages/index.tsx', () => source.replace('<h1>Fixture home</h1>', '<h1>Fixture home, mended</h1>'));
      await until('/', (r) => r.text.includes('Fixture home, mended'));
      await waitFor(() => events.events[events.events.length - 1].event === 'clear');
      await waitFor(() => events.events.some((e) => e.event === 'reload'));
      expect(printed()).toHaveLength(1);
      expect(logs.filter((l) => l.startsWith('fixed ') && l.includes('[SG4001]'))).toHaveLength(1);
    } finally {
      // Put the page back even when a check failed: the tests after this one edit it.
      events.close();
      await edit('site/pages/index.tsx', () => source);
      await until('/', (r) => r.text.includes('<h1>Fixture home</h1>'));
    }
  });

  it('answers a page that throws with no good version yet with a 500 page that loads the overlay', async () => {
    await edit('site/pages/boom.tsx', () => 'export default function Boom() {\n  throw new Error("never rendered");\n}\n');
    const res = await until('/boom', (r) => r.status === 500);
    expect(res.text).toContain('/boom failed to render: never rendered');
    expect(res.text).toContain('<script type="module" src="/_sitegen/dev/client.js"></script>');
    const events = await subscribe('/boom');
    await waitFor(() => events.events.some((e) => e.event === 'problems' && e.data.includes('site/pages/boom.tsx:2:9')));
    await edit('site/pages/boom.tsx', () => 'export default function Boom() {\n  return <p>Rendered at last</p>;\n}\n');
    await until('/boom', (r) => r.status === 200 && r.text.includes('Rendered at last'));
    await waitFor(() => events.events.some((e) => e.event === 'reload'));
    events.close();
    rmSync(join(site, 'site/pages/boom.tsx'));
    await until('/boom', (r) => r.status === 404);
  });

  it('reloads every open page when a layout changes', async () => {
    // site/pages is part of the template bundle: an edit there rebuilds it.
    const events = await subscribe('/');
    await edit('site/pages/index.tsx', (t) => t.replace('<h1>Fixture home</h1>', '<h1>Fixture home, edited</h1>'));
    await until('/', (r) => r.text.includes('Fixture home, edited'));
    await waitFor(() => events.events.some((e) => e.event === 'reload'));
    events.close();
  });

  it('renders drafts, marked as drafts', async () => {
    const draft = await get('/blog/2021/03/04/draft-post');
    expect(draft.status).toBe(200);
    expect(draft.text).toContain('data-draft');
  });

  it('answers content queries live, drafts only with a preview token', async () => {
    const params = encodeURIComponent(JSON.stringify({ where: { _path: { $startsWith: '/blog/' } }, only: ['title'], sort: { date: -1 } }));
    const without = await get(`/api/_content/query?_params=${params}`);
    const withToken = await get(`/api/_content/query?_params=${params}&previewToken=t`);
    expect(JSON.parse(without.text).map((d: { title: string }) => d.title)).toEqual(['Second post', 'Hello world']);
    expect(JSON.parse(withToken.text).map((d: { title: string }) => d.title)).toEqual(['A draft', 'Second post', 'Hello world']);
    // What is not a query is a bad request (it was a 500, or for a negative limit every document but the last).
    for (const bad of ['null', '5', '[]', '{"only":"title"}', '{"where":5}', '{"sort":null}', '{"limit":-1}', '{"skip":"a"}', '{"limit":1.5}']) {
      const res = await get(`/api/_content/query?_params=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect(JSON.parse(res.text).error, bad).toMatch(/^_params must be a query/);
    }
    expect(JSON.parse((await get(`/api/_content/query?_params=${encodeURIComponent('{"limit":1,"skip":1,"only":["title"]}')}`)).text)).toHaveLength(1);
  });

  it('follows the content and site folders when each is replaced by another folder', async () => {
    // A script that writes content/ afresh, a restore from a copy: the folder is removed and
    // written again at once, or another folder is renamed into its place. The watchers must move
    // to the new folder, or every later edit in it goes unseen.
    const copy = tempDir('sitegen-replaced-');
    try {
      cpSync(join(site, 'content'), join(copy, 'content'), { recursive: true });
      cpSync(join(site, 'site'), join(copy, 'site'), { recursive: true });
      const about = join(copy, 'content/about.md');
      writeFileSync(about, `${readFileSync(about, 'utf8')}\nFrom the new folder.\n`);
      const home = join(copy, 'site/pages/index.tsx');
      writeFileSync(home, readFileSync(home, 'utf8').replace(/<h1>Fixture home[^<]*<\/h1>/, '<h1>Home from the new folder</h1>'));

      const events = await subscribe('/about');
      rmSync(join(site, 'content'), { recursive: true });
      cpSync(join(copy, 'content'), join(site, 'content'), { recursive: true });
      await until('/about', (r) => r.text.includes('From the new folder.'), 15_000);
      // (A reload when the session restarts, or the page's content swapped when its file was seen first.)
      await waitFor(() => events.events.some((e) => e.event === 'reload' || e.event === 'page'));
      events.close();
      await edit('content/about.md', (t) => t.replace('From the new folder.', 'Edited in the new folder.'));
      await until('/about', (r) => r.text.includes('Edited in the new folder.'));

      // A folder below content/ (a generated reference written afresh): chokidar follows one
      // that comes back a moment later, not at once.
      const setup = join(copy, 'content/guide/2.setup.md');
      writeFileSync(setup, `${readFileSync(setup, 'utf8')}\nFrom the new guide folder.\n`);
      rmSync(join(site, 'content/guide'), { recursive: true });
      cpSync(join(copy, 'content/guide'), join(site, 'content/guide'), { recursive: true });
      await until('/guide/setup', (r) => r.text.includes('From the new guide folder.'), 15_000);
      await new Promise((r) => setTimeout(r, 300));
      await edit('content/guide/2.setup.md', (t) => t.replace('From the new guide folder.', 'Edited in the new guide folder.'));
      await until('/guide/setup', (r) => r.text.includes('Edited in the new guide folder.'), 15_000);

      renameSync(join(site, 'site'), join(copy, 'old-site'));
      renameSync(join(copy, 'site'), join(site, 'site'));
      await until('/', (r) => r.text.includes('Home from the new folder'), 15_000);
      await edit('site/pages/index.tsx', (t) => t.replace('Home from the new folder', 'Home from the new folder, edited'));
      await until('/', (r) => r.text.includes('Home from the new folder, edited'), 15_000);
    } finally {
      remove(copy);
    }
  }, 60_000);

  it('moves its content watcher when the config names another content folder', async () => {
    cpSync(join(site, 'content'), join(site, 'notes'), { recursive: true });
    const about = join(site, 'notes/about.md');
    writeFileSync(about, `${readFileSync(about, 'utf8')}\nFrom the notes folder.\n`);
    const config = readFileSync(join(site, 'site/config.ts'), 'utf8');
    try {
      await edit('site/config.ts', (t) => t.replace("name: 'Fixture',", "name: 'Fixture',\n  contentDir: 'notes',"));
      await until('/about', (r) => r.text.includes('From the notes folder.'), 15_000);
      await edit('notes/about.md', (t) => t.replace('From the notes folder.', 'Edited in the notes folder.'));
      await until('/about', (r) => r.text.includes('Edited in the notes folder.'));
      // The folder left behind is no longer the site's.
      await edit('content/about.md', (t) => `${t}\nWritten in the old folder.\n`);
      await new Promise((r) => setTimeout(r, 500));
      expect((await get('/about')).text).not.toContain('Written in the old folder.');
    } finally {
      await edit('site/config.ts', () => config);
      await until('/about', (r) => !r.text.includes('notes folder'), 15_000);
      remove(join(site, 'notes'));
    }
  }, 60_000);

  it('refuses path traversal and serves nothing outside the site', async () => {
    for (const path of ['/..%2f..%2fpackage.json', '/%2e%2e/%2e%2e/etc/passwd', '/public/../../site/config.ts']) {
      const res = await get(path);
      expect(res.status, path).not.toBe(200);
      expect(res.text).not.toContain('defineConfig');
    }
    expect((await get('/site/config.ts')).status).toBe(404);
  });
});
