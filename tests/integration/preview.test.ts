/**
 * `sitegen preview` serves a build as a static host would; its headers are the `_headers` rules.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPreview, type RunningServer } from '../../src/server/preview.ts';
import { copyFixture, read, remove, runCli, tempDir } from '../helpers.ts';

let out: string;
let server: RunningServer;

beforeAll(async () => {
  out = join(tempDir(), 'dist');
  expect((await runCli(['build', '--quiet', '--root', copyFixture('basic', join(out, '..', 'site')), '--out', out])).code).toBe(0);
  server = await startPreview({ outDir: out, port: 0 });
}, 60_000);
afterAll(async () => {
  await server?.close();
  remove(join(out, '..'));
});

const get = (path: string) => fetch(`${server.url}${path}`, { redirect: 'manual' });

/**
 * A parser of the `_headers` format as Netlify and Cloudflare Pages read it: `#` comments, a path
 * pattern (`*` matches anything, `:name` one segment) followed by indented `Name: value` lines.
 * Every rule that matches a path applies; values of one header from several rules are joined
 * with ", " — so a header set by two matching rules shows up as a joined value.
 */
function parseHeadersFile(text: string): (path: string) => Record<string, string> {
  const rules: { re: RegExp; headers: [string, string][] }[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      const source = line
        .trim()
        .split(/(\*|:[A-Za-z]\w*)/)
        .map((p) => (p === '*' ? '.*' : p.startsWith(':') ? '[^/]+' : p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
        .join('');
      rules.push({ re: new RegExp(`^${source}$`), headers: [] });
    } else {
      const at = line.indexOf(':');
      rules[rules.length - 1].headers.push([line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim()]);
    }
  }
  return (path) => {
    const out: Record<string, string> = {};
    for (const rule of rules) if (rule.re.test(path)) for (const [k, v] of rule.headers) out[k] = out[k] ? `${out[k]}, ${v}` : v;
    return out;
  };
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

  it('sends for every kind of file exactly the headers the _headers file gives it where every matching rule applies', async () => {
    const { id } = JSON.parse(read(out, '_sitegen/builds/latest.json')) as { id: string };
    const html = read(out, 'about/index.html');
    const css = /href="(\/_sitegen\/style\.[^"]+)"/.exec(html)![1];
    const js = /src="(\/_sitegen\/runtime\.[^"]+)"/.exec(html)![1];
    const island = /data-island-src="([^"]+)"/.exec(read(out, 'counter/index.html'))![1];
    const headersOf = parseHeadersFile(read(out, '_headers'));
    const expected: Record<string, string> = {
      '/about': 'public, max-age=0, must-revalidate',
      '/about/_payload.json': 'public, max-age=0, must-revalidate',
      '/favicon.svg': 'public, max-age=0, must-revalidate',
      '/_sitegen/builds/latest.json': 'no-cache',
      [`/_sitegen/builds/meta/${id}.json`]: 'public, max-age=31536000, immutable',
      [css]: 'public, max-age=31536000, immutable',
      [js]: 'public, max-age=31536000, immutable',
      [island]: 'public, max-age=31536000, immutable',
    };
    for (const [path, cacheControl] of Object.entries(expected)) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      const promised = headersOf(path);
      // One Cache-Control at most per path (no joined values); none means the host's default.
      expect(promised['cache-control'] ?? 'public, max-age=0, must-revalidate', path).toBe(cacheControl);
      expect(res.headers.get('cache-control'), path).toBe(cacheControl);
      for (const [key, value] of Object.entries(promised)) expect(res.headers.get(key), `${path} ${key}`).toBe(value);
    }
  });

  it('answers /404 itself with status 404', async () => {
    for (const path of ['/404', '/404/', '/404.html']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toContain('Page not found');
    }
  });

  it('answers _headers and _redirects with the 404 page, as the hosts that read them do', async () => {
    expect(read(out, '_headers')).toContain('Cache-Control');
    expect(read(out, '_redirects')).toContain('/old-home');
    for (const path of ['/_headers', '/_redirects', '/_headers/', '/_redirects?x=1']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toContain('Page not found');
    }
  });

  it('answers a route its middleware rejected with status 404 (no page is written for it)', async () => {
    expect((await get('/members')).status).toBe(404);
    expect((await get('/members/_payload.json')).status).toBe(200);
  });

  it('answers a revalidation of an unchanged file with 304, as a static host does, and a stale one in full', async () => {
    const first = await get('/about');
    const etag = first.headers.get('etag')!;
    const lastModified = first.headers.get('last-modified')!;
    expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    const revalidations: Record<string, string>[] = [{ 'If-None-Match': etag }, { 'If-None-Match': `"x", W/${etag}` }, { 'If-Modified-Since': lastModified }];
    for (const headers of revalidations) {
      const res = await fetch(`${server.url}/about`, { headers });
      expect(res.status, JSON.stringify(headers)).toBe(304);
      expect(res.headers.get('etag')).toBe(etag);
      expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
      expect(await res.text()).toBe('');
    }
    // Another ETag wins over a date that would match; an older date is a full answer.
    const stale = await fetch(`${server.url}/about`, { headers: { 'If-None-Match': '"other"', 'If-Modified-Since': lastModified } });
    expect(stale.status).toBe(200);
    expect(await stale.text()).toContain('About the fixture');
    const older = new Date(Date.parse(lastModified) - 1000).toUTCString();
    expect((await fetch(`${server.url}/about`, { headers: { 'If-Modified-Since': older } })).status).toBe(200);
    // The not-found page is never "not modified" for the path asked for.
    const notFound = await get('/no/such/page');
    const again = await fetch(`${server.url}/no/such/page`, { headers: { 'If-Modified-Since': notFound.headers.get('last-modified')! } });
    expect(again.status).toBe(404);
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
