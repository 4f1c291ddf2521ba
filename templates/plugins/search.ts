/**
 * Site search, built at build time: a MiniSearch index of the docs and the blog, and a small
 * browser client that loads it only when someone starts searching (first focus of a search box).
 *
 *   plugins: [..., 'react-sitegen/plugins/search']   or   [['react-sitegen/plugins/search', { include: ['/v1/'] }]]
 *
 * Every page gets `<meta name="sitegen:search" content="/_sitegen/search.<hash>.js">`; the runtime
 * imports that module on the first focus of a `[data-sitegen-search]` form and calls its `mount()`.
 * The build writes `_sitegen/search.<hash>.js` (the client, with MiniSearch bundled; the hash covers
 * its sources, so pages name the same file from build to build) and `_sitegen/search/index.json`
 * (the index, revalidated by browsers); the client finds the index from its own URL. `sitegen dev`
 * serves the same two files (`dev:files`), the index made on the first request after an edit (patched for the edited
 * pages, as a build patches it).
 *
 * A site with `locales` gets one index per locale, `_sitegen/search/index.<code>.json`, each of the
 * documents in that locale only; a page's meta names its locale (`data-locale`), and the client
 * searches that locale's index (the meta is swapped by a client-side navigation, so the next search
 * after going from `/` to `/ja/` uses the Japanese index).
 *
 * A site with `theme.versions` searches each version of the docs on its own: the pages of the latest
 * (and of no version) use the index above, each older version has one more (`index.v1.json`,
 * `index.ja.v1.json`) with its own docs and the rest of `include`, named by its pages' meta
 * (`data-version`).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TocLink } from '../types.ts';
import { docsSection, setTag, type BuildDoneContext, type ContentDocument, type SitegenPlugin } from 'react-sitegen';
import { bodyTerms } from '../search/terms.ts';
import { headingSlug, indexName } from '../search/options.ts';
import { PAGE_TEXT_LIMIT, TEXT_BUDGET, truncate } from '../search/text.ts';
import { type CacheContext, cachedIndex, memoryCache, sha256, type IndexEntry } from '../search/cached.ts';
import { sourceHash } from '../source-hash.ts';

/** Run in the build's threads on every indexed body (`mapBodies`), by name from this module. */
export { bodyTerms };

export interface SearchOptions {
  /** Path prefixes of the documents to index (default: the docs root and the blog folder of the config). */
  include?: string[];
}

/** The plugin cache `build:done` gives (`sitegen dev` has one of its own, in memory). */
type PluginCache = NonNullable<BuildDoneContext['cache']>;

const DESCRIPTION_LIMIT = 160;
export const clientFile = (hash: string) => `_sitegen/search.${hash}.js`;
export const indexFile = (locale?: string, version?: string) => `_sitegen/search/${indexName(locale, version)}`;
export const INDEX_FILE = indexFile();

/** The client's sources (client.ts, match.ts, options.ts, tokenize.ts, MiniSearch's version) hashed: its file's name. */
function clientHash(client: string): string {
  const hash = createHash('sha256');
  for (const file of [client, ...['match.ts', 'options.ts', 'tokenize.ts'].map((f) => join(dirname(client), f))]) hash.update(readFileSync(file));
  try {
    hash.update(JSON.parse(readFileSync(createRequire(client).resolve('minisearch/package.json'), 'utf8')).version);
  } catch {
    /* not resolvable from there: the sources alone */
  }
  return hash.digest('hex').slice(0, 10);
}

/**
 * This module's code, its text rules (search/text.ts), its terms table (search/terms.ts) and its index writer
 * (search/index-json.ts) hashed: the cached indexes and terms are made by them and the index options too, so a new
 * version of the plugin makes them again.
 */
const pluginHash = () => sourceHash(import.meta.url, ['../search/text.ts', '../search/terms.ts', '../search/index-json.ts', '../search/cached.ts']);

/** The headings' ids and text in document order (each before the headings under it). */
function headingList(links: TocLink[], into: [id: string, text: string][] = []): [string, string][] {
  for (const link of links) {
    into.push([link.id, link.text]);
    if (link.children?.length) headingList(link.children, into);
  }
  return into;
}

/**
 * The client source lives in this package's templates/search/. The plugin runs compiled from the
 * site's cache folder, so find the package from there, from the site root (sitegen installed as a
 * dependency) or from the running `sitegen` executable.
 */
