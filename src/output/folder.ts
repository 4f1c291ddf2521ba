/**
 * Never half a site: a build writes into a temporary folder and swaps it in only when everything
 * succeeded. The output folder (`dist`) is a symbolic link to the current generation, a folder in
 * `.dist.sitegen/` beside it; the swap renames a new link over it, one atomic step, so at every
 * instant `dist` is one complete output, the old or the new, even when the build is killed.
 *
 * The generation a swap replaces is kept in the cache folder as the spare, and the next build writes
 * into it in place: every page carries its build id, so every page is written again on every
 * build, and overwriting a file that exists costs a fraction of creating it and its folder. What
 * that build does not write is removed from the spare before it is swapped in, so the output is the
 * same as from an empty folder.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, rmdirSync, unlinkSync } from 'node:fs';
import { mkdir, readdir, readlink, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { env } from '../env.ts';
import { Worker } from 'node:worker_threads';
import { SitegenError } from '../errors.ts';
import { hashText } from '../hash.ts';
import { readJson } from '../pipeline/json-file.ts';
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

/**
 * `mkdir -p`, one folder at a time from the nearest one that exists. Node's recursive mkdir never
 * returns where a folder's parent exists but refuses new entries with ENOENT (under /proc or
 * /sys): it makes the parent again, and again. Here that is an error (SG7001) naming the folder.
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

/**
 * Folders left by a build that was killed (SIGKILL, power loss): removed by the next build, or,
 * for a folder it was writing, kept as the spare when there is none (what a spare holds does
 * not matter, see OutputFolder.prune). The generation the output links to is never touched.
 */
async function removeStale(outDir: string, spare?: { dir: string; outDir: string }): Promise<void> {
  const gens = generationsOf(outDir);
  const current = await linkTarget(outDir);
  for (const entry of await readdir(gens)) {
    const m = /^(tmp|out|old|link)-(?:.*-)?(\d+)$/.exec(entry);
    const dir = join(gens, entry);
    if (!m || dir === current || Number(m[2]) === process.pid || alive(Number(m[2]))) continue;
    if (m[1] === 'tmp' && spare && !existsSync(spare.dir)) {
      try {
        await mkdir(dirname(spare.dir), { recursive: true });
        await rm(`${spare.dir}.patch.json`, { force: true });
        await rename(dir, spare.dir);
        await writeFile(`${spare.dir}.json`, JSON.stringify({ outDir: spare.outDir } satisfies SpareRecord));
        continue;
      } catch {
        // another file system: removed below
      }
    }
    // (A whole output when the link was removed by hand: deleted in the background, as a replaced one is.)
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

/**
 * Every file and folder below `root` (relative, `/`-separated), and the folders that hold nothing.
 * Listed in a thread of its own, synchronously: tens of thousands of folders cost the main
 * thread hundreds of milliseconds through the thread pool (a Dirent per entry, a promise per folder).
 */
function listTree(root: string): Promise<Listing> {
  const code = `
    const { readdirSync } = require('node:fs');
    const { parentPort, workerData: root } = require('node:worker_threads');
    const listing = { files: [], dirs: [], empty: [] };
    const visit = (rel) => {
      let entries = [];
      try { entries = readdirSync(rel ? root + '/' + rel : root, { withFileTypes: true }); } catch {}
      if (!entries.length && rel) listing.empty.push(rel);
      for (const entry of entries) {
        const path = rel ? rel + '/' + entry.name : entry.name;
        if (entry.isDirectory()) { listing.dirs.push(path); visit(path); }
        else listing.files.push(path);
      }
    };
    visit('');
    parentPort.postMessage(listing);`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true, workerData: root });
    worker.once('message', (listing: Listing) => {
      resolve(listing);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', () => reject(new Error(`could not list ${root}`)));
  });
}

interface Listing {
  files: string[];
  dirs: string[];
  /** Folders with nothing in them. */
  empty: string[];
}

interface SpareRecord {
  outDir: string;
}

export class OutputFolder {
  private committed = false;
  readonly writer: FsWriter;

  /**
   * What the caller recorded of the spare's output when it was the live one (commit's
   * `records`), when the spare is untouched since: read, and removed from disk before the spare
   * was taken, so a spare that a build has written into never comes with them.
   */
  spareRecords?: unknown;

