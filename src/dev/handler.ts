/** Request handling for `sitegen dev`: pages rendered on demand, payloads, assets, images, public and plugin files, the content API. */
import { statSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join } from 'node:path';
import { insideRoots } from '../content/links.ts';
import { formatLocation } from '../errors.ts';
import { escapeHtml } from '../html.ts';
import type { RenderedPage } from '../render/types.ts';
import { basePrefix, stripBase } from '../render/base.ts';
import { safePath } from '../server/preview.ts';
import { contentTypeOf, hiddenPath, sendFile } from '../server/send-file.ts';
import { contentApi, sendJson } from './content-api.ts';
import type { DevPluginFiles } from './plugin-files.ts';
import type { RuntimeAsset } from '../output/assets.ts';
import { mathAssetFiles } from '../output/math-assets.ts';
import type { Reloader } from './reload.ts';
import { DEV_BUILD_ID, type DevSession } from './session.ts';

const IMAGE_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.avif': 'image/avif',
};

const JS = 'text/javascript; charset=utf-8';
/** KaTeX's stylesheet and fonts (output/math-assets.ts), read only when one is asked for. */
const MATH_ASSET = /^\/_sitegen\/(katex\.|KaTeX_)/;

/** A path a browser would show as a page: a folder, an `.html` file or a last segment with no extension. */
const isPagePath = (pathname: string) => pathname.endsWith('/') || pathname.endsWith('.html') || !/\.[^/]*$/.test(pathname);

/** An error page that loads the dev client: its overlay shows the problems, and it reloads once they are fixed. */
function sendErrorPage(res: ServerResponse, status: number, title: string, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(`<!doctype html><title>${title}</title><h1>${title}</h1><pre>${escapeHtml(text)}</pre><script type="module" src="/_sitegen/dev/client.js"></script>`);
}

export interface HandlerOptions {
  root: string;
  session: DevSession;
  reloader: Reloader;
  pluginFiles: DevPluginFiles;
  /** The live-reload client (`/_sitegen/dev/client.js`). */
  clientJs: string;
  /** The runtime as dev serves it, under the build's runtime's name (src/dev/runtime.ts). */
  runtime: RuntimeAsset;
}

export class DevRequests {
  constructor(private readonly options: HandlerOptions) {}

  private get session(): DevSession {
    return this.options.session;
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { root, session, reloader } = this.options;
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
    if (pathname === '/_sitegen/dev/events') {
      // The page's own address (location.pathname), under the base: its route is what renders.
      const page = url.searchParams.get('path') || '/';
      return reloader.connect(req, res, stripBase(page, prefix) ?? page, url.searchParams.get('id') ?? undefined);
    }
    if (pathname === '/_sitegen/dev/client.js') {
      res.writeHead(200, { 'Content-Type': JS, 'Cache-Control': 'no-store' });
      return void res.end(this.options.clientJs);
    }
    if (!session.ready) return this.sendWaiting(res, pathname ?? requested, req.headers.accept);
    // Outside the base path: the site's 404 page.
    if (!pathname) return this.sendPage(res, await session.render('/404'), 404);
    if (prefix) req.url = `${encodeURI(pathname)}${url.search}`;
    if (this.serveSitegen(res, pathname)) return;
    if (pathname.startsWith('/api/_content/') && contentApi(session, pathname, url.searchParams, res)) return;
    const image = session.imageFiles.get(pathname.slice(1));
    if (image && (await this.sendSafe(req, res, image, IMAGE_TYPES[extname(image).toLowerCase()] ?? 'application/octet-stream'))) return;
    if (pathname.endsWith('/_payload.json')) return this.servePayload(res, pathname);
    if (await this.servePluginFile(res, pathname)) return;
    if (await this.servePublic(req, res, pathname)) return;
    await this.servePage(res, pathname, prefix, url.search);
  }

  /** The asset files (styles, runtime, islands) by URL path. */
  private assets(): Map<string, string> {
    const map = new Map<string, string>();
    const { css, pageCss, runtime, islands } = this.session.assets;
    if (css) map.set(`/${css.path}`, css.contents);
    for (const sheet of pageCss) map.set(`/${sheet.path}`, sheet.contents);
    map.set(`/${runtime.path}`, this.options.runtime.contents);
    for (const f of [...runtime.files, ...this.options.runtime.files]) map.set(`/${f.path}`, f.contents);
    for (const f of islands.files) map.set(`/${f.path}`, f.contents);
    return map;
  }

  /** Send a file whose real path (links followed) is inside the project; false (nothing sent) otherwise. */
  private async sendSafe(req: IncomingMessage, res: ServerResponse, file: string, type?: string): Promise<boolean> {
    let real: string;
    try {
      real = await realpath(file);
    } catch {
      return false;
    }
    if (!insideRoots(real, this.session.scope)) return false;
    return sendFile(req, res, real, { 'Cache-Control': 'no-store' }, type ?? contentTypeOf(file));
  }

