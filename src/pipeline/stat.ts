/**
 * Which sources changed since the document cache was written, without reading every file: a
 * source whose size, modification time, change time and inode are all as recorded is taken to
 * hold the content hash recorded with them (what make, Bazel and most incremental tools rely
 * on). Any difference means the file is read and hashed again; only a different hash means it is
 * parsed again.
 */
import { readFileSync, statSync } from 'node:fs';
import { hashText } from '../hash.ts';
import type { SourceFile } from '../content/types.ts';

export function statKey(file: string): string | undefined {
  try {
    const s = statSync(file);
    return `${s.size}:${s.mtimeMs}:${s.ctimeMs}:${s.ino}`;
  } catch {
    return undefined;
  }
}

export interface CachedSource {
  hash: string;
  display: string;
  stat?: string;
}

/**
 * Each source's content hash where the cache already holds the source as it is now, and the
 * indexes of the sources to parse; `restated` when a cached entry got a new stat (touched, same
 * content), so the cache is worth saving. Sources the cache has never seen are not read here: the
 * worker that parses one reads it once and returns its hash (`hashes[i]` stays undefined until
 * then), so a cold build starts parsing at once.
 */
export function checkSources(sources: SourceFile[], entries: Record<string, CachedSource>): { hashes: (string | undefined)[]; toParse: number[]; restated: boolean } {
  const hashes: (string | undefined)[] = new Array(sources.length);
  const toParse: number[] = [];
  let restated = false;
  sources.forEach((source, i) => {
    const hit = entries[source.rel];
    if (!hit || hit.display !== source.display) {
      toParse.push(i);
      return;
    }
    const stat = statKey(source.file);
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
      restated = true;
    } else toParse.push(i);
  });
  return { hashes, toParse, restated };
}
