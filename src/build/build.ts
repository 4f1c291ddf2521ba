/**
 * `sitegen build`: the pipeline's stages in order, sharing one BuildContext: load and scan the project (load.ts), identify
 * the build and whether the output is up to date (identify.ts), plan and render into a new folder (write.ts), then the
 * checks, the swap and the records (finish.ts).
 */
import { join, relative } from 'node:path';
import type { ConfigOverrides } from '../config/load.ts';
import type { SitegenError } from '../errors.ts';
import type { Logger } from '../log.ts';
import { type OutputFolder, hookSignals } from '../output/folder.ts';
import { identify, upToDate } from './identify.ts';
import { load, scan } from './load.ts';
import { finish } from './finish.ts';
import { lockBuild } from './lock.ts';
import { cacheDirOf, projectRoot } from '../pipeline/project.ts';
import { plan, render } from './write.ts';

export interface BuildOptions extends ConfigOverrides {
  /** Rebuild even when the output is up to date. */
  force?: boolean;
  /** Write the changed and removed output paths to this file, one per line. */
  changes?: string;
  /** Render every file again and compare it with the output: what differs is said and written again (implies force). */
  verify?: boolean;
  root?: string;
  concurrency?: number;
  drafts?: boolean;
  /** Include posts dated after "now" (marked as scheduled). */
  future?: boolean;
  /** The build's "now", an ISO date or date-time (default: SOURCE_DATE_EPOCH, else the clock). */
  now?: string;
  log: Logger;
  profile?: boolean;
}

export interface BuildResult {
  buildId: string;
  outDir: string;
  pages: number;
  documents: number;
  warnings: SitegenError[];
  ms: number;
  /** Nothing changed: the existing output was kept. */
  upToDate?: boolean;
  /** Pages linked from the previous output (unchanged) rather than rendered. */
  reused?: number;
}

function memory(): string {
  const { rss, heapUsed } = process.memoryUsage();
  return `rss ${(rss / 1048576).toFixed(0)} MB, heap ${(heapUsed / 1048576).toFixed(0)} MB`;
}

/**
 * One line per step with its time; with --profile also memory and the step's time per item it worked on (`per`),
 * measured only then (reading the process's memory takes milliseconds).
 */
function phases(log: Logger, profile = false) {
  let last = performance.now();
  return (message: string, per?: [number, string]) => {
    const now = performance.now();
    log.step(message, now - last);
    if (profile) log.profile(`  ${memory()}${per?.[0] ? `, ${((now - last) / per[0]).toFixed(3)} ms per ${per[1]}` : ''}`);
    last = now;
  };
}

export async function build(options: BuildOptions): Promise<BuildResult> {
  hookSignals(); // Ctrl-C at any point: exit 130, removing unfinished output
  const root = projectRoot(options.root ?? '.');
  const unlock = await lockBuild(cacheDirOf(root), root, (holder) =>
    options.log.info(
      `waiting for another build of this project to finish (process ${holder.pid}, started ${holder.started}; if none is running, delete ${relative(process.cwd(), join(cacheDirOf(root), 'build.lock')) || 'build.lock'})…`,
    ),
  );
  try {
    return await buildLocked(options);
  } finally {
    unlock();
  }
}

async function buildLocked(options: BuildOptions): Promise<BuildResult> {
  const ctx = await load(options, { started: performance.now(), log: options.log, done: phases(options.log, options.profile) });
  try {
    await scan(ctx);
    await identify(ctx);
    const kept = await upToDate(ctx);
    if (kept) return kept;
    try {
      const started = await plan(ctx);
      const outputs = await render(ctx, started);
      return await finish(ctx, outputs);
    } finally {
      // Once committed, there is nothing to discard.
      await (ctx.folder as OutputFolder | undefined)?.discard();
    }
  } finally {
    ctx.outputCheck?.cancel();
    await ctx.docCacheSaved;
    // Closed, not terminated: stopping a worker still importing its modules can abort the process (V8 fatal error, Node 20).
    await Promise.all([ctx.closing, ctx.workers?.destroy()]);
  }
}
