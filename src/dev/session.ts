/**
 * The state behind `sitegen dev`: the same pipeline as `sitegen build` (project, templates,
 * plan), kept in memory and updated file by file.
 *
 * Start-up parses every document in the worker pool (unchanged ones come from the document
 * cache `sitegen build` shares), keeping metadata only. An edited document is re-parsed alone.
 * When only its body changed, only its page is stale; when something listings or navigation
 * show changed (title, date, order, tags, draft …), the plan is made again and every page is
 * stale. An edited image gets its new hashed name and size, and the pages that show it are
 * stale. Pages render on demand in this thread and are cached, so an edit costs one parse plus
 * the pages someone is looking at, whatever the size of the site.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type MarkdownIt from 'markdown-it';
import type { ResolvedConfig } from '../config/schema.ts';
import { discoverContent, displayPath, listPublicFiles } from '../content/discover.ts';
import { linkOutside, outsideLinkProblem } from '../content/links.ts';
import { projectScope, type ProjectScope } from '../content/scope.ts';
import { contentId, normalizeRoutePath } from '../content/paths.ts';
import { parseDocument } from '../content/parse.ts';
import { decodeSource, type DecodedText } from '../content/decode.ts';
import type { ContentDocument, ParseOptions, SourceFile } from '../content/types.ts';
import { SitegenError, applyCheckLevels } from '../errors.ts';
import { hashText } from '../hash.ts';
import { createMarkdown } from '../markdown/index.ts';
import { LANGUAGES, initHighlighter } from '../markdown/highlight.ts';
import type { SiteAssets } from '../output/assets.ts';
import { renderPage, type RenderModule } from '../render/render-page.ts';
import type { RenderedPage } from '../render/types.ts';
import { resolveRedirect, type Redirect, type RouteMatcher } from '../routes/rules.ts';
import { readAuthors } from '../site/data.ts';
import type { PluginModule } from '../plugins/load.ts';
import { HookRunner } from '../plugins/run.ts';
import { loadProject, type Project } from '../pipeline/project.ts';
import { compileTemplates } from '../pipeline/templates.ts';
import { jobFor, manifestMatcher, planSite, type SitePlan } from '../pipeline/plan.ts';
import { collectImages, documentImages, hashImage, imageKeys, loadImage } from '../output/images.ts';
import { Workers, batches, defaultConcurrency } from '../pipeline/workers.ts';
import type { ParsedItem } from '../pipeline/protocol.ts';
import { apiDocument, apiPosts } from '../pipeline/api.ts';
import { checkSources, statKey } from '../pipeline/stat.ts';
import { loadDocCache, saveDocCache } from '../pipeline/state.ts';
import { PACKAGE_ROOT, VERSION } from '../paths.ts';
import { DevLinkChecks } from './link-checks.ts';
import { join } from 'node:path';

export const DEV_BUILD_ID = 'dev';

/** The fields of a document that listings and navigation show. */
function summaryKey(doc: ContentDocument | undefined): string {
  if (!doc) return '';
  const fm = doc.frontmatter;
  return JSON.stringify([
    doc._path,
    doc.title,
    doc.description,
    doc.date,
    doc.updated,
    doc.draft,
    doc.navigation,
    doc.redirect,
    doc.layout,
    doc.excerpt,
    doc.readingTime,
    fm.order,
    fm.level,
    fm.tags,
    fm.categories,
    fm.author,
    doc.middleware,
  ]);
}

/** The images a document shows, as written. */
function imagesKey(doc: ContentDocument): string {
  return JSON.stringify((doc.images ?? []).map((ref) => ref.href));
}

export interface DevOptions {
  root: string;
  /** HTML added to every page (the live-reload client). */
  bodyExtra: string;
}

