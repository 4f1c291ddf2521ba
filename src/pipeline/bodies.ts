/**
 * The body HTML a worker parsed, kept until its page is rendered: in a file of the worker's own,
 * not in its heap. Bodies are most of what a worker holds between parse and render (a few
 * kilobytes per document, twice that as the strings markdown-it and the highlighter build), and
 * a site of 40,000 documents would otherwise carry half a gigabyte of them through the render
 * phase. Appending to a file and reading each body back once costs two system calls per document;
 * the kernel keeps the file in its page cache, outside the process's memory.
 *
 * The file is unlinked as soon as it is open (where the system allows), so nothing is left behind
 * by a worker that dies or a build that is interrupted.
 *
 * Worker threads share the process's file descriptors: a body's place (`where`) lets any worker
 * read it (`readAt`), so a page can be rendered by whichever worker is free (pipeline/render.ts).
 */
import { closeSync, openSync, readSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import type { BodyAt } from './protocol.ts';

/** Read `length` bytes at `offset` of `fd` as UTF-8. */
function readText(fd: number, offset: number, length: number): string {
  const bytes = Buffer.allocUnsafe(length);
  let read = 0;
  while (read < length) {
    const n = readSync(fd, bytes, read, length - read, offset + read);
    if (n === 0) throw new Error('the body store ended early');
    read += n;
  }
  return bytes.toString('utf8');
}

export class BodyStore {
  private fd?: number;
  private path?: string;
  /** Still to unlink on close (the system refused while it was open). */
  private linked = false;
  private size = 0;
  private readonly at = new Map<string, { offset: number; length: number }>();
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

  set(id: string, html: string): void {
    const fd = this.open();
    if (fd === undefined) {
      this.memory!.set(id, html);
      return;
    }
    const bytes = Buffer.from(html, 'utf8');
    let written = 0;
    while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written, this.size + written);
    this.at.set(id, { offset: this.size, length: bytes.length });
    this.size += bytes.length;
  }

  /** The body, or undefined when this store never held it. */
  get(id: string): string | undefined {
    if (this.memory) return this.memory.get(id);
    const place = this.at.get(id);
    return place && readText(this.fd!, place.offset, place.length);
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
