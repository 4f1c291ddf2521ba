/**
 * `sitegen dev` and `sitegen build` are one pipeline: every route of the bundled site, as dev
 * serves it, is the HTML the build wrote (the search plugin's meta tag included) — apart from
 * dev's reload client and the runtime's `data-drafts` flag (dev renders drafts). The search index
 * and client dev serves are the files the build wrote.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../src/dev/server.ts';
import { ROOT, remove, runCli, tempDir } from '../helpers.ts';
import { routeToFile } from '../../src/content/paths.ts';

let out: string;
let dev: DevServer;
let buildId: string;
let prerendered: string[];

const CLIENT = '\n<script type="module" src="/_sitegen/dev/client.js"></script>';
const normalise = (page: string) => page.split(CLIENT).join('').replace(' data-drafts', '');

beforeAll(async () => {
  out = tempDir('sitegen-dev-build-');
  const built = await runCli(['build', '--out', out, '--force']);
  expect(built.code, built.stderr).toBe(0);
  buildId = (JSON.parse(readFileSync(join(out, '_sitegen/builds/latest.json'), 'utf8')) as { id: string }).id;
  prerendered = (JSON.parse(readFileSync(join(out, `_sitegen/builds/meta/${buildId}.json`), 'utf8')) as { prerendered: string[] }).prerendered;
  dev = await startDevServer({ root: ROOT, port: 0, log: () => undefined });
}, 120_000);
afterAll(async () => {
  await dev?.close();
  remove(out);
});

describe('dev equals build', () => {
  it('serves every prerendered route of the bundled site with the HTML the build wrote', async () => {
    expect(prerendered.length).toBeGreaterThan(100);
    const different: string[] = [];
    for (const path of prerendered) {
      const served = await (await fetch(`${dev.url}${path}`)).text();
      const built = readFileSync(join(out, routeToFile(path)), 'utf8');
      if (normalise(served) !== normalise(built)) different.push(path);
    }
    expect(different).toEqual([]);
  });

  it('answers the same status for the not-found page and a route rejected by middleware', async () => {
    expect((await fetch(`${dev.url}/no/such/page`)).status).toBe(404);
    expect(normalise(await (await fetch(`${dev.url}/404`)).text())).toBe(normalise(readFileSync(join(out, '404.html'), 'utf8')));
  });

  it('names the search client the build wrote on every page, and serves it and the index as the build wrote them', async () => {
    const home = await (await fetch(`${dev.url}/`)).text();
    const client = /<meta name="sitegen:search" content="([^"]+)"/.exec(home)?.[1];
    expect(client).toMatch(/^\/_sitegen\/search\.[0-9a-f]+\.js$/);
    for (const file of [client!, '/_sitegen/search/index.json']) {
      const res = await fetch(`${dev.url}${file}`);
      expect(res.status, file).toBe(200);
      expect(await res.text(), file).toBe(readFileSync(join(out, file), 'utf8'));
    }
  });
});
