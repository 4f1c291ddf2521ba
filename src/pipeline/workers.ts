/**
 * The worker pool (piscina) as a set of sessions: one long-running task per worker, talked to
 * over its own MessagePort, so that work for a document can go to the worker that holds it.
 */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { createRequire } from 'node:module';
import type { Piscina } from 'piscina';
import { PACKAGE_ROOT } from '../paths.ts';
import { mergeTimings, type HookTimings } from '../plugins/run.ts';
import type { PluginModule } from '../plugins/load.ts';
import { SitegenError } from '../errors.ts';
import { env } from '../env.ts';
import { INTERRUPTED } from '../output/folder.ts';
import type { Envelope, ReplyTo, SessionResult, WorkerReply, WorkerRequest } from './protocol.ts';

/** A worker that died (exit, out of memory, a native crash) fails the build naming its files. */
export function crashed(error: unknown, doing: string, files: string[]): SitegenError {
  const shown = files.slice(0, 3).join(', ') + (files.length > 3 ? ` and ${files.length - 3} more` : '');
  const oom = (error as NodeJS.ErrnoException)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
  return new SitegenError(
    'SG4003',
    `A worker ${oom ? 'ran out of memory' : 'stopped'} while ${doing} ${shown}: ${(error as Error)?.message ?? String(error)}`,
    {
      location: { file: files[0] ?? '(unknown)' },
      hint: oom
        ? 'A document or component needs more memory than a worker has; look for runaway loops or huge data.'
        : 'Something in a component or plugin ended the worker (process.exit, a native crash). Run with --concurrency 1 --debug to narrow it down.',
      cause: error,
    },
  );
}

export function defaultConcurrency(): number {
  return env.concurrency() ?? Math.max(1, availableParallelism());
}

/** Documents per worker before another pays off: each worker loads React, markdown-it and grammars and warms its JIT alone. */
export const DOCUMENTS_PER_WORKER = 500;

/** Workers for a site of `documents`: one per 500 documents, at most one per core (or as set). */
export function concurrencyFor(documents: number, set?: number): number {
  if (set) return set;
  const cores = defaultConcurrency();
  return env.concurrency() ? cores : Math.min(cores, Math.max(1, Math.ceil(documents / DOCUMENTS_PER_WORKER)));
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  doing: string;
  files: string[];
}

export class WorkerSession {
  private seq = 0;
  private readonly pending = new Map<number, Pending>();
  private dead?: unknown;
  /** Requests sent and not yet answered. */
  inFlight = 0;
  /** Work assigned so far (for balancing). */
  load = 0;
  readonly done: Promise<SessionResult | undefined>;

  constructor(
    readonly index: number,
    private readonly port: MessagePort,
    task: Promise<SessionResult>,
    private readonly current: Int32Array,
  ) {
    port.on('message', (reply: WorkerReply) => {
      const pending = this.pending.get(reply.seq);
      if (!pending) return;
      this.pending.delete(reply.seq);
      this.inFlight--;
      if (reply.error) pending.reject(SitegenError.fromJSON(reply.error));
      else pending.resolve(reply.value);
    });
    this.done = task.then(
      (result) => result,
      (error) => {
        this.dead = error;
        // Its end of the channel may never have reached the worker (a task that could not be posted): closing this end
        // closes both, which would otherwise keep the process alive after the build has failed.
        port.close();
        // The item the worker was on when it died, else everything it had been given.
        const on = this.pending.get(Atomics.load(this.current, 0));
        const item = on?.files[Atomics.load(this.current, 1)];
        for (const [seq, pending] of this.pending) {
          this.pending.delete(seq);
          pending.reject(crashed(error, (on ?? pending).doing, item ? [item] : pending.files));
        }
        return undefined;
      },
    );
  }

  request<R extends WorkerRequest>(request: R, doing = 'working on', files: string[] = []): Promise<ReplyTo<R>> {
    if (this.dead) return Promise.reject(crashed(this.dead, doing, files));
    const seq = ++this.seq;
    this.inFlight++;
    return new Promise<ReplyTo<R>>((resolve, reject) => {
      this.pending.set(seq, { resolve: resolve as (value: unknown) => void, reject, doing, files });
      this.port.postMessage({ seq, request } satisfies Envelope);
    });
  }

  close(): void {
    if (!this.dead) this.port.postMessage({ seq: 0, request: { type: 'close' } } satisfies Envelope);
  }
}

export class Workers {
  private readonly piscina: Piscina;
  readonly sessions: WorkerSession[];
  readonly timings: HookTimings = {};

  private readonly sessionTask: (index: number) => WorkerSession;

