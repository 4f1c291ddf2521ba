/**
 * The state behind `sitegen dev`: the build's pipeline (project, templates, plan) kept in memory and updated file by file,
 * so an edit costs one parse plus the pages someone is looking at, whatever the size of the site.
 */
import { existsSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ResolvedConfig } from '../config/schema.ts';
import { displayPath, listPublicFiles } from '../content/discover.ts';
import { type GitDates, gitDatesProblem, readGitDates, wantsGitDate, withGitDate } from '../content/git-dates.ts';
import { projectScope, type ProjectScope } from '../content/scope.ts';
import { normalizeRoutePath } from '../content/paths.ts';
import type { ContentDocument } from '../content/types.ts';
import { SitegenError, applyCheckLevels } from '../errors.ts';
import { buildStylesheets, type SiteAssets, type Stylesheets, type StylesheetWarning } from '../output/assets.ts';
import { renderPage, type RenderModule } from '../render/render-page.ts';
import { atThrownSource } from '../render/stack-source.ts';
import type { RenderedPage } from '../render/types.ts';
import { resolveRedirect, type Redirect, type RouteMatcher } from '../routes/rules.ts';
import { readAuthors } from '../site/data.ts';
import { resolveNow } from '../site/schedule.ts';
import type { PluginModule } from '../plugins/load.ts';
import { HookRunner } from '../plugins/run.ts';
import { unknownHooks } from '../plugins/checks.ts';
import type { DevFilesContext } from '../plugins/types.ts';
import { loadProject, type Project } from '../pipeline/project.ts';
import { compileTemplates, styleDirs } from '../pipeline/templates.ts';
import { jobFor, manifestMatcher, notFoundFor, planSite, type SitePlan } from '../pipeline/plan.ts';
import { collectImages, documentImages, hashImage, imageKeys, loadImage } from '../output/images.ts';
import { apiDocument, apiPosts } from '../pipeline/api.ts';
import { expandComponents } from '../render/components.ts';
import { summaryKey, imagesKey } from './changes.ts';
import { DevLinkChecks } from './link-checks.ts';
import { OutsideLinks } from './outside-links.ts';
import { DevDocuments } from './documents.ts';
import { RenderedPages } from './pages.ts';

export const DEV_BUILD_ID = 'dev';

/** What to do about a component that threw (SG4001) while dev rendered a page. */
const DEV_RENDER_HINT = 'A component threw while rendering this page: fix it and save. Until then the page shows its last good version, if it had one.';

