/**
 * What one build leaves for the next, in `.sitegen-cache/`:
 *
 * - `sources.json` and `documents.json`: every source's hash and stat, then the metadata of every
 *   parsed document (one pair for all output folders and for `sitegen dev`);
 * - `output.<hash of the folder>.json`: the last build into an output folder: its id and every
 *   file with its size (all an up-to-date check reads); `output.<hash>.pages.json`: per page the
 *   key of everything it was rendered from, so an unchanged page is copied from that output with
 *   the new build id instead of rendered again;
 * - beside `documents.json` and each records file, their links and ids (`documents.details.json`,
 *   `output.<hash>.page-details.json`), read only when something asks for them (pipeline/details.ts),
 *   and the patch records of each output (pipeline/patch.ts).
 *
 * They are only ever an optimisation: a missing or corrupt file means a cold build, never a
 * different output.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import type { ContentDocument } from '../content/types.ts';
import type { SerializedError } from '../errors.ts';
import { hashText } from '../hash.ts';
import type { PageSummary } from './protocol.ts';
import type { SiteCollection } from '../render/types.ts';
import type { ImageSource } from '../output/images.ts';
import { readJson, writeJson } from './json-file.ts';
import { attachDetails, openDetails, splitDetails, type Details } from './details.ts';

export interface DocEntry {
  hash: string;
  display: string;
  doc?: ContentDocument;
  errors: SerializedError[];
  /** The source's stat key when it had this hash (pipeline/stat.ts). */
  stat?: string;
  /** Key of the document's content API file (build.ts), hashed by the worker that parsed it. */
  apiKey?: string;
  /** In the index (before its metadata is read): the source gave a document. */
  hasDoc?: boolean;
  /**
   * In the index: the images the document shows, when it shows any and counts (not a partial, not a
   * draft unless drafts are built): their bytes go into the build id, checked before the metadata is read.
   */
  images?: ImageSource & { draft?: boolean; partial?: boolean };
}

export interface DocCache {
  key: string;
  entries: Record<string, DocEntry>;
  /** Loaded from the index alone: entries have no metadata yet (see completeDocCache). */
  partial?: boolean;
  /**
   * The id of the metadata file the entries came from, and the changes written on top of it
   * since: to the metadata, and to the index (whose whole file has the same id).
   */
  base?: { id: string; delta: Record<string, MetaEntry | null>; index?: Record<string, IndexEntry | null> };
  /** The index as read: its id and the changes on top of it (loadSourceIndex; `base.index` once the metadata agrees). */
  indexBase?: { id: string; delta: Record<string, IndexEntry | null> };
}

export interface PageRecord {
  key: string;
  status: number;
  /** The page's links and ids: in a details file of their own, read when first used (pipeline/details.ts). */
  links: string[];
  ids: string[];
  /** Hash of `ids` (PageResult.idsKey), so the checks' key never reads a copied page's ids. */
  idsKey?: string;
  summary?: PageSummary;
  files: string[];
  /** Hash of each site-wide collection the page read, as it was (render/types.ts SITE_COLLECTIONS). */
  uses?: Partial<Record<SiteCollection, string>>;
  /** A document's page: which document, as parsed (see `OutputState.jobsKey`). */
  doc?: string;
}

export interface OutputState {
  id: string;
  outDir: string;
  files: [string, number][];
  pages: Record<string, PageRecord>;
  /**
   * Content API file of each document (by id), with the source hash it was written from;
   * `rewritten` when its body is not the body as parsed (images or base path rewritten), so it
   * cannot stand in for a parse.
   */
  api: Record<string, { file: string; hash: string; key: string; rewritten?: true }>;
  /**
   * What every render job was made from besides its own route (the engine, templates, config and
   * the site-wide collections): while it stays the same, a document's page whose `doc` is the
   * same has the same job, and keeps its key without the job being serialised and hashed again.
   */
  jobsKey?: string;
  /** When the build's link checks found nothing: what they depended on (checks.ts targetsKey). */
  checksKey?: string;
  /**
   * When the build finished writing (ms): a file of its output modified later (by hand, by a
   * tool) is not the build's, and is written again (output-check.ts, reuse.ts).
   */
  builtAt?: number;
  /** The generation folder the output links to (output/folder.ts). */
  generation?: string;
  /**
   * The problems the build reported as warnings (checks at `warn`): an up-to-date check that keeps
   * this output prints them again, as a full build of the same sources would.
   */
  warnings?: SerializedError[];
  /**
   * The records file these pages were read from (before the changes on top of it were applied):
   * saveOutputState writes only what differs from it, while that stays small.
   */
  base?: RecordsBase;
}

