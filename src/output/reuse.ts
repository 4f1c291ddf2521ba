/**
 * Files a build takes over from earlier outputs instead of writing them anew: an unchanged page
 * copied from the previous output (or, in the spare, only given the new build id in place), and
 * the spare's own files that the new ones replace. Runs in the workers.
 */
import { closeSync, fstatSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { FolderRequest, WorkerJob } from '../pipeline/protocol.ts';
import { joinPlain, type FsWriter } from './writer.ts';

/** The folder a worker writes, as the main thread opened it for the build. */
export type OpenFolder = FolderRequest & { writer: FsWriter };

/**
 * Byte offsets of `needle` (ASCII, the build id) in `text` as UTF-8: where a later build can put
 * its own id into the file in place (protocol.ts PageResult.offsets).
 */
export function byteOffsets(text: string, needle: string): number[] {
  const offsets: number[] = [];
  if (!needle) return offsets;
  let from = 0;
  let bytes = 0;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) {
    bytes += Buffer.byteLength(text.slice(from, at));
    offsets.push(bytes);
    from = at;
  }
  return offsets;
}

/**
 * Copy an unchanged page's files from the previous output, with the new build id put in place
 * of the old one in the bytes as read (ids are all the same length): no decoding to text and
 * encoding back, which cost as much as the reading and writing. Undefined when the page cannot be
 * taken over (gone, changed, unreadable): it is rendered instead.
 */
export function tryCopy(
  folder: OpenFolder,
  reuse: NonNullable<WorkerJob['reuse']>,
  buildId: string,
): { files: [string, number][]; offsets: number[][]; patched?: boolean } | undefined {
  try {
    return copy(folder, reuse, buildId);
  } catch {
    return undefined;
  }
}

function copy(
  folder: OpenFolder,
  reuse: NonNullable<WorkerJob['reuse']>,
  buildId: string,
): { files: [string, number][]; offsets: number[][]; patched?: boolean } | undefined {
  const previous = folder.previous!;
  const files = reuse.files;
  const from = Buffer.from(previous.buildId);
  const to = Buffer.from(buildId);
  if (from.byteLength !== to.byteLength) return undefined;
  const patch = reuse.inPlace;
  if (patch && folder.spareId && folder.spareId.length === buildId.length && patch.length === files.length && patchInPlace(folder.outDir, files, patch, to)) {
    return { files: files.map(([file, size]) => [file, size]), offsets: patch, patched: true };
  }
  const bytes = files.map(([file]) => readFileSync(join(previous.dir, file)));
  // Exactly as the previous build wrote them, or rendered anew.
  if (bytes.some((data, i) => data.byteLength !== files[i][1])) return undefined;
  let found = 0;
  const offsets = bytes.map((data) => {
    const at: number[] = [];
    for (let i = data.indexOf(from); i !== -1; i = data.indexOf(from, i + from.byteLength)) {
      to.copy(data, i);
      at.push(i);
    }
    found += at.length;
    return at;
  });
  if (found !== reuse.idCount) return undefined;
  return { files: files.map(([file], i) => [file, folder.writer.writeSync(file, bytes[i])]), offsets };
}

/** PatchRequest.pages: pages are separated by SOH, a page's fields (path, then name, size and offsets per file) by NUL. */
export const PATCH_PAGE = '\u0001';
export const PATCH_FIELD = '\u0000';

/**
 * Put `buildId` in place in the spare's copy of each page of a PatchRequest (see patchInPlace).
 * Returns the paths not patched, in part or at all: rendered or copied later, like any page.
 */
export function patchPages(folder: OpenFolder, buildId: string, pages: string): string[] {
  const failed: string[] = [];
  const id = Buffer.from(buildId);
  // (Build ids are hex: the same length means the same offsets.)
  const sameLength = !!folder.spareId && folder.spareId.length === buildId.length;
  for (const page of pages ? pages.split(PATCH_PAGE) : []) {
    const fields = page.split(PATCH_FIELD);
    const files: [string, number][] = [];
    const offsets: number[][] = [];
    for (let i = 1; i + 2 < fields.length; i += 3) {
      files.push([fields[i], Number(fields[i + 1])]);
      offsets.push(fields[i + 2] ? fields[i + 2].split(',').map(Number) : []);
    }
    let done = false;
    try {
      done = sameLength && patchInPlace(folder.outDir, files, offsets, id);
    } catch {
      // unreadable or gone: the page is taken over later
    }
    if (!done) failed.push(fields[0]);
  }
  return failed;
}

/**
 * The spare (the folder being written) holds this page as the build before the previous one
 * wrote it, and the page has not changed since (its key is the same): only the build id differs,
 * at the offsets recorded then. Put the new id there, in place, and nothing else: a few bytes
 * per file instead of reading and writing the whole page. Each file must still be as recorded
 * (its size, no other link to it); otherwise the page is copied. (The old id is not read back
 * first: the records are removed from disk before anything is written into the spare, so while
 * they are there they describe its files; the read cost 20,000 files a fifth of the patching.)
 */
function patchInPlace(root: string, files: [string, number][], patch: number[][], id: Buffer): boolean {
  for (let i = 0; i < files.length; i++) {
    let fd: number;
    try {
      fd = openSync(joinPlain(root, files[i][0]), 'r+');
    } catch {
      return false;
    }
    try {
      const stats = fstatSync(fd);
      if (!stats.isFile() || stats.nlink !== 1 || stats.size !== files[i][1]) return false;
      for (const at of patch[i]) writeSync(fd, id, 0, id.byteLength, at);
    } finally {
      closeSync(fd);
    }
  }
  return true;
}

/**
 * In the spare, written in place, each document's content API file of the build the spare holds
 * (the same name with that build's id) is stale once the new one is written: removed beside the
 * write, rather than one by one on the main thread when the build prunes the folder (0.06 s of it
 * at 10,000 documents). Returns the files removed or found gone.
 */
export function clearStale(folder: OpenFolder, written: [string, number][]): string[] {
  const { inPlace, spareId, outDir } = folder;
  const cleared: string[] = [];
  if (!inPlace || !spareId) return cleared;
  for (const [file] of written) {
    const at = file.length - spareId.length - 5;
    if (at < 1 || file[at - 1] !== '.' || !file.endsWith('.json')) continue;
    const stale = `${file.slice(0, at)}${spareId}.json`;
    if (stale === file) continue;
    try {
      unlinkSync(join(outDir, stale));
      cleared.push(stale);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') cleared.push(stale);
    }
  }
  return cleared;
}