export class DevSession {
  config!: ResolvedConfig;
  contentDir = '';
  private project!: Project;
  private md!: MarkdownIt;
  private parseOptions!: ParseOptions;
  private docs = new Map<string, ContentDocument>();
  /** Body HTML by document id, with the source hash it was parsed from. */
  private bodies = new Map<string, { hash: string; html: string }>();
  private sources = new Map<string, SourceFile>();
  /** The same sources by document id. */
  private sourceById = new Map<string, SourceFile>();
  /** Each source's stat key when `load` read it (see changedSinceLoad). */
  private loadedStats = new Map<string, string | undefined>();
  /** Problems by source file: the last good document of that file keeps being served. */
  readonly problems = new Map<string, SitegenError[]>();
  /** Hashed image path in the output (`_sitegen/images/cat.1a2b3c4d5e.png`) → its source file. */
  imageFiles = new Map<string, string>();
  private mod!: RenderModule;
  private bundleFile = '';
  assets!: SiteAssets;
  private plan!: SitePlan;
  private cache = new Map<string, RenderedPage>();
  pluginModules: PluginModule[] = [];
  hooks = new HookRunner([]);
  /** The document cache being written after start-up (awaited by `close`). */
  saving?: Promise<void>;
  /** The parsing workers closing after start-up (awaited by `close`). */
  closing?: Promise<void>;
  /** The real paths links may lead into (content/links.ts): nothing is read or served outside them. */
  scope!: ProjectScope;
  /** Links out of the project (SG2010) by display path. */
  private links = new Map<string, SitegenError>();
  /** The build's link and anchor checks over the pages rendered so far. */
  private pageChecks = new DevLinkChecks();
  /** Every grammar loaded in this thread (see load). */
  private grammars: Promise<void> = Promise.resolve();

  /** Files the template bundle was built from (layouts, components, pages, data). */
  templateInputs = new Set<string>();

  constructor(private readonly options: DevOptions) {}

  get root(): string {
    return this.options.root;
  }

  get publicDir(): string {
    return this.project.publicDir;
  }

  /** Load everything: config, all documents (in the worker pool, or from the cache), templates, assets. */
  async start(): Promise<{ documents: number; pages: number }> {
    await this.init();
    return this.load();
  }

  /** The project: config and plugins (what the server needs to know what to watch). */
  async init(): Promise<void> {
    this.project = await loadProject(this.root);
  }

