/**
 * Whether the output folder is exactly what the last build into it left: its build id, and every
 * file at its size and not modified since that build finished (all an up-to-date check reads of it).
 */
import { existsSync, statSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { latestId, outputFile, type OutputIndex } from './state.ts';

/** The output folder as the start of its files' paths. */
const filesPrefix = (outDir: string) => (outDir.endsWith('/') ? outDir : `${outDir}/`);

/**
 * Every file of the output at the size the state gives it (`true`) or not (`false`), checked on a thread of its own so
 * the stats overlap discovery and hashing; it reads the state file itself, so nothing large is copied to it.
 * `undefined` when the thread cannot answer (its state file is not this one): the main thread checks instead.
 */
export interface OutputCheck {
  sizes: Promise<boolean | undefined>;
  /**
   * Then, when the state names a spare generation: whether the spare holds the output's very files (the same inodes)
   * at every path its recorded changes leave alone. With the output intact, the spare caught up by those changes is the
   * output, file for file, and a build that takes it over need not look at its unchanged files again. `undefined` while
   * unknown (still checking, stopped, no spare).
   */
  spareSame(): boolean | undefined;
  /** The same, once the thread has answered it or stopped. */
  spare: Promise<boolean | undefined>;
  /** Stop it by a flag read between stats: terminating a thread that is still starting can abort the process (Node 20). */
  cancel(): void;
}

// Started before the state is read (spawnOutputCheck), it waits for what to check (OutputCheckThread.check) or to stop.
const CHECK_SIZES = `
const { parentPort } = require('node:worker_threads');
const { readFileSync, statSync, lstatSync } = require('node:fs');
parentPort.once('message', (workerData) => {
  if (!workerData.file) return parentPort.close();
  let intact;
  let state;
  const stop = new Int32Array(workerData.stop);
  try {
    state = JSON.parse(readFileSync(workerData.file, 'utf8'));
    if (state.id === workerData.id && Array.isArray(state.files)) {
      const builtAt = state.builtAt ?? Infinity;
      const inodes = workerData.spare ? new Float64Array(state.files.length * 2) : undefined;
      intact = state.files.every(([path, size], i) => {
        if (i % 256 === 0 && Atomics.load(stop, 0)) return false;
        const stats = statSync(workerData.dir + path, { throwIfNoEntry: false });
        if (inodes && stats) (inodes[2 * i] = stats.dev), (inodes[2 * i + 1] = stats.ino);
        return stats?.size === size && stats.mtimeMs <= builtAt;
      });
      state.inodes = inodes;
    }
  } catch {}
  parentPort.postMessage({ phase: 'sizes', intact });
  let spare;
  try {
    const changes = state?.spare?.changes;
    if (intact && state.inodes && Array.isArray(changes)) {
      const changed = new Set(changes);
      const inodes = state.inodes;
      spare = state.files.every(([path], i) => {
        if (i % 256 === 0 && Atomics.load(stop, 0)) return false;
        if (changed.has(path)) return true;
        const stats = lstatSync(workerData.spare + path, { throwIfNoEntry: false });
        return !!stats && stats.isFile() && stats.dev === inodes[2 * i] && stats.ino === inodes[2 * i + 1];
      });
    }
  } catch {
    spare = undefined;
  }
  parentPort.postMessage({ phase: 'spare', spare });
  parentPort.close();
});
`;

/**
 * The check's thread, started early (its start overlaps loading the project), then given its state or stopped: one or
 * the other, always, for it keeps the process alive until then.
 */
export interface OutputCheckThread {
  check(cacheDir: string, state: OutputIndex): OutputCheck;
  /** Not needed after all: the thread ends of itself (never terminated, see OutputCheck.cancel). */
  stop(): void;
}

export function spawnOutputCheck(): OutputCheckThread {
  let worker: Worker | undefined;
  try {
    worker = new Worker(CHECK_SIZES, { eval: true });
  } catch {
    worker = undefined;
  }
  let used = false;
  return {
    check: (cacheDir, state) => {
      used = true;
      return checkOn(worker, cacheDir, state);
    },
    stop: () => {
      if (used) return;
      used = true;
      worker?.postMessage({});
    },
  };
}

/** Every file of the output checked on `worker` (a thread from spawnOutputCheck), which reads the state file itself. */
function checkOn(worker: Worker | undefined, cacheDir: string, state: OutputIndex): OutputCheck {
  const stop = new SharedArrayBuffer(4);
  let spareSame: boolean | undefined;
  let spareAnswered: (same: boolean | undefined) => void;
  const spare = new Promise<boolean | undefined>((resolve) => (spareAnswered = resolve));
  const sizes = new Promise<boolean | undefined>((resolve) => {
    const unanswered = () => (resolve(undefined), spareAnswered(undefined));
    if (!worker) return unanswered();
    worker.on('message', (answer: { phase: 'sizes' | 'spare'; intact?: boolean; spare?: boolean }) => {
      if (answer.phase === 'sizes') resolve(answer.intact);
      else spareAnswered((spareSame = answer.spare));
    });
    worker.once('error', unanswered);
    worker.once('exit', () => (resolve(undefined), spareAnswered(spareSame)));
    worker.postMessage({
      file: outputFile(cacheDir, state.outDir),
      id: state.id,
      dir: filesPrefix(state.dir ?? state.outDir),
      ...(state.spare ? { spare: filesPrefix(state.spare.dir) } : {}),
      stop,
    });
  });
  return { sizes, spareSame: () => spareSame, spare, cancel: () => Atomics.store(new Int32Array(stop), 0, 1) };
}

/** The check on a thread of its own, started now. */
export function checkOutputSizes(cacheDir: string, state: OutputIndex): OutputCheck {
  return spawnOutputCheck().check(cacheDir, state);
}

/**
 * Is the output folder exactly what the state says: its build id, every file at its size?
 * `check`: the sizes' answer from the check's thread (spawnOutputCheck), when one was started.
 */
export async function outputIntact(state: OutputIndex, check?: OutputCheck): Promise<boolean> {
  try {
    // Read again: the output may have been replaced since the state was loaded. Its generation
    // counts when the output link is gone (a CI job restored the folders), not when it shows another.
    const where = state.dir;
    if (!where || (where !== state.outDir && existsSync(state.outDir)) || latestId(where) !== state.id) return false;
    const sizes = await check?.sizes;
    if (sizes !== undefined) return sizes;
    // Synchronous stats: from the kernel's cache, far cheaper than a promise through the thread pool, one per file.
    const dir = filesPrefix(where);
    const builtAt = state.builtAt ?? Infinity;
    return state.files.every(([path, size]) => {
      const stats = statSync(dir + path, { throwIfNoEntry: false });
      return stats?.size === size && stats.mtimeMs <= builtAt;
    });
  } catch {
    return false;
  }
}
