/**
 * The files plugins serve in `sitegen dev` (`dev:files`) in place of what `build:done` writes: listed on the first request
 * after a change, each made when first asked for, so neither start-up nor a reload waits for them.
 */
import { PluginError } from '../plugins/run.ts';
import type { DevFiles } from '../plugins/types.ts';
import type { DevSession } from './session.ts';

interface PluginFile {
  plugin: string;
  make: DevFiles[string];
  made?: Promise<string | Uint8Array>;
}

export class DevPluginFiles {
  private table?: Promise<Map<string, PluginFile>>;

  constructor(private readonly session: DevSession) {}

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

  /** Every plugin's files, in the plugins' order: a later plugin's file replaces an earlier one's, as its write would. */
  private async list(): Promise<Map<string, PluginFile>> {
    const table = new Map<string, PluginFile>();
    const context = this.session.pluginContext();
    for (const plugin of this.session.hooks.plugins) {
      const hook = plugin.hooks['dev:files'];
      if (!hook) continue;
      let files: DevFiles;
      try {
        files = await hook(context);
      } catch (error) {
        throw new PluginError(plugin.name, 'dev:files', error);
      }
      for (const [path, make] of Object.entries(files)) table.set(path.replace(/^\/+/, ''), { plugin: plugin.name, make });
    }
    return table;
  }
}
