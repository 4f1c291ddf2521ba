/**
 * Never half a site: a build writes into a temporary sibling folder and swaps it in only
 * when everything succeeded. Until then the previous output stays exactly as it was.
 */
import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { FsWriter } from './writer.ts';

const live = new Set<string>();
let hooked = false;

/** On Ctrl-C or kill, remove unfinished temporary folders before exiting. */
function hookSignals(): void {
  if (hooked) return;
  hooked = true;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      for (const dir of live) {
        try {
          require('node:fs').rmSync(dir, { recursive: true, force: true });
        } catch {
          // best effort: the next build clears stale folders too
        }
      }
      process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  }
}

export class OutputFolder {
  private committed = false;
  readonly writer: FsWriter;

  private constructor(readonly outDir: string, readonly tempDir: string) {
    this.writer = new FsWriter(tempDir);
  }

  static async create(outDir: string): Promise<OutputFolder> {
    const parent = dirname(outDir);
    await mkdir(parent, { recursive: true });
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
    if (hadOld) await rm(old, { recursive: true, force: true });
  }

  /** Remove the temporary folder unless it was committed. */
  async discard(): Promise<void> {
    if (this.committed) return;
    live.delete(this.tempDir);
    await rm(this.tempDir, { recursive: true, force: true });
  }
}