  private constructor(
    readonly outDir: string,
    readonly tempDir: string,
    private readonly spareDir: string | undefined,
    private readonly earlier?: Promise<Listing>,
  ) {
    this.writer = new FsWriter(tempDir, 64, INTERRUPTED, !!earlier);
  }

  /** The folder is the spare (an earlier output), written in place. */
  get inPlace(): boolean {
    return !!this.earlier;
  }

  /**
   * `cacheDir`: where the spare is kept (must be on the output's file system; without one, the
   * replaced output is deleted instead).
   */
  static async create(outDir: string, cacheDir?: string, peeked?: SparePeek): Promise<OutputFolder> {
    const gens = generationsOf(outDir);
    await makeDirs(dirname(outDir)); // (a file in the way is said of the output's own parent)
    await mkdir(gens, { recursive: true });
    if (!existsSync(join(gens, 'README.txt'))) await writeFile(join(gens, 'README.txt'), GENERATIONS_README);
    const spareDir = cacheDir && spareDirOf(outDir, cacheDir);
    await removeStale(outDir, spareDir ? { dir: spareDir, outDir } : undefined);
    const tempDir = join(gens, `tmp-${process.pid}`);
    await rm(tempDir, { recursive: true, force: true });
    const taken = spareDir ? await takeSpare(spareDir, outDir, tempDir, peeked?.dir === spareDir ? peeked : undefined) : undefined;
    if (!taken) await mkdir(tempDir, { recursive: true });
    live.add(tempDir);
    hookSignals();
    // What the spare holds is listed while the build runs, for `prune`.
    const listing = taken ? listTree(tempDir) : undefined;
    listing?.catch(() => undefined); // awaited in prune
    const folder = new OutputFolder(outDir, tempDir, spareDir, listing);
    folder.spareRecords = taken?.records;
    return folder;
  }

