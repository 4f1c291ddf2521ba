import type { Author, NavItem, PageData, PageLink, PostSummary, SiteInfo } from '../../templates/types.ts';
import type { SerializedError } from '../errors.ts';
import type { HeadData } from './head.ts';

/** Data every page of one build shares; written once, loaded once per worker. */
export interface SharedRenderData {
  buildId: string;
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
  /** The runtime <script> element. */
  bodyEndHtml: string;
  /** Island name → URL of its browser chunk. */
  islands: Record<string, string>;
}

export interface RenderJob {
  path: string;
  status: number;
  layout: string;
  page: PageData;
  /** Route key of a React page in the bundle's `pages`, when the route is one. */
  pageRoute?: string;
  prev?: PageLink;
  next?: PageLink;
  related: PostSummary[];
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
  summary?: { title: string; description: string; layout: string; date?: string; updated?: string; indexable: boolean };
  /** Prerendered island payloads: `__island/<Name>_<hash>.json`. */
  islands: { file: string; json: string }[];
  error?: SerializedError;
}

export interface Payload {
  path: string;
  title: string;
  head: HeadData;
  layout: string;
  html: string;
  buildId: string;
  status: number;
}
