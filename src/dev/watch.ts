/**
 * What `sitegen dev` watches (chokidar): the content folder, `site/` and `templates/`, each change queued for the session.
 * chokidar stays with a replaced folder, so parents are watched too: a folder with a new identity restarts its watcher and the session.
 */
import { lstatSync, realpathSync, statSync, watch as fsWatch, type FSWatcher as FsWatcher, type Stats } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import { findConfigFile } from '../config/load.ts';
import { contentType } from '../content/paths.ts';
import { inside, refusal } from '../content/scope.ts';
import { PACKAGE_ROOT, TEMPLATES_DIR } from '../paths.ts';
import { STRINGS_DIR } from '../i18n/tables.ts';
import { styleDirs } from '../pipeline/templates.ts';
import type { ChangeKind } from './hot.ts';
import type { DevSession } from './session.ts';

export interface WatchOptions {
  root: string;
  session: DevSession;
  log: (message: string) => void;
  /** Queue a change for the session; `content` when only documents changed (their open pages may swap in place). */
  enqueue: (apply: () => Promise<unknown>, kind?: ChangeKind) => void;
  /** Every open page reloads (after a restart). */
  reloadAll: () => void;
}

/** A chokidar watcher of `dirs`, with the identity of each folder in it when watching started. */
interface FolderWatch {
  watcher: FSWatcher;
  dirs: string[];
  folders: Map<string, string | undefined>;
  ready: Promise<void>;
}

/** Which folder is at `dir` (inode and birth time), or undefined when there is none. */
function folderId(dir: string): string | undefined {
  try {
    const stat = statSync(dir);
    return stat.isDirectory() ? `${stat.ino}:${stat.birthtimeMs}` : undefined;
  } catch {
    return undefined;
  }
}

/** How long chokidar drops a file's further change events after it reported one; it sends no trailing event. */
const CHANGE_THROTTLE_MS = 50;

/** What a save changes in a file (size, modification time, inode), or undefined when it is gone. */
function fileStamp(path: string): string | undefined {
  try {
    const stat = statSync(path);
    return `${stat.size}:${stat.mtimeMs}:${stat.ino}`;
  } catch {
    return undefined;
  }
}

export class DevWatcher {
  private closed = false;
  /** The content folder (the config may move it: see restart). */
  private contentDir: string;
  /** The content folder, `site/` and `templates/`. */
  private readonly watched: string[];
  private readonly configFile: string | undefined;
  private siteWatch?: FolderWatch;
  private contentWatch?: FolderWatch;
  /** Included files outside the watched folders (snippets at the project root, say), and the watcher that follows them. */
  private readonly includes = new Set<string>();
  private includeWatch?: FSWatcher;
  /** Folders whose entry in their parent changed since `replaced` last looked. */
  private readonly suspects = new Set<string>();
  private settle: ReturnType<typeof setTimeout> | undefined;
  /** Files with a change queued: editors often emit several events per save. */
  private readonly pending = new Set<string>();
  /** Files to look at again once chokidar's change throttle is over (a second save may have been dropped). */
  private readonly rechecks = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly parents = new Map<string, FsWatcher | undefined>();
  /** Symbolic links met in the watched folders whose target dev may not read: never followed (see leadsOut). */
  private readonly refusedLinks = new Set<string>();
  /** Resolves once the content folder's watcher has done its first scan and taken in what changed meanwhile. */
  contentWatched: Promise<void> = Promise.resolve();

  constructor(private readonly options: WatchOptions) {
    this.contentDir = options.session.contentDir;
    this.watched = [this.contentDir, join(options.root, 'site'), TEMPLATES_DIR];
    this.configFile = findConfigFile(options.root);
  }

