/**
 * The document cache in `.sitegen-cache/`, shared by build and dev: `sources.json` (each source's hash and stat, all an
 * up-to-date check reads) and `documents.json` (every parsed document's metadata), each with its changes on top
 * (`*.delta.json`) while few, and links and ids beside them (`documents.details.json`). Only ever an optimisation: a
 * missing or damaged file means parsing again, never a different output.
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { contentId } from '../content/paths.ts';
import { hashText } from '../hash.ts';
import { join } from 'node:path';
import type { ContentDocument } from '../content/types.ts';
import type { SerializedError } from '../errors.ts';
import type { ImageSource } from '../output/images.ts';
import { postDate } from '../site/schedule.ts';
import { attachDetails, openDetails, splitDetails, type Details } from './details.ts';
import { readJson, writeJson } from '../cache/json-file.ts';
import type { Deps } from './stat.ts';

export interface DocEntry {
  hash: string;
  display: string;
  doc?: ContentDocument;
  errors: SerializedError[];
  /** The source's stat key when it had this hash. */
  stat?: string;
  /** Key of the document's content API file, hashed by the worker that parsed it. */
  apiKey?: string;
  /** The files it includes (see pipeline/stat.ts). */
  deps?: Deps;
  /** In the index (before its metadata is read): the source gave a document. */
  hasDoc?: boolean;
  /**
   * In the index: the images the document shows, when it counts (not a partial, not a draft unless drafts are built):
   * their bytes go into the build id, checked before the metadata is read.
   */
  images?: ImageSource & { draft?: boolean; partial?: boolean; posted?: string };
  /** In the index: the date of a post (site/schedule.ts postDate), which of them are due goes into the build id. */
  posted?: string;
}

export interface DocCache {
  key: string;
  entries: Record<string, DocEntry>;
  /** Loaded from the index alone: entries have no metadata yet (see completeDocCache). */
  partial?: boolean;
  /** The id of the metadata file the entries came from, and the changes since to it and to the index (whose whole file has the same id). */
  base?: { id: string; delta: Record<string, MetaEntry | null>; index?: Record<string, IndexEntry | null> };
  /** The index as read: its id and the changes on top of it (loadSourceIndex; `base.index` once the metadata agrees). */
  indexBase?: { id: string; delta: Record<string, IndexEntry | null> };
}

const docCacheFile = (cacheDir: string) => join(cacheDir, 'documents.json');
/** Metadata changed since `documents.json` was written whole (`null`: the source is gone). */
const docDeltaFile = (cacheDir: string) => join(cacheDir, 'documents.delta.json');
/** The documents' links and ids, written with `documents.json`. */
const docDetailsFile = (cacheDir: string) => join(cacheDir, 'documents.details.json');
const sourceIndexFile = (cacheDir: string) => join(cacheDir, 'sources.json');
/** Index entries changed since `sources.json` was written whole, with `documents.json` (`null`: the source is gone). */
const sourceDeltaFile = (cacheDir: string) => join(cacheDir, 'sources.delta.json');

const digestFile = (cacheDir: string) => join(cacheDir, 'sources.digest.json');

type IndexEntry = Pick<DocEntry, 'hash' | 'display' | 'stat' | 'hasDoc' | 'images' | 'deps' | 'posted'>;

/**
 * The index in brief, for the up-to-date check: while every source's stat hashes to `stats`, the sources' hashes are
 * those the index holds, so the build id needs only their digest, `sources`.
 */
export interface SourcesDigest {
  key: string;
  stats: string;
  sources: string;
  documents: number;
  /** The index's images by source (DocEntry.images). */
  images: Record<string, NonNullable<DocEntry['images']>>;
  /** Every file the documents include: their stat keys are in `stats` too (see `includedSources`). */
  deps: string[];
  /** The posts' dates (DocEntry.posted) in ms, sorted: how many are due goes into the build id. */
  posted: number[];
}

/** The files documents include, as `statsDigest` counts them beside the sources. */
export function includedSources(deps: string[]): { rel: string; display: string }[] {
  return deps.map((file) => ({ rel: `\u0000include:${file}`, display: file }));
}

