/** Every environment variable sitegen reads, in one place. */

function positiveInt(name: string): number | undefined {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

export const env = {
  /** Worker threads (the --concurrency default). */
  concurrency: () => positiveInt('SITEGEN_CONCURRENCY'),
  /** Heap cap per worker, in MB. */
  workerMemoryMb: () => positiveInt('SITEGEN_WORKER_MEMORY_MB'),
  /** Reproducible builds: the build time in seconds since the epoch. */
  sourceDateEpoch: (): number | undefined => {
    const raw = process.env.SOURCE_DATE_EPOCH;
    const value = Number(raw);
    return raw && Number.isFinite(value) ? value : undefined;
  },
  /** Print every input of the build id (to find why two builds differ). */
  debugBuildId: () => Boolean(process.env.SITEGEN_DEBUG_BUILD_ID),
  /** Tests only: pause this long between the steps of the output swap, to kill a build inside it. */
  testSwapPauseMs: () => positiveInt('SITEGEN_TEST_SWAP_PAUSE_MS'),
  /** Tests only: check the output on a thread of its own from this many files, and wait for its answer on the spare (a small fixture takes the path of a large site). */
  testCheckThreadFrom: () => positiveInt('SITEGEN_TEST_CHECK_THREAD_FROM'),
  /** Tests only: `sitegen dev` parses the bodies asked for at once in a worker pool from this many (a small fixture takes a large site's path). */
  testDevPoolFrom: () => positiveInt('SITEGEN_TEST_DEV_POOL_FROM'),
};
