/** Find content files (fast-glob) and public files. */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { isAbsolute, join, relative } from 'node:path';
import fg from 'fast-glob';
import type { SourceFile } from './types.ts';
import { mapLimit } from '../build/pool.ts';

export const CONTENT_GLOB = '**/*.{md,markdown,yml,yaml,json}';

export function displayPath(file: string, root: string): string {
  const rel = relative(root, file);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel.split('\\').join('/') : file;
}

export async function discoverContent(contentDir: string, root: string): Promise<SourceFile[]> {
  const files = await fg(CONTENT_GLOB, { cwd: contentDir, ignore: ['**/node_modules/**', '**/.*/**'], dot: false, followSymbolicLinks: false });
  files.sort();
  return files.map((rel) => {
    const file = join(contentDir, rel);
    return { file, rel, display: displayPath(file, root) };
  });
}

export interface PublicFile {
  file: string;
  rel: string;
  hash: string;
}

export async function listPublicFiles(publicDir: string): Promise<PublicFile[]> {
  const files = (await fg('**/*', { cwd: publicDir, dot: false, followSymbolicLinks: false })).sort();
  return mapLimit(files, 32, async (rel) => {
    const file = join(publicDir, rel);
    return { file, rel, hash: createHash('sha256').update(await readFile(file)).digest('hex').slice(0, 16) };
  });
}
