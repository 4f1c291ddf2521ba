/**
 * What one build leaves for the next, in `.sitegen-cache/`:
 *
 * - `documents.json`: the metadata of every parsed document by source path and content hash
 *   (one file for all output folders and for `sitegen dev`);
 * - `output.<hash of the folder>.json`: the last build into an output folder: its id, every
 *   file with its size, and per page the key of everything it was rendered from, so an unchanged
 *   page is copied from that output with the new build id instead of rendered again.
 *
 * Both are only ever an optimisation: a missing or corrupt file means a cold build, never a
 * different output.
 */
import { existsSync, statSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ContentDocument } from '../content/types.ts';
import type { SerializedError } from '../errors.ts';
import { hashText } from '../hash.ts';
import type { PageSummary } from './protocol.ts';
import type { SiteCollection } from '../render/types.ts';

export interface DocEntry {
  hash: string;
  display: string;
  doc?: ContentDocument;
  errors: SerializedError[];
  /** The source's stat key when it had this hash (pipeline/stat.ts). */
  stat?: string;
  /** Key of the document's content API file (build.ts), hashed by the worker that parsed it. */
  apiKey?: string;
}

export interface DocCache {
  key: string;
  entries: Record<string, DocEntry>;
}

export interface PageRecord {
  key: string;
  status: number;
  links: string[];
  ids: string[];
  summary?: PageSummary;
  files: string[];
  idCount: number;
  /** Hash of each site-wide collection the page read, as it was (render/types.ts SITE_COLLECTIONS). */
  uses?: Partial<Record<SiteCollection, string>>;
}

export interface OutputState {
  id: string;
  outDir: string;
  files: [string, number][];
  pages: Record<string, PageRecord>;
  /** Content API file of each document (by id), with the source hash it was written from. */
  api: Record<string, { file: string; hash: string; key: string }>;
}

async function readJson<T>(file: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/** Write through a temporary file, so a killed build never leaves half a cache file. */
async function writeJson(file: string, value: unknown): Promise<void> {
  await mkdir(join(file, '..'), { recursive: true });
  const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temp, JSON.stringify(value));
  await rename(temp, file);
}

const docCacheFile = (cacheDir: string) => join(cacheDir, 'documents.json');

/** The document cache, if it was written with the same parse settings (`key`). */
export async function loadDocCache(cacheDir: string, key: string): Promise<DocCache> {
  const cache = await readJson<DocCache>(docCacheFile(cacheDir));
  return cache && cache.key === key && cache.entries && typeof cache.entries === 'object' ? cache : { key, entries: {} };
}

export function saveDocCache(cacheDir: string, cache: DocCache): Promise<void> {
  return writeJson(docCacheFile(cacheDir), cache);
}

const outputFile = (cacheDir: string, outDir: string) => join(cacheDir, `output.${hashText(outDir)}.json`);

export async function loadOutputState(cacheDir: string, outDir: string): Promise<OutputState | undefined> {
  const state = await readJson<OutputState>(outputFile(cacheDir, outDir));
  if (!state || state.outDir !== outDir || !Array.isArray(state.files) || !state.pages) return undefined;
  return state;
}

export function saveOutputState(cacheDir: string, state: OutputState): Promise<void> {
  return writeJson(outputFile(cacheDir, state.outDir), state);
}

/** Is the output folder exactly what the state says: its build id, every file at its size? */
export async function outputIntact(state: OutputState): Promise<boolean> {
  try {
    const latest = JSON.parse(await readFile(join(state.outDir, '_sitegen/builds/latest.json'), 'utf8')) as { id: string };
    if (latest.id !== state.id) return false;
    // Synchronous stats: a few microseconds each from the kernel's cache, where a promise through
    // the thread pool costs ten times that (30,000 files at 10,000 pages).
    const dir = state.outDir.endsWith('/') ? state.outDir : `${state.outDir}/`;
    return state.files.every(([path, size]) => statSync(dir + path, { throwIfNoEntry: false })?.size === size);
  } catch {
    return false;
  }
}

/** The previous output, when its pages can be reused: it holds the build the state describes. */
export async function previousOutput(state: OutputState | undefined): Promise<OutputState | undefined> {
  if (!state || !existsSync(join(state.outDir, '_sitegen/builds/latest.json'))) return undefined;
  const latest = await readJson<{ id: string }>(join(state.outDir, '_sitegen/builds/latest.json'));
  return latest?.id === state.id ? state : undefined;
}
