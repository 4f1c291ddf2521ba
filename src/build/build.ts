/**
 * `sitegen build`: the pipeline's steps in order — load the project, compile the templates,
 * parse (in the workers, which keep the bodies), plan the site, render and write the pages (in
 * the same workers), write the other outputs, run the checks, swap the folder in. This file only
 * sequences the steps; each lives in src/pipeline/.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { hashText } from '../hash.ts';
import { env } from '../env.ts';
import type { ConfigOverrides } from '../config/load.ts';
import { discoverContent, displayPath, listPublicFiles, mdxWarning } from '../content/discover.ts';
import { projectScope } from '../content/scope.ts';
import { collectImages } from '../output/images.ts';
import type { ContentDocument, ParseOptions } from '../content/types.ts';
import { BuildErrors, SitegenError, applyCheckLevels } from '../errors.ts';
import type { Logger } from '../log.ts';
import { formatMs, reportWarning } from '../log.ts';
import { PACKAGE_ROOT, VERSION } from '../paths.ts';
import type { RenderModule } from '../render/render-page.ts';
import { OutputFolder, hookSignals, peekSpare } from '../output/folder.ts';
import { checkOutDir } from '../output/out-dir.ts';
import { readAuthors } from '../site/data.ts';
import { contentId, contentStem, stemToPath } from '../content/paths.ts';
import { mergeTimings } from '../plugins/run.ts';
import { checkLinks, targetsKey } from './checks.ts';
import { cacheDirOf, loadProject, type Project } from '../pipeline/project.ts';
import { compileTemplates } from '../pipeline/templates.ts';
import { planSite } from '../pipeline/plan.ts';
import { runBuildDone, writeAssets, writeOutputs } from '../pipeline/outputs.ts';
import { Workers, batches, concurrencyFor, type WorkerSession } from '../pipeline/workers.ts';
import type { PluginModule } from '../plugins/load.ts';
import { writeContentApi } from '../pipeline/api.ts';
import { INTERN_FROM, Interned } from '../pipeline/intern.ts';
import type { BodyAt, ParsedItem } from '../pipeline/protocol.ts';
import { checkSources } from '../pipeline/stat.ts';
import {
  anyOutputState,
  changedSources,
  completeDocCache,
  loadOutputState,
  loadSourceIndex,
  outputThere,
  previousOutput,
  pruned,
  saveDocCache,
  saveOutputState,
  type DocCache,
  type DocEntry,
  type OutputState,
} from '../pipeline/state.ts';
import { patchFile, savePatch, spareRecords } from '../pipeline/patch.ts';
import { checkOutputSizes, outputIntact } from '../pipeline/output-check.ts';
import { patchEarly, prepareEarly, renderPages, type EarlyPatches } from '../pipeline/render.ts';

export interface BuildOptions extends ConfigOverrides {
  /** Rebuild even when the output is up to date. */
  force?: boolean;
  root?: string;
  concurrency?: number;
  drafts?: boolean;
  log: Logger;
  profile?: boolean;
}

export interface BuildResult {
  buildId: string;
  outDir: string;
  pages: number;
  documents: number;
  warnings: SitegenError[];
  ms: number;
  /** Nothing changed: the existing output was kept. */
  upToDate?: boolean;
  /** Pages copied from the previous output (unchanged) rather than rendered. */
  reused?: number;
}

function memory(): string {
  const { rss, heapUsed } = process.memoryUsage();
  return `rss ${(rss / 1048576).toFixed(0)} MB, heap ${(heapUsed / 1048576).toFixed(0)} MB`;
}

/** Deterministic build time: SOURCE_DATE_EPOCH, else the newest date in the content, else 0. */
export function buildTimestamp(docs: ContentDocument[]): number {
  const epoch = env.sourceDateEpoch();
  if (epoch !== undefined) return epoch * 1000;
  let newest = 0;
  for (const doc of docs) if (!doc.draft) for (const value of [doc.date, doc.updated]) if (value) newest = Math.max(newest, Date.parse(value) || 0);
  return newest;
}

/**
 * One line per step with its time; with --profile also memory and the step's time per item it
 * worked on (`per`: how many, and what: a rebuild that parses one document shows the whole step
 * per that one document parsed, not per document of the site).
 */
