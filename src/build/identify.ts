/**
 * The parse stage's end: every source parsed or known from the cache, the images the documents show, and the build id,
 * a hash of every input. When it equals the last build's and that output is intact, the build is up to date.
 */
import { createHash } from 'node:crypto';
import { displayPath } from '../content/discover.ts';
import { gitDatesKey } from '../content/git-dates.ts';
import { env } from '../env.ts';
import { SitegenError } from '../errors.ts';
import { formatMs, reportWarning } from '../log.ts';
import { restoreLink } from '../output/folder.ts';
import { collectImages } from '../output/images.ts';
import { addVariants } from '../output/image-variants.ts';
import { cachedCopy } from '../output/image-process.ts';
import { templateImages } from '../output/template-images.ts';
import { VERSION, mainEngine } from '../paths.ts';
import { outputIntact } from '../pipeline/output-check.ts';
import { changedSources, completeDocCache, pruned, saveDocCache, sourceKey, sourcesDigest } from '../pipeline/doc-cache.ts';
import { Workers } from '../pipeline/workers.ts';
import type { BuildResult } from './build.ts';
import type { BuildContext } from './context.ts';
import { writeChanges } from './finish.ts';
import { loadIndex, parseSources } from './load.ts';
import type { ContentDocument } from '../content/types.ts';
import { dueCount, postDate } from '../site/schedule.ts';

/** Wait for the parse; collect the images; hash the inputs into the build id. */
export async function identify(ctx: BuildContext): Promise<void> {
  const { sources, entries, indexed, toParse, digest } = ctx;
  await ctx.parsing;
  const fromCache = sources.length - toParse.length;
  const documents = digest ? digest.documents : entries.filter((e) => e.doc).length + sources.filter((_, i) => !entries[i] && indexed[i].hasDoc).length;
  ctx.done(`parsed ${documents} documents${fromCache ? ` (${fromCache} from cache)` : ''}`, [toParse.length, 'document parsed']);
  const { now, future } = ctx.schedule;
  // The images of a post that is not due are left out with it (ImageSource.posted, or the document's date).
  const due = (d: { posted?: string } | ContentDocument) => {
    const date = 'isPost' in d ? postDate(d) : d.posted;
    return future || !date || Date.parse(date) <= now;
  };
  // Read and hashed every build, like public files. Cached documents are known by their index entry (or digest) here.
  const counts = (d: { draft?: boolean; _partial?: boolean; partial?: boolean; posted?: string } | ContentDocument) =>
    !(d._partial || ('partial' in d && d.partial)) && (ctx.drafts || !d.draft) && due(d);
  const docs = sources.flatMap((s, i) => {
    const doc = digest ? digest.images[s.rel] : entries[i] ? entries[i].doc : indexed[i].images;
    return doc && counts(doc) ? [doc] : [];
  });
  const { shownAt, ...images } = await collectImages({
    docs: [...docs, ...(await templateImages(ctx.templates.bundle.inputs, ctx.project.root))],
    ...ctx.scope,
  });
  ctx.images = images;
  ctx.git = await ctx.gitRead;
  // Each raster image's resized copies are planned now (their names are part of the build id) and encoded once the build goes on.
  const { cacheDir, config } = ctx.project;
  ctx.imageJobs = addVariants(ctx.images.manifest, ctx.images.files, config.images, shownAt);
  for (const job of ctx.imageJobs) {
    const hash = ctx.images.manifest.files[job.key].variants!.hash;
    for (const file of job.files) ctx.images.files.push({ rel: file.rel, file: cachedCopy(cacheDir, file.rel), hash, key: job.key });
  }
  ctx.buildId = buildId(ctx);
}

/** Each post's date in ms: from the digest, else each document or its index entry. */
function posted(ctx: BuildContext): number[] {
  if (ctx.digest) return ctx.digest.posted;
  return ctx.sources.flatMap((_, i) => {
    const entry = ctx.entries[i];
    const date = entry ? entry.doc && postDate(entry.doc) : ctx.indexed[i].posted;
    return date ? [Date.parse(date)] : [];
  });
}

