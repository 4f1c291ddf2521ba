/**
 * The first stages of `sitegen build`: load the project (config, plugins, the last build's record), then scan it: list
 * the content, start parsing what the document cache does not hold, and compile the templates meanwhile.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { discoverContent, listPublicFiles, mdxWarning } from '../content/discover.ts';
import { readGitDates } from '../content/git-dates.ts';
import { projectScope } from '../content/scope.ts';
import type { ContentDocument } from '../content/types.ts';
import { hashText } from '../hash.ts';
import { env } from '../env.ts';
import { checkOutDir } from '../output/out-dir.ts';
import { PACKAGE_ROOT, VERSION } from '../paths.ts';
import type { PluginModule } from '../plugins/load.ts';
import { unknownHooks } from '../plugins/checks.ts';
import { importTemplates, type RenderModule } from '../render/render-page.ts';
import { cacheNotices } from '../cache/json-file.ts';
import { spawnOutputCheck } from '../pipeline/output-check.ts';
import { cacheDirOf, loadProject, type Project } from '../pipeline/project.ts';
import { checkSources, depsOf, statKey } from '../pipeline/stat.ts';
import { completeDocCache, includedSources, loadDigest, loadSourceIndex, saveIndexDigest, statsDigest, type DocCache } from '../pipeline/doc-cache.ts';
import { outputIndexBytes, loadOutputState, outputThere, previousOutput } from '../pipeline/state.ts';
import { compileTemplates } from '../pipeline/templates.ts';
import type { PlanInput } from '../pipeline/plan.ts';
import { parseOptionsOf } from '../pipeline/markdown-components.ts';
import { Workers, batches, concurrencyFor } from '../pipeline/workers.ts';
import { dataDigest, readAuthors } from '../site/data.ts';
import { resolveNow } from '../site/schedule.ts';
import type { BuildOptions } from './build.ts';
import { type BuildContext, later } from './context.ts';
import { checkChangesFile } from './finish.ts';

/** Below this many output files, checking their sizes on another thread costs more than it saves. */
const SIZE_CHECK_THREAD_FROM = 8000;
/** What an output index (`output.<hash>.json`) holds per file, at least: `["a/index.html",1234],`. */
const INDEX_BYTES_PER_FILE = 24;

/**
 * The project, and the last build's record. With no output recorded at all (a first build, the cache deleted) or with
 * --force, a worker starts loading while the config and plugins compile.
 */
export async function load(options: BuildOptions, ctx: Pick<BuildContext, 'started' | 'log' | 'done'>): Promise<BuildContext> {
  const rootDir = options.root ?? '.';
  // A bad environment variable, --now or SOURCE_DATE_EPOCH fails before anything starts.
  env.check();
  const schedule = { now: resolveNow(options.now), future: options.future ?? false };
  // So is a --changes file that could not be written at the end.
  if (options.changes) checkChangesFile(options.changes);
  cacheNotices.dropped = (file) => ctx.log.info(`note: the cache file ${relative(rootDir, file)} could not be read; it is rebuilt`);
  const force = !!options.force || !!options.verify;
  let compiled: { resolve(plugins: PluginModule[]): void; reject(error: unknown): void } | undefined;
  const plugins = new Promise<PluginModule[]>((resolve, reject) => (compiled = { resolve, reject }));
  const recorded = outputIndexBytes(cacheDirOf(rootDir));
  const early = force || recorded === undefined ? new Workers(concurrencyFor(Infinity, options.concurrency), plugins, 1) : undefined;
  // A large output recorded: its check's thread starts now, while the project loads (it is told what to check, or to stop).
  const checkFrom = env.testCheckThreadFrom() ?? SIZE_CHECK_THREAD_FROM;
  let thread = !early && (recorded ?? 0) >= checkFrom * INDEX_BYTES_PER_FILE ? spawnOutputCheck() : undefined;
  let project: Project;
  try {
    project = await loadProject(rootDir, options);
    checkOutDir({
      root: project.root,
      outDir: project.outDir,
      cacheDir: project.cacheDir,
      contentDir: project.contentDir,
      sourceDirs: [
        join(project.root, 'site'),
        join(project.root, 'templates'),
        resolve(project.root, project.config.pagesDir),
        project.publicDir,
        project.dataDir,
      ],
    });
    compiled!.resolve(project.pluginModules);
  } catch (error) {
    compiled!.reject(error);
    later(plugins);
    thread?.stop();
    await early?.destroy();
    throw error;
  }
  ctx.done(`loaded config and ${project.hooks.plugins.length} plugins`);
  for (const line of unknownHooks(project.hooks.plugins)) ctx.log.warn(line);
  const state = await loadOutputState(project.cacheDir, project.outDir);
  // No previous output to take bodies from: every document is parsed now, in the workers that keep the bodies.
  const fresh = !state || force || !outputThere(state);
  const size = concurrencyFor(state?.pageCount ?? 0, options.concurrency);
  // Without a previous build the workers will be needed, so they start loading now; else only once the build has work.
  const workers = early ?? (fresh ? new Workers(concurrencyFor(Infinity, options.concurrency), project.pluginModules, size) : undefined);
  early?.grow(size);
  const checked = state && !fresh && state.files.length >= checkFrom;
  if (!checked) thread?.stop();
  else thread ??= spawnOutputCheck();
  return {
    ...ctx,
    options,
    drafts: options.drafts ?? false,
    schedule,
    force,
    project,
    state,
    fresh,
    outputCheck: checked ? thread!.check(project.cacheDir, state) : undefined,
    workers,
    size,
  } as BuildContext;
}

