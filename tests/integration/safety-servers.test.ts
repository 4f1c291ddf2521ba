/**
 * The preview and dev servers survive every request (ranges, files that vanish or change while
 * they are sent, a build swapping its output in), and neither the build nor dev reads or serves
 * a file through a symbolic link that leads out of the project.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, readlinkSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../src/dev/server.ts';
import { startPreview } from '../../src/server/preview.ts';
import { BIN, copyFixture, remove, runCli, tempDir, waitFor } from '../helpers.ts';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One GET over its own connection, with the raw bytes received (never throws: a failure is status 0). */
function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve) => {
    const req = request(url, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', () => resolve({ status: 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', () => resolve({ status: 0, headers: {}, body: Buffer.alloc(0) }));
    req.end();
  });
}

/** `sitegen preview` as a process of its own, as a user runs it. */
async function startPreviewProcess(root: string): Promise<{ url: string; child: ChildProcess; exited: () => number | null }> {
  const child = spawn(process.execPath, [BIN, 'preview', '--root', root, '--port', '0'], { env: { ...process.env, NO_COLOR: '1' } });
  let output = '';
  let code: number | null = null;
  child.on('exit', (c) => (code = c ?? -1));
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  await waitFor(() => /at (http:\/\/\S+?)\/\s/.test(output) || code !== null, 20_000);
  const url = /at (http:\/\/\S+?)\/\s/.exec(output)?.[1];
  if (!url) throw new Error(`preview did not start: ${output}`);
  return { url, child, exited: () => code };
}

const sites: string[] = [];
const site = (name = 'basic') => {
  const dir = copyFixture(name);
  sites.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of sites) remove(dir);
});