  /**
   * Everything else: documents, templates, assets, the plan. Call `init` first. `parsing` is
   * called once the documents are being parsed (or need not be): the thread is free from then on.
   */
  async load(parsing?: () => void): Promise<{ documents: number; pages: number }> {
    const project = this.project;
    this.pluginModules = project.pluginModules;
    this.hooks = project.hooks;
    this.config = project.config;
    this.contentDir = project.contentDir;
    const c = this.config;
    this.parseOptions = { blogDir: c.blogDir, locales: c.locales, defaultLocale: c.defaultLocale, markdown: c.markdown };
    this.md = createMarkdown(c.markdown, (md) => this.hooks.runSync('markdown', md));
    this.docs.clear();
    this.bodies.clear();
    this.problems.clear();
    this.scope = projectScope(project);
    const { sources, problems: refused } = await discoverContent(this.contentDir, this.root, this.scope);
    this.links.clear();
    this.setLinks(refused, this.contentDir);
    this.sources = new Map(sources.map((s) => [s.file, s]));
    this.sourceById = new Map(sources.map((s) => [contentId(s.rel), s]));
    // The same document cache as `sitegen build`: a site built once starts in dev without parsing.
    const engine = hashText(readFileSync(join(PACKAGE_ROOT, 'lib/worker.js')));
    const parseKey = hashText(JSON.stringify([VERSION, engine, this.parseOptions, this.pluginModules.map((p) => [p.file, p.options])]));
    const cache = await loadDocCache(project.cacheDir, parseKey);
    const { toParse, restated } = checkSources(sources, cache.entries);
    // The templates and assets compile (esbuild, in its own process) while the workers parse.
    const compiled = compileTemplates(this.project);
    compiled.catch(() => undefined); // awaited below
    // The template bundle (React with it) is imported as soon as it is compiled, while the workers
    // parse: this thread has nothing else to do until then (rebuildTemplates finds it loaded).
    compiled.then((templates) => import(pathToFileURL(templates.bundle.file).href)).catch(() => undefined);
    if (toParse.length) {
      const workers = new Workers(Math.min(defaultConcurrency(), Math.max(1, Math.ceil(toParse.length / 64))), this.pluginModules);
      try {
        // Four batches in flight per worker: this thread is busy with the file watcher's first scan
        // meanwhile, and a worker waiting for its next batch would sit idle.
        const parsed = workers.map(
          batches(toParse, 64),
          async (session, batch) => {
            const files = batch.map((i) => sources[i]);
            const items = await session.request<ParsedItem[]>(
              { type: 'parse', files, options: this.parseOptions, keep: false },
              'parsing',
              files.map((f) => f.display),
            );
            for (const item of items) {
              const i = batch[item.index];
              cache.entries[sources[i].rel] = {
                hash: item.hash ?? '',
                display: sources[i].display,
                doc: item.doc,
                errors: item.errors,
                ...(item.stat ? { stat: item.stat } : {}),
              };
            }
          },
          undefined,
          4,
        );
        parsing?.();
        await parsed;
      } finally {
        // The workers close while the site is planned: their threads take a while to tear down.
        const closed = workers.destroy().catch(() => undefined);
        this.closing = Promise.all([this.closing, closed]).then(() => undefined);
      }
    }
    if (!toParse.length) parsing?.();
    // This thread renders pages synchronously, so it loads every grammar up front: once the
    // workers are done (before, it would take a core from them), and without holding up start-up.
    // Whatever parses or renders here waits for it (`grammars`).
    this.grammars = initHighlighter(LANGUAGES);
    this.grammars.catch(() => undefined); // awaited where needed
    // Saved once the server is up (tens of megabytes at 10,000 documents): a start-up costs nothing for it.
    if (toParse.length || restated.length)
      this.saving = new Promise((r) => setTimeout(r, 100)).then(() => saveDocCache(project.cacheDir, cache)).catch(() => undefined);
    this.loadedStats = new Map(sources.map((s) => [s.file, cache.entries[s.rel]?.stat]));
    sources.forEach((s) => {
      const entry = cache.entries[s.rel];
      if (entry.doc) this.docs.set(s.file, entry.doc);
      if (entry.errors.length) this.problems.set(s.file, entry.errors.map(SitegenError.fromJSON));
    });
    await this.rebuildTemplates(await compiled);
    return { documents: this.docs.size, pages: this.plan.routes.length };
  }

  /**
   * Content files added, changed or removed since `load` read them: the server starts watching
   * the content folder only once the documents are loaded (the watcher's first scan stats every
   * file, a second of this thread's time at 10,000 documents that the workers' parsing would wait
   * for), and asks this when that scan is done, so an edit made meanwhile is not missed.
   */
  async changedSinceLoad(): Promise<{ file: string; removed: boolean }[]> {
    const { sources: now } = await discoverContent(this.contentDir, this.root, this.scope);
    const present = new Set(now.map((s) => s.file));
    const changed = now
      .filter((s) => {
        const before = this.loadedStats.get(s.file);
        return before === undefined || statKey(s.file) !== before;
      })
      .map((s) => ({ file: s.file, removed: false }));
    for (const file of this.loadedStats.keys()) if (!present.has(file)) changed.push({ file, removed: true });
    return changed;
  }

  /** Recompile layouts, pages and assets (a template, style or island changed). */
  async rebuildTemplates(compiled?: Awaited<ReturnType<typeof compileTemplates>>): Promise<void> {
    const templates = compiled ?? (await compileTemplates(this.project));
    this.assets = templates.assets;
    if (templates.bundle.file !== this.bundleFile) {
      this.mod = (await import(pathToFileURL(templates.bundle.file).href)) as RenderModule;
      this.bundleFile = templates.bundle.file;
    }
    this.templateInputs = new Set(templates.bundle.inputs);
    await this.rebuildModel();
  }

