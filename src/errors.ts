/** The error catalogue: every problem a user can act on is a SitegenError with a stable code, title, message, hint and location. */
export interface Location {
  file: string;
  line?: number;
  column?: number;
}

export const ERROR_CODES = {
  SG1001: 'Invalid site config',
  SG1002: 'Site config could not be loaded',
  SG1003: 'Invalid UI strings',
  SG1004: 'Invalid environment variable',
  SG2001: 'Invalid front matter',
  SG2002: 'Invalid date',
  SG2003: 'Unknown layout',
  SG2004: 'Post without a slug',
  SG2005: 'Content file could not be read',
  SG2006: 'Invalid data file',
  SG2007: 'Invalid route path',
  SG2008: 'Content file encoding',
  SG2009: 'Markdown nested too deeply',
  SG2010: 'File outside the project',
  SG2011: 'Unknown author',
  SG2012: 'Unknown code language',
  SG2013: 'Unknown markdown container',
  SG2014: 'Include failed',
  SG2015: 'Invalid component in markdown',
  SG2016: 'Invalid math',
  SG2017: 'No dates from git',
  SG2018: 'Invalid SOURCE_DATE_EPOCH',
  SG2019: 'Hugo shortcode in markdown',
  SG3001: 'Duplicate route',
  SG3002: 'Unknown route middleware',
  SG3003: 'Redirect loop',
  SG3004: 'Redirect points nowhere',
  SG3005: 'Invalid route rule',
  SG3006: 'Unsafe redirect target',
  SG3007: 'Route reserved for sitegen',
  SG3008: 'Invalid paths() result',
  SG3009: 'Version without pages',
  SG3010: 'Locale without pages',
  SG3011: 'Translation key used twice',
  SG4001: 'Page failed to render',
  SG4002: 'Templates failed to compile',
  SG4003: 'Worker crashed',
  SG4004: 'Stylesheet syntax error',
  SG4005: 'Layout left out the page',
  SG4006: 'Override not used',
  SG5001: 'Broken internal link',
  SG5002: 'Missing anchor',
  SG5003: 'Missing image',
  SG5004: 'Not an image',
  SG5005: 'Image could not be processed',
  SG5006: 'Missing file in stylesheet',
  SG6001: 'Plugin hook failed',
  SG7001: 'Output could not be written',
  SG7002: 'Build cache damaged',
  SG7003: 'Output folder refused',
  SG7004: 'Changes file cannot be written',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface SitegenErrorOptions {
  hint?: string;
  location?: Location;
  /** A code frame already formatted for the terminal. */
  frame?: string;
  cause?: unknown;
}

export class SitegenError extends Error {
  override name = 'SitegenError';
  readonly code: ErrorCode;
  readonly title: string;
  readonly hint?: string;
  readonly location?: Location;
  readonly frame?: string;

  constructor(code: ErrorCode, message: string, options: SitegenErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.title = ERROR_CODES[code];
    this.hint = options.hint;
    this.location = options.location;
    this.frame = options.frame;
  }

  /** Plain data, to cross a worker boundary. */
  toJSON(): SerializedError {
    return { code: this.code, message: this.message, hint: this.hint, location: this.location, frame: this.frame, stack: this.stack };
  }

  static fromJSON(data: SerializedError): SitegenError {
    const error = new SitegenError(data.code, data.message, { hint: data.hint, location: data.location, frame: data.frame });
    if (data.stack) error.stack = data.stack;
    return error;
  }
}

export interface SerializedError {
  code: ErrorCode;
  message: string;
  hint?: string;
  location?: Location;
  frame?: string;
  stack?: string;
}

/** What to do about a file the system would not let sitegen write (Node's error codes). */
const FILE_SYSTEM_HINTS: Record<string, string> = {
  ENOSPC: 'The disk is full: free some space (or build into another disk with --out) and build again.',
  EDQUOT: 'The disk quota is used up: free some space (or build into another disk with --out) and build again.',
  EACCES: 'The build may not write there: check the permissions of the output folder, its parent and .sitegen-cache/.',
  EPERM: 'The build may not write there: check the permissions of the output folder, its parent and .sitegen-cache/.',
  EROFS: 'That file system is read-only: build into a writable folder with --out.',
  ENOTDIR: 'A component of that path is a file, not a folder: move it or build elsewhere with --out.',
  EEXIST: 'A file is where the build needs a folder: move it or build elsewhere with --out.',
  EISDIR: 'A folder is where the build writes a file: move it or build elsewhere with --out.',
  EMFILE: 'The process ran out of file descriptors: raise the limit (`ulimit -n`) and build again.',
  ENFILE: 'The system ran out of file descriptors: close other programs or raise the limit and build again.',
  EIO: 'The disk reported an input/output error: check it, then build again.',
};

/** The system refusing to read or write a file (a full disk, no permission) as SG7001 with a hint; undefined for any other error. */
export function fileSystemError(error: unknown): SitegenError | undefined {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const hint = typeof code === 'string' ? FILE_SYSTEM_HINTS[code] : undefined;
  if (!hint) return undefined;
  const err = new SitegenError('SG7001', (error as Error).message, { hint });
  err.stack = (error as Error).stack;
  return err;
}

/** The config check (`checks.<name>`) that governs each code; codes not listed always fail. */
export const CHECK_OF: Partial<
  Record<
    ErrorCode,
    | 'links'
    | 'anchors'
    | 'images'
    | 'layouts'
    | 'dates'
    | 'slugs'
    | 'duplicates'
    | 'redirects'
    | 'encoding'
    | 'authors'
    | 'languages'
    | 'markdown'
    | 'strings'
    | 'gitHistory'
    | 'stylesheets'
    | 'overrides'
  >
> = {
  SG1003: 'strings',
  SG2012: 'languages',
  SG2013: 'markdown',
  SG2016: 'markdown',
  SG2019: 'markdown',
  SG2017: 'gitHistory',
  SG4004: 'stylesheets',
  SG5006: 'stylesheets',
  SG4006: 'overrides',
  SG2008: 'encoding',
  SG2011: 'authors',
  SG5001: 'links',
  SG5003: 'images',
  SG5002: 'anchors',
  SG2003: 'layouts',
  SG2002: 'dates',
  SG2004: 'slugs',
  SG3001: 'duplicates',
  SG3011: 'duplicates',
  SG3003: 'redirects',
  SG3004: 'redirects',
};

/** Split problems by the site's check levels: `off` drops, `warn` reports, `error` fails. */
export function applyCheckLevels(problems: SitegenError[], levels: Record<string, string>): { errors: SitegenError[]; warnings: SitegenError[] } {
  const errors: SitegenError[] = [];
  const warnings: SitegenError[] = [];
  for (const problem of problems) {
    const check = CHECK_OF[problem.code];
    const level = check ? (levels[check] ?? 'error') : 'error';
    if (level === 'error') errors.push(problem);
    else if (level === 'warn') warnings.push(problem);
  }
  return { errors, warnings };
}

/** Several problems found in one pass ("collect, then fail"). */
export class BuildErrors extends Error {
  override name = 'BuildErrors';
  constructor(readonly errors: SitegenError[]) {
    super(`${errors.length} problem${errors.length === 1 ? '' : 's'} found`);
  }
}

export function formatLocation(location: Location | undefined): string {
  if (!location) return '';
  let out = location.file;
  if (location.line) out += `:${location.line}`;
  if (location.line && location.column) out += `:${location.column}`;
  return out;
}

/** The lines around `line` (1-based) with a caret under `column`. */
export function codeFrame(source: string, line: number, column = 1, context = 2): string {
  const lines = source.split(/\r?\n/);
  const start = Math.max(1, line - context);
  const end = Math.min(lines.length, line + context);
  const width = String(end).length;
  const out: string[] = [];
  for (let n = start; n <= end; n++) {
    const marker = n === line ? '>' : ' ';
    out.push(`${marker} ${String(n).padStart(width)} | ${lines[n - 1] ?? ''}`);
    if (n === line) out.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.max(0, column - 1))}^`);
  }
  return out.join('\n');
}
