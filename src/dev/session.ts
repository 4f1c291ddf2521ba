/**
 * The state behind `sitegen dev`: the build's pipeline (project, templates, plan) kept in memory and updated file by file,
 * so an edit costs one parse plus the pages someone is looking at, whatever the size of the site.
 */
import { sep } from 'node:path';
import type { ResolvedConfig } from '../config/schema.ts';
import { displayPath } from '../content/discover.ts';
import { logoProblems } from '../output/logo-check.ts';
import { projectScope, type ProjectScope } from '../content/scope.ts';
import { normalizeRoutePath } from '../content/paths.ts';
import type { ContentDocument } from '../content/types.ts';
import { SitegenError, applyCheckLevels } from '../errors.ts';
import type { SiteAssets } from '../output/assets.ts';
import { renderPage } from '../render/render-page.ts';
import { atThrownSource } from '../render/stack-source.ts';
import type { RenderedPage } from '../render/types.ts';
import { resolveRedirect, type Redirect, type RouteMatcher } from '../routes/rules.ts';
import type { PluginModule } from '../plugins/load.ts';
import { HookRunner } from '../plugins/run.ts';
import { unknownHooks } from '../plugins/checks.ts';
import type { DevFilesContext } from '../plugins/types.ts';
import { loadProject, type Project } from '../pipeline/project.ts';
import { jobFor, manifestMatcher, notFoundFor, type SitePlan } from '../pipeline/plan.ts';
import { localeNavigationKey, queryHash } from '../content/query-key.ts';
import { documentImages, hashImage, imageKeys, loadImage } from '../output/images.ts';
import { apiDocument, apiPosts } from '../pipeline/api.ts';
import { expandComponents } from '../render/components.ts';
import { summaryKey, imagesKey } from './changes.ts';
import { DevLinkChecks } from './link-checks.ts';
import { OutsideLinks } from './outside-links.ts';
import { DevDocuments } from './documents.ts';
import { RenderedPages } from './pages.ts';
import { planDev } from './plan.ts';
import { DevTemplates } from './templates.ts';

export const DEV_BUILD_ID = 'dev';

/** What to do about a component that threw (SG4001) while dev rendered a page. */
const DEV_RENDER_HINT = 'A component threw while rendering this page: fix it and save. Until then the page shows its last good version, if it had one.';

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
  /** Images the site's pages, layouts and components show (`<Image src>` literals), by key: a change re-plans. */
  private templateImages = new Set<string>();
  /** The template bundle and assets pages render with. */
  private readonly templates: DevTemplates;
  /** The site as planned; none before the templates first compile (see `ready`). */
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

  constructor(private readonly options: DevOptions) {
    this.links = new OutsideLinks(options.root, this.problems);
    this.templates = new DevTemplates(options.root, this.problems);
  }

  get root(): string {
    return this.options.root;
  }

  get publicDir(): string {
    return this.project.publicDir;
  }

  /**
   * Whether there is a site to serve. Not until the templates first compile and the site is planned: a start-up whose
   * templates fail waits for the fix, its problem shown in place of every page (handler.ts), each change trying again.
   */
  get ready(): boolean {
    return this.plan !== undefined;
  }

  get assets(): SiteAssets {
    return this.templates.assets;
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

  /** The project: config and plugins (what the server needs to know what to watch); a line for each unknown hook a plugin has. */
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
    // The templates and assets compile (esbuild, in its own process) and the bundle is imported while the workers parse.
    const meanwhile = () => this.templates.prepare(project);
    const refused = await this.store.load({ project, scope: this.scope, parsing, meanwhile });
    this.links.set(refused, this.contentDir);
    try {
      await this.rebuildTemplates();
    } catch (error) {
      // With no site yet, dev waits for the templates' fix (see `ready`); with one, a restart keeps it, as any change does.
      if (this.ready || !(error instanceof SitegenError)) throw error;
      this.problems.set('(templates)', [error]);
    }
    return { documents: this.docs.size, pages: this.ready ? this.plan.routes.length : 0 };
  }

  /** Content files added, changed or removed since `load` read them. */
  changedSinceLoad(): Promise<{ file: string; removed: boolean }[]> {
    return this.store.changedSinceLoad();
  }

  /** Recompile layouts, pages and assets (a template, style or island changed), then plan the site. */
  async rebuildTemplates(): Promise<void> {
    await this.templates.compile(this.project);
    await this.makePlan();
  }

  /** Recompile the stylesheets alone (only a stylesheet changed): the pages link them under their new names. */
  async rebuildStylesheets(): Promise<void> {
    if (!this.ready) return this.rebuildTemplates();
    await this.templates.restyle(this.project);
    await this.makePlan();
  }

  /** The plan again from the current documents; with no site yet, the templates are compiled again first. */
  private rebuildModel(): Promise<void> {
    return this.ready ? this.makePlan() : this.rebuildTemplates();
  }

  /** The plan (routes, collections, redirects, shared page data) from the current documents. */
  private async makePlan(): Promise<void> {
    const { bodyExtra } = this.options;
    const made = await planDev({
      project: this.project,
      docs: this.documents(),
      templates: this.templates,
      scope: this.scope,
      bodyExtra,
      lastPaths: this.plan?.paths,
    });
    this.planned = made.docs;
    this.plan = made.plan;
    this.imageFiles = made.imageFiles;
    this.templateImages = made.templateImages;
    this.links.set(made.refused, this.publicDir);
    this.setProblems('(images)', [...made.imageProblems, ...logoProblems(this.project)]);
    this.setProblems('(routes)', made.routeProblems);
    this.cache.clear(this.plan.byPath);
  }

  private setProblems(key: string, problems: SitegenError[]): void {
    if (problems.length) this.problems.set(key, problems);
    else this.problems.delete(key);
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
    if (!this.ready || !before || summaryKey(before) !== summaryKey(doc) || this.hooks.has('content:loaded')) {
      await this.rebuildModel();
      return '*';
    }
    if (imagesKey(before) !== imagesKey(doc) || JSON.stringify(before.sourceLinks ?? []) !== JSON.stringify(doc.sourceLinks ?? [])) {
      // It shows other images (to find or report missing, and copy), or its relative links changed: the plan resolves both.
      await this.rebuildModel();
      return [doc._path];
    }
    // Only the body changed: swap the document of its route, keep everything else.
    const dated = this.store.dated(file, doc);
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
    if (!showing.length && this.templateImages.has(key)) {
      // A page, layout or component shows it (`<Image src="/…">`): which routes that reaches is not known here.
      await this.rebuildModel();
      return '*';
    }
    if (!showing.length) return [];
    const images = this.ready ? this.plan.model.shared.images : undefined;
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
    const html = async () => (doc.components ? expandComponents(this.templates.mod, await this.body(doc)) : this.body(doc));
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
    const page = await renderPage(this.templates.mod, this.plan.model.shared, job, this.hooks);
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
    this.setProblems('(checks)', problems);
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
    return this.store.documents();
  }

  get navigation() {
    return this.plan.model.nav;
  }

  /** The navigation tree a `navigation/<hash>.json` names: a locale's own (localeNavigationKey), else the site's. */
  navigationOf(hash: string) {
    return this.plan.model.locales.slice(1).find((locale) => queryHash(localeNavigationKey(locale.code)) === hash)?.nav ?? this.plan.model.nav;
  }

  /** The blog listing as its content API file holds it. */
  get posts() {
    return apiPosts(this.plan.model.posts, this.config.base);
  }
}
