/**
 * The plugin API through the real CLI: every hook, its order and arguments, in the main thread
 * and in the workers; a throwing hook fails the build naming the plugin and the hook.
 */
import { join } from 'node:path';
import { writeFileSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer } from '../../src/dev/server.ts';
import { FIXTURES, copyFixture, html, json, read, remove, runCli, tempDir, type CliResult } from '../helpers.ts';

let out: string;
let result: CliResult;

beforeAll(async () => {
  out = join(tempDir(), 'dist');
  result = await runCli(['build', '--root', join(FIXTURES, 'plugins'), '--out', out, '--profile']);
}, 60_000);
afterAll(() => remove(join(out, '..')));

describe('plugin hooks', () => {
  it('builds, and --profile shows the time spent per plugin and hook', () => {
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/plugin probe-first › page:html: \d+ ms/);
    expect(result.stdout).toMatch(/plugin sitegen:seo › page:data: \d+ ms/);
  });

  it('runs main-thread hooks in order, with their arguments', () => {
    const first = json<string[]>(out, 'probe-first.json');
    const second = json<string[]>(out, 'probe-second.json');
    // Both instances share one module (one log); the second wrote after the first.
    expect(second.slice(0, 4)).toEqual([
      'first:config:resolved:Plugin fixture:thread0',
      'second:config:resolved:Plugin fixture (probed):thread0',
      'first:content:loaded:3:thread0',
      'second:content:loaded:3:thread0',
    ]);
    expect(first[4]).toBe('first:build:done:/,/blog,/blog/2024/02/03/a-post,/hello,/plugin-layout:3:12:thread0');
    expect(second[5]).toBe('second:build:done:/,/blog,/blog/2024/02/03/a-post,/hello,/plugin-layout:3:12:thread0');
  });

  it('lets config:resolved change the config', () => {
    expect(html(out, 'hello/index.html').querySelector('title')?.text).toBe('Hello | Plugin fixture (probed)');
  });

  it('lets content:loaded change documents', () => {
    expect(html(out, 'hello/index.html').querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Set by content:loaded');
  });

  it('runs the markdown hook in the workers that parse', () => {
    const doc = html(out, 'hello/index.html');
    expect(doc.querySelector('.prose p')?.text).toBe('Hello 👋 from markdown.');
    expect(doc.querySelector('.callout.callout-warning .callout-title')?.text).toBe('Careful');
    expect(doc.querySelectorAll('.code-group .tab-label').map((l) => l.text)).toEqual(['Node.js', 'Python']);
    expect(doc.querySelectorAll('.code-group .tab-panel .code-block').length).toBe(2);
  });

  it('runs page:data in the workers, in plugin order, with the page and its status', () => {
    const doc = html(out, 'hello/index.html');
    expect(doc.querySelector('meta[name="probe-first"]')?.getAttribute('content')).toBe('/hello|200|threadworker');
    const names = doc.querySelectorAll('meta').map((m) => m.getAttribute('name')).filter((n) => n?.startsWith('probe-'));
    expect(names).toEqual(['probe-first', 'probe-second']);
    expect(html(out, '404.html').querySelector('meta[name="probe-first"]')?.getAttribute('content')).toBe('/404|404|threadworker');
  });

  it('threads page:html results from one plugin to the next', () => {
    const page = read(out, 'index.html');
    expect(page.indexOf('<!-- probe first page:html / -->')).toBeGreaterThan(0);
    expect(page.indexOf('<!-- probe second page:html / -->')).toBeGreaterThan(page.indexOf('<!-- probe first page:html / -->'));
  });

  it('renders documents with a layout a plugin contributes', () => {
    expect(html(out, 'plugin-layout/index.html').querySelector('main.probe-layout h1')?.text).toBe("Rendered by a plugin's layout");
  });

  it('calls dev:server with the listening server', async () => {
    const site = copyFixture('plugins');
    const dev = await startDevServer({ root: site, port: 0 });
    try {
      const res = await fetch(`${dev.url}/hello`);
      expect(await res.text()).toContain('<!-- probe first page:html /hello -->');
      expect(dev.session.hooks.timings['probe-first › dev:server']).toBeGreaterThanOrEqual(0);
    } finally {
      await dev.close();
      remove(site);
    }
  });
});

describe('a plugin that throws', () => {
  for (const [hook, code] of [
    ['page:data', "'page:data'() { throw new Error('boom in page:data'); },"],
    ['build:done', "'build:done'() { throw new Error('boom in build:done'); },"],
    ['config:resolved', "'config:resolved'() { throw new Error('boom in config:resolved'); },"],
  ] as const) {
    it(`fails the build naming the plugin and the hook (${hook})`, async () => {
      const site = copyFixture('plugins');
      try {
        writeFileSync(join(site, 'site/plugins/broken.ts'), `export default () => ({ name: 'broken-plugin', hooks: { ${code} } });\n`);
        const config = join(site, 'site/config.ts');
        writeFileSync(config, readFileSync(config, 'utf8').replace("'sitegen/plugins/markdown',", "'sitegen/plugins/markdown', './site/plugins/broken.ts',"));
        const res = await runCli(['build', '--root', site]);
        expect(res.code).toBe(1);
        expect(res.stderr).toContain(`[SG6001] Plugin hook failed\n  Plugin "broken-plugin" failed in hook "${hook}": boom in ${hook}`);
      } finally {
        remove(site);
      }
    });
  }
});
