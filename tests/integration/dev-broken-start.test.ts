/**
 * `sitegen dev` started on templates that do not compile: it listens anyway, answers every page with the error
 * overlay (and anything else with 503), and serves the site once the templates are fixed, as Vite and Astro do.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../src/dev/server.ts';
import { BIN, copyFixture, devEvents, remove, runCli, waitFor } from '../helpers.ts';

let site: string | undefined;
let dev: DevServer | undefined;

afterEach(async () => {
  await dev?.close();
  if (site) remove(site);
  dev = site = undefined;
});

const BROKEN = 'export default function Broken() { return <div>{ </div> }\n';

const get = async (path: string, accept = 'text/html') => {
  const res = await fetch(`${dev!.url}${path}`, { headers: { accept } });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
};

/** The fixture with a page that does not compile. */
function brokenSite(): string {
  site = copyFixture('basic');
  writeFileSync(join(site, 'site/pages/broken.tsx'), BROKEN);
  return site;
}

describe('sitegen dev started on templates that do not compile', () => {
  it('listens, answers pages with the overlay and other files with 503, and serves the site once the page is fixed', async () => {
    const root = brokenSite();
    const logs: string[] = [];
    dev = await startDevServer({ root, port: 0, log: (m) => logs.push(stripVTControlCharacters(m)) });
    expect(dev.session.ready).toBe(false);
    expect(logs.join('\n')).toContain('✗ site/pages/broken.tsx:1:51 [SG4002] Templates failed to compile');

    const page = await get('/about');
    expect(page.status).toBe(503);
    expect(page.type).toBe('text/html; charset=utf-8');
    expect(page.text).toContain('site/pages/broken.tsx:1:51 [SG4002] Templates failed to compile');
    expect(page.text).toContain('<script type="module" src="/_sitegen/dev/client.js"></script>');
    // Not a page: no overlay, but no hang either.
    for (const path of ['/about/_payload.json', '/_sitegen/builds/meta/dev.json', '/api/_content/navigation/x.json', '/favicon.svg']) {
      const other = await get(path, '*/*');
      expect(other.status, path).toBe(503);
      expect(other.text, path).toContain('[SG4002] Templates failed to compile');
    }
    expect((await get('/_sitegen/dev/client.js', '*/*')).status).toBe(200);

    // The page's stream gets the problem (the overlay), then a reload once the site is there.
    const events = await devEvents(dev.url, '/about');
    await waitFor(() => events.events.some((e) => e.event === 'problems'));
    const [problem] = JSON.parse(events.events.find((e) => e.event === 'problems')!.data);
    expect(problem).toMatchObject({ code: 'SG4002', where: 'site/pages/broken.tsx:1:51', message: 'Expected identifier but found "/"' });

    const fixed = dev.nextUpdate();
    writeFileSync(join(root, 'site/pages/broken.tsx'), 'export default function Broken() { return <div>mended</div> }\n');
    await fixed;
    expect(dev.session.ready).toBe(true);
    await waitFor(() => events.events.some((e) => e.event === 'reload'));
    expect(events.events.some((e) => e.event === 'clear')).toBe(true);
    events.close();
    expect((await get('/about')).text).toContain('About the fixture');
    expect((await get('/broken')).text).toContain('mended');
    expect((await get('/about/_payload.json', '*/*')).status).toBe(200);
    expect(logs).toContain('fixed site/pages/broken.tsx:1:51 [SG4002] Expected identifier but found "/"');

    // Broken again: as any template error while dev runs, the last good version stays.
    const broken = dev.nextUpdate();
    writeFileSync(join(root, 'site/pages/broken.tsx'), BROKEN);
    await broken;
    expect(dev.session.ready).toBe(true);
    const kept = await get('/broken');
    expect(kept.status).toBe(200);
    expect(kept.text).toContain('mended');
    expect(dev.session.allProblems().map((p) => p.code)).toEqual(['SG4002']);
  });

  it('takes in the documents edited while it waited', async () => {
    const root = brokenSite();
    dev = await startDevServer({ root, port: 0 });
    await dev.contentWatched;
    const about = join(root, 'content/about.md');
    const edited = dev.nextUpdate();
    writeFileSync(about, readFileSync(about, 'utf8').replace('title: About the fixture', 'title: About, edited while broken'));
    await edited;
    expect(dev.session.ready).toBe(false);
    const fixed = dev.nextUpdate();
    writeFileSync(join(root, 'site/pages/broken.tsx'), 'export default function Broken() { return <div>mended</div> }\n');
    await fixed;
    expect((await get('/about')).text).toContain('About, edited while broken');
  });

  it('waits as well when a page throws as the templates load', async () => {
    const root = brokenSite();
    writeFileSync(join(root, 'site/pages/broken.tsx'), 'throw new Error("no templates today");\nexport default function Broken() { return <div /> }\n');
    dev = await startDevServer({ root, port: 0 });
    expect(dev.session.ready).toBe(false);
    const page = await get('/');
    expect(page.status).toBe(503);
    expect(page.text).toContain('[SG4002] Templates failed to compile');
    expect(page.text).toContain('The templates threw while loading: no templates today');
  });

  it('says in the terminal that it waits for the templates, and keeps running', async () => {
    const root = brokenSite();
    const child = spawn(process.execPath, [BIN, 'dev', '--root', root, '--port', '0'], { env: { ...process.env, NO_COLOR: '1' } });
    let output = '';
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ready line within 30 s:\n${output}`)), 30_000);
        const seen = (chunk: Buffer) => {
          output += chunk;
          if (output.includes('➜ http://')) {
            clearTimeout(timer);
            resolve();
          }
        };
        child.stdout.on('data', seen);
        child.stderr.on('data', seen);
        child.on('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
      });
      const url = /➜ (http:\/\/\S+)\//.exec(output)![1];
      expect((await fetch(`${url}/`)).status).toBe(503);
      expect(child.exitCode).toBe(null);
    } finally {
      child.kill('SIGTERM');
    }
    expect(output).toContain('✗ site/pages/broken.tsx:1:51 [SG4002] Templates failed to compile\n    Expected identifier but found "/"');
    expect(output).toMatch(/sitegen dev: 14 documents loaded in \d+ ms, waiting for the templates to compile \(1 problem shown in the browser\)\n/);
    expect(output).not.toContain('did not start');
  });

  it('still does not start on an invalid config', async () => {
    const root = brokenSite();
    const config = join(root, 'site/config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace(/url: '[^']*'/, 'url: 42'));
    const { code, stderr } = await runCli(['dev', '--root', root, '--port', '0'], { timeout: 30_000 });
    expect(code).toBe(1);
    expect(stderr).toContain('url: expected');
    expect(stderr).toContain('\nsitegen dev did not start.\n');
  });
});
