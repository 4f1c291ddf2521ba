/**
 * Where output goes: the file system for builds, memory for tests and the dev server.
 */
import { copyFile, link, stat, writeFile } from 'node:fs/promises';
import { copyFileSync, linkSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';
import { SitegenError } from '../errors.ts';

export interface OutputWriter {
  write(path: string, data: string | Uint8Array): Promise<void>;
}

export class FsWriter implements OutputWriter {
  /** Every file written, with its size (the record of a build's output). */
  readonly written = new Map<string, number>();
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  /** At most `limit` files open at once: no EMFILE on 20,000 pages. */
  readonly root: string;

  /** `interrupted[0]` becomes 1 when the build is stopped (output/folder.ts INTERRUPTED): write nothing more. */
  constructor(root: string, private readonly limit = 64, private readonly interrupted?: Int32Array) {
    this.root = resolve(root);
  }

  private stopped(): void {
    if (this.interrupted && Atomics.load(this.interrupted, 0)) throw Object.assign(new Error('the build was interrupted'), { code: 'EINTR' });
  }

  private target(path: string): string {
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
   * Write synchronously: in a worker thread, where nothing else waits on the event loop, this
   * skips the trip through libuv's small thread pool (shared by every worker) for each file.
   */
  writeSync(path: string, data: string | Uint8Array): number {
    this.stopped();
    const file = this.target(path);
    this.ensureDirSync(dirname(file));
    writeFileSync(file, data);
    const size = typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
    this.written.set(path, size);
    return size;
  }

  /** `link`, synchronously (see writeSync). */
  linkSync(path: string, from: string): number {
    this.stopped();
    const file = this.target(path);
    this.ensureDirSync(dirname(file));
    try {
      linkSync(from, file);
    } catch {
      copyFileSync(from, file);
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
    await link(from, file).catch(() => copyFile(from, file));
    const size = (await stat(file)).size;
    this.written.set(path, size);
    return size;
  }

  async write(path: string, data: string | Uint8Array): Promise<void> {
    this.stopped();
    const file = this.target(path);
    this.ensureDirSync(dirname(file));
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      await writeFile(file, data);
      this.written.set(path, typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength);
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
