/**
 * `sitegen dev`: the site built in memory, served (public files from disk) with on-demand
 * rendering, watched with chokidar, with live reload over server-sent events.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { statSync, watch as fsWatch, type FSWatcher as FsWatcher } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { basename, dirname, extname, join, relative, resolve, sep } from 'node:path';
import { projectRoot } from '../pipeline/project.ts';
import { watch, type FSWatcher } from 'chokidar';
import { build } from 'esbuild';
import { SitegenError, formatLocation } from '../errors.ts';
import { hashText } from '../hash.ts';
import { POSTS_QUERY_KEY, documentQueryKey, queryHash } from '../output/manifest.ts';
import { PACKAGE_ROOT, TEMPLATES_DIR } from '../paths.ts';
import { findConfigFile } from '../config/load.ts';
import { listen } from '../server/listen.ts';
import { safePath } from '../server/preview.ts';
import { contentTypeOf, hiddenPath, sendFile } from '../server/send-file.ts';
import { insideRoots } from '../content/links.ts';
import { basePrefix, stripBase } from '../render/base.ts';
import { runQuery, type ContentQuery } from './query.ts';
import { DEV_BUILD_ID, DevSession } from './session.ts';
import { problemReporter } from './report.ts';
import { contentType, normalizeRoutePath } from '../content/paths.ts';
import type { ContentDocument } from '../content/types.ts';

export interface DevServerOptions {
  root: string;
  host?: string;
  port?: number;
  log?: (message: string) => void;
}

interface Client {
  res: ServerResponse;
  path: string;
}

export interface DevServer {
  url: string;
  session: DevSession;
  close(): Promise<void>;
  /** Resolves after the next change has been handled (tests and the latency benchmark). */
  nextUpdate(): Promise<{ ms: number; reloaded: string[] }>;
  /** Resolves once the content folder's watcher has done its first scan and taken in what changed meanwhile. */
  contentWatched: Promise<void>;
}

const IMAGE_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.avif': 'image/avif',
};