function phases(log: Logger) {
  let last = performance.now();
  return (message: string, per?: [number, string]) => {
    const now = performance.now();
    log.step(message, now - last);
    log.profile(`  ${memory()}${per?.[0] ? `, ${((now - last) / per[0]).toFixed(3)} ms per ${per[1]}` : ''}`);
    last = now;
  };
}

export async function build(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  hookSignals(); // Ctrl-C at any point: exit 130, removing unfinished output
  const log = options.log;
  const done = phases(log);
  const drafts = options.drafts ?? false;

  // 1. The project. With no output recorded in it at all (a first build, or the cache deleted) or
  // with --force, the build starts from nothing whatever the config says: a worker starts loading
  // now, while the config and the plugins compile, and takes the plugins with its first request.
  const rootDir = options.root ?? '.';
  let compiled: { resolve(plugins: PluginModule[]): void; reject(error: unknown): void } | undefined;
  const plugins = new Promise<PluginModule[]>((resolve, reject) => (compiled = { resolve, reject }));
  const early = options.force || !anyOutputState(cacheDirOf(rootDir)) ? new Workers(concurrencyFor(Infinity, options.concurrency), plugins, 1) : undefined;
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
    plugins.catch(() => undefined);
    await early?.destroy();
    throw error;
  }
  const { config, cacheDir, outDir, hooks } = project;
  done(`loaded config and ${hooks.plugins.length} plugins`);
  const state = await loadOutputState(cacheDir, outDir);
  // No previous output to take bodies from (none recorded, deleted, or --force): every page is
  // rendered from its body, so every document is parsed now, in the workers that keep the bodies,
  // as in a first build. (From the document cache's metadata alone, each body would be parsed
  // twice later, for its page and for its content API file: 1.5 times a first build at 10,000.)
  const fresh = !state || !!options.force || !outputThere(state);
  // A large previous build into this folder: its files' sizes are checked meanwhile, on another
  // thread (31 ms off 370 at 10,000 pages). Below some 8,000 files the thread costs more to start
  // than the stats it takes over (5 ms more at 1,000 pages).
  const outputCheck = state && !fresh && state.files.length >= 8000 ? checkOutputSizes(cacheDir, state) : undefined;
  // As many workers as the site's size pays for (concurrencyFor); before discovery, as many as
  // the last build into this folder had start loading.
  const previousSize = state?.pageCount ?? 0;
  let size = concurrencyFor(previousSize, options.concurrency);
  // No previous build into this folder: the workers will be needed, so they start loading now,
  // while discovery and the templates run. Otherwise they start as soon as the build turns out to
  // have work: a source to parse, or a build id that differs. Started any earlier, they would take
  // half the machine from an up-to-date check that never needs them (0.70 s against 0.52 s at
  // 10,000 pages), and once it is known, the metadata still takes longer to load than they do.
  let docCacheSaved: Promise<void> | undefined;
  /** The workers closing, once the build needs them no more. */
  let closing: Promise<void> | undefined;
  let workers: Workers | undefined = early ?? (fresh ? new Workers(concurrencyFor(Infinity, options.concurrency), project.pluginModules, size) : undefined);
  early?.grow(size);
  try {
    // Links leading outside the project are SG2010 problems (content/links.ts).
    const scope = projectScope(project);
    const { sources, problems: contentLinks, mdx } = await discoverContent(project.contentDir, project.root, scope);
    size = concurrencyFor(sources.length, options.concurrency);
    workers?.grow(size);
    // The document cache: a source whose stat is as recorded keeps its hash and metadata unread.
    const parseOptions: ParseOptions = { blogDir: config.blogDir, locales: config.locales, defaultLocale: config.defaultLocale, markdown: config.markdown };
    const engine = hashText(readFileSync(join(PACKAGE_ROOT, 'lib/worker.js'))); // sitegen's own parser and renderer
    const parseKey = hashText(JSON.stringify([VERSION, engine, parseOptions, project.pluginModules.map((p) => [p.file, p.options])]));
    // Hashes and stats only: the documents' metadata is read once the output turns out stale.
    const docCache: DocCache = fresh ? { key: parseKey, entries: {} } : await loadSourceIndex(cacheDir, parseKey);
    const { hashes: sourceHashes, toParse, restated } = checkSources(sources, docCache.entries);
    // A source to parse: the output is stale, its files' sizes are not needed.
    if (toParse.length) outputCheck?.cancel();
    const entries: DocEntry[] = new Array(sources.length);

    // 2. Parse what the cache does not hold, in the workers (which keep each body for rendering
    // and hash each source as they read it), while the templates compile here.
    // A rebuild starts as many workers as parsing needs (one for an edit): each costs a quarter
    // of a second of CPU to start, and most pages of a rebuild are taken over, not rendered.
    // renderPages starts more when the plan turns out to have many pages to render.
    const needed = (count: number) => concurrencyFor(count, options.concurrency);
    if (toParse.length) workers ??= new Workers(size, project.pluginModules, needed(toParse.length));
    const owner = new Map<string, WorkerSession>();
    /** Where each parsed body is kept: any worker can render its page (pipeline/bodies.ts). */
    const bodyAt = new Map<string, BodyAt>();
    const interned = sources.length >= INTERN_FROM ? new Interned() : undefined;
    const parseMs: { source: string; ms: number }[] = [];
    /** Sources parsed in this build: their metadata is what the document cache saves anew. */
    const parsedRels: string[] = [];
    const parse = (indexes: number[]) =>
      workers!.map(batches(indexes, 32), async (session, batch) => {
        const files = batch.map((i) => sources[i]);
        const items = await session.request<ParsedItem[]>(
          { type: 'parse', files, options: parseOptions, keep: true, apiKeyPrefix: parseKey },
          'parsing',
          files.map((f) => f.display),
        );
        session.load += batch.length;
        for (const item of items) {
          const i = batch[item.index];
          if (item.json !== undefined) item.doc = JSON.parse(item.json) as ContentDocument;
          parsedRels.push(sources[i].rel);
          sourceHashes[i] = item.hash ?? sourceHashes[i];
          entries[i] = {
            hash: sourceHashes[i] ?? '',
            display: sources[i].display,
            doc: item.doc,
            errors: item.errors,
            ...(item.stat ? { stat: item.stat } : {}),
            ...(item.apiKey ? { apiKey: item.apiKey } : {}),
          };
          if (item.doc) {
            owner.set(item.doc._id, session);
            if (item.at) bodyAt.set(item.doc._id, item.at);
            interned?.document(item.doc);
          }
          parseMs.push({ source: sources[i].display, ms: item.ms });
        }
      });
    /** The document cache as this build leaves it: entries of gone files pruned, parsed ones saved anew. */
    const saveDocs = () => saveDocCache(cacheDir, pruned(docCache, sources), changedSources(docCache, sources, [...parsedRels, ...restated]));
    const parsing = toParse.length ? parse(toParse) : Promise.resolve();
    parsing.catch(() => undefined); // awaited below
    // A source to parse means the output is stale (or the cache saved again): the documents'
    // metadata and the previous output's records load now, while the workers start and parse.
    // (What the index says of each cached document is taken first: the metadata replaces it.)
    const indexed = sources.map((s) => ({ hasDoc: docCache.entries[s.rel]?.hasDoc, images: docCache.entries[s.rel]?.images }));
    const metadataLoaded = toParse.length ? completeDocCache(cacheDir, docCache, true) : undefined;
    metadataLoaded?.catch(() => undefined); // awaited below
    const previousLoaded = toParse.length && !fresh ? previousOutput(cacheDir, state) : undefined;
    previousLoaded?.catch(() => undefined); // awaited below
    const templates = await compileTemplates(project);
    // The workers import the template bundle between parse batches, ready for rendering.
    if (workers) for (const session of workers.sessions) session.request({ type: 'preload', bundleFile: templates.bundle.file }).catch(() => undefined);
    const [{ files: publicFiles, problems: publicLinks }, authors] = await Promise.all([
      existsSync(project.publicDir) ? listPublicFiles(project.publicDir, project.root, scope) : Promise.resolve({ files: [], problems: [] }),
      readAuthors(project.dataDir),
    ]);
    const linkProblems = [...contentLinks, ...publicLinks];
    done(
      `found ${sources.length} content files and ${templates.pageCount} pages, built assets (stylesheet, runtime, ${Object.keys(templates.assets.islands.urls).length} island chunks)`,
    );
    const skipped = mdxWarning(mdx);
    if (skipped) log.warn(skipped);
    // The template bundle (and React with it) loads while the workers parse; when nothing needs
    // parsing and there is a previous build here, the output is probably up to date: not needed.
    const loadTemplates = () => {
      const promise = import(pathToFileURL(templates.bundle.file).href) as Promise<RenderModule>;
      promise.catch(() => undefined); // awaited below
      return promise;
    };
    let modPromise = toParse.length || !state || options.force ? loadTemplates() : undefined;
    // While the workers parse: the spare's pages to patch once the build id is known (patchEarly),
    // picked from its records and the previous output's, when both are there to read.
    const earlier = previousLoaded && (await previousLoaded);
    const earlierFiles = earlier ? new Map(earlier.files) : undefined;
    const peeked = earlier ? peekSpare(outDir, cacheDir) : undefined;
    const peekedSpare = peeked && spareRecords(peeked.records, peeked.dir, earlier?.base);
    const prepared: EarlyPatches | undefined = earlier && earlierFiles && peekedSpare ? prepareEarly(earlier, peekedSpare, earlierFiles) : undefined;
    await parsing;
    const fromCache = sources.length - toParse.length;
    const documents = entries.filter((e) => e.doc).length + sources.filter((s, i) => !entries[i] && indexed[i].hasDoc).length;
    done(`parsed ${documents} documents${fromCache ? ` (${fromCache} from cache)` : ''}`, [toParse.length, 'document parsed']);

    // Images the documents show: read and hashed every build, like public files (not cached with the documents).
    // Documents from the cache are known by their index entry here (their metadata is read later).
    const counts = (d: { draft?: boolean; _partial?: boolean; partial?: boolean }) => !(d._partial || d.partial) && (drafts || !d.draft);
    const images = await collectImages({
      docs: sources.flatMap((s, i) => {
        const doc = entries[i] ? entries[i].doc : indexed[i].images;
        return doc && counts(doc) ? [doc] : [];
      }),
      ...scope,
    });

    // Everything the output depends on, hashed before any rendering: the build id.
    const { bundle, assets } = templates;
    const idInputs = [
      VERSION,
      project.configHash,
      bundle.inputsHash,
      assets.css?.hash ?? '',
      assets.runtime.hash,
      ...Object.values(assets.islands.urls),
      templates.sourcesHash,
      ...project.pluginModules.map((p) => `${p.inputsHash}:${JSON.stringify(p.options ?? null)}`),
      JSON.stringify({ url: config.url, base: config.base, drafts, authors, epoch: env.sourceDateEpoch() ?? null }),
      ...sources.map((s, i) => `${contentId(s.rel)}:${sourceHashes[i] ?? '(unreadable)'}`),
      ...publicFiles.map((f) => `${f.rel}:${f.hash}`),
      ...linkProblems.map((p) => `refused:${p.location?.file}`),
      ...images.files.map((f) => `${f.rel}:${f.hash}`),
    ];
    if (env.debugBuildId()) log.info(idInputs.join('\n'));
    const buildId = createHash('sha256').update(idInputs.join('\n')).digest('hex').slice(0, 12);

    // The metadata of the documents not parsed in this build, from the cache; the parsed ones join it.
    const withMetadata = async () => {
      const missing = await (metadataLoaded ?? completeDocCache(cacheDir, docCache, true));
      const pending = new Set(toParse);
      const late = sources.flatMap((s, i) => (!pending.has(i) && missing.has(s.rel) ? [i] : []));
      if (late.length) {
        // The index held these but the metadata file did not (written halfway, or deleted): parse them now.
        workers ??= new Workers(size, project.pluginModules);
        await parse(late);
      }
      // (Not interned, unlike parsed documents in a large build (INTERN_FROM): at 10,000 documents
      // that cost a body-edit rebuild 50 ms, and its peak memory was no lower for it.)
      sources.forEach((s, i) => {
        if (entries[i]) docCache.entries[s.rel] = entries[i];
        else entries[i] = docCache.entries[s.rel];
      });
    };

    // Nothing changed since the last build into this folder: its output is already exactly right.
    if (!fresh && state && state.id === buildId && (await outputIntact(state, outputCheck))) {
      if (toParse.length || restated.length)
        await withMetadata()
          .then(saveDocs)
          .catch(() => undefined);
      // What that build warned about still holds: said again, as a full build would say it.
      const warnings = (state.warnings ?? []).map((w) => SitegenError.fromJSON(w));
      for (const w of warnings) reportWarning(log, w);
      const ms = performance.now() - started;
      const kept = warnings.length ? `; ${warnings.length} warning${warnings.length === 1 ? '' : 's'} from that build` : '';
      log.info(`\nOutput in ${displayPath(outDir, project.root)}/ is up to date (build ${buildId}, nothing changed${kept}) — checked in ${formatMs(ms)}`);
      return { buildId, outDir, pages: 0, documents: sources.length, warnings, ms, upToDate: true };
    }
    // Stale: the workers load while the documents' metadata does.
    outputCheck?.cancel();
    workers ??= new Workers(size, project.pluginModules, needed(toParse.length));
    await withMetadata();
    const pool = workers;

    const errors: SitegenError[] = [];
    let docs: ContentDocument[] = [];
    const apiKeys = new Map<string, string>();
    for (const entry of entries) {
      errors.push(...entry.errors.map(SitegenError.fromJSON));
      if (entry.doc) docs.push(entry.doc);
      if (entry.doc && entry.apiKey) apiKeys.set(entry.doc._id, entry.apiKey);
    }
    errors.push(...images.problems, ...linkProblems);
    docs.sort((a, b) => (a._stem < b._stem ? -1 : a._stem > b._stem ? 1 : 0));
    docs = await hooks.contentLoaded(docs);

    // The folder this build writes, and the previous output to reuse from.
    const previous = fresh ? undefined : previousLoaded ? earlier : await previousOutput(cacheDir, state);
    const prevFiles = earlierFiles ?? new Map(previous?.files ?? []);
    const folder = await OutputFolder.create(outDir, cacheDir, peeked);
    try {
      // The spare's pages, when it is untouched since it was the live output: those unchanged since
      // then get the new build id put in place (WorkerJob.reuse.inPlace).
      const spare = previous ? spareRecords(folder.spareRecords, folder.tempDir, previous.base) : undefined;
      const target = {
        type: 'folder' as const,
        outDir: folder.tempDir,
        inPlace: folder.inPlace,
        options: parseOptions,
        ...(previous ? { previous: { dir: outDir, buildId: previous.id } } : {}),
        ...(spare ? { spareId: spare.id } : {}),
      };
      // Not waited for here: each worker first clears its parse garbage (a full collection, 50 ms at
      // 10,000 documents) while this thread plans; the requests that follow queue behind it.
      const opened = Promise.all(pool.sessions.map((s) => s.request(target, 'opening the output folder for')));
      /** More workers for a render larger than those started can take (renderPages), given the folder first. */
      const grow = (pages: number) => {
        const started = pool.sessions.length;
        pool.grow(needed(pages));
        return Promise.all(pool.sessions.slice(started).map((s) => s.request(target, 'opening the output folder for')));
      };
      opened.catch(() => undefined); // awaited below
      // Pages the spare holds unchanged since the previous output get the new build id now, while
      // this thread plans the site (pipeline/render.ts patchEarly).
      const patching =
        previous && spare ? patchEarly(pool, prepared?.spareId === spare.id ? prepared : prepareEarly(previous, spare, prevFiles), buildId) : undefined;
      patching?.catch(() => undefined); // awaited in renderPages
      const sourceOf = new Map(sources.map((s) => [contentId(s.rel), s]));
      const out = folder.writer;
      const written = new Map<string, number>();
      const renderErrors: SitegenError[] = [];

      // The content API: one file per document, written by the worker that holds its body. When no
      // plugin can have changed a document since it was parsed, the workers write these from
      // their own copies while this thread plans the site.
      const apiDocs = docs.filter((d) => drafts || !d.draft);
      const apiFiles = new Map<string, string>();
      const apiState: OutputState['api'] = {};
      let cleared: string[] = [];
      const writeApi = () =>
        writeContentApi({
          docs: apiDocs,
          base: config.base,
          trailingSlash: config.trailingSlash,
          images: images.manifest,
          sendDocs: hooks.has('content:loaded'),
          parseKey,
          apiKeys,
          sourceOf,
          owner,
          pool,
          out,
          previous,
          prevFiles,
          spare,
        }).then((result) => {
          renderErrors.push(...result.errors);
          for (const [file, bytes] of result.written) written.set(file, bytes);
          cleared = result.cleared;
          for (const [id, state] of Object.entries(result.state)) {
            apiState[id] = state;
            apiFiles.set(id, state.file);
          }
        });
      const apiWritten = hooks.has('content:loaded') ? undefined : writeApi();
      apiWritten?.catch(() => undefined); // awaited below

      const mod = await (modPromise ??= loadTemplates());
      done(`compiled ${Object.keys(mod.layouts).length} layouts and ${Object.keys(mod.pages).length} pages`);

      // 4. Plan
      const failedSources = new Set(errors.map((e) => e.location?.file));
      const failedRoutes = sources
        .filter((s) => failedSources.has(s.display) && !docs.some((d) => d._source === s.display))
        .map((s) => stemToPath(contentStem(s.rel)));
      const foreignContent = project.contentDir !== project.configuredContentDir;
      const plan = await planSite({
        config,
        docs,
        mod,
        authors,
        assets,
        drafts,
        hasFavicon: publicFiles.some((f) => f.rel === 'favicon.svg'),
        publicFiles: publicFiles.map((f) => f.rel),
        failedRoutes,
        foreignContent,
        images: images.manifest,
      });
      // Collect, then fail: problems so far are reported together with what rendering and the link
      // checks find. Only problems whose check is `error` fail the build.
      const early = applyCheckLevels([...errors, ...plan.problems], config.checks);
      for (const w of early.warnings) reportWarning(log, w);
      done(`routed ${plan.routes.length} pages`);

      // 5. Render and write: each page in whichever worker is free; an unchanged page is
      // copied from the previous output with the new build id (pipeline/render.ts). A page's key
      // covers everything it renders from; the site-wide collections are keyed per page there.
      const { nav: _nav, posts: _posts, ...sharedRest } = plan.model.shared;
      const renderKey = hashText(JSON.stringify([engine, parseKey, bundle.hash, sharedRest, project.pluginModules.map((p) => [p.file, p.options])]));
      await opened;
      const jobsKey = hooks.has('content:loaded') ? undefined : hashText(JSON.stringify([renderKey, project.configHash, drafts]));
      const rendering = renderPages({
        plan,
        pool,
        owner,
        bodyAt,
        renderKey,
        jobsKey,
        bundleFile: bundle.file,
        sourceOf,
        previous,
        prevFiles,
        spare,
        foreignContent,
        interned,
        written,
        early: patching,
        grow,
        summaries: hooks.has('build:done'),
      });
      // 6. Everything besides the pages (assets, redirects, listings, manifests) is written while
      // the workers render, and so is the document cache, which holds what was parsed whatever
      // the rest of the build gives.
      const outputsWritten = writeAssets(out, assets).then(() =>
        writeOutputs({ config, out, plan, buildId, timestamp: buildTimestamp(docs), publicFiles: [...publicFiles, ...images.files] }),
      );
      outputsWritten.catch(() => undefined); // awaited below
      if (toParse.length || restated.length || Object.keys(docCache.entries).length !== sources.length) docCacheSaved = saveDocs().catch(() => undefined);
      // (Nothing may still be writing into the folder when a failed build discards it.)
      const {
        checked,
        built,
        errors: pageErrors,
        records,
        pages,
        reused,
        patched,
        jobsKey: recordedKey,
      } = await rendering.finally(() => Promise.allSettled([outputsWritten, apiWritten]));
      renderErrors.push(...pageErrors);
      done(`rendered ${pages} pages${reused ? ` (${reused} unchanged)` : ''}${patched ? `, ${patched} of them patched in place` : ''}`, [
        pages - reused,
        'page rendered',
      ]);

      await (apiWritten ?? writeApi());
      // The workers have nothing left to do: they close while the checks run and the caches are
      // saved here (waiting for them at the end took some 70 ms at 10,000 pages).
      closing = pool.destroy();
      closing.catch(() => undefined); // awaited below
      workers = undefined;
      const outputs = await outputsWritten;
      done(`wrote ${outputs.redirects} redirects, ${apiDocs.length + 2} content API files and ${publicFiles.length} public files`);
      // What an earlier output left in a folder written in place goes before the plugins run: what
      // they add to the folder, through `write` or by themselves, is theirs.
      await folder.prune(chain(written.keys(), out.written.keys()), cleared);
      const pluginRun = await runBuildDone({ config, hooks, plan, buildId, pages: built, documents: apiDocs, authors, out, outDir: folder.tempDir, apiFiles });

      // 7. Checks over the finished site
      const targets = {
        routes: plan.knownRoutes,
        redirects: new Set(plan.redirects.keys()),
        files: new Set([...plan.publicPaths, ...pluginRun.files, '/_redirects', '/_headers', '/404.html']),
      };
      // When the previous build's checks found nothing and every target is what it was, only the
      // pages rendered anew can have something to find (checks.ts targetsKey).
      const checksKey = targetsKey(checked, targets, config.checks, foreignContent);
      const onlyNew = previous?.checksKey === checksKey;
      const problems = checkLinks(checked, targets, config.checks, onlyNew ? (page) => !page.copied : undefined);
      const levelled = applyCheckLevels([...renderErrors, ...plan.redirectProblems, ...(pluginRun.error ? [pluginRun.error] : []), ...problems], config.checks);
      for (const w of levelled.warnings) reportWarning(log, w);
      const newly = onlyNew ? checked.filter((page) => !page.copied).length : checked.length;
      done(
        `checked links on ${newly} page${newly === 1 ? '' : 's'}${newly < checked.length ? ` (the other ${checked.length - newly} as they were)` : ''}${problems.length ? ` (${problems.length} problems)` : ''}`,
      );
      const failures = [...early.errors, ...levelled.errors];
      if (failures.length) throw new BuildErrors(failures);

      await folder.commit(patchFile(cacheDir, outDir));
      for (const [file, bytes] of out.written) written.set(file, bytes);
      const outputState: OutputState = {
        id: buildId,
        outDir,
        files: [...written],
        pages: records,
        api: apiState,
        ...(recordedKey ? { jobsKey: recordedKey } : {}),
        ...(problems.length ? {} : { checksKey }),
        ...(previous?.base ? { base: previous.base } : {}),
        warnings: [...early.warnings, ...levelled.warnings].map((w) => w.toJSON()),
      };
      await Promise.all([
        saveOutputState(cacheDir, outputState).then((changes) =>
          savePatch(cacheDir, outputState, changes, folder.sparePatch ? { file: folder.sparePatch, previous } : undefined),
        ),
        docCacheSaved,
      ]);
      const ms = performance.now() - started;
      await closing;
      const timings = { ...hooks.timings };
      mergeTimings(timings, pool.timings);
      for (const [key, spent] of Object.entries(timings).sort((a, b) => b[1] - a[1])) log.profile(`  plugin ${key}: ${formatMs(spent)}`);
      if (parseMs.length)
        log.profile(
          `  slowest documents to parse: ${parseMs
            .sort((a, b) => b.ms - a.ms)
            .slice(0, 5)
            .map((p) => `${p.source} ${p.ms.toFixed(1)} ms`)
            .join(', ')}`,
        );
      log.info(`\nBuilt ${checked.length} pages into ${config.outDir}/ in ${formatMs(ms)} (build ${buildId})`);
      return { buildId, outDir, pages: checked.length, documents: docs.length, warnings: [...early.warnings, ...levelled.warnings], ms, reused };
    } finally {
      await folder.discard();
    }
  } finally {
    outputCheck?.cancel();
    await docCacheSaved;
    // Closed, not terminated: stopping a worker thread while it is still importing its modules can
    // abort the whole process (a V8 fatal error in Node 20), so each finishes starting first.
    await Promise.all([closing, workers?.destroy()]);
  }
}

/** The items of each iterable in turn. */
function* chain<T>(...lists: Iterable<T>[]): Iterable<T> {
  for (const list of lists) yield* list;
}
