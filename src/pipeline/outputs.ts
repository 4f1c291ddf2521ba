/**
 * What a build writes besides pages and per-document API files (the workers write those): assets, redirects,
 * `_headers`, the listing and navigation API files, public files and build manifests; then the plugins' `build:done`.
 */
import { PluginCacheFolder } from '../plugins/cache.ts';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Author } from '../../templates/types.ts';
import type { PublicFile } from '../content/discover.ts';
import type { ContentDocument } from '../content/types.ts';
import { routeToFile } from '../content/paths.ts';
import type { SitegenError } from '../errors.ts';
import type { SiteAssets } from '../output/assets.ts';
import { serverErrorHtml } from '../output/error-page.ts';
import { headersFile } from '../output/headers.ts';
import { mathAssetFiles } from '../output/math-assets.ts';
import { NAVIGATION_KEY, POSTS_QUERY_KEY, latestJson, localeNavigationKey, metaJson, queryHash, redirectHtml, redirectsFile } from '../output/manifest.ts';
import type { FsWriter } from '../output/writer.ts';
import type { BuiltPage } from '../plugins/types.ts';
import type { PluginModule } from '../plugins/load.ts';
import type { HookRunner } from '../plugins/run.ts';
import type { ResolvedConfig } from '../config/schema.ts';
import { unsafeRedirect } from '../routes/rules.ts';
import type { SitePlan } from './plan.ts';
import { manifestMatcher } from './plan.ts';
import { apiPosts } from './api.ts';
import { mapLimit } from '../map-limit.ts';
import { bodyOfApi } from '../body-worker.ts';
import { BodyThreads, mapBodies } from './body-threads.ts';

/** The site's assets, and KaTeX's stylesheet and fonts when a document has `math`. */
export async function writeAssets(out: FsWriter, assets: SiteAssets, math = false): Promise<void> {
  const { css, pageCss, runtime, islands } = assets;
  if (css) await out.write(css.path, css.contents);
  for (const sheet of pageCss) await out.write(sheet.path, sheet.contents);
  await out.write(runtime.path, runtime.contents);
  for (const file of runtime.files) await out.write(file.path, file.contents);
  for (const file of islands.files) await out.write(file.path, file.contents);
  if (math) for (const [path, contents] of mathAssetFiles()) await out.write(path, contents);
}

export interface OutputsInput {
  config: ResolvedConfig;
  out: FsWriter;
  plan: SitePlan;
  buildId: string;
  timestamp: number;
  publicFiles: PublicFile[];
}

