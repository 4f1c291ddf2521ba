/**
 * Render every route in the worker pool and write the whole output contract:
 * pages, payloads, 404.html, assets, redirects, the content API and the build manifests.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Author } from '../../templates/types.ts';
import type { ResolvedConfig } from '../config/schema.ts';
import { routeToFile, routeToPayload } from '../content/paths.ts';
import type { PublicFile } from '../content/discover.ts';
import type { ContentDocument } from '../content/types.ts';
import { SitegenError, applyCheckLevels, formatLocation } from '../errors.ts';
import type { Logger } from '../log.ts';
import type { SiteAssets } from '../output/assets.ts';
import { headersFile } from '../output/headers.ts';
import type { OutputFolder } from '../output/folder.ts';
import { NAVIGATION_KEY, POSTS_QUERY_KEY, documentQueryKey, latestJson, metaJson, queryHash, redirectHtml, redirectsFile } from '../output/manifest.ts';
import type { RenderModule } from '../render/render-page.ts';
import { expandDynamicRedirects, resolveRedirect, type Redirect, type RouteMatcher } from '../routes/rules.ts';
import { buildSiteModel, ensureBlogIndex, ensureHomePage, ensureNotFound, renderJob } from '../site/model.ts';
import { checkLinks, type CheckedPage } from './checks.ts';
import type { HookRunner } from '../plugins/run.ts';
import type { PluginModule } from '../plugins/load.ts';
import type { BuiltPage } from '../plugins/types.ts';
import { WorkerPool, batches, mapLimit } from './pool.ts';
import type { RouteTable } from './routes.ts';

export interface WriteSiteInput {
  config: ResolvedConfig;
  folder: OutputFolder;
  pool: WorkerPool;
  mod: RenderModule;
  bundleFile: string;
  cacheDir: string;
  buildId: string;
  timestamp: number;
  docs: ContentDocument[];
  table: RouteTable;
  matcher: RouteMatcher;
  authors: Record<string, Author>;
  publicDir: string;
  publicFiles: PublicFile[];
  assets: SiteAssets;
  hooks: HookRunner;
  pluginModules: PluginModule[];
  drafts: boolean;
  /**
   * `--content` replaced the site's content folder: the site's pages and layouts were written
   * for other content, so only links written in the documents are checked, and redirects
   * into the missing content only warn.
   */
  foreignContent: boolean;
  /** Routes of documents that failed earlier checks: links to them are not reported again. */
  skippedRoutes: string[];
  log: Logger;
  done: (message: string) => void;
}

/** The content API's view of a document: everything but build internals. */
function apiDocument(doc: ContentDocument): Record<string, unknown> {
  const { links: _links, ids: _ids, hash: _hash, ...rest } = doc;
  return rest;
}