  /**
   * A public file: `/a` is also `/a/index.html`, and `/a.html` unless a page has the route `/a` (its folder's index is
   * found first, as preview and the hosts look); dotfiles are not served (nor built).
   */
  private async servePublic(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> {
    if (hiddenPath(pathname)) return false;
    const file = join(this.session.publicDir, pathname);
    const trimmed = this.session.hasRoute(pathname) ? '' : pathname.replace(/\/+$/, '');
    // Looked up synchronously: a request for a page goes on to render in the same tick.
    const candidates = [file, ...(trimmed ? [join(this.session.publicDir, `${trimmed}.html`)] : []), join(file, 'index.html')];
    const found = candidates.find((candidate) => {
      try {
        return statSync(candidate, { throwIfNoEntry: false })?.isFile();
      } catch {
        return false; // (a file where a folder would be: ENOTDIR)
      }
    });
    return found !== undefined && this.sendSafe(req, res, found);
  }

  /** The build's own files (its latest.json and manifest, the assets) as dev has them; false for any other path. */
  private serveSitegen(res: ServerResponse, pathname: string): boolean {
    if (pathname === '/_sitegen/builds/latest.json') sendJson(res, 200, { id: DEV_BUILD_ID, timestamp: 0 });
    else if (pathname === `/_sitegen/builds/meta/${DEV_BUILD_ID}.json`) sendJson(res, 200, this.session.manifest());
    else {
      const asset = this.assets().get(pathname) ?? (MATH_ASSET.test(pathname) ? mathAssetFiles().get(pathname.slice(1)) : undefined);
      if (asset === undefined) return false;
      const type = pathname.endsWith('.css') ? 'text/css; charset=utf-8' : pathname.endsWith('.woff2') ? contentTypeOf(pathname) : JS;
      res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store' });
      res.end(asset);
    }
    return true;
  }

  /** A page's payload (`/a/_payload.json`), rendered as the page is. */
  private async servePayload(res: ServerResponse, pathname: string): Promise<void> {
    const route = pathname.slice(0, -'/_payload.json'.length) || '/';
    const target = this.session.hasRoute(route) ? route : this.session.hasRoute(`${route}/index.html`) ? `${route}/index.html` : route;
    const page = await this.session.render(target);
    this.options.reloader.broadcastProblems(false);
    if (!this.session.hasRoute(target) || !page.payload) return sendJson(res, 404, { error: 'not found' });
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(page.payload);
  }

  /** A file a plugin's `build:done` would write (the search index and client …); false when none does. */
  private async servePluginFile(res: ServerResponse, pathname: string): Promise<boolean> {
    const file = await this.options.pluginFiles.get(pathname);
    if (file === undefined) return false;
    res.writeHead(200, { 'Content-Type': contentTypeOf(pathname), 'Cache-Control': 'no-store' });
    res.end(file);
    return true;
  }

  /**
   * A page: a redirect (the query kept unless the target has its own, as preview and the hosts do), the route
   * rendered (its last good version while it throws), or the not-found page.
   */
  private async servePage(res: ServerResponse, pathname: string, prefix: string, search: string): Promise<void> {
    const redirect = this.session.redirectFor(pathname);
    if (redirect) {
      const to = (redirect.to.startsWith('/') ? prefix : '') + redirect.to;
      res.writeHead(redirect.statusCode, { Location: to + (redirect.to.includes('?') ? '' : search) });
      return void res.end();
    }
    const page = await this.session.render(pathname);
    this.sendPage(res, page, page.status);
  }

  private sendPage(res: ServerResponse, page: RenderedPage, status: number): void {
    this.options.reloader.broadcastProblems(false);
    // It threw and has no good version to show: the overlay says why.
    if (!page.html) return void sendErrorPage(res, 500, 'Internal Server Error', page.error?.message ?? '');
    res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(page.html);
  }

  /**
   * No site yet (the templates have not compiled since start-up: see DevSession.ready): a page is answered with the
   * problems and the overlay, which reloads it once the site is there; anything else (payloads, assets, the content
   * API, public files) with the problems as text. Both 503: nothing is wrong with the request.
   */
  private sendWaiting(res: ServerResponse, pathname: string, accept = ''): void {
    const problems = this.session
      .allProblems()
      .map((p) => `${formatLocation(p.location) || '(site)'} [${p.code}] ${p.title}\n${p.message}${p.hint ? `\nhint: ${p.hint}` : ''}`)
      .join('\n\n');
    if (accept.includes('text/html') || isPagePath(pathname)) return void sendErrorPage(res, 503, 'The site could not be built', problems);
    res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(`sitegen dev has no site to serve until this is fixed:\n\n${problems}\n`);
  }
}
