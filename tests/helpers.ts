import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, type HTMLElement } from 'node-html-parser';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const BIN = join(ROOT, 'bin/sitegen.js');
export const FIXTURES = join(ROOT, 'tests/fixtures');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

const ANSI = /\u001b\[[0-9;]*m/g;

/** Run the real CLI (`bin`: another copy's); colour codes stripped from the output. After `timeout` ms it is killed, and its code is -1. */
export function runCli(args: string[], options: { cwd?: string; env?: Record<string, string>; timeout?: number; bin?: string } = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [options.bin ?? BIN, ...args],
      {
        cwd: options.cwd ?? ROOT,
        env: { ...process.env, NO_COLOR: '1', ...options.env },
        maxBuffer: 64 * 1024 * 1024,
        timeout: options.timeout,
        killSignal: 'SIGKILL',
      },
      (error, stdout, stderr) => {
        const code = !error ? 0 : typeof error.code === 'number' ? error.code : error.killed ? -1 : 1;
        resolve({ code, stdout: stdout.replace(ANSI, ''), stderr: stderr.replace(ANSI, '') });
      },
    );
  });
}

export function tempDir(prefix = 'sitegen-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** A private copy of a fixture site, so a test can break it. */
export function copyFixture(name: string, into?: string): string {
  const dir = into ?? tempDir(`sitegen-${name}-`);
  // Without the cache a test run in place may have left in the fixture: each copy starts as a clean clone's would.
  cpSync(join(FIXTURES, name), dir, { recursive: true, filter: (source) => basename(source) !== '.sitegen-cache' });
  return dir;
}

export function remove(dir: string): void {
  // Retried: on a loaded machine a folder can still be settling when a test cleans up (ENOTEMPTY).
  rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
}

export function read(dir: string, file: string): string {
  return readFileSync(join(dir, file), 'utf8');
}

export function html(dir: string, file: string): HTMLElement {
  return parse(read(dir, file));
}

export function json<T = Record<string, unknown>>(dir: string, file: string): T {
  return JSON.parse(read(dir, file)) as T;
}

/** Every file under `dir`, relative, sorted. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(relative(dir, p));
    }
  };
  walk(dir);
  return out.sort();
}

export interface EventStream {
  events: { event: string; data: string }[];
  close(): void;
}

/** Listen to a dev server's events (at `url`) as the page at `path` would. */
export async function devEvents(url: string, path: string): Promise<EventStream> {
  const controller = new AbortController();
  const res = await fetch(`${url}/_sitegen/dev/events?path=${encodeURIComponent(path)}`, { signal: controller.signal });
  const stream: EventStream = { events: [], close: () => controller.abort() };
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          if (event) stream.events.push({ event, data: /^data: (.*)$/m.exec(block)?.[1] ?? '' });
        }
      }
    } catch {
      // aborted
    }
  })();
  await new Promise((r) => setTimeout(r, 50));
  return stream;
}

/** Poll until `check` holds (file watchers report changes asynchronously). */
export async function waitFor(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${check.toString()}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** An output folder's files and their text, the build records (`_sitegen/builds/`) left out: compare a warm build with a cold one. */
export function outputFiles(dir: string): Record<string, string> {
  const files = listFiles(dir)
    .filter((file) => !file.startsWith('_sitegen/builds/'))
    .sort();
  return Object.fromEntries(files.map((file) => [file, read(dir, file)]));
}

/** A seeded generator of numbers in [0, 1) (a linear congruential one), so a randomised test's failure can be replayed. */
export function seeded(seed: number): () => number {
  return () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
}

/**
 * `n` search documents of random words from `words` (drawn from `rand`), with `extra(i)` after each text: the same
 * shape as the search plugin's documents, for the index tests.
 */
export function randomSearchDocuments(n: number, rand: () => number, words: string[], extra: (i: number) => string = () => '') {
  const text = (max: number) =>
    Array.from({ length: Math.floor(rand() * max) }, () => words[Math.floor(rand() * words.length)]).join(rand() < 0.5 ? ' ' : ', ');
  return Array.from({ length: n }, (_, i) => ({
    path: `/docs/page-${i}`,
    title: text(5) || `Page ${i}`,
    section: rand() < 0.5 ? 'Docs · Guide' : 'Blog',
    description: text(12),
    headings: text(8),
    text: `${text(200)}${extra(i)}`,
  }));
}