export async function writeSite(input: WriteSiteInput): Promise<{ pages: number; errors: SitegenError[]; warnings: SitegenError[] }> {
  const { config, folder, pool, buildId, table, matcher, log, done } = input;
  const out = folder.writer;
  const base = config.base.replace(/\/$/, '');

  // Assets
  const { css, runtime, islands } = input.assets;
  if (css) await out.write(css.path, css.contents);
  await out.write(runtime.path, runtime.contents);
  for (const file of islands.files) await out.write(file.path, file.contents);

  // Collections and shared page data, once per build
  const model = buildSiteModel({
    config, docs: input.docs, authors: input.authors, assets: input.assets, buildId, drafts: input.drafts,
    hasFavicon: input.publicFiles.some((f) => f.rel === 'favicon.svg'),
  });
  const sharedFile = join(input.cacheDir, 'render', `shared.${buildId}.json`);
  await mkdir(dirname(sharedFile), { recursive: true });
  await writeFile(sharedFile, JSON.stringify(model.shared));

  // Render and write pages
  const routes = [...table.routes];
  const notFound = ensureNotFound(routes, Object.keys(input.mod.layouts));
  ensureBlogIndex(routes, model.posts, Object.keys(input.mod.layouts), config.blogDir);
  ensureHomePage(routes, model, Object.keys(input.mod.layouts), config.description);
  const jobs = routes.map((route) => renderJob(route, model, notFound));
  const posts = model.posts;
  const nav = model.nav;
  const errors: SitegenError[] = [];
  const checked: CheckedPage[] = [];
  const sourceOf = new Map(routes.map((r) => [r.path, r]));
  const prerendered: string[] = [];
  const built: BuiltPage[] = [];
  const size = Math.max(8, Math.min(64, Math.ceil(jobs.length / (pool.size * 4))));
  // A few batches per worker in flight: workers stay busy, and rendered pages are written and
  // dropped as they arrive instead of piling up in memory.
  await mapLimit(batches(jobs, size), pool.size * 2, async (batch) => {
    {
      const rendered = await pool.render({ bundleFile: input.bundleFile, sharedFile, jobs: batch, plugins: input.pluginModules });
      for (const page of rendered) {
        const route = sourceOf.get(page.path)!;
        if (page.error) {
          errors.push(SitegenError.fromJSON(page.error));
          continue;
        }
        await out.write(routeToFile(page.path), page.html);
        await out.write(routeToPayload(page.path), page.payload);
        for (const island of page.islands) await out.write(island.file, island.json);
        if (page.path === '/404') await out.write('404.html', page.html);
        if (page.status === 200) prerendered.push(page.path);
        const links = input.foreignContent ? route.doc?.links.map((l) => l.href) ?? [] : page.links;
        checked.push({ path: page.path, source: route.source, links, ids: new Set(page.ids), sourceLinks: route.doc?.links });
        if (page.status === 200 && page.summary) built.push({ path: page.path, ...page.summary });
      }
    }
  });
  prerendered.sort();
  done(`rendered ${jobs.length} pages`);

  // Redirects: document `redirect` fields, static rules and expanded dynamic rules
  const redirects = new Map<string, Redirect>();
  for (const r of table.redirects) redirects.set(r.from, { to: r.to, statusCode: 301 });
  for (const [from, rule] of Object.entries(matcher.static)) if (rule.redirect) redirects.set(from, rule.redirect);
  for (const [from, r] of expandDynamicRedirects(matcher, prerendered)) if (!redirects.has(from)) redirects.set(from, r);
  const routeSet = new Set(routes.map((r) => r.path));
  // Routes of documents that failed an earlier check still count as targets: no follow-on noise.
  const knownRoutes = new Set([...routeSet, ...input.skippedRoutes]);
  const publicSet = new Set(input.publicFiles.map((f) => `/${f.rel}`));
  for (const [from, r] of redirects) {
    const source = table.redirects.find((d) => d.from === from)?.source ?? 'site/config.ts';
    if (routeSet.has(from)) {
      errors.push(new SitegenError('SG3001', `Redirect from ${from} collides with a page at the same route`, { location: { file: source }, hint: 'Remove the redirect or the page.' }));
      continue;
    }
    // Follow the chain to find loops and dead ends.
    const seen = new Set([from]);
    let to = r.to.split(/[?#]/)[0];
    while (redirects.has(to) && !seen.has(to)) {
      seen.add(to);
      to = redirects.get(to)!.to.split(/[?#]/)[0];
    }
    if (seen.has(to)) {
      errors.push(new SitegenError('SG3003', `Redirect loop: ${[...seen, to].join(' → ')}`, { location: { file: source }, hint: 'Point one of these redirects at a page.' }));
      continue;
    }
    const external = /^[a-z]+:/i.test(to);
    if (!external && !knownRoutes.has(to) && !publicSet.has(to) && !resolveRedirect(matcher, to)) {
      if (input.foreignContent) continue;
      errors.push(new SitegenError('SG3004', `Redirect from ${from} points to ${r.to}, which is not a page`, { location: { file: source }, hint: 'Point the redirect at an existing route or an absolute URL.' }));
      continue;
    }
    await out.write(routeToFile(from), redirectHtml(`${external ? '' : base}${r.to}`, external ? r.to : `${config.url}${r.to}`));
  }
  const redirectText = redirectsFile(matcher, redirects);
  if (redirectText) await out.write('_redirects', redirectText);
  await out.write('_headers', headersFile());

  // Content API: one query per document, the posts listing, the navigation tree
  const apiDocs = input.docs.filter((d) => input.drafts || !d.draft);
  await mapLimit(apiDocs, 32, (doc) => out.write(`api/_content/query/${queryHash(documentQueryKey(doc._path))}.${buildId}.json`, JSON.stringify(apiDocument(doc))));
  await out.write(`api/_content/query/${queryHash(POSTS_QUERY_KEY)}.${buildId}.json`, JSON.stringify(posts));
  await out.write(`api/_content/navigation/${queryHash(NAVIGATION_KEY)}.${buildId}.json`, JSON.stringify(nav));

  // Public files
  await mapLimit(input.publicFiles, 16, async (f) => out.write(f.rel, await readFile(f.file)));

  // Manifests
  await out.write('_sitegen/builds/latest.json', latestJson(buildId, input.timestamp));
  const manifestMatcher = { ...matcher, static: { ...matcher.static } };
  for (const [from, r] of redirects) manifestMatcher.static[from] ??= { redirect: r };
  await out.write(`_sitegen/builds/meta/${buildId}.json`, metaJson(buildId, input.timestamp, manifestMatcher, prerendered));
  done(`wrote ${redirects.size} redirects, ${apiDocs.length + 2} content API files and ${input.publicFiles.length} public files`);

  // Plugins add their outputs (sitemap, feeds, search index …) to the same folder.
  const pluginFiles = new Set<string>();
  built.sort((a, b) => (a.path < b.path ? -1 : 1));
  try {
    await input.hooks.run('build:done', () => [{
      config, site: model.shared.site, buildId, pages: built, documents: apiDocs, posts: model.posts, authors: input.authors, outDir: folder.tempDir,
      write: async (path: string, data: string | Uint8Array) => {
        pluginFiles.add(`/${path.replace(/^\/+/, '')}`);
        await out.write(path.replace(/^\/+/, ''), data);
      },
    }]);
  } catch (error) {
    errors.push(error as SitegenError);
  }

  // Checks over the finished site
  const problems = checkLinks(checked, { routes: knownRoutes, redirects: new Set(redirects.keys()), files: new Set([...publicSet, ...pluginFiles, '/_redirects', '/_headers', '/404.html']) }, config.checks);
  const levelled = applyCheckLevels([...errors, ...problems], config.checks);
  for (const w of levelled.warnings) log.warn(`${formatLocation(w.location)} [${w.code}] ${w.message}`);
  done(`checked links on ${checked.length} pages${problems.length ? ` (${problems.length} problems)` : ''}`);
  return { pages: checked.length, errors: levelled.errors, warnings: levelled.warnings };
}
