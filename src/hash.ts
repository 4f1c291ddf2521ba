import { createHash } from 'node:crypto';

/** First 16 hex digits of the SHA-256 of `text`: content hashes for cache keys and file names. */
export function hashText(text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/**
 * A hash of source files by content and by a machine-independent name (relative to `bases`,
 * first match): the same sources give the same hash in any checkout, whatever its path.
 */
export async function hashInputs(files: string[], bases: string[]): Promise<string> {
  const { readFile } = await import('node:fs/promises');
  const { relative, isAbsolute } = await import('node:path');
  const name = (file: string) => {
    for (const base of bases) {
      const rel = relative(base, file);
      if (!rel.startsWith('..') && !isAbsolute(rel)) return rel.split('\\').join('/');
    }
    return file;
  };
  const parts = await Promise.all([...new Set(files)].map(async (file) => `${name(file)}:${hashText(await readFile(file))}`));
  return hashText(parts.sort().join('\n'));
}
