/**
 * `sitegen dev` watches the content folder only once the documents are loaded (its first scan
 * would compete with parsing), then takes in whatever changed meanwhile. Edits made while the
 * server starts must not be lost.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../src/dev/server.ts';
import { BIN, copyFixture, remove, runCli } from '../helpers.ts';

let site: string | undefined;
let dev: DevServer | undefined;

afterEach(async () => {
  await dev?.close();
  if (site) remove(site);
  dev = site = undefined;
});

const get = async (path: string) => {
  const res = await fetch(`${dev!.url}${path}`);
  return { status: res.status, text: await res.text() };
};

async function until(path: string, check: (r: Awaited<ReturnType<typeof get>>) => boolean): Promise<void> {
  const end = Date.now() + 8000;
  for (;;) {
    if (check(await get(path))) return;
    if (Date.now() > end) throw new Error(`timed out waiting for ${path}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('sitegen dev start-up', () => {
  it('lists the content files added, changed and removed since the documents were read', async () => {
    site = copyFixture('basic');
    dev = await startDevServer({ root: site, port: 0 });
    expect(await dev.session.changedSinceLoad()).toEqual([]);
    const about = join(site, 'content/about.md');
    writeFileSync(about, `${readFileSync(about, 'utf8')}\n\nAdded while starting.\n`);
    writeFileSync(join(site, 'content/new-page.md'), '---\ntitle: New page\n---\n\nBrand new.\n');
    rmSync(join(site, 'content/old-page.md'));
    const changed = await dev.session.changedSinceLoad();
    expect(changed.sort((a, b) => a.file.localeCompare(b.file))).toEqual([
      { file: about, removed: false },
      { file: join(site, 'content/new-page.md'), removed: false },
      { file: join(site, 'content/old-page.md'), removed: true },
    ]);
  });

  it('serves edits made right after start-up, before the content watcher is ready', async () => {
    site = copyFixture('basic');
    dev = await startDevServer({ root: site, port: 0 });
    // Straight away: the content folder's first scan is still running.
    const about = join(site, 'content/about.md');
    writeFileSync(about, `${readFileSync(about, 'utf8')}\n\nEdited during start-up.\n`);
    writeFileSync(join(site, 'content/new-page.md'), '---\ntitle: New page\n---\n\nBrand new.\n');
    await until('/about', (r) => r.text.includes('Edited during start-up.'));
    await until('/new-page', (r) => r.status === 200 && r.text.includes('Brand new.'));
  });

  it('counts one document and one problem in the singular in its ready line', async () => {
    site = copyFixture('basic');
    rmSync(join(site, 'content'), { recursive: true });
    mkdirSync(join(site, 'content'));
    writeFileSync(join(site, 'content/about.md'), '---\ntitle: About\n---\n\nThe one page.\n');
    // Without content/guide/, the fixture's `/legacy/**` → `/guide` rule would be a second problem (SG3004).
    const config = join(site, 'site/config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace("'/legacy/**': { redirect: '/guide' },", ''));
    mkdirSync(join(site, 'site/styles'), { recursive: true });
    writeFileSync(join(site, 'site/styles/broken.css'), 'a {\n  color: red;\n');
    const child = spawn(process.execPath, [BIN, 'dev', '--root', site, '--port', '0'], { env: { ...process.env, NO_COLOR: '1' } });
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
      });
    } finally {
      child.kill('SIGTERM');
    }
    // A warning (checks.stylesheets), as the build reports it, and shown in the browser.
    expect(output).toContain('warning site/styles/broken.css:1:3 [SG4004] Expected "}" to go with "{"');
    expect(output).toMatch(/sitegen dev: 1 document ready in \d+ ms \(1 problem shown in the browser\)\n/);
  });

  it('says it did not start, not that a build failed, when the project cannot load', async () => {
    site = copyFixture('basic');
    const missing = join(site, 'no-such-site');
    const { code, stderr } = await runCli(['dev', '--root', missing, '--port', '0'], { timeout: 30_000 });
    expect(code).toBe(1);
    expect(stderr).toContain(`[SG1002] Site config could not be loaded\n  The project folder ${missing} does not exist`);
    expect(stderr).toContain('\nsitegen dev did not start.\n');
    expect(stderr).not.toContain('Build failed');
    expect(stderr).not.toContain('previous output');
  });

  it('exits when start-up fails after the watchers started, instead of hanging (an address it cannot bind)', async () => {
    site = copyFixture('basic');
    // 192.0.2.1 (TEST-NET-1) is no address of this machine: listen fails once everything else is running.
    const { code, stderr } = await runCli(['dev', '--root', site, '--host', '192.0.2.1', '--port', '0'], { timeout: 30_000 });
    expect(stderr).toContain('✗ listen EADDRNOTAVAIL: address not available 192.0.2.1');
    expect(code).toBe(1);
  });

  it('exits when a dev:server hook throws (its server closed)', async () => {
    site = copyFixture('basic');
    mkdirSync(join(site, 'site/plugins'));
    writeFileSync(
      join(site, 'site/plugins/boom.ts'),
      "export default () => ({ name: 'boom', hooks: { 'dev:server'() { throw new Error('no server for you'); } } });\n",
    );
    const config = join(site, 'site/config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace('plugins: [', "plugins: ['./site/plugins/boom.ts', "));
    const { code, stderr } = await runCli(['dev', '--root', site, '--port', '0'], { timeout: 30_000 });
    expect(stderr).toContain('no server for you');
    expect(code).toBe(1);
  });
});
