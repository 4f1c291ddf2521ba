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
  /** Extra tags for every <head> (stylesheet, icons, runtime script). */
  headHtml: string;
  /** Attributes of the runtime <script> element. */
  bodyEndHtml: string;
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
