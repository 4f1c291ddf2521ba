/**
 * Every message between the main thread and the workers, in one place.
 *
 * A build opens one session per worker (a long-running piscina task holding a MessagePort).
 * The session keeps what it parsed: a document's body stays in the store of the worker that
 * parsed it, where any worker can read it to render the page (pipeline/bodies.ts). The main
 * thread only ever sees metadata.
 */
import type { MessagePort } from 'node:worker_threads';
import type { ParseOptions, SourceFile, ContentDocument } from '../content/types.ts';
import type { SerializedError } from '../errors.ts';
import type { PluginModule } from '../plugins/load.ts';
import type { HookTimings } from '../plugins/run.ts';
import type { ImageManifest } from '../output/images.ts';
import type { BuiltPage } from '../plugins/types.ts';
import type { RenderJob, SharedRenderData, SiteCollection } from '../render/types.ts';

/** The piscina task that opens a session. */
export interface SessionTask {
  type: 'session';
  port: MessagePort;
  plugins: PluginModule[];
  /**
   * Shared with the main thread: [request seq, item index] of what the worker is working on, so
   * a worker that dies is reported with the very file it was on.
   */
  current: SharedArrayBuffer;
  /** Set when the build is interrupted (output/folder.ts INTERRUPTED): stop writing. */
  interrupted: SharedArrayBuffer;
}

/** What a finished session returns to piscina. */
export interface SessionResult {
  timings: HookTimings;
}

export interface ParseRequest {
  type: 'parse';
  files: SourceFile[];
  options: ParseOptions;
  /** Keep each document's body in the worker, for rendering later in the same build. */
  keep: boolean;
  /** With it, each item carries `apiKey`: the hash of this key and the parsed document. */
  apiKeyPrefix?: string;
}

/** A parsed document as the main thread gets it: everything but the body HTML. */
export interface ParsedItem {
  /** Index into the request's files. */
  index: number;
  doc?: ContentDocument;
  /** The document as JSON, in place of `doc` (a build's parse requests, `apiKeyPrefix`). */
  json?: string;
  errors: SerializedError[];
  /** CPU time of the parse in ms, for --profile. */
  ms: number;
  /** Content hash of the source as read, and its stat key (see pipeline/stat.ts statKey). */
  hash?: string;
  stat?: string;
  /** Key of the document's content API file (ParseRequest.apiKeyPrefix), hashed where it was parsed. */
  apiKey?: string;
  /** Where the kept body is (pipeline/bodies.ts): any worker can read it from there. */
  at?: BodyAt;
}

/** A body in a worker's store: file descriptor, byte offset, byte length (pipeline/bodies.ts `where`). */
export type BodyAt = [fd: number, offset: number, length: number];

/** Where this build writes: sent once the build id is known, before anything is written. */
export interface FolderRequest {
  type: 'folder';
  /** Folder being written (the temporary folder of the build). */
  outDir: string;
  /** The folder holds an earlier output: files are overwritten in place (output/writer.ts). */
  inPlace?: boolean;
  /** The previous output of the same folder, when it can be reused. */
  previous?: { dir: string; buildId: string };
  /**
   * The folder is the spare and holds, untouched, the output of this build id (the build before
   * the previous one): pages unchanged since then get the new id put in place (WorkerJob.reuse.inPlace).
   */
  spareId?: string;
  /** Markdown settings, for documents that must be parsed again to render or write. */
  options: ParseOptions;
}

/** What rendering needs besides the folder: sent once the site is planned. */
export interface SetupRequest {
  type: 'setup';
  bundleFile: string;
  shared: SharedRenderData;
}

/**
 * The template bundle, sent as soon as it is compiled: the worker imports it between parse batches,
 * so `setup` (which needs the plan) finds it loaded.
 */
export interface PreloadRequest {
  type: 'preload';
  bundleFile: string;
}

/** Where a page's document body comes from, in order of preference. */
export interface BodySource {
  /** Document id (`_id`), when this worker parsed it in this build. */
  id: string;
  source: SourceFile;
  /** The content API file of the previous output holding the same document, with its body as parsed. */
  previousApi?: string;
  /** Where the worker that parsed it keeps the body, when another worker renders the page. */
  at?: BodyAt;
}

/**
 * A job for a page to be copied from the previous output carries only what copying needs
 * (`reuse`): rendering data for ten thousand unchanged pages costs the main thread more to send
 * than the workers take to copy them.
 */