/** Hash of every source's path, display path and stat key, sorted by path (undefined if a stat is missing). */
export function statsDigest(sources: { rel: string; display: string }[], stats: (string | undefined)[]): string | undefined {
  const lines: string[] = [];
  for (let i = 0; i < sources.length; i++) {
    if (stats[i] === undefined) return undefined;
    lines.push(`${sources[i].rel}\u0000${sources[i].display}\u0000${stats[i]}`);
  }
  return hashText(lines.sort().join('\n'));
}

/** A source's hash with those of the files it includes: what its output depends on. */
export function sourceKey(hash: string | undefined, deps: Deps | undefined): string | undefined {
  if (!deps || hash === undefined) return hash;
  return hashText(
    `${hash}\u0000${Object.entries(deps)
      .map(([file, dep]) => `${file}:${dep.hash}`)
      .join('\n')}`,
  );
}

/** Hash of every source's content hash (`sourceKey`), by path (part of the build id). */
export function sourcesDigest(rels: string[], hashes: (string | undefined)[]): string {
  return hashText(
    rels
      .map((rel, i) => `${contentId(rel)}:${hashes[i] ?? '(unreadable)'}`)
      .sort()
      .join('\n'),
  );
}

export async function loadDigest(cacheDir: string, key: string): Promise<SourcesDigest | undefined> {
  const digest = await readJson<SourcesDigest>(digestFile(cacheDir));
  const valid = digest?.key === key && typeof digest.stats === 'string' && typeof digest.sources === 'string';
  return valid &&
    typeof digest.documents === 'number' &&
    digest.images &&
    typeof digest.images === 'object' &&
    Array.isArray(digest.deps) &&
    Array.isArray(digest.posted)
    ? digest
    : undefined;
}

/** Write the digest of these index entries; remove it when a source has no stat. */
async function saveDigest(cacheDir: string, key: string, index: Record<string, IndexEntry>): Promise<void> {
  const rels = Object.keys(index);
  const entries = rels.map((rel) => index[rel]);
  // An included file two entries recorded with different stats is stale for one of them: no digest can match.
  const included = new Map<string, string | undefined>();
  for (const entry of entries) {
    for (const [file, dep] of Object.entries(entry.deps ?? {}))
      included.set(file, included.has(file) && included.get(file) !== dep.stat ? undefined : dep.stat);
  }
  const deps = [...included.keys()].sort();
  const stats = statsDigest(
    [...rels.map((rel, i) => ({ rel, display: entries[i].display })), ...includedSources(deps)],
    [...entries.map((e) => e.stat), ...deps.map((file) => included.get(file))],
  );
  if (!stats) return rm(digestFile(cacheDir), { force: true });
  const images: SourcesDigest['images'] = {};
  for (let i = 0; i < rels.length; i++) if (entries[i].images) images[rels[i]] = entries[i].images!;
  const documents = entries.filter((e) => e.hasDoc).length;
  const posted = entries.flatMap((e) => (e.posted ? [Date.parse(e.posted)] : [])).sort((a, b) => a - b);
  const sources = sourcesDigest(
    rels,
    entries.map((e) => sourceKey(e.hash, e.deps)),
  );
  await writeJson(digestFile(cacheDir), { key, stats, sources, documents, images, deps, posted } satisfies SourcesDigest);
}
type MetaEntry = Pick<DocEntry, 'hash' | 'doc' | 'errors' | 'apiKey'>;

/** An index entry's errors: none (the metadata file has the real ones). Frozen: shared by every entry. */
const NO_ERRORS: SerializedError[] = Object.freeze([]) as unknown as SerializedError[];

const valid = <T>(file: { key?: string; entries?: Record<string, T> } | undefined, key: string) =>
  file && file.key === key && file.entries && typeof file.entries === 'object' ? file.entries : undefined;

