/**
 * The template, island and stylesheet folders' files, listed as fast-glob lists them by default (names starting with
 * a dot left out, links followed) without loading it: a build with nothing to walk never imports fast-glob.
 */
import { readdirSync, realpathSync, statSync, type Dirent } from 'node:fs';
import { join } from 'node:path';

export interface ListOptions {
  /** The endings a file's name may have (`.tsx`). */
  extensions: string[];
  /** Into subfolders too. */
  recursive?: boolean;
  /** Leave out the files and folders whose name starts with `_`. */
  skipUnderscored?: boolean;
}

/** The files of `dir` (none when it is missing), absolute and sorted. A folder reached again through a link is not listed twice. */
export function listFiles(dir: string, options: ListOptions): string[] {
  const found: string[] = [];
  const seen = new Set<string>();
  const visit = (folder: string) => {
    let entries: Dirent[];
    try {
      const real = realpathSync(folder);
      if (seen.has(real)) return;
      seen.add(real);
      // In name order, so a folder reached twice is listed under the same path on every machine.
      entries = readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    } catch {
      return;
    }
    for (const entry of entries) {
      const { name } = entry;
      if (name.startsWith('.') || (options.skipUnderscored && name.startsWith('_'))) continue;
      const path = join(folder, name);
      const stats = entry.isSymbolicLink() ? statSync(path, { throwIfNoEntry: false }) : entry;
      if (stats?.isDirectory()) {
        if (options.recursive) visit(path);
      } else if (stats?.isFile() && options.extensions.some((ext) => name.endsWith(ext))) found.push(path);
    }
  };
  visit(dir);
  return found.sort();
}
