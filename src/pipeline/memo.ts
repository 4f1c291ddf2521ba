/**
 * Compile once, then reuse while the inputs are unchanged: the site config, plugins, the
 * template bundle and the stylesheet are each recorded in `.sitegen-cache/compiled/` with the
 * content hash of every file that went into them. A later run re-hashes those files (a few
 * milliseconds) instead of running esbuild again.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { hashText } from '../hash.ts';

interface Record<T> {
  inputs: [string, string][];
  outputs: string[];
  value: T;
}

async function hashFile(file: string): Promise<string | undefined> {
  try {
    return hashText(await readFile(file));
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
    const record = JSON.parse(await readFile(file, 'utf8')) as Record<T>;
    if (record.outputs.every((out) => existsSync(out))) {
      const hashes = await Promise.all(record.inputs.map(([input]) => hashFile(input)));
      if (record.inputs.every(([, hash], i) => hashes[i] === hash)) return record.value;
    }
  } catch {
    // not compiled yet, or an unreadable record: compile
  }
  const result = await compile();
  const inputs = [...new Set(result.inputs)].sort();
  const hashes = await Promise.all(inputs.map(hashFile));
  const record: Record<T> = { inputs: inputs.map((input, i) => [input, hashes[i] ?? '']), outputs: result.outputs ?? [], value: result.value };
  await mkdir(join(cacheDir, 'compiled'), { recursive: true });
  const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temp, JSON.stringify(record));
  await rename(temp, file);
  return result.value;
}
