/**
 * `sitegen dev` and `sitegen build` are one pipeline: every route of the bundled site, as dev
 * serves it, is the HTML the build wrote — apart from the build id ('dev'), dev's reload client,
 * the search plugin's index link (there is no search index in dev) and the runtime's `data-drafts`
 * flag (dev renders drafts).
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
const normalise = (page: string, id: string) =>
  page
    .split(CLIENT)
    .join('')
    .split(`data-build="${id}"`)
    .join('data-build="ID"')
    .replace(/<meta name="sitegen:search"[^>]*>\n?/, '')
    .replace(' data-drafts', '');

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
      if (normalise(served, 'dev') !== normalise(built, buildId)) different.push(path);
    }
    expect(different).toEqual([]);
  });

  it('answers the same status for the not-found page and a route rejected by middleware', async () => {
    expect((await fetch(`${dev.url}/no/such/page`)).status).toBe(404);
    expect(normalise(await (await fetch(`${dev.url}/404`)).text(), 'dev')).toBe(normalise(readFileSync(join(out, '404.html'), 'utf8'), buildId));
  });
});
