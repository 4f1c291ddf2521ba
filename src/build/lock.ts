/**
 * One build at a time in a project. Two at once write the same cache records and swap the same output link: each can
 * read the other's records half written (a "damaged" cache) and put live an output the other then replaces.
 */
import { linkSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, relative } from 'node:path';
import { SitegenError } from '../errors.ts';

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

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Take the project's build lock (`build.lock` in the cache folder), or fail with SG7005 while a build that holds it is
 * running on this machine. A lock left by a build that is gone (killed, or from another machine in a restored cache)
 * is taken over. Returns its release; it is released at exit too.
 */
export function lockBuild(cacheDir: string, root: string): () => void {
  // No project folder: loading the project says so, and nothing is made here.
  if (!statSync(root, { throwIfNoEntry: false })?.isDirectory()) return () => undefined;
  const file = join(cacheDir, 'build.lock');
  mkdirSync(cacheDir, { recursive: true });
  const mine = JSON.stringify({ pid: process.pid, host: hostname(), started: new Date().toISOString() } satisfies Holder);
  // Written whole, then linked in place: a build that finds the lock always finds it with its holder in it.
  const temp = `${file}.${process.pid}`;
  writeFileSync(temp, mine);
  for (let attempt = 0; ; attempt++) {
    try {
      linkSync(temp, file);
      rmSync(temp, { force: true });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        rmSync(temp, { force: true });
        throw error;
      }
      const holder = holderOf(file);
      if ((holder && holder.host === hostname() && running(holder.pid)) || attempt >= 3) {
        rmSync(temp, { force: true });
        throw new SitegenError(
          'SG7005',
          `Another sitegen build is running in this project${holder ? ` (process ${holder.pid}, started ${holder.started})` : ''}`,
          {
            hint: `Wait for it to finish or stop it, then build again. If no build is running, delete ${relative(root, file) || file}.`,
          },
        );
      }
      rmSync(file, { force: true });
    }
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
