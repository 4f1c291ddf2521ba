/** Where a build's output goes: files written once, or hard-linked from the previous output when their bytes are unchanged. */
import { type Stats, constants, copyFileSync, linkSync, lstatSync, mkdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { SitegenError } from '../errors.ts';

export interface OutputWriter {
  write(path: string, data: string | Uint8Array): Promise<void>;
}

/**
 * A relative path already in normal form (no leading or trailing slash, no empty, `.` or `..` segment): joined to a
 * folder by a slash it is what `path.resolve` would make of it, at a fraction of the cost.
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
  /** Every file written or carried over, with its size (the record of a build's output). */
  readonly written = new Map<string, number>();
  /** Files whose bytes are new: not carried over from the previous output. */
  readonly changed: string[] = [];
  readonly root: string;
  private readonly made = new Set<string>();

  /**
   * `previous`: the output this replaces; a file with the same bytes there becomes a hard link to it, keeping its inode
   * and mtime. `inPlace`: `root` already holds links to the previous output's files. `interrupted[0]` = 1: stop writing.
   */
  constructor(
    root: string,
    private readonly interrupted?: Int32Array,
    readonly previous?: string,
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

  /**
   * Make `dir` and any missing parents below the root, never the root itself: a build that was
   * interrupted (its temporary root removed) must not have it recreated by a write in flight.
   */
  private ensureDirSync(dir: string): void {
    if (this.made.has(dir) || dir === this.root) return;
    const make = () => {
      try {
        mkdirSync(dir);
        return true;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        // In place: a page of the previous output where this build has a folder (or a link, never followed).
        if (code === 'EEXIST' && this.inPlace && !lstatSync(dir).isDirectory()) {
          unlinkSync(dir);
          mkdirSync(dir);
          return true;
        }
        if (code === 'EEXIST') return true;
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
   * Create `file` anew. A path written twice in one build (a plugin writing over a public file)
   * may be a link to the previous output's file by then: it is unlinked, never written through.
   */
  private createSync(file: string, create: () => void): void {
    try {
      create();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // In place, a folder of the previous output may stand where this build has a file.
      if (this.inPlace) rmSync(file, { recursive: true, force: true });
      else unlinkSync(file);
      create();
    }
  }

  /** The previous output's copy of `path`, when it holds exactly `bytes`. */
  private same(path: string, bytes: Uint8Array): [string, Stats] | undefined {
    if (!this.previous) return undefined;
    const from = joinPlain(this.previous, path.replace(/^\/+/, ''));
    try {
      const stats = statSync(from, { throwIfNoEntry: false });
      if (!stats?.isFile() || stats.size !== bytes.byteLength) return undefined;
      return Buffer.compare(readFileSync(from), bytes) === 0 ? [from, stats] : undefined;
    } catch {
      return undefined;
    }
  }

  /** Synchronous: in a worker thread nothing else waits on the event loop, and it skips libuv's small shared thread pool. */
  writeSync(path: string, data: string | Uint8Array): number {
    this.stopped();
    const file = this.target(path);
    // Nothing to compare a string with: written as it is (Node's own UTF-8 path), never copied into a buffer first.
    const bytes = typeof data === 'string' && this.previous ? Buffer.from(data) : data;
    const same = typeof bytes === 'string' ? undefined : this.same(path, bytes);
    if (same) return this.linkSync(path, ...same);
    try {
      this.ensureDirSync(dirname(file));
      this.createSync(file, () => writeFileSync(file, bytes, { flag: 'wx', encoding: 'utf8' }));
    } catch (error) {
      throw naming(error, file);
    }
    const size = typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.byteLength;
    this.written.set(path, size);
    this.changed.push(path);
    return size;
  }

  /** An unchanged file of the previous output (`known`: its stats): a hard link (a copy where links fail). Returns its size. */
  linkSync(path: string, from: string, known?: Stats): number {
    this.stopped();
    const file = this.target(path);
    if (this.inPlace) {
      const there = lstatSync(file, { throwIfNoEntry: false });
      const source = known ?? statSync(from);
      if (there && there.ino === source.ino && there.dev === source.dev) {
        this.written.set(path, there.size);
        return there.size;
      }
    }
    this.ensureDirSync(dirname(file));
    this.createSync(file, () => {
      try {
        linkSync(from, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw error;
        copyFileSync(from, file, constants.COPYFILE_EXCL);
      }
    });
    const size = known?.size ?? statSync(file).size;
    this.written.set(path, size);
    return size;
  }

  /** `writeSync`, for callers that take an OutputWriter. */
  async write(path: string, data: string | Uint8Array): Promise<void> {
    this.writeSync(path, data);
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
