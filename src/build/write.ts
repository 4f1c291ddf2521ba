/**
 * The middle stages of `sitegen build`: plan the site from the documents' metadata, then render it into a new output
 * folder. The workers write the content API while this thread plans, and render pages while it writes everything else.
 */
import { env } from '../env.ts';
import { displayPath } from '../content/discover.ts';
import { contentId, contentStem, stemToPath } from '../content/paths.ts';
import { gitDatesProblem, wantsGitDate, withGitDate } from '../content/git-dates.ts';
import type { ContentDocument } from '../content/types.ts';
import { SitegenError, applyCheckLevels } from '../errors.ts';
import { hashText } from '../hash.ts';
import { reportWarning } from '../log.ts';
import { OutputFolder } from '../output/folder.ts';
import { processImages } from '../output/image-process.ts';
import { writeContentApi } from '../pipeline/api.ts';
import { writeAssets, writeOutputs } from '../pipeline/outputs.ts';
import { planSite } from '../pipeline/plan.ts';
import type { FolderRequest } from '../pipeline/protocol.ts';
import { renderPages } from '../pipeline/render.ts';
import { previousOutput } from '../pipeline/state.ts';
import { stylesheetProblems } from '../pipeline/templates.ts';
import { overrideNearMisses } from '../render/overrides.ts';
import { logoProblems } from '../output/logo-check.ts';
import { Workers, concurrencyFor } from '../pipeline/workers.ts';
import { published } from '../site/schedule.ts';
import { type BuildContext, later } from './context.ts';
import { saveDocs, withMetadata } from './identify.ts';
import { templateShape } from './load.ts';
import { atThrownSource } from '../render/stack-source.ts';

/** Deterministic build time: SOURCE_DATE_EPOCH, else the newest date in the content, else 0. */
export function buildTimestamp(docs: ContentDocument[]): number {
  const epoch = env.sourceDateEpoch();
  if (epoch !== undefined) return epoch * 1000;
  let newest = 0;
  for (const doc of docs) if (!doc.draft) for (const value of [doc.date, doc.updated]) if (value) newest = Math.max(newest, Date.parse(value) || 0);
  return newest;
}

/** What `plan` starts for `render` to wait on. */
interface Started {
  target: FolderRequest;
  /** Every worker has the output folder. */
  opened: Promise<unknown>;
  /** The content API files, when the workers write them while the site is planned. */
  apiWritten?: Promise<void>;
}

const byStem = (a: ContentDocument, b: ContentDocument) => (a._stem < b._stem ? -1 : a._stem > b._stem ? 1 : 0);