function findClient(root: string): string {
  const starts = [dirname(fileURLToPath(import.meta.url)), root];
  try {
    if (process.argv[1]) starts.push(dirname(realpathSync(process.argv[1])));
  } catch {
    /* not a file */
  }
  try {
    starts.push(dirname(createRequire(join(root, 'package.json')).resolve('react-sitegen/package.json')));
  } catch {
    /* not installed there */
  }
  for (const start of starts) {
    for (let dir = start; ; dir = dirname(dir)) {
      const client = join(dir, 'templates/search/client.ts');
      if (existsSync(client) && existsSync(join(dir, 'package.json'))) {
        try {
          if (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name === 'react-sitegen') return client;
        } catch {
          /* unreadable package.json: keep looking */
        }
      }
      if (dirname(dir) === dir) break;
    }
  }
  throw new Error('cannot find templates/search/client.ts of the react-sitegen package');
}

/** What the index is made from: `build:done`'s context, or `dev:files`' (with `routes`). */
export interface IndexInput extends Pick<BuildDoneContext, 'config' | 'site' | 'documents' | 'body'> {
  /** The routes rendered with status 200: only their documents are indexed. */
  routes: Iterable<string>;
  /** Path prefixes of the documents to index (the plugin's option). */
  include?: string[];
  /** With `locales`: index only this locale's documents (`include` then applies to paths without the locale's folder). */
  locale?: string;
  /** With `theme.versions`: the older version whose docs to index (undefined: the latest's). */
  version?: string;
}

/**
 * A document's locale (its `_locale`, else its path's first segment when that names a locale) and its path without
 * that segment. Routes are lower-case (`content/zh-CN/` → `/zh-cn/`): segments and codes compare without case.
 */
function localeOf(doc: ContentDocument, site: IndexInput['site']): { locale: string; path: string } {
  const end = doc._path.indexOf('/', 1);
  const first = (end < 0 ? doc._path.slice(1) : doc._path.slice(1, end)).toLowerCase();
  const folder = localeFolders(site).get(first);
  const path = folder ? doc._path.slice(first.length + 1) || '/' : doc._path;
  return { locale: doc._locale ?? folder ?? site.defaultLocale, path };
}

const folderMaps = new WeakMap<IndexInput['site'], Map<string, string>>();

/** The site's locales that have a folder (all but the default), by their lower-case code. */
function localeFolders(site: IndexInput['site']): Map<string, string> {
  let folders = folderMaps.get(site);
  if (!folders) {
    folders = new Map(site.locales.filter((l) => l.code !== site.defaultLocale).map((l) => [l.code.toLowerCase(), l.code]));
    folderMaps.set(site, folders);
  }
  return folders;
}

/**
 * An index as `sitegen dev` serves it: made as a build makes it (`cachedIndex`), with `cache` (kept by the plugin
 * between requests) in place of the build's cache and each body's hash as its key, so the request after an edit
 * patches the index for the edited pages instead of splitting every page's text again.
 */
async function devIndex(input: IndexInput & Pick<BuildDoneContext, 'mapBodies'>, cache: PluginCache, version: string): Promise<string> {
  const entries = indexEntries(input);
  const bodies = await Promise.all(entries.map(({ doc }) => input.body(doc)));
  const keys = new Map(entries.map(({ doc }, i) => [doc, sha256(bodies[i])]));
  const ctx: CacheContext = { cache, body: input.body, bodyKey: (doc) => keys.get(doc), mapBodies: input.mapBodies };
  const name = indexName(input.locale, input.version);
  const { json, cap } = await cachedIndex(entries, ctx, version, name);
  if (cap < PAGE_TEXT_LIMIT) overBudget([[name, cap]]);
  return json;
}

/**
 * A document's locale, its path as the default locale has it (`/ja/v1/guide` is matched and sectioned as `/v1/guide`;
 * without locales, its own), and the docs version that path is in (undefined: none).
 */
interface Placed {
  doc: ContentDocument;
  locale: string;
  path: string;
  version?: string;
}

/** Every document placed (once per build: the same list serves each locale's and version's index). */
function placeAll(documents: ContentDocument[], site: IndexInput['site']): Placed[] {
  const roots = (site.versions ?? []).map((v) => ({ dir: v.dir, root: v.path }));
  return documents.map((doc) => {
    const { locale, path } = localeOf(doc, site);
    return { doc, locale, path, version: roots.find((v) => path === v.root || path.startsWith(`${v.root}/`))?.dir };
  });
}