  /**
   * Room for `size` workers, `start` of them loading now (`grow` starts more). The plugins may still be compiling: each
   * session takes them when ready or, should they fail, starts without them only to be closed, since stopping a worker
   * still importing its modules can bring the process down (Node 20).
   */
  constructor(
    readonly size: number,
    plugins: PluginModule[] | Promise<PluginModule[]>,
    start = size,
  ) {
    // Loaded on first use: a build with nothing to do never starts a worker.
    const { Piscina: Pool } = createRequire(import.meta.url)('piscina') as typeof import('piscina');
    this.piscina = new Pool({
      filename: join(PACKAGE_ROOT, 'lib/worker.js'),
      minThreads: Math.min(start, size),
      maxThreads: size,
      idleTimeout: 60_000,
      concurrentTasksPerWorker: 1,
      // SITEGEN_WORKER_MEMORY_MB caps each worker's heap: a runaway component fails its page (SG4003), not the machine.
      ...(env.workerMemoryMb() ? { resourceLimits: { maxOldGenerationSizeMb: env.workerMemoryMb() } } : {}),
    });
    this.sessionTask = (index) => {
      const { port1, port2 } = new MessageChannel();
      const current = new SharedArrayBuffer(8);
      const task = Promise.resolve(plugins)
        .catch((): PluginModule[] => [])
        .then(
          (list) =>
            this.piscina.run(
              { type: 'session', port: port2, plugins: list, current, interrupted: INTERRUPTED.buffer as SharedArrayBuffer },
              { transferList: [port2] },
            ) as Promise<SessionResult>,
        );
      return new WorkerSession(index, port1, task, new Int32Array(current));
    };
    this.sessions = Array.from({ length: Math.min(start, size) }, (_, index) => this.sessionTask(index));
  }

  /** Start workers up to `count` in all (at most `size`). */
  grow(count: number): void {
    while (this.sessions.length < Math.min(count, this.size)) this.sessions.push(this.sessionTask(this.sessions.length));
  }

  /** The session with the least work in flight, then the least work so far. */
  idlest(): WorkerSession {
    return this.sessions.reduce((a, b) => (b.inFlight < a.inFlight || (b.inFlight === a.inFlight && b.load < a.load) ? b : a));
  }

  /**
   * Run `batches` over the sessions, each on the one `pick` chooses (default: the idlest), at most `depth` in flight per
   * session (Infinity: all at once, to keep workers busy while this thread is). `more` makes further batches when the
   * queues run dry (undefined: no more), so the first go out before the rest are made. Results come in batch order.
   */
  async map<B, R>(
    batches: B[],
    run: (session: WorkerSession, batch: B) => Promise<R>,
    pick?: (batch: B) => WorkerSession | undefined,
    depth = 2,
    more?: () => B[] | undefined,
  ): Promise<R[]> {
    if (more && !Number.isFinite(depth)) throw new Error('Workers.map: batches made on demand need a finite depth');
    const all: B[] = [];
    const results: R[] = [];
    const queues = this.sessions.map(() => [] as number[]);
    const shared: number[] = [];
    const queue = (list: B[]) => {
      for (const batch of list) {
        const session = pick?.(batch);
        (session ? queues[session.index] : shared).push(all.length);
        all.push(batch);
      }
    };
    queue(batches);
    let exhausted = !more;
    /** The next batch for a session: its own, else anyone's, else newly made ones. */
    const next = (own: number[]): number | undefined => {
      for (;;) {
        const i = own.length ? own.shift() : shared.shift();
        if (i !== undefined || exhausted) return i;
        const list = more!();
        if (list) queue(list);
        else exhausted = true;
      }
    };
    let failed: { error: unknown } | undefined;
    await Promise.all(
      this.sessions.map(async (session) => {
        const own = queues[session.index];
        const lanes = Array.from({ length: more ? depth : Math.min(depth, all.length) }, async () => {
          while (!failed) {
            const i = next(own);
            if (i === undefined) return;
            try {
              results[i] = await run(session, all[i]);
            } catch (error) {
              failed ??= { error };
            }
          }
        });
        await Promise.all(lanes);
      }),
    );
    if (failed) throw failed.error;
    return results;
  }

  /** Close every session and stop the workers. */
  async destroy(): Promise<void> {
    for (const session of this.sessions) session.close();
    const results = await Promise.all(this.sessions.map((s) => s.done));
    for (const result of results) if (result) mergeTimings(this.timings, result.timings);
    await this.piscina.destroy();
  }
}

/** Batches of at most `size` items with one owner each (`ownerOf`, or none), so a batch can go to the worker holding them. */
export function ownedBatches<T>(items: T[], ownerOf: (item: T) => WorkerSession | undefined, size: number): T[][] {
  const groups = new Map<WorkerSession | undefined, T[]>();
  for (const item of items) {
    const owner = ownerOf(item);
    let group = groups.get(owner);
    if (!group) groups.set(owner, (group = []));
    group.push(item);
  }
  return [...groups.values()].flatMap((group) => batches(group, size));
}

/** Split `items` into batches of about `size`. */
export function batches<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
