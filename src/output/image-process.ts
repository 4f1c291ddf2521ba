/**
 * Encode the resized copies image-variants.ts planned, with sharp (libvips), into `.sitegen-cache/images/`: a copy's
 * name holds the hash of its source bytes and options, so one that is there is never encoded again. sharp is imported
 * only when a copy is missing, so a build without raster images, or with every copy cached, never loads it.
 */
import { statSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename, join } from 'node:path';
import { displayPath } from '../content/discover.ts';
import { SitegenError } from '../errors.ts';
import { mapLimit } from '../map-limit.ts';
import type { VariantFile, VariantJob } from './image-variants.ts';

type Sharp = typeof import('sharp').default;

export interface ProcessResult {
  /** Images whose copies were encoded in this build, and how many copies that was. */
  processed: number;
  encoded: number;
  /** Images whose every copy was in the cache. */
  cached: number;
  /** Copies not written because their image could not be processed. */
  failed: Set<string>;
  problems: SitegenError[];
  /** From the first look in the cache to the last copy written. */
  ms: number;
}

/** Where a copy is kept between builds. */
export function cachedCopy(cacheDir: string, rel: string): string {
  return join(cacheDir, 'images', basename(rel));
}

/**
 * The copy is in the cache: written through a temporary file and a rename, so one that is there is whole. Synchronous:
 * a stat answers from the page cache faster than a round trip through the thread pool, which sharp keeps busy.
 */
function isCached(file: string): boolean {
  try {
    return statSync(file).size > 0;
  } catch {
    return false;
  }
}

let loaded: Promise<Sharp> | undefined;
function loadSharp(): Promise<Sharp> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false); // every copy is encoded once: libvips' operation cache would only hold memory
    return sharp;
  });
  return loaded;
}

/** Encode one copy: turned upright by its EXIF orientation, resized (never up), metadata stripped. */
async function encode(sharp: Sharp, input: Buffer, file: VariantFile, quality: number | undefined): Promise<Buffer> {
  const q = quality === undefined ? {} : { quality };
  const image = sharp(input, { failOn: 'error' }).autoOrient().resize({ width: file.width, withoutEnlargement: true });
  // AVIF at effort 2: at sharp's default (4) it took ten times WebP's time for a few percent smaller files.
  if (file.format === 'avif') return image.avif({ ...q, effort: 2 }).toBuffer();
  if (file.format === 'webp') return image.webp(q).toBuffer();
  if (file.format === 'jpeg') return image.jpeg({ ...q, mozjpeg: true }).toBuffer();
  return image.png({ palette: false }).toBuffer();
}

async function writeAtomic(file: string, bytes: Buffer): Promise<void> {
  const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temp, bytes);
  await rename(temp, file);
}

/** The problem an image that sharp could not read or resize is: at the place that shows it first. */
function processProblem(job: VariantJob, root: string, error: unknown): SitegenError {
  const reason = ((error as Error)?.message ?? String(error)).split('\n')[0];
  const location = job.location
    ? { file: job.location.file, ...(job.location.line ? { line: job.location.line } : {}) }
    : { file: displayPath(job.source, root) };
  return new SitegenError('SG5005', `Image could not be processed: ${job.key} (${reason})`, {
    location,
    hint: 'The file may be damaged or cut short: open it in an image viewer, save it again, or replace it. Its resized copies were not written.',
    cause: error,
  });
}

/**
 * Encode every copy not in the cache, `concurrency` images at a time (sharp works off the main thread, so pages keep
 * rendering meanwhile). An image that fails is a problem (SG5005), not a crash.
 */
export async function processImages(jobs: VariantJob[], input: { cacheDir: string; root: string; concurrency?: number }): Promise<ProcessResult> {
  const started = performance.now();
  const result: ProcessResult = { processed: 0, encoded: 0, cached: 0, failed: new Set(), problems: [], ms: 0 };
  if (!jobs.length) return result;
  const dir = join(input.cacheDir, 'images');
  await mkdir(dir, { recursive: true });
  const limit = Math.max(1, input.concurrency ?? availableParallelism());
  await mapLimit(jobs, limit, async (job) => {
    const missing = job.files.filter((file) => !isCached(cachedCopy(input.cacheDir, file.rel)));
    if (!missing.length) {
      result.cached++;
      return;
    }
    try {
      const [sharp, bytes] = await Promise.all([loadSharp(), readFile(job.source)]);
      for (const file of missing) await writeAtomic(cachedCopy(input.cacheDir, file.rel), await encode(sharp, bytes, file, job.quality));
      result.processed++;
      result.encoded += missing.length;
    } catch (error) {
      for (const file of job.files) result.failed.add(file.rel);
      result.problems.push(processProblem(job, input.root, error));
    }
  });
  result.ms = performance.now() - started;
  return result;
}