/** The index alone (`sources.json`): each source's hash and stat, all an up-to-date check needs; completeDocCache adds the metadata. */
export async function loadSourceIndex(cacheDir: string, key: string): Promise<DocCache> {
  const [whole, changes] = await Promise.all([
    readJson<{ key: string; id?: string; entries: Record<string, IndexEntry> }>(sourceIndexFile(cacheDir)),
    readJson<{ key: string; base?: string; entries: Record<string, IndexEntry | null> }>(sourceDeltaFile(cacheDir)),
  ]);
  const index = valid(whole, key) ?? {};
  // Changes written since (a delta of another index, or of another key, is ignored).
  const id = valid(whole, key) && typeof whole!.id === 'string' ? whole!.id : undefined;
  const delta = (id && changes?.base === id ? valid(changes, key) : undefined) ?? {};
  // The whole file's objects become the entries (read for this build alone); the delta's are kept as read, for saving.
  const entries = index as Record<string, DocEntry>;
  for (const rel in entries) {
    const entry = entries[rel];
    if (entry && typeof entry.hash === 'string') entry.errors = NO_ERRORS;
    else delete entries[rel];
  }
  for (const rel in delta) {
    const entry = delta[rel];
    if (entry && typeof entry.hash === 'string') entries[rel] = { ...entry, errors: NO_ERRORS };
    else delete entries[rel];
  }
  return { key, entries, partial: true, ...(id ? { indexBase: { id, delta } } : {}) };
}

/**
 * Give the index's entries their metadata (`documents.json`, the largest file, read only when a build has work). Returns
 * the sources whose metadata was missing (written halfway, or deleted): they must be parsed. `lazy`: links and ids are
 * read when first used (a build), not now (the dev server keeps them all anyway).
 */
export async function completeDocCache(cacheDir: string, cache: DocCache, lazy = false): Promise<Set<string>> {
  const missing = new Set<string>();
  if (!cache.partial) return missing;
  const [whole, changes] = await Promise.all([
    readJson<{ key: string; id?: string; entries: Record<string, MetaEntry> }>(docCacheFile(cacheDir)),
    readJson<{ key: string; base?: string; entries: Record<string, MetaEntry | null> }>(docDeltaFile(cacheDir)),
  ]);
  const meta = valid(whole, cache.key) ?? {};
  const id = valid(whole, cache.key) && typeof whole!.id === 'string' ? whole!.id : undefined;
  // Changes written since (a delta of another metadata file, or of another key, is ignored).
  const delta = (id && changes?.base === id ? valid(changes, cache.key) : undefined) ?? {};
  for (const [rel, entry] of Object.entries(delta)) {
    if (entry) meta[rel] = entry;
    else delete meta[rel];
  }
  if (id) cache.base = { id, delta, ...(cache.indexBase?.id === id ? { index: cache.indexBase.delta } : {}) };
  // The whole file's documents get their links and ids from its details file; without it, they are parsed again.
  const details = id ? openDetails(docDetailsFile(cacheDir), id, cache.key) : undefined;
  for (const [rel, entry] of Object.entries(cache.entries)) {
    const found = meta[rel];
    delete entry.hasDoc;
    delete entry.images;
    delete entry.posted;
    const whole = !!found?.doc && !(rel in delta) && !('links' in found.doc);
    if (found && found.hash === entry.hash && Array.isArray(found.errors) && (!whole || details)) {
      if (whole) attachDetails(found.doc!, details!, rel, lazy);
      Object.assign(entry, { doc: found.doc, errors: found.errors, ...(found.apiKey ? { apiKey: found.apiKey } : {}) });
    } else {
      missing.add(rel);
      delete cache.entries[rel];
    }
  }
  cache.partial = false;
  return missing;
}

/** The cache without the entries of files that no longer exist. */
export function pruned(cache: DocCache, sources: { rel: string }[]): DocCache {
  const live = new Set(sources.map((s) => s.rel));
  const entries: Record<string, DocEntry> = {};
  for (const [rel, entry] of Object.entries(cache.entries)) if (live.has(rel)) entries[rel] = entry;
  return { ...cache, entries };
}

/** The sources whose metadata differs from what the cache was loaded with: parsed, or gone (saveDocCache's `changed`). */
export function changedSources(cache: DocCache, sources: { rel: string }[], parsed: string[]): string[] {
  const live = new Set(sources.map((s) => s.rel));
  return [...parsed, ...Object.keys(cache.entries).filter((rel) => !live.has(rel))];
}

