/**
 * The contract between the generator (src/) and the React templates and pages.
 * Layouts in templates/layouts and pages in site/pages receive a PageContext.
 * Everything here is plain, serialisable data: it crosses worker-thread boundaries.
 */
import type { ReactNode } from 'react';

/** The bundled layouts, or any layout a plugin adds (`layouts: { changelog: … }`). */
export type LayoutName = 'content' | 'default' | 'doc' | 'feature' | 'post' | (string & {});

export interface LinkItem {
  text: string;
  href: string;
  /** Short line shown under the text in menus. */
  description?: string;
}

export interface MenuItem extends LinkItem {
  /**
   * When the header shows this link as the current section: a regular expression a page's path
   * must match (`'^/(v1/|api-reference$)'`). Default: the link's own path and everything below it.
   */
  activeMatch?: string;
  /** A dropdown menu (the header's "Product ▾"). */
  items?: LinkItem[];
}

export interface FooterColumn {
  title: string;
  links: LinkItem[];
}

/** Presentation settings from `theme` in site/config.ts (VitePress's themeConfig). */
export interface ThemeConfig {
  /** The heading levels "On this page" lists by default (`[2, 3]`), or false for none; front matter `outline:` overrides. */
  outline?: readonly [number, number] | false;
  /** Header links, left to right. */
  nav: MenuItem[];
  /** Header calls to action: the last one is the primary button. */
  actions: LinkItem[];
  footer: FooterColumn[];
  /** Small print under the footer columns. */
  copyright?: string;
  /** A status link under the footer blurb. */
  status?: { text: string; href: string };
  /** A line beside the copyright. */
  tagline?: string;
  /** An image beside the site name in the header and footer (default size 28×28); without one, the name alone. */
  logo?: { src: string; width?: number; height?: number };
  /** Links to the site's profiles elsewhere, shown in the footer. */
  social: { text: string; href: string }[];
  /** Where forms post (the contact and sales forms). */
  formEndpoint?: string;
  /**
   * Ordered top-level docs sections for the sidebar: folder name under the docs root -> label.
   * Without any, the sidebar lists the docs root's navigation tree, one block per top-level folder.
   */
  docsSections: { dir: string; title: string }[];
  /** Where the docs tree lives in the content folder (default '': the whole content folder). */
  docsRoot: string;
  /** Extra sidebar links after the content sections (e.g. the API reference page). */
  docsExtraLinks: LinkItem[];
  /** Call to action at the end of posts. */
  postCta?: { title: string; text: string; href: string; label: string };
  /** The closing call to action of feature pages, and their hero button's default target. */
  cta?: { title: string; text: string; primary: { text: string; href: string }; secondary?: { text: string; href: string } };
  /** Labels for post categories by slug, in display order; a category without one is title-cased. */
  categoryLabels: Record<string, string>;
  /** Link template for "Edit this page": `{path}` is replaced by the source path. */
  editLink?: string;
  /** A search box in the header (needs the `react-sitegen/plugins/search` plugin for results). */
  search?: boolean;
  /** Where the search form goes without JavaScript (its `action`; default: the home page). */
  searchAction?: string;
  /** What differs in a locale's pages, by locale code: its header links, footer, sidebar section labels and the like. */
  locales?: Record<string, Partial<Omit<ThemeConfig, 'locales' | 'docsRoot' | 'versions'>> & { description?: string }>;
  /**
   * The docs' versions, the latest first (`[{ dir: 'v2', label: 'v2' }, { dir: 'v1', label: 'v1' }]`); empty without
   * versions. Each is a content folder (in each locale's folder too) and the docs root of its pages.
   */
  versions?: { dir: string; label: string }[];
}

/** One version of the docs as a locale's pages see it (`theme.versions`). */
export interface VersionInfo {
  /** Its content folder, as configured: `v2`. */
  dir: string;
  label: string;
  /** Its folder's route in the locale: `/v2`, `/ja/v2`. */
  path: string;
  /** Where the version menu goes from a page this version lacks: its folder's page, else its first page. */
  home?: string;
}

/** One of the site's languages (`locales` in site/config.ts). */
export interface LocaleInfo {
  /** BCP 47 code, also the folder its content and pages live in: `ja`, `pt-BR`. */
  code: string;
  /** Its name for switchers, in itself by default (`日本語`). */
  label: string;
  dir: 'ltr' | 'rtl';
  /** Where its language menu entry goes from a page it has no translation of: `/<code>` (`/` for the default), else the latest version's start page, else its first page. */
  home?: string;
  /** With versions: its start page in each version it has (`{ v1: '/ja/v1/guide' }`), where a page of that version it has not translated goes. */
  versionHomes?: Record<string, string>;
  /** Whether it has posts in this build: a locale without any has no blog listing and no feed of its own. */
  posts?: boolean;
}

