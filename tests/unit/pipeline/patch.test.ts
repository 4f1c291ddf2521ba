/**
 * The patch records of an output: whole, or the changes on top of the records file its page
 * records were saved on; read back as the pages the spare holds only with that records file.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { patchFile, savePatch, spareRecords } from '../../../src/pipeline/patch.ts';
import type { OutputState, PageRecord } from '../../../src/pipeline/state.ts';

let dir: string;
let outDir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sitegen-patch-'));
  outDir = join(dir, 'dist');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const record = (n: number, key = `key-${n}`): PageRecord => ({
  key,
  status: 200,
  links: [],
  ids: [],
  files: [`page-${n}/index.html`],
  idCount: 1,
  offsets: [[10 + n]],
});
const state = (id: string, pages: Record<string, PageRecord>): OutputState => ({
  id,
  outDir,
  files: [],
  pages,
  api: { doc: { file: `api/q.${id}.json`, hash: 'h', key: 'k' } },
});
/** The output folder as a build leaves it, named by its latest.json. */
function holds(id: string): void {
  mkdirSync(join(outDir, '_sitegen/builds'), { recursive: true });
  writeFileSync(join(outDir, '_sitegen/builds/latest.json'), JSON.stringify({ id }));
}
const read = () => JSON.parse(readFileSync(patchFile(dir, outDir), 'utf8'));

describe('the patch records', () => {
  const base = { id: 'build-1', pages: Object.fromEntries(Array.from({ length: 100 }, (_, n) => [`/p-${n}`, record(n)])) };

  it('hold only the changes on top of the records file, and read back whole with it', async () => {
    const pages: Record<string, PageRecord> = { ...base.pages, '/p-3': record(3, 'changed'), '/p-new': record(100) };
    delete pages['/p-9'];
    await savePatch(dir, state('build-2', pages), { base: 'build-1', pages: { '/p-3': pages['/p-3'], '/p-new': pages['/p-new'] }, removed: ['/p-9'] });
    const written = read();
    expect(Object.keys(written.pages)).toEqual(['/p-3', '/p-new']);
    expect(written.records).toBe('build-1');
    expect(written.api).toEqual({ 'api/q.build-2.json': 'k' });
    holds('build-2');
    const spare = spareRecords(written, outDir, base)!;
    expect(Object.keys(spare.pages)).toHaveLength(100);
    expect(spare.pages['/p-3'].key).toBe('changed');
    expect(spare.pages['/p-9']).toBeUndefined();
    // An unchanged page is the records file's own object.
    expect(spare.pages['/p-5']).toBe(base.pages['/p-5']);
    // Not without that records file, and not for a folder holding another build.
    expect(spareRecords(written, outDir, { ...base, id: 'build-0' })).toBeUndefined();
    expect(spareRecords(written, outDir)).toBeUndefined();
    holds('build-3');
    expect(spareRecords(written, outDir, base)).toBeUndefined();
  });

  it("are written whole with whole records, and the spare's then too when they named the records file replaced", async () => {
    const spareFile = join(dir, 'spare.patch.json');
    const previous = state('build-2', { ...base.pages, '/p-3': record(3, 'changed') });
    writeFileSync(
      spareFile,
      JSON.stringify({ id: 'build-2', records: 'build-1', pages: { '/p-3': previous.pages['/p-3'] }, removed: [], api: { 'api/q.build-2.json': 'k' } }),
    );
    await savePatch(dir, state('build-3', previous.pages), undefined, { file: spareFile, previous });
    expect(read().records).toBeUndefined();
    expect(Object.keys(read().pages)).toHaveLength(100);
    const rewritten = JSON.parse(readFileSync(spareFile, 'utf8'));
    expect(rewritten.records).toBeUndefined();
    expect(rewritten.api).toEqual({ 'api/q.build-2.json': 'k' });
    holds('build-2');
    const spare = spareRecords(rewritten, outDir)!;
    expect(spare.pages['/p-3']).toEqual({ key: 'changed', files: ['page-3/index.html'], offsets: [[13]] });
    expect(Object.keys(spare.pages)).toHaveLength(100);
  });
});
