/**
 * Never half a site: a build writes into a temporary sibling folder and swaps it in only
 * when everything succeeded. Until then the previous output stays exactly as it was.
 */
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { FsWriter } from './writer.ts';

const live = new Set<string>();
let hooked = false;

/**
 * Set (to 1) when the build is interrupted; shared with the workers, whose writers check it before
 * every file, so nothing is written into a temporary folder once its removal has begun.
 */
export const INTERRUPTED = new Int32Array(new SharedArrayBuffer(4));

/** On Ctrl-C or kill, remove unfinished temporary folders before exiting. */
export function hookSignals(): void {
  if (hooked) return;
  hooked = true;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      Atomics.store(INTERRUPTED, 0, 1);
      for (const dir of live) {
        // Workers may still be finishing a write into it (they stop at the next file): try again
        // until it is gone, for up to about two seconds.
        for (let attempt = 0; attempt < 40 && existsSync(dir); attempt++) {
          try {
            rmSync(dir, { recursive: true, force: true, maxRetries: 3, retryDelay: 10 });
          } catch {
            Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50); // a synchronous pause
          }
        }
      }
      process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Folders left by a build that was killed (SIGKILL, power loss): removed by the next build. */
async function removeStale(parent: string, name: string): Promise<void> {
  const pattern = new RegExp(`^\\.${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(tmp|old)-(\\d+)$`);
  for (const entry of await readdir(parent)) {
    const m = pattern.exec(entry);
    if (m && Number(m[2]) !== process.pid && !alive(Number(m[2]))) await rm(join(parent, entry), { recursive: true, force: true });
  }
}

/**
 * The previous output, already swapped out, is deleted by a detached process: the build is done
 * when the new folder is in place, not when tens of thousands of old files are unlinked (1–2 s at
 * 10,000 pages). The process first renames the folder to carry its own pid, so a build starting
 * meanwhile leaves it alone (removeStale); if it cannot start, the folder is removed here.
 */
async function removeInBackground(dir: string): Promise<void> {
  const script = `const fs=require('fs'),p=require('path');const d=process.argv[1];const t=p.join(p.dirname(d),p.basename(d).replace(/-\\d+$/,'-'+process.pid));try{fs.renameSync(d,t)}catch{process.exit(0)}fs.rmSync(t,{recursive:true,force:true,maxRetries:5})`;
  try {
    const child = spawn(process.execPath, ['-e', script, dir], { detached: true, stdio: 'ignore', env: {} });
    await new Promise<void>((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', reject);
    });
    child.unref();
  } catch {
    await rm(dir, { recursive: true, force: true });
  }
}

export class OutputFolder {
  private committed = false;
  readonly writer: FsWriter;

  private constructor(readonly outDir: string, readonly tempDir: string) {
    this.writer = new FsWriter(tempDir, 64, INTERRUPTED);
  }

  static async create(outDir: string): Promise<OutputFolder> {
    const parent = dirname(outDir);
    await mkdir(parent, { recursive: true });
    await removeStale(parent, basename(outDir));
    const tempDir = join(parent, `.${basename(outDir)}.tmp-${process.pid}`);
    await rm(tempDir, { recursive: true, force: true });
    await mkdir(tempDir, { recursive: true });
    live.add(tempDir);
    hookSignals();
    return new OutputFolder(outDir, tempDir);
  }

  /** Swap the finished folder in: old → .old, new → out, remove old. */
  async commit(): Promise<void> {
    const old = join(dirname(this.outDir), `.${basename(this.outDir)}.old-${process.pid}`);
    const hadOld = existsSync(this.outDir);
    if (hadOld) await rename(this.outDir, old);
    await rename(this.tempDir, this.outDir);
    this.committed = true;
    live.delete(this.tempDir);
    if (hadOld) await removeInBackground(old);
  }

  /** Remove the temporary folder unless it was committed. */
  async discard(): Promise<void> {
    if (this.committed) return;
    live.delete(this.tempDir);
    await rm(this.tempDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  }
}