function buildId(ctx: BuildContext): string {
  const { project, templates, sources, sourceHashes } = ctx;
  const { bundle, assets } = templates;
  const { config } = project;
  const rels = sources.map((s) => s.rel);
  const inputs = [
    VERSION,
    // The generator's code besides its version: a sitegen changed without a new one (a clone, a tarball packed again) renders again.
    ctx.engine,
    mainEngine(),
    project.configHash,
    bundle.inputsHash,
    assets.css?.hash ?? '',
    ...assets.pageCss.map((sheet) => sheet.hash),
    assets.runtime.hash,
    ...Object.values(assets.islands.urls),
    templates.sourcesHash,
    ...project.pluginModules.map((p) => `${p.inputsHash}:${JSON.stringify(p.options ?? null)}`),
    JSON.stringify({ url: config.url, base: config.base, drafts: ctx.drafts, authors: ctx.authors, epoch: env.sourceDateEpoch() ?? null }),
    // Not the clock: the posts due by it (a scheduled one is marked with --future, left out without).
    `schedule:${ctx.schedule.future ? 'future:' : ''}${dueCount(posted(ctx), ctx.schedule.now)}`,
    `strings:${project.strings.hash}`,
    `data:${ctx.dataHash}`,
    ctx.digest?.sources ??
      sourcesDigest(
        sources.map((s) => s.rel),
        sourceHashes.map((hash, i) => sourceKey(hash, ctx.entries[i]?.deps ?? ctx.docCache?.entries[sources[i].rel]?.deps)),
      ),
    ...ctx.publicFiles.map((f) => `${f.rel}:${f.hash}`),
    ...ctx.linkProblems.map((p) => `refused:${p.location?.file}`),
    ...ctx.images.files.map((f) => `${f.rel}:${f.hash}`),
    ...(ctx.git ? [`git:${gitDatesKey(ctx.git, rels)}`] : []),
  ];
  if (env.debugBuildId()) ctx.log.info(inputs.join('\n'));
  return createHash('sha256').update(inputs.join('\n')).digest('hex').slice(0, 12);
}

/**
 * Nothing changed since the last build into this folder and its output is intact: the result of a build that keeps it,
 * its warnings said again as a full build would. Else undefined.
 */
export async function upToDate(ctx: BuildContext): Promise<BuildResult | undefined> {
  const { state, project, log } = ctx;
  if (ctx.fresh || !state || state.id !== ctx.buildId || !(await outputIntact(state, ctx.outputCheck))) {
    // Stale: the check goes on to the spare, when there is one, for the build to take it over unseen (plan).
    if (!state?.spare) ctx.outputCheck?.cancel();
    return undefined;
  }
  // The output link is gone (a CI job restored the generations): it shows the last build again.
  const relinked = state.dir !== project.outDir;
  if (relinked) await restoreLink(project.outDir, state.dir!);
  if (ctx.toParse.length || ctx.restated.length)
    await withMetadata(ctx).then(
      () => saveDocs(ctx),
      () => undefined,
    );
  // Nothing changed: the list is empty (not the last build's, left over).
  if (ctx.options.changes) await writeChanges(ctx.options.changes, { changed: [], removed: [] });
  const warnings = (state.warnings ?? []).map((w) => SitegenError.fromJSON(w));
  for (const w of warnings) reportWarning(log, w);
  const ms = performance.now() - ctx.started;
  const kept = warnings.length ? `; ${warnings.length} warning${warnings.length === 1 ? '' : 's'} from that build` : '';
  log.info(
    `\nOutput in ${displayPath(project.outDir, project.root)}/ is up to date (build ${ctx.buildId}, nothing changed${kept}${relinked ? '; the output link restored' : ''}) — checked in ${formatMs(ms)}`,
  );
  return { buildId: ctx.buildId, outDir: project.outDir, pages: 0, documents: ctx.sources.length, warnings, ms, upToDate: true };
}

/** The metadata of the documents not parsed in this build, from the cache; the parsed ones join it. */
export async function withMetadata(ctx: BuildContext): Promise<void> {
  if (!ctx.docCache) await indexAfterDigest(ctx);
  const { sources, entries } = ctx;
  const docCache = ctx.docCache!;
  const missing = ctx.fresh ? new Set<string>() : await (ctx.metadataLoaded ?? completeDocCache(ctx.project.cacheDir, docCache, true));
  const pending = new Set(ctx.toParse);
  const late = sources.flatMap((s, i) => (!pending.has(i) && missing.has(s.rel) ? [i] : []));
  if (late.length) {
    // The index held these but the metadata file did not (written halfway, or deleted): parse them now.
    ctx.workers ??= new Workers(ctx.size, ctx.project.pluginModules);
    await parseSources(ctx, late);
  }
  sources.forEach((s, i) => {
    if (entries[i]) docCache.entries[s.rel] = entries[i];
    else entries[i] = docCache.entries[s.rel];
  });
}

/** The index the digest stood for; sources it turns out not to hold (damaged since) are parsed now. */
async function indexAfterDigest(ctx: BuildContext): Promise<void> {
  await loadIndex(ctx);
  if (!ctx.toParse.length) return;
  ctx.workers ??= new Workers(ctx.size, ctx.project.pluginModules);
  await parseSources(ctx, ctx.toParse);
}

/** The document cache as this build leaves it: entries of gone files pruned, parsed ones saved anew. */
export function saveDocs(ctx: BuildContext): Promise<void> {
  const { sources } = ctx;
  const docCache = ctx.docCache!;
  return saveDocCache(ctx.project.cacheDir, pruned(docCache, sources), changedSources(docCache, sources, [...ctx.parsedRels, ...ctx.restated]));
}
