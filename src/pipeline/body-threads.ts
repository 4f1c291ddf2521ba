/**
 * `mapBodies` (build:done, dev:files): a plugin's exported function run on many bodies in threads of their own
 * (src/body-worker.ts), or on this thread for a few.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type BodiesTask, apiBody, exported } from '../body-worker.ts';
import { mapLimit } from '../map-limit.ts';
import { PACKAGE_ROOT } from '../paths.ts';
import type { PluginModule } from '../plugins/load.ts';
import { batches } from './workers.ts';

/** Bodies per task: enough to keep a thread busy between messages, few enough to share the work out evenly. */
const BODIES_PER_TASK = 48;

/**
 * The threads, started on the first call with more bodies than one task holds. `idleMs`: each stops after this long
 * without work (`sitegen dev`, where calls come in bursts), instead of when closed.
 */
export class BodyThreads {
  private pool?: import('piscina').Piscina;

  constructor(
    readonly size: number,
    private readonly idleMs?: number,
  ) {}

  run(task: BodiesTask): Promise<unknown[]> {
    if (!this.pool) {
      const { Piscina: Pool } = createRequire(import.meta.url)('piscina') as typeof import('piscina');
      // Every task is sent at once, several to a thread: the threads go on while this one is busy (with the results of
      // the call before, say).
      const { size, idleMs } = this;
      const threads = idleMs ? { minThreads: 0, idleTimeout: idleMs } : { minThreads: size };
      this.pool = new Pool({ filename: join(PACKAGE_ROOT, 'lib/body-worker.js'), ...threads, maxThreads: size, concurrentTasksPerWorker: 64 });
    }
    return this.pool.run(task) as Promise<unknown[]>;
  }

  async close(): Promise<void> {
    await this.pool?.destroy();
  }
}

/**
 * `fn` (a plugin's `import.meta.url` and an export's name) on each body: a content API file under `dir`, or the HTML
 * itself. The source URL a plugin passes runs as what it compiled to.
 */
export async function mapBodies<T>(
  threads: BodyThreads,
  plugins: PluginModule[],
  items: (string | { html: string })[],
  fn: { module: string; name: string },
  arg: unknown,
  dir = '',
): Promise<T[]> {
  const compiled = plugins.find((p) => pathToFileURL(p.source).href === fn.module);
  const module = compiled ? pathToFileURL(compiled.file).href : fn.module;
  if (items.length <= BODIES_PER_TASK || threads.size < 2) {
    const run = await exported(module, fn.name);
    const html = async (item: (typeof items)[number]) => (typeof item === 'string' ? apiBody(join(dir, item)) : item.html);
    return mapLimit(items, 16, async (item) => (await run(await html(item), arg)) as T);
  }
  const results = await Promise.all(batches(items, BODIES_PER_TASK).map((batch) => threads.run({ module, name: fn.name, arg, dir, items: batch })));
  return results.flat() as T[];
}
