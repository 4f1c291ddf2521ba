/**
 * Every message between the main thread and the workers. A build opens one session per worker (a long-running piscina
 * task holding a MessagePort); bodies stay in the workers' stores, and the main thread only ever sees metadata.
 */
import type { MessagePort } from 'node:worker_threads';
import type { ParseOptions, SourceFile, ContentDocument } from '../content/types.ts';
import type { ProjectScope } from '../content/scope.ts';
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
  /** [request seq, item index] of the item in hand, shared so that a worker that dies is reported with its file. */
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
  /** Send each document's body HTML back (ParsedItem.html): `sitegen dev` asked for many bodies at once. */
  bodies?: boolean;
  /** With it, each item carries `apiKey`: the hash of this key and the parsed document. */
  apiKeyPrefix?: string;
  /** What includes may read. */
  scope: ProjectScope;
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
  /** Files the document includes, with their hashes (ParseResult.deps). */
  deps?: Record<string, string>;
  /** The body HTML (ParseRequest.bodies). */
  html?: string;
}

/** A body in a worker's store: file descriptor, byte offset, byte length (pipeline/bodies.ts `where`). */
export type BodyAt = [fd: number, offset: number, length: number];

/** Where this build writes: sent once the output turns out stale, before anything is written. */
export interface FolderRequest {
  type: 'folder';
  /** Folder being written (the temporary folder of the build). */
  outDir: string;
  /** The output this one replaces: unchanged files are hard links to its files (output/writer.ts). */
  previous?: string;
  /** When the build that wrote `previous` finished: a file modified since is not taken over. */
  builtAt?: number;
  /** The folder already holds `previous`'s files as links (output/folder.ts). */
  inPlace?: boolean;
  /** Markdown settings, for documents that must be parsed again to render or write, and what their includes may read. */
  options: ParseOptions;
  scope: ProjectScope;
}

/** What rendering needs besides the folder: sent once the site is planned. */
export interface SetupRequest {
  type: 'setup';
  bundleFile: string;
  shared: SharedRenderData;
}

/** The template bundle, sent once compiled: the worker imports it between parse batches, so `setup` finds it loaded. */
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
 * A job for a page taken over from the previous output carries only what linking needs (`reuse`): sending its
 * rendering data would cost the main thread more than linking its files costs a worker.
 */
export interface WorkerJob extends Omit<RenderJob, 'page' | 'layout' | 'related'>, Partial<Pick<RenderJob, 'page' | 'layout' | 'related'>> {
  /** The document whose body this page renders (its `page.html` is empty until filled in). */
  body?: BodySource;
  /** The page is unchanged since the previous output: link these files (path, size) from there. */
  reuse?: { files: [string, number][] };
  /** Files to write besides the page and payload (the site's 404.html). */
  alsoAs?: string[];
}

export interface RenderRequest {
  type: 'render';
  jobs: WorkerJob[];
}

/** A content API file for one document: `api/_content/query/<hash>.json`. */
export interface ApiJob {
  file: string;
  /**
   * The document as the main thread has it (after `content:loaded`), without its body HTML; left out when the worker
   * parsed it and no plugin can have changed it since.
   */
  doc?: ContentDocument;
  /** The document's `updated` from git, over the parsed copy's (content/git-dates.ts). */
  updated?: string;
  body: BodySource;
  /** Where the images the document shows went (output/images.ts documentImages), when it shows any. */
  images?: ImageManifest;
  /** Its relative links as written → the routes they name (content/source-links.ts), when it has any. */
  links?: Record<string, string>;
}

export interface ApiRequest {
  type: 'api';
  jobs: ApiJob[];
  /** Unchanged documents' files to link from the previous output: name and size, joined by NUL (one string crosses faster). */
  links?: string;
  /** The site's base path: the files show bodies with their links under it, as pages do. */
  base: string;
  /** The template bundle, which renders the components bodies use. */
  bundleFile: string;
}

/** What build:done plugins see of a page, besides its path. */
export type PageSummary = Omit<BuiltPage, 'path'>;

/** What the main thread keeps of a rendered page: enough for the checks, plugins and the next build. */
export interface PageResult {
  path: string;
  status: number;
  links: string[];
  ids: string[];
  /** Hash of `ids`: what the link checks' key reads of the page (checks.ts targetsKey). */
  idsKey?: string;
  summary?: PageSummary;
  /** Files written, relative to the output folder, with their sizes. */
  files: [string, number][];
  /** Sent to be linked, but its previous files were gone or changed: the main thread sends it again, whole, to render. */
  retry?: boolean;
  /** The site-wide collections the page read while rendering. */
  uses?: SiteCollection[];
  error?: SerializedError;
}

/** A page linked from the previous output as its job asked (WorkerJob.reuse): its files are the job's. */
export interface CopiedPage {
  path: string;
  copied: true;
}

export interface ApiResult {
  files: [string, number][];
  errors: SerializedError[];
  /** Files of `links` whose previous file was gone or changed: to be written from their jobs. */
  unlinked?: string[];
}

/** The files whose bytes this worker wrote new (not linked from the previous output), since the folder opened. */
export interface ChangesRequest {
  type: 'changes';
}

export interface CloseRequest {
  type: 'close';
}

export type WorkerRequest = ParseRequest | FolderRequest | PreloadRequest | SetupRequest | RenderRequest | ApiRequest | ChangesRequest | CloseRequest;

/** What each request resolves to. */
export interface Replies {
  parse: ParsedItem[];
  folder: undefined;
  preload: undefined;
  setup: undefined;
  render: (PageResult | CopiedPage)[];
  api: ApiResult;
  changes: string[];
  close: undefined;
}

export type ReplyTo<R extends WorkerRequest> = Replies[R['type']];

export interface WorkerReply {
  seq: number;
  value?: unknown;
  error?: SerializedError;
}

export interface Envelope {
  seq: number;
  request: WorkerRequest;
}
