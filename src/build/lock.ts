/**
 * One build at a time in a project. Two at once write the same cache records and swap the same output link: each can
 * read the other's records half written (a "damaged" cache) and put live an output the other then replaces. A second
 * build waits for the first, as cargo does, then builds from what the first left.
 */
import { linkSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { alive } from '../output/folder.ts';

interface Holder {
  pid: number;
  host: string;
  started: string;
}

function holderOf(file: string): Holder | undefined {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as Holder;
    return Number.isInteger(holder.pid) && typeof holder.host === 'string' ? holder : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `pid` runs a build: alive, and (where Linux says) a Node process, not another that took the number since. */
function building(pid: number): boolean {
  if (!alive(pid)) return false;
  try {
    return /node|sitegen/i.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return true; // no /proc: alive is all there is to go by
  }
}

/** How often a waiting build looks at the lock again. */
const POLL_MS = 100;

/**
 * Take the project's build lock (`build.lock` in the cache folder), waiting while a build that holds it runs on this
 * machine (`waiting` is called once, with its holder). A lock left by a build that is gone (killed, or from another
 * machine in a restored cache) is taken over. Returns its release; it is released at exit too.
 */
export async function lockBuild(cacheDir: string, root: string, waiting: (holder: Holder) => void): Promise<() => void> {
  // No project folder: loading the project says so, and nothing is made here.
  if (!statSync(root, { throwIfNoEntry: false })?.isDirectory()) return () => undefined;
  const file = join(cacheDir, 'build.lock');
  mkdirSync(cacheDir, { recursive: true });
  // Written whole, then linked in place: a build that finds the lock always finds its holder in it.
  const temp = `${file}.${process.pid}`;
  writeFileSync(temp, JSON.stringify({ pid: process.pid, host: hostname(), started: new Date().toISOString() } satisfies Holder));
  let told = false;
  try {
    for (;;) {
      try {
        linkSync(temp, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = holderOf(file);
      if (holder && holder.host === hostname() && building(holder.pid)) {
        if (!told) waiting(holder);
        told = true;
        await sleep(POLL_MS);
      } else if (holder) {
        if (holderOf(file)?.pid === holder.pid) rmSync(file, { force: true }); // its build is gone
      } else {
        await sleep(POLL_MS); // being replaced this moment (or unreadable: gone at the next look, else taken over)
        if (!holderOf(file)) rmSync(file, { force: true });
      }
    }
  } finally {
    rmSync(temp, { force: true });
  }
  const release = () => {
    if (holderOf(file)?.pid === process.pid) rmSync(file, { force: true });
  };
  process.once('exit', release);
  return () => {
    process.removeListener('exit', release);
    release();
  };
}
