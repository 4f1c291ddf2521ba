/**
 * Which sources changed since the document cache was written, without reading every file: a source whose size, mtime,
 * ctime and inode are all as recorded is trusted to hold the recorded hash (as make and Bazel do). Any difference means
 * reading and hashing it again; only a different hash means parsing it again.
 */
import { closeSync, fstatSync, openSync, readFileSync, readSync, statSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { hashText } from '../hash.ts';
import type { SourceFile } from '../content/types.ts';

const keyOf = (s: Stats) => `${s.size}:${s.mtimeMs}:${s.ctimeMs}:${s.ino}`;

export function statKey(file: string): string | undefined {
  try {
    return keyOf(statSync(file));
  } catch {
    return undefined;
  }
}

/**
 * A source's bytes and its stat key, stat first (through the open file: one path lookup): a file changed after this
 * stat has a newer stat next time, so it is read again then.
 */
export function readSource(file: string): { bytes: Buffer; stat: string } {
  const fd = openSync(file, 'r');
  try {
    const stats = fstatSync(fd);
    // As readFileSync does: the size the stat gave (a file growing meanwhile has a newer stat next time).
    const bytes = Buffer.allocUnsafe(stats.size);
    let size = 0;
    while (size < bytes.length) {
      const n = readSync(fd, bytes, size, bytes.length - size, null);
      if (n === 0) break;
      size += n;
    }
    return { bytes: size === bytes.length ? bytes : bytes.subarray(0, size), stat: keyOf(stats) };
  } finally {
    closeSync(fd);
  }
}

export interface CachedSource {
  hash: string;
  display: string;
  stat?: string;
  /** Files the document includes (project-relative), with their hash ('' when missing) and stat key when parsed. */
  deps?: Deps;
}

export type Deps = Record<string, { hash: string; stat?: string }>;

/** The files a parse read besides the source, as the cache records them. */
export function depsOf(hashes: Record<string, string> | undefined, root: string): Deps | undefined {
  if (!hashes) return undefined;
  const deps: Deps = {};
  for (const [file, hash] of Object.entries(hashes)) {
    const stat = hash ? statKey(join(root, file)) : undefined;
    deps[file] = { hash, ...(stat ? { stat } : {}) };
  }
  return deps;
}

/**
 * Whether a file an entry includes changed since it was parsed (by hash; `hashes` memoises them for one check). Sets
 * `stats.restated` when only their stat keys differ, which are then brought up to date.
 */
function depsChanged(deps: Deps, root: string, hashes: Map<string, string>, stats: { restated: boolean }): boolean {
  for (const [file, recorded] of Object.entries(deps)) {
    const path = join(root, file);
    const stat = statKey(path);
    if (stat && stat === recorded.stat) continue;
    let hash = hashes.get(file);
    if (hash === undefined) {
      try {
        hash = hashText(readFileSync(path));
      } catch {
        hash = '';
      }
      hashes.set(file, hash);
    }
    if (hash !== recorded.hash) return true;
    if (stat) recorded.stat = stat;
    else delete recorded.stat;
    stats.restated = true;
  }
  return false;
}

/**
 * Each source's hash where the cache holds it as it is now, and the indexes of the sources to parse; `restated`: cached
 * entries with a new stat but the same content (worth saving). A source the cache has never seen is hashed by the worker
 * that parses it (`hashes[i]` undefined until then), so a cold build starts parsing at once.
 */
export function checkSources(
  sources: SourceFile[],
  entries: Record<string, CachedSource>,
  root: string,
  stats?: (string | undefined)[],
): { hashes: (string | undefined)[]; toParse: number[]; restated: string[] } {
  const hashes: (string | undefined)[] = new Array(sources.length);
  const toParse: number[] = [];
  const restated: string[] = [];
  const depHashes = new Map<string, string>();
  sources.forEach((source, i) => {
    const hit = entries[source.rel];
    const deps = { restated: false };
    if (!hit || hit.display !== source.display || (hit.deps && depsChanged(hit.deps, root, depHashes, deps))) {
      toParse.push(i);
      return;
    }
    if (deps.restated) restated.push(source.rel);
    const stat = stats ? stats[i] : statKey(source.file);
    if (stat && hit.stat === stat) {
      hashes[i] = hit.hash;
      return;
    }
    try {
      hashes[i] = hashText(readFileSync(source.file));
    } catch {
      // unreadable: the worker reports it
    }
    if (hashes[i] === hit.hash) {
      hit.stat = stat;
      restated.push(source.rel);
    } else toParse.push(i);
  });
  return { hashes, toParse, restated };
}
