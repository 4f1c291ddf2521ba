/**
 * What `build:done` plugins keep between builds (`ctx.cache`): a value by key, in `.sitegen-cache/plugins/`. A plugin
 * keys a costly result by everything it is made from (the search plugin: an index by its documents' text) and makes
 * it again only when the key is new. Entries no plugin read or wrote in a build are removed after it. Each file starts
 * with its value's hash: a damaged one reads as missing, never as a wrong value.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeAtomic } from '../cache/json-file.ts';

const digest = (value: string) => createHash('sha256').update(value).digest('hex');

/** An entry's file name (see `file`); the folder also holds the compiled plugin modules (`<hash>.mjs`, plugins/load.ts). */
const ENTRY = /^[0-9a-f]{32}$/;

export interface PluginCache {
  /** The value stored under `key` by this or an earlier build, or undefined. */
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
  /** Keep the value under `key` for the next build without reading it (this build had no need of it). */
  keep?(key: string): void;
}

export class PluginCacheFolder implements PluginCache {
  private readonly used = new Set<string>();

  constructor(private readonly dir: string) {}

  private file(key: string): string {
    const name = createHash('sha256').update(key).digest('hex').slice(0, 32);
    this.used.add(name);
    return join(this.dir, name);
  }

  async get(key: string): Promise<string | undefined> {
    let text: string;
    try {
      text = await readFile(this.file(key), 'utf8');
    } catch {
      return undefined;
    }
    const newline = text.indexOf('\n');
    const value = text.slice(newline + 1);
    return newline === 64 && text.slice(0, 64) === digest(value) ? value : undefined;
  }

  async set(key: string, value: string): Promise<void> {
    const file = this.file(key);
    await mkdir(this.dir, { recursive: true });
    await writeAtomic(file, `${digest(value)}\n${value}`);
  }

  keep(key: string): void {
    this.file(key);
  }

  /**
   * Remove the entries this build did not use (after every plugin ran), and nothing else: the compiled plugins beside
   * them are still loaded, by a dev server running meanwhile too, and are the next build's.
   */
  async prune(): Promise<void> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return;
    }
    await Promise.all(names.filter((name) => ENTRY.test(name) && !this.used.has(name)).map((name) => rm(join(this.dir, name), { force: true })));
  }
}
