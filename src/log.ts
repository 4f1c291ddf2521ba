/** Progress output: one line per phase with its count and time; colours only on a TTY. */
import pc from 'picocolors';
import { BuildErrors, SitegenError, fileSystemError, formatLocation } from './errors.ts';

export interface Logger {
  step(message: string, ms?: number): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  profile(message: string): void;
}

export interface LoggerOptions {
  quiet?: boolean;
  profile?: boolean;
  stream?: NodeJS.WritableStream;
}

export function formatMs(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const out = options.stream ?? process.stdout;
  const print = (line: string) => out.write(`${line}\n`);
  return {
    step: (message, ms) => !options.quiet && print(`${pc.green('✓')} ${message}${ms === undefined ? '' : ` in ${formatMs(ms)}`}`),
    info: (message) => !options.quiet && print(message),
    warn: (message) => process.stderr.write(`${pc.yellow('warning')} ${message}\n`),
    error: (message) => process.stderr.write(`${message}\n`),
    profile: (message) => options.profile && print(pc.dim(message)),
  };
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
    lines.push(`  ${pc.dim('caused by:')} ${cause.message ?? String(cause)}`);
    if (debug && cause.stack) lines.push(pc.dim(cause.stack));
    cause = (cause as { cause?: Error }).cause;
  }
  return lines.join('\n');
}

/** A problem reported as a warning (its check set to `warn`): one line, `file:line [code] message`. */
export function formatWarning(warning: SitegenError): string {
  return `${formatLocation(warning.location)} [${warning.code}] ${warning.message}`;
}

/** Print any thrown value; returns the number of problems printed. */
export function reportFailure(error: unknown, log: Logger, debug = false): number {
  error = fileSystemError(error) ?? error;
  if (error instanceof BuildErrors) {
    // The system refusing writes (a full disk) fails every file alike: said once, with the first file.
    const refused = new Map<string | undefined, number>();
    for (const e of error.errors) {
      if (e.code === 'SG7001' && refused.has(e.hint)) {
        refused.set(e.hint, refused.get(e.hint)! + 1);
        continue;
      }
      if (e.code === 'SG7001') refused.set(e.hint, 0);
      log.error(formatError(e, debug));
    }
    for (const more of refused.values()) if (more) log.error(`  … and ${more} more file${more === 1 ? '' : 's'} could not be written for the same reason`);
    log.error(pc.red(`\nBuild failed: ${error.errors.length} problem${error.errors.length === 1 ? '' : 's'}. The previous output was left as it was.`));
    return error.errors.length;
  }
  if (error instanceof SitegenError) {
    log.error(formatError(error, debug));
    log.error(pc.red('\nBuild failed. The previous output was left as it was.'));
    return 1;
  }
  const esbuildText = (error as { errors?: { text?: string }[] })?.errors?.[0]?.text;
  const message = (error as Error)?.message ?? esbuildText ?? (typeof error === 'object' ? JSON.stringify(error) : String(error));
  log.error(`${pc.red('✗')} ${message}`);
  if (debug && (error as Error)?.stack) log.error(pc.dim((error as Error).stack!));
  else log.error(pc.dim('  (run with --debug for the stack)'));
  return 1;
}
