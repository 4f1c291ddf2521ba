/**
 * The state behind `sitegen dev`: the whole site in memory, updated file by file.
 *
 * An edited document is re-parsed alone. When only its body changed, only its page is stale;
 * when something listings or navigation show changed (title, date, order, tags, draft …), the
 * site model is rebuilt and every page is stale. Pages render on demand and are cached, so an
 * edit costs one parse plus the pages someone is looking at, whatever the size of the site.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type MarkdownIt from 'markdown-it';
import { loadConfig } from '../config/load.ts';
import type { ResolvedConfig } from '../config/schema.ts';
import { discoverContent, displayPath } from '../content/discover.ts';
import { normalizeRoutePath } from '../content/paths.ts';
import { parseDocument } from '../content/parse.ts';
import type { ContentDocument, SourceFile } from '../content/types.ts';
import { SitegenError } from '../errors.ts';
import { hashText } from '../hash.ts';
import { createMarkdown } from '../markdown/index.ts';
import { initHighlighter } from '../markdown/highlight.ts';
import { buildRuntime, buildStylesheet, type SiteAssets } from '../output/assets.ts';
import { buildIslands, findIslands } from '../output/islands.ts';
import { TEMPLATES_DIR } from '../paths.ts';
import { bundleTemplates, findTemplateSources } from '../render/bundle.ts';
import { renderPage, type RenderModule } from '../render/render-page.ts';
import type { RenderedPage } from '../render/types.ts';
import { createMatcher, resolveRedirect, type Redirect, type RouteMatcher } from '../routes/rules.ts';
import { buildRouteTable, type PageModuleInfo, type Route } from '../build/routes.ts';
import { runMiddleware } from '../build/middleware.ts';
import { WorkerPool, batches, defaultConcurrency } from '../build/pool.ts';
import { readAuthors } from '../site/data.ts';
import { compilePlugins, instantiatePlugins, pluginRefs, type PluginModule } from '../plugins/load.ts';
import { HookRunner } from '../plugins/run.ts';
import { buildSiteModel, ensureBlogIndex, ensureHomePage, ensureNotFound, renderJob, type SiteModel } from '../site/model.ts';

export const DEV_BUILD_ID = 'dev';

/** The fields of a document that listings and navigation show. */
function summaryKey(doc: ContentDocument | undefined): string {
  if (!doc) return '';
  const fm = doc.frontmatter;
  return JSON.stringify([doc._path, doc.title, doc.description, doc.date, doc.updated, doc.draft, doc.navigation, doc.redirect, doc.layout, doc.excerpt, doc.readingTime, fm.order, fm.level, fm.tags, fm.categories, fm.author, doc.middleware]);
}

export interface DevOptions {
  root: string;
  /** HTML added to every page (the live-reload client). */
  bodyExtra: string;
}

export class DevSession {
  config!: ResolvedConfig;
  contentDir = '';
  private md!: MarkdownIt;
  private docs = new Map<string, ContentDocument>();
  /** Problems by source file: the last good document of that file keeps being served. */
  readonly problems = new Map<string, SitegenError[]>();
  private mod!: RenderModule;
  private bundleFile = '';
  assets!: SiteAssets;
  private model!: SiteModel;
  private routes = new Map<string, Route>();
  private notFound!: Route;
  private matcher!: RouteMatcher;
  private redirects = new Map<string, Redirect>();
  private cache = new Map<string, RenderedPage>();
  pluginModules: PluginModule[] = [];
  hooks = new HookRunner([]);
  /** Files the template bundle was built from (layouts, components, pages, data). */
  templateInputs = new Set<string>();

  constructor(private readonly options: DevOptions) {}

  get root(): string {
    return this.options.root;
  }

  get publicDir(): string {
    return resolve(this.root, this.config.publicDir);
  }

