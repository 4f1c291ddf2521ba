/** The `sitegen` command line (commander), thin: it parses flags and calls the generator. */
import { join, resolve } from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { build } from './build/build.ts';
import { parseDate } from './content/dates.ts';
import { PROBLEM_LIMIT, createLogger, devFailed, reportFailure } from './log.ts';
import { VERSION } from './paths.ts';

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a whole number ≥ 1');
  return n;
}

/** `--problems`: `all`, or how many problems to print in full before the table. */
function problemCount(value: string): number {
  if (value === 'all') return Infinity;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('expected all, or a whole number ≥ 0');
  return n;
}

function absoluteUrl(value: string): string {
  try {
    const url = new URL(value);
    if (!/^https?:$/.test(url.protocol)) throw new Error();
    return value;
  } catch {
    throw new InvalidArgumentError('expected an absolute http(s) URL, like https://staging.example.com');
  }
}

/** `--now`: an ISO date or date-time, as front matter dates are written. */
function isoDate(value: string): string {
  if (!parseDate(value)) throw new InvalidArgumentError('expected an ISO date or date-time, like 2026-11-28 or 2026-11-28T09:30:00Z');
  return value;
}

/** `--port`: 0 (any free port) or a whole number from 1 to 65535 (what Node's listen would refuse, refused here). */
function port(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 65535) throw new InvalidArgumentError('expected 0 (any free port) or a whole number from 1 to 65535');
  return n;
}

function addBuild(program: Command): void {
  program
    .command('build')
    .description('build the site into the output folder (dist/ by default)')
    .option('--root <dir>', 'project root holding site/ and content/', '.')
    .option('--content <dir>', 'content folder to build (default: content/ in the root)')
    .option('--out <dir>', 'output folder (default: dist/ in the root)')
    .option('--concurrency <n>', 'worker threads (default: one per 500 documents, at most one per CPU core; or SITEGEN_CONCURRENCY)', positiveInt)
    .option('--base <url>', 'site URL for canonical links and feeds, overriding the config', absoluteUrl)
    .option('--drafts', 'include draft documents')
    .option('--future', 'include posts dated after now, marked as scheduled')
    .option('--now <date>', 'the date future posts are measured against (default: SOURCE_DATE_EPOCH, else the clock)', isoDate)
    .option('--force', 'rebuild even when nothing changed since the last build')
    .option('--verify', 'render every file again and compare it with the output: say what differs, and write it again')
    .option('--changes <file>', 'write the changed and removed output paths to <file>, one per line (for incremental uploads and CDN purges)')
    .option('--quiet', 'print only warnings and errors')
    .option('--problems <n>', `problems printed in full before the table by code: a number, or all (default: ${PROBLEM_LIMIT})`, problemCount)
    .option('--profile', 'print per-phase timings and memory')
    .option('--debug', 'print full stacks for errors')
    .addHelpText(
      'after',
      `
Examples:
  $ sitegen build
  $ sitegen build --content ./notes --out /tmp/notes-site
  $ sitegen build --base https://staging.ferrygate.dev --profile
  $ sitegen build --now 2026-12-01 --out /tmp/next-week
  $ sitegen build --problems all
  $ sitegen build --changes changed.txt`,
    )
    .action(async (opts) => {
      const log = createLogger({ quiet: opts.quiet, profile: opts.profile, problems: opts.problems });
      try {
        await build({
          root: opts.root,
          contentDir: opts.content,
          outDir: opts.out,
          url: opts.base,
          concurrency: opts.concurrency,
          drafts: opts.drafts,
          future: opts.future,
          now: opts.now,
          force: opts.force,
          changes: opts.changes,
          verify: opts.verify,
          profile: opts.profile,
          log,
        });
        log.finish?.();
      } catch (error) {
        log.finish?.();
        reportFailure(error, log, opts.debug);
        process.exitCode = 1;
      }
    });
}