/** List the content; parse what the cache does not hold, in the workers, while the templates compile here. */
export async function scan(ctx: BuildContext): Promise<void> {
  const { project, options } = ctx;
  const { cacheDir } = project;
  ctx.scope = projectScope(project);
  // One git process (two when HEAD moved), beside the listing and the parse.
  if (project.config.lastUpdated === 'git') ctx.gitRead = later(readGitDates(project.contentDir, cacheDir));
  const listing = join(cacheDir, 'listing.json');
  const { sources, problems: contentLinks, mdx } = await discoverContent(project.contentDir, project.root, ctx.scope, listing, ctx.fresh);
  ctx.sources = sources;
  ctx.size = concurrencyFor(sources.length, options.concurrency);
  ctx.workers?.grow(ctx.size);
  ctx.parseOptions = parseOptionsOf(project);
  ctx.engine = hashText(readFileSync(join(PACKAGE_ROOT, 'lib/worker.js')));
  ctx.parseKey = hashText(JSON.stringify([VERSION, ctx.engine, ctx.parseOptions, project.pluginModules.map((p) => [p.file, p.options])]));
  Object.assign(ctx, { owner: new Map(), bodyAt: new Map(), parseMs: [], parsedRels: [], entries: new Array(sources.length) });
  // Every source's stat as the digest sums it up: the index is read only once the output turns out stale.
  const digest = ctx.fresh ? undefined : await loadDigest(cacheDir, ctx.parseKey);
  if (!ctx.fresh) ctx.stats = sources.map((s) => statKey(s.file));
  const included = digest?.deps.map((file) => statKey(join(project.root, file))) ?? [];
  const statsNow = digest && statsDigest([...sources, ...includedSources(digest.deps)], [...ctx.stats!, ...included]);
  if (digest && digest.stats === statsNow) Object.assign(ctx, { digest, toParse: [], restated: [] });
  else await loadIndex(ctx, !digest);
  const { toParse } = ctx;
  // A source to parse: the output is stale. Its check goes on to the spare (OutputCheck.spareSame) only while the
  // build will keep most pages: with many to parse, it would take a core from the parse for little.
  if (toParse.length) {
    if (!ctx.state?.spare || toParse.length > sources.length / 4) ctx.outputCheck?.cancel();
    ctx.workers ??= new Workers(ctx.size, project.pluginModules, concurrencyFor(toParse.length, options.concurrency));
  }
  ctx.parsing = later(toParse.length ? parseSources(ctx, toParse) : Promise.resolve());
  // Stale: the cached metadata and the previous output's records load while the workers parse (a fresh build needs neither).
  if (toParse.length && !ctx.fresh) ctx.metadataLoaded = later(completeDocCache(cacheDir, ctx.docCache!, true));
  if (toParse.length && !ctx.fresh) ctx.previousLoaded = later(previousOutput(cacheDir, ctx.state));
  ctx.templates = await compileTemplates(project);
  // The workers import the template bundle between parse batches, ready for rendering.
  for (const session of ctx.workers?.sessions ?? []) later(session.request({ type: 'preload', bundleFile: ctx.templates.bundle.file }));
  const [{ files: publicFiles, problems: publicLinks }, authors, dataHash] = await Promise.all([
    existsSync(project.publicDir) ? listPublicFiles(project.publicDir, project.root, ctx.scope) : Promise.resolve({ files: [], problems: [] }),
    readAuthors(project.dataDir, project.root),
    dataDigest(project.dataDir),
  ]);
  Object.assign(ctx, { publicFiles, authors, dataHash, linkProblems: [...contentLinks, ...publicLinks] });
  const islands = Object.keys(ctx.templates.assets.islands.urls).length;
  ctx.done(`found ${sources.length} content files and ${ctx.templates.pageCount} pages, built assets (stylesheet, runtime, ${islands} island chunks)`);
  const skipped = mdxWarning(mdx);
  if (skipped) ctx.log.warn(skipped);
  // React and the templates load while the workers parse, when planning needs the page modules' code (templateShape)
  // and the output is probably not up to date.
  if ((toParse.length || !ctx.state || ctx.force) && ctx.templates.pageCount) loadTemplates(ctx);
}

