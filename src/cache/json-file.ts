/** The cache's JSON files: written through a temporary file, in pieces, as ASCII; read whole. */
import { isAscii } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { mkdir, open, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Read whole and synchronously: faster from the page cache than the thread pool's round trips, and parsing blocks anyway. */
export async function readJson<T>(file: string): Promise<T | undefined> {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  try {
    return JSON.parse(decode(bytes)) as T;
  } catch {
    // Cut short or damaged (a full disk, a kill, a hand edit): dropped, and rebuilt by this build.
    cacheNotices.dropped(file);
    return undefined;
  }
}

/** Where a dropped cache file is said: one line each (the build points it at its log). */
export const cacheNotices = {
  dropped(file: string): void {
    process.stderr.write(`note: the cache file ${file} could not be read; it is rebuilt\n`);
  },
};

/** The text of a cache file: all ASCII (writeJson escapes the rest) decodes byte for byte, much faster than UTF-8. */
export function decode(bytes: Buffer): string {
  return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}

const NON_ASCII = /[^\x00-\x7f]/g;

/** JSON text with every character beyond ASCII escaped (`\u00e9`): the same JSON, read fast (decode). */
export function asciiOnly(json: string): string {
  NON_ASCII.lastIndex = 0;
  return NON_ASCII.test(json) ? json.replace(NON_ASCII, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) : json;
}

/**
 * Write through a temporary file, so a killed build never leaves half a cache file. `whole`: one stringify, faster than
 * pieces, for when this thread has nothing else to do meanwhile.
 */
export async function writeJson(file: string, value: Record<string, unknown>, whole = false): Promise<void> {
  await mkdir(join(file, '..'), { recursive: true });
  const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  const handle = await open(temp, 'w');
  try {
    let buffered = '';
    for (const piece of whole ? [JSON.stringify(value)] : jsonPieces(value)) {
      buffered += asciiOnly(piece);
      if (buffered.length < 1 << 20) continue;
      await handle.write(buffered);
      buffered = '';
    }
    await handle.write(buffered);
  } finally {
    await handle.close();
  }
  await rename(temp, file);
}

/**
 * Write a cache file whole or not at all (a temporary file, then a rename): another process
 * reading it meanwhile (a dev server starting while a build runs) never sees it empty or cut.
 */
export async function writeAtomic(file: string, data: string): Promise<void> {
  const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temp, data);
  await rename(temp, file);
}

/** Entries of a large array or record serialised per piece (see jsonPieces). */
const PIECE = 256;

/**
 * `JSON.stringify(value)` in pieces, a large array or record a few hundred entries at a time: these files are written
 * while the workers render, and one long stringify would keep this thread from handing them their next pages.
 */
export function* jsonPieces(value: Record<string, unknown>): Generator<string> {
  let first = true;
  yield '{';
  for (const [key, field] of Object.entries(value)) {
    if (field === undefined || typeof field === 'function' || typeof field === 'symbol') continue;
    yield `${first ? '' : ','}${JSON.stringify(key)}:`;
    first = false;
    if (Array.isArray(field) && field.length > PIECE) {
      for (let i = 0; i < field.length; i += PIECE) {
        yield (i ? ',' : '[') +
          field
            .slice(i, i + PIECE)
            .map((item) => JSON.stringify(item) ?? 'null')
            .join(',');
      }
      yield ']';
    } else if (
      field &&
      typeof field === 'object' &&
      !Array.isArray(field) &&
      Object.getPrototypeOf(field) === Object.prototype &&
      Object.keys(field).length > PIECE
    ) {
      const entries = Object.entries(field).filter(([, v]) => v !== undefined && typeof v !== 'function' && typeof v !== 'symbol');
      for (let i = 0; i < entries.length; i += PIECE) {
        yield (i ? ',' : '{') +
          entries
            .slice(i, i + PIECE)
            .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`)
            .join(',');
      }
      yield entries.length ? '}' : '{}';
    } else {
      yield JSON.stringify(field);
    }
  }
  yield '}';
}
