/**
 * `sitegen dev`: the site built in memory and rendered on request, with live updates over server-sent events.
 * session.ts holds the site, watch.ts queues changes, reload.ts applies them, handler.ts answers requests.
 */
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { build } from 'esbuild';
import { env } from '../env.ts';
import { buildDevRuntime } from '../output/assets.ts';
import { PACKAGE_ROOT } from '../paths.ts';
import { projectRoot } from '../pipeline/project.ts';
import { listen } from '../server/listen.ts';
import { DevRequests } from './handler.ts';
import { DevPluginFiles } from './plugin-files.ts';
import { Reloader, type Update } from './reload.ts';
import { DevSession } from './session.ts';
import { DevWatcher } from './watch.ts';

export interface DevServerOptions {
  root: string;
  host?: string;
  port?: number;
  log?: (message: string) => void;
}

export interface DevServer {
  url: string;
  session: DevSession;
  close(): Promise<void>;
  /** Resolves after the next change has been handled (tests and the latency benchmark). */
  nextUpdate(): Promise<Update>;
  /** Resolves once the content folder's watcher has done its first scan and taken in what changed meanwhile. */
  contentWatched: Promise<void>;
}

/** The live-update client that every dev page loads. */
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

export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const log = options.log ?? (() => undefined);
  // A bad environment variable (SG1004, SG2018) fails before anything starts, as in a build.
  env.check();
  const root = projectRoot(options.root);
  const client = bundleClient();
  client.catch(() => undefined); // awaited below
  const runtime = buildDevRuntime();
  runtime.catch(() => undefined); // awaited below
  const session = new DevSession({ root, bodyExtra: '\n<script type="module" src="/_sitegen/dev/client.js"></script>' });
  let reloader: Reloader | undefined;
  let watcher: DevWatcher | undefined;
  let pluginFiles: DevPluginFiles | undefined;
  let server: Server | undefined;
  // Whatever has been opened so far: a start-up that fails closes it too, or its watchers keep the process alive.
  const close = async () => {
    reloader?.close();
    await watcher?.close();
    await session.saving;
    await session.closing;
    await pluginFiles?.close();
    if (server?.listening) await new Promise<void>((r) => server?.close(() => r()));
  };
  try {
    for (const line of await session.init()) log(`warning ${line}`);
    // The documents load (parsed in workers) while this thread sets up the watcher of the site's own
    // files; the content folder is watched from when they are loaded (watch.ts).
    let loaded!: Promise<unknown>;
    await new Promise<void>((parsing) => {
      loaded = session.load(parsing);
      loaded.then(
        () => parsing(),
        () => parsing(),
      );
    });
    const files = (pluginFiles = new DevPluginFiles(session));
    const reload = (reloader = new Reloader({ session, log, loaded, changed: () => files.invalidate() }));
    watcher = new DevWatcher({ root, session, log, enqueue: (apply, kind) => reload.enqueue(apply, kind), reloadAll: () => reload.reloadAll() });
    await watcher.start(loaded);
    const requests = new DevRequests({ root, session, reloader, pluginFiles, clientJs: await client, runtime: await runtime });

    // The problems found at start-up, once in the terminal.
    reloader.broadcastProblems(false);
    server = createServer((req, res) => {
      requests.handle(req, res).catch((error) => {
        // Halfway through an answer, the connection is closed: a second status line would corrupt it.
        if (res.headersSent) return void res.destroy();
        res.statusCode = 500;
        res.end(`Internal Server Error: ${(error as Error).message}`);
      });
    });
    const url = await listen(server, options.host ?? '127.0.0.1', options.port ?? 4321, (busy) => log(`port ${busy} is busy, trying ${busy + 1}`));
    const listening = server;
    await session.hooks.run('dev:server', () => [{ server: listening, url, config: session.config }]);
    const watched = watcher;
    return {
      url,
      session,
      nextUpdate: () => reload.nextUpdate(),
      contentWatched: watched.contentWatched.catch(() => undefined),
      close,
    };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}