/** Redirect pages, `_redirects`, `_headers`, the listing API files, public files and manifests. */
export async function writeOutputs(input: OutputsInput): Promise<{ redirects: number }> {
  const { config, out, plan, buildId } = input;
  const base = config.base.replace(/\/$/, '');
  for (const from of plan.redirectPages) {
    const r = plan.redirects.get(from)!;
    if (unsafeRedirect(r.to)) continue; // refused by the plan (SG3006): never written
    const external = /^[a-z]+:/i.test(r.to.split(/[?#]/)[0]);
    await out.write(routeToFile(from), redirectHtml(`${external ? '' : base}${r.to}`, external ? r.to : `${config.url}${base}${r.to}`));
  }
  const redirectText = redirectsFile(plan.matcher, plan.redirects, base);
  if (redirectText) await out.write('_redirects', redirectText);
  await out.write('_headers', headersFile(config.base));
  await out.write(
    '500.html',
    serverErrorHtml({ lang: config.lang, siteName: config.name, description: config.description, home: `${base}/`, headHtml: plan.model.shared.headHtml }),
  );
  await out.write(`api/_content/query/${queryHash(POSTS_QUERY_KEY)}.json`, JSON.stringify(apiPosts(plan.model.posts, config.base)));
  await out.write(`api/_content/navigation/${queryHash(NAVIGATION_KEY)}.json`, JSON.stringify(plan.model.nav));
  // Each other locale's own tree: its not-found page suggests its own pages first.
  for (const locale of plan.model.locales.slice(1))
    await out.write(`api/_content/navigation/${queryHash(localeNavigationKey(locale.code))}.json`, JSON.stringify(locale.nav));
  await mapLimit(input.publicFiles, 16, async (f) => out.write(f.rel, await readFile(f.file)));
  await out.write('_sitegen/builds/latest.json', latestJson(buildId, input.timestamp));
  await out.write(`_sitegen/builds/meta/${buildId}.json`, metaJson(buildId, input.timestamp, manifestMatcher(plan), plan.prerendered));
  return { redirects: plan.redirects.size };
}

export interface BuildDoneInput {
  config: ResolvedConfig;
  hooks: HookRunner;
  plan: SitePlan;
  buildId: string;
  pages: BuiltPage[];
  documents: ContentDocument[];
  authors: Record<string, Author>;
  out: FsWriter;
  outDir: string;
  /** The content API file of each document, relative to the output folder. */
  apiFiles: Map<string, string>;
  /** By document id: the key of its content API file (what its body is made from). */
  apiKeys?: Map<string, string>;
  /** Where the plugins' cache lives (`.sitegen-cache/`). */
  cacheDir: string;
  /** The plugins' modules: `mapBodies` is given a plugin's `import.meta.url` (its source), and runs what it compiled to. */
  plugins: PluginModule[];
  /** Threads `mapBodies` may use. */
  concurrency: number;
}

/** What `rel` is when sitegen itself writes it this build (a page, its payload, a content API file, an asset), else nothing. */
function sitegenFile(rel: string, written: Map<string, number>, pageFiles: Set<string>): string | undefined {
  if (pageFiles.has(rel)) return 'a page';
  if (/(^|\/)_payload\.json$/.test(rel) && pageFiles.has(rel.replace(/_payload\.json$/, 'index.html'))) return "a page's payload";
  if (!written.has(rel)) return undefined;
  if (rel.startsWith('api/_content/')) return 'a content API file';
  if (rel.startsWith('_sitegen/') || rel.startsWith('__island/')) return "one of sitegen's own files";
  return undefined;
}

/** The plugins' `build:done` hooks. Returns the files they wrote (paths from the root) and any error. */
export async function runBuildDone(input: BuildDoneInput): Promise<{ files: Set<string>; error?: SitegenError }> {
  const files = new Set<string>();
  if (!input.hooks.has('build:done')) return { files };
  const threads = new BodyThreads(input.concurrency);
  // At most 32 bodies read at once, however many a plugin asks for.
  let active = 0;
  const waiting: (() => void)[] = [];
  const limited = async <T>(fn: () => Promise<T>): Promise<T> => {
    if (active >= 32) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await fn();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
  const pages = [...input.pages].sort((a, b) => (a.path < b.path ? -1 : 1));
  const cache = new PluginCacheFolder(join(input.cacheDir, 'plugins'));
  const posts = apiPosts(input.plan.model.posts, input.config.base);
  const pageFiles = new Set(['404.html', '500.html', ...pages.map((page) => `${page.path.replace(/^\/+|\/+$/g, '')}/index.html`.replace(/^\//, ''))]);
  try {
    await input.hooks.run('build:done', () => [
      {
        config: input.config,
        site: input.plan.model.shared.site,
        buildId: input.buildId,
        pages,
        documents: input.documents,
        posts,
        locales: input.plan.model.locales.map((l, i) => ({ code: l.code, site: l.site, posts: i === 0 ? posts : apiPosts(l.posts, input.config.base) })),
        authors: input.authors,
        outDir: input.outDir,
        // Bodies stay out of the main thread until a plugin asks: read back from the content API file, written by now.
        body: async (doc: ContentDocument) => {
          const file = input.apiFiles.get(doc._id);
          if (!file) return doc.body?.html ?? '';
          return limited(async () => bodyOfApi(await readFile(join(input.outDir, file), 'utf8')));
        },
        bodyKey: (doc: ContentDocument) => input.apiKeys?.get(doc._id),
        mapBodies: <T>(docs: ContentDocument[], fn: { module: string; name: string }, arg?: unknown) =>
          mapBodies<T>(
            threads,
            input.plugins,
            docs.map((doc) => input.apiFiles.get(doc._id) ?? { html: doc.body?.html ?? '' }),
            fn,
            arg,
            input.outDir,
          ),
        write: async (path: string, data: string | Uint8Array) => {
          const rel = path.replace(/^\/+/, '');
          const owner = sitegenFile(rel, input.out.written, pageFiles);
          if (owner)
            throw new Error(
              `Refusing to write ${JSON.stringify(rel)} over ${owner}: change a page in "page:html", and give a file of your own a path of its own`,
            );
          files.add(`/${rel}`);
          await input.out.write(rel, data);
        },
        cache,
      },
    ]);
  } catch (error) {
    return { files, error: error as SitegenError };
  } finally {
    await threads.close();
  }
  await cache.prune();
  return { files };
}
