/**
 * `sitegen preview`: serve an output folder as a static host would (route-rule redirects, 404.html, `_headers`),
 * and nothing outside the folder.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join, normalize, resolve, sep } from 'node:path';
import { headersFor } from '../output/headers.ts';
import { matchRule, fillTarget, type RouteMatcher } from '../routes/rules.ts';
import { listen } from './listen.ts';
import { contentTypeOf, hiddenPath, openFile, sendOpened, unavailable, type OpenedFile } from './send-file.ts';
import { basePrefix, stripBase } from '../render/base.ts';

export type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export interface PreviewOptions {
  outDir: string;
  host?: string;
  port?: number;
  /** Runs before anything else (tests use it to observe or delay requests). */
  before?: Middleware;
  /** The base path to serve under (`/docs/`); by default the one the build was made with. */
  base?: string;
}

/** The files a static host reads its rules from (Netlify, Cloudflare Pages) and never serves. */
const HOST_FILES = new Set(['/_headers', '/_redirects']);

/** The base a build was made with: the runtime script's `data-base` in its pages. */
export function builtBase(outDir: string): string {
  for (const page of ['404.html', 'index.html']) {
    try {
      const base = /<script\b[^>]*\sdata-base="([^"]*)"/.exec(readFileSync(join(outDir, page), 'utf8'))?.[1];
      if (base) return base;
    } catch {
      // try the next page
    }
  }
  return '/';
}

function readMatcher(outDir: string): RouteMatcher | undefined {
  try {
    const { id } = JSON.parse(readFileSync(join(outDir, '_sitegen/builds/latest.json'), 'utf8')) as { id: string };
    return (JSON.parse(readFileSync(join(outDir, `_sitegen/builds/meta/${id}.json`), 'utf8')) as { matcher: RouteMatcher }).matcher;
  } catch {
    return undefined;
  }
}

/** Decoded pathname, or undefined when it tries to leave the folder. */
export function safePath(root: string, url: string): string | undefined {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(url, 'http://x').pathname);
  } catch {
    return undefined;
  }
  if (pathname.includes('\0') || pathname.split('/').includes('..')) return undefined;
  const file = resolve(root, `.${normalize(pathname)}`);
  return file === root || file.startsWith(root + sep) ? pathname : undefined;
}

export function createPreviewHandler(options: PreviewOptions): (req: IncomingMessage, res: ServerResponse) => void {
  // Not resolved through links: a build swaps `dist` (a symlink) in at once, and each request must follow the new one.
  const root = resolve(options.outDir);
  const prefix = basePrefix(options.base ?? builtBase(root));
  // The nearest 404.html up the path (a locale's own, ja/404.html, then the site's), as Cloudflare Pages answers; the
  // path itself counts as a folder, so /ja is answered as /ja/ is (and as sitegen dev does).
  const notFound = async (req: IncomingMessage, res: ServerResponse) => {
    const folders = (stripBase(safePath(root, req.url ?? '/') ?? '/', prefix) ?? '/').split('/').filter(Boolean);
    let page: Awaited<ReturnType<typeof openFile>> | undefined;
    for (let depth = folders.length; depth >= 0 && !page; depth--) {
      page = await openFile(join(root, ...folders.slice(0, depth), '404.html')).catch(() => undefined);
    }
    const headers = { 'Cache-Control': 'no-cache' };
    if (!page) {
      res.writeHead(404, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
      return void res.end('Not found');
    }
    // A Range names bytes of the file asked for, not of this page.
    delete req.headers.range;
    await sendOpened(req, res, page, 'text/html; charset=utf-8', headers, 404);
  };
  const redirect = (res: ServerResponse, to: string, status: number, search: string) => {
    res.statusCode = status;
    res.setHeader('Location', (to.startsWith('/') ? prefix : '') + to + (to.includes('?') ? '' : search));
    res.setHeader('Cache-Control', 'no-cache');
    res.end();
  };
  // Headers by the path asked for (as `_headers` rules match it), the type by the file sent.
  const send = (req: IncomingMessage, res: ServerResponse, opened: OpenedFile, pathname: string, file: string) =>
    sendOpened(req, res, opened, contentTypeOf(file), headersFor(pathname));

  const answer = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const requested = safePath(root, req.url ?? '/');
    if (!requested) {
      res.statusCode = 400;
      return void res.end('Bad request');
    }
    const search = new URL(req.url ?? '/', 'http://x').search;
    // Under a base path (`/docs/`) the site answers only below it, as it will when deployed.
    if (prefix && requested === prefix) return redirect(res, '/', 301, search);
    const pathname = stripBase(requested, prefix);
    if (!pathname || hiddenPath(pathname)) return notFound(req, res);
    const matcher = readMatcher(root);
    const route = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    // The not-found page is an answer, not a page: `/404` is not found either; nor are the host's own rules.
    if (route === '/404' || route === '/404.html' || HOST_FILES.has(route)) return notFound(req, res);
    const exact = matcher?.static[route]?.redirect;
    if (exact) return redirect(res, exact.to, exact.statusCode, search);
    const file = join(root, pathname);
    // The file, else its folder's index (over a sibling `<route>.html`), else a route rule's redirect, else `<route>.html`.
    const direct = await openFile(file);
    if (direct) return send(req, res, direct, pathname, file);
    const index = await openFile(join(file, 'index.html'));
    if (index) return send(req, res, index, pathname, 'index.html');
    if (matcher) {
      const hit = matchRule(matcher, route);
      if (hit?.rule.redirect) return redirect(res, fillTarget(hit.rule.redirect.to, hit.groups), hit.rule.redirect.statusCode, search);
    }
    const html = route === '/' ? undefined : await openFile(join(root, `${route}.html`));
    if (html) return send(req, res, html, pathname, `${route}.html`);
    return notFound(req, res);
  };
  // A request that fails (a file unreadable just now) is answered, and the server goes on.
  const run = (req: IncomingMessage, res: ServerResponse) => {
    answer(req, res).catch(() => unavailable(res));
  };
  return (req, res) => {
    if (options.before) options.before(req, res, () => run(req, res));
    else run(req, res);
  };
}

export interface RunningServer {
  server: Server;
  url: string;
  /** The base path the site is served under (`/`, `/docs/`): the address to open is `url` + `base`. */
  base?: string;
  close(): Promise<void>;
}

export async function startPreview(options: PreviewOptions): Promise<RunningServer> {
  if (!existsSync(join(options.outDir, '_sitegen/builds/latest.json'))) {
    throw new Error(`${options.outDir} is not a sitegen build (no _sitegen/builds/latest.json): run sitegen build first`);
  }
  const server = createServer(createPreviewHandler(options));
  const url = await listen(server, options.host ?? '127.0.0.1', options.port ?? 4322);
  const base = basePrefix(options.base ?? builtBase(options.outDir)) + '/';
  return { server, url, base, close: () => new Promise((r) => server.close(() => r())) };
}
