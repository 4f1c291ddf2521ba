import * as crypto from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isAbsolute, relative } from 'node:path';

/** First 16 hex digits of the SHA-256 of `text`: content hashes for cache keys and file names. */
export function hashText(text: string | Uint8Array): string {
  return oneShot ? oneShot('sha256', text, 'hex').slice(0, 16) : crypto.createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/** `crypto.hash` (Node 20.12 and later): the same digest without a Hash object, faster for the short texts most keys are. */
const oneShot = (crypto as { hash?: (algorithm: string, data: string | Uint8Array, encoding: 'hex') => string }).hash;

/** A hash of source files by content and by name relative to the first of `bases` holding them: the same in any checkout. */
export async function hashInputs(files: string[], bases: string[]): Promise<string> {
  const name = (file: string) => {
    for (const base of bases) {
      const rel = relative(base, file);
      if (!rel.startsWith('..') && !isAbsolute(rel)) return rel.split('\\').join('/');
    }
    return file;
  };
  // Read synchronously: small files from the page cache, where a promise each costs more than the read.
  const parts = [...new Set(files)].map((file) => `${name(file)}:${hashText(readFileSync(file))}`);
  return hashText(parts.sort().join('\n'));
}
