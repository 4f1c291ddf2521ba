/**
 * The document cache must never change what a build produces: a warm build is byte-identical
 * to a cold one, and edits, template changes and deletions show up as if there were no cache.
 */
import { appendFileSync, cpSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, copyFixture, html, listFiles, remove, runCli, tempDir } from '../helpers.ts';

let site: string;
const build = (out: string) => runCli(['build', '--root', site, '--out', join(site, out)]);
const bytes = (dir: string) => listFiles(dir).map((f) => [f, readFileSync(join(dir, f)).toString('base64')]);

beforeAll(() => {
  site = copyFixture('basic');
});
afterAll(() => remove(site));

describe('the document cache', () => {
  it('gives a warm build exactly the bytes of a cold one', async () => {
    const cold = await build('cold');
    expect(cold.code).toBe(0);
    expect(cold.stdout).not.toContain('from cache');
    const first = await build('dist');
    expect(first.code).toBe(0);
    // A body edit: the other 13 documents come from the cache, their bodies from the previous output.
    const file = join(site, 'content/guide/2.setup.md');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, `${text}\nOne more paragraph.\n`);
    const warm = await build('dist');
    expect(warm.stdout).toMatch(/parsed 14 documents \(13 from cache\)/);
    writeFileSync(file, text);
    const back = await build('dist');
    expect(back.stdout).toMatch(/parsed 14 documents \(13 from cache\)/);
    expect(bytes(join(site, 'dist'))).toEqual(bytes(join(site, 'cold')));
  });

  it('parses every document again for an output folder that has no previous build to take bodies from', async () => {
    // The cache holds each document's metadata but not its body, which every page renders from:
    // each is parsed once, as in a first build (not once for its page and once for its content API file).
    for (const run of [() => build('elsewhere'), () => runCli(['build', '--root', site, '--out', join(site, 'dist'), '--force'])]) {
      const result = await run();
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toMatch(/parsed 14 documents in /);
    }
    // The output link deleted, its generation kept (a CI job that restored .sitegen-cache and
    // .dist.sitegen): bodies come from there.
    rmSync(join(site, 'dist'), { recursive: true });
    const ci = await build('dist');
    expect(ci.stdout).toMatch(/parsed 14 documents \(14 from cache\)/);
    expect(bytes(join(site, 'dist'))).toEqual(bytes(join(site, 'cold')));
    // Both deleted: nothing to take bodies from.
    rmSync(join(site, 'dist'), { recursive: true });
    rmSync(join(site, '.dist.sitegen'), { recursive: true });
    const again = await build('dist');
    expect(again.stdout).toMatch(/parsed 14 documents in /);
    expect(bytes(join(site, 'dist'))).toEqual(bytes(join(site, 'cold')));
    expect(bytes(join(site, 'elsewhere'))).toEqual(bytes(join(site, 'cold')));
  });

  it('drops the records of an output folder that is gone, with its generations, and keeps those of a folder whose generations are left', async () => {
    const records = () =>
      readdirSync(join(site, '.sitegen-cache'))
        .filter((f) => f.startsWith('output.'))
        .map((f) => readFileSync(join(site, '.sitegen-cache', f), 'utf8'))
        .filter((text) => text.startsWith('{"id"'))
        .map((text) => (JSON.parse(text) as { outDir: string }).outDir);
    for (const out of ['gone-1', 'gone-2', 'kept']) expect((await build(out)).code).toBe(0);
    expect(records()).toEqual(expect.arrayContaining(['gone-1', 'gone-2', 'kept'].map((out) => join(site, out))));
    // gone-1 deleted whole; gone-2's link deleted, its generations kept (as a CI cache restores them); kept stays.
    for (const path of ['gone-1', '.gone-1.sitegen', 'gone-2']) rmSync(join(site, path), { recursive: true });
    const files = () => readdirSync(join(site, '.sitegen-cache')).filter((f) => f.startsWith('output.'));
    const gone1 = files().filter((f) => readFileSync(join(site, '.sitegen-cache', f), 'utf8').includes(join(site, 'gone-1')));
    expect(gone1.length).toBeGreaterThan(0);
    // (A build that finds its output up to date leaves the cache alone: the next one that writes prunes it.)
    expect((await build('kept')).stdout).toContain('is up to date');
    expect(records()).toContain(join(site, 'gone-1'));
    expect((await runCli(['build', '--root', site, '--out', join(site, 'kept'), '--force'])).code).toBe(0);
    expect(records()).not.toContain(join(site, 'gone-1'));
    expect(records()).toEqual(expect.arrayContaining(['gone-2', 'kept'].map((out) => join(site, out))));
    // Its other records (pages, their details) went with its index.
    const hash = /^output\.([0-9a-f]+)\./.exec(gone1[0])![1];
    expect(files().filter((f) => f.includes(hash))).toEqual([]);
    // gone-2 still builds from its generation: nothing is parsed again.
    const again = await build('gone-2');
    expect(again.stdout).toMatch(/parsed 14 documents \(14 from cache\)/);
  });

  it('removes template bundles and configs unused for an hour when it compiles another, and keeps the one in use', async () => {
    const dir = join(site, '.sitegen-cache/render');
    expect((await build('dist')).code).toBe(0);
    const inUse = readdirSync(dir).filter((f) => f.endsWith('.mjs'));
    expect(inUse).toHaveLength(1);
    // Two bundles of earlier edits: one last used two hours ago (with its map), one a minute ago.
    const old = join(dir, 'render.00000000000000aa.mjs');
    const recent = join(dir, 'render.00000000000000bb.mjs');
    for (const file of [old, `${old}.map`, recent]) writeFileSync(file, 'export {};\n');
    const ago = (ms: number) => new Date(Date.now() - ms);
    utimesSync(old, ago(2 * 3600_000), ago(2 * 3600_000));
    utimesSync(recent, ago(60_000), ago(60_000));
    // The bundle in use, compiled long ago: a build that uses it dates it now.
    utimesSync(join(dir, inUse[0]), ago(3 * 3600_000), ago(3 * 3600_000));
    expect((await runCli(['build', '--root', site, '--out', join(site, 'dist'), '--force'])).code).toBe(0);
    expect(statSync(join(dir, inUse[0])).mtimeMs).toBeGreaterThan(Date.now() - 600_000);
    // A template edit compiles a new bundle: the old one and its map go, the recent one and the one in use stay.
    const page = join(site, 'site/pages/index.tsx');
    const source = readFileSync(page, 'utf8');
    writeFileSync(page, source.replace('<h1>Fixture home</h1>', '<h1>Fixture home, again</h1>'));
    try {
      expect((await build('dist')).code).toBe(0);
    } finally {
      writeFileSync(page, source);
    }
    const left = readdirSync(dir);
    expect(left).not.toContain('render.00000000000000aa.mjs');
    expect(left).not.toContain('render.00000000000000aa.mjs.map');
    expect(left).toContain('render.00000000000000bb.mjs');
    expect(left).toContain(inUse[0]);
    expect(left.filter((f) => f.endsWith('.mjs'))).toHaveLength(3);
    rmSync(recent);
    expect((await build('dist')).code).toBe(0);

    // The compiled config likewise.
    const oldConfig = join(site, '.sitegen-cache/config.00000000000000aa.mjs');
    writeFileSync(oldConfig, 'export default {};\n');
    utimesSync(oldConfig, ago(2 * 3600_000), ago(2 * 3600_000));
    const config = join(site, 'site/config.ts');
    const text = readFileSync(config, 'utf8');
    writeFileSync(config, text.replace("name: 'Fixture'", "name: 'Fixture, renamed'"));
    try {
      expect((await build('dist')).code).toBe(0);
    } finally {
      writeFileSync(config, text);
    }
    const configs = readdirSync(join(site, '.sitegen-cache')).filter((f) => /^config\..*\.mjs$/.test(f));
    expect(configs).not.toContain('config.00000000000000aa.mjs');
    expect(configs.length).toBeGreaterThanOrEqual(1);
    expect((await build('dist')).code).toBe(0);
  });

  it('re-parses an edited document and shows the edit', async () => {
    const file = join(site, 'content/about.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('A test.', 'An edited test.'));
    const result = await build('dist');
    expect(result.stdout).toMatch(/parsed 14 documents \(13 from cache\)/);
    expect(html(join(site, 'dist'), 'about/index.html').text).toContain('An edited test.');
  });

  it('reads a touched source again but parses it only when its bytes changed, even at the same size', async () => {
    const file = join(site, 'content/about.md');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text); // same bytes, new modification time
    expect((await build('dist')).stdout).toMatch(/parsed 14 documents \(14 from cache\)/);
    // Same size, different bytes: the stat differs (time, and the cache holds the old hash).
    const same = text.replace('An edited test.', 'An edited tent.');
    expect(same.length).toBe(text.length);
    writeFileSync(file, same);
    const result = await build('dist');
    expect(result.stdout).toMatch(/parsed 14 documents \(13 from cache\)/);
    expect(html(join(site, 'dist'), 'about/index.html').text).toContain('An edited tent.');
  });

  it('re-renders every page that uses a changed template', async () => {
    const file = join(site, 'site/pages/blog.tsx');
    writeFileSync(file, readFileSync(file, 'utf8').replace('<h1>Blog</h1>', '<h1>All the posts</h1>'));
    expect((await build('dist')).code).toBe(0);
    expect(html(join(site, 'dist'), 'blog/index.html').querySelector('main h1')?.text).toBe('All the posts');
  });

  it('removes the output of a deleted source', async () => {
    expect(listFiles(join(site, 'dist')).some((f) => f.startsWith('old-page/'))).toBe(true);
    rmSync(join(site, 'content/old-page.md'));
    expect((await build('dist')).code).toBe(0);
    expect(listFiles(join(site, 'dist')).some((f) => f.startsWith('old-page/'))).toBe(false);
  });

  it('survives a corrupt cache', async () => {
    const dir = join(site, '.sitegen-cache');
    // The document cache alone, under an output folder the records still describe: a rebuild
    // after an edit parses everything again and gives what a build with no cache gives.
    for (const f of ['documents.json', 'sources.json']) writeFileSync(join(dir, f), '{not json');
    const file = join(site, 'content/about.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('An edited tent.', 'A corrupt-cache test.'));
    const rebuilt = await build('dist');
    expect(rebuilt.code).toBe(0);
    expect(rebuilt.stdout).not.toContain('from cache');
    expect(html(join(site, 'dist'), 'about/index.html').text).toContain('A corrupt-cache test.');
    // Then document metadata, output records and compiled-template records, all garbage.
    // (Not the files of the spare output kept there: those are output, not records.)
    const records = listFiles(dir).filter((f) => f.endsWith('.json') && !/^spare\.\w+\//.test(f));
    expect(records).toContain('documents.json');
    for (const f of records) writeFileSync(join(dir, f), '{not json');
    const result = await build('again');
    expect(result.code).toBe(0);
    expect(bytes(join(site, 'again'))).toEqual(bytes(join(site, 'dist')));
  });
});

describe('an up-to-date output folder', () => {
  it('is kept as it is when nothing changed, and rebuilt when a file in it was removed', async () => {
    const dir = copyFixture('basic');
    try {
      const run = (...args: string[]) => runCli(['build', '--root', dir, ...args]);
      const first = await run();
      expect(first.code, first.stderr).toBe(0);
      const before = bytes(join(dir, 'dist'));
      const again = await run();
      expect(again.code).toBe(0);
      expect(again.stdout).toMatch(/Output in dist\/ is up to date \(build [0-9a-f]{12}, nothing changed\)/);
      expect(bytes(join(dir, 'dist'))).toEqual(before);

      rmSync(join(dir, 'dist/about/index.html'));
      const repaired = await run();
      expect(repaired.stdout).not.toContain('up to date');
      expect(bytes(join(dir, 'dist'))).toEqual(before);

      expect((await run('--force')).stdout).toContain('Built 19 pages');
    } finally {
      remove(dir);
    }
  });
});

describe('the output records', () => {
  it('are trusted only for the build they describe (a pair torn by a kill reuses nothing)', async () => {
    const dir = copyFixture('basic');
    try {
      const run = (...args: string[]) => runCli(['build', '--root', dir, ...args]);
      expect((await run()).code).toBe(0);
      const cache = join(dir, '.sitegen-cache');
      // The records beside the index of this output folder.
      const index = listFiles(cache).find(
        (f) => /^output\.[0-9a-f]+\.json$/.test(f) && JSON.parse(readFileSync(join(cache, f), 'utf8')).outDir === join(dir, 'dist'),
      )!;
      expect(index).toBeDefined();
      const recordsFile = index.replace(/\.json$/, '.pages.json');
      const first = readFileSync(join(cache, recordsFile), 'utf8');
      // A second build with a changed page: its records replace the first build's.
      writeFileSync(join(dir, 'content/about.md'), readFileSync(join(dir, 'content/about.md'), 'utf8') + '\nOne more line.\n');
      const second = await run();
      expect(second.stdout).toMatch(/rendered 19 pages \(1[0-9] unchanged\)/);
      const expected = bytes(join(dir, 'dist'));
      // Torn: the index of the second build beside the records of the first (its changes on top
      // of them not written yet).
      writeFileSync(join(cache, recordsFile), first);
      rmSync(join(cache, recordsFile.replace(/\.json$/, '.delta.json')), { force: true });
      writeFileSync(join(dir, 'content/about.md'), readFileSync(join(dir, 'content/about.md'), 'utf8').replace('\nOne more line.\n', '\nOne more line!\n'));
      const third = await run();
      expect(third.code).toBe(0);
      expect(third.stdout).not.toMatch(/rendered \d+ pages \(\d+ unchanged\)/);
      // And the output is what a build with no cache gives.
      const cold = await runCli(['build', '--root', dir, '--out', join(dir, 'cold'), '--force']);
      expect(cold.code).toBe(0);
      expect(bytes(join(dir, 'dist'))).toEqual(bytes(join(dir, 'cold')));
      expect(expected.length).toBe(bytes(join(dir, 'dist')).length);
    } finally {
      remove(dir);
    }
  });
});

describe('a sitegen changed without a new version', () => {
  // A copy of the package as an install has it (no scripts/: it runs its lib/ as it is), whose compiled code the test edits.
  let pkg: string;
  beforeAll(() => {
    pkg = tempDir('sitegen-package-');
    for (const dir of ['bin', 'lib', 'templates', 'src']) cpSync(join(ROOT, dir), join(pkg, dir), { recursive: true });
    cpSync(join(ROOT, 'package.json'), join(pkg, 'package.json'));
    symlinkSync(join(ROOT, 'node_modules'), join(pkg, 'node_modules'));
  });
  afterAll(() => remove(pkg));
  const run = () => runCli(['build', '--root', site, '--out', join(site, 'engine')], { bin: join(pkg, 'bin/sitegen.js') });

  it('is never "up to date" with the output of the old code, whether its workers or its main thread changed', async () => {
    expect((await run()).code).toBe(0);
    expect((await run()).stdout).toContain('is up to date');
    for (const file of ['lib/worker.js', 'lib/cli.js']) {
      appendFileSync(join(pkg, file), '\n// changed\n');
      const again = await run();
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout, file).not.toContain('is up to date');
      expect((await run()).stdout).toContain('is up to date');
    }
  }, 180_000);

  it('compiles the templates and stylesheets anew rather than reusing what the old code compiled (its esbuild plugins may differ)', async () => {
    const records = (name: string) => readdirSync(join(site, '.sitegen-cache/compiled')).filter((f) => f.startsWith(`${name}.`)).length;
    expect((await run()).code).toBe(0);
    const before = { templates: records('templates'), stylesheets: records('stylesheets') };
    appendFileSync(join(pkg, 'lib/cli.js'), '\n// changed again\n');
    expect((await run()).code).toBe(0);
    expect(records('templates')).toBe(before.templates + 1);
    expect(records('stylesheets')).toBe(before.stylesheets + 1);
  }, 180_000);
});
