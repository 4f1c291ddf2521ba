import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Author } from '../../templates/types.ts';
import { SitegenError } from '../errors.ts';

/** `site/data/authors.json`: `{ id: { name, role, bio? } }`. Missing file: no authors. */
export async function readAuthors(dataDir: string): Promise<Record<string, Author>> {
  const file = join(dataDir, 'authors.json');
  if (!existsSync(file)) return {};
  try {
    const raw = JSON.parse(await readFile(file, 'utf8')) as Record<string, Omit<Author, 'id'> & { id?: string }>;
    return Object.fromEntries(Object.entries(raw).map(([id, a]) => [id, { ...a, id }]));
  } catch (error) {
    throw new SitegenError('SG2006', `Invalid authors file: ${(error as Error).message}`, { location: { file }, hint: 'authors.json maps an author id to { "name", "role", "bio" }.' });
  }
}
