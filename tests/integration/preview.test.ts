/**
 * `sitegen preview` serves a build as a static host would; its headers are the `_headers` rules.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPreview, type RunningServer } from '../../src/server/preview.ts';
import { FIXTURES, read, remove, runCli, tempDir } from '../helpers.ts';

let out: string;
let server: RunningServer;

beforeAll(async () => {
  out = join(tempDir(), 'dist');
  expect((await runCli(['build', '--quiet', '--root', join(FIXTURES, 'basic'), '--out', out])).code).toBe(0);
  server = await startPreview({ outDir: out, port: 0 });
}, 60_000);
afterAll(async () => {
  await server?.close();
  remove(join(out, '..'));
});

const get = (path: string) => fetch(`${server.url}${path}`, { redirect: 'manual' });

/** The `_headers` file as { pattern: headers }. */
function headerRules(): [string, Record<string, string>][] {
  const rules: [string, Record<string, string>][] = [];
  for (const line of read(out, '_headers').split('\n')) {
    if (!line.trim()) continue;
    if (!line.startsWith(' ')) rules.push([line.trim(), {}]);
    else {
      const [k, ...v] = line.trim().split(':');
      rules[rules.length - 1][1][k.toLowerCase()] = v.join(':').trim();
    }
  }
  return rules;
}

describe('sitegen preview', () => {
  it('serves pages with status 200 and HTML content type', async () => {
    const res = await get('/about');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain('About the fixture');
  });

  it('answers unknown paths with 404.html and status 404', async () => {
    const res = await get('/no/such/page');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Page not found');
  });

  it('applies route-rule redirects with their status codes', async () => {
    expect((await get('/old-home')).status).toBe(301);
    expect((await get('/old-home')).headers.get('location')).toBe('/');
    expect((await get('/moved')).status).toBe(302);
    expect((await get('/legacy/anything/here')).headers.get('location')).toBe('/guide');
    expect((await get('/guide/intro.html')).headers.get('location')).toBe('/guide/intro');
    expect((await get('/old-page')).headers.get('location')).toBe('/about');
  });

  it('sends latest.json uncached and hashed assets immutable, as _headers says', async () => {
    const latest = await get('/_sitegen/builds/latest.json');
    expect(latest.headers.get('cache-control')).toBe('no-cache');
    expect(latest.headers.get('content-type')).toMatch(/^application\/json/);
    const html = read(out, 'about/index.html');
    const css = /href="(\/_sitegen\/style\.[^"]+)"/.exec(html)![1];
    const js = /src="(\/_sitegen\/runtime\.[^"]+)"/.exec(html)![1];
    expect((await get(css)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get(js)).headers.get('content-type')).toMatch(/javascript/);
    expect((await get('/about')).headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
  });

  it('sends for every kind of file exactly the headers the _headers file promises', async () => {
    const { id } = JSON.parse(read(out, '_sitegen/builds/latest.json')) as { id: string };
    const samples = ['/about', '/_sitegen/builds/latest.json', `/_sitegen/builds/meta/${id}.json`, '/favicon.svg', '/about/_payload.json'];
    const rules = headerRules();
    for (const path of samples) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      const rule = rules.find(([pattern]) => (pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern))!;
      for (const [key, value] of Object.entries(rule[1])) expect(res.headers.get(key), `${path} ${key}`).toBe(value);
    }
  });

  it('refuses traversal, encoded or not', async () => {
    for (const path of ['/..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/etc/passwd', '/..%5c..%5cetc%5cpasswd']) {
      const res = await get(path);
      expect([400, 404], path).toContain(res.status);
      expect(await res.text()).not.toContain('root:');
    }
  });
});

describe('a busy port', () => {
  it('is reported and the next free port is used', async () => {
    const { createServer } = await import('node:http');
    const { listen } = await import('../../src/server/listen.ts');
    const blocker = createServer();
    const first = await listen(blocker, '127.0.0.1', 0);
    const port = Number(new URL(first).port);
    const busy: number[] = [];
    const second = createServer();
    try {
      const url = await listen(second, '127.0.0.1', port, (p) => busy.push(p));
      expect(busy).toEqual([port]);
      expect(Number(new URL(url).port)).toBeGreaterThan(port);
    } finally {
      second.close();
      blocker.close();
    }
  });
});