export interface WorkerJob extends Omit<RenderJob, 'page' | 'layout' | 'related'>, Partial<Pick<RenderJob, 'page' | 'layout' | 'related'>> {
  /** The document whose body this page renders (its `page.html` is empty until filled in). */
  body?: BodySource;
  /**
   * The page is unchanged since the previous output: copy these files (path, size), substituting
   * the build id. `inPlace`: it is unchanged in the spare too, with the build id at these byte
   * offsets of each file: put the new one there instead of copying.
   */
  reuse?: { files: [string, number][]; idCount: number; inPlace?: number[][] };
  /** Files to write besides the page and payload (the site's 404.html). */
  alsoAs?: string[];
}

/**
 * Pages the spare holds as the previous output does (their records agree): given the new build id
 * in place as soon as the folder is open, while the main thread plans the site, which then only
 * confirms them (pipeline/render.ts patchEarly). One string for thousands of pages: per page its
 * path, then per file its name, size and the id's offsets (joined by commas), all separated by
 * NUL, pages by SOH (no path holds either).
 */
export interface PatchRequest {
  type: 'patch';
  buildId: string;
  pages: string;
}

export interface RenderRequest {
  type: 'render';
  jobs: WorkerJob[];
}

/** A content API file for one document: `api/_content/query/<hash>.<id>.json`. */
export interface ApiJob {
  file: string;
  /**
   * The document as the main thread has it (after `content:loaded`), without its body HTML.
   * Left out when the worker parsed it in this build and no plugin can have changed it since:
   * the worker writes its own copy.
   */
  doc?: ContentDocument;
  body: BodySource;
  /** Where the images the document shows went (output/images.ts documentImages), when it shows any. */
  images?: ImageManifest;
  /** Its relative links as written → the routes they name (content/source-links.ts), when it has any. */
  links?: Record<string, string>;
}

export interface ApiRequest {
  type: 'api';
  jobs: ApiJob[];
  /**
   * Files of unchanged documents, taken over: each file's new name, its name in the previous
   * output, its size there, and its name in the spare when the spare holds the same file (renamed
   * there, else linked from the previous output), all joined by NUL. A thousand of them cross to
   * the worker as one string instead of a thousand job objects (0.13 s of the main thread at 10,000 documents).
   */
  links?: string;
  /** The site's base path: the files show bodies with their links under it, as pages do. */
  base: string;
}

/** What build:done plugins see of a page, besides its path. */
export type PageSummary = Omit<BuiltPage, 'path'>;

/** What the main thread keeps of a rendered page: enough for the checks, plugins and the next build. */
export interface PageResult {
  path: string;
  status: number;
  links: string[];
  ids: string[];
  /** Hash of `ids`: what the link checks' key reads of the page (build/checks.ts targetsKey). */
  idsKey?: string;
  summary?: PageSummary;
  /** Files written, relative to the output folder, with their sizes. */
  files: [string, number][];
  /** How often the build id occurs in the page's files (a reused page must match). */
  idCount: number;
  /** Byte offsets of the build id in each of `files` (for a later build to patch them in place). */
  offsets?: number[][];
  /**
   * A page sent to be copied from the previous output (without what rendering needs), whose
   * files there turned out gone or changed: the main thread sends it again, whole, to render.
   */
  retry?: boolean;
  /** The site-wide collections the page read while rendering. */
  uses?: SiteCollection[];
  error?: SerializedError;
}

/**
 * A page copied from the previous output as its job asked (WorkerJob.reuse): its files, sizes and
 * build id count are the job's, so only where the new id went comes back (when it was not put in
 * place at the offsets the job gave). Ten thousand full results cost the main thread 50 ms to take.
 */
export interface CopiedPage {
  path: string;
  copied: true;
  /** The new build id went into the spare's copy in place. */
  patched?: true;
  offsets?: number[][];
}

export interface ApiResult {
  files: [string, number][];
  errors: SerializedError[];
  /** Files of `links` whose previous file was gone or changed: to be written from their jobs. */
  unlinked?: string[];
  /** Files of the spare's build this worker removed (or found gone): nothing left for the prune. */
  cleared?: string[];
}

export interface CloseRequest {
  type: 'close';
}

export type WorkerRequest = ParseRequest | FolderRequest | PreloadRequest | SetupRequest | PatchRequest | RenderRequest | ApiRequest | CloseRequest;

export interface WorkerReply {
  seq: number;
  value?: unknown;
  error?: SerializedError;
}

export interface Envelope {
  seq: number;
  request: WorkerRequest;
}
