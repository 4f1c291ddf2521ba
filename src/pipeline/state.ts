/**
 * What a build leaves for the next into the same output folder, in `.sitegen-cache/`: `output.<hash>.json` (id,
 * generation, every file with its size: all an up-to-date check reads) and `output.<hash>.pages.json` (per page the key
 * of what it was rendered from, so an unchanged page is linked, not rendered), with links and ids in `.page-details.json`.
 * Only ever an optimisation: a missing or damaged file means rendering again, never a different output.
 */
import { closeSync, existsSync, openSync, readFileSync, readSync, readdirSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { ContentDocument } from '../content/types.ts';
import type { SerializedError } from '../errors.ts';
import { hashText } from '../hash.ts';
import type { SiteCollection } from '../render/types.ts';
import { attachDetails, openDetails, splitDetails, type Details } from './details.ts';
import { readJson, writeJson } from '../cache/json-file.ts';
import { generationsOf, type Spare } from '../output/folder.ts';
import { isPlain } from '../output/writer.ts';
import type { PageSummary } from './protocol.ts';

export interface PageRecord {
  key: string;
  status: number;
  /** The page's links and ids: in a details file of their own, read when first used. */
  links: string[];
  ids: string[];
  /** Hash of `ids` (PageResult.idsKey), so the checks' key never reads a copied page's ids. */
  idsKey?: string;
  summary?: PageSummary;
  files: string[];
  /** Hash of each site-wide collection the page read, as it was. */
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
   * Content API file of each document (by id), with the source hash it was written from; `rewritten` when its body is
   * not as parsed (images or base path rewritten), so it cannot stand in for a parse.
   */
  api: Record<string, { file: string; hash: string; key: string; rewritten?: true }>;
  /**
   * What every render job was made from besides its own route (engine, templates, config, site-wide collections): while
   * it stays the same, a page whose `doc` is the same has the same job, and keeps its key without hashing the job again.
   */
  jobsKey?: string;
  /** When the build's link checks found nothing: what they depended on (checks.ts targetsKey). */
  checksKey?: string;
  /** When the build finished writing (ms): an output file modified later (by hand, by a tool) is not the build's, and is written again. */
  builtAt?: number;
  /** The generation folder the output links to (output/folder.ts). */
  generation?: string;
  /** The generation this build replaced, kept: it differs from `generation` by `changes` alone (output/folder.ts). */
  spare?: Spare;
  /** The build's warnings: an up-to-date check that keeps this output prints them again, as a full build would. */
  warnings?: SerializedError[];
  /** The records file these pages were read from (before its delta): saveOutputState writes only what differs from it, while that is small. */
  base?: RecordsBase;
}

/** A records file as read: its id, its pages and content API entries (objects a build keeps when unchanged). */
export interface RecordsBase {
  id: string;
  pages: Record<string, PageRecord>;
  api: OutputState['api'];
}

export const outputFile = (cacheDir: string, outDir: string) => join(cacheDir, `output.${hashText(outDir)}.json`);
const recordsFile = (cacheDir: string, outDir: string) => join(cacheDir, `output.${hashText(outDir)}.pages.json`);
/** Pages changed (or gone) since the records file, with the content API state, jobsKey and checksKey of the build it names. */
const recordsDeltaFile = (cacheDir: string, outDir: string) => join(cacheDir, `output.${hashText(outDir)}.pages.delta.json`);
/** The links and ids of the records file's pages, written with it. */
const recordsDetailsFile = (cacheDir: string, outDir: string) => join(cacheDir, `output.${hashText(outDir)}.page-details.json`);

/** Up to this many pages, the records are stringified whole; past it, in pieces (a string that large is not worth holding at once). */
const WHOLE_RECORDS = 20_000;

interface RecordsDelta extends Pick<OutputState, 'id' | 'jobsKey' | 'checksKey'> {
  base: string;
  pages: Record<string, PageRecord>;
  removed: string[];
  /** Content API entries that differ from the records file's (`null`: the document is gone). */
  apiChanges: Record<string, OutputState['api'][string] | null>;
}

/**
 * What an up-to-date check reads of the last build into a folder: its id and every file with its size. The per-page
 * records, far larger, are in a file of their own, read only when the output turns out stale (previousOutput).
 */
export type OutputIndex = Pick<OutputState, 'id' | 'outDir' | 'files' | 'warnings' | 'builtAt' | 'generation' | 'spare'> & {
  pageCount: number;
  /** Where that output is now: the output folder, or its generation when the link is gone (a CI job restored it); undefined when neither holds it. */
  dir?: string;
};

/**
 * Remove the records of every other output folder that is gone, its generations too: nothing can be taken from them
 * any more, and a project built into a new folder each time (a temporary folder, a CI path with the job's id) would
 * otherwise gather them for ever. A folder still there, or whose generations are (a CI job restores those), keeps its.
 */
export async function pruneOutputRecords(cacheDir: string, outDir: string): Promise<void> {
  const current = hashText(outDir);
  let names: string[];
  try {
    names = readdirSync(cacheDir);
  } catch {
    return;
  }
  const gone: string[] = [];
  for (const name of names) {
    const hash = /^output\.([0-9a-f]+)\.json$/.exec(name)?.[1];
    if (!hash || hash === current) continue;
    const other = recordedOutDir(join(cacheDir, name));
    if (other && hashText(other) === hash && !existsSync(other) && !existsSync(generationsOf(other))) gone.push(other);
  }
  // The index last: while it is there, the records it names are looked for.
  for (const other of gone) {
    await Promise.all([recordsFile, recordsDeltaFile, recordsDetailsFile].map((file) => rm(file(cacheDir, other), { force: true })));
    await rm(outputFile(cacheDir, other), { force: true });
  }
}

/** The output folder an index names: its second field, read from the file's start (an index can be megabytes). */
function recordedOutDir(file: string): string | undefined {
  const buffer = Buffer.alloc(8192);
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const read = readSync(fd, buffer, 0, buffer.length, 0);
    const quoted = /^\{"id":"[^"]*","outDir":("(?:[^"\\]|\\.)*")/.exec(buffer.toString('utf8', 0, read))?.[1];
    const value: unknown = quoted ? JSON.parse(quoted) : undefined;
    return typeof value === 'string' && isAbsolute(value) ? value : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The size of the largest output index in this cache (any build's, whatever its folder); undefined when there is none. */
export function outputIndexBytes(cacheDir: string): number | undefined {
  let largest: number | undefined;
  try {
    for (const name of readdirSync(cacheDir)) {
      if (!/^output\.[0-9a-f]+\.json$/.test(name)) continue;
      largest = Math.max(largest ?? 0, statSync(join(cacheDir, name), { throwIfNoEntry: false })?.size ?? 0);
    }
  } catch {}
  return largest;
}

export async function loadOutputState(cacheDir: string, outDir: string): Promise<OutputIndex | undefined> {
  const state = await readJson<OutputIndex>(outputFile(cacheDir, outDir));
  if (!state || state.outDir !== outDir || !Array.isArray(state.files) || typeof state.pageCount !== 'number') return undefined;
  if (!Array.isArray(state.warnings) || !state.warnings.every((w) => w && typeof w.code === 'string' && typeof w.message === 'string')) delete state.warnings;
  if (typeof state.builtAt !== 'number') delete state.builtAt;
  const generation = typeof state.generation === 'string' ? resolve(dirname(outDir), state.generation) : undefined;
  state.generation = generation;
  const spare = state.spare;
  if (generation && typeof spare?.dir === 'string' && Array.isArray(spare.changes) && spare.changes.every((c) => typeof c === 'string' && isPlain(c)))
    state.spare = { dir: resolve(dirname(outDir), spare.dir), changes: spare.changes };
  else delete state.spare;
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
 * The records first, then the index: an index never names records older than its build. Returns the records written as
 * changes on top of the records file (undefined: written whole).
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
      ...(state.spare ? { spare: { dir: relative(dirname(state.outDir), state.spare.dir), changes: state.spare.changes } } : {}),
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
 * The page records: while under a tenth of the pages differ from the records file the previous build read (the same
 * objects when unchanged), only those, in a delta on top of it; else everything, whole.
 */
async function saveRecords(cacheDir: string, state: OutputState): Promise<RecordsChanges | undefined> {
  const { base } = state;
  const extra = { ...(state.jobsKey ? { jobsKey: state.jobsKey } : {}), ...(state.checksKey ? { checksKey: state.checksKey } : {}) };
  if (base) {
    const pages: Record<string, PageRecord> = {};
    let changed = 0;
    for (const path in state.pages) {
      const record = state.pages[path];
      if (base.pages[path] === record) continue;
      pages[path] = record;
      changed++;
    }
    const removed = Object.keys(base.pages).filter((path) => !(path in state.pages));
    const apiChanges: RecordsDelta['apiChanges'] = {};
    for (const id in state.api) if (!sameApi(base.api[id], state.api[id])) apiChanges[id] = state.api[id];
    for (const id in base.api) if (!(id in state.api)) apiChanges[id] = null;
    if (changed + removed.length <= Math.max(64, Object.keys(state.pages).length / 10)) {
      await writeJson(
        recordsDeltaFile(cacheDir, state.outDir),
        { id: state.id, base: base.id, pages, removed, apiChanges, ...extra } satisfies RecordsDelta,
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
  // The details first: a records file never names details older than itself. Stringified whole up to WHOLE_RECORDS pages.
  const whole = Object.keys(pages).length <= WHOLE_RECORDS;
  await writeJson(recordsDetailsFile(cacheDir, state.outDir), { id: state.id, entries: details }, whole);
  await writeJson(recordsFile(cacheDir, state.outDir), { id: state.id, pages, api: state.api, ...extra }, whole);
  await rm(recordsDeltaFile(cacheDir, state.outDir), { force: true });
  return undefined;
}

type ApiEntry = OutputState['api'][string];
const sameApi = (a: ApiEntry | undefined, b: ApiEntry) =>
  a === b || (!!a && a.file === b.file && a.hash === b.hash && a.key === b.key && a.rewritten === b.rewritten);

/** The previous output, when its pages can be reused: it holds the build the state describes. */
export async function previousOutput(cacheDir: string, state: OutputIndex | undefined): Promise<OutputState | undefined> {
  if (!state || !outputThere(state)) return undefined;
  const records = await readJson<Pick<OutputState, 'id' | 'pages' | 'api' | 'jobsKey' | 'checksKey'>>(recordsFile(cacheDir, state.outDir));
  if (!records || typeof records.id !== 'string' || !records.pages || !records.api) return undefined;
  // Links and ids come from the details file written with the records, when first read; without it, nothing is reused.
  const details = openDetails(recordsDetailsFile(cacheDir, state.outDir), records.id);
  for (const path in records.pages) {
    const record = records.pages[path];
    if ('links' in record) continue;
    if (!details) return undefined;
    attachDetails(record, details, path, true);
  }
  const base: RecordsBase = { id: records.id, pages: records.pages, api: records.api };
  const found = { id: state.id, outDir: state.outDir, files: state.files, base, ...(state.builtAt ? { builtAt: state.builtAt } : {}) };
  const keys = (from: Pick<OutputState, 'jobsKey' | 'checksKey'>) => ({
    ...(typeof from.jobsKey === 'string' ? { jobsKey: from.jobsKey } : {}),
    ...(typeof from.checksKey === 'string' ? { checksKey: from.checksKey } : {}),
  });
  if (records.id === state.id) return { ...found, pages: { ...records.pages }, api: records.api, ...keys(records) };
  // Records of another build: only this build's delta on top of them will do; else the pair was torn, and nothing is reused.
  const delta = await readJson<RecordsDelta>(recordsDeltaFile(cacheDir, state.outDir));
  if (!delta || delta.id !== state.id || delta.base !== records.id || !delta.pages || !delta.apiChanges || !Array.isArray(delta.removed)) return undefined;
  const pages = { ...records.pages, ...delta.pages };
  for (const path of delta.removed) delete pages[path];
  const api = { ...records.api };
  for (const [id, entry] of Object.entries(delta.apiChanges)) {
    if (entry) api[id] = entry;
    else delete api[id];
  }
  return { ...found, pages, api, ...keys(delta) };
}