  /** The plan (routes, collections, redirects, shared page data) from the current documents. */
  private async rebuildModel(): Promise<void> {
    let docs = [...this.docs.values()].sort((a, b) => (a._stem < b._stem ? -1 : a._stem > b._stem ? 1 : 0));
    docs = await this.hooks.contentLoaded(docs);
    const authors = await readAuthors(this.project.dataDir);
    const { files: publicFiles, problems: refused } = existsSync(this.publicDir)
      ? await listPublicFiles(this.publicDir, this.root, this.scope)
      : { files: [], problems: [] };
    this.setLinks(refused, this.publicDir);
    const images = await collectImages({ docs: docs.filter((d) => !d._partial), ...this.scope });
    this.imageFiles = new Map(images.files.map((f) => [f.rel, f.file]));
    this.plan = await planSite({
      config: this.config,
      docs,
      mod: this.mod,
      authors,
      assets: this.assets,
      dev: true,
      drafts: true,
      hasFavicon: publicFiles.some((f) => f.rel === 'favicon.svg'),
      publicFiles: publicFiles.map((f) => f.rel),
      bodyExtra: this.options.bodyExtra,
      images: images.manifest,
    });
    if (images.problems.length) this.problems.set('(images)', images.problems);
    else this.problems.delete('(images)');
    this.problems.delete('(routes)');
    const routeProblems = [...this.plan.problems, ...this.plan.redirectProblems];
    if (routeProblems.length) this.problems.set('(routes)', routeProblems);
    this.cache.clear();
  }

  private source(file: string): SourceFile {
    return this.sources.get(file) ?? { file, rel: relative(this.contentDir, file).split('\\').join('/'), display: displayPath(file, this.root) };
  }

  /**
   * A content file was added, changed or removed. Returns the routes whose output may differ:
   * `'*'` when every page may have changed.
   */
  async contentChanged(file: string, removed: boolean): Promise<string[] | '*'> {
    const before = this.docs.get(file);
    // A file reached through a link out of the project is refused (SG2010) and not read.
    const outside = this.checkLinks(file, this.contentDir, removed);
    if (outside && !before) return [];
    if (removed || outside) {
      this.docs.delete(file);
      const gone = this.sources.get(file);
      if (gone) this.sourceById.delete(contentId(gone.rel));
      this.sources.delete(file);
      this.problems.delete(file);
      await this.rebuildModel();
      return '*';
    }
    const source = this.source(file);
    this.sources.set(file, source);
    this.sourceById.set(contentId(source.rel), source);
    let decoded: DecodedText;
    try {
      decoded = decodeSource(await readFile(file));
    } catch {
      return [];
    }
    if (before && before.hash === decoded.hash) {
      // Back to the last good version (after a broken save, say): nothing to re-render.
      this.problems.delete(file);
      return [];
    }
    await this.grammars;
    const result = parseDocument(source, decoded, this.md, this.parseOptions);
    const problems = result.errors.map(SitegenError.fromJSON);
    if (problems.length) this.problems.set(file, problems);
    else this.problems.delete(file);
    // Problems its checks only warn about (checks.encoding, say) leave the document in use.
    if (!result.doc || applyCheckLevels(problems, this.config.checks).errors.length) return before ? [before._path] : [];
    const doc = result.doc;
    if (doc.body) {
      this.bodies.set(doc._id, { hash: doc.hash, html: doc.body.html });
      doc.body = { toc: doc.body.toc, html: '' };
    }
    this.docs.set(file, doc);
    // A `content:loaded` hook sees every document after each change, as in a build: what it sets
    // on this one (or on others, from this one) is not in the document as parsed.
    if (!before || summaryKey(before) !== summaryKey(doc) || this.hooks.has('content:loaded')) {
      await this.rebuildModel();
      return '*';
    }
    if (imagesKey(before) !== imagesKey(doc) || JSON.stringify(before.sourceLinks ?? []) !== JSON.stringify(doc.sourceLinks ?? [])) {
      // It shows other images now: they are found (or reported missing) and copied. Or its
      // relative links changed: the plan resolves them (content/source-links.ts).
      await this.rebuildModel();
      return [doc._path];
    }
    // Only the body changed: swap the document of its route, keep everything else.
    const key = normalizeRoutePath(doc._path);
    const route = this.plan.byPath.get(key);
    if (route?.doc) {
      route.doc = doc;
      route.page = { ...route.page, toc: doc.body?.toc.links ?? [], wordCount: doc.wordCount, frontmatter: doc.frontmatter };
    }
    this.cache.delete(key);
    return [doc._path];
  }