/**
 * Front matter that keeps a page out of search: `search: false` (as in VitePress), and the `index: false` or
 * `robots: noindex` that keep it from search engines (the seo plugin's noindex), in build and dev alike.
 */
export function unsearchable(frontmatter: Record<string, unknown>): boolean {
  const { search, index, robots } = frontmatter;
  return search === false || index === false || (typeof robots === 'string' && /\bnoindex\b/i.test(robots));
}

/** The documents `include` covers, sorted by path, without their text (no body is read). */
function indexEntries(input: IndexInput, rendered = new Set(input.routes), placed = placeAll(input.documents, input.site)): IndexEntry[] {
  const { config, site } = input;
  // Each version's folder (its route in the default locale): a document in one is in that version's index only.
  const versions = (site.versions ?? []).map((v) => ({ dir: v.dir, root: v.path }));
  const version = input.version ?? versions[0]?.dir;
  const folder = (dir: string) => `/${dir.replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/');
  // By default the docs (every version's: each index then keeps its own) and the blog.
  const include = input.include?.length
    ? input.include
    : [...(versions.length ? versions.map((v) => `${v.root}/`) : [folder(site.theme.docsRoot)]), folder(config.blogDir)];
  const included = (path: string) => include.some((prefix) => path.startsWith(prefix) || path === prefix.replace(/\/$/, ''));
  const blogRoot = `/${config.blogDir.replace(/^\/|\/$/g, '')}/`;
  // Each older version's docs are sectioned by their own root.
  const sites = new Map(versions.map((v) => [v.dir, v.dir === site.theme.docsRoot ? site : { ...site, theme: { ...site.theme, docsRoot: v.dir } }]));
  const sectionOf = ({ doc, path, version: own }: Placed) => {
    if (doc.isPost || path.startsWith(blogRoot)) return 'Blog';
    const root = own ?? site.theme.docsRoot;
    const docs = docsSection(sites.get(root) ?? site, path);
    if (docs) return `Docs · ${docs}`;
    return path.startsWith(`/${root}/`) ? 'Docs' : site.name;
  };
  const indexed = placed
    .filter(
      (p) =>
        (input.locale === undefined || p.locale === input.locale) &&
        included(p.path) &&
        (p.version === undefined || p.version === version) &&
        !p.doc.draft &&
        !p.doc._partial &&
        !p.doc.redirect &&
        !unsearchable(p.doc.frontmatter ?? {}) &&
        rendered.has(p.doc._path),
    )
    .sort((a, b) => (a.doc._path < b.doc._path ? -1 : a.doc._path > b.doc._path ? 1 : 0));
  return indexed.map((p) => {
    const anchors = headingList(p.doc.body?.toc.links ?? []);
    return {
      doc: p.doc,
      fields: {
        path: p.doc._path,
        title: p.doc.title || p.doc._path,
        section: sectionOf(p),
        description: truncate(p.doc.description ?? '', DESCRIPTION_LIMIT),
        headings: anchors.map(([, text]) => text).join(' · '),
        ...(anchors.length ? { anchors: anchors.map(([id, text]) => (headingSlug(text) === id ? text : ([id, text] as [string, string]))) } : {}),
      },
    };
  });
}

/** One warning for the indexes whose pages were cut to fit the budget (`cut`: each index file and its cap), if any. */
export function budgetWarning(cut: [string, number][]): string | undefined {
  if (!cut.length) return undefined;
  const least = Math.min(...cut.map(([, cap]) => cap));
  const which = cut.length === 1 ? `${cut[0][0]} is` : `${cut.length} indexes (${cut.map(([file]) => file).join(', ')}) are`;
  return `warning [sitegen:search] ${which} over the search index budget (${TEXT_BUDGET.toLocaleString('en-US')} characters each): each page is indexed up to ${least.toLocaleString('en-US')} characters. Narrow the plugin's \`include\` to keep whole pages searchable.`;
}

function overBudget(cut: [string, number][]): void {
  const warning = budgetWarning(cut);
  if (warning) process.stderr.write(`${warning}\n`);
}

