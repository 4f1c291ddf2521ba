/**
 * The record of the last build into an output folder: its build id and every file with its
 * size. When the next build's inputs hash to the same id and the files are all still there,
 * unchanged, the output is already exactly what a build would write.
 */
import { existsSync } from 'node:fs';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { hashText } from '../hash.ts';
import { mapLimit } from '../build/pool.ts';

interface Record {
  id: string;
  outDir: string;
  files: [string, number][];
}

const recordFile = (cacheDir: string, outDir: string) => join(cacheDir, `output.${hashText(outDir)}.json`);

export async function recordOutput(outDir: string, cacheDir: string, id: string, files: Map<string, number>): Promise<void> {
  const record: Record = { id, outDir, files: [...files] };
  await writeFile(recordFile(cacheDir, outDir), JSON.stringify(record));
}

export async function outputUpToDate(outDir: string, cacheDir: string, id: string): Promise<boolean> {
  const file = recordFile(cacheDir, outDir);
  if (!existsSync(file)) return false;
  try {
    const record = JSON.parse(await readFile(file, 'utf8')) as Record;
    if (record.id !== id || record.outDir !== outDir) return false;
    const latest = JSON.parse(await readFile(join(outDir, '_sitegen/builds/latest.json'), 'utf8')) as { id: string };
    if (latest.id !== id) return false;
    const sizes = await mapLimit(record.files, 64, async ([path]) => (await stat(join(outDir, path)).catch(() => undefined))?.size);
    return record.files.every(([, size], i) => sizes[i] === size);
  } catch {
    return false;
  }
}