  /**
   * A file in the content or public folder that is not a document was added, changed or removed.
   * When documents show it (an image), it gets its new hashed name and size, and their pages are
   * stale: returns their routes (`'*'` when a post's excerpt shows it, so the listings are stale too).
   */
  async fileChanged(file: string, removed: boolean): Promise<string[] | '*'> {
    this.checkLinks(file, file.startsWith(this.publicDir + sep) ? this.publicDir : this.contentDir, removed);
    const key = displayPath(file, this.root);
    const scope = this.scope;
    const showing = [...this.docs.values()].filter((doc) => !doc._partial && imageKeys(doc, scope.publicDir).includes(key)).map((doc) => doc._path);
    if (!showing.length) return [];
    const images = this.plan.model.shared.images;
    const before = images?.files[key];
    // Checked as a build checks it: now a link out of the project, or no image, it is refused.
    const loaded = removed || !images || !before ? undefined : await loadImage(key, scope);
    if (!images || !before || !loaded?.ok) {
      // Found, gone or refused: the image problems change too.
      await this.rebuildModel();
      return showing;
    }
    const { info, file: copy } = hashImage(key, loaded.bytes, loaded.file);
    if (JSON.stringify(info) === JSON.stringify(before)) return [];
    if (this.plan.model.posts.some((post) => post.excerpt?.includes(` src="${before.url}"`))) {
      // A post's excerpt shows it too: the listings (blog index, related posts) change with it.
      await this.rebuildModel();
      return '*';
    }
    images.files[key] = info;
    if (!Object.values(images.files).some((other) => other.url === before.url)) this.imageFiles.delete(before.url.slice(1));
    this.imageFiles.set(copy.rel, copy.file);
    for (const path of showing) this.cache.delete(normalizeRoutePath(path));
    return showing;
  }

  /** Show refused links (SG2010) found below `dir`, in place of those found there before (all of them without `dir`). */
  private setLinks(problems: SitegenError[], dir?: string): void {
    for (const key of this.links.keys()) if (dir && resolve(this.root, key).startsWith(dir + sep)) this.links.delete(key);
    for (const problem of problems) this.links.set(problem.location?.file ?? problem.message, problem);
    if (this.links.size) this.problems.set('(links)', [...this.links.values()]);
    else this.problems.delete('(links)');
  }

  /**
   * A file below `dir` added, changed or removed: true when it is there through a link out of
   * the project, which is then shown as SG2010. Refused links that are gone, or lead inside now,
   * are forgotten.
   */
  private checkLinks(file: string, dir: string, removed: boolean): boolean {
    for (const key of this.links.keys()) {
      const link = resolve(this.root, key);
      if (!linkOutside(link, dirname(link), this.scope)) this.links.delete(key);
    }
    const outside = removed ? undefined : linkOutside(file, dir, this.scope);
    this.setLinks(outside ? [outsideLinkProblem(outside.link, outside.target, this.root, outside.why)] : []);
    return Boolean(outside);
  }

  /** A document's body HTML: parsed on first use and kept while its source is unchanged. */
  async body(doc: ContentDocument): Promise<string> {
    const hit = this.bodies.get(doc._id);
    if (hit && hit.hash === doc.hash) return hit.html;
    const source = this.sourceById.get(doc._id);
    if (!source) return doc.body?.html ?? '';
    await this.grammars;
    const result = parseDocument(source, decodeSource(await readFile(source.file)), this.md, this.parseOptions);
    const html = result.doc?.body?.html ?? '';
    this.bodies.set(doc._id, { hash: result.doc?.hash ?? doc.hash, html });
    return html;
  }

