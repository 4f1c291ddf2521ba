/**
 * The up-to-date check: the output folder holds the recorded build, every file at its recorded
 * size, whether the sizes are checked in this thread or on a thread of their own.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkOutputSizes, loadOutputState, outputIntact, saveOutputState, type OutputIndex } from '../../../src/pipeline/state.ts';

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
