/**
 * The up-to-date check: the output folder holds the recorded build, every file at its recorded
 * size, whether the sizes are checked in this thread or on a thread of their own.
 */
import { linkSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadOutputState, previousOutput, saveOutputState, type OutputIndex, type OutputState, type PageRecord } from '../../../src/pipeline/state.ts';
import { checkOutputSizes, outputIntact } from '../../../src/pipeline/output-check.ts';

let dir: string;
let cacheDir: string;
let outDir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sitegen-output-check-'));
  cacheDir = join(dir, '.sitegen-cache');
  outDir = join(dir, 'dist');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** An output of `count` pages as a build leaves it, and its saved state. */
async function output(count: number): Promise<OutputIndex> {
  const files: [string, number][] = [];
  const put = (rel: string, text: string) => {
    mkdirSync(join(outDir, rel, '..'), { recursive: true });
    writeFileSync(join(outDir, rel), text);
    files.push([rel, Buffer.byteLength(text)]);
  };
  put('_sitegen/builds/latest.json', JSON.stringify({ id: 'build-1' }));
  for (let n = 0; n < count; n++) put(`page-${n}/index.html`, `<p>page ${n}</p>`);
  await saveOutputState(cacheDir, { id: 'build-1', outDir, files, pages: {}, api: {} });
  return (await loadOutputState(cacheDir, outDir))!;
}

describe('the up-to-date check', () => {
  it('answers the same in this thread and on a thread of its own', async () => {
    const state = await output(600);
    expect(await checkOutputSizes(cacheDir, state).sizes).toBe(true);
    expect(await outputIntact(state, checkOutputSizes(cacheDir, state))).toBe(true);
    expect(await outputIntact(state)).toBe(true);

    writeFileSync(join(outDir, 'page-599/index.html'), '<p>edited by hand</p>');
    expect(await checkOutputSizes(cacheDir, state).sizes).toBe(false);
    expect(await outputIntact(state, checkOutputSizes(cacheDir, state))).toBe(false);
    expect(await outputIntact(state)).toBe(false);
  });

  it('sees a deleted file and a replaced build', async () => {
    const state = await output(10);
    rmSync(join(outDir, 'page-3'), { recursive: true });
    expect(await outputIntact(state, checkOutputSizes(cacheDir, state))).toBe(false);

    const other = await output(10);
    writeFileSync(join(outDir, '_sitegen/builds/latest.json'), JSON.stringify({ id: 'build-2' }));
    expect(await outputIntact(other, checkOutputSizes(cacheDir, other))).toBe(false);
  });

  it('leaves the answer to this thread when the state file is not the one it was given', async () => {
    const state = await output(10);
    const check = checkOutputSizes(cacheDir, { ...state, id: 'another-build' });
    expect(await check.sizes).toBeUndefined();
    // outputIntact then stats the files itself.
    expect(await outputIntact(state, checkOutputSizes(cacheDir, { ...state, id: 'another-build' }))).toBe(true);
  });

  it('stops when cancelled, answering false', async () => {
    const state = await output(2000);
    const check = checkOutputSizes(cacheDir, state);
    check.cancel();
    expect(await check.sizes).toBe(false);
  });
});

describe("the main thread's share of the check (chunks taken from one counter by both threads)", () => {
  /** The answer as the build takes it: the main thread helps at once, then waits for the thread if it must. */
  const shared = async (state: OutputIndex) => {
    const check = checkOutputSizes(cacheDir, state);
    return check.help() ?? (await check.sizes);
  };

  it('answers as either thread alone does, whichever file is changed', async () => {
    const state = await output(3000);
    expect(await shared(state)).toBe(true);
    // The first chunk, one in the middle, the last one: whichever thread takes it sees it.
    for (const n of [0, 1500, 2999]) {
      const file = join(outDir, `page-${n}/index.html`);
      const before = readFileSync(file);
      writeFileSync(file, '<p>edited by hand</p>');
      expect(await shared(state), `page-${n}`).toBe(false);
      expect(await checkOutputSizes(cacheDir, state).sizes, `page-${n} on the thread alone`).toBe(false);
      expect(await outputIntact(state), `page-${n} on this thread alone`).toBe(false);
      writeFileSync(file, before);
      utimesSync(file, new Date(2001, 0, 1), new Date(2001, 0, 1));
    }
    rmSync(join(outDir, 'page-2047'), { recursive: true });
    expect(await shared(state)).toBe(false);
  });

  it('answers alone once it took every chunk, and leaves none to a thread that starts late', async () => {
    const state = await output(1000);
    const check = checkOutputSizes(cacheDir, state);
    // Asked at once, while the thread is still starting: this thread takes every chunk and knows the answer.
    expect(check.help()).toBe(true);
    // The thread, started after all, finds nothing left to take and answers the same.
    expect(await check.sizes).toBe(true);
  });
});

