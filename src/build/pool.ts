/** The worker pool, behind one small module (piscina). */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Piscina } from 'piscina';
import { PACKAGE_ROOT } from '../paths.ts';
import { mergeTimings, type HookTimings } from '../plugins/run.ts';
import { SitegenError } from '../errors.ts';
import { env } from '../env.ts';
import type { ParseTask, RenderTask, WorkerResult } from '../worker.ts';
import type { ParseResult } from '../content/types.ts';
import type { RenderedPage } from '../render/types.ts';

/** A worker that died (exit, out of memory, a native crash) fails the build naming its files. */
function crashed(error: unknown, doing: string, files: string[]): SitegenError {
  const shown = files.slice(0, 3).join(', ') + (files.length > 3 ? ` and ${files.length - 3} more` : '');
  const oom = (error as NodeJS.ErrnoException)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
  return new SitegenError('SG4003', `A worker ${oom ? 'ran out of memory' : 'stopped'} while ${doing} ${shown}: ${(error as Error)?.message ?? String(error)}`, {
    location: { file: files[0] ?? '(unknown)' },
    hint: oom ? 'A document or component needs more memory than a worker has; look for runaway loops or huge data.' : 'Something in a component or plugin ended the worker (process.exit, a native crash). Run with --concurrency 1 --debug to narrow it down.',
    cause: error,
  });
}

export function defaultConcurrency(): number {
  return env.concurrency() ?? Math.max(1, availableParallelism());
}

export class WorkerPool {
  private readonly piscina: Piscina;

  constructor(readonly size: number) {
    this.piscina = new Piscina({
      filename: join(PACKAGE_ROOT, 'lib/worker.js'),
      minThreads: size,
      maxThreads: size,
      idleTimeout: 60_000,
      // Keep the queue short: tasks are batches already.
      concurrentTasksPerWorker: 1,
      // SITEGEN_WORKER_MEMORY_MB caps each worker's heap: a runaway component fails its page
      // (SG4003, out of memory) instead of taking the machine down.
      ...(env.workerMemoryMb() ? { resourceLimits: { maxOldGenerationSizeMb: env.workerMemoryMb() } } : {}),
    });
  }

  /** Hook timings reported by the workers, summed. */
  readonly timings: HookTimings = {};

  async parse(task: Omit<ParseTask, 'type'>): Promise<ParseResult[]> {
    const result = (await this.piscina.run({ type: 'parse', ...task }).catch((error) => {
      throw crashed(error, 'parsing', task.files.map((f) => f.display));
    })) as WorkerResult<ParseResult>;
    mergeTimings(this.timings, result.timings);
    return result.items;
  }

  async render(task: Omit<RenderTask, 'type'>): Promise<RenderedPage[]> {
    const result = (await this.piscina.run({ type: 'render', ...task }).catch((error) => {
      throw crashed(error, 'rendering', task.jobs.map((j) => j.page.source));
    })) as WorkerResult<RenderedPage>;
    mergeTimings(this.timings, result.timings);
    return result.items;
  }

  destroy(): Promise<void> {
    return this.piscina.destroy();
  }
}

/** Split `items` into batches of about `size`. */
export function batches<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Run `fn` over `items` with at most `limit` promises in flight, preserving order of results.
 * After a failure no new item starts, and the first error is thrown once everything in flight
 * has settled (so nothing is still writing when the caller cleans up).
 */
export async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed: { error: unknown } | undefined;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length && !failed) {
      const i = next++;
      try {
        results[i] = await fn(items[i], i);
      } catch (error) {
        failed ??= { error };
      }
    }
  });
  await Promise.all(lanes);
  if (failed) throw failed.error;
  return results;
}
