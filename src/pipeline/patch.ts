/**
 * The patch records: what a build needs to know of the spare to patch its pages in place. For
 * each page, the key it was rendered with, the collections it read, and where the build id is in
 * each of its files; for each content API file, its key. Written with every output
 * (`output.<hash>.patch.json`) and moved along when that output becomes the spare
 * (output/folder.ts).
 *
 * While the page records are saved as changes on top of a records file (state.ts saveRecords),
 * so are these: they name that file and hold only the pages that differ from it, and a build
 * takes the rest from the records file it reads anyway. At 10,000 pages a body edit then writes
 * and reads a few pages' patch records instead of 2.2 MB of them (10,000 pages' worth, 70,000
 * objects to parse and keep).
 */
import { join } from 'node:path';
import { hashText } from '../hash.ts';
import { readJson, writeJson } from './json-file.ts';
import { latestId, type OutputState, type PageRecord, type RecordsBase, type RecordsChanges } from './state.ts';

export interface PatchRecords {
  id: string;
  pages: Record<string, Pick<PageRecord, 'key' | 'uses' | 'files' | 'offsets'>>;
  /** The key of each content API file (by file): one with the same key holds the same bytes. */
  api?: Record<string, string>;
}

/** As written: whole, or (`records`) the pages of the records file of that id with `pages` on top and `removed` gone. */
interface PatchFile extends PatchRecords {
  records?: string;
  removed?: string[];
}

/** The patch records of the output now in `outDir`. */
export const patchFile = (cacheDir: string, outDir: string) => join(cacheDir, `output.${hashText(outDir)}.patch.json`);

/** What of each page the patch records hold: those whose build id's places are known. */
function patchPages(pages: Record<string, PageRecord>): PatchRecords['pages'] {
  const patch: PatchRecords['pages'] = {};
  for (const [path, { key, uses, files, offsets }] of Object.entries(pages)) if (offsets) patch[path] = { key, uses, files, offsets };
  return patch;
}

/**
 * The patch records of the output just built, after its records (`changes`: saved on top of a
 * records file). `spare`: the patch file of the output it replaced (now the spare) and that
 * output's state: when the records file those name was just replaced by a whole one, they are
 * written whole from that state, or the next build could not patch the spare.
 */
export async function savePatch(
  cacheDir: string,
  state: OutputState,
  changes: RecordsChanges | undefined,
  spare?: { file: string; previous?: OutputState },
): Promise<void> {
  const api: Record<string, string> = {};
  for (const { file, key } of Object.values(state.api)) api[file] = key;
  await writeJson(
    patchFile(cacheDir, state.outDir),
    changes
      ? ({ id: state.id, records: changes.base, pages: patchPages(changes.pages), removed: changes.removed, api } satisfies PatchFile)
      : ({ id: state.id, pages: patchPages(state.pages), api } satisfies PatchFile),
    true,
  );
  if (changes || !spare?.previous) return;
  const current = await readJson<PatchFile>(spare.file);
  if (current?.records !== undefined && current.id === spare.previous.id) {
    await writeJson(
      spare.file,
      { id: current.id, pages: patchPages(spare.previous.pages), ...(current.api ? { api: current.api } : {}) } satisfies PatchFile,
      true,
    );
  }
}

/**
 * The spare's patch records, when they describe what it holds (`dir`: the build id in its
 * latest.json), with the pages of the records file they name (`base`, as the previous output's
 * records were read) when they hold only the changes on top of it.
 */
export function spareRecords(records: unknown, dir: string, base?: RecordsBase): PatchRecords | undefined {
  const patch = records as PatchFile | undefined;
  if (!patch || typeof patch.id !== 'string' || typeof patch.pages !== 'object' || !patch.pages || latestId(dir) !== patch.id) return undefined;
  if (patch.records === undefined) return patch;
  if (!base || base.id !== patch.records || !Array.isArray(patch.removed)) return undefined;
  // (The records file's own objects: a page unchanged since it was written is the same object in
  // the previous output's records, and compares as such.)
  const pages: PatchRecords['pages'] = { ...base.pages, ...patch.pages };
  for (const path of patch.removed) delete pages[path];
  return { id: patch.id, pages, ...(patch.api ? { api: patch.api } : {}) };
}
