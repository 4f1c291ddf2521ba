/** Find content files (fast-glob) and public files. */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import fg from 'fast-glob';
import type { SourceFile } from './types.ts';
import { mapLimit } from '../build/pool.ts';

export const CONTENT_GLOB = '**/*.{md,markdown,yml,yaml,json}';

export function displayPath(file: string, root: string): string {
  const rel = relative(root, file);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel.split('\\').join('/') : file;
}

/**
 * Synchronous on purpose: fast-glob's synchronous walk takes half the time of its asynchronous
 * one (9 ms against 15 ms for 1,000 files, 35 ms against 78 ms for 10,000), and the main thread
 * has nothing to do meanwhile (the workers start on threads of their own).
 */
export async function discoverContent(contentDir: string, root: string): Promise<SourceFile[]> {
  const files = fg.sync(CONTENT_GLOB, { cwd: contentDir, ignore: ['**/node_modules/**', '**/.*/**'], dot: false, followSymbolicLinks: false });
  files.sort();
  // Every display path has the content folder's as its start (on POSIX, where both use `/`).
  const prefix = sep === '/' ? (contentDir === root ? '' : `${displayPath(contentDir, root)}/`) : undefined;
  return files.map((rel) => {
    const file = join(contentDir, rel);
    return { file, rel, display: prefix === undefined ? displayPath(file, root) : prefix + rel };
  });
}

export interface PublicFile {
  file: string;
  rel: string;
  hash: string;
}

export async function listPublicFiles(publicDir: string): Promise<PublicFile[]> {
  const files = fg.sync('**/*', { cwd: publicDir, dot: false, followSymbolicLinks: false }).sort();
  return mapLimit(files, 32, async (rel) => {
    const file = join(publicDir, rel);
    return { file, rel, hash: createHash('sha256').update(await readFile(file)).digest('hex').slice(0, 16) };
  });
}