/** The browser client (templates/search/client.ts) bundled with MiniSearch, by esbuild in its own process. */
export async function bundleClient(file: string): Promise<string> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [file],
    bundle: true,
    minify: true,
    format: 'esm',
    target: ['chrome110', 'firefox110', 'safari16'],
    write: false,
    logLevel: 'silent',
    legalComments: 'none',
  });
  return result.outputFiles[0].text;
}

/** The indexes to make: one per locale, or one for the site (`undefined`) without `locales`. */
const localesOf = (site: IndexInput['site']): (string | undefined)[] => (site.locales.length ? site.locales.map((l) => l.code) : [undefined]);

/** And for each locale, one per version: the latest's (`undefined`) and each older one's. */
const indexesOf = (site: IndexInput['site']): { locale?: string; version?: string }[] =>
  localesOf(site).flatMap((locale) => [undefined, ...(site.versions ?? []).slice(1).map((v) => v.dir)].map((version) => ({ locale, version })));

/** An older version's pages name its index (`data-version`); the latest's and the rest use the locale's. */
const olderVersion = (site: IndexInput['site'], version?: string) => (version && version !== site.versions?.[0]?.dir ? version : undefined);

export default function search(options: SearchOptions = {}): SitegenPlugin {
  let client: { file: string; hash: string } | undefined;
  const clientOf = (root: string) => {
    if (!client) {
      const file = findClient(root);
      client = { file, hash: clientHash(file) };
    }
    return client;
  };
  /** The bundled client in `sitegen dev`, made once: its sources do not change with the site's. */
  let devClient: Promise<string> | undefined;
  /** The indexes and terms `sitegen dev` made, for the next request to patch. */
  const devCache = memoryCache();

  return {
    name: 'sitegen:search',
    hooks: {
      'page:data'({ head, page, site }) {
        const content = `${site.base.replace(/\/$/, '')}/${clientFile(clientOf(process.cwd()).hash)}`;
        const older = olderVersion(site, page.version);
        setTag(head, 'meta', {
          name: 'sitegen:search',
          content,
          ...(site.locales.length ? { 'data-locale': page.locale } : {}),
          ...(older ? { 'data-version': older } : {}),
        });
      },

      // esbuild and MiniSearch load in these hooks, on the main thread, not at the top: every worker
      // loads the plugin too (for \`page:data\`), and would import them for nothing.
      async 'build:done'(ctx) {
        // The browser client bundles while this thread builds the index (once per version of its sources).
        const { file, hash } = clientOf(ctx.config.root);
        const clientKey = `sitegen:search-client\u0000${hash}`;
        let cached = false;
        const bundled =
          ctx.cache?.get(clientKey).then((known) => {
            cached = known !== undefined;
            return known ?? bundleClient(file);
          }) ?? bundleClient(file);
        bundled.catch(() => undefined); // awaited below
        const routes = ctx.pages.map((p) => p.path);
        const rendered = new Set(routes);
        const placed = placeAll(ctx.documents, ctx.site);
        const cut: [string, number][] = [];
        // All at once: the workers make one index's terms while this thread makes the index before of its terms.
        const indexes = indexesOf(ctx.site);
        const made = await Promise.all(
          indexes.map(({ locale, version }) => {
            const entries = indexEntries({ ...ctx, routes, include: options.include, locale, version }, rendered, placed);
            return cachedIndex(entries, ctx, `${hash}\u0000${pluginHash()}`, indexName(locale, version));
          }),
        );
        for (const [i, { locale, version }] of indexes.entries()) {
          const { json, cap } = made[i];
          if (cap < PAGE_TEXT_LIMIT) cut.push([indexName(locale, version), cap]);
          await ctx.write(indexFile(locale, version), json);
        }
        overBudget(cut);
        const code = await bundled;
        if (cached) ctx.cache?.keep?.(clientKey);
        else await ctx.cache?.set(clientKey, code);
        await ctx.write(clientFile(hash), code);
      },

      'dev:files'(ctx) {
        const { file, hash } = clientOf(ctx.config.root);
        const indexes = Object.fromEntries(
          indexesOf(ctx.site).map(({ locale, version }) => [
            indexFile(locale, version),
            () => devIndex({ ...ctx, include: options.include, locale, version }, devCache, `${hash}\u0000${pluginHash()}`),
          ]),
        );
        return {
          ...indexes,
          [clientFile(hash)]: () => {
            devClient ??= bundleClient(file);
            devClient.catch(() => (devClient = undefined));
            return devClient;
          },
        };
      },
    },
  };
}