  /** Watch `site/` and `templates/` now, the content folder once the documents are `loaded` (its first scan would slow the parse). */
  async start(loaded: Promise<unknown>): Promise<void> {
    this.siteWatch = this.watchFolders(this.watched.slice(1));
    await this.siteWatch.ready;
    await loaded;
    this.contentWatched = this.watchContent(this.contentDir);
    this.contentWatched.catch((error) => this.options.log(`watcher: ${(error as Error).message}`));
    for (const dir of this.watched) this.watchParent(dirname(dir));
    this.watchIncludes();
  }

  /** Follow the included files that no watched folder holds. */
  private watchIncludes(): void {
    if (this.closed) return;
    const outside = [...this.options.session.included()].filter((file) => !this.includes.has(file) && !this.watched.some((dir) => file.startsWith(dir + sep)));
    if (!outside.length) return;
    for (const file of outside) this.includes.add(file);
    if (this.includeWatch) this.includeWatch.add(outside);
    else {
      this.includeWatch = watch(outside, { ignoreInitial: true })
        .on('add', (f) => this.onFile(f, false))
        .on('change', (f) => this.onChange(f))
        .on('unlink', (f) => this.onFile(f, true));
      this.includeWatch.on('error', (error) => this.options.log(`watcher: ${(error as Error).message}`));
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.settle);
    for (const timer of this.rechecks.values()) clearTimeout(timer);
    for (const parent of this.parents.values()) parent?.close();
    await Promise.all([this.siteWatch?.watcher.close(), this.contentWatch?.watcher.close(), this.includeWatch?.close()]);
  }

  /** Hidden files and folders below the watched folders are ignored (not the folders' own path: a site may live under a dot-folder). */
  private readonly ignored = (p: string): boolean => {
    const base = this.watched.find((dir) => p === dir || p.startsWith(dir + sep));
    const rel = base ? p.slice(base.length + 1) : p;
    return rel.split(sep).some((segment) => segment.startsWith('.') || segment === 'node_modules');
  };

  /**
   * Whether `link` leads where dev may not read: out of the project, or into its cache, output, hidden folders or
   * node_modules, as the build refuses it (SG2010); below the theme's templates, out of the package. chokidar would
   * follow it and watch everything there (a link to `/` or `$HOME`, the whole disk). Only links pay for a realpath.
   */
  private leadsOut(link: string): boolean {
    let target: string;
    try {
      target = realpathSync(link);
    } catch {
      return false; // broken: there is nothing to follow
    }
    if (inside(link, TEMPLATES_DIR) !== undefined) return inside(target, realpathSync(PACKAGE_ROOT)) === undefined;
    return refusal(target, this.options.session.scope) !== undefined;
  }

  /**
   * A link that leads out (chokidar passes each entry's lstat): not followed. One met after the first scan (added while
   * dev runs) in the content or public folder is reported as a change of its own, so it shows as SG2010.
   */
  private refuseLink(link: string, scanned: boolean): boolean {
    if (!this.leadsOut(link)) return false;
    if (this.refusedLinks.has(link)) return true;
    this.refusedLinks.add(link);
    if (scanned && (link.startsWith(this.contentDir + sep) || link.startsWith(this.options.session.publicDir + sep))) this.onFile(link, false);
    return true;
  }

  /** A refused link's entry changed in its folder: gone (or now leading inside, where chokidar follows it), it is a change too. */
  private refusedLinkChanged(link: string): void {
    if (!this.refusedLinks.has(link) || this.leadsOut(link)) return;
    this.refusedLinks.delete(link);
    let gone = false;
    try {
      lstatSync(link);
    } catch {
      gone = true;
    }
    this.onFile(link, gone);
  }

