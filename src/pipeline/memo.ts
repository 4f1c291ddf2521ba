/**
 * Compile once, then reuse while the inputs are unchanged: the site config, plugins, the
 * template bundle and the stylesheet are each recorded in `.sitegen-cache/compiled/` with the
 * content hash of every file that went into them. A later run re-hashes those files (a few
 * milliseconds) instead of running esbuild again.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { hashText } from '../hash.ts';

interface Record<T> {
  inputs: [string, string][];
  outputs: string[];
  value: T;
}

/** Synchronous: a small file from the page cache reads in microseconds, a promise through the thread pool costs ten times that. */
function hashFile(file: string): string | undefined {
  try {
    return hashText(readFileSync(file));
  } catch {
    return undefined;
  }
}

export interface Compiled<T> {
  value: T;
  /** Every input file (absolute). */
  inputs: string[];
  /** Files the value points at, which must still exist for it to be reused. */
  outputs?: string[];
}

/**
 * The value `compile` makes for `key`, from the cache when every recorded input still has the
 * content it had then. `compile` reports the files it read; they are hashed after it ran.
 */
export async function memo<T>(cacheDir: string, name: string, key: string, compile: () => Promise<Compiled<T>>): Promise<T> {
  const file = join(cacheDir, 'compiled', `${name}.${hashText(key)}.json`);
  try {
    const record = JSON.parse(readFileSync(file, 'utf8')) as Record<T>;
    if (record.outputs.every((out) => existsSync(out))) {
      if (record.inputs.every(([input, hash]) => hashFile(input) === hash)) return record.value;
    }
  } catch {
    // not compiled yet, or an unreadable record: compile
  }
  const result = await compile();
  const inputs = [...new Set(result.inputs)].sort();
  const hashes = inputs.map(hashFile);
  const record: Record<T> = { inputs: inputs.map((input, i) => [input, hashes[i] ?? '']), outputs: result.outputs ?? [], value: result.value };
  await mkdir(join(cacheDir, 'compiled'), { recursive: true });
  const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temp, JSON.stringify(record));
  await rename(temp, file);
  return result.value;
}