describe('F7 ranges: preview and dev answer every Range and keep serving', () => {
  let root: string;
  let preview: Awaited<ReturnType<typeof startPreviewProcess>>;
  let dev: DevServer;
  beforeAll(async () => {
    root = site();
    expect((await runCli(['build', '--quiet', '--root', root])).code).toBe(0);
    preview = await startPreviewProcess(root);
    dev = await startDevServer({ root, port: 0 });
  }, 60_000);
  afterAll(async () => {
    preview?.child.kill();
    await dev?.close();
  });

  const check = async (url: string, file: string, bytes: Buffer) => {
    const size = bytes.length;
    for (const range of ['bytes=5-2', `bytes=${size}-`, `bytes=${size + 10}-${size + 20}`, 'bytes=-0']) {
      const res = await get(`${url}${file}`, { Range: range });
      expect(res.status, range).toBe(416);
      expect(res.headers['content-range'], range).toBe(`bytes */${size}`);
    }
    const part = await get(`${url}${file}`, { Range: 'bytes=2-6' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 2-6/${size}`);
    expect(part.body.equals(bytes.subarray(2, 7))).toBe(true);
    const tail = await get(`${url}${file}`, { Range: 'bytes=-3' });
    expect(tail.status).toBe(206);
    expect(tail.body.equals(bytes.subarray(size - 3))).toBe(true);
    const open = await get(`${url}${file}`, { Range: `bytes=3-${size * 2}` });
    expect(open.status).toBe(206);
    expect(open.body.equals(bytes.subarray(3))).toBe(true);
    // A malformed or multi-range header: the whole file.
    for (const range of ['bytes=a-b', 'bytes=0-1,3-4', 'items=0-1']) {
      const whole = await get(`${url}${file}`, { Range: range });
      expect(whole.status, range).toBe(200);
      expect(whole.body.equals(bytes), range).toBe(true);
    }
    const after = await get(`${url}${file}`);
    expect(after.status).toBe(200);
    expect(Number(after.headers['content-length'])).toBe(size);
    expect(after.body.equals(bytes)).toBe(true);
  };

  it('F7 preview answers an unsatisfiable range with 416 and a valid one with 206, and stays up', async () => {
    await check(preview.url, '/robots.txt', readFileSync(join(root, 'dist/robots.txt')));
    await check(preview.url, '/robots-extra.txt', readFileSync(join(root, 'site/public/robots-extra.txt')));
    expect(preview.exited()).toBe(null);
    expect((await get(`${preview.url}/about`)).status).toBe(200);
  });

  it('F7 dev answers an unsatisfiable range with 416 and a valid one with 206, and stays up', async () => {
    await check(dev.url, '/robots-extra.txt', readFileSync(join(root, 'site/public/robots-extra.txt')));
    expect((await get(`${dev.url}/about`)).status).toBe(200);
  });
});

describe('F6 files that vanish or change while preview sends them', () => {
  let root: string;
  let out: string;
  beforeAll(async () => {
    root = site();
    out = join(root, 'dist');
    expect((await runCli(['build', '--quiet', '--root', root])).code).toBe(0);
  }, 60_000);

  it('F6 a file removed or replaced between the lookup and the send is answered 404 or in full, and preview lives on', async () => {
    const file = join(out, 'big.txt');
    const old = Buffer.alloc(4 * 1024 * 1024, 'a');
    const fresh = Buffer.from('short and new\n');
    let act: (() => void) | undefined;
    // Right after the request is looked at, before the file is read: as a build swapping files would.
    const server = await startPreview({
      outDir: out,
      port: 0,
      before: (_req, _res, next) => {
        const now = act;
        act = undefined;
        if (now) process.nextTick(now);
        next();
      },
    });
    try {
      for (let round = 0; round < 6; round++) {
        writeFileSync(file, old);
        act =
          round % 2
            ? () => rmSync(file, { force: true })
            : () => {
                writeFileSync(`${file}.new`, fresh);
                renameSync(`${file}.new`, file);
              };
        const res = await get(`${server.url}/big.txt`);
        expect([200, 404, 503], `round ${round}`).toContain(res.status);
        if (res.status === 200) {
          expect(Number(res.headers['content-length'])).toBe(res.body.length);
          expect(res.body.equals(old) || res.body.equals(fresh), `round ${round}`).toBe(true);
        }
        expect((await get(`${server.url}/about`)).status).toBe(200);
      }
      // Replaced while the answer is on its way: the bytes of the file as it was when opened.
      writeFileSync(file, old);
      const streamed = await new Promise<Answer>((resolve) => {
        request(`${server.url}/big.txt`, { agent: false }, (res) => {
          const chunks: Buffer[] = [];
          res.once('data', (first: Buffer) => {
            chunks.push(first);
            res.pause();
            writeFileSync(`${file}.new`, fresh);
            renameSync(`${file}.new`, file);
            res.on('data', (c: Buffer) => chunks.push(c));
            res.resume();
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
          res.on('error', () => resolve({ status: 0, headers: res.headers, body: Buffer.concat(chunks) }));
        }).end();
      });
      expect(streamed.status).toBe(200);
      expect(streamed.body.length).toBe(old.length);
      expect(streamed.body.equals(old)).toBe(true);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('F6 preview keeps answering every page in full while sitegen build runs 10 times', async () => {
    const preview = await startPreviewProcess(root);
    const urls = ['/', '/about', '/guide', '/guide/intro', '/blog', '/guide/_payload.json', '/robots.txt'];
    const failures: string[] = [];
    let served = 0;
    let running = true;
    const loop = async (n: number) => {
      for (let i = n; running; i++) {
        const path = urls[i % urls.length];
        const res = await get(`${preview.url}${path}`);
        served++;
        const length = Number(res.headers['content-length']);
        if (res.status !== 200) failures.push(`${path}: status ${res.status}`);
        else if (length !== res.body.length) failures.push(`${path}: ${res.body.length} of ${length} bytes`);
      }
    };
    const loops = Array.from({ length: 8 }, (_, n) => loop(n));
    try {
      for (let cycle = 0; cycle < 10; cycle++) {
        const about = join(root, 'content/about.md');
        writeFileSync(about, readFileSync(about, 'utf8').replace(/(Build cycle \d+\.)?\n*$/, `\n\nBuild cycle ${cycle}.\n`));
        const built = await runCli(['build', '--quiet', '--root', root]);
        expect(built.code, built.stderr).toBe(0);
      }
    } finally {
      running = false;
      await Promise.all(loops);
    }
    expect(served).toBeGreaterThan(50);
    expect(failures).toEqual([]);
    expect(preview.exited()).toBe(null);
    expect((await get(`${preview.url}/about`)).body.toString()).toContain('Build cycle 9.');
    preview.child.kill();
  }, 240_000);
});

/** The files dev reports SG2010 for (a link out of the project), sorted. */
const linkProblems = (dev: DevServer) =>
  dev.session
    .allProblems()
    .filter((p) => p.code === 'SG2010')
    .map((p) => p.location?.file)
    .sort();

describe('F8 symbolic links out of the project', () => {
  /** A site with links out of the project in site/public/ and content/, and links that stay inside. */
  const linkedSite = () => {
    const root = site();
    symlinkSync('/etc/passwd', join(root, 'site/public/passwd.txt'));
    symlinkSync('/etc', join(root, 'site/public/etcdir'));
    symlinkSync('/etc/passwd', join(root, 'content/guide/passwd.md'));
    inside(root);
    return root;
  };
  const inside = (root: string) => {
    mkdirSync(join(root, 'shared/docs'), { recursive: true });
    writeFileSync(join(root, 'shared/notes.txt'), 'notes inside the project\n');
    writeFileSync(join(root, 'shared/linked.md'), '---\ntitle: Linked page\n---\n\nA page through a link.\n');
    writeFileSync(join(root, 'shared/docs/deep.md'), '---\ntitle: Deep page\n---\n\nThrough a linked folder.\n');
    symlinkSync('../../shared/notes.txt', join(root, 'site/public/notes.txt'));
    symlinkSync('../../shared/linked.md', join(root, 'content/guide/linked.md'));
    symlinkSync('../shared/docs', join(root, 'content/more'));
  };

  it('F8 build reports each link out of the project as SG2010 and fails', async () => {
    const root = linkedSite();
    const res = await runCli(['build', '--root', root]);
    expect(res.code).not.toBe(0);
    const out = res.stdout + res.stderr;
    for (const link of ['site/public/passwd.txt', 'site/public/etcdir', 'content/guide/passwd.md']) {
      expect(out).toContain(`SG2010`);
      expect(out).toContain(`${link} is a symbolic link to`);
    }
    expect(out).not.toContain('root:x:0:0');
  }, 60_000);

  it('F8 build refuses links to the secrets, cache and output inside the project (hidden files, .sitegen-cache, dist)', async () => {
    const root = site();
    expect((await runCli(['build', '--quiet', '--root', root])).code).toBe(0);
    writeFileSync(join(root, '.env'), 'API_TOKEN=secret-token-123\n');
    symlinkSync('../../.env', join(root, 'content/guide/env.md'));
    symlinkSync('../../.sitegen-cache', join(root, 'site/public/cache'));
    symlinkSync('../../dist/index.html', join(root, 'site/public/copy.html'));
    const res = await runCli(['build', '--root', root]);
    expect(res.code).not.toBe(0);
    const out = res.stdout + res.stderr;
    expect(out).toMatch(/content\/guide\/env\.md is a symbolic link to \S+\.env, which is in a hidden folder or is a hidden file/);
    expect(out).toMatch(/site\/public\/cache is a symbolic link to \S+, which is in the cache folder/);
    expect(out).toMatch(/site\/public\/copy\.html is a symbolic link to \S+, which is in (the output folder|a hidden folder or is a hidden file)/);
    expect(out).not.toContain('secret-token-123');
  }, 60_000);

  it('F8 build follows links that stay inside the project', async () => {
    const root = site();
    inside(root);
    const res = await runCli(['build', '--quiet', '--root', root]);
    expect(res.code, res.stderr).toBe(0);
    expect(readFileSync(join(root, 'dist/notes.txt'), 'utf8')).toBe('notes inside the project\n');
    expect(readFileSync(join(root, 'dist/guide/linked/index.html'), 'utf8')).toContain('A page through a link.');
    expect(readFileSync(join(root, 'dist/more/deep/index.html'), 'utf8')).toContain('Through a linked folder.');
  }, 60_000);

  it('F8 a build that was up to date fails once a link out of the project is added', async () => {
    const root = site();
    expect((await runCli(['build', '--quiet', '--root', root])).code).toBe(0);
    symlinkSync('/etc/passwd', join(root, 'site/public/passwd.txt'));
    const res = await runCli(['build', '--root', root]);
    expect(res.code).not.toBe(0);
    expect(res.stdout + res.stderr).toContain('site/public/passwd.txt is a symbolic link to /etc/passwd');
  }, 60_000);

  it('F8 dev serves nothing through a link out of the project, at start or added while it runs, and shows SG2010', async () => {
    const root = linkedSite();
    const dev = await startDevServer({ root, port: 0 });
    try {
      await dev.contentWatched;
      const problems = () => linkProblems(dev);
      expect(problems()).toEqual(['content/guide/passwd.md', 'site/public/etcdir', 'site/public/passwd.txt']);
      for (const path of ['/passwd.txt', '/etcdir/passwd', '/etcdir/hostname', '/guide/passwd']) {
        const res = await get(`${dev.url}${path}`);
        expect(res.status, path).toBe(404);
        expect(res.body.toString(), path).not.toContain('root:x:0:0');
      }
      // Links that stay inside are followed.
      expect((await get(`${dev.url}/notes.txt`)).body.toString()).toBe('notes inside the project\n');
      expect((await get(`${dev.url}/guide/linked`)).body.toString()).toContain('A page through a link.');
      expect((await get(`${dev.url}/more/deep`)).body.toString()).toContain('Through a linked folder.');

      // Added while dev runs.
      symlinkSync('/etc/passwd', join(root, 'content/guide/passwd2.md'));
      symlinkSync('/etc/hostname', join(root, 'site/public/hostname.txt'));
      await waitFor(() => problems().includes('content/guide/passwd2.md'), 10_000);
      for (const path of ['/guide/passwd2', '/hostname.txt']) {
        const res = await get(`${dev.url}${path}`);
        expect(res.status, path).toBe(404);
        expect(res.body.toString(), path).not.toContain('root:x:0:0');
      }
      // Gone again: the problem goes with it.
      rmSync(join(root, 'content/guide/passwd2.md'));
      await waitFor(() => !problems().includes('content/guide/passwd2.md'), 10_000);
    } finally {
      await dev.close();
    }
  }, 60_000);

  /** The inotify watches this process holds (Linux; undefined elsewhere): libuv keeps one per watched inode. */
  const inotifyWatches = (): number | undefined => {
    if (!existsSync('/proc/self/fdinfo')) return undefined;
    let watches = 0;
    for (const fd of readdirSync('/proc/self/fd')) {
      try {
        if (readlinkSync(`/proc/self/fd/${fd}`) !== 'anon_inode:inotify') continue;
        watches += readFileSync(`/proc/self/fdinfo/${fd}`, 'utf8')
          .split('\n')
          .filter((line) => line.startsWith('inotify wd:')).length;
      } catch {
        // (closed meanwhile)
      }
    }
    return watches;
  };

  it('F8 dev does not watch a folder that a link leads to outside the project, at start or added while it runs', async () => {
    const root = site();
    const outside = tempDir('sitegen-outside-');
    sites.push(outside);
    for (let i = 0; i < 600; i++) {
      mkdirSync(join(outside, `part-${i % 20}`), { recursive: true });
      writeFileSync(join(outside, `part-${i % 20}/page-${i}.md`), `---\ntitle: Outside ${i}\n---\n\nNot the site's.\n`);
    }
    symlinkSync(outside, join(root, 'content/guide/outlink'));
    // A folder of content linked from elsewhere in content/: followed, and its edits seen through the link too.
    mkdirSync(join(root, 'content/shared-src'));
    writeFileSync(join(root, 'content/shared-src/note.md'), '---\ntitle: Shared note\n---\n\nFirst version.\n');
    symlinkSync('shared-src', join(root, 'content/linked'));
    const logs: string[] = [];
    const dev = await startDevServer({ root, port: 0, log: (m) => logs.push(m) });
    try {
      await dev.contentWatched;
      const problems = () => linkProblems(dev);
      expect(problems()).toEqual(['content/guide/outlink']);
      // The fixture's folders need about 150 watches; following the link took one more per file out there.
      const watches = inotifyWatches();
      if (watches !== undefined) expect(watches).toBeLessThan(600);
      expect((await get(`${dev.url}/guide/outlink/part-0/page-0`)).status).toBe(404);

      // A change out there is no change of the site.
      const quiet = async (change: () => void) => {
        const update = dev.nextUpdate().then(() => 'an update');
        change();
        expect(await Promise.race([update, new Promise((r) => setTimeout(() => r('nothing'), 1500))])).toBe('nothing');
      };
      await quiet(() => writeFileSync(join(outside, 'part-0/page-0.md'), '---\ntitle: Changed outside\n---\n'));
      const changes = (name: string) => logs.filter((line) => /^(updated|removed) /.test(line) && line.includes(name));
      expect(changes('outlink')).toEqual([]);

      // A link added while dev runs: shown as SG2010 once, never walked.
      symlinkSync(outside, join(root, 'content/later'));
      await waitFor(() => problems().includes('content/later'), 10_000);
      await quiet(() => writeFileSync(join(outside, 'part-1/page-1.md'), '---\ntitle: Changed again\n---\n'));
      expect(changes('later')).toEqual(['updated content/later']);
      expect((await get(`${dev.url}/later/part-1/page-1`)).status).toBe(404);
      if (watches !== undefined) expect(inotifyWatches()).toBeLessThan(600);
      rmSync(join(root, 'content/later'));
      await waitFor(() => !problems().includes('content/later'), 10_000);

      // The link inside content/: its page updates when the file it leads to is edited.
      expect((await get(`${dev.url}/linked/note`)).body.toString()).toContain('First version.');
      writeFileSync(join(root, 'content/shared-src/note.md'), '---\ntitle: Shared note\n---\n\nSecond version.\n');
      await waitFor(() => logs.some((line) => line.includes('shared-src/note.md')), 10_000);
      const end = Date.now() + 10_000;
      while (!(await get(`${dev.url}/linked/note`)).body.toString().includes('Second version.')) {
        if (Date.now() > end) throw new Error('/linked/note was not updated');
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      await dev.close();
    }
  }, 60_000);
});