  private watchFolders(dirs: string[]): FolderWatch {
    let scanned = false;
    const ignored = (p: string, stats?: Stats) => this.ignored(p) || (stats?.isSymbolicLink() === true && this.refuseLink(resolve(p), scanned));
    const watcher = watch(dirs, { ignoreInitial: true, ignored })
      .on('add', (f) => this.onFile(f, false))
      .on('change', (f) => this.onChange(f))
      .on('unlink', (f) => this.onFile(f, true));
    watcher.on('error', (error) => this.options.log(`watcher: ${(error as Error).message}`));
    const below = (dir: string) => dirs.some((top) => dir.startsWith(top + sep));
    const folders = new Map(dirs.map((dir) => [dir, folderId(dir)]));
    watcher.on('addDir', (dir) => folders.set(resolve(dir), folderId(dir)));
    watcher.on('unlinkDir', (dir) => folders.delete(resolve(dir)));
    // A folder entry that changes name (a raw `rename`) may be a folder replaced.
    watcher.on('raw', (event, name, details) => {
      const parent = (details as { watchedPath?: string } | undefined)?.watchedPath;
      if (event !== 'rename' || !name || !parent) return;
      this.suspects.add(join(parent, String(name)));
      this.refusedLinkChanged(resolve(parent, String(name)));
      this.schedule();
    });
    const ready = new Promise<void>((r) => watcher.once('ready', () => r())).then(() => {
      scanned = true;
      for (const dir of Object.keys(watcher.getWatched())) if (below(resolve(dir))) folders.set(resolve(dir), folderId(dir));
    });
    return { watcher, dirs, folders, ready };
  }

  /** Watch the content folder; after its first scan, take in what changed since the session read the documents. */
  private watchContent(dir: string): Promise<void> {
    const fresh = (this.contentWatch = this.watchFolders([dir]));
    const current = () => !this.closed && this.contentWatch === fresh;
    return fresh.ready.then(async () => {
      const changed = current() ? await this.options.session.changedSinceLoad() : [];
      if (current()) for (const { file, removed } of changed) this.onFile(file, removed);
    });
  }

  /** The config named another content folder: its watcher moves there, and what changed in it since the session read it is taken in. */
  private async followContent(dir: string): Promise<void> {
    this.contentDir = this.watched[0] = dir;
    await this.contentWatch?.watcher.close();
    this.watchParent(dirname(dir));
    await this.watchContent(dir);
  }

  /** The whole session again, every open page reloaded (the config changed, or a folder was replaced). */
  private async restart(): Promise<void> {
    const { session } = this.options;
    await session.start();
    if (session.contentDir !== this.contentDir) await this.followContent(session.contentDir);
    this.options.reloadAll();
  }

  /**
   * A file changed. chokidar reports one change of a file per 50 ms and drops the rest (a formatter's second write
   * on save, a script's), so the file is looked at again after that: a save made meanwhile is a change too.
   */
  private onChange(file: string): void {
    this.onFile(file, false);
    const path = resolve(file);
    const seen = fileStamp(path);
    clearTimeout(this.rechecks.get(path));
    const timer = setTimeout(() => {
      this.rechecks.delete(path);
      const now = fileStamp(path);
      if (!this.closed && seen !== undefined && now !== undefined && now !== seen) this.onChange(file);
    }, CHANGE_THROTTLE_MS + 20);
    timer.unref();
    this.rechecks.set(path, timer);
  }

