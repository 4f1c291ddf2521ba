/** Progress output: one line per phase with its count and time; colours only on a TTY. */
import pc from 'picocolors';
import { BuildErrors, SitegenError, fileSystemError, formatLocation } from './errors.ts';

export interface Logger {
  step(message: string, ms?: number): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  profile(message: string): void;
  /** A problem whose check is `warn`: printed in full up to the limit, then only counted (`finish`). */
  warning?(problem: SitegenError): void;
  /** After the build: the table of warnings when there were more than PROBLEM_LIMIT (or the limit). */
  finish?(): void;
  /** How many problems of each list are printed in full (`--problems`); the rest go in the table. */
  problemLimit?: number;
}

export interface LoggerOptions {
  quiet?: boolean;
  profile?: boolean;
  stream?: NodeJS.WritableStream;
  /** Problems printed in full before the table (`--problems`): a number, or Infinity for all. */
  problems?: number;
}

/** Problems printed in full by default; past it, a table by code (`--problems all` prints them all). */
export const PROBLEM_LIMIT = 20;

export function formatMs(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const out = options.stream ?? process.stdout;
  const print = (line: string) => out.write(`${line}\n`);
  const limit = options.problems ?? PROBLEM_LIMIT;
  const warnings: SitegenError[] = [];
  const log: Logger = {
    step: (message, ms) => !options.quiet && print(`${pc.green('✓')} ${message}${ms === undefined ? '' : ` in ${formatMs(ms)}`}`),
    info: (message) => !options.quiet && print(message),
    warn: (message) => process.stderr.write(`${pc.yellow('warning')} ${message}\n`),
    error: (message) => process.stderr.write(`${message}\n`),
    profile: (message) => options.profile && print(pc.dim(message)),
    warning: (problem) => {
      warnings.push(problem);
      if (warnings.length <= limit) log.warn(formatWarning(problem));
    },
    finish: () => {
      if (warnings.length > Math.min(limit, PROBLEM_LIMIT)) log.error(problemTable(warnings, 'warning', limit));
      warnings.length = 0;
    },
    problemLimit: limit,
  };
  return log;
}

/** Report a warning through the logger's counting (when it has one) or as a plain `warning` line. */
export function reportWarning(log: Logger, problem: SitegenError): void {
  if (log.warning) log.warning(problem);
  else log.warn(formatWarning(problem));
}

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/** Problems grouped by code, most frequent first, with count, title and first three places: thousands read as the few kinds they are. */
export function problemTable(problems: SitegenError[], kind: 'problem' | 'warning', printed: number): string {
  const groups = new Map<string, { title: string; count: number; places: string[] }>();
  for (const problem of problems) {
    let group = groups.get(problem.code);
    if (!group) groups.set(problem.code, (group = { title: problem.title, count: 0, places: [] }));
    group.count++;
    const place = formatLocation(problem.location);
    if (place && group.places.length < 3 && !group.places.includes(place)) group.places.push(place);
  }
  const rows = [...groups].sort((a, b) => b[1].count - a[1].count || (a[0] < b[0] ? -1 : 1));
  const countWidth = Math.max(5, ...rows.map(([, g]) => g.count.toLocaleString('en-US').length));
  const titleWidth = Math.max(...rows.map(([, g]) => g.title.length));
  const shown = Math.min(printed, problems.length);
  const lines = [
    '',
    `${pc.bold(`${plural(problems.length, kind)} of ${plural(rows.length, 'kind')}`)}${shown < problems.length ? ` (the first ${shown} above in full; --problems all prints every one):` : ':'}`,
    `  ${'code'.padEnd(6)}  ${'count'.padStart(countWidth)}  ${'title'.padEnd(titleWidth)}  first places`,
  ];
  for (const [code, group] of rows) {
    const more = group.count > group.places.length && group.places.length ? ', …' : '';
    lines.push(
      `  ${code.padEnd(6)}  ${group.count.toLocaleString('en-US').padStart(countWidth)}  ${group.title.padEnd(titleWidth)}  ${group.places.join(', ') || '(no file)'}${more}`,
    );
  }
  return lines.join('\n');
}