export interface SiteInfo {
  name: string;
  /**
   * The absolute address the site lives at, base path included, without a trailing slash:
   * `https://ferrygate.dev`, or `https://example.com/docs` with `base: '/docs/'`.
   */
  url: string;
  description: string;
  twitter?: string;
  /** BCP 47 language of the site, e.g. 'en': every page's without `locales`. */
  lang: string;
  /** The configured locales, the default first; empty for a site in one language. */
  locales: LocaleInfo[];
  /** The locale at the root of the site (`/`); its content is not in a locale folder. */
  defaultLocale: string;
  /** The docs' versions in this locale's folder, the latest first (sites with `theme.versions` only). */
  versions?: VersionInfo[];
  separator: string;
  /** Base path the site is served under ('/' by default). Links in templates stay root-relative: the build adds it. */
  base: string;
  /** The blog's folder under the content root (`blog`): posts and the listing live under `/<blogDir>`. */
  blogDir: string;
  /** Whether the theme's tag pages (`/<blogDir>/tags/<tag>`) and author pages (`/<blogDir>/authors/<id>`) exist (config `blog`). */
  blog?: { tags: boolean; authors: boolean };
  theme: ThemeConfig;
}

export interface TocLink {
  id: string;
  depth: number;
  text: string;
  children?: TocLink[];
}

export interface NavItem {
  title: string;
  /** Route path, '/v1/guide' style (no trailing slash; '/' for the root). */
  path: string;
  /** Sort key from front matter `order`, if any. */
  order?: number;
  level?: string;
  /** Folder nodes have children; their own page (index.md) shares the folder's path. */
  children?: NavItem[];
}

export interface Author {
  id: string;
  name: string;
  role?: string;
  bio?: string;
}

export interface PostSummary {
  path: string;
  title: string;
  description: string;
  /** ISO 8601 date-time (UTC). */
  date: string;
  /** The first of `authors` ('' when none): what a single-author theme or plugin reads. */
  author: string;
  /** Every author id the post names (`authors:` or `author:`), in the order written. */
  authors: string[];
  tags: string[];
  categories: string[];
  readingTime: number;
  /**
   * Rendered HTML of the part before `<!-- more -->`, if the post has one, with its images at
   * their hashed files as on the post's page. Its links are root-relative like `path`: a page
   * gets the base when it is rendered; the posts content API file and `build:done` plugins get
   * it with the base already in front.
   */
  excerpt?: string;
  draft?: boolean;
  /** Dated after the build's "now", shown because the build includes future posts (`sitegen dev`, `--future`). */
  scheduled?: boolean;
}

export interface PageLink {
  title: string;
  path: string;
}

export interface PageData {
  /** 'document' for markdown content, 'page' for React pages in site/pages. */
  kind: 'document' | 'page';
  /** Route path: '/', '/pricing', '/v1/guide/tunnels', '/blog/2019/01/15/introducing-ferrygate'. */
  path: string;
  title: string;
  description: string;
  layout: LayoutName;
  /** All front matter of a document (section, level, tags, faq, hero, ...), or a page's `meta`. */
  frontmatter: Record<string, unknown>;
  /** The rendered markdown body ('' for React pages). Safe HTML produced by the markdown pipeline. */
  html: string;
  toc: TocLink[];
  /** ISO date-time of a post or dated document. */
  date?: string;
  /** ISO date of the last update (front matter `updated`, else the last commit's with `lastUpdated: 'git'`, else `date`). */
  updated?: string;
  readingTime: number;
  wordCount: number;
  draft: boolean;
  /** A post dated after the build's "now", shown because the build includes future posts (`sitegen dev`, `--future`). */
  scheduled?: boolean;
  /** Source file relative to the project root, e.g. 'content/v1/guide/tunnels.md'. */
  source: string;
  /** The page's language (BCP 47): its locale, or the site's `lang` without locales. */
  locale: string;
  /** The direction its language is written in. */
  dir: 'ltr' | 'rtl';
  /**
   * The page in each locale, itself included, in the order of `locales` (multilingual sites only, and only when
   * another locale has the page: the same path in its folder, or the same front matter `translationKey`).
   */
  translations?: { locale: string; path: string }[];
  /** The version of the docs the page belongs to (its folder in `theme.versions`: `v1`), for pages in one. */
  version?: string;
  /**
   * The page in each version, itself included, latest first (only when another version has it: the same path after
   * the version's folder).
   */
  versions?: { version: string; path: string }[];
}

export interface PageContext {
  site: SiteInfo;
  page: PageData;
  /** The content navigation tree (children of the content root), sorted by order then title. */
  nav: NavItem[];
  /** Every published blog post, newest first. */
  posts: PostSummary[];
  authors: Record<string, Author>;
  /** Neighbours in reading order: docs by sidebar order, posts by date. */
  prev?: PageLink;
  next?: PageLink;
  /** Up to three posts sharing the most tags with this one (posts only). */
  related: PostSummary[];
  /** A page from its module's `paths()` (`site/pages/blog/tags/[tag].tsx`): its entry's params (`{ tag: 'css' }`). */
  params?: Record<string, string>;
  /** …and its entry's props. */
  props?: Record<string, unknown>;
}

export interface LayoutProps extends PageContext {
  /** The React page's output, for pages in site/pages; undefined for markdown documents. */
  children?: ReactNode;
}

/** What a page in site/pages exports as `meta`. */
export interface PageMeta {
  title: string;
  description: string;
  layout?: LayoutName;
  /** Route middleware names to run at build time for this page. */
  middleware?: string[];
  [key: string]: unknown;
}
