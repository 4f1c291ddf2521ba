/**
 * Render every route in the worker pool and write the whole output contract:
 * pages, payloads, 404.html, assets, redirects, the content API and the build manifests.
 */
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Author, PostSummary, SiteInfo } from '../../templates/types.ts';
import type { ResolvedConfig } from '../config/schema.ts';
import { routeToFile, routeToPayload } from '../content/paths.ts';
import type { PublicFile } from '../content/discover.ts';
import type { ContentDocument } from '../content/types.ts';
import { SitegenError } from '../errors.ts';
import type { Logger } from '../log.ts';
import { escapeHtml } from '../markdown/highlight.ts';
import type { SiteAssets } from '../output/assets.ts';
import { headersFile } from '../output/headers.ts';
import type { OutputFolder } from '../output/folder.ts';
import { NAVIGATION_KEY, POSTS_QUERY_KEY, documentQueryKey, latestJson, metaJson, queryHash, redirectHtml, redirectsFile } from '../output/manifest.ts';
import type { RenderModule } from '../render/render-page.ts';
import type { RenderJob, SharedRenderData } from '../render/types.ts';
import { expandDynamicRedirects, resolveRedirect, type Redirect, type RouteMatcher } from '../routes/rules.ts';
import { buildNavigation, collectPosts, computeNeighbours, computeRelated } from '../site/collections.ts';
import { checkLinks, type CheckedPage } from './checks.ts';
import { WorkerPool, batches, mapLimit } from './pool.ts';
import { documentPageData, type Route, type RouteTable } from './routes.ts';

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
  drafts: boolean;
  /**
   * `--content` replaced the site's content folder: the site's pages and layouts were written
   * for other content, so only links written in the documents are checked, and redirects
   * into the missing content only warn.
   */
  foreignContent: boolean;
  log: Logger;
  done: (message: string) => void;
}

export function siteInfo(config: ResolvedConfig): SiteInfo {
  const info: SiteInfo = { name: config.name, url: config.url, description: config.description, lang: config.lang, separator: config.separator, base: config.base, theme: config.theme };
  if (config.twitter) info.twitter = config.twitter;
  return info;
}

function runtimeScript(config: ResolvedConfig, src: string): string {
  const attrs: Record<string, string> = { type: 'module', src, 'data-sitegen': '', 'data-base': config.base, 'data-check-interval': String(config.checkInterval) };
  if (config.analytics) Object.assign(attrs, { 'data-analytics': config.analytics.provider, 'data-analytics-host': config.analytics.host, 'data-analytics-domain': config.analytics.domain });
  return `<script ${Object.entries(attrs).map(([k, v]) => (v === '' ? k : `${k}="${escapeHtml(v)}"`)).join(' ')}></script>`;
}

function builtinNotFound(): ContentDocument {
  return {
    _id: 'sitegen:404', _stem: '404', _path: '/404', _dir: '', _partial: false, _type: 'markdown', _source: '(built-in 404 page)',
    title: 'Page not found', description: '', navigation: false, draft: false, middleware: [], frontmatter: {},
    body: { toc: { title: '', depth: 3, searchDepth: 3, links: [] }, html: '<p>Page not found: <code data-missing-path="">/404</code></p>\n' },
    links: [], ids: [], wordCount: 0, readingTime: 0, isPost: false, hash: '',
  };
}

