/**
 * The plugin API: a plugin is `{ name, hooks }`, made by a factory that takes its options. Per-page
 * hooks also run in worker threads, which import the plugin again: options must be plain JSON.
 */
import type { Server } from 'node:http';
import type MarkdownIt from 'markdown-it';
import type { Author, PageData, PostSummary, SiteInfo } from '../../templates/types.ts';
import type { ResolvedConfig } from '../config/schema.ts';
import type { ContentDocument } from '../content/types.ts';

export interface HeadTag {
  tag: 'meta' | 'link';
  attrs: Record<string, string>;
}

export interface HeadData {
  title: string;
  tags: HeadTag[];
  /** JSON-LD blocks as JSON strings (an object a `page:data` hook pushes is turned into its JSON). */
  jsonld: string[];
}

export interface PageHookContext {
  /** The page about to render (page:data may change it). */
  page: PageData;
  /** Its <head>: title, tags and JSON-LD (page:data may change it). */
  head: HeadData;
  site: SiteInfo;
  /** Authors from site/data/authors.json, by id. */
  authors: Record<string, Author>;
  status: number;
  /** Rendered by `sitegen dev` (which runs no `build:done`: see `dev:files`). */
  dev: boolean;
  /** Site-wide settings plugins commonly need. */
  settings: { indexable: boolean; trailingSlash: boolean; canonicalQueryWhitelist: string[] };
}

export interface BuiltPage {
  path: string;
  title: string;
  description: string;
  layout: string;
  date?: string;
  updated?: string;
  /** false for noindex pages (drafts, 404, `index: false`, a non-indexable site). */
  indexable: boolean;
  /** The page in each locale, itself included (multilingual sites: PageData.translations). */
  translations?: { locale: string; path: string }[];
  /** The version of the docs the page is in (`theme.versions`: PageData.version). */
  version?: string;
  /** The page in each version, itself included, latest first, when another version has it (PageData.versions). */
  versions?: { version: string; path: string }[];
}

import type { PluginCache } from './cache.ts';

export interface BuildDoneContext {
  config: ResolvedConfig;
  site: SiteInfo;
  buildId: string;
  /** Every rendered route with status 200. */
  pages: BuiltPage[];
  /** Every document (drafts only in draft builds), without its body HTML: `body(doc)` reads one back. */
  documents: ContentDocument[];
  /** A document's body HTML as its page shows it: images at their hashed files, root-relative links with the base. */
  body(doc: ContentDocument): Promise<string>;
  /**
   * A key of what `body(doc)` gives: the same key, the same body (everything it is made from is in it). Undefined when
   * the build does not know one: then read the body.
   */
  bodyKey?(doc: ContentDocument): string | undefined;
  /**
   * `fn(html, arg)` on each document's body (as `body(doc)` gives it), run in worker threads side by side (a few bodies:
   * on this thread); the results in the documents' order. For work on every page, such as a search index's text: the
   * bodies are read there, not here. `fn` names a function the plugin's module exports
   * (`{ module: import.meta.url, name: 'bodyText' }`); what it returns crosses threads by structured clone (a string
   * crosses fastest).
   */
  mapBodies<T>(docs: ContentDocument[], fn: { module: string; name: string }, arg?: unknown): Promise<T[]>;
  /** The blog listing as its content API file holds it: excerpts like `body(doc)`; `path` stays the route. */
  posts: PostSummary[];
  /** Each locale's site and blog listing, the default first (`site` and `posts` above); one entry without `locales`. */
  locales: LocaleContext[];
  authors: Record<string, Author>;
  /** Write a file into the output folder (it lands with the rest of the build, atomically). */
  write(path: string, data: string | Uint8Array): Promise<void>;
  /** The output folder being written (a temporary folder until the build succeeds). */
  outDir: string;
  /**
   * Values kept from build to build by key (in `.sitegen-cache/plugins/`): key a costly result by everything it is
   * made from, and make it again only for a new key. What no plugin reads or writes in a build is removed after it.
   */
  cache?: PluginCache;
}

export interface DevServerContext {
  server: Server;
  url: string;
  config: ResolvedConfig;
}

/** A locale as site-wide plugins see it: its code, its site (theme overrides, docs root and blog in its folder) and posts. */
export interface LocaleContext {
  code: string;
  site: SiteInfo;
  posts: PostSummary[];
}

/** What `dev:files` sees: what `build:done` would, of the site as `sitegen dev` has it now. */
export interface DevFilesContext {
  config: ResolvedConfig;
  site: SiteInfo;
  /** The routes a build renders with status 200 (the paths of `build:done`'s `pages`). */
  routes: string[];
  /** Every document, drafts included (dev renders them), without its body HTML, as in `build:done`. */
  documents: ContentDocument[];
  /** A document's body HTML, as its page shows it (as in `build:done`). */
  body(doc: ContentDocument): Promise<string>;
  /** As in `build:done`: `fn(html, arg)` on each document's body, in worker threads side by side. */
  mapBodies<T>(docs: ContentDocument[], fn: { module: string; name: string }, arg?: unknown): Promise<T[]>;
  posts: PostSummary[];
  locales: LocaleContext[];
  authors: Record<string, Author>;
}

type Awaitable<T> = T | Promise<T>;

/** Files a plugin serves in `sitegen dev`: output path (as `build:done` writes it) → what makes its contents. */
export type DevFiles = Record<string, () => Awaitable<string | Uint8Array>>;

export interface SitegenHooks {
  /** The validated config, once, in the main thread; return a new config or change it in place. */
  'config:resolved'?: (config: ResolvedConfig) => Awaitable<ResolvedConfig | void>;
  /** The markdown-it instance, in every thread that parses markdown: add markdown-it plugins here. */
  markdown?: (md: MarkdownIt) => void;
  /** All documents after parsing, in the main thread; return a new list or change it in place. */
  'content:loaded'?: (documents: ContentDocument[]) => Awaitable<ContentDocument[] | void>;
  /** Before a page renders, in the workers: change its data or its head. */
  'page:data'?: (context: PageHookContext) => Awaitable<void>;
  /** The finished HTML of a page, in the workers: return the new HTML (or nothing to keep it). */
  'page:html'?: (html: string, context: PageHookContext) => Awaitable<string | void>;
  /** Every page is written, before the output folder is swapped in: write extra files here. */
  'build:done'?: (context: BuildDoneContext) => Awaitable<void>;
  /** `sitegen dev`: the files `build:done` writes, by path; each is made when first requested and kept until the next change. */
  'dev:files'?: (context: DevFilesContext) => Awaitable<DevFiles>;
  /** The dev server is listening. */
  'dev:server'?: (context: DevServerContext) => Awaitable<void>;
}

export type HookName = keyof SitegenHooks;

/** Every hook sitegen calls, for telling a plugin that it has one by another name (a typo). */
export const HOOK_NAMES: readonly HookName[] = [
  'config:resolved',
  'markdown',
  'content:loaded',
  'page:data',
  'page:html',
  'build:done',
  'dev:files',
  'dev:server',
];

export interface SitegenPlugin {
  name: string;
  hooks: SitegenHooks;
  /** Layouts this plugin contributes: name → module path (absolute). */
  layouts?: Record<string, string>;
  /** Islands this plugin contributes: name → module path (absolute). */
  islands?: Record<string, string>;
  /** Components markdown may use (`<Name … />`): name (capitalised) → module path (absolute), its default export. */
  components?: Record<string, string>;
}

export type PluginFactory<Options = unknown> = (options?: Options) => SitegenPlugin;

/** A plugin as the config names it: its module and its options. */
export interface PluginRef {
  module: string;
  options: unknown;
}