/** A records file as read: its id and its pages (objects a build keeps when a page is unchanged). */
export interface RecordsBase {
  id: string;
  pages: Record<string, PageRecord>;
}

const docCacheFile = (cacheDir: string) => join(cacheDir, 'documents.json');
/** Metadata changed since `documents.json` was written whole (`null`: the source is gone). */
const docDeltaFile = (cacheDir: string) => join(cacheDir, 'documents.delta.json');
/** The documents' links and ids, written with `documents.json` (pipeline/details.ts). */
const docDetailsFile = (cacheDir: string) => join(cacheDir, 'documents.details.json');
const sourceIndexFile = (cacheDir: string) => join(cacheDir, 'sources.json');
/** Index entries changed since `sources.json` was written whole, with `documents.json` (`null`: the source is gone). */
const sourceDeltaFile = (cacheDir: string) => join(cacheDir, 'sources.delta.json');

type IndexEntry = Pick<DocEntry, 'hash' | 'display' | 'stat' | 'hasDoc' | 'images'>;
type MetaEntry = Pick<DocEntry, 'hash' | 'doc' | 'errors' | 'apiKey'>;

const valid = <T>(file: { key?: string; entries?: Record<string, T> } | undefined, key: string) =>
  file && file.key === key && file.entries && typeof file.entries === 'object' ? file.entries : undefined;

/**
 * The document cache's index alone (`sources.json`): each source's hash and stat, all an
 * up-to-date check needs. Its entries get their metadata from `completeDocCache`.
 */
export async function loadSourceIndex(cacheDir: string, key: string): Promise<DocCache> {
  const [whole, changes] = await Promise.all([
    readJson<{ key: string; id?: string; entries: Record<string, IndexEntry> }>(sourceIndexFile(cacheDir)),
    readJson<{ key: string; base?: string; entries: Record<string, IndexEntry | null> }>(sourceDeltaFile(cacheDir)),
  ]);
  const index = valid(whole, key) ?? {};
  // Changes written since (a delta of another index, or of another key, is ignored).
  const id = valid(whole, key) && typeof whole!.id === 'string' ? whole!.id : undefined;
  const delta = (id && changes?.base === id ? valid(changes, key) : undefined) ?? {};
  const entries: Record<string, DocEntry> = {};
  for (const [rel, entry] of Object.entries(index)) if (entry && typeof entry.hash === 'string' && !(rel in delta)) entries[rel] = { ...entry, errors: [] };
  for (const [rel, entry] of Object.entries(delta)) if (entry && typeof entry.hash === 'string') entries[rel] = { ...entry, errors: [] };
  return { key, entries, partial: true, ...(id ? { indexBase: { id, delta } } : {}) };
}

/**
 * Give the index's entries their metadata (`documents.json`, the cache's largest file: read
 * only when a build has work to do). Returns the sources whose metadata was not
 * there (a cache written halfway, or deleted): those must be parsed. `lazy`: the documents' links
 * and ids are read when first used (a build), not now (the dev server keeps them all anyway).
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
  // The documents of the whole file get their links and ids from the details file written with it
  // (pipeline/details.ts); without it, they are parsed again. Those of the delta have theirs.
  const details = id ? openDetails(docDetailsFile(cacheDir), id, cache.key) : undefined;
  for (const [rel, entry] of Object.entries(cache.entries)) {
    const found = meta[rel];
    delete entry.hasDoc;
    delete entry.images;
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
 * The metadata, then the index: with `changed` (the sources parsed, restated or gone since the
 * cache was loaded), only their entries, in `documents.delta.json` and `sources.delta.json` on top
 * of the pair of whole files they were loaded from, while the changes stay under a tenth of the
 * entries, so a body edit writes a few entries, not the whole metadata.
 * Otherwise everything, whole. A reader checks that each entry's hash agrees with the index, so a
 * torn pair costs parsing, never a wrong document.
 */