/** The source index, and which sources it holds as they are now; `digest`: write the index's digest (none was found) if nothing changed. */
export async function loadIndex(ctx: BuildContext, digest = false): Promise<void> {
  const { project, sources } = ctx;
  ctx.docCache = ctx.fresh ? ({ key: ctx.parseKey, entries: {} } satisfies DocCache) : await loadSourceIndex(project.cacheDir, ctx.parseKey);
  const { hashes, toParse, restated } = checkSources(sources, ctx.docCache.entries, project.root, ctx.stats);
  Object.assign(ctx, { sourceHashes: hashes, toParse, restated });
  ctx.indexed = sources.map((s) => {
    const entry = ctx.docCache!.entries[s.rel];
    return { hasDoc: entry?.hasDoc, images: entry?.images, posted: entry?.posted };
  });
  const whole = Object.keys(ctx.docCache.entries).length === sources.length;
  if (digest && whole && !ctx.fresh && !toParse.length && !restated.length) ctx.docCacheSaved = later(saveIndexDigest(project.cacheDir, ctx.docCache));
}

/** The template bundle, imported once. */
export function loadTemplates(ctx: BuildContext): Promise<RenderModule> {
  ctx.modPromise ??= later(importTemplates(ctx.templates.bundle.file));
  return ctx.modPromise;
}

/**
 * What planning needs of the templates: the layouts' names and the site's page modules (their `meta`, and `paths()`
 * for routes with parameters). A site without page modules needs only the names, so this thread does not import the
 * bundle (React, every layout) at all: the workers, which render, do.
 */
export function templateShape(ctx: BuildContext): Promise<PlanInput['mod']> {
  const { pageCount, layoutNames } = ctx.templates;
  if (pageCount) return loadTemplates(ctx);
  return Promise.resolve({ layouts: Object.fromEntries(layoutNames.map((name) => [name, undefined])), pages: {} });
}

/** Parse these sources in the workers, which keep each body for rendering. */
export async function parseSources(ctx: BuildContext, indexes: number[]): Promise<void> {
  const { sources, sourceHashes, entries } = ctx;
  await ctx.workers!.map(batches(indexes, 32), async (session, batch) => {
    const files = batch.map((i) => sources[i]);
    const request = { type: 'parse' as const, files, options: ctx.parseOptions, keep: true, apiKeyPrefix: ctx.parseKey, scope: ctx.scope };
    const items = await session.request(
      request,
      'parsing',
      files.map((f) => f.display),
    );
    session.load += batch.length;
    for (const item of items) {
      const i = batch[item.index];
      if (item.json !== undefined) item.doc = JSON.parse(item.json) as ContentDocument;
      ctx.parsedRels.push(sources[i].rel);
      sourceHashes[i] = item.hash ?? sourceHashes[i];
      entries[i] = {
        hash: sourceHashes[i] ?? '',
        display: sources[i].display,
        doc: item.doc,
        errors: item.errors,
        ...(item.stat ? { stat: item.stat } : {}),
        ...(item.apiKey ? { apiKey: item.apiKey } : {}),
        ...(item.deps ? { deps: depsOf(item.deps, ctx.project.root) } : {}),
      };
      if (item.doc) {
        ctx.owner.set(item.doc._id, session);
        if (item.at) ctx.bodyAt.set(item.doc._id, item.at);
      }
      ctx.parseMs.push({ source: sources[i].display, ms: item.ms });
    }
  });
}
