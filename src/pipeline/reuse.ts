/** Files a build takes over from the previous output instead of writing them anew: an unchanged page's, hard-linked. Runs in the workers. */
import { type Stats, statSync } from 'node:fs';
import type { SiteCollection } from '../render/types.ts';
import type { FolderRequest, WorkerJob } from './protocol.ts';
import type { PageRecord } from './state.ts';
import { joinPlain, type FsWriter } from '../output/writer.ts';

/** The folder a worker writes, as the main thread opened it for the build. */
export type OpenFolder = FolderRequest & { writer: FsWriter };

/**
 * Link an unchanged page's files from the previous output, each still the size its build recorded and not modified since
 * that build finished (else it may not be that build's output). False when it cannot be taken over: it is rendered instead.
 */
export function tryLink(folder: OpenFolder, reuse: NonNullable<WorkerJob['reuse']>): boolean {
  const previous = folder.previous;
  if (!previous) return false;
  const builtAt = folder.builtAt ?? Infinity;
  try {
    const from = reuse.files.map(([file, size]): [string, Stats] | undefined => {
      const path = joinPlain(previous, file);
      const stats = statSync(path, { throwIfNoEntry: false });
      return stats?.isFile() && stats.size === size && stats.mtimeMs <= builtAt ? [path, stats] : undefined;
    });
    if (from.some((found) => found === undefined)) return false;
    reuse.files.forEach(([file], i) => folder.writer.linkSync(file, ...from[i]!));
    return true;
  } catch {
    return false;
  }
}

/** Why a page is rendered, or kept from the previous output. */
export type ReuseReason = 'no previous page' | 'inputs changed' | 'collections changed' | 'files gone' | 'changed in the output' | 'unchanged';

const COLLECTIONS_CHANGED = { keep: false, why: 'collections changed' } as const;
const UNCHANGED = { keep: true, why: 'unchanged' } as const;

/**
 * Render or keep a page: kept when the previous build rendered it from the same inputs (`key`), the site-wide
 * collections it read are unchanged, and its files are in the previous output.
 */
export function planReuse(
  previous: Pick<PageRecord, 'key' | 'uses' | 'files'> | undefined,
  current: { key: string; collections: Record<SiteCollection, string> },
  previousFiles: ReadonlyMap<string, number>,
): { keep: boolean; why: ReuseReason } {
  if (!previous) return { keep: false, why: 'no previous page' };
  if (previous.key !== current.key) return { keep: false, why: 'inputs changed' };
  const uses = previous.uses;
  if (!uses) return COLLECTIONS_CHANGED;
  for (const name in uses) if (current.collections[name as SiteCollection] !== uses[name as SiteCollection]) return COLLECTIONS_CHANGED;
  for (const file of previous.files) if (!previousFiles.has(file)) return { keep: false, why: 'files gone' };
  return UNCHANGED;
}
