import type { ImageManifest } from '../output/images.ts';
import type { Author, NavItem, PageData, PageLink, PostSummary, SiteInfo } from '../../templates/types.ts';
import type { SerializedError } from '../errors.ts';
import type { HeadData } from './head.ts';
import type { StringTable } from '../../templates/i18n/keys.ts';

/** Data every page of one build shares; written once, loaded once per worker. */
export interface SharedRenderData {
  /** The asset set's id (stylesheet, runtime, island chunks): a payload is swapped only into a page of the same set. */
  assets: string;
  /** Rendered by `sitegen dev`. */
  dev?: boolean;
  site: SiteInfo;
  nav: NavItem[];
  posts: PostSummary[];
  authors: Record<string, Author>;
  indexable: boolean;
  trailingSlash: boolean;
  /** Settings per-page plugin hooks read. */
  settings: { indexable: boolean; trailingSlash: boolean; canonicalQueryWhitelist: string[] };
  /** Extra tags for every <head> (stylesheet, icons, runtime script). */
  headHtml: string;
  /** Each locale but the default, by code: its site (theme overrides, docs root and blog in its folder) and collections. */
  locales?: Record<string, { site: SiteInfo; nav: NavItem[]; posts: PostSummary[]; versions?: Record<string, SiteInfo> }>;
  /** The default locale's site for each older version of the docs, by folder: its docs root is that version's. */
  versions?: Record<string, SiteInfo>;
  /** The runtime <script> element. */
  bodyEndHtml: string;
  /** KaTeX's stylesheet URL (base included) when a document has math: linked by the pages that show math. */
  mathCss?: string;
  /** The on-demand stylesheets (base included), each with its selectors' classes: a page with all of one selector's links it. */
  pageCss: { href: string; selectors: string[][] }[];
  /** Island name → URL of its browser chunk. */
  islands: Record<string, string>;
  /** Where the documents' images went (hashed URLs and sizes). */
  images?: ImageManifest;
  /** The theme's UI strings by locale (src/i18n/tables.ts): a page shows its locale's, else the default locale's. */
  strings: Record<string, StringTable>;
}

export interface RenderJob {
  path: string;
  status: number;
  layout: string;
  page: PageData;
  /** Route key of a React page in the bundle's `pages`, when the route is one. */
  pageRoute?: string;
  /** A route from the page module's `paths()`: its entry's params and props. */
  params?: Record<string, string>;
  props?: Record<string, unknown>;
  prev?: PageLink;
  next?: PageLink;
  related: PostSummary[];
  /** The document's relative links as written → the routes they name (content/source-links.ts). */
  links?: Record<string, string>;
}

export interface RenderedPage {
  path: string;
  status: number;
  html: string;
  payload: string;
  /** Every href of an <a> on the page (entities decoded). */
  links: string[];
  ids: string[];
  /** What build:done hooks see of the page. */
  summary?: { title: string; description: string; layout: string; date?: string; updated?: string; indexable: boolean; version?: string };
  /** Prerendered island payloads: `__island/<Name>_<hash>.json`. */
  islands: { file: string; json: string }[];
  /** The site-wide collections the page's components read (see `SITE_COLLECTIONS`). */
  uses?: SiteCollection[];
  error?: SerializedError;
}

/** Site-wide data a page may read; a page re-renders only when a collection it read changed. */
export const SITE_COLLECTIONS = ['nav', 'posts'] as const;
export type SiteCollection = (typeof SITE_COLLECTIONS)[number];

export interface Payload {
  path: string;
  title: string;
  head: HeadData;
  layout: string;
  html: string;
  /** SharedRenderData.assets of the page's build. */
  assets: string;
  status: number;
  /** The page's language and direction, for `<html lang dir>`. */
  lang: string;
  dir: 'ltr' | 'rtl';
}
