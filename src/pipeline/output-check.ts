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
   * The main thread's share, once it has nothing else to do but wait for `sizes`: it takes the chunks of files the
   * thread has not, and answers at once when every chunk is checked (else undefined: the thread is finishing one).
   */
  help(): boolean | undefined;
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

/** Files a thread takes from the output's list at a time. */
const CHUNK = 256;

/**
 * The check's shared counters (an Int32Array on a SharedArrayBuffer): 0 stop (set by `cancel`), 1 the next chunk to
 * take, 2 the chunks done, 3 a file found changed.
 */
const SLOTS = 4;

/**
 * Take chunks of `files` from `control` (shared by the check's thread and, once its own work is done, the main thread)
 * and stat their files until none is left: a file missing, of another size or modified since `builtAt` marks the
 * output changed (slot 3). Each chunk taken is counted done (slot 2), checked or skipped (stopped, or a change found).
 * `inodes`: each file's device and inode, for the spare check. Runs on both threads: it uses only its arguments, and
 * its source is the thread's too.
 */
function takeChunks(
  statSync: typeof import('node:fs').statSync,
  files: [string, number][],
  dir: string,
  builtAt: number,
  control: Int32Array,
  chunk: number,
  inodes?: Float64Array,
): void {
  const chunks = Math.ceil(files.length / chunk);
  for (let taken = Atomics.add(control, 1, 1); taken < chunks; taken = Atomics.add(control, 1, 1)) {
    try {
      const end = Math.min(files.length, (taken + 1) * chunk);
      for (let i = taken * chunk; i < end && Atomics.load(control, 0) === 0 && Atomics.load(control, 3) === 0; i++) {
        const stats = statSync(dir + files[i][0], { throwIfNoEntry: false });
        if (inodes && stats) {
          inodes[2 * i] = stats.dev;
          inodes[2 * i + 1] = stats.ino;
        }
        if (!stats || stats.size !== files[i][1] || !(stats.mtimeMs <= builtAt)) Atomics.store(control, 3, 1);
      }
    } catch {
      Atomics.store(control, 3, 1);
    } finally {
      Atomics.add(control, 2, 1);
      Atomics.notify(control, 2);
    }
  }
}

// Started before the state is read (spawnOutputCheck), it waits for what to check (OutputCheckThread.check) or to stop.
const CHECK_SIZES = `
const { parentPort } = require('node:worker_threads');
const { readFileSync, statSync, lstatSync } = require('node:fs');
const takeChunks = ${takeChunks.toString()};
parentPort.once('message', (workerData) => {
  if (!workerData.file) return parentPort.close();
  let intact;
  let state;
  const control = new Int32Array(workerData.control);
  try {
    state = JSON.parse(readFileSync(workerData.file, 'utf8'));
    if (state.id === workerData.id && Array.isArray(state.files) && state.files.length === workerData.count) {
      const inodes = workerData.inodes ? new Float64Array(workerData.inodes) : undefined;
      takeChunks(statSync, state.files, workerData.dir, state.builtAt ?? Infinity, control, workerData.chunk, inodes);
      // The main thread may still be checking a chunk it took.
      const chunks = Math.ceil(state.files.length / workerData.chunk);
      for (let done = Atomics.load(control, 2); done < chunks; done = Atomics.load(control, 2)) Atomics.wait(control, 2, done, 50);
      intact = Atomics.load(control, 0) === 0 && Atomics.load(control, 3) === 0;
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
        if (i % 256 === 0 && Atomics.load(control, 0)) return false;
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
  const control = new Int32Array(new SharedArrayBuffer(SLOTS * Int32Array.BYTES_PER_ELEMENT));
  // Filled by whichever thread checks a file, for the thread's spare check.
  const inodes = state.spare ? new Float64Array(new SharedArrayBuffer(state.files.length * 2 * Float64Array.BYTES_PER_ELEMENT)) : undefined;
  const dir = filesPrefix(state.dir ?? state.outDir);
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
      count: state.files.length,
      dir,
      ...(state.spare ? { spare: filesPrefix(state.spare.dir) } : {}),
      control: control.buffer,
      chunk: CHUNK,
      ...(inodes ? { inodes: inodes.buffer } : {}),
    });
  });
  const help = () => {
    takeChunks(statSync, state.files, dir, state.builtAt ?? Infinity, control, CHUNK, inodes);
    // Every chunk checked (the thread's too, or this thread took them all): the answer is known here.
    if (Atomics.load(control, 2) < Math.ceil(state.files.length / CHUNK)) return undefined;
    return Atomics.load(control, 0) === 0 && Atomics.load(control, 3) === 0;
  };
  return { sizes, help, spareSame: () => spareSame, spare, cancel: () => Atomics.store(control, 0, 1) };
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
    const sizes = check ? (check.help() ?? (await check.sizes)) : undefined;
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
