/** `sitegen dev`'s start-up parse: metadata from the document cache `sitegen build` shares, the rest parsed in the worker pool. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProjectScope } from '../content/scope.ts';
import type { ParseOptions, SourceFile } from '../content/types.ts';
import { hashText } from '../hash.ts';
import { PACKAGE_ROOT, VERSION } from '../paths.ts';
import type { PluginModule } from '../plugins/load.ts';
import type { ParsedItem } from '../pipeline/protocol.ts';
import { loadDocCache, saveDocCache, type DocCache } from '../pipeline/doc-cache.ts';
import { depsOf } from '../pipeline/stat.ts';
import { Workers, batches, defaultConcurrency } from '../pipeline/workers.ts';

/** The document cache for these parse settings and plugins (the key `sitegen build` uses too). */
export function openDocCache(cacheDir: string, options: ParseOptions, plugins: PluginModule[]): Promise<DocCache> {
  const engine = hashText(readFileSync(join(PACKAGE_ROOT, 'lib/worker.js')));
  const parseKey = hashText(JSON.stringify([VERSION, engine, options, plugins.map((p) => [p.file, p.options])]));
  return loadDocCache(cacheDir, parseKey);
}

export interface ParseInput {
  sources: SourceFile[];
  /** Indexes into `sources` of the files the cache does not hold. */
  toParse: number[];
  cache: DocCache;
  options: ParseOptions;
  scope: ProjectScope;
  plugins: PluginModule[];
  /** Called once the workers have their work: the thread is free from then on. */
  parsing?: () => void;
  /** The workers closing after the parse (they take a while to tear down). */
  closing(closed: Promise<void>): void;
}

/** Parse `toParse` in the worker pool, each result into the cache's entries. */
export async function parseInWorkers(input: ParseInput): Promise<void> {
  const { sources, cache } = input;
  const workers = new Workers(Math.min(defaultConcurrency(), Math.max(1, Math.ceil(input.toParse.length / 64))), input.plugins);
  try {
    // Four batches in flight per worker: this thread is busy with the watcher's first scan, and a worker would sit idle.
    const parsed = workers.map(
      batches(input.toParse, 64),
      async (session, batch) => {
        const files = batch.map((i) => sources[i]);
        const request = { type: 'parse', files, options: input.options, keep: false, scope: input.scope } as const;
        const items = (await session.request(
          request,
          'parsing',
          files.map((f) => f.display),
        )) as ParsedItem[];
        for (const item of items) {
          const i = batch[item.index];
          cache.entries[sources[i].rel] = {
            hash: item.hash ?? '',
            display: sources[i].display,
            doc: item.doc,
            errors: item.errors,
            ...(item.stat ? { stat: item.stat } : {}),
            ...(item.deps ? { deps: depsOf(item.deps, input.scope.root) } : {}),
          };
        }
      },
      undefined,
      4,
    );
    input.parsing?.();
    await parsed;
  } finally {
    // The workers close while the site is planned.
    input.closing(workers.destroy().catch(() => undefined));
  }
}

/** Save the cache once the server is up, so that a start-up does not wait for the write. */
export function saveLater(cacheDir: string, cache: DocCache): Promise<void> {
  return new Promise((r) => setTimeout(r, 100)).then(() => saveDocCache(cacheDir, cache)).catch(() => undefined);
}

export interface BodiesInput {
  sources: SourceFile[];
  options: ParseOptions;
  scope: ProjectScope;
  plugins: PluginModule[];
}

/** Parse `sources` in a worker pool of their own, closed after: each one's body HTML and its document's hash (undefined: no document). */
export async function parseBodies(input: BodiesInput): Promise<({ hash: string; html: string } | undefined)[]> {
  const { sources } = input;
  const bodies: ({ hash: string; html: string } | undefined)[] = new Array(sources.length);
  const workers = new Workers(defaultConcurrency(), input.plugins);
  try {
    const indexes = sources.map((_, i) => i);
    await workers.map(
      batches(indexes, 32),
      async (session, batch) => {
        const files = batch.map((i) => sources[i]);
        const request = { type: 'parse', files, options: input.options, keep: false, bodies: true, scope: input.scope } as const;
        const items = (await session.request(
          request,
          'parsing',
          files.map((f) => f.display),
        )) as ParsedItem[];
        for (const item of items) if (item.doc) bodies[batch[item.index]] = { hash: item.doc.hash, html: item.html ?? '' };
      },
      undefined,
      4,
    );
  } finally {
    await workers.destroy().catch(() => undefined);
  }
  return bodies;
}