describe("the spare check (a build takes the spare over unseen when it holds the output's very files)", () => {
  /**
   * An output of `count` pages in a generation folder, and a spare generation of hard links to its files, apart from
   * `changed` (the spare's recorded changes), which the spare holds as copies of their own.
   */
  async function withSpare(count: number, changed: string[] = []): Promise<{ state: OutputIndex; spare: string }> {
    const generation = join(dir, 'gen-1');
    const spare = join(dir, 'spare-1');
    const files: [string, number][] = [];
    const put = (rel: string, text: string) => {
      mkdirSync(join(generation, rel, '..'), { recursive: true });
      writeFileSync(join(generation, rel), text);
      files.push([rel, Buffer.byteLength(text)]);
      mkdirSync(join(spare, rel, '..'), { recursive: true });
      if (changed.includes(rel)) writeFileSync(join(spare, rel), `${text} (older)`);
      else linkSync(join(generation, rel), join(spare, rel));
    };
    put('_sitegen/builds/latest.json', JSON.stringify({ id: 'build-1' }));
    for (let n = 0; n < count; n++) put(`page-${n}/index.html`, `<p>page ${n}</p>`);
    await saveOutputState(cacheDir, {
      id: 'build-1',
      outDir: generation,
      files,
      pages: {},
      api: {},
      builtAt: Date.now() + 1000,
      generation,
      spare: { dir: spare, changes: changed },
    });
    return { state: (await loadOutputState(cacheDir, generation))!, spare };
  }

  it('holds when every unchanged file is the same inode, its recorded changes aside', async () => {
    const { state } = await withSpare(300, ['page-7/index.html']);
    expect(state.spare).toBeDefined();
    const check = checkOutputSizes(cacheDir, state);
    expect(await check.sizes).toBe(true);
    expect(await check.spare).toBe(true);
    expect(check.spareSame()).toBe(true);
  });

  it("holds too when the main thread checked the output's files (their inodes reach the thread)", async () => {
    const { state, spare } = await withSpare(1000, ['page-7/index.html']);
    const check = checkOutputSizes(cacheDir, state);
    expect(check.help()).toBe(true);
    expect(await check.spare).toBe(true);
    // A spare file replaced in a chunk this thread checked: the thread's spare check sees it.
    const file = join(spare, 'page-42/index.html');
    rmSync(file);
    writeFileSync(file, '<p>page 42</p>');
    const again = checkOutputSizes(cacheDir, state);
    expect(again.help()).toBe(true);
    expect(await again.spare).toBe(false);
  });

  it('fails for a file of the spare replaced by another (same size, an old date), or gone', async () => {
    const { state, spare } = await withSpare(300);
    const file = join(spare, 'page-42/index.html');
    rmSync(file);
    writeFileSync(file, '<p>page 99</p>');
    utimesSync(file, new Date(2001, 0, 1), new Date(2001, 0, 1));
    expect(await checkOutputSizes(cacheDir, state).spare).toBe(false);
    rmSync(file);
    expect(await checkOutputSizes(cacheDir, state).spare).toBe(false);
  });

  it('is not asked when the output itself was changed, or when there is no spare', async () => {
    const { state } = await withSpare(30);
    writeFileSync(join(dir, 'gen-1/page-3/index.html'), '<p>edited by hand</p>');
    const check = checkOutputSizes(cacheDir, state);
    expect(await check.sizes).toBe(false);
    expect(await check.spare).toBeUndefined();
    const plain = await output(30);
    expect(await checkOutputSizes(cacheDir, plain).spare).toBeUndefined();
  });
});

