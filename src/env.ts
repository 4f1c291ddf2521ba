/** Every environment variable sitegen reads, in one place. */
import { SitegenError } from './errors.ts';

/** A whole number of 1 or more; unset or empty: none. Any other value is SG1004, as `--concurrency 0` is refused. */
function positiveInt(name: string): number | undefined {
  const raw = process.env[name];
  if (!raw) return undefined;
  if (/^\d+$/.test(raw.trim()) && Number(raw) >= 1) return Number(raw);
  const shown = JSON.stringify(raw.length > 40 ? `${raw.slice(0, 40)}…` : raw);
  throw new SitegenError('SG1004', `${name} ${shown} is not a whole number of 1 or more`, {
    hint: `Set it to a whole number (${name}=2), or unset it for the default.`,
  });
}

export const env = {
  /** Check every variable a build or `sitegen dev` reads, before anything starts (SG1004, SG2018). */
  check(): void {
    env.concurrency();
    env.workerMemoryMb();
    env.sourceDateEpoch();
  },
  /** Worker threads (the --concurrency default). */
  concurrency: () => positiveInt('SITEGEN_CONCURRENCY'),
  /** Heap cap per worker, in MB. */
  workerMemoryMb: () => positiveInt('SITEGEN_WORKER_MEMORY_MB'),
  /** Reproducible builds: the build time in seconds since the epoch (unset or empty: none); SG2018 for any other value. */
  sourceDateEpoch,
  /** Print every input of the build id (to find why two builds differ). */
  debugBuildId: () => Boolean(process.env.SITEGEN_DEBUG_BUILD_ID),
  /** Tests only: pause this long between the steps of the output swap, to kill a build inside it. */
  testSwapPauseMs: () => positiveInt('SITEGEN_TEST_SWAP_PAUSE_MS'),
  /** Tests only: check the output on a thread of its own from this many files, and wait for its answer on the spare (a small fixture takes the path of a large site). */
  testCheckThreadFrom: () => positiveInt('SITEGEN_TEST_CHECK_THREAD_FROM'),
  /** Tests only: `sitegen dev` parses the bodies asked for at once in a worker pool from this many (a small fixture takes a large site's path). */
  testDevPoolFrom: () => positiveInt('SITEGEN_TEST_DEV_POOL_FROM'),
};

/** The last moment a Date holds, in seconds since the epoch (+275760-09-13). */
const LAST_EPOCH_SECOND = 8.64e12;

/** SOURCE_DATE_EPOCH: digits only, as `date +%s` prints them; the reproducible-builds spec says a malformed value fails the build. */
function sourceDateEpoch(): number | undefined {
  const raw = process.env.SOURCE_DATE_EPOCH;
  if (!raw) return undefined;
  const value = Number(raw);
  if (/^\d+$/.test(raw) && value <= LAST_EPOCH_SECOND) return value;
  const shown = JSON.stringify(raw.length > 40 ? `${raw.slice(0, 40)}…` : raw);
  const problem = /^\d+$/.test(raw)
    ? `is after the last date JavaScript can hold (${LAST_EPOCH_SECOND} seconds, in the year 275760)`
    : 'is not a whole number of seconds since 1970-01-01 00:00 UTC';
  throw new SitegenError('SG2018', `SOURCE_DATE_EPOCH ${shown} ${problem}`, {
    hint: 'Set it to the seconds since the epoch, as `date +%s` or `git log -1 --format=%ct` prints them (SOURCE_DATE_EPOCH=1700000000), or unset it to build with the clock.',
  });
}
