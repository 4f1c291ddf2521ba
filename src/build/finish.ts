/**
 * The last stage of `sitegen build`: the plugins' `build:done`, the checks over the finished site, the swap that puts
 * the new output in place, what changed, and the records the next build reuses from.
 */
import { accessSync, constants, type Dirent, readdirSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { BuildErrors, SitegenError, applyCheckLevels } from '../errors.ts';
import { type Logger, formatMs, reportWarning } from '../log.ts';
import { runBuildDone } from '../pipeline/outputs.ts';
import { type OutputState, pruneOutputRecords, saveOutputState } from '../pipeline/state.ts';
import { mergeTimings } from '../plugins/run.ts';
import type { BuildResult } from './build.ts';
import { checkLinks, targetsKey } from '../pipeline/checks.ts';
import { localeFolders } from '../site/locales.ts';
import type { BuildContext } from './context.ts';

export async function finish(ctx: BuildContext, outputs: { redirects: number }): Promise<BuildResult> {
  const { project, plan, folder, log, rendered } = ctx;
  const { config, hooks } = project;
  const out = folder.writer;
  ctx.done(`wrote ${outputs.redirects} redirects, ${ctx.apiDocs.length + 2} content API files and ${ctx.publicFiles.length} public files`);
  const pluginRun = await runBuildDone({
    config,
    hooks,
    plan,
    buildId: ctx.buildId,
    pages: rendered.built,
    documents: ctx.apiDocs,
    authors: ctx.authors,
    out,
    outDir: folder.tempDir,
    apiFiles: ctx.apiFiles,
    apiKeys: new Map(Object.entries(ctx.apiState).map(([id, state]) => [id, state.key])),
    cacheDir: project.cacheDir,
    plugins: project.pluginModules,
    concurrency: ctx.size,
  });
  const targets = {
    routes: plan.knownRoutes,
    redirects: new Set(plan.redirects.keys()),
    files: new Set([...plan.publicPaths, ...pluginRun.files, '/_redirects', '/_headers', '/404.html']),
    localeFolders: localeFolders(config),
  };
  // When the last build's checks found nothing and every target is as it was, only pages rendered anew can.
  const checked = rendered.checked;
  const checksKey = targetsKey(checked, targets, config.checks, ctx.foreignContent);
  const onlyNew = ctx.previous?.checksKey === checksKey;
  const problems = checkLinks(checked, targets, config.checks, onlyNew ? (page) => !page.copied : undefined);
  const levelled = applyCheckLevels([...ctx.renderErrors, ...plan.redirectProblems, ...(pluginRun.error ? [pluginRun.error] : []), ...problems], config.checks);
  for (const w of levelled.warnings) reportWarning(log, w);
  const newly = onlyNew ? checked.filter((page) => !page.copied).length : checked.length;
  const others = newly < checked.length ? ` (the other ${checked.length - newly} as they were)` : '';
  ctx.done(
    `checked links on ${newly} page${newly === 1 ? '' : 's'}${others}${problems.length ? ` (${problems.length} problem${problems.length === 1 ? '' : 's'})` : ''}`,
  );
  const failures = [...ctx.early.errors, ...levelled.errors];
  if (failures.length) throw new BuildErrors(failures);

  const written = ctx.written;
  for (const [file, bytes] of out.written) written.set(file, bytes);
  const before = folder.previous ? (ctx.previous?.files ?? listFiles(folder.previous)) : [];
  const changes = outputChanges(written, [...ctx.workerChanges, ...out.changed], before);
  folder.removeLeftovers(changes.removed);
  // Every file is written: one modified after this moment is not this build's (OutputState.builtAt).
  const builtAt = Date.now();
  // The replaced generation is kept while it differs from this one in a few files: the next build starts from it.
  const spareChanges = [...changes.changed, ...changes.removed];
  // Before the swap: a list that cannot be written fails the build with the previous output still in place.
  if (ctx.options.changes) await writeChanges(ctx.options.changes, changes);
  const spare = await folder.commit(spareChanges.length <= Math.max(64, written.size / 4));
  ctx.done(`wrote ${changes.changed.length} files, ${written.size - changes.changed.length} unchanged, removed ${changes.removed.length}`);
  if (ctx.options.verify) reportVerified(log, written.size, changes);
  const warnings = [...ctx.early.warnings, ...levelled.warnings];
  const state: OutputState = {
    id: ctx.buildId,
    outDir: project.outDir,
    files: [...written],
    pages: rendered.records,
    api: ctx.apiState,
    ...(rendered.jobsKey ? { jobsKey: rendered.jobsKey } : {}),
    ...(problems.length ? {} : { checksKey }),
    ...(ctx.previous?.base ? { base: ctx.previous.base } : {}),
    builtAt,
    ...(folder.generation ? { generation: folder.generation } : {}),
    ...(spare ? { spare: { dir: spare, changes: spareChanges } } : {}),
    warnings: warnings.map((w) => w.toJSON()),
  };
  await Promise.all([saveOutputState(project.cacheDir, state), ctx.docCacheSaved, pruneOutputRecords(project.cacheDir, project.outDir)]);
  const ms = performance.now() - ctx.started;
  await ctx.closing;
  profile(ctx);
  log.info(`\nBuilt ${checked.length} pages into ${config.outDir}/ in ${formatMs(ms)} (build ${ctx.buildId})`);
  return { buildId: ctx.buildId, outDir: project.outDir, pages: checked.length, documents: ctx.docs.length, warnings, ms, reused: rendered.reused };
}

/** --profile: plugin hook timings, and the slowest documents to parse. */
function profile(ctx: BuildContext): void {
  const timings = { ...ctx.project.hooks.timings };
  if (ctx.pool) mergeTimings(timings, ctx.pool.timings);
  for (const [key, spent] of Object.entries(timings).sort((a, b) => b[1] - a[1])) ctx.log.profile(`  plugin ${key}: ${formatMs(spent)}`);
  if (!ctx.parseMs.length) return;
  const slowest = [...ctx.parseMs].sort((a, b) => b.ms - a.ms).slice(0, 5);
  ctx.log.profile(`  slowest documents to parse: ${slowest.map((p) => `${p.source} ${p.ms.toFixed(1)} ms`).join(', ')}`);
}

/** What a build changed in the output: files with new bytes, and files gone (both sorted). */
export interface OutputChanges {
  changed: string[];
  removed: string[];
}

function outputChanges(written: Map<string, number>, changed: string[], previous: Iterable<[string, number]> | string[]): OutputChanges {
  const removed: string[] = [];
  for (const entry of previous) {
    const file = typeof entry === 'string' ? entry : entry[0];
    if (!written.has(file)) removed.push(file);
  }
  return { changed: [...new Set(changed)].sort(), removed: removed.sort() };
}

/** `--verify`: with the sources unchanged, every file that differs from what they give was not the build's. */
function reportVerified(log: Logger, files: number, changes: OutputChanges): void {
  const differed = [...changes.changed, ...changes.removed].filter((f) => !f.startsWith('_sitegen/builds/'));
  if (!differed.length) {
    log.info(`verified ${files} files: every one as the sources give it`);
    return;
  }
  const list = `${differed.slice(0, 10).join(', ')}${differed.length > 10 ? ', …' : ''}`;
  log.warn(`verified ${files} files: ${differed.length} differed from what the sources give and were written again: ${list}`);
}

/** `--changes <file>`: the changed, then the removed output paths, one per line (none: an empty file). */
export async function writeChanges(file: string, changes: OutputChanges): Promise<void> {
  try {
    await writeFile(file, [...changes.changed, ...changes.removed].map((f) => `${f}\n`).join(''));
  } catch (error) {
    throw changesRefused(file, (error as Error).message);
  }
}

const changesRefused = (file: string, why: string) =>
  new SitegenError('SG7004', `The list of changed files cannot be written to ${file}: ${why}`, {
    hint: 'Pass --changes a file in a folder that exists and that you may write to.',
  });

/** `--changes <file>`, checked before the build starts: a folder that exists and can be written, and no folder at the path itself. */
export function checkChangesFile(file: string): void {
  const path = resolve(file);
  const stats = statSync(path, { throwIfNoEntry: false });
  if (stats?.isDirectory()) throw changesRefused(file, 'it is a folder');
  const parent = statSync(dirname(path), { throwIfNoEntry: false });
  if (!parent?.isDirectory()) throw changesRefused(file, `the folder ${dirname(path)} does not exist`);
  try {
    accessSync(stats ? path : dirname(path), constants.W_OK);
  } catch {
    throw changesRefused(file, stats ? 'the file is not writable' : `the folder ${dirname(path)} is not writable`);
  }
}

/** Every file below `dir` (relative paths), for a previous output no records describe. */
function listFiles(dir: string): string[] {
  try {
    return (readdirSync(dir, { recursive: true, withFileTypes: true }) as Dirent[])
      .filter((e) => e.isFile())
      .map((e) =>
        relative(dir, join(e.parentPath ?? (e as Dirent & { path: string }).path, e.name))
          .split(sep)
          .join('/'),
      );
  } catch {
    return [];
  }
}
