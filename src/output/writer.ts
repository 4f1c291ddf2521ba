/**
 * Where output goes: the file system for builds, memory for tests and the dev server.
 */
import { copyFile, link, open, stat, writeFile } from 'node:fs/promises';
import {
  closeSync,
  copyFileSync,
  fstatSync,
  ftruncateSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { SitegenError } from '../errors.ts';

export interface OutputWriter {
  write(path: string, data: string | Uint8Array): Promise<void>;
}

/**
 * Opening `file` to overwrite it failed: false when it is not there to overwrite (missing, or a
 * folder of an earlier output where a file now goes, removed here), so the caller creates it.
 */
function notThere(error: unknown, file: string): false {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EISDIR') rmSync(file, { recursive: true, force: true });
  else if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
  return false;
}

/**
 * A relative path already in normal form, below the folder it is relative to: no leading or
 * trailing slash, no empty, `.` or `..` segment (names a build makes itself, tens of thousands
 * per rebuild). Joined to a folder by a slash, it is what `path.resolve` would make of it, at a
 * fraction of the cost.
 */
export function isPlain(path: string): boolean {
  return (
    sep === '/' &&
    path.length > 0 &&
    path.charCodeAt(0) !== 47 &&
    !path.endsWith('/') &&
    !path.endsWith('.') &&
    !path.includes('//') &&
    !path.includes('./') &&
    !path.includes('\0')
  );
}

/** `join(dir, path)`, for a plain path (`isPlain`) without normalising it again. */
export function joinPlain(dir: string, path: string): string {
  return isPlain(path) && !dir.endsWith('/') ? `${dir}/${path}` : join(dir, path);
}

export class FsWriter implements OutputWriter {
  /** Every file written, with its size (the record of a build's output). */
  readonly written = new Map<string, number>();
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  /** At most `limit` files open at once: no EMFILE on 20,000 pages. */
  readonly root: string;

  /**
   * `interrupted[0]` becomes 1 when the build is stopped (output/folder.ts INTERRUPTED): write nothing more.
   * `inPlace`: the folder holds an earlier output (output/folder.ts, the spare), so most files
   * exist already: they are overwritten where they are, which costs a fraction of creating a file
   * and its folder anew (see `overwriteSync`).
   */
  constructor(
    root: string,
    private readonly limit = 64,
    private readonly interrupted?: Int32Array,
    readonly inPlace = false,
  ) {
    this.root = resolve(root);
  }

  private stopped(): void {
    if (this.interrupted && Atomics.load(this.interrupted, 0)) throw Object.assign(new Error('the build was interrupted'), { code: 'EINTR' });
  }

  private target(path: string): string {
    if (isPlain(path) && !this.root.endsWith('/')) return `${this.root}/${path}`;
    const file = resolve(this.root, path.replace(/^\/+/, ''));
    if (!file.startsWith(this.root + sep)) {
      throw new SitegenError('SG7001', `Refusing to write ${JSON.stringify(path)}: it is outside the output folder`, {
        hint: 'A route or a plugin produced a path with `..` in it; routes are paths below the site root.',
      });
    }
    return file;
  }

  private readonly made = new Set<string>();

  /**
   * Overwrite `file` where it is, if it exists as a file of its own: no new inode, no new folder,
   * and no truncation when the size is the same (a page whose only change is the build id). A file
   * that is also linked from elsewhere (the live output, a source) is never written through:
   * it is unlinked and the caller creates it anew. Returns false when the caller must create it.
   */
  private overwriteSync(file: string, data: string | Uint8Array): boolean {
    let fd: number;
    try {
      fd = openSync(file, 'r+');
    } catch (error) {
      return notThere(error, file);
    }
    let done = false;
    try {
      const stats = fstatSync(fd);
      if (stats.isFile() && stats.nlink === 1) {
        const bytes = typeof data === 'string' ? Buffer.from(data) : data;
        writeFileSync(fd, bytes);
        if (stats.size > bytes.byteLength) ftruncateSync(fd, bytes.byteLength);
        done = true;
      }
    } finally {
      closeSync(fd);
    }
    if (!done) unlinkSync(file);
    return done;
  }

  /** Before a link or copy onto `file` in a folder written in place: whatever is there goes. */
  private clearSync(file: string): void {
    if (!this.inPlace) return;
    const stats = lstatSync(file, { throwIfNoEntry: false });
    if (stats) rmSync(file, { recursive: stats.isDirectory(), force: true });
  }

  /**
   * Make `dir` and any missing parents below the root, never the root itself: a build that was
   * interrupted (its temporary root removed) must not have it recreated by a write in flight.
   */
  private ensureDirSync(dir: string): void {
    if (this.made.has(dir) || dir === this.root) return;
    // Another worker may make the same folder at the same moment: EEXIST is success.
    const make = () => {
      try {
        mkdirSync(dir);
        return true;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EEXIST') {
          // In a folder written in place, a file of an earlier output may stand where a folder is needed.
          if (this.inPlace && !statSync(dir).isDirectory()) {
            unlinkSync(dir);
            return make();
          }
          return true;
        }
        if (code === 'ENOENT' && dirname(dir) !== dir) return false;
        throw error;
      }
    };
    if (!make()) {
      this.ensureDirSync(dirname(dir));
      if (!make()) throw Object.assign(new Error(`ENOENT: the output folder is gone: ${this.root}`), { code: 'ENOENT' });
    }
    this.made.add(dir);
  }

  /**
   * Write synchronously: in a worker thread, where nothing else waits on the event loop, this
   * skips the trip through libuv's small thread pool (shared by every worker) for each file.
   */
  writeSync(path: string, data: string | Uint8Array): number {
    this.stopped();
    const file = this.target(path);
    try {
      if (!this.inPlace || !this.overwriteSync(file, data)) {
        this.ensureDirSync(dirname(file));
        writeFileSync(file, data);
      }
    } catch (error) {
      throw naming(error, file);
    }
    const size = typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
    this.written.set(path, size);
    return size;
  }

  /**
   * In a folder written in place: move its file `from` to `path`, when it holds what `path` must
   * (the caller knows it by its key, from records removed before anything is written into the
   * folder) and so is `size` bytes. False when it is not there: the caller writes `path` otherwise.
   * (Not stated again after the move: one system call instead of two per file.)
   */
  renameSync(from: string, path: string, size: number): boolean {
    this.stopped();
    const file = this.target(path);
    try {
      renameSync(this.target(from), file);
    } catch {
      return false;
    }
    this.written.set(path, size);
    return true;
  }

  /** `link`, synchronously (see writeSync). */
  linkSync(path: string, from: string): number {
    this.stopped();
    const file = this.target(path);
    this.ensureDirSync(dirname(file));
    // Linked first, and only where something is in the way cleared and linked again: a new name
    // is the rule, and a look before every link cost 10,000 of them a tenth of their time.
    try {
      linkSync(from, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') this.clearSync(file);
      try {
        linkSync(from, file);
      } catch {
        copyFileSync(from, file);
      }
    }
    const size = statSync(file).size;
    this.written.set(path, size);
    return size;
  }

  /** An unchanged file of a previous output: a hard link (a copy where links fail). Returns its size. */
  async link(path: string, from: string): Promise<number> {
    this.stopped();
    const file = this.target(path);
    this.ensureDirSync(dirname(file));
    this.clearSync(file);
    await link(from, file).catch(() => copyFile(from, file));
    const size = (await stat(file)).size;
    this.written.set(path, size);
    return size;
  }

  /** `overwriteSync`, through the thread pool. */
  private async overwrite(file: string, data: string | Uint8Array): Promise<boolean> {
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      handle = await open(file, 'r+');
    } catch (error) {
      return notThere(error, file);
    }
    let done = false;
    try {
      const stats = await handle.stat();
      if (stats.isFile() && stats.nlink === 1) {
        const bytes = typeof data === 'string' ? Buffer.from(data) : data;
        await handle.writeFile(bytes);
        if (stats.size > bytes.byteLength) await handle.truncate(bytes.byteLength);
        done = true;
      }
    } finally {
      await handle.close();
    }
    if (!done) unlinkSync(file);
    return done;
  }

  async write(path: string, data: string | Uint8Array): Promise<void> {
    this.stopped();
    const file = this.target(path);
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      if (!this.inPlace || !(await this.overwrite(file, data))) {
        this.ensureDirSync(dirname(file));
        await writeFile(file, data);
      }
      this.written.set(path, typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength);
    } catch (error) {
      throw naming(error, file);
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

export class MemoryWriter implements OutputWriter {
  readonly files = new Map<string, string | Uint8Array>();

  async write(path: string, data: string | Uint8Array): Promise<void> {
    this.files.set(path.replace(/^\/+/, ''), data);
  }

  text(path: string): string | undefined {
    const data = this.files.get(path.replace(/^\/+/, ''));
    return data === undefined ? undefined : typeof data === 'string' ? data : Buffer.from(data).toString('utf8');
  }
}

/** A system error that names no file (a write to an open file: a full disk) names `file`. */
function naming(error: unknown, file: string): unknown {
  const err = error as NodeJS.ErrnoException;
  if (typeof err?.code === 'string' && !err.path && typeof err.message === 'string') {
    err.path = file;
    err.message = `${err.message} '${file}'`;
  }
  return error;
}
