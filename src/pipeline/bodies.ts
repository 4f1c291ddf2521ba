/**
 * The body HTML a worker parsed, kept until its page is rendered in a file of the worker's own, not its heap. The file
 * is unlinked once open, so a dead worker or an interrupted build leaves nothing behind. Worker threads share file
 * descriptors, so any worker can read a body by its place (`where`, `readAt`) and render its page.
 */
import { closeSync, openSync, readSync, unlinkSync, writevSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import type { BodyAt } from './protocol.ts';

function readBytes(fd: number, offset: number, length: number): Buffer {
  const bytes = Buffer.allocUnsafe(length);
  let read = 0;
  while (read < length) {
    const n = readSync(fd, bytes, read, length - read, offset + read);
    if (n === 0) throw new Error('the body store ended early');
    read += n;
  }
  return bytes;
}

const readText = (fd: number, offset: number, length: number) => readBytes(fd, offset, length).toString('utf8');

/** Bytes appended before they are written anyway. */
const FLUSH_AT = 1 << 20;

/** `buffers` without their first `written` bytes (after a short write). */
function rest(buffers: Buffer[], written: number): Buffer[] {
  const out: Buffer[] = [];
  for (const buffer of buffers) {
    if (written >= buffer.length) written -= buffer.length;
    else {
      out.push(written ? buffer.subarray(written) : buffer);
      written = 0;
    }
  }
  return out;
}

export class BodyStore {
  private fd?: number;
  private path?: string;
  /** Still to unlink on close (the system refused while it was open). */
  private linked = false;
  private size = 0;
  private readonly at = new Map<string, { offset: number; length: number }>();
  /** Appended but not written yet (`flush`): one system call for a batch of documents, not one per body. */
  private pending: Buffer[] = [];
  private pendingSize = 0;
  /** Where no file can be made (a read-only temporary folder): the bodies stay in memory. */
  private memory?: Map<string, string>;

  private open(): number | undefined {
    if (this.fd !== undefined || this.memory) return this.fd;
    this.path = join(tmpdir(), `sitegen-bodies-${process.pid}-${threadId}-${Math.random().toString(36).slice(2)}`);
    try {
      this.fd = openSync(this.path, 'w+', 0o600);
    } catch {
      this.memory = new Map();
      return undefined;
    }
    try {
      unlinkSync(this.path);
    } catch {
      this.linked = true;
    }
    return this.fd;
  }

  /** Keep a body; it can be read here at once, and by other workers (`where`) after `flush`. */
  set(id: string, html: string): void {
    const fd = this.open();
    if (fd === undefined) {
      this.memory!.set(id, html);
      return;
    }
    const bytes = Buffer.from(html, 'utf8');
    this.at.set(id, { offset: this.size + this.pendingSize, length: bytes.length });
    this.pending.push(bytes);
    this.pendingSize += bytes.length;
    if (this.pendingSize >= FLUSH_AT) this.flush();
  }

  /** Write what `set` appended: before another worker may read it. */
  flush(): void {
    if (!this.pendingSize) return;
    let buffers = this.pending;
    let left = this.pendingSize;
    this.pending = [];
    this.pendingSize = 0;
    while (left > 0) {
      const n = writevSync(this.fd!, buffers, this.size);
      this.size += n;
      left -= n;
      if (left > 0) buffers = rest(buffers, n);
    }
  }

  /** The body, or undefined when this store never held it. */
  get(id: string): string | undefined {
    if (this.memory) return this.memory.get(id);
    const place = this.at.get(id);
    if (!place) return undefined;
    this.flush();
    return readText(this.fd!, place.offset, place.length);
  }

  /** Two entries at once: one read when they were kept one after the other (a body and its metadata). */
  getPair(a: string, b: string): [string | undefined, string | undefined] {
    const first = this.at.get(a);
    const second = this.at.get(b);
    if (this.memory || !first || !second || second.offset !== first.offset + first.length) return [this.get(a), this.get(b)];
    this.flush();
    const bytes = readBytes(this.fd!, first.offset, first.length + second.length);
    return [bytes.toString('utf8', 0, first.length), bytes.toString('utf8', first.length)];
  }

  /** Where the body is, for another worker of this process to read (`readAt`); undefined when it is held in memory. */
  where(id: string): BodyAt | undefined {
    const place = this.fd === undefined ? undefined : this.at.get(id);
    return place && [this.fd!, place.offset, place.length];
  }

  /** A body another worker's store holds (`where`), read while that store is open: until its session closes, after the render. */
  static readAt([fd, offset, length]: BodyAt): string {
    return readText(fd, offset, length);
  }

  /** Forget every body and remove the file. */
  close(): void {
    this.at.clear();
    this.pending = [];
    this.pendingSize = 0;
    this.memory = undefined;
    this.size = 0;
    if (this.fd === undefined) return;
    closeSync(this.fd);
    this.fd = undefined;
    if (this.linked) {
      try {
        unlinkSync(this.path!);
      } catch {
        // already gone
      }
    }
    this.linked = false;
  }
}