describe('the page records', () => {
  const record = (n: number, key = `key-${n}`): PageRecord => ({
    key,
    status: 200,
    links: [`/page-${n + 1}`],
    ids: [`h-${n}`],
    files: [`page-${n}/index.html`],
  });
  /** Save build `id`'s records (on top of `previous`'s), mark the output as that build, read them back. */
  async function round(id: string, pages: Record<string, PageRecord>, previous?: OutputState): Promise<OutputState> {
    mkdirSync(join(outDir, '_sitegen/builds'), { recursive: true });
    writeFileSync(join(outDir, '_sitegen/builds/latest.json'), JSON.stringify({ id }));
    await saveOutputState(cacheDir, {
      id,
      outDir,
      files: [],
      pages,
      api: { doc: { file: `api/${id}.json`, hash: 'h', key: id } },
      ...(previous?.base ? { base: previous.base } : {}),
    });
    return (await previousOutput(cacheDir, await loadOutputState(cacheDir, outDir)))!;
  }
  const files = () => readdirSync(cacheDir).filter((f) => f.includes('.pages.'));

  it('are written as the changes on top of the records file while they are few, else whole, and read back as saved', async () => {
    const pages = Object.fromEntries(Array.from({ length: 700 }, (_, n) => [`/page-${n}`, record(n)]));
    const first = await round('build-1', pages);
    expect(first.pages).toEqual(pages);
    expect(files()).toHaveLength(1);
    const whole = readFileSync(join(cacheDir, files()[0]));

    // A few pages changed, one gone, the rest kept as read: only those go to the delta.
    const second: Record<string, PageRecord> = { ...first.pages, '/page-3': record(3, 'changed'), '/page-new': record(700) };
    delete second['/page-9'];
    const read = await round('build-2', second, first);
    expect(files()).toHaveLength(2);
    expect(readFileSync(join(cacheDir, files().find((f) => !f.includes('delta'))!))).toEqual(whole);
    expect(read.pages).toEqual(second);
    expect(read.api.doc.file).toBe('api/build-2.json');

    // Changes accumulate on the same records file; a delta of another build is not trusted.
    const third = { ...read.pages, '/page-4': record(4, 'changed too') };
    const delta = files().find((f) => f.includes('delta'))!;
    const before = readFileSync(join(cacheDir, delta));
    const again = await round('build-3', third, read);
    expect(again.pages).toEqual(third);
    writeFileSync(join(cacheDir, delta), before);
    expect(await previousOutput(cacheDir, await loadOutputState(cacheDir, outDir))).toBeUndefined();
    writeFileSync(join(cacheDir, delta), JSON.stringify({ ...JSON.parse(before.toString()), id: 'build-3' }));
    expect((await previousOutput(cacheDir, await loadOutputState(cacheDir, outDir)))?.pages['/page-4'].key).toBe('key-4');

    // Past a tenth of the pages changed: everything, whole, and no delta.
    const many = Object.fromEntries(Object.entries(third).map(([path, r], n) => [path, n < 100 ? { ...r, key: `new-${n}` } : r]));
    const last = await round('build-4', many, again);
    expect(files()).toHaveLength(1);
    expect(last.pages).toEqual(many);
  });
  it('keep their links and ids in a details file written with the records file, read when first used', async () => {
    const pages = Object.fromEntries(Array.from({ length: 100 }, (_, n) => [`/page-${n}`, record(n)]));
    const first = await round('build-1', pages);
    const recordsFile = files().find((f) => f.endsWith('.pages.json'))!;
    expect(readFileSync(join(cacheDir, recordsFile), 'utf8')).not.toContain('"links"');
    expect(readdirSync(cacheDir).filter((f) => f.endsWith('.page-details.json'))).toHaveLength(1);
    expect(first.pages['/page-6'].links).toEqual(['/page-7']);
    expect(first.pages).toEqual(pages);
    // A changed page goes to the delta with its own; written whole again, nothing is lost.
    const second = await round('build-2', { ...first.pages, '/page-3': record(3, 'changed') }, first);
    expect(second.pages['/page-3'].key).toBe('changed');
    expect(second.pages['/page-8'].ids).toEqual(['h-8']);
    const many = Object.fromEntries(Object.entries(second.pages).map(([path, r], n) => [path, n < 70 ? { ...r, key: `new-${n}` } : r]));
    const third = await round('build-3', many, second);
    expect(third.pages).toEqual(many);
    expect(third.pages['/page-90'].links).toEqual(['/page-91']);
    // Without the details file (or with another build's), nothing is reused.
    const details = readdirSync(cacheDir).find((f) => f.endsWith('.page-details.json'))!;
    rmSync(join(cacheDir, details));
    expect(await previousOutput(cacheDir, await loadOutputState(cacheDir, outDir))).toBeUndefined();
  });
});
