/**
 * The files plugins serve in `sitegen dev` (`dev:files`) in place of what `build:done` writes: listed on the first request
 * after a change, each made when first asked for, so neither start-up nor a reload waits for them.
 */
import type { ContentDocument } from '../content/types.ts';
import { BodyThreads, mapBodies } from '../pipeline/body-threads.ts';
import { defaultConcurrency } from '../pipeline/workers.ts';
import { PluginError } from '../plugins/run.ts';
import type { DevFiles, DevFilesContext } from '../plugins/types.ts';
import type { DevSession } from './session.ts';

interface PluginFile {
  plugin: string;
  make: DevFiles[string];
  made?: Promise<string | Uint8Array>;
}

export class DevPluginFiles {
  private table?: Promise<Map<string, PluginFile>>;
  /** `mapBodies`' threads: a plugin's calls come in bursts (an index's), so each thread stops after 5 s without work. */
  private readonly threads = new BodyThreads(defaultConcurrency(), 5000);

  constructor(private readonly session: DevSession) {}

  /** Stop `mapBodies`' threads (the server is closing). */
  close(): Promise<void> {
    return this.threads.close();
  }

  /** The site changed: every file is listed and made again when next asked for. */
  invalidate(): void {
    this.table = undefined;
  }

  /** The file at `path` (from the site's root, no base), or undefined when no plugin serves it. */
  async get(path: string): Promise<string | Uint8Array | undefined> {
    if (!this.session.hooks.has('dev:files')) return undefined;
    let table = this.table;
    if (!table) {
      const listed = (table = this.table = this.list());
      listed.catch(() => {
        if (this.table === listed) this.table = undefined; // (listed again on the next request)
      });
    }
    const file = (await table).get(path.replace(/^\/+/, ''));
    if (!file) return undefined;
    if (!file.made) {
      const made = (async () => file.make())().catch((error) => {
        if (file.made === made) file.made = undefined; // (made again on the next request)
        throw new PluginError(file.plugin, 'dev:files', error);
      });
      file.made = made;
    }
    return file.made;
  }

  /** The session's context, with `mapBodies` in this object's threads, each body's HTML sent to them. */
  private context(): DevFilesContext {
    const context = this.session.pluginContext();
    const mapped = async <T>(docs: ContentDocument[], fn: { module: string; name: string }, arg?: unknown) => {
      const items = (await Promise.all(docs.map(context.body))).map((html) => ({ html }));
      return mapBodies<T>(this.threads, this.session.pluginModules, items, fn, arg);
    };
    return { ...context, mapBodies: mapped };
  }

  /** Every plugin's files, in the plugins' order: a later plugin's file replaces an earlier one's, as its write would. */
  private async list(): Promise<Map<string, PluginFile>> {
    const table = new Map<string, PluginFile>();
    const context = this.context();
    for (const plugin of this.session.hooks.plugins) {
      const hook = plugin.hooks['dev:files'];
      if (!hook) continue;
      let files: DevFiles;
      try {
        files = await hook(context);
        const wrong = devFilesProblem(files);
        if (wrong) throw new TypeError(wrong);
      } catch (error) {
        throw new PluginError(plugin.name, 'dev:files', error);
      }
      for (const [path, make] of Object.entries(files)) table.set(path.replace(/^\/+/, ''), { plugin: plugin.name, make });
    }
    return table;
  }
}

/** Why `files` is not what `dev:files` returns (output path → function), or nothing when it is. */
function devFilesProblem(files: unknown): string | undefined {
  if (typeof files !== 'object' || files === null || Array.isArray(files)) {
    return `it returned ${files === null ? 'null' : Array.isArray(files) ? 'an array' : typeof files}; "dev:files" returns an object of output path → function`;
  }
  for (const [path, make] of Object.entries(files)) {
    if (typeof make !== 'function') return `its ${JSON.stringify(path)} is ${typeof make}, not a function that makes the file's contents`;
  }
  return undefined;
}