function addDev(program: Command): void {
  program
    .command('dev')
    .description('build the site in memory, serve it, and reload the browser on every edit')
    .option('--root <dir>', 'project root', '.')
    .option('--host <host>', 'interface to bind (use 0.0.0.0 to share on your network)', '127.0.0.1')
    .option('--port <n>', 'port (the next free one is used when it is busy)', port, 4321)
    .action(async (opts) => {
      const { startDevServer } = await import('./dev/server.ts');
      const started = performance.now();
      try {
        const dev = await startDevServer({ root: opts.root, host: opts.host, port: opts.port, log: (m) => console.log(`  ${m}`) });
        const problems = dev.session.allProblems().length;
        const documents = dev.session.documents().length;
        const shown = problems ? ` (${problems} ${problems === 1 ? 'problem' : 'problems'} shown in the browser)` : '';
        const ms = Math.round(performance.now() - started);
        // Templates that do not compile leave dev serving their problems until they do.
        const state = dev.session.ready ? `ready in ${ms} ms` : `loaded in ${ms} ms, waiting for the templates to compile`;
        console.log(`sitegen dev: ${documents} ${documents === 1 ? 'document' : 'documents'} ${state}${shown}`);
        // Under a base path the site answers below it only: the address to open includes it.
        console.log(`  ➜ ${dev.url}${dev.session.config.base}`);
      } catch (error) {
        reportFailure(error, createLogger(), false, devFailed);
        process.exitCode = 1;
      }
    });
}

function addPreview(program: Command): void {
  program
    .command('preview')
    .description('serve a finished output folder the way a static host would')
    .option('--root <dir>', 'project root', '.')
    .option('--out <dir>', 'output folder to serve (default: dist/ in the root)')
    .option('--host <host>', 'interface to bind (use 0.0.0.0 to share on your network)', '127.0.0.1')
    .option('--port <n>', 'port (the next free one is used when it is busy)', port, 4322)
    .action(async (opts) => {
      const { startPreview } = await import('./server/preview.ts');
      const outDir = resolve(opts.out ?? join(opts.root, 'dist'));
      try {
        const running = await startPreview({ outDir, host: opts.host, port: opts.port });
        console.log(`Previewing ${outDir} at ${running.url}${running.base ?? '/'}  (Ctrl-C to stop)`);
      } catch (error) {
        console.error(`✗ ${(error as Error).message}`);
        process.exitCode = 1;
      }
    });
}

function addCreate(program: Command): void {
  program
    .command('create')
    .description('write a new site, ready to build, into a new or empty folder')
    .argument('<dir>', 'folder for the new site')
    .option('--install', 'run npm install in it afterwards')
    .option('--locales <codes>', 'languages, the default first (en,de): each other one gets a copy of the docs to translate')
    .addHelpText(
      'after',
      `
Examples:
  $ sitegen create my-site
  $ sitegen create docs --install
  $ sitegen create docs --locales en,de`,
    )
    .action(async (dir: string, opts) => {
      const { createSite, formatCreated, parseLocales, CreateError } = await import('./create.ts');
      try {
        const locales = opts.locales === undefined ? undefined : parseLocales(String(opts.locales));
        console.log(formatCreated(createSite({ dir, install: opts.install, locales })));
      } catch (error) {
        // Anything else (the disk, npm): its message, not a stack.
        if (error instanceof CreateError) console.error(`✗ ${error.message}\n  hint: ${error.hint}`);
        else console.error(`✗ sitegen create failed: ${(error as Error)?.message ?? String(error)}`);
        process.exitCode = 1;
      }
    });
}

export function createProgram(): Command {
  const program = new Command();
  program
    .name('sitegen')
    .description('A fast static-site generator: markdown and React pages prerendered to plain HTML.')
    .version(VERSION, '-v, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .showHelpAfterError('(run sitegen --help for usage)')
    .configureHelp({ sortSubcommands: false });
  // The order here is the order `sitegen --help` lists the commands in.
  addBuild(program);
  addDev(program);
  addPreview(program);
  addCreate(program);
  return program;
}

export async function main(argv: string[]): Promise<void> {
  await createProgram().parseAsync(argv);
}