  /** A document as the content API serves it: the same JSON a build writes. */
  async apiDocument(doc: ContentDocument): Promise<Record<string, unknown>> {
    return this.apiView({ ...doc, body: doc.body ? { ...doc.body, html: await this.body(doc) } : doc.body });
  }

  /** A document as it is, in the content API's view (bodies as they are: live queries carry none). */
  apiView(doc: ContentDocument): Record<string, unknown> {
    return apiDocument(doc, { base: this.config.base, images: documentImages(doc, this.plan.model.shared.images), links: this.plan.sourceLinks.get(doc._id) });
  }

  /** Every current problem, for the error overlay: those whose check is `off` are left out, as in a build. */
  allProblems(): SitegenError[] {
    const { errors, warnings } = applyCheckLevels([...this.problems.values()].flat(), this.config.checks);
    return [...errors, ...warnings];
  }

  redirectFor(path: string): Redirect | undefined {
    const key = normalizeRoutePath(path);
    return this.plan.redirects.get(key) ?? resolveRedirect(this.plan.matcher, key);
  }

  hasRoute(path: string): boolean {
    return this.plan.byPath.has(normalizeRoutePath(path));
  }

  /** Hash of the page's HTML if it is rendered and cached, else undefined. */
  rendered(path: string): string | undefined {
    const page = this.cache.get(normalizeRoutePath(path));
    return page ? hashText(page.html) : undefined;
  }

  /**
   * Render a route (cached until something it shows changes); unknown paths get the 404 page.
   * A page rendered anew has its links checked (checkPages).
   */
  async render(path: string): Promise<RenderedPage> {
    const { page, fresh } = await this.renderRoute(path);
    if (fresh) await this.checkPages();
    return page;
  }

  private async renderRoute(path: string): Promise<{ page: RenderedPage; fresh: boolean }> {
    const key = normalizeRoutePath(path);
    const hit = this.cache.get(key);
    if (hit) return { page: hit, fresh: false };
    const route = this.plan.byPath.get(key);
    const job = route ? jobFor(this.plan, route) : { ...jobFor(this.plan, this.plan.notFound), path: key, status: 404 };
    if (route?.doc?.body && !route.rejected) job.page = { ...job.page, html: await this.body(route.doc) };
    await this.grammars;
    const page = await renderPage(this.mod, this.plan.model.shared, job, this.hooks);
    if (page.error) return { page, fresh: false };
    this.cache.set(key, page);
    if (route) this.pageChecks.record(key, route, page, this.project.contentDir !== this.project.configuredContentDir);
    return { page, fresh: true };
  }

  /** The build's link and anchor checks (SG5001, SG5002) over the pages rendered so far (dev/link-checks.ts). */
  async checkPages(): Promise<void> {
    const problems = await this.pageChecks.check({
      plan: this.plan,
      levels: this.config.checks,
      pluginFiles: this.hooks.has('build:done'),
      fresh: (key) => this.cache.has(key),
      render: (key) => this.renderRoute(key),
    });
    if (problems.length) this.problems.set('(checks)', problems);
    else this.problems.delete('(checks)');
  }

  /** The dev build manifest: the same matcher and prerendered routes a build writes. */
  manifest(): { id: string; timestamp: number; matcher: RouteMatcher; prerendered: string[] } {
    return { id: DEV_BUILD_ID, timestamp: 0, matcher: manifestMatcher(this.plan), prerendered: this.plan.prerendered };
  }

  documents(): ContentDocument[] {
    return [...this.docs.values()];
  }

  get navigation() {
    return this.plan.model.nav;
  }

  /** The blog listing as its content API file holds it. */
  get posts() {
    return apiPosts(this.plan.model.posts, this.config.base);
  }
}
