/**
 * Compile once, then reuse while the inputs are unchanged: config, plugins, template bundle and stylesheet are recorded
 * in `.sitegen-cache/compiled/` with the content hash of every input, and re-hashing them is far cheaper than esbuild.
 * What sites take from sitegen unchanged is prebuilt with sitegen (`lib/prebuilt/`) and checked the same way.
 */
import { readFileSync, statSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { hashText } from '../hash.ts';
import { PACKAGE_ROOT, mainEngine } from '../paths.ts';

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
 * A compile whose value is the same in any project, so the prebuilt record can serve: `key` names it without the
 * project, and `usable` says whether the prebuilt value is what this project would compile.
 */
export interface Shared<T> {
  key: string;
  usable?: (value: T) => boolean;
}

/**
 * How far before the compile started an input's modification time may lie and still be a save the compile may not
 * have read: file times come from the kernel's coarse clock, a few milliseconds behind the one Date.now() reads.
 */
const CLOCK_SLACK_MS = 50;

/** Whether a file was written since `since` (ms), or cannot be told: its content after the compile may not be what it read. */
function changedSince(file: string, since: number): boolean {
  try {
    return statSync(file).mtimeMs >= since - CLOCK_SLACK_MS;
  } catch {
    return true;
  }
}

/** Raised when records written before could be wrong: 2 since a save during a compile could be recorded with the older output. */
const RECORDS = 2;

/**
 * Which sitegen compiles (its main thread's code, `mainEngine`): a project's records are kept per sitegen, so one that
 * bundles differently, even of the same version, never reuses what an older one compiled from the same files. (The
 * prebuilt records ship with the sitegen that made them.)
 */
function compilerCode(): string {
  try {
    return mainEngine();
  } catch {
    return ''; // run from src/ without a compiled lib/, as unit tests may be
  }
}
const recordFile = (cacheDir: string, name: string, key: string) => join(cacheDir, 'compiled', `${name}.${hashText(`${RECORDS}\u0000${key}`)}.json`);

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
 * The value `compile` makes for `key`: from the cache while every recorded input has the content it had, else from the
 * prebuilt records (`shared`), else compiled and recorded. Compiling into PREBUILT_DIR records under the shared key.
 */
export async function memo<T>(cacheDir: string, name: string, key: string, compile: () => Promise<Compiled<T>>, shared?: Shared<T>): Promise<T> {
  const prebuilding = cacheDir === PREBUILT_DIR;
  if (prebuilding && !shared) throw new Error(`${name} cannot be prebuilt`);
  const file = recordFile(cacheDir, name, prebuilding ? shared!.key : `${compilerCode()}\u0000${key}`);
  const own = recorded<T>(file);
  if (own !== undefined) return own;
  if (shared && !prebuilding) {
    const value = recorded<T>(recordFile(PREBUILT_DIR, name, shared.key));
    if (value !== undefined && (!shared.usable || shared.usable(value))) return value;
  }
  const started = Date.now();
  const result = await compile();
  const inputs = [...new Set(result.inputs)].sort();
  // An input saved while it compiled (a burst of saves under `sitegen dev`): its content now may not be what the
  // compile read, and a record of it would hand this value out for the newer content from then on. Not recorded.
  if (inputs.some((input) => changedSince(input, started))) return result.value;
  const hashes = inputs.map(hashFile);
  const outputs = (result.outputs ?? []).map((out): [string, string] => [out, hashFile(out) ?? '']);
  const record: Record<T> = { inputs: inputs.map((input, i) => [input, hashes[i] ?? '']), outputs, value: result.value };
  await mkdir(join(cacheDir, 'compiled'), { recursive: true });
  const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temp, JSON.stringify(record));
  await rename(temp, file);
  return result.value;
}