/** A route rejected by middleware renders the not-found page, with `Page Not Found: {path}`. */
export function notFoundJob(notFound: Route, path: string): RenderJob {
  const message = `Page Not Found: ${path}`;
  const page = { ...notFound.page, path, title: 'Page Not Found', frontmatter: { ...notFound.page.frontmatter, error: { statusCode: 404, message } } };
  if (page.kind === 'document') page.html = `<p>${escapeHtml(message)}</p>\n`;
  const job: RenderJob = { path, status: 404, layout: notFound.layout, page, related: [] };
  if (notFound.pageRoute) job.pageRoute = notFound.pageRoute;
  return job;
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
  const favicon = input.publicFiles.find((f) => f.rel === 'favicon.svg') ? `<link rel="icon" href="${base}/favicon.svg" type="image/svg+xml">\n` : '';
  const headHtml = `${favicon}${css ? `<link rel="stylesheet" href="${base}/${css.path}">\n` : ''}<link rel="modulepreload" href="${base}/${runtime.path}">`;

  // Collections, once per build
  const posts: PostSummary[] = collectPosts(input.docs, input.drafts);
  const nav = buildNavigation(input.docs, input.drafts);
  const neighbours = computeNeighbours(nav, config.theme.docsRoot, posts);
  const related = computeRelated(posts);
  const site = siteInfo(config);
  const shared: SharedRenderData = {
    buildId, site, nav, posts, authors: input.authors,
    indexable: config.indexable, trailingSlash: config.trailingSlash,
    headHtml, bodyEndHtml: runtimeScript(config, `${base}/${runtime.path}`), islands: islands.urls,
  };
  const sharedFile = join(input.cacheDir, 'render', `shared.${buildId}.json`);
  await mkdir(dirname(sharedFile), { recursive: true });
  await writeFile(sharedFile, JSON.stringify(shared));

  // The not-found page: the site's /404 page, or a built-in one in the default layout.
  const routes = [...table.routes];
  let notFound = routes.find((r) => r.path === '/404');
  if (!notFound) {
    const layout = input.mod.layouts.default ? 'default' : Object.keys(input.mod.layouts)[0];
    const page = documentPageData(builtinNotFound(), layout);
    notFound = { path: '/404', source: page.source, status: 404, layout, page, middleware: [] };
    routes.push(notFound);
  }

  // Render and write pages
  const jobs: RenderJob[] = routes.map((route) => {
    if (route.rejected) return notFoundJob(notFound, route.path);
    const n = neighbours.get(route.path);
    const job: RenderJob = { path: route.path, status: route.status, layout: route.layout, page: route.page, related: route.doc?.isPost ? related.get(route.path) ?? [] : [] };
    if (route.pageRoute) job.pageRoute = route.pageRoute;
    if (n?.prev) job.prev = n.prev;
    if (n?.next) job.next = n.next;
    return job;
  });
  const errors: SitegenError[] = [];
  const checked: CheckedPage[] = [];
  const sourceOf = new Map(routes.map((r) => [r.path, r]));
  const prerendered: string[] = [];
  const size = Math.max(8, Math.min(64, Math.ceil(jobs.length / (pool.size * 4))));
  await Promise.all(
    batches(jobs, size).map(async (batch) => {
      const rendered = await pool.render({ bundleFile: input.bundleFile, sharedFile, jobs: batch });
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
      }
    }),
  );
  prerendered.sort();
  done(`rendered ${jobs.length} pages`);

  // Redirects: document `redirect` fields, static rules and expanded dynamic rules
  const redirects = new Map<string, Redirect>();
  for (const r of table.redirects) redirects.set(r.from, { to: r.to, statusCode: 301 });
  for (const [from, rule] of Object.entries(matcher.static)) if (rule.redirect) redirects.set(from, rule.redirect);
  for (const [from, r] of expandDynamicRedirects(matcher, prerendered)) if (!redirects.has(from)) redirects.set(from, r);
  const routeSet = new Set(routes.map((r) => r.path));
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
    if (!external && !routeSet.has(to) && !publicSet.has(to) && !resolveRedirect(matcher, to)) {
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
  await mapLimit(input.publicFiles, 16, async (f) => {
    const target = join(folder.tempDir, f.rel);
    await mkdir(dirname(target), { recursive: true });
    await copyFile(f.file, target);
  });

  // Manifests
  await out.write('_sitegen/builds/latest.json', latestJson(buildId, input.timestamp));
  const manifestMatcher = { ...matcher, static: { ...matcher.static } };
  for (const [from, r] of redirects) manifestMatcher.static[from] ??= { redirect: r };
  await out.write(`_sitegen/builds/meta/${buildId}.json`, metaJson(buildId, input.timestamp, manifestMatcher, prerendered));
  done(`wrote ${redirects.size} redirects, ${apiDocs.length + 2} content API files and ${input.publicFiles.length} public files`);

  // Checks over the finished site
  const problems = checkLinks(checked, { routes: routeSet, redirects: new Set(redirects.keys()), files: new Set([...publicSet, '/_redirects', '/_headers', '/404.html']) }, config.checks);
  const warnings: SitegenError[] = [];
  for (const p of problems) {
    const level = p.code === 'SG5002' ? config.checks.anchors : config.checks.links;
    (level === 'warn' ? warnings : errors).push(p);
  }
  for (const w of warnings) log.warn(`${w.location?.file ?? ''} ${w.message}`);
  done(`checked links on ${checked.length} pages${problems.length ? ` (${problems.length} problems)` : ''}`);
  return { pages: checked.length, errors, warnings };
}