/** A SitegenError as the terminal shows it: `file:line:col`, code and title, message, frame, hint. */
export function formatError(error: SitegenError, debug = false): string {
  const where = formatLocation(error.location);
  const lines = [`${pc.red('✗')} ${where ? `${pc.bold(where)} ` : ''}${pc.red(`[${error.code}]`)} ${error.title}`];
  lines.push(...error.message.split('\n').map((line) => `  ${line}`));
  if (error.frame) lines.push('', ...error.frame.split('\n').map((line) => `  ${pc.dim(line)}`), '');
  if (error.hint) lines.push(`  ${pc.cyan('hint:')} ${error.hint}`);
  if (debug && error.stack) lines.push(pc.dim(error.stack));
  let cause = error.cause as Error | undefined;
  while (cause) {
    const said = cause.message ?? String(cause);
    // A cause the message already quotes (a plugin's error) is said once; --debug still shows its stack.
    if (debug || !error.message.includes(said)) lines.push(`  ${pc.dim('caused by:')} ${said}`);
    if (debug && cause.stack) lines.push(pc.dim(cause.stack));
    cause = (cause as { cause?: Error }).cause;
  }
  return lines.join('\n');
}

/** A problem reported as a warning (its check set to `warn`): one line, `file:line [code] message`. */
export function formatWarning(warning: SitegenError): string {
  return `${formatLocation(warning.location)} [${warning.code}] ${warning.message}`;
}

/** The last line of a failed build: it never touches the output it would have replaced. */
const buildFailed = (problems?: string) => `Build failed${problems ? `: ${problems}` : ''}. The previous output was left as it was.`;

/** The last line when `sitegen dev` cannot start: it has no output folder to speak of. */
export const devFailed = (problems?: string) => `sitegen dev did not start${problems ? `: ${problems}` : ''}.`;

/** Print any thrown value; returns the number of problems printed. `failed` ends the report: a build's, by default. */
export function reportFailure(error: unknown, log: Logger, debug = false, failed: (problems?: string) => string = buildFailed): number {
  error = fileSystemError(error) ?? error;
  if (error instanceof BuildErrors) {
    const limit = log.problemLimit ?? PROBLEM_LIMIT;
    // The system refusing writes (a full disk) fails every file alike: said once, with the first file.
    const refused = new Map<string | undefined, number>();
    let printed = 0;
    for (const e of error.errors) {
      if (e.code === 'SG7001' && refused.has(e.hint)) {
        refused.set(e.hint, refused.get(e.hint)! + 1);
        continue;
      }
      if (e.code === 'SG7001') refused.set(e.hint, 0);
      if (printed++ < limit) log.error(formatError(e, debug));
    }
    for (const more of refused.values()) if (more) log.error(`  … and ${more} more file${more === 1 ? '' : 's'} could not be written for the same reason`);
    if (printed > Math.min(limit, PROBLEM_LIMIT)) log.error(problemTable(error.errors, 'problem', limit));
    log.error(pc.red(`\n${failed(plural(error.errors.length, 'problem'))}`));
    return error.errors.length;
  }
  if (error instanceof SitegenError) {
    log.error(formatError(error, debug));
    log.error(pc.red(`\n${failed()}`));
    return 1;
  }
  const esbuildText = (error as { errors?: { text?: string }[] })?.errors?.[0]?.text;
  const message = (error as Error)?.message ?? esbuildText ?? (typeof error === 'object' ? JSON.stringify(error) : String(error));
  log.error(`${pc.red('✗')} ${message}`);
  if (debug && (error as Error)?.stack) log.error(pc.dim((error as Error).stack!));
  else log.error(pc.dim('  (run with --debug for the stack)'));
  return 1;
}