  /** Load everything: config, all documents (in the worker pool), templates, assets. */
  async start(): Promise<{ documents: number; pages: number }> {
    const loaded = await loadConfig(this.root);
    this.pluginModules = await compilePlugins(pluginRefs(loaded.config.plugins), this.root, join(this.root, '.sitegen-cache'));
    this.hooks = new HookRunner(await instantiatePlugins(this.pluginModules));
    const config = (await this.hooks.run('config:resolved', (previous) => [previous ?? loaded.config])) ?? loaded.config;
    this.config = config;
    this.contentDir = resolve(this.root, config.contentDir);
    await initHighlighter();
    this.md = createMarkdown(config.markdown, (md) => this.hooks.runSync('markdown', md));
    this.docs.clear();
    this.problems.clear();
    const sources = await discoverContent(this.contentDir, this.root);
    const pool = new WorkerPool(defaultConcurrency());
    try {
      const results = (await Promise.all(batches(sources, 48).map((files) => pool.parse({ files, options: this.parseOptions(), plugins: this.pluginModules })))).flat();
      results.forEach((result, i) => {
        if (result.doc) this.docs.set(sources[i].file, result.doc);
        if (result.errors.length) this.problems.set(sources[i].file, result.errors.map(SitegenError.fromJSON));
      });
    } finally {
      await pool.destroy();
    }
    await this.rebuildTemplates();
    return { documents: this.docs.size, pages: this.routes.size };
  }

  private parseOptions() {
    const c = this.config;
    return { blogDir: c.blogDir, locales: c.locales, defaultLocale: c.defaultLocale, markdown: c.markdown };
  }

  /** Recompile layouts, pages and assets (a template, style or island changed). */
  async rebuildTemplates(): Promise<void> {
    const cacheDir = join(this.root, '.sitegen-cache');
    const sources = await findTemplateSources(TEMPLATES_DIR, resolve(this.root, this.config.pagesDir));
    for (const plugin of this.hooks.plugins) for (const [name, file] of Object.entries(plugin.layouts ?? {})) sources.layouts.set(name, file);
    const [bundle, css, runtime, islands] = await Promise.all([
      bundleTemplates(sources, this.root, cacheDir),
      buildStylesheet([join(TEMPLATES_DIR, 'styles'), resolve(this.root, 'site/styles')]),
      buildRuntime(),
      findIslands([join(TEMPLATES_DIR, 'islands'), resolve(this.root, 'site/islands')]).then((found) => {
        for (const plugin of this.hooks.plugins) for (const [name, file] of Object.entries(plugin.islands ?? {})) found.set(name, file);
        return buildIslands(found, cacheDir, this.config.base.replace(/\/$/, ''));
      }),
    ]);
    this.assets = { css, runtime, islands };
    if (bundle.file !== this.bundleFile) {
      this.mod = (await import(pathToFileURL(bundle.file).href)) as RenderModule;
      this.bundleFile = bundle.file;
    }
    this.templateInputs = new Set(bundle.inputs.map((f) => resolve(f)));
    await this.rebuildModel();
  }

  /** Collections, routes and shared page data from the current documents. */
  private async rebuildModel(): Promise<void> {
    let docs = [...this.docs.values()].sort((a, b) => (a._stem < b._stem ? -1 : a._stem > b._stem ? 1 : 0));
    docs = (await this.hooks.run('content:loaded', (previous) => [previous ?? docs])) ?? docs;
    const authors = await readAuthors(resolve(this.root, this.config.dataDir));
    this.model = buildSiteModel({
      config: this.config, docs, authors, assets: this.assets, buildId: DEV_BUILD_ID, drafts: true,
      hasFavicon: existsSync(join(this.publicDir, 'favicon.svg')), bodyExtra: this.options.bodyExtra,
    });
    const pages: PageModuleInfo[] = Object.entries(this.mod.pages).map(([route, entry]) => ({ route, file: entry.file, meta: { ...(entry.module.meta ?? {}) } }));
    const table = buildRouteTable(pages, docs, { docsRoot: this.config.theme.docsRoot, layouts: Object.keys(this.mod.layouts), drafts: true });
    const routeProblems = [...table.errors, ...(await runMiddleware(table.routes, this.config))];
    this.problems.delete('(routes)');
    if (routeProblems.length) this.problems.set('(routes)', routeProblems);
    const routes = [...table.routes];
    this.notFound = ensureNotFound(routes, Object.keys(this.mod.layouts));
    ensureBlogIndex(routes, this.model.posts, Object.keys(this.mod.layouts), this.config.blogDir);
    ensureHomePage(routes, this.model, Object.keys(this.mod.layouts), this.config.description);
    this.routes = new Map(routes.map((r) => [normalizeRoutePath(r.path), r]));
    this.matcher = createMatcher(this.config.routeRules);
    this.redirects = new Map(table.redirects.map((r) => [normalizeRoutePath(r.from), { to: r.to, statusCode: 301 as const }]));
    this.cache.clear();
  }

