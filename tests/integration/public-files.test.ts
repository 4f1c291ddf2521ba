/**
 * `site/public` is published as it is, but for names starting with a dot (`.DS_Store`, `.gitkeep`, an `.env` put there
 * by mistake); `.well-known/` is published, as hosts serve it: security.txt, ACME challenges, app links. Build, preview
 * and dev agree.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../src/dev/server.ts';
import { startPreview } from '../../src/server/preview.ts';
import { copyFixture, listFiles, remove, runCli } from '../helpers.ts';

let site: string;
let dev: DevServer | undefined;
let preview: Awaited<ReturnType<typeof startPreview>> | undefined;

beforeAll(async () => {
  site = copyFixture('basic');
  const pub = join(site, 'site/public');
  mkdirSync(join(pub, '.well-known/acme-challenge'), { recursive: true });
  writeFileSync(join(pub, '.well-known/security.txt'), 'Contact: mailto:security@example.com\n');
  writeFileSync(join(pub, '.well-known/acme-challenge/token-1'), 'token-1.key\n');
  writeFileSync(join(pub, '.well-known/.hidden'), 'not published\n');
  mkdirSync(join(pub, '.private'), { recursive: true });
  writeFileSync(join(pub, '.private/notes.txt'), 'not published\n');
  writeFileSync(join(pub, '.env'), 'SECRET=1\n');
  const built = await runCli(['build', '--quiet', '--root', site]);
  expect(built.code, built.stderr).toBe(0);
  preview = await startPreview({ outDir: join(site, 'dist'), port: 0 });
  dev = await startDevServer({ root: site, port: 0 });
}, 60_000);
afterAll(async () => {
  await preview?.close();
  await dev?.close();
  remove(site);
});

describe('.well-known in site/public', () => {
  it('is published, and no other name starting with a dot is', () => {
    const files = listFiles(join(site, 'dist'));
    expect(files).toContain('.well-known/security.txt');
    expect(files).toContain('.well-known/acme-challenge/token-1');
    expect(files.filter((f) => f.split('/').some((part) => part.startsWith('.') && part !== '.well-known'))).toEqual([]);
  });

  it('is served by preview and dev, the rest is not', async () => {
    for (const [name, url] of [
      ['preview', preview!.url],
      ['dev', dev!.url],
    ] as const) {
      const found = await fetch(`${url}/.well-known/security.txt`);
      expect(found.status, name).toBe(200);
      expect(await found.text()).toBe('Contact: mailto:security@example.com\n');
      for (const path of ['/.env', '/.private/notes.txt', '/.well-known/.hidden']) expect((await fetch(`${url}${path}`)).status, `${url}${path}`).toBe(404);
    }
  });
});

describe('a public file where a page goes', () => {
  it('is a duplicate route (SG3001) naming both, in a build and in dev, not a race over one output file', async () => {
    const clash = copyFixture('basic');
    try {
      mkdirSync(join(clash, 'site/public/about'), { recursive: true });
      writeFileSync(join(clash, 'site/public/about/index.html'), '<p>an old static page</p>\n');
      const built = await runCli(['build', '--root', clash]);
      expect(built.code).toBe(1);
      expect(built.stderr).toContain('✗ site/public/about/index.html [SG3001] Duplicate route');
      expect(built.stderr).toContain('Route /about is claimed by both content/about.md and site/public/about/index.html');
      const clashDev = await startDevServer({ root: clash, port: 0, log: () => undefined });
      try {
        expect(clashDev.session.allProblems().map((p) => p.message)).toContain(
          'Route /about is claimed by both content/about.md and site/public/about/index.html',
        );
      } finally {
        await clashDev.close();
      }
    } finally {
      remove(clash);
    }
  }, 60_000);

  it('leaves a page its route when a public file is named as the route with .html: preview and dev serve the page', async () => {
    const beside = copyFixture('basic');
    try {
      writeFileSync(join(beside, 'site/public/about.html'), '<p>an old static page</p>\n');
      expect((await runCli(['build', '--quiet', '--root', beside])).code).toBe(0);
      const served = await startPreview({ outDir: join(beside, 'dist'), port: 0 });
      const besideDev = await startDevServer({ root: beside, port: 0, log: () => undefined });
      try {
        for (const url of [served.url, besideDev.url]) {
          expect(await (await fetch(`${url}/about`)).text(), url).toContain('About the fixture');
          expect(await (await fetch(`${url}/about.html`)).text(), url).toBe('<p>an old static page</p>\n');
        }
      } finally {
        await besideDev.close();
        await served.close();
      }
    } finally {
      remove(beside);
    }
  }, 60_000);
});
