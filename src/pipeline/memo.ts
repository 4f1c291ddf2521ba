/**
 * Compile once, then reuse while the inputs are unchanged: the site config, plugins, the
 * template bundle and the stylesheet are each recorded in `.sitegen-cache/compiled/` with the
 * content hash of every file that went into them. A later run re-hashes those files, which is
 * cheap, instead of running esbuild again.
 *
 * What a site takes from sitegen unchanged (the default theme's bundle, the built-in plugins, the
 * runtime and the theme's stylesheet) is also compiled when sitegen itself is (`lib/prebuilt/`,
 * scripts/compile.js): a project without a record of its own uses that one, checked the same way,
 * so a first build of a site on the default theme runs no esbuild at all.
 */
import { readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { hashText } from '../hash.ts';
import { PACKAGE_ROOT } from '../paths.ts';

/** The records compiled with sitegen (src/prebuild.ts), read-only at run time. */
export const PREBUILT_DIR = join(PACKAGE_ROOT, 'lib/prebuilt');

interface Record<T> {
  inputs: [string, string][];
  /** Each output with its content hash: one emptied or cut short (a full disk) is compiled again. */
  outputs: [string, string][];
  value: T;
}

/** Synchronous: a small file reads from the page cache faster than a promise through the thread pool settles. */
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
 * A compile that any project can share with the prebuilt records, when it gives the same value
 * whatever the project: `key` names it without the project, `usable` says whether the prebuilt
 * value is what this project would compile (the packages it imports resolve the same from here).
 */
export interface Shared<T> {
  key: string;
  usable?: (value: T) => boolean;
}

const recordFile = (cacheDir: string, name: string, key: string) => join(cacheDir, 'compiled', `${name}.${hashText(key)}.json`);

/** The recorded value, when every output and every input has the content it had. */
function recorded<T>(file: string): T | undefined {
  try {
    const record = JSON.parse(readFileSync(file, 'utf8')) as Record<T>;
    const same = ([file, hash]: [string, string]) => typeof hash === 'string' && hashFile(file) === hash;
    if (record.outputs.every(same) && record.inputs.every(same)) return record.value;
  } catch {
    // not compiled yet, or an unreadable record
  }
  return undefined;
}

/**
 * The value `compile` makes for `key`, from the cache when every recorded input still has the
 * content it had then, else from the prebuilt records (`shared`). `compile` reports the files it
 * read; they are hashed after it ran. Compiling into PREBUILT_DIR records under the shared key.
 */
export async function memo<T>(cacheDir: string, name: string, key: string, compile: () => Promise<Compiled<T>>, shared?: Shared<T>): Promise<T> {
  const prebuilding = cacheDir === PREBUILT_DIR;
  if (prebuilding && !shared) throw new Error(`${name} cannot be prebuilt`);
  const file = recordFile(cacheDir, name, prebuilding ? shared!.key : key);
  const own = recorded<T>(file);
  if (own !== undefined) return own;
  if (shared && !prebuilding) {
    const value = recorded<T>(recordFile(PREBUILT_DIR, name, shared.key));
    if (value !== undefined && (!shared.usable || shared.usable(value))) return value;
  }
  const result = await compile();
  const inputs = [...new Set(result.inputs)].sort();
  const hashes = inputs.map(hashFile);
  const outputs = (result.outputs ?? []).map((out): [string, string] => [out, hashFile(out) ?? '']);
  const record: Record<T> = { inputs: inputs.map((input, i) => [input, hashes[i] ?? '']), outputs, value: result.value };
  await mkdir(join(cacheDir, 'compiled'), { recursive: true });
  const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temp, JSON.stringify(record));
  await rename(temp, file);
  return result.value;
}