  /**
   * A content file was added, changed or removed. Returns the routes whose output may differ:
   * `'*'` when every page may have changed.
   */
  async contentChanged(file: string, removed: boolean): Promise<string[] | '*'> {
    const before = this.docs.get(file);
    if (removed) {
      this.docs.delete(file);
      this.problems.delete(file);
      await this.rebuildModel();
      return '*';
    }
    const source: SourceFile = { file, rel: relative(this.contentDir, file).split('\\').join('/'), display: displayPath(file, this.root) };
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      return [];
    }
    if (before && before.hash === hashText(text)) {
      // Back to the last good version (after a broken save, say): nothing to re-render.
      this.problems.delete(file);
      return [];
    }
    const result = parseDocument(source, text, this.md, this.parseOptions());
    if (result.errors.length) this.problems.set(file, result.errors.map(SitegenError.fromJSON));
    else this.problems.delete(file);
    if (!result.doc || result.errors.length) return before ? [before._path] : [];
    this.docs.set(file, result.doc);
    if (!before || summaryKey(before) !== summaryKey(result.doc)) {
      await this.rebuildModel();
      return '*';
    }
    // Only the body changed: swap the page data of its route, keep everything else.
    const key = normalizeRoutePath(result.doc._path);
    const route = this.routes.get(key);
    if (route?.doc) {
      route.doc = result.doc;
      route.page = { ...route.page, html: result.doc.body?.html ?? '', toc: result.doc.body?.toc.links ?? [], wordCount: result.doc.wordCount, frontmatter: result.doc.frontmatter };
    }
    this.cache.delete(key);
    return [result.doc._path];
  }

  /** Every current problem, for the error overlay. */
  allProblems(): SitegenError[] {
    return [...this.problems.values()].flat();
  }

  redirectFor(path: string): Redirect | undefined {
    return this.redirects.get(normalizeRoutePath(path)) ?? resolveRedirect(this.matcher, normalizeRoutePath(path));
  }

  hasRoute(path: string): boolean {
    return this.routes.has(normalizeRoutePath(path));
  }

  /** Render a route (cached until something it shows changes); unknown paths get the 404 page. */
  async render(path: string): Promise<RenderedPage> {
    const key = normalizeRoutePath(path);
    const hit = this.cache.get(key);
    if (hit) return hit;
    const route = this.routes.get(key);
    const job = route ? renderJob(route, this.model, this.notFound) : { ...renderJob(this.notFound, this.model, this.notFound), path: key, status: 404 };
    const page = await renderPage(this.mod, this.model.shared, job, this.hooks);
    if (!page.error) this.cache.set(key, page);
    return page;
  }

  /** The dev build manifest: every route prerenderable, redirects in the matcher. */
  manifest(): { id: string; timestamp: number; matcher: RouteMatcher; prerendered: string[] } {
    const matcher = { ...this.matcher, static: { ...this.matcher.static } };
    for (const [from, redirect] of this.redirects) matcher.static[from] ??= { redirect };
    const prerendered = [...this.routes.values()].filter((r) => r.status === 200).map((r) => r.path).sort();
    return { id: DEV_BUILD_ID, timestamp: 0, matcher, prerendered };
  }

  documents(): ContentDocument[] {
    return [...this.docs.values()];
  }

  get navigation() {
    return this.model.nav;
  }

  get posts() {
    return this.model.posts;
  }
}