async function bundleClient(): Promise<string> {
  const result = await build({
    entryPoints: [join(PACKAGE_ROOT, 'src/dev/client.ts')],
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    logLevel: 'silent',
    target: ['chrome110', 'firefox110', 'safari16'],
  });
  return result.outputFiles[0].text;
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

function toSitegenError(error: unknown): SitegenError {
  return error instanceof SitegenError
    ? error
    : new SitegenError('SG4002', (error as Error)?.message ?? String(error), { hint: 'Fix the template; the last good version is still served.' });
}

function problemJson(problems: SitegenError[]) {
  return problems.map((p) => ({
    code: p.code,
    title: p.title,
    message: p.message,
    where: formatLocation(p.location) || '(site)',
    frame: p.frame,
    hint: p.hint,
  }));
}

export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const log = options.log ?? (() => undefined);
  const root = projectRoot(options.root);
  const client = bundleClient();
  client.catch(() => undefined); // awaited below
  const session = new DevSession({ root, bodyExtra: '\n<script type="module" src="/_sitegen/dev/client.js"></script>' });
  await session.init();
  // The documents load (parsed in workers) while this thread sets up the watcher of the site's own
  // files below, once the workers have their work. The content folder is watched from when they
  // are loaded (see contentWatcher).
  let loaded!: Promise<unknown>;
  await new Promise<void>((parsing) => {
    loaded = session.load(parsing);
    loaded.then(
      () => parsing(),
      () => parsing(),
    );
  });
  const clients = new Set<Client>();
  const waiters: ((r: { ms: number; reloaded: string[] }) => void)[] = [];

  const send = (client: Client, event: string, data: unknown = {}) => client.res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  const report = problemReporter(log, () => session.config.checks);
  let sent: string | undefined;
  /** Problems to the overlays and the terminal: after a change always, else only when they changed (a page rendered on request). */
  const broadcastProblems = (always = true) => {
    const problems = session.allProblems();
    const json = problemJson(problems);
    const text = JSON.stringify(json);
    if (!always && text === sent) return;
    sent = text;
    report(problems);
    for (const client of clients) problems.length ? send(client, 'problems', json) : send(client, 'clear');
  };

  /**
   * Output hash per open page that has been rendered, so a change that leaves a page's HTML as
   * it was reloads nothing. (A page not rendered yet is not rendered now: its body would be read
   * from a file that may already hold the edit.)
   */
  const snapshot = () => {
    const hashes = new Map<string, string | undefined>();
    for (const path of new Set([...clients].map((c) => c.path))) hashes.set(path, session.rendered(path));
    return hashes;
  };

  async function handleChange(apply: () => Promise<unknown>): Promise<void> {
    const started = performance.now();
    const before = snapshot();
    let changed: unknown = '*';
    try {
      changed = await apply();
    } catch (error) {
      // A change that cannot be applied (a template that does not compile …) is a problem to show.
      session.problems.set('(templates)', [toSitegenError(error)]);
    }
    const reloaded: string[] = [];
    for (const [path, hash] of before) {
      const page = await session.render(path);
      if (page.error) continue;
      if (
        hash === undefined
          ? !(changed === '*' || (Array.isArray(changed) && changed.some((p) => normalizeRoutePath(p) === normalizeRoutePath(path))))
          : hashText(page.html) === hash
      )
        continue;
      reloaded.push(path);
      for (const client of clients) if (client.path === path) send(client, 'reload');
    }
    // Pages with broken links re-render, so a fix shows as one (dev/link-checks.ts).
    await session.checkPages();
    broadcastProblems();
    const ms = performance.now() - started;
    for (const resolve of waiters.splice(0)) resolve({ ms, reloaded });
  }

  // One change at a time, in order, and none before the documents are loaded.
  let queue: Promise<unknown> = loaded.catch(() => undefined);
  const enqueue = (fn: () => Promise<unknown>) => {
    queue = queue
      .then(() => handleChange(fn))
      .catch((error) => {
        log(`✗ ${(error as Error).message}`);
        for (const resolve of waiters.splice(0)) resolve({ ms: 0, reloaded: [] });
      });
  };

  const configFile = findConfigFile(root);
  // (The config may move it: see restart.)
  let contentDir = session.contentDir;
  // Hidden files and folders below the watched folders are ignored (not the folders' own path:
  // a site may well live under a dot-folder).
  const watched = [contentDir, join(root, 'site'), TEMPLATES_DIR];
  const ignored = (p: string) => {
    const base = watched.find((dir) => p === dir || p.startsWith(dir + sep));
    const rel = base ? p.slice(base.length + 1) : p;
    return rel.split(sep).some((segment) => segment.startsWith('.') || segment === 'node_modules');
  };
  let settle: ReturnType<typeof setTimeout> | undefined;
  /** Folders whose entry in their parent changed since replaced last looked. */
  const suspects = new Set<string>();
  /** A look for replaced folders soon (once both watchers are there: see replaced). */
  let schedule = () => undefined as void;
  /**
   * A chokidar watcher of `dirs`, with which folder each of them and each folder below them was
   * when it started watching it (see replaced); a folder entry that changes name (a raw `rename`)
   * may be a folder replaced.
   */
  const watchFolders = (dirs: string[]) => {
    const watcher: FSWatcher = follow(watch(dirs, { ignoreInitial: true, ignored }));
    watcher.on('error', (error) => log(`watcher: ${(error as Error).message}`));
    const below = (dir: string) => dirs.some((top) => dir.startsWith(top + sep));
    const folders = new Map(dirs.map((dir) => [dir, folderId(dir)]));
    watcher.on('addDir', (dir) => folders.set(resolve(dir), folderId(dir)));
    watcher.on('unlinkDir', (dir) => folders.delete(resolve(dir)));
    watcher.on('raw', (event, name, details) => {
      const parent = (details as { watchedPath?: string } | undefined)?.watchedPath;
      if (event !== 'rename' || !name || !parent) return;
      suspects.add(join(parent, String(name)));
      schedule();
    });
    const ready = new Promise<void>((r) => watcher.once('ready', () => r())).then(() => {
      for (const dir of Object.keys(watcher.getWatched())) if (below(resolve(dir))) folders.set(resolve(dir), folderId(dir));
    });
    return { watcher, dirs, folders, ready };
  };
  /** The whole session again, every open page reloaded (the config changed, or a folder was replaced). */
  const restart = async () => {
    await session.start();
    if (session.contentDir !== contentDir) await followContent(session.contentDir);
    for (const client of clients) send(client, 'reload');
  };
  /**
   * The config named another content folder (`contentDir`): its watcher moves there, and whatever
   * changed in it since the session read it is taken in, as at start-up.
   */
  const followContent = async (dir: string) => {
    contentDir = watched[0] = dir;
    await contentWatch.watcher.close();
    watchParent(dirname(dir));
    await watchContent(dir);
  };
  /**
   * Watch the content folder; once the watcher's first scan is done, whatever changed since the
   * session read the documents is taken in as if the watcher had seen it.
   */
  const watchContent = (dir: string): Promise<void> => {
    const fresh = (contentWatch = watchFolders([dir]));
    const current = () => !closed && contentWatch === fresh;
    return fresh.ready.then(async () => {
      const changed = current() ? await session.changedSinceLoad() : [];
      if (current()) for (const { file, removed } of changed) onFile(file, removed);
    });
  };
  // Editors often emit several events per save: coalesce them per file while queued.
  const pending = new Set<string>();
  const onFile = (file: string, removed: boolean) => {
    const path = resolve(file);
    if (!removed && pending.has(path)) return;
    pending.add(path);
    const once = (fn: () => Promise<unknown>) => () => {
      pending.delete(path);
      return fn();
    };
    if (configFile && path === resolve(configFile)) {
      log('config changed: restarting');
      return enqueue(once(restart));
    }
    // A document, or another file (an image a document shows reloads the pages that show it).
    if (path.startsWith(contentDir + sep)) {
      log(`${removed ? 'removed' : 'updated'} ${path.slice(root.length + 1)}`);
      return enqueue(once(() => (contentType(path) ? session.contentChanged(path, removed) : session.fileChanged(path, removed))));
    }
    if (path.startsWith(session.publicDir + sep)) return enqueue(once(() => session.fileChanged(path, removed)));
    log(`templates changed: ${path.slice(root.length + 1)}`);
    return enqueue(once(() => session.rebuildTemplates()));
  };
  const follow = (w: FSWatcher) =>
    w
      .on('add', (f) => onFile(f, false))
      .on('change', (f) => onFile(f, false))
      .on('unlink', (f) => onFile(f, true));
  let siteWatch = watchFolders(watched.slice(1));
  await siteWatch.ready;
  await loaded;
  // The content folder's watcher starts once the documents are loaded: its first scan stats every
  // file (a second of this thread at 10,000 documents), which would slow the workers' parsing down
  // on a machine of two cores.
  let closed = false;
  let contentWatch: ReturnType<typeof watchFolders>;
  const contentWatched = watchContent(contentDir);
  contentWatched.catch((error) => log(`watcher: ${(error as Error).message}`));

  // chokidar cannot follow a watched folder that is replaced (removed and made again, or another
  // renamed into its place: a script that writes content/ or content/reference/ afresh, a restore
  // from a copy): its watcher stays with the folder that is gone and reports nothing more from
  // it, so the site would go on being served as it was. (Below a watched folder it copes when the
  // new folder comes a moment later, not at once.) So the watched folders' parents are watched
  // too, their own entries only, and each folder below them is known by its inode and birth time:
  // when one is no longer the folder its watcher started on, that watcher starts again on the new
  // one and the session reloads, as for a config change.
  const replaced = () => {
    settle = undefined;
    if (closed) return;
    const named = [...suspects];
    suspects.clear();
    const moved = (w: typeof siteWatch) =>
      named.filter((dir) => {
        if (!w.folders.has(dir)) return false;
        const id = folderId(dir);
        return id !== undefined && id !== w.folders.get(dir);
      });
    const stale = [siteWatch, contentWatch].map((w) => ({ w, dirs: moved(w) })).filter(({ dirs }) => dirs.length);
    if (!stale.length) return;
    const dirs = stale.flatMap((s) => s.dirs);
    log(
      `${dirs
        .filter((dir) => !dirs.some((outer) => dir.startsWith(outer + sep)))
        .map((dir) => relative(root, dir))
        .join(' and ')} replaced: restarting`,
    );
    // (Taken in now, so not reported again while the restart waits its turn.)
    for (const { w, dirs: replacedDirs } of stale) for (const dir of replacedDirs) w.folders.set(dir, folderId(dir));
    enqueue(async () => {
      for (const { w } of stale) {
        await w.watcher.close();
        const fresh = watchFolders(w.dirs);
        await fresh.ready;
        if (closed) return void (await fresh.watcher.close());
        if (w === siteWatch) siteWatch = fresh;
        else contentWatch = fresh;
      }
      await restart();
    });
  };
  schedule = () => {
    clearTimeout(settle);
    settle = setTimeout(replaced, 100);
  };
  const parents = new Map<string, FsWatcher | undefined>();
  function watchParent(parent: string): void {
    if (parents.has(parent)) return;
    try {
      const parentWatch = fsWatch(parent, { persistent: false }, (_event, name) => {
        const named = watched.filter((dir) => dirname(dir) === parent && (!name || basename(dir) === String(name)));
        for (const dir of named) suspects.add(dir);
        if (named.length) schedule();
      });
      parentWatch.on('error', (error) => log(`watcher: ${error.message}`));
      parents.set(parent, parentWatch);
    } catch {
      parents.set(parent, undefined); // (a parent that cannot be watched: the folder is then followed as chokidar can)
    }
  }
  for (const dir of watched) watchParent(dirname(dir));
  const clientJs = await client;

  const assets = () => {
    const map = new Map<string, string>();
    const { css, runtime, islands } = session.assets;
    if (css) map.set(`/${css.path}`, css.contents);
    map.set(`/${runtime.path}`, runtime.contents);
    for (const f of runtime.files) map.set(`/${f.path}`, f.contents);
    for (const f of islands.files) map.set(`/${f.path}`, f.contents);
    return map;
  };

  /**
   * Send a file from disk when it is there and its real path (links followed) is inside the
   * project; false when not (nothing sent).
   */
  const sendSafe = async (req: IncomingMessage, res: ServerResponse, file: string, type?: string): Promise<boolean> => {
    let real: string;
    try {
      real = await realpath(file);
    } catch {
      return false;
    }
    if (!insideRoots(real, session.scope)) return false;
    return sendFile(req, res, real, { 'Cache-Control': 'no-store' }, type ?? contentTypeOf(file));
  };
  /** A public file: `/a` is also `/a.html` and `/a/index.html`; dotfiles are not served (nor built). */
  const servePublic = async (req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> => {
    if (hiddenPath(pathname)) return false;
    const file = join(session.publicDir, pathname);
    const trimmed = pathname.replace(/\/+$/, '');
    // Looked up synchronously: a request for a page goes on to render in the same tick, as before.
    const candidates = [file, ...(trimmed ? [join(session.publicDir, `${trimmed}.html`)] : []), join(file, 'index.html')];
    const found = candidates.find((candidate) => {
      try {
        return statSync(candidate, { throwIfNoEntry: false })?.isFile();
      } catch {
        return false; // (a file where a folder would be: ENOTDIR)
      }
    });
    return found !== undefined && sendSafe(req, res, found);
  };

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(JSON.stringify(body));
  };

  function contentApi(pathname: string, params: URLSearchParams, res: ServerResponse): boolean {
    const preview = Boolean(params.get('previewToken'));
    const docs = session.documents().filter((d) => preview || !d.draft);
    const live = () => {
      let query: ContentQuery = {};
      try {
        query = JSON.parse(params.get('_params') ?? '{}') as ContentQuery;
      } catch {
        return json(res, 400, { error: '_params must be JSON' });
      }
      // Documents as a build's content API files show them: no build internals.
      json(
        res,
        200,
        runQuery(
          docs.map((d) => session.apiView(d) as unknown as ContentDocument),
          query,
        ),
      );
    };
    if (pathname === '/api/_content/query') {
      live();
      return true;
    }
    const m = /^\/api\/_content\/(query|navigation)\/([0-9a-f]+)\.[\w-]+\.json$/.exec(pathname);
    if (!m) return false;
    // The files a build writes answer as they would; any other query whose name matches its
    // `_params` (the runtime's content client sends them) is answered live.
    const doc = m[1] === 'query' ? docs.find((d) => queryHash(documentQueryKey(d._path)) === m[2]) : undefined;
    if (m[1] === 'navigation') json(res, 200, session.navigation);
    else if (m[2] === queryHash(POSTS_QUERY_KEY)) json(res, 200, session.posts);
    else if (doc)
      void session.apiDocument(doc).then(
        (body) => json(res, 200, body),
        () => json(res, 500, { error: 'could not render' }),
      );
    else if (params.has('_params') && queryHash(params.get('_params')!) === m[2]) live();
    else json(res, 404, { error: 'not found' });
    return true;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const requested = safePath(root, req.url ?? '/');
    if (!requested) {
      res.statusCode = 400;
      return void res.end('Bad request');
    }
    const url = new URL(req.url ?? '/', 'http://dev');
    // Under a base path (`/docs/`) the site is served below it, as it will be when deployed; the
    // dev client's own endpoints stay at the root.
    const prefix = basePrefix(session.config.base);
    if (prefix && requested === prefix) {
      res.writeHead(301, { Location: `${prefix}/${url.search}` });
      return void res.end();
    }
    const pathname = requested.startsWith('/_sitegen/dev/') ? requested : stripBase(requested, prefix);
    if (!pathname) {
      const page = await session.render('/404');
      res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      return void res.end(page.html);
    }
    if (prefix) req.url = `${encodeURI(pathname)}${url.search}`;
    if (pathname === '/_sitegen/dev/events') {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
      // The page's own address (location.pathname), under the base: its route is what renders.
      const page = url.searchParams.get('path') || '/';
      const client: Client = { res, path: stripBase(page, prefix) ?? page };
      clients.add(client);
      res.write(': connected\n\n');
      const problems = session.allProblems();
      if (problems.length) send(client, 'problems', problemJson(problems));
      req.on('close', () => clients.delete(client));
      return;
    }
    if (pathname === '/_sitegen/dev/client.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' });
      return void res.end(clientJs);
    }
    if (pathname === '/_sitegen/builds/latest.json') return json(res, 200, { id: DEV_BUILD_ID, timestamp: 0 });
    if (pathname === `/_sitegen/builds/meta/${DEV_BUILD_ID}.json`) return json(res, 200, session.manifest());
    const asset = assets().get(pathname);
    if (asset !== undefined) {
      res.writeHead(200, {
        'Content-Type': pathname.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8',
        'Cache-Control': 'no-store',
      });
      return void res.end(asset);
    }
    if (pathname.startsWith('/api/_content/') && contentApi(pathname, url.searchParams, res)) return;
    const image = session.imageFiles.get(pathname.slice(1));
    if (image && (await sendSafe(req, res, image, IMAGE_TYPES[extname(image).toLowerCase()] ?? 'application/octet-stream'))) return;
    if (pathname.endsWith('/_payload.json')) {
      const route = pathname.slice(0, -'/_payload.json'.length) || '/';
      const target = session.hasRoute(route) ? route : session.hasRoute(`${route}/index.html`) ? `${route}/index.html` : route;
      const page = await session.render(target);
      broadcastProblems(false);
      if (!session.hasRoute(target) || page.error) return json(res, 404, { error: 'not found' });
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
      return void res.end(page.payload);
    }
    if (await servePublic(req, res, pathname)) return;
    const redirect = session.redirectFor(pathname);
    if (redirect) {
      res.writeHead(redirect.statusCode, { Location: (redirect.to.startsWith('/') ? prefix : '') + redirect.to });
      return void res.end();
    }
    const page = await session.render(pathname);
    broadcastProblems(false);
    if (page.error) {
      res.writeHead(500, { 'Content-Type': 'text/html; charset=utf-8' });
      return void res.end(
        `<!doctype html><title>Internal Server Error</title><h1>Internal Server Error</h1><pre>${page.error.message.replace(/</g, '&lt;')}</pre><script type="module" src="/_sitegen/dev/client.js"></script>`,
      );
    }
    res.writeHead(page.status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(page.html);
  }

  // The problems found at start-up, once in the terminal.
  broadcastProblems(false);
  const server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      // Halfway through an answer, the connection is closed: a second status line would corrupt it.
      if (res.headersSent) return void res.destroy();
      res.statusCode = 500;
      res.end(`Internal Server Error: ${(error as Error).message}`);
    });
  });
  const url = await listen(server, options.host ?? '127.0.0.1', options.port ?? 4321, (busy) => log(`port ${busy} is busy, trying ${busy + 1}`));
  await session.hooks.run('dev:server', () => [{ server, url, config: session.config }]);
  return {
    url,
    session,
    nextUpdate: () => new Promise((r) => waiters.push(r)),
    contentWatched: contentWatched.catch(() => undefined),
    async close() {
      closed = true;
      for (const client of clients) client.res.end();
      clearTimeout(settle);
      for (const parent of parents.values()) parent?.close();
      await Promise.all([siteWatch.watcher.close(), contentWatch.watcher.close()]);
      await session.saving;
      await session.closing;
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