/** A stylesheet's syntax error, for the overlay (the stylesheet compiled without the part it could not read). */
function stylesheetProblem(warning: StylesheetWarning, root: string): SitegenError {
  return new SitegenError('SG4004', warning.text, {
    location: { file: displayPath(warning.file, root), line: warning.line, column: warning.column },
    frame: warning.frame,
    hint: 'Fix the stylesheet: the rules after the error may be dropped or read differently until then.',
  });
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
  /** The documents the plan was made from (after `content:loaded`). */
  private planned: ContentDocument[] = [];
  /** Problems by source file: the last good document of that file keeps being served. */
  readonly problems = new Map<string, SitegenError[]>();
  /** The documents (metadata), and their bodies once parsed. */
  private readonly store = new DevDocuments(this.problems);
  /** Hashed image path in the output (`_sitegen/images/cat.1a2b3c4d5e.png`) → its source file. */
  imageFiles = new Map<string, string>();
  private mod!: RenderModule;
  private bundleFile = '';
  assets!: SiteAssets;
  private plan!: SitePlan;
  /** The pages rendered so far (a render that threw: the route's last good page, with the problem). */
  private readonly cache = new RenderedPages();
  pluginModules: PluginModule[] = [];
  hooks = new HookRunner([]);
  /** The real paths links may lead into: nothing is read or served outside them. */
  scope!: ProjectScope;
  /** Links out of the project (SG2010). */
  private readonly links: OutsideLinks;
  /** The build's link and anchor checks over the pages rendered so far. */
  private pageChecks = new DevLinkChecks();
  /** `lastUpdated: 'git'`: the content's commit dates as the session started (a commit made meanwhile shows after a restart). */
  private git?: GitDates;

  /** Files the template bundle was built from (layouts, components, pages, data). */
  templateInputs = new Set<string>();

  constructor(private readonly options: DevOptions) {
    this.links = new OutsideLinks(options.root, this.problems);
  }

  get root(): string {
    return this.options.root;
  }

  get publicDir(): string {
    return this.project.publicDir;
  }

  /** The document cache being written after start-up (awaited by `close`). */
  get saving(): Promise<void> | undefined {
    return this.store.saving;
  }

  /** The parsing workers closing after start-up (awaited by `close`). */
  get closing(): Promise<void> | undefined {
    return this.store.closing;
  }

  private get docs(): Map<string, ContentDocument> {
    return this.store.byFile;
  }

  /** Load everything: config, all documents (in the worker pool, or from the cache), templates, assets. */
  async start(): Promise<{ documents: number; pages: number }> {
    await this.init();
    return this.load();
  }

  /** The project: config and plugins (what the server needs to know what to watch). */
  /** Returns a line for each hook a plugin has by a name sitegen never calls. */
  async init(): Promise<string[]> {
    this.project = await loadProject(this.root);
    return unknownHooks(this.project.hooks.plugins);
  }

  /** Everything after `init`: documents, templates, assets, the plan; `parsing` is called once this thread is free. */
  async load(parsing?: () => void): Promise<{ documents: number; pages: number }> {
    const project = this.project;
    this.pluginModules = project.pluginModules;
    this.hooks = project.hooks;
    this.config = project.config;
    this.contentDir = project.contentDir;
    this.problems.clear();
    this.scope = projectScope(project);
    this.links.clear();
    const gitRead = project.config.lastUpdated === 'git' ? readGitDates(project.contentDir, project.cacheDir) : undefined;
    gitRead?.catch(() => undefined); // awaited below
    let compiled!: ReturnType<typeof compileTemplates>;
    // The templates and assets compile (esbuild, in its own process) while the workers parse.
    const meanwhile = () => {
      compiled = compileTemplates(project);
      compiled.catch(() => undefined); // awaited below
      // Import the bundle (React with it) as soon as it is compiled: this thread is idle while the workers parse.
      compiled.then((templates) => import(pathToFileURL(templates.bundle.file).href)).catch(() => undefined);
    };
    const refused = await this.store.load({ project, scope: this.scope, parsing, meanwhile });
    this.links.set(refused, this.contentDir);
    this.git = await gitRead;
    const dating = [...this.docs].flatMap(([file, doc]) => (wantsGitDate(doc) ? [this.relOf(file)] : []));
    const gitProblem = this.git && gitDatesProblem(this.git, dating, displayPath(this.contentDir, this.root));
    if (gitProblem) this.problems.set('(git)', [gitProblem]);
    await this.rebuildTemplates(await compiled);
    return { documents: this.docs.size, pages: this.plan.routes.length };
  }

  /** Content files added, changed or removed since `load` read them. */
  changedSinceLoad(): Promise<{ file: string; removed: boolean }[]> {
    return this.store.changedSinceLoad();
  }

  /** Recompile layouts, pages and assets (a template, style or island changed). */
  async rebuildTemplates(compiled?: Awaited<ReturnType<typeof compileTemplates>>): Promise<void> {
    const templates = compiled ?? (await compileTemplates(this.project));
    // Compiled: a compile error shown before is fixed.
    this.problems.delete('(templates)');
    this.setStylesheets(templates.assets);
    this.assets = templates.assets;
    if (templates.bundle.file !== this.bundleFile) {
      this.mod = (await import(pathToFileURL(templates.bundle.file).href)) as RenderModule;
      this.bundleFile = templates.bundle.file;
    }
    this.templateInputs = new Set(templates.bundle.inputs);
    await this.rebuildModel();
  }

  /** Recompile the stylesheets alone (only a stylesheet changed): the pages link them under their new names. */
  async rebuildStylesheets(): Promise<void> {
    const sheets = await buildStylesheets(styleDirs(this.root), this.project.cacheDir);
    this.setStylesheets(sheets);
    this.assets = { ...this.assets, css: sheets.css, pageCss: sheets.pageCss, warnings: sheets.warnings };
    await this.rebuildModel();
  }

  /** The stylesheets' syntax errors are shown until they are fixed. */
  private setStylesheets(sheets: Stylesheets): void {
    const problems = (sheets.warnings ?? []).map((w) => stylesheetProblem(w, this.root));
    if (problems.length) this.problems.set('(styles)', problems);
    else this.problems.delete('(styles)');
  }

  /** The plan (routes, collections, redirects, shared page data) from the current documents. */
  private async rebuildModel(): Promise<void> {
    let docs = this.documents().sort((a, b) => (a._stem < b._stem ? -1 : a._stem > b._stem ? 1 : 0));
    docs = await this.hooks.contentLoaded(docs);
    this.planned = docs;
    const authors = await readAuthors(this.project.dataDir, this.project.root);
    const { files: publicFiles, problems: refused } = existsSync(this.publicDir)
      ? await listPublicFiles(this.publicDir, this.root, this.scope)
      : { files: [], problems: [] };
    this.links.set(refused, this.publicDir);
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
      // Future posts render too, marked as scheduled by the clock (or SOURCE_DATE_EPOCH) when the plan is made.
      schedule: { now: resolveNow(), future: true },
      hasFavicon: publicFiles.some((f) => f.rel === 'favicon.svg'),
      publicFiles: publicFiles.map((f) => f.rel),
      bodyExtra: this.options.bodyExtra,
      images: images.manifest,
      strings: this.project.strings,
      lastPaths: this.plan?.paths,
    });
    if (images.problems.length) this.problems.set('(images)', images.problems);
    else this.problems.delete('(images)');
    this.problems.delete('(routes)');
    const routeProblems = [...this.plan.problems, ...this.plan.redirectProblems];
    if (routeProblems.length) this.problems.set('(routes)', routeProblems);
    this.cache.clear(this.plan.byPath);
  }

  /** The documents that include `file` (see markdown/includes.ts). */
  includedBy(file: string): string[] {
    return this.store.includedBy(file);
  }

  /** Every file a document includes. */
  included(): Set<string> {
    return this.store.included();
  }

  /** A file that documents include changed: they are parsed again. The routes whose output may differ, or `'*'`. */
  async includeChanged(file: string): Promise<string[] | '*'> {
    const routes: string[] = [];
    let all = false;
    for (const doc of this.store.includedBy(file)) {
      const changed = await this.contentChanged(doc, false);
      if (changed === '*') all = true;
      else routes.push(...changed);
    }
    return all ? '*' : routes;
  }

  /** A content file was added, changed or removed: the routes whose output may differ, or `'*'` for every page. */
  async contentChanged(file: string, removed: boolean): Promise<string[] | '*'> {
    const before = this.docs.get(file);
    // A file reached through a link out of the project is refused (SG2010) and not read.
    const outside = this.links.check(file, this.contentDir, removed, this.scope);
    if (outside && !before) return [];
    if (removed || outside) {
      this.store.remove(file);
      await this.rebuildModel();
      return '*';
    }
    const doc = await this.store.reparse(file, this.config.checks);
    if (doc === undefined) return [];
    if (doc === null) return before ? [before._path] : [];
    // A `content:loaded` hook sees every document after each change, as in a build: what it sets
    // on this one (or on others, from this one) is not in the document as parsed.
    if (!before || summaryKey(before) !== summaryKey(doc) || this.hooks.has('content:loaded')) {
      await this.rebuildModel();
      return '*';
    }
    if (imagesKey(before) !== imagesKey(doc) || JSON.stringify(before.sourceLinks ?? []) !== JSON.stringify(doc.sourceLinks ?? [])) {
      // It shows other images (to find or report missing, and copy), or its relative links changed: the plan resolves both.
      await this.rebuildModel();
      return [doc._path];
    }
    // Only the body changed: swap the document of its route, keep everything else.
    const dated = this.dated(file, doc);
    const at = this.planned.findIndex((d) => d._id === before._id);
    if (at >= 0) this.planned[at] = dated;
    const key = normalizeRoutePath(doc._path);
    const route = this.plan.byPath.get(key);
    if (route?.doc) {
      route.doc = dated;
      route.page = { ...route.page, toc: doc.body?.toc.links ?? [], wordCount: doc.wordCount, frontmatter: doc.frontmatter };
    }
    this.cache.delete(key);
    return [doc._path];
  }

  /**
   * A non-document file in the content or public folder changed: an image gets its new hashed name and size, and the
   * routes showing it are returned (`'*'` when a post's excerpt shows it, as the listings change too).
   */
  async fileChanged(file: string, removed: boolean): Promise<string[] | '*'> {
    this.links.check(file, file.startsWith(this.publicDir + sep) ? this.publicDir : this.contentDir, removed, this.scope);
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

  /** A document's body HTML: parsed on first use and kept while its source is unchanged. */
  body(doc: ContentDocument): Promise<string> {
    return this.store.body(doc);
  }

  /** A document as the content API serves it: the same JSON a build writes. */
  async apiDocument(doc: ContentDocument): Promise<Record<string, unknown>> {
    // The components a body uses, rendered as on its page (and as a build's content API has them).
    const html = async () => (doc.components ? expandComponents(this.mod, await this.body(doc)) : this.body(doc));
    return this.apiView({ ...doc, body: doc.body ? { ...doc.body, html: await html() } : doc.body });
  }

  /** A document as it is, in the content API's view (bodies as they are: live queries carry none). */
  apiView(doc: ContentDocument): Record<string, unknown> {
    return apiDocument(doc, { base: this.config.base, images: documentImages(doc, this.plan.model.shared.images), links: this.plan.sourceLinks.get(doc._id) });
  }

  /** Every current problem, for the error overlay: those whose check is `off` are left out, as in a build. */
  allProblems(): SitegenError[] {
    const { errors, warnings } = applyCheckLevels([...[...this.problems.values()].flat(), ...this.cache.problems()], this.config.checks);
    return [...errors, ...warnings];
  }

  redirectFor(path: string): Redirect | undefined {
    const key = normalizeRoutePath(path);
    return this.plan.redirects.get(key) ?? resolveRedirect(this.plan.matcher, key);
  }

  hasRoute(path: string): boolean {
    return this.plan.byPath.has(normalizeRoutePath(path));
  }

  /** The page if it is rendered and cached (for a render that threw, its last good version with the error), else undefined. */
  rendered(path: string): RenderedPage | undefined {
    return this.cache.get(normalizeRoutePath(path));
  }

  /**
   * Render a route (cached until something it shows changes; unknown paths get the 404 page) and check a fresh page's
   * links. A render that throws gives the route's last good page with the `error` (no HTML when it has none).
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
    const job = route ? jobFor(this.plan, route) : { ...jobFor(this.plan, notFoundFor(this.plan, key)), path: key, status: 404 };
    if (route?.doc?.body && !route.rejected) job.page = { ...job.page, html: await this.body(route.doc) };
    await this.store.ready();
    const page = await renderPage(this.mod, this.plan.model.shared, job, this.hooks);
    if (page.error) {
      const problem = atThrownSource(SitegenError.fromJSON(page.error), this.root, DEV_RENDER_HINT);
      return { page: this.cache.set(key, page, { problem, route: !!route }), fresh: false };
    }
    this.cache.set(key, page, { route: !!route });
    if (route) this.pageChecks.record(key, route, page, this.project.contentDir !== this.project.configuredContentDir);
    return { page, fresh: true };
  }

  /** The build's link and anchor checks (SG5001, SG5002) over the pages rendered so far. */
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

  /** What a plugin's `dev:files` sees: what `build:done` would, as the site is now (`mapBodies` aside: plugin-files.ts). */
  pluginContext(): Omit<DevFilesContext, 'mapBodies'> {
    const shared = this.plan.model.shared;
    return {
      config: this.config,
      site: shared.site,
      routes: this.plan.prerendered,
      documents: [...this.planned],
      body: async (doc) => ((await this.apiDocument(doc)).body as { html?: string } | undefined)?.html ?? '',
      posts: this.posts,
      locales: this.plan.model.locales.map((l) => ({ code: l.code, site: l.site, posts: apiPosts(l.posts, this.config.base) })),
      authors: shared.authors,
    };
  }

  /** The documents as parsed, with their dates from git (`lastUpdated: 'git'`). */
  documents(): ContentDocument[] {
    return this.git ? [...this.docs].map(([file, doc]) => this.dated(file, doc)) : [...this.docs.values()];
  }

  private relOf(file: string): string {
    return relative(this.contentDir, file).split(sep).join('/');
  }

  private dated(file: string, doc: ContentDocument): ContentDocument {
    return this.git ? withGitDate(doc, this.git, this.relOf(file)) : doc;
  }

  get navigation() {
    return this.plan.model.nav;
  }

  /** The blog listing as its content API file holds it. */
  get posts() {
    return apiPosts(this.plan.model.posts, this.config.base);
  }
}
