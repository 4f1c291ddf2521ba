/**
 * The content folder's listing kept between builds (`.sitegen-cache/listing.json`): the files the last walk accepted
 * and each folder it went through, with the folder's inode and modification time. A folder's time changes when an
 * entry in it is added, removed or renamed, so while every folder's stat is the same the listing is too, and the walk
 * (fast-glob) is skipped; the sources' own stats still say which files changed. A walk that met a link keeps no
 * listing (a link's target folder can change unseen), nor does one with problems. A folder changed within a second
 * before the walk may change again within the same clock tick unseen: it is marked, and the next build walks again.
 */
import { statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { readJson, writeAtomic } from '../cache/json-file.ts';
import type { SitegenError } from '../errors.ts';
import { VERSION } from '../paths.ts';

export interface Listed {
  files: string[];
  problems: SitegenError[];
  mdx: string[];
}

interface Listing {
  version: string;
  dir: string;
  /** Each folder walked (relative) and its stat (`ino:mtimeMs`), `''` when it changed too close to the walk to be trusted. */
  folders: [string, string][];
  files: string[];
  mdx: string[];
}

/** How long before the walk a folder's change must be for its time to be trusted (the clock's tick, and more). */
const SETTLED_MS = 1000;

/** A folder's stat as the listing keeps it (`ino:mtimeMs`), `''` when it changed after `settledBefore` or is no folder. */
function folderStat(dir: string, rel: string, settledBefore = Infinity): string {
  try {
    const stats = statSync(join(dir, rel));
    return stats.isDirectory() && stats.mtimeMs < settledBefore ? `${stats.ino}:${stats.mtimeMs}` : '';
  } catch {
    return '';
  }
}

/** The last walk's result, when every folder it went through is as it was; else undefined. */
export async function knownListing(file: string, dir: string): Promise<Listed | undefined> {
  const known = await readJson<Listing>(file);
  if (known?.version !== VERSION || known.dir !== dir || !Array.isArray(known.folders) || !Array.isArray(known.files) || !Array.isArray(known.mdx))
    return undefined;
  for (const [rel, stat] of known.folders) if (!stat || folderStat(dir, rel) !== stat) return undefined;
  return { files: known.files, problems: [], mdx: known.mdx };
}

/** Keep a walk's result, started at `started` (ms), for the next build (written whole or not at all). */
export async function saveListing(file: string, dir: string, started: number, folders: string[], listed: Omit<Listed, 'problems'>): Promise<void> {
  const stats: [string, string][] = folders.map((rel) => [rel, folderStat(dir, rel, started - SETTLED_MS)]);
  const listing: Listing = { version: VERSION, dir, folders: stats, files: listed.files, mdx: listed.mdx };
  try {
    await mkdir(dirname(file), { recursive: true });
    await writeAtomic(file, JSON.stringify(listing));
  } catch {
    // not kept: the next build walks
  }
}