export async function saveDocCache(cacheDir: string, cache: DocCache, changed?: Iterable<string>): Promise<void> {
  if (cache.partial) throw new Error('the document cache is incomplete');
  const metaOf = ({ hash, doc, errors, apiKey }: DocEntry): MetaEntry => ({ hash, doc, errors, ...(apiKey ? { apiKey } : {}) });
  const indexOf = ({ hash, display, stat, doc }: DocEntry): IndexEntry => {
    const images = doc?.images?.length
      ? { _source: doc._source, _path: doc._path, images: doc.images, ...(doc.draft ? { draft: true } : {}), ...(doc._partial ? { partial: true } : {}) }
      : undefined;
    return { hash, display, ...(stat ? { stat } : {}), ...(doc ? { hasDoc: true } : {}), ...(images ? { images } : {}) };
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
      await writeJson(docDeltaFile(cacheDir), { key: cache.key, base: id, entries: delta });
      await writeJson(sourceDeltaFile(cacheDir), { key: cache.key, base: id, entries: index });
      cache.base = { id, delta, index };
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
  // The details first: a metadata file never names details older than itself.
  await writeJson(docDetailsFile(cacheDir), { key: cache.key, id, entries: details });
  await writeJson(docCacheFile(cacheDir), { key: cache.key, id, entries: meta });
  await rm(docDeltaFile(cacheDir), { force: true });
  await writeJson(sourceIndexFile(cacheDir), { key: cache.key, id, entries: index });
  await rm(sourceDeltaFile(cacheDir), { force: true });
  cache.base = { id, delta: {}, index: {} };
}

export const outputFile = (cacheDir: string, outDir: string) => join(cacheDir, `output.${hashText(outDir)}.json`);
const recordsFile = (cacheDir: string, outDir: string) => join(cacheDir, `output.${hashText(outDir)}.pages.json`);
/** Pages changed (or gone) since the records file, with the content API state, jobsKey and checksKey of the build it names. */
const recordsDeltaFile = (cacheDir: string, outDir: string) => join(cacheDir, `output.${hashText(outDir)}.pages.delta.json`);
/** The links and ids of the records file's pages, written with it (pipeline/details.ts). */
const recordsDetailsFile = (cacheDir: string, outDir: string) => join(cacheDir, `output.${hashText(outDir)}.page-details.json`);

/** Up to this many pages, the records are stringified whole; past it, in pieces (a string that large is not worth holding at once). */
const WHOLE_RECORDS = 20_000;

interface RecordsDelta extends Pick<OutputState, 'id' | 'api' | 'jobsKey' | 'checksKey'> {
  base: string;
  pages: Record<string, PageRecord>;
  removed: string[];
}

/**
 * What an up-to-date check reads of the last build into a folder: its id and every file with its
 * size. The per-page records (`pages`, `api`, ten times the size) are in a file of their own, read
 * only when the output turns out stale (previousOutput).
 */
export type OutputIndex = Pick<OutputState, 'id' | 'outDir' | 'files' | 'warnings' | 'builtAt' | 'generation'> & {
  pageCount: number;
  /** Where that output is now: the output folder, or its generation when the link is gone (a CI job restored it); undefined when neither holds it. */
  dir?: string;
};

/** Whether any build's output is recorded in this cache, whatever its folder. */
export function anyOutputState(cacheDir: string): boolean {
  try {
    return readdirSync(cacheDir).some((name) => /^output\.[0-9a-f]+\.json$/.test(name));
  } catch {
    return false;
  }
}

export async function loadOutputState(cacheDir: string, outDir: string): Promise<OutputIndex | undefined> {
  const state = await readJson<OutputIndex>(outputFile(cacheDir, outDir));
  if (!state || state.outDir !== outDir || !Array.isArray(state.files) || typeof state.pageCount !== 'number') return undefined;
  if (!Array.isArray(state.warnings) || !state.warnings.every((w) => w && typeof w.code === 'string' && typeof w.message === 'string')) delete state.warnings;
  if (typeof state.builtAt !== 'number') delete state.builtAt;
  const generation = typeof state.generation === 'string' ? resolve(dirname(outDir), state.generation) : undefined;
  state.dir = latestId(outDir) === state.id ? outDir : generation && latestId(generation) === state.id ? generation : undefined;
  return state;
}

/** The previous output's content API file holds this document's body as parsed (nothing rewritten). */
export function asParsed(api: OutputState['api'][string] | undefined, doc: ContentDocument): api is OutputState['api'][string] {
  return !!api && api.hash === doc.hash && !api.rewritten;
}

/** The build id in an output folder's latest.json, if it has a readable one. */
export function latestId(dir: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(join(dir, '_sitegen/builds/latest.json'), 'utf8')) as { id?: string }).id;
  } catch {
    return undefined;
  }
}

/**
 * The records first, then the index: an index never names records older than its build.
 * Returns the records written as changes on top of the records file (undefined: written whole).
 */
export async function saveOutputState(cacheDir: string, state: OutputState): Promise<RecordsChanges | undefined> {
  const changes = await saveRecords(cacheDir, state);
  const warnings = state.warnings?.length ? { warnings: state.warnings.map(({ stack: _stack, ...warning }) => warning) } : {};
  await writeJson(
    outputFile(cacheDir, state.outDir),
    {
      id: state.id,
      outDir: state.outDir,
      pageCount: Object.keys(state.pages).length,
      files: state.files,
      ...(state.builtAt ? { builtAt: state.builtAt } : {}),
      ...(state.generation ? { generation: relative(dirname(state.outDir), state.generation) } : {}),
      ...warnings,
    },
    true,
  );
  return changes;
}