  /**
   * Remove what an earlier output left in the folder and this build did not write (`written`:
   * every file this build wrote, relative to the folder), and the folders that leaves empty.
   * `gone`: files of the earlier output removed already (only their folders are looked at).
   */
  async prune(written: Iterable<string>, gone: Iterable<string> = []): Promise<void> {
    if (!this.earlier) return;
    const { files, empty } = await this.earlier;
    const keep = new Set<string>();
    for (const file of written) keep.add(file.charCodeAt(0) === 47 ? file.replace(/^\/+/, '') : file);
    // Removed already, by the worker that wrote beside them (the spare's content API files).
    const removed = new Set(gone);
    // The folders that may be empty now: those that were, and those that lose a file.
    const emptied = new Set(empty);
    for (const file of files) {
      if (keep.has(file)) continue;
      if (removed.has(file)) {
        // (Thousands of them in one folder, the content API's.)
        const dir = file.slice(0, Math.max(0, file.lastIndexOf('/'))) || '.';
        if (dir !== '.') emptied.add(dir);
        continue;
      }
      try {
        unlinkSync(join(this.tempDir, file));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      const dir = dirname(file);
      if (dir !== '.') emptied.add(dir);
    }
    // Deepest first; a folder removed may leave its parent empty in turn.
    for (const start of [...emptied].sort((a, b) => b.length - a.length)) {
      for (let dir = start; dir !== '.'; dir = dirname(dir)) {
        try {
          rmdirSync(join(this.tempDir, dir));
        } catch {
          break; // not empty: it holds this build's files
        }
      }
    }
  }

  /** Where the records of the output it replaced went (commit), when it was kept as the spare. */
  sparePatch?: string;

  /**
   * Swap the finished folder in: it becomes a generation, and a new link to it is renamed over
   * the output, the one step that changes what `outDir` shows. The generation it replaces goes to
   * the spare (or is removed). Before this, `prune` must have run on a folder written in place.
   */
  async commit(records?: string): Promise<void> {
    const gens = generationsOf(this.outDir);
    const current = await linkTarget(this.outDir);
    // A folder, not a link: an empty one, or the output of a sitegen from before links (checkOutDir).
    const folder = !current && existsSync(this.outDir);
    const gen = join(gens, `out-${Date.now().toString(36)}-${process.pid}`);
    await rename(this.tempDir, gen);
    live.delete(this.tempDir);
    await swapPause();
    const link = join(gens, `link-${process.pid}`);
    await rm(link, { force: true });
    const windows = process.platform === 'win32';
    await symlink(windows ? gen : relative(dirname(this.outDir), gen), link, windows ? 'junction' : 'dir');
    await swapPause();
    const old = join(gens, `old-${process.pid}`);
    if (folder) await rename(this.outDir, old); // once per output folder: from then on it is a link
    await rename(link, this.outDir);
    this.committed = true;
    await swapPause();
    const replaced = current ?? (folder ? old : undefined);
    if (!replaced || !existsSync(replaced)) return;
    if (this.spareDir) {
      try {
        await mkdir(dirname(this.spareDir), { recursive: true });
        await rename(replaced, this.spareDir);
        // The caller's records of the output it replaced go with it (see spareRecords).
        this.sparePatch = `${this.spareDir}.patch.json`;
        if (records) await rename(records, this.sparePatch).catch(() => undefined);
        await writeFile(`${this.spareDir}.json`, JSON.stringify({ outDir: this.outDir } satisfies SpareRecord));
        return;
      } catch {
        // another file system, or a spare still there: the old output is removed instead
      }
    }
    await removeInBackground(replaced);
  }

  /**
   * Unless it was committed: keep the temporary folder as the spare (what it holds does not
   * matter, `prune` removes whatever the next build does not write), else remove it.
   */
  async discard(): Promise<void> {
    if (this.committed) return;
    live.delete(this.tempDir);
    if (this.spareDir && !existsSync(this.spareDir)) {
      try {
        await rm(`${this.spareDir}.patch.json`, { force: true });
        await rename(this.tempDir, this.spareDir);
        await writeFile(`${this.spareDir}.json`, JSON.stringify({ outDir: this.outDir } satisfies SpareRecord));
        return;
      } catch {
        // removed below
      }
    }
    await rm(this.tempDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  }
}

const spareDirOf = (outDir: string, cacheDir: string) => join(cacheDir, `spare.${hashText(outDir)}`);

/** The spare's records as read ahead of taking it (`peekSpare`), with the folder they were read beside. */
export interface SparePeek {
  dir: string;
  records?: unknown;
}

/**
 * The records of the spare of `outDir`, read before the build decides to write (it may turn out
 * up to date), so what depends on them is ready when the spare is taken: `create` takes them
 * from here instead of reading them again. They describe the spare only as long as no build has
 * taken it meanwhile (`create` removes them as it takes it).
 */
export function peekSpare(outDir: string, cacheDir: string): SparePeek {
  const dir = spareDirOf(outDir, cacheDir);
  let records: unknown;
  try {
    records = JSON.parse(readFileSync(`${dir}.patch.json`, 'latin1'));
  } catch {
    records = undefined;
  }
  return { dir, records };
}

/**
 * Move the spare (the output the last swap replaced) to `tempDir`, for a build to write in place.
 * Its record goes first, so a spare is never taken twice; a spare without one (a build killed
 * between the two steps, a cache from elsewhere) is removed.
 */
async function takeSpare(spareDir: string, outDir: string, tempDir: string, peeked?: SparePeek): Promise<{ records?: unknown } | undefined> {
  // (A record cut short by a full disk or a kill reads as none: the spare is then not trusted.)
  const records = peeked ? peeked.records : await readJson<unknown>(`${spareDir}.patch.json`);
  await rm(`${spareDir}.patch.json`, { force: true });
  if (!existsSync(spareDir)) return undefined;
  const record = await readJson<SpareRecord>(`${spareDir}.json`);
  await rm(`${spareDir}.json`, { force: true });
  if (record?.outDir === outDir) {
    try {
      await rename(spareDir, tempDir);
      return { records };
    } catch {
      // another file system: removed below
    }
  }
  const old = join(generationsOf(outDir), `old-spare-${process.pid}`);
  try {
    await rename(spareDir, old);
    await removeInBackground(old);
  } catch {
    await rm(spareDir, { recursive: true, force: true });
  }
  return undefined;
}