/** The documents with their metadata, the output folder opened, the content API started, the site planned. */
export async function plan(ctx: BuildContext): Promise<Started> {
  const { project, options } = ctx;
  // Encoded while the site is planned and rendered: sharp works off this thread.
  ctx.imagesProcessed = later(processImages(ctx.imageJobs, { cacheDir: project.cacheDir, root: project.root, concurrency: options.concurrency }));
  ctx.workers ??= new Workers(ctx.size, project.pluginModules, concurrencyFor(ctx.toParse.length, options.concurrency));
  await withMetadata(ctx);
  ctx.errors = [];
  ctx.apiKeys = new Map();
  ctx.gitUpdated = new Map();
  const docs: ContentDocument[] = [];
  ctx.entries.forEach((entry, i) => {
    ctx.errors.push(...entry.errors.map(SitegenError.fromJSON));
    const doc = entry.doc && ctx.git ? withGitDate(entry.doc, ctx.git, ctx.sources[i].rel) : entry.doc;
    if (doc) docs.push(doc);
    if (doc && doc !== entry.doc) ctx.gitUpdated.set(doc._id, doc.updated!);
    if (doc && entry.apiKey) ctx.apiKeys.set(doc._id, entry.apiKey);
  });
  const dating = ctx.git && ctx.sources.filter((_, i) => ctx.entries[i].doc && wantsGitDate(ctx.entries[i].doc!)).map((s) => s.rel);
  const gitProblem = dating && gitDatesProblem(ctx.git!, dating, displayPath(project.contentDir, project.root));
  if (gitProblem) ctx.errors.push(gitProblem);
  ctx.errors.push(...ctx.images.problems, ...ctx.linkProblems);
  // Posts dated after the build's "now" are left out of everything from here on (unless --future).
  const { docs: shown, left } = published(docs.sort(byStem), ctx.schedule);
  ctx.docs = await project.hooks.contentLoaded(shown);
  ctx.previous = ctx.fresh ? undefined : await (ctx.previousLoaded ?? previousOutput(project.cacheDir, ctx.state));
  ctx.prevFiles = new Map(ctx.previous?.files ?? []);
  const spare = ctx.previous && ctx.state?.spare && ctx.state.generation ? { ...ctx.state.spare, of: ctx.state.generation } : undefined;
  // Asked before the spare is taken over (renamed): the check looked at it where it was. Too late, it stops (tests that
  // set SITEGEN_TEST_CHECK_THREAD_FROM wait for it, to be sure to take this path).
  if (spare && env.testCheckThreadFrom()) await ctx.outputCheck?.spare;
  const spareSame = spare && ctx.outputCheck?.spareSame();
  ctx.outputCheck?.cancel();
  ctx.folder = await OutputFolder.create(project.outDir, ctx.state?.dir, spare);
  // The spare, caught up by its changes, is the previous output file for file (same inodes, intact): nothing kept is looked at again.
  ctx.verified = ctx.folder.inPlace && spareSame === true;
  if (ctx.verified) ctx.log.profile('  output folder: the spare generation, checked on the output check thread; unchanged files left as they are');
  const target: FolderRequest = {
    type: 'folder',
    outDir: ctx.folder.tempDir,
    options: ctx.parseOptions,
    scope: ctx.scope,
    ...(ctx.folder.previous ? { previous: ctx.folder.previous } : {}),
    ...(ctx.state?.builtAt ? { builtAt: ctx.state.builtAt } : {}),
    ...(ctx.folder.inPlace ? { inPlace: true } : {}),
  };
  const opened = later(Promise.all(ctx.workers.sessions.map((s) => s.request(target, 'opening the output folder for'))));
  Object.assign(ctx, { written: new Map(), renderErrors: [], apiFiles: new Map(), apiState: {} });
  ctx.apiDocs = ctx.docs.filter((d) => ctx.drafts || !d.draft);
  // Written from the workers' own copies while this thread plans, unless a plugin may have changed the documents.
  const apiWritten = project.hooks.has('content:loaded') ? undefined : later(writeApi(ctx));
  const mod = await templateShape(ctx);
  ctx.done(`compiled ${Object.keys(mod.layouts).length} layouts and ${Object.keys(mod.pages).length} pages`);
  const failedSources = new Set(ctx.errors.map((e) => e.location?.file));
  const failedRoutes = ctx.sources
    .filter((s) => failedSources.has(s.display) && !ctx.docs.some((d) => d._source === s.display))
    .map((s) => stemToPath(contentStem(s.rel)));
  ctx.foreignContent = project.contentDir !== project.configuredContentDir;
  ctx.plan = await planSite({
    config: project.config,
    docs: ctx.docs,
    mod,
    authors: ctx.authors,
    assets: ctx.templates.assets,
    drafts: ctx.drafts,
    schedule: { ...ctx.schedule, left },
    hasFavicon: ctx.publicFiles.some((f) => f.rel === 'favicon.svg'),
    publicFiles: ctx.publicFiles.map((f) => f.rel),
    failedRoutes,
    foreignContent: ctx.foreignContent,
    images: ctx.images.manifest,
    strings: project.strings,
  });
  // Problems so far are reported with what rendering and the checks find; only `error` ones fail the build.
  const styles = [...stylesheetProblems(ctx.templates.assets, project.root), ...overrideNearMisses(project.root), ...logoProblems(project)];
  ctx.early = applyCheckLevels([...ctx.errors, ...ctx.plan.problems, ...styles], project.config.checks);
  for (const w of ctx.early.warnings) reportWarning(ctx.log, w);
  ctx.done(`routed ${ctx.plan.routes.length} pages`);
  return { target, opened, apiWritten };
}

/** The image files to copy once their resized copies are encoded; an image that failed is a problem (SG5005) and leaves its copies out. */
async function imagesWritten(ctx: BuildContext): Promise<BuildContext['images']['files']> {
  const result = await ctx.imagesProcessed!;
  if (ctx.imageJobs.length) {
    const files = result.encoded ? ` (${result.encoded} files)` : '';
    ctx.log.step(`resized ${result.processed} images${files}, ${result.cached} from cache`, result.ms);
  }
  ctx.renderErrors.push(...result.problems);
  return result.failed.size ? ctx.images.files.filter((f) => !result.failed.has(f.rel)) : ctx.images.files;
}

/** One content API file per document, written by the worker that holds its body (or linked when unchanged). */
function writeApi(ctx: BuildContext): Promise<void> {
  const { project } = ctx;
  return writeContentApi({
    docs: ctx.apiDocs,
    base: project.config.base,
    trailingSlash: project.config.trailingSlash,
    images: ctx.images.manifest,
    sendDocs: project.hooks.has('content:loaded'),
    parseKey: ctx.parseKey,
    apiKeys: ctx.apiKeys,
    gitUpdated: ctx.gitUpdated,
    sourceOf: new Map(ctx.sources.map((s) => [contentId(s.rel), s])),
    owner: ctx.owner,
    pool: ctx.workers!,
    out: ctx.folder.writer,
    previous: ctx.previous,
    prevFiles: ctx.prevFiles,
    verified: ctx.verified,
    bundle: ctx.templates.bundle,
  }).then((result) => {
    ctx.renderErrors.push(...result.errors);
    for (const [file, bytes] of result.written) ctx.written.set(file, bytes);
    for (const [id, state] of Object.entries(result.state)) {
      ctx.apiState[id] = state;
      ctx.apiFiles.set(id, state.file);
    }
  });
}

