/**
 * One file answered over HTTP (preview and dev). Size and ranges come from the open descriptor, so a file a build
 * replaces meanwhile is sent as opened, and one that shrinks closes the connection rather than send short.
 */
import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.rss': 'application/rss+xml; charset=utf-8',
  '.atom': 'application/atom+xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.pdf': 'application/pdf',
  '.wasm': 'application/wasm',
  '.zip': 'application/zip',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.wav': 'audio/wav',
};

/** The Content-Type of a file by its extension (`application/octet-stream` when unknown). */
export function contentTypeOf(file: string): string {
  return TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** Open errors that mean "no such file here" rather than a fault. */
const MISSING = new Set(['ENOENT', 'ENOTDIR', 'EISDIR', 'ELOOP', 'ENAMETOOLONG']);

export interface OpenedFile {
  handle: FileHandle;
  size: number;
  mtime: Date;
}

/** The regular file at `file`, opened; undefined when there is none, and other failures thrown. */
export async function openFile(file: string): Promise<OpenedFile | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    if (MISSING.has((error as NodeJS.ErrnoException).code ?? '')) return undefined;
    throw error;
  }
  try {
    const stats = await handle.stat();
    if (stats.isFile()) return { handle, size: stats.size, mtime: stats.mtime };
  } catch {
    // unreadable: treated as missing
  }
  await handle.close().catch(() => undefined);
  return undefined;
}

/** A satisfiable single range as [start, end] (inclusive), 'unsatisfiable', or undefined (send the whole file). */
export function parseRange(header: string | undefined, size: number): [number, number] | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  // One range only: a malformed or multi-range header is answered with the whole file.
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return [Math.max(0, size - suffix), size - 1];
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Number(m[2]);
  if (start >= size || end < start) return 'unsatisfiable';
  return [start, Math.min(end, size - 1)];
}

/** A validator of the file as opened, from its size and modification time (as nginx makes one). */
export function etagOf(size: number, mtime: Date): string {
  return `"${size.toString(16)}-${Math.floor(mtime.getTime()).toString(16)}"`;
}

/**
 * Whether the client's copy is the file as opened (a 304 answers it): `If-None-Match` names its ETag (or `*`), or,
 * without `If-None-Match`, `If-Modified-Since` is no earlier than its modification time (to the second, as HTTP dates go).
 */
export function notModified(req: IncomingMessage, etag: string, mtime: Date): boolean {
  const noneMatch = req.headers['if-none-match'];
  if (noneMatch !== undefined) return noneMatch.split(',').some((tag) => ['*', etag, `W/${etag}`].includes(tag.trim()));
  const since = Date.parse(req.headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && Math.floor(mtime.getTime() / 1000) * 1000 <= since;
}

/** Resolves when `res` can take more (drain) or is gone (close). */
function writable(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/** Copy bytes [start, end] of the open file into `res`; throws when the file has fewer. */
async function copy(res: ServerResponse, handle: FileHandle, start: number, end: number): Promise<void> {
  let position = start;
  while (position <= end && !res.destroyed) {
    const chunk = Buffer.allocUnsafe(Math.min(64 * 1024, end - position + 1));
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, position);
    if (bytesRead === 0) throw new Error('the file got shorter while it was being sent');
    position += bytesRead;
    if (!res.write(bytesRead === chunk.length ? chunk : chunk.subarray(0, bytesRead))) await writable(res);
  }
}

/**
 * Answer with an opened file (closed here): `status`, 206 for a satisfiable `Range`, 416 for an unsatisfiable one,
 * 304 when a 200 would send what the client's conditional request says it has. Never throws: a failed read answers 503, or closes the connection once headers are sent.
 */
export async function sendOpened(
  req: IncomingMessage,
  res: ServerResponse,
  opened: OpenedFile,
  type: string,
  headers: Record<string, string> = {},
  status = 200,
): Promise<void> {
  const { handle, size, mtime } = opened;
  try {
    const lastModified = mtime.toUTCString();
    const etag = etagOf(size, mtime);
    const ifRange = req.headers['if-range'];
    const get = req.method === 'GET' || req.method === 'HEAD' || req.method === undefined;
    const validators = { ETag: etag, 'Last-Modified': lastModified };
    // The not-found page (status 404) is an answer about another path: never "not modified".
    if (get && status === 200 && notModified(req, etag, mtime)) {
      res.writeHead(304, { ...validators, ...headers });
      return void res.end();
    }
    const range = get && (!ifRange || ifRange === lastModified || ifRange === etag) ? parseRange(req.headers.range, size) : undefined;
    const base = { 'Content-Type': type, ...validators, 'Accept-Ranges': 'bytes', ...headers };
    if (range === 'unsatisfiable') {
      res.writeHead(416, { ...base, 'Content-Range': `bytes */${size}`, 'Content-Length': 0 });
      return void res.end();
    }
    const [start, end] = range ?? [0, size - 1];
    res.writeHead(range ? 206 : status, {
      ...base,
      'Content-Length': end - start + 1,
      ...(range ? { 'Content-Range': `bytes ${start}-${end}/${size}` } : {}),
    });
    if (req.method !== 'HEAD') await copy(res, handle, start, end);
    res.end();
  } catch {
    if (res.headersSent) res.destroy();
    else unavailable(res);
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** 503: the file could not be read just now (a build replacing it, too many open files). */
export function unavailable(res: ServerResponse): void {
  if (res.headersSent) return void res.destroy();
  res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': '1' });
  res.end('Service unavailable: the file could not be read, try again');
}

/** Send the regular file at `file` (503 when it cannot be opened), or resolve false when there is none. */
export async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  headers: Record<string, string> = {},
  type = contentTypeOf(file),
): Promise<boolean> {
  let opened: OpenedFile | undefined;
  try {
    opened = await openFile(file);
  } catch {
    unavailable(res);
    return true;
  }
  if (!opened) return false;
  await sendOpened(req, res, opened, type, headers);
  return true;
}

/** A path segment sitegen does not serve: dotfiles, except `.well-known`. */
export function hiddenPath(pathname: string): boolean {
  return pathname.split('/').some((segment) => segment.startsWith('.') && segment !== '.well-known');
}