/** The whole document cache: the index and every entry's metadata (the dev server). */
export async function loadDocCache(cacheDir: string, key: string): Promise<DocCache> {
  const cache = await loadSourceIndex(cacheDir, key);
  await completeDocCache(cacheDir, cache);
  return cache;
}

/**
 * The metadata, then the index. With `changed` (sources parsed, restated or gone since loading), only their entries, in
 * `*.delta.json` on top of the whole files they were loaded from, while under a tenth of the entries; else everything,
 * whole. A reader checks each entry's hash against the index, so a torn pair costs parsing, never a wrong document.
 */
export async function saveDocCache(cacheDir: string, cache: DocCache, changed?: Iterable<string>): Promise<void> {
  if (cache.partial) throw new Error('the document cache is incomplete');
  const metaOf = ({ hash, doc, errors, apiKey }: DocEntry): MetaEntry => ({ hash, doc, errors, ...(apiKey ? { apiKey } : {}) });
  const indexOf = ({ hash, display, stat, doc, deps }: DocEntry): IndexEntry => {
    const posted = doc && postDate(doc);
    const images = doc?.images?.length
      ? {
          _source: doc._source,
          _path: doc._path,
          images: doc.images,
          ...(doc.draft ? { draft: true } : {}),
          ...(doc._partial ? { partial: true } : {}),
          ...(posted ? { posted } : {}),
        }
      : undefined;
    return {
      hash,
      display,
      ...(stat ? { stat } : {}),
      ...(doc ? { hasDoc: true } : {}),
      ...(images ? { images } : {}),
      ...(deps ? { deps } : {}),
      ...(posted ? { posted } : {}),
    };
  };
  if (changed && cache.base?.index) {
    const { id } = cache.base;
    const delta = { ...cache.base.delta };
    const index = { ...cache.base.index };
    for (const rel of changed) {
      const entry = cache.entries[rel];
      delta[rel] = entry ? metaOf(entry) : null;
      index[rel] = entry ? indexOf(entry) : null;
    }
    if (Object.keys(delta).length <= Math.max(64, Object.keys(cache.entries).length / 10)) {
      // The digest is never newer than the index it sums up.
      await rm(digestFile(cacheDir), { force: true });
      await writeJson(docDeltaFile(cacheDir), { key: cache.key, base: id, entries: delta });
      await writeJson(sourceDeltaFile(cacheDir), { key: cache.key, base: id, entries: index });
      cache.base = { id, delta, index };
      await saveDigest(cacheDir, cache.key, Object.fromEntries(Object.entries(cache.entries).map(([rel, entry]) => [rel, indexOf(entry)])));
      return;
    }
  }
  const meta: Record<string, MetaEntry> = {};
  const index: Record<string, IndexEntry> = {};
  const details: Record<string, Details> = {};
  for (const [rel, entry] of Object.entries(cache.entries)) {
    meta[rel] = metaOf(entry);
    index[rel] = indexOf(entry);
    if (!entry.doc) continue;
    const [doc, own] = splitDetails(entry.doc);
    meta[rel].doc = doc as ContentDocument;
    if (own) details[rel] = own;
  }
  const id = randomBytes(8).toString('hex');
  await rm(digestFile(cacheDir), { force: true });
  // The details first: a metadata file never names details older than itself.
  await writeJson(docDetailsFile(cacheDir), { key: cache.key, id, entries: details });
  await writeJson(docCacheFile(cacheDir), { key: cache.key, id, entries: meta });
  await rm(docDeltaFile(cacheDir), { force: true });
  await writeJson(sourceIndexFile(cacheDir), { key: cache.key, id, entries: index });
  await rm(sourceDeltaFile(cacheDir), { force: true });
  cache.base = { id, delta: {}, index: {} };
  await saveDigest(cacheDir, cache.key, index);
}

/** The digest of an index as loaded (no metadata yet), when none was written for it. */
export async function saveIndexDigest(cacheDir: string, cache: DocCache): Promise<void> {
  if (cache.partial) await saveDigest(cacheDir, cache.key, cache.entries);
}