/** The pages of a build that differ from the records file it was saved on top of (RecordsBase), and those gone from it. */
export interface RecordsChanges {
  base: string;
  pages: Record<string, PageRecord>;
  removed: string[];
}

/** The output folder still holds the build the state describes (its latest.json names it): else none of it can be reused. */
export function outputThere(state: OutputIndex): boolean {
  return state.dir !== undefined;
}

/**
 * The page records: only the pages that differ from the records file the previous build read
 * (the same objects when unchanged), in a delta on top of it, while they are under a tenth of the
 * pages; else everything, whole. A body edit writes a few records and the content API state.
 */
async function saveRecords(cacheDir: string, state: OutputState): Promise<RecordsChanges | undefined> {
  const { base } = state;
  const extra = { ...(state.jobsKey ? { jobsKey: state.jobsKey } : {}), ...(state.checksKey ? { checksKey: state.checksKey } : {}) };
  if (base) {
    const pages: Record<string, PageRecord> = {};
    let changed = 0;
    for (const [path, record] of Object.entries(state.pages)) {
      if (base.pages[path] === record) continue;
      pages[path] = record;
      changed++;
    }
    const removed = Object.keys(base.pages).filter((path) => !(path in state.pages));
    if (changed + removed.length <= Math.max(64, Object.keys(state.pages).length / 10)) {
      await writeJson(
        recordsDeltaFile(cacheDir, state.outDir),
        { id: state.id, base: base.id, pages, removed, api: state.api, ...extra } satisfies RecordsDelta,
        true,
      );
      return { base: base.id, pages, removed };
    }
  }
  const pages: Record<string, PageRecord> = {};
  const details: Record<string, Details> = {};
  for (const [path, record] of Object.entries(state.pages)) {
    const [rest, own] = splitDetails(record);
    pages[path] = rest as PageRecord;
    if (own) details[path] = own;
  }
  // The details first: a records file never names details older than itself. One stringify each
  // (nothing else runs on this thread now), unless the site is past WHOLE_RECORDS.
  const whole = Object.keys(pages).length <= WHOLE_RECORDS;
  await writeJson(recordsDetailsFile(cacheDir, state.outDir), { id: state.id, entries: details }, whole);
  await writeJson(recordsFile(cacheDir, state.outDir), { id: state.id, pages, api: state.api, ...extra }, whole);
  await rm(recordsDeltaFile(cacheDir, state.outDir), { force: true });
  return undefined;
}

/** The previous output, when its pages can be reused: it holds the build the state describes. */
export async function previousOutput(cacheDir: string, state: OutputIndex | undefined): Promise<OutputState | undefined> {
  if (!state || !outputThere(state)) return undefined;
  const records = await readJson<Pick<OutputState, 'id' | 'pages' | 'api' | 'jobsKey' | 'checksKey'>>(recordsFile(cacheDir, state.outDir));
  if (!records || typeof records.id !== 'string' || !records.pages || !records.api) return undefined;
  // Each page's links and ids, from the details file written with the records, when first read;
  // without it, nothing is reused. (The pages of a delta have their own.)
  const details = openDetails(recordsDetailsFile(cacheDir, state.outDir), records.id);
  for (const path in records.pages) {
    const record = records.pages[path];
    if ('links' in record) continue;
    if (!details) return undefined;
    attachDetails(record, details, path, true);
  }
  const base: RecordsBase = { id: records.id, pages: records.pages };
  const found = { id: state.id, outDir: state.outDir, files: state.files, base, ...(state.builtAt ? { builtAt: state.builtAt } : {}) };
  const keys = (from: Pick<OutputState, 'jobsKey' | 'checksKey'>) => ({
    ...(typeof from.jobsKey === 'string' ? { jobsKey: from.jobsKey } : {}),
    ...(typeof from.checksKey === 'string' ? { checksKey: from.checksKey } : {}),
  });
  if (records.id === state.id) return { ...found, pages: { ...records.pages }, api: records.api, ...keys(records) };
  // Records of another build (the pair torn by a kill between the two writes): nothing is reused.
  const delta = await readJson<RecordsDelta>(recordsDeltaFile(cacheDir, state.outDir));
  if (!delta || delta.id !== state.id || delta.base !== records.id || !delta.pages || !delta.api || !Array.isArray(delta.removed)) return undefined;
  const pages = { ...records.pages, ...delta.pages };
  for (const path of delta.removed) delete pages[path];
  return { ...found, pages, api: delta.api, ...keys(delta) };
}
