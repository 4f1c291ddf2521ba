import type { OutlineLevels } from '../markdown/outline.ts';
import type { TocLink } from '../../templates/types.ts';
import type { LinkRef } from '../markdown/types.ts';
import type { SerializedError } from '../errors.ts';
import type { ContentType } from './paths.ts';

export interface SourceFile {
  /** Absolute path. */
  file: string;
  /** Path relative to the content folder, with '/' separators. */
  rel: string;
  /** Path shown in messages: relative to the project root when inside it. */
  display: string;
}

export interface ContentDocument {
  _id: string;
  _stem: string;
  _path: string;
  _dir: string;
  _partial: boolean;
  _locale?: string;
  _type: ContentType;
  /** Display path of the source file. */
  _source: string;
  title: string;
  description: string;
  layout?: string;
  navigation: boolean | { title?: string; icon?: string };
  redirect?: string;
  excerpt?: string;
  draft: boolean;
  /** ISO date-time. */
  date?: string;
  updated?: string;
  middleware: string[];
  /** Front matter, JSON-safe (dates as ISO strings). For yaml/json documents: the data itself. */
  frontmatter: Record<string, unknown>;
  body: { toc: { title: string; depth: number; searchDepth: number; links: TocLink[] }; html: string } | null;
  /** Links relative to the source file (`./other.md#anchor`); apart from `links` so the plan reads them without all links. */
  sourceLinks?: LinkRef[];
  /** The body has math: the site writes KaTeX's stylesheet and fonts, and the pages that show it link them. */
  math?: true;
  /** The body uses components (`<Card … />`): its HTML holds placeholders the page render fills (render/components.ts). */
  components?: true;
  /** The line of `layout:` in the front matter, for a problem with the layout. */
  layoutLine?: number;
  links: LinkRef[];
  /** Local images the document shows: markdown images and front matter `image:`/`cover:`, with lines. */
  images?: LinkRef[];
  ids: string[];
  wordCount: number;
  readingTime: number;
  isPost: boolean;
  /** sha256 of the source text (first 16 hex). */
  hash: string;
}

export interface ParseResult {
  doc?: ContentDocument;
  errors: SerializedError[];
  /** Came from the document cache. */
  cached?: boolean;
  /** Files the body includes (project-relative) with their bytes' hashes ('' when missing): a change means parsing again. */
  deps?: Record<string, string>;
}

export interface ParseOptions {
  blogDir: string;
  locales: string[];
  defaultLocale: string;
  markdown: { html: boolean; lineNumbers?: boolean };
  /** The component names markdown may use: the theme's, site/components/ and plugins' (render/markdown-components.ts). */
  components?: string[];
  /** By locale, the UI strings markdown renders (copy button, callout titles…), where they are not English. */
  strings?: Record<string, Record<string, string>>;
  /** The heading levels "On this page" lists when a document's front matter says nothing (config `theme.outline`). */
  outline?: OutlineLevels;
}