  /** A file added, changed or removed: its change is queued (once while queued). */
  private onFile(file: string, removed: boolean): void {
    const { root, session, log, enqueue } = this.options;
    const path = resolve(file);
    if (!removed && this.pending.has(path)) return;
    this.pending.add(path);
    // Documents that include the file are parsed again too; what they include now is followed.
    const including = session.includedBy(path).length > 0;
    const once = (fn: () => Promise<unknown>) => async () => {
      this.pending.delete(path);
      const changed = await fn();
      this.watchIncludes();
      if (!including) return changed;
      const also = await session.includeChanged(path);
      return Array.isArray(changed) && Array.isArray(also) ? [...changed, ...also] : '*';
    };
    const watchedHere = this.watched.some((dir) => path.startsWith(dir + sep));
    if (!watchedHere) {
      if (including) {
        log(`updated ${relative(root, path)}`);
        enqueue(
          once(async () => []),
          'content',
        );
      }
    } else if (this.configFile && path === resolve(this.configFile)) {
      log('config changed: restarting');
      enqueue(once(() => this.restart()));
    } else if (path.startsWith(join(root, STRINGS_DIR) + sep)) {
      // The UI strings are resolved with the project, and markdown renders some of them: the whole session again.
      log(`UI strings changed: ${path.slice(root.length + 1)}`);
      enqueue(once(() => this.restart()));
    } else if (path.startsWith(this.contentDir + sep)) {
      // A document, or another file (an image a document shows reloads the pages that show it).
      log(`${removed ? 'removed' : 'updated'} ${path.slice(root.length + 1)}`);
      const document = contentType(path) !== undefined;
      enqueue(
        once(() => (document ? session.contentChanged(path, removed) : session.fileChanged(path, removed))),
        // A file documents include (a snippet, content/_snippets/*.sh) is their content, as one outside the folder is.
        document || including ? 'content' : 'other',
      );
    } else if (path.startsWith(session.publicDir + sep)) {
      enqueue(once(() => session.fileChanged(path, removed)));
    } else if (path.endsWith('.css') && styleDirs(root).some((dir) => dirname(path) === dir || dirname(path) === join(dir, 'on-demand'))) {
      log(`stylesheet changed: ${path.slice(root.length + 1)}`);
      enqueue(once(() => session.rebuildStylesheets()));
    } else {
      log(`templates changed: ${path.slice(root.length + 1)}`);
      enqueue(once(() => session.rebuildTemplates()));
    }
  }

  /** A look for replaced folders soon (once both watchers are there). */
  private schedule(): void {
    if (!this.contentWatch) return;
    clearTimeout(this.settle);
    this.settle = setTimeout(() => this.replaced(), 100);
  }

  /** Watch a watched folder's parent, its own entries only, to notice the folder replaced. */
  private watchParent(parent: string): void {
    if (this.parents.has(parent)) return;
    try {
      const parentWatch = fsWatch(parent, { persistent: false }, (_event, name) => {
        const named = this.watched.filter((dir) => dirname(dir) === parent && (!name || basename(dir) === String(name)));
        for (const dir of named) this.suspects.add(dir);
        if (named.length) this.schedule();
      });
      parentWatch.on('error', (error) => this.options.log(`watcher: ${error.message}`));
      this.parents.set(parent, parentWatch);
    } catch {
      this.parents.set(parent, undefined); // (a parent that cannot be watched: the folder is then followed as chokidar can)
    }
  }

  /** Restart the watchers of folders that are no longer the folders they started on, then the session. */
  private replaced(): void {
    this.settle = undefined;
    if (this.closed) return;
    const named = [...this.suspects];
    this.suspects.clear();
    const moved = (w: FolderWatch) =>
      named.filter((dir) => {
        if (!w.folders.has(dir)) return false;
        const id = folderId(dir);
        return id !== undefined && id !== w.folders.get(dir);
      });
    const watches = [this.siteWatch, this.contentWatch].filter((w): w is FolderWatch => w !== undefined);
    const stale = watches.map((w) => ({ w, dirs: moved(w) })).filter(({ dirs }) => dirs.length);
    if (!stale.length) return;
    const dirs = stale.flatMap((s) => s.dirs);
    const outermost = dirs.filter((dir) => !dirs.some((outer) => dir.startsWith(outer + sep)));
    this.options.log(`${outermost.map((dir) => relative(this.options.root, dir)).join(' and ')} replaced: restarting`);
    // (Taken in now, so not reported again while the restart waits its turn.)
    for (const { w, dirs: replacedDirs } of stale) for (const dir of replacedDirs) w.folders.set(dir, folderId(dir));
    this.options.enqueue(async () => {
      for (const { w } of stale) {
        await w.watcher.close();
        const fresh = this.watchFolders(w.dirs);
        await fresh.ready;
        if (this.closed) return void (await fresh.watcher.close());
        if (w === this.siteWatch) this.siteWatch = fresh;
        else this.contentWatch = fresh;
      }
      await this.restart();
    });
  }
}
