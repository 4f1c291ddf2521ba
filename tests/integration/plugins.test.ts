/**
 * The plugin API through the real CLI: every hook, its order and arguments, in the main thread
 * and in the workers; a throwing hook fails the build naming the plugin and the hook.
 */
import { join } from 'node:path';
import { existsSync, readdirSync, writeFileSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'node-html-parser';
import { startDevServer } from '../../src/dev/server.ts';
import { copyFixture, devEvents, html, json, read, remove, runCli, tempDir, waitFor, type CliResult } from '../helpers.ts';

let out: string;
let result: CliResult;

beforeAll(async () => {
  out = join(tempDir(), 'dist');
  result = await runCli(['build', '--root', copyFixture('plugins', join(out, '..', 'site')), '--out', out, '--profile']);
}, 60_000);
afterAll(() => remove(join(out, '..')));

/** 120 more documents, each body naming its number (and a :wave: the fixture's markdown hook turns into 👋). */
function writeMany(site: string): void {
  for (let i = 0; i < 120; i++) writeFileSync(join(site, `content/many-${i}.md`), `---\ntitle: Page ${i}\n---\n\nBody number ${i} with :wave:.\n`);
}

/** The probe's marks of those 120 bodies: each made in a worker thread, in its document's place, both threads at work. */
function expectMappedInThreads(rows: [string, string, string][]): void {
  expect(rows.length).toBe(123);
  const many = rows.filter(([path]) => path.startsWith('/many-'));
  expect(many.length).toBe(120);
  for (const [path, mapped, here] of many) {
    const thread = mapped.split(':')[0];
    expect(thread).toMatch(/^thread[1-9]\d*$/);
    expect(mapped).toBe(here.replace(/^thread0/, thread));
    expect(mapped.endsWith(`Body number ${path.slice('/many-'.length)} with 👋.!`)).toBe(true);
  }
  // The work was shared out.
  expect(new Set(many.map(([, mapped]) => mapped.split(':')[0])).size).toBe(2);
}

describe('plugin hooks', () => {
  it('builds, and --profile shows the time spent per plugin and hook', () => {
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/plugin probe-first › page:html: \d+ ms/);
    expect(result.stdout).toMatch(/plugin sitegen:seo › page:data: \d+ ms/);
  });

  it("keeps the compiled plugin modules after the build (its plugins' cache is pruned beside them): the next build and a running dev server load them", () => {
    const cache = join(out, '..', 'site', '.sitegen-cache');
    const records = readdirSync(join(cache, 'compiled')).filter((name) => name.startsWith('plugin.'));
    const probe = records
      .map((name) => JSON.parse(read(join(cache, 'compiled'), name)) as { value: { file: string } })
      .find((r) => r.value.file.includes('/plugins/'));
    expect(probe).toBeDefined();
    expect(existsSync(probe!.value.file)).toBe(true);
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

  it("runs build:done's mapBodies on each body as body(doc) gives it, in order (a few bodies: on the main thread)", () => {
    const rows = json<[string, string, string][]>(out, 'probe-bodies.json');
    expect(rows.map(([path]) => path)).toEqual(['/blog/2024/02/03/a-post', '/hello', '/plugin-layout']);
    expect(rows.find(([path]) => path === '/hello')![1]).toBe('thread0:Hello 👋 from markdown.!');
    for (const [, mapped, here] of rows) expect(mapped).toBe(here);
  });

  it("runs mapBodies in worker threads when there are many bodies, each result in its document's place", async () => {
    const site = copyFixture('plugins');
    try {
      writeMany(site);
      const res = await runCli(['build', '--root', site, '--concurrency', '2']);
      expect(res.code).toBe(0);
      expectMappedInThreads(json<[string, string, string][]>(join(site, 'dist'), 'probe-bodies.json'));
    } finally {
      remove(site);
    }
  }, 60_000);

  it("gives dev:files the same mapBodies: many bodies, parsed in dev's worker pool, then mapped in threads", async () => {
    const site = copyFixture('plugins');
    // Written before dev starts, which parses their bodies only when asked for (an edit's are parsed at once).
    writeMany(site);
    // The bodies asked for at once go to a worker pool from 1, not from thousands (a small fixture takes a large site's path).
    process.env.SITEGEN_TEST_DEV_POOL_FROM = '1';
    process.env.SITEGEN_CONCURRENCY = '2';
    try {
      const dev = await startDevServer({ root: site, port: 0, log: () => undefined });
      try {
        // The bodies were parsed in the pool's workers, with the plugins' markdown hooks (the wave), as a build parses them.
        expectMappedInThreads((await (await fetch(`${dev.url}/probe-bodies.json`)).json()) as [string, string, string][]);
      } finally {
        await dev.close();
      }
    } finally {
      delete process.env.SITEGEN_TEST_DEV_POOL_FROM;
      delete process.env.SITEGEN_CONCURRENCY;
      remove(site);
    }
  }, 60_000);

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
    const names = doc
      .querySelectorAll('meta')
      .map((m) => m.getAttribute('name'))
      .filter((n) => n?.startsWith('probe-'));
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

describe("a plugin's layout that throws in the dev server", () => {
  it('keeps the last good page and shows the layout file, line and column in the overlay', async () => {
    const site = copyFixture('plugins');
    const dev = await startDevServer({ root: site, port: 0, log: () => undefined });
    try {
      const page = () => fetch(`${dev.url}/plugin-layout`).then(async (res) => ({ status: res.status, text: await res.text() }));
      const good = await page();
      expect(good.text).toContain('probe-layout');
      const events = await devEvents(dev.url, '/plugin-layout');
      const layout = join(site, 'site/plugins/probe-layout.tsx');
      const broken = readFileSync(layout, 'utf8').replace('  return (', '  if (page.title) throw new TypeError("layout exploded");\n  return (');
      const line = broken.split('\n').findIndex((l) => l.includes('layout exploded')) + 1;
      writeFileSync(layout, broken);
      await waitFor(() => events.events.some((e) => e.event === 'problems' && e.data.includes('SG4001')), 10_000);
      const problems = events.events.filter((e) => e.event === 'problems');
      const [problem] = JSON.parse(problems[problems.length - 1].data) as { where: string; message: string; frame: string }[];
      expect(problem.message).toBe('/plugin-layout failed to render: layout exploded');
      expect(problem.where).toBe(`site/plugins/probe-layout.tsx:${line}:25`);
      expect(problem.frame).toContain('throw new TypeError("layout exploded")');
      expect(await page()).toEqual(good);
      expect(events.events.some((e) => e.event === 'reload')).toBe(false);
      events.close();
    } finally {
      await dev.close();
      remove(site);
    }
  });
});

describe('a plugin that throws', () => {
  for (const [hook, code, message] of [
    ['page:data', "'page:data'() { throw new Error('boom in page:data'); },"],
    ['build:done', "'build:done'() { throw new Error('boom in build:done'); },"],
    ['config:resolved', "'config:resolved'() { throw new Error('boom in config:resolved'); },"],
    [
      'build:done',
      "'build:done'(ctx) { return ctx.mapBodies(ctx.documents, { module: import.meta.url, name: 'nothing' }); },",
      'exports no function named "nothing"',
    ],
    ['build:done', "'build:done'(ctx) { return ctx.mapBodies(ctx.documents, { module: import.meta.url, name: 'boom' }); },", 'boom in a body'],
    ['build:done', "'build:done'(ctx) { return ctx.write('/index.html', 'replaced'); },", 'Refusing to write "index.html" over a page'],
    ['build:done', "'build:done'(ctx) { return ctx.write('hello/_payload.json', '{}'); },", `Refusing to write "hello/_payload.json" over a page's payload`],
    ['page:html', "'page:html'() { return 5; },", `it returned a number (5); "page:html" returns the page's HTML as a string`],
    ['content:loaded', "'content:loaded'() { return { documents: [] }; },", 'it returned an object; "content:loaded" returns an array of documents'],
  ] as [string, string, string?][]) {
    it(`fails the build naming the plugin and the hook (${hook}${message ? `: ${message}` : ''})`, async () => {
      const site = copyFixture('plugins');
      try {
        const boom = "export function boom() { throw new Error('boom in a body'); }\n";
        writeFileSync(join(site, 'site/plugins/broken.ts'), `${boom}export default () => ({ name: 'broken-plugin', hooks: { ${code} } });\n`);
        const config = join(site, 'site/config.ts');
        writeFileSync(config, readFileSync(config, 'utf8').replace("'sitegen/plugins/markdown',", "'sitegen/plugins/markdown', './site/plugins/broken.ts',"));
        const res = await runCli(['build', '--root', site]);
        expect(res.code).toBe(1);
        expect(res.stderr).toContain(`[SG6001] Plugin hook failed\n  Plugin "broken-plugin" failed in hook "${hook}": ${message ? '' : `boom in ${hook}`}`);
        if (message) expect(res.stderr).toContain(message);
      } finally {
        remove(site);
      }
    });
  }
});

describe('a markdown rule a plugin adds that throws', () => {
  it('fails the build naming each document, as a render failure, not as front matter', async () => {
    const site = copyFixture('plugins');
    try {
      const rule = "md.core.ruler.push('boom', (state) => { if (state.src.length) throw new Error('rule boom'); });";
      writeFileSync(join(site, 'site/plugins/odd.ts'), `export default () => ({ name: 'odd', hooks: { markdown(md) { ${rule} } } });\n`);
      const config = join(site, 'site/config.ts');
      writeFileSync(config, readFileSync(config, 'utf8').replace("'sitegen/plugins/markdown',", "'sitegen/plugins/markdown', './site/plugins/odd.ts',"));
      const res = await runCli(['build', '--root', site]);
      expect(res.code).toBe(1);
      expect(res.stderr).toContain('✗ content/hello.md [SG4001] Page failed to render\n  content/hello.md failed to render its markdown: rule boom\n');
      expect(res.stderr).toContain("hint: The error came from a markdown plugin (a plugin's markdown hook) or from sitegen");
      expect(res.stderr).not.toContain('Invalid front matter');
    } finally {
      remove(site);
    }
  });
});

describe('a plugin that cannot be set up', () => {
  for (const [what, entry, source, message] of [
    [
      'options that are not plain JSON',
      "['./site/plugins/odd.ts', { ok: [1, { deep: () => 2 }] }]",
      "export default () => ({ name: 'odd', hooks: {} });",
      `[SG1001] Invalid site config\n  ! plugins.2.1.ok.1.deep: expected plain JSON (strings, numbers, booleans, null, arrays, objects; every worker thread gets a copy of a plugin's options), received function`,
    ],
    [
      'a module that throws when imported',
      "'./site/plugins/odd.ts'",
      "throw new Error('top-level boom');\nexport default () => ({ name: 'odd', hooks: {} });",
      '[SG6001] Plugin hook failed\n  Plugin module "./site/plugins/odd.ts" threw when imported: top-level boom',
    ],
    [
      'a factory that throws',
      "['./site/plugins/odd.ts', { a: 1 }]",
      "export default (options) => { if (!options.b) throw new Error('option b is required'); return { name: 'odd', hooks: {} }; };",
      '[SG6001] Plugin hook failed\n  Plugin module "./site/plugins/odd.ts" threw when called with its options: option b is required',
    ],
    [
      'a layout file that is not there',
      "'./site/plugins/odd.ts'",
      "export default () => ({ name: 'odd', layouts: { changelog: './changelog.tsx' }, hooks: {} });",
      'Plugin "odd" contributes the layout "changelog" from ./changelog.tsx, which does not exist\n  hint: Its path is absolute or relative to the plugin module.',
    ],
    [
      'a component named in small letters',
      "'./site/plugins/odd.ts'",
      "export default () => ({ name: 'odd', components: { pricing: import.meta.url.replace('file://', '') }, hooks: {} });",
      'Plugin "odd" contributes the component "pricing" whose name starts with a small letter\n  hint: Name it "Pricing": markdown takes <pricing> for HTML.',
    ],
  ]) {
    it(`fails the build at once, naming it (${what})`, async () => {
      const site = copyFixture('plugins');
      try {
        writeFileSync(join(site, 'site/plugins/odd.ts'), `${source}\n`);
        const config = join(site, 'site/config.ts');
        writeFileSync(config, readFileSync(config, 'utf8').replace("'sitegen/plugins/markdown',", `'sitegen/plugins/markdown', ${entry},`));
        const res = await runCli(['build', '--root', site], { timeout: 30_000 });
        expect(res.code).toBe(1);
        expect(res.stderr).toContain(message);
        expect(res.stderr).not.toContain('Worker crashed');
      } finally {
        remove(site);
      }
    });
  }
});

describe('a plugin with a hook sitegen does not call', () => {
  it('builds, and warns naming the plugin, the hook and the one it probably meant', async () => {
    const site = copyFixture('plugins');
    try {
      writeFileSync(
        join(site, 'site/plugins/typo.ts'),
        "export default () => ({ name: 'typo', hooks: { 'page:dat'() {}, 'later:hook'() {}, 'page:html'(html) { return html; } } });\n",
      );
      const config = join(site, 'site/config.ts');
      writeFileSync(config, readFileSync(config, 'utf8').replace("'sitegen/plugins/markdown',", "'sitegen/plugins/markdown', './site/plugins/typo.ts',"));
      const res = await runCli(['build', '--root', site]);
      expect(res.code, res.stderr).toBe(0);
      expect(res.stderr).toContain(
        'warning plugin "typo" has a hook sitegen does not call: "page:dat" (did you mean "page:data"?); hooks: config:resolved, markdown,',
      );
      expect(res.stderr).toContain('warning plugin "typo" has a hook sitegen does not call: "later:hook"; hooks:');
      expect(res.stderr).not.toContain('"page:html"');
    } finally {
      remove(site);
    }
  });
});

describe('a content:loaded hook that is not idempotent', () => {
  /** The plugins fixture with one more plugin: it appends to the hello page's title each time it runs. */
  function withAppender(): string {
    const site = copyFixture('plugins');
    writeFileSync(
      join(site, 'site/plugins/append.ts'),
      "export default () => ({ name: 'append', hooks: { 'content:loaded'(docs) { for (const doc of docs) if (doc._path === '/hello') doc.title += ' +'; } } });\n",
    );
    const config = join(site, 'site/config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace("'sitegen/plugins/markdown',", "'sitegen/plugins/markdown', './site/plugins/append.ts',"));
    return site;
  }
  /** Another document's title edited: the site's listings change, so every document goes through the hook again. */
  function retitle(site: string): void {
    const file = join(site, 'content/plugin-layout.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace("title: Rendered by a plugin's layout", 'title: Retitled'));
  }

  it('runs once per build on each document as parsed, when the rebuild takes it from the cache', async () => {
    const site = withAppender();
    try {
      const out = join(site, 'dist');
      expect((await runCli(['build', '--root', site, '--out', out])).code).toBe(0);
      expect(html(out, 'hello/index.html').querySelector('title')?.text).toBe('Hello + | Plugin fixture (probed)');
      retitle(site);
      expect((await runCli(['build', '--root', site, '--out', out])).code).toBe(0);
      expect(html(out, 'plugin-layout/index.html').querySelector('main.probe-layout h1')?.text).toBe('Retitled');
      expect(html(out, 'hello/index.html').querySelector('title')?.text).toBe('Hello + | Plugin fixture (probed)');
    } finally {
      remove(site);
    }
  }, 60_000);

  it('runs once on each document in the dev server, after an edit too', async () => {
    const site = withAppender();
    const dev = await startDevServer({ root: site, port: 0 });
    const title = async (path: string) => parse(await (await fetch(`${dev.url}${path}`)).text()).querySelector('title')?.text;
    try {
      expect(await title('/hello')).toBe('Hello + | Plugin fixture (probed)');
      const update = dev.nextUpdate();
      retitle(site);
      await update;
      expect(await title('/plugin-layout')).toBe('Retitled | Plugin fixture (probed)');
      expect(await title('/hello')).toBe('Hello + | Plugin fixture (probed)');
    } finally {
      await dev.close();
      remove(site);
    }
  }, 60_000);
});

describe('a content:loaded hook in the dev server', () => {
  it('runs after a body edit in the dev server, as the build does', async () => {
    // A hook that derives a field from the body: the edit changes what it sets.
    const site = copyFixture('plugins');
    writeFileSync(
      join(site, 'site/plugins/count.ts'),
      "export default () => ({ name: 'count', hooks: { 'content:loaded'(docs) { for (const doc of docs) if (doc._path === '/hello') doc.title = `${doc.wordCount} words`; } } });\n",
    );
    const config = join(site, 'site/config.ts');
    writeFileSync(config, readFileSync(config, 'utf8').replace("'sitegen/plugins/markdown',", "'sitegen/plugins/markdown', './site/plugins/count.ts',"));
    const dev = await startDevServer({ root: site, port: 0 });
    const title = async () =>
      parse(await (await fetch(`${dev.url}/hello`)).text())
        .querySelector('title')
        ?.text.split(' | ')[0];
    try {
      const before = await title();
      expect(before).toMatch(/^\d+ words$/);
      const update = dev.nextUpdate();
      const file = join(site, 'content/hello.md');
      writeFileSync(file, `${readFileSync(file, 'utf8')}\nThree more words.\n`);
      await update;
      expect(await title()).toBe(`${parseInt(before!, 10) + 3} words`);
    } finally {
      await dev.close();
      remove(site);
    }
  }, 60_000);
});

describe('a component a plugin contributes', () => {
  it('renders inside markdown, in a build and in the dev server', async () => {
    const site = copyFixture('plugins');
    try {
      writeFileSync(
        join(site, 'site/plugins/Pricing.tsx'),
        'export default function Pricing({ plan, seats }: { plan: string; seats: number }) {\n  return <p className="plugin-pricing">{plan} for {seats} seats</p>;\n}\n',
      );
      writeFileSync(
        join(site, 'site/plugins/pricing.ts'),
        "export default () => ({ name: 'pricing', components: { Pricing: new URL('./Pricing.tsx', import.meta.url).pathname }, hooks: {} });\n",
      );
      const config = join(site, 'site/config.ts');
      writeFileSync(config, readFileSync(config, 'utf8').replace("'sitegen/plugins/markdown',", "'sitegen/plugins/markdown', './site/plugins/pricing.ts',"));
      writeFileSync(join(site, 'content/plans.md'), '---\ntitle: Plans\ndescription: The plans.\n---\n\n<Pricing plan="Team" seats={5} />\n');
      const out = join(site, 'dist');
      const built = await runCli(['build', '--root', site, '--out', out]);
      expect(built.code, built.stdout + built.stderr).toBe(0);
      expect(html(out, 'plans/index.html').querySelector('p.plugin-pricing')?.text).toBe('Team for 5 seats');
      const dev = await startDevServer({ root: site, port: 0 });
      try {
        const page = parse(await (await fetch(`${dev.url}/plans`)).text());
        expect(page.querySelector('p.plugin-pricing')?.text).toBe('Team for 5 seats');
      } finally {
        await dev.close();
      }
    } finally {
      remove(site);
    }
  }, 60_000);
});
