/**
 * `sitegen build`: config → discover → parse → route → render → write → post-build outputs.
 * This file only sequences the stages; each lives in its own module.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { hashInputs, hashText } from '../hash.ts';
import { env } from '../env.ts';
import fg from 'fast-glob';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig, type ConfigOverrides } from '../config/load.ts';
import type { ResolvedConfig } from '../config/schema.ts';
import { discoverContent, displayPath, listPublicFiles } from '../content/discover.ts';
import type { ContentDocument } from '../content/types.ts';
import { BuildErrors, SitegenError, applyCheckLevels, formatLocation } from '../errors.ts';
import type { Logger } from '../log.ts';
import { formatMs } from '../log.ts';
import { PACKAGE_ROOT, TEMPLATES_DIR, VERSION } from '../paths.ts';
import { bundleTemplates, findTemplateSources } from '../render/bundle.ts';
import type { RenderModule } from '../render/render-page.ts';
import { createMatcher } from '../routes/rules.ts';
import { buildRouteTable, type PageModuleInfo } from './routes.ts';
import { runMiddleware } from './middleware.ts';
import { WorkerPool, batches, defaultConcurrency, mapLimit } from './pool.ts';
import { writeSite } from './write-site.ts';
import { OutputFolder, hookSignals } from '../output/folder.ts';
import { readAuthors } from '../site/data.ts';
import { outputUpToDate, recordOutput } from '../output/record.ts';
import { contentId, contentStem, stemToPath } from '../content/paths.ts';
import { compilePlugins, instantiatePlugins, pluginRefs } from '../plugins/load.ts';
import { HookRunner, mergeTimings } from '../plugins/run.ts';
import { buildRuntime, buildStylesheet } from '../output/assets.ts';
import { buildIslands, findIslands } from '../output/islands.ts';

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

export async function build(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  hookSignals(); // Ctrl-C at any point: exit 130, removing unfinished output
  const log = options.log;
  let phase = performance.now();
  const done = (message: string) => {
    const now = performance.now();
    log.step(message, now - phase);
    log.profile(`  ${memory()}`);
    phase = now;
  };

  const root = resolve(options.root ?? '.');
  const loaded = await loadConfig(root, options);
  const cacheDir = join(root, '.sitegen-cache');
  const pluginModules = await compilePlugins(pluginRefs(loaded.config.plugins), root, cacheDir);
  const hooks = new HookRunner(await instantiatePlugins(pluginModules));
  const config = (await hooks.run('config:resolved', (previous) => [previous ?? loaded.config])) ?? loaded.config;
  const { configuredContentDir, hash: configHash } = loaded;
  const contentDir = resolve(root, config.contentDir);
  const outDir = resolve(root, config.outDir);
  done(`loaded config and ${hooks.plugins.length} plugins`);

  const sources = await discoverContent(contentDir, root);
  const templates = await findTemplateSources(TEMPLATES_DIR, resolve(root, config.pagesDir));
  for (const plugin of hooks.plugins) for (const [name, file] of Object.entries(plugin.layouts ?? {})) templates.layouts.set(name, file);
  done(`found ${sources.length} content files and ${templates.pages.size} pages`);

  // Everything the output depends on, hashed before any parsing or rendering: the build id.
  const bundlePromise = bundleTemplates(templates, root, cacheDir);
  bundlePromise.catch(() => undefined); // awaited below; don't let it reject unobserved meanwhile
  const publicDir = resolve(root, config.publicDir);
  const [css, runtime, islands, templateSources, publicFiles, authors, sourceHashes] = await Promise.all([
    buildStylesheet([join(TEMPLATES_DIR, 'styles'), resolve(root, 'site/styles')]),
    buildRuntime(),
    findIslands([join(TEMPLATES_DIR, 'islands'), resolve(root, 'site/islands')]).then((found) => {
      for (const plugin of hooks.plugins) for (const [name, file] of Object.entries(plugin.islands ?? {})) found.set(name, file);
      return buildIslands(found, cacheDir, config.base.replace(/\/$/, ''));
    }),
    // Everything of the templates that is not in the page bundle (plugins, the search client …).
    fg('**/*.{ts,tsx,js,css}', { cwd: TEMPLATES_DIR, absolute: true }).then((files) => hashInputs(files, [PACKAGE_ROOT])),
    existsSync(publicDir) ? listPublicFiles(publicDir) : Promise.resolve([]),
    readAuthors(resolve(root, config.dataDir)),
    mapLimit(sources, 64, async (s) => `${contentId(s.rel)}:${hashText(await readFile(s.file))}`),
  ]);
  const bundle = await bundlePromise;
  const idInputs = [
    VERSION, configHash, bundle.inputsHash, css?.hash ?? '', runtime.hash, ...Object.values(islands.urls), templateSources,
    ...pluginModules.map((p) => `${p.inputsHash}:${JSON.stringify(p.options ?? null)}`),
    JSON.stringify({ url: config.url, base: config.base, drafts: options.drafts ?? false, authors, epoch: env.sourceDateEpoch() ?? null }),
    ...sourceHashes, ...publicFiles.map((f) => `${f.rel}:${f.hash}`),
  ];
  if (env.debugBuildId()) log.info(idInputs.join('\n'));
  const buildId = createHash('sha256').update(idInputs.join('\n')).digest('hex').slice(0, 12);
  done(`hashed inputs and built assets (stylesheet, runtime, ${Object.keys(islands.urls).length} island chunks)`);

  // Nothing changed since the last build into this folder: its output is already exactly right.
  if (!options.force && (await outputUpToDate(outDir, cacheDir, buildId))) {
    const ms = performance.now() - started;
    log.info(`\nOutput in ${displayPath(outDir, root)}/ is up to date (build ${buildId}, nothing changed) — checked in ${formatMs(ms)}`);
    return { buildId, outDir, pages: 0, documents: sources.length, warnings: [], ms, upToDate: true };
  }

  const pool = new WorkerPool(options.concurrency ?? defaultConcurrency());
  try {
    const parseOptions = { blogDir: config.blogDir, locales: config.locales, defaultLocale: config.defaultLocale, markdown: config.markdown };
    // Parsed documents are cached by content; the key covers everything else a parse depends on.
    const engine = hashText(await readFile(join(PACKAGE_ROOT, 'lib/worker.js'))); // sitegen's own parser code
    const docCache = { dir: join(cacheDir, 'documents'), key: hashText(JSON.stringify([VERSION, engine, parseOptions, pluginModules.map((p) => [p.file, p.options])])) };
    await mkdir(docCache.dir, { recursive: true });
    const parsed = (await Promise.all(batches(sources, 48).map((files) => pool.parse({ files, options: parseOptions, plugins: pluginModules, cache: docCache })))).flat();
    const errors: SitegenError[] = [];
    const docs: ContentDocument[] = [];
    for (const result of parsed) {
      errors.push(...result.errors.map(SitegenError.fromJSON));
      if (result.doc) docs.push(result.doc);
    }
    docs.sort((a, b) => (a._stem < b._stem ? -1 : a._stem > b._stem ? 1 : 0));
    const loadedDocs = (await hooks.run('content:loaded', (previous) => [previous ?? docs])) ?? docs;
    if (loadedDocs !== docs) docs.splice(0, docs.length, ...loadedDocs);
    const fromCache = parsed.filter((r) => r.cached).length;
    done(`parsed ${docs.length} documents${fromCache ? ` (${fromCache} from cache)` : ''}`);

    const mod = (await import(pathToFileURL(bundle.file).href)) as RenderModule;
    const pages: PageModuleInfo[] = Object.entries(mod.pages).map(([route, entry]) => ({ route, file: entry.file, meta: { ...(entry.module.meta ?? {}) } }));
    done(`compiled ${Object.keys(mod.layouts).length} layouts and ${pages.length} pages`);

    const table = buildRouteTable(pages, docs, { docsRoot: config.theme.docsRoot, layouts: Object.keys(mod.layouts), drafts: options.drafts ?? false });
    errors.push(...table.errors);
    errors.push(...(await runMiddleware(table.routes, config)));
    // Collect, then fail: problems so far are reported together with what rendering and the link
    // checks find. Only problems whose check is `error` fail the build.
    const early = applyCheckLevels(errors, config.checks);
    for (const w of early.warnings) log.warn(`${formatLocation(w.location)} [${w.code}] ${w.message}`);
    const failedSources = new Set(errors.map((e) => e.location?.file));
    const skippedRoutes = [
      ...table.skipped,
      ...sources.filter((s) => failedSources.has(s.display) && !docs.some((d) => d._source === s.display)).map((s) => stemToPath(contentStem(s.rel))),
    ];
    const matcher = createMatcher(config.routeRules);
    done(`routed ${table.routes.length} pages`);

    const folder = await OutputFolder.create(outDir);
    try {
      const result = await writeSite({
        config: config as ResolvedConfig,
        folder,
        pool,
        mod,
        bundleFile: bundle.file,
        cacheDir,
        buildId,
        timestamp: buildTimestamp(docs),
        docs,
        table,
        matcher,
        authors,
        publicDir,
        publicFiles,
        assets: { css, runtime, islands },
        hooks,
        pluginModules,
        drafts: options.drafts ?? false,
        foreignContent: contentDir !== configuredContentDir,
        skippedRoutes,
        log,
        done,
      });
      const failures = [...early.errors, ...result.errors];
      if (failures.length) throw new BuildErrors(failures);
      await folder.commit();
      await recordOutput(outDir, cacheDir, buildId, folder.writer.written);
      const ms = performance.now() - started;
      const timings = { ...hooks.timings };
      mergeTimings(timings, pool.timings);
      for (const [key, spent] of Object.entries(timings).sort((a, b) => b[1] - a[1])) log.profile(`  plugin ${key}: ${formatMs(spent)}`);
      log.info(`\nBuilt ${result.pages} pages into ${config.outDir}/ in ${formatMs(ms)} (build ${buildId})`);
      return { buildId, outDir, pages: result.pages, documents: docs.length, warnings: result.warnings, ms };
    } finally {
      await folder.discard();
    }
  } finally {
    await pool.destroy();
  }
}