/**
 * What every page's render key covers besides its own job: the engine, the parser, the templates' bundle, the
 * templates' sources (a plugin may name a file made of sources it reads at run time, as the search plugin names its
 * client: a page kept from a build before would name a client the build no longer writes), the shared data, the plugins.
 */
export function pageRenderKey(parts: { engine: string; parseKey: unknown; bundle: string; templates: string; shared: unknown; plugins: unknown[] }): string {
  return hashText(JSON.stringify([parts.engine, parts.parseKey, parts.bundle, parts.templates, parts.shared, parts.plugins]));
}

/** Render the pages in the workers while this thread writes everything else; then start closing the workers. */
export async function render(ctx: BuildContext, { target, opened, apiWritten }: Started): Promise<{ redirects: number }> {
  const { project, plan, options } = ctx;
  const pool = ctx.workers!;
  const { hooks } = project;
  const { bundle } = ctx.templates;
  // A page's key covers everything it renders from; the site-wide collections are keyed per page (render.ts).
  const { nav: _nav, posts: _posts, ...sharedRest } = plan.model.shared;
  const renderKey = pageRenderKey({
    engine: ctx.engine,
    parseKey: ctx.parseKey,
    bundle: bundle.hash,
    templates: ctx.templates.sourcesHash,
    shared: sharedRest,
    plugins: project.pluginModules.map((p) => [p.file, p.options]),
  });
  await opened;
  const grow = (pages: number) => {
    const started = pool.sessions.length;
    pool.grow(concurrencyFor(pages, options.concurrency));
    return Promise.all(pool.sessions.slice(started).map((s) => s.request(target, 'opening the output folder for')));
  };
  const rendering = renderPages({
    plan,
    pool,
    owner: ctx.owner,
    bodyAt: ctx.bodyAt,
    renderKey,
    jobsKey: hooks.has('content:loaded') ? undefined : hashText(JSON.stringify([renderKey, project.configHash, ctx.drafts])),
    bundleFile: bundle.file,
    sourceOf: new Map(ctx.sources.map((s) => [contentId(s.rel), s])),
    previous: ctx.previous,
    prevFiles: ctx.prevFiles,
    verified: ctx.verified,
    foreignContent: ctx.foreignContent,
    written: ctx.written,
    grow,
    summaries: hooks.has('build:done'),
  });
  const out = ctx.folder.writer;
  const timestamp = buildTimestamp(ctx.docs);
  const math = !!plan.model.shared.mathCss;
  const outputsWritten = later(
    writeAssets(out, ctx.templates.assets, math)
      .then(() => imagesWritten(ctx))
      .then((images) => writeOutputs({ config: project.config, out, plan, buildId: ctx.buildId, timestamp, publicFiles: [...ctx.publicFiles, ...images] })),
  );
  // The document cache holds what was parsed, whatever the rest of the build gives.
  if (ctx.toParse.length || ctx.restated.length || Object.keys(ctx.docCache!.entries).length !== ctx.sources.length) ctx.docCacheSaved = later(saveDocs(ctx));
  // Nothing may still be writing into the folder when a failed build discards it.
  ctx.rendered = await rendering.finally(() => Promise.allSettled([outputsWritten, apiWritten]));
  // A component that threw is named at its source, line and column (the bundle's source map).
  ctx.renderErrors.push(...ctx.rendered.errors.map((error) => atThrownSource(error, project.root)));
  const { pages, reused } = ctx.rendered;
  ctx.done(`rendered ${pages} pages${reused ? ` (${reused} unchanged)` : ''}`, [pages - reused, 'page rendered']);
  const why = Object.entries(ctx.rendered.why)
    .filter(([, n]) => n)
    .sort(([a], [b]) => Number(a === 'unchanged') - Number(b === 'unchanged'));
  ctx.log.profile(`  pages by reason: ${why.map(([reason, n]) => `${n} ${reason}`).join(', ')}`);
  await (apiWritten ?? writeApi(ctx));
  ctx.workerChanges = (await Promise.all(pool.sessions.map((s) => s.request({ type: 'changes' })))).flat();
  // The workers close while the checks run and the caches are saved.
  ctx.closing = later(pool.destroy());
  ctx.pool = pool;
  ctx.workers = undefined;
  return outputsWritten;
}
