/**
 * Never half a site: `dist` is a symbolic link to a generation in `.dist.sitegen/`, and a finished build renames a new
 * link over it in one atomic step, so `dist` is always one complete output, even when a build is killed. Unchanged
 * files are hard links to the previous generation's; the replaced generation is kept as the next build's starting
 * point while the two differ in few files (the spare), else deleted in the background.
 */
import { spawn } from 'node:child_process';
import { existsSync, linkSync, mkdirSync, rmSync, rmdirSync, unlinkSync, copyFileSync } from 'node:fs';
import { mkdir, readdir, readlink, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { env } from '../env.ts';
import { SitegenError } from '../errors.ts';
import { FsWriter, joinPlain } from './writer.ts';

/** The generation a build replaced, kept to become the next build's folder (OutputState.spare). */
export interface Spare {
  dir: string;
  /** The paths in which the generation that replaced it differs from it. */
  changes: string[];
}

const live = new Set<string>();
let hooked = false;

/** Set to 1 when the build is interrupted; workers check it before every file, so nothing is written into a folder being removed. */
export const INTERRUPTED = new Int32Array(new SharedArrayBuffer(4));

/** On Ctrl-C or kill, remove unfinished temporary folders before exiting. */
export function hookSignals(): void {
  if (hooked) return;
  hooked = true;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      Atomics.store(INTERRUPTED, 0, 1);
      for (const dir of live) {
        // Workers may still be finishing a write into it (they stop at the next file): retry for about two seconds.
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

/** Whether process `pid` runs (on this machine): one that exists but is not ours (EPERM) runs too. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * `mkdir -p` one folder at a time: Node's recursive mkdir never returns where a parent refuses new entries with ENOENT
 * (under /proc or /sys); here that is SG7001 naming the folder.
 */
async function makeDirs(dir: string): Promise<void> {
  const missing: string[] = [];
  for (let at = resolve(dir); ; at = dirname(at)) {
    try {
      // A file where the folder should be: mkdir says so (EEXIST), as `mkdir -p` would.
      if (!(await stat(at)).isDirectory() && !missing.length) await mkdir(at);
      break;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
    }
    missing.push(at);
    if (dirname(at) === at) break;
  }
  for (const folder of missing.reverse()) {
    try {
      await mkdir(folder);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST' && (await stat(folder)).isDirectory()) continue; // made meanwhile
      if (code !== 'ENOENT') throw error;
      throw new SitegenError('SG7001', `Cannot create the folder ${folder}: ${(error as Error).message}`, {
        hint: 'Its parent folder exists but takes no new entries (a system folder such as /proc or /sys?): choose an output folder elsewhere (--out or outDir).',
      });
    }
  }
}

/** Where the generations of `outDir` live: `.dist.sitegen/` beside `dist`. */
export const generationsOf = (outDir: string) => join(dirname(outDir), `.${basename(outDir)}.sitegen`);

/** The folder the output link points at (absolute), or undefined when it is no link. */
export async function linkTarget(outDir: string): Promise<string | undefined> {
  try {
    return resolve(dirname(outDir), await readlink(outDir));
  } catch {
    return undefined;
  }
}

/** Tests only: a pause (SITEGEN_TEST_SWAP_PAUSE_MS) between the steps of the swap, to kill a build inside it. */
const swapPause = () => new Promise((r) => setTimeout(r, env.testSwapPauseMs() ?? 0));

/** Remove folders left by a killed build (SIGKILL, power loss), never the generation the output links to. */
async function removeStale(outDir: string, keep?: string, spare?: string): Promise<void> {
  const gens = generationsOf(outDir);
  const current = await linkTarget(outDir);
  for (const entry of await readdir(gens)) {
    if (entry.startsWith('spare-') && join(gens, entry) !== spare) await removeInBackground(join(gens, entry));
    const m = /^(tmp|out|old|link)-(?:.*-)?(\d+)$/.exec(entry);
    const dir = join(gens, entry);
    if (!m || dir === current || dir === keep || Number(m[2]) === process.pid || alive(Number(m[2]))) continue;
    // A whole output whose link was removed by hand: deleted in the background, like a replaced one.
    if (m[1] === 'out') await removeInBackground(dir);
    else await rm(dir, { recursive: true, force: true });
  }
  // Temporary folders beside the output, from sitegen before the output became a link.
  const legacy = new RegExp(`^\\.${basename(outDir).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(tmp|old)-(\\d+)$`);
  for (const entry of await readdir(dirname(outDir))) {
    const m = legacy.exec(entry);
    if (m && !alive(Number(m[2]))) await rm(join(dirname(outDir), entry), { recursive: true, force: true });
  }
}

const GENERATIONS_README = `This folder holds sitegen's build outputs. The output folder beside it is a link to the
current one, replaced in one step when a build finishes. Delete this folder together with
the output folder, or leave both to sitegen.
`;

/**
 * Delete an old generation in a detached process, so the build need not wait for its files to be unlinked. The process
 * first renames it to carry its own pid, so a build starting meanwhile leaves it alone; if it cannot start, rm it here.
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

/** Take the spare as `tempDir` (a rename), when it is there. */
async function takeSpare(spare: Spare, tempDir: string): Promise<boolean> {
  try {
    await rename(spare.dir, tempDir);
    return true;
  } catch {
    return false;
  }
}

/** Make `dir`, a copy of an older output, into a copy of `current` (links) by the paths in which they differ. */
function catchUp(dir: string, current: string, changes: string[]): void {
  for (const path of changes) {
    removeFile(dir, path);
    const from = joinPlain(current, path);
    const to = joinPlain(dir, path);
    if (!existsSync(from)) continue; // removed in `current`
    mkdirSync(dirname(to), { recursive: true });
    try {
      linkSync(from, to);
    } catch {
      copyFileSync(from, to);
    }
  }
}

/** Remove `path` below `dir`, and the folders it leaves empty. */
function removeFile(dir: string, path: string): void {
  const file = joinPlain(dir, path);
  try {
    unlinkSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EISDIR' || code === 'EPERM') rmSync(file, { recursive: true, force: true });
    else return;
  }
  for (let at = dirname(file); at.length > dir.length && at.startsWith(dir); at = dirname(at)) {
    try {
      rmdirSync(at);
    } catch {
      return; // not empty
    }
  }
}

/** A new link to `generation` beside the output, to be renamed over it. */
async function newLink(outDir: string, generation: string): Promise<string> {
  const link = join(generationsOf(outDir), `link-${process.pid}`);
  await rm(link, { force: true });
  const windows = process.platform === 'win32';
  await symlink(windows ? generation : relative(dirname(outDir), generation), link, windows ? 'junction' : 'dir');
  return link;
}

/** Point a missing output link at `generation` again, in one step (a CI job restores the generations, not the link). */
export async function restoreLink(outDir: string, generation: string): Promise<void> {
  await rename(await newLink(outDir, generation), outDir);
}

export class OutputFolder {
  private committed = false;
  readonly writer: FsWriter;

  private constructor(
    readonly outDir: string,
    readonly tempDir: string,
    /** The generation the output shows now, which this one replaces. */
    readonly previous: string | undefined,
    /** The folder started as a copy of `previous` (links): what this build does not write is removed (`removeLeftovers`). */
    readonly inPlace: boolean,
  ) {
    this.writer = new FsWriter(tempDir, INTERRUPTED, previous, inPlace);
  }

  /** In place: remove the previous output's files that this build did not write. */
  removeLeftovers(removed: string[]): void {
    if (this.inPlace) for (const path of removed) removeFile(this.tempDir, path);
  }

  /** The generation this build's output becomes (set by commit). */
  generation?: string;

  /**
   * `recorded`: where the last build's records put its output (a generation, when the link is gone or shows another);
   * unchanged files are linked from there, and it is kept until the swap.
   */
  static async create(outDir: string, recorded?: string, spare?: Spare & { of: string }): Promise<OutputFolder> {
    const gens = generationsOf(outDir);
    await makeDirs(dirname(outDir));
    await mkdir(gens, { recursive: true });
    if (!existsSync(join(gens, 'README.txt'))) await writeFile(join(gens, 'README.txt'), GENERATIONS_README);
    await removeStale(outDir, recorded, spare?.dir);
    const tempDir = join(gens, `tmp-${process.pid}`);
    await rm(tempDir, { recursive: true, force: true });
    hookSignals();
    // The output the records describe, even a generation the link no longer shows (a build killed after its swap).
    const linked = await linkTarget(outDir);
    const current = recorded && recorded !== outDir ? recorded : (linked ?? (existsSync(outDir) ? outDir : undefined));
    // The spare becomes the current output by its recorded changes, then this build's folder: a rebuild costs its changes.
    let inPlace = !!spare && current === spare.of && (await takeSpare(spare, tempDir));
    live.add(tempDir);
    if (inPlace) {
      try {
        catchUp(tempDir, current!, spare!.changes);
      } catch {
        // Something in the spare stood in the way: start from an empty folder.
        inPlace = false;
        const junk = join(gens, `old-${Date.now().toString(36)}-${process.pid}`);
        await rename(tempDir, junk);
        await removeInBackground(junk);
      }
    }
    if (!inPlace) await mkdir(tempDir, { recursive: true });
    return new OutputFolder(outDir, tempDir, current, inPlace);
  }

  /**
   * Swap the finished folder in: it becomes a generation, and a new link to it is renamed over the output, the one step
   * that changes what `outDir` shows. The replaced generation is deleted in the background or kept as the spare.
   */
  async commit(keepSpare = false): Promise<string | undefined> {
    const gens = generationsOf(this.outDir);
    const current = await linkTarget(this.outDir);
    // A folder, not a link: an empty one, or the output of a sitegen from before links (checkOutDir).
    const folder = !current && existsSync(this.outDir);
    const gen = join(gens, `out-${Date.now().toString(36)}-${process.pid}`);
    await rename(this.tempDir, gen);
    live.delete(this.tempDir);
    this.generation = gen;
    await swapPause();
    const link = await newLink(this.outDir, gen);
    await swapPause();
    const old = join(gens, `old-${process.pid}`);
    if (folder) await rename(this.outDir, old); // once per output folder: from then on it is a link
    await rename(link, this.outDir);
    this.committed = true;
    await swapPause();
    const replaced = current ?? (folder ? old : this.previous);
    let spare: string | undefined;
    if (replaced && existsSync(replaced)) {
      if (keepSpare && replaced === this.previous && dirname(replaced) === gens) {
        spare = join(gens, `spare-${Date.now().toString(36)}-${process.pid}`);
        await rename(replaced, spare);
      } else await removeInBackground(replaced);
    }
    // The generation the records described, when the link showed another (a build killed after its swap).
    const described = this.previous;
    if (described && described !== replaced && described !== this.outDir && existsSync(described)) await removeInBackground(described);
    return spare;
  }

  /** Unless it was committed: remove the temporary folder. */
  async discard(): Promise<void> {
    if (this.committed) return;
    live.delete(this.tempDir);
    // In place, it holds a whole output's worth of links.
    if (this.inPlace) await removeInBackground(this.tempDir);
    else await rm(this.tempDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  }
}
