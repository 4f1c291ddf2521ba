/** markdown-it set up once (anchors, shiki fences, wrapped tables), and a render that also gives the TOC and links. */
import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';
import anchor from 'markdown-it-anchor';
import { codeBlockHtml, escapeHtml } from './highlight.ts';
import { parseCodeInfo } from './code-meta.ts';
import { TOC_ENV, footnoteIds, headingId, syntaxExtensions } from './extensions.ts';
import { DISPLAY_INLINE, MATH_ENV } from './math.ts';
import { DEFAULT_OUTLINE } from './outline.ts';
import { headingText, tableLabels } from './accessible.ts';
import { copyButton, hasStrings, mdString } from './ui-strings.ts';
import { includes } from './includes.ts';
import { PROBLEMS, reportProblem, type MarkdownProblem } from './problems.ts';
import { unknownContainers } from './containers.ts';
import { checkLanguages } from './check-languages.ts';
import { checkShortcodes } from './check-shortcodes.ts';
import { COMPONENTS_ENV, componentsPlugin } from './components.ts';
import { THEME_COMPONENTS } from './theme-components.ts';

import type { LinkRef } from './types.ts';
import type { TocLink } from '../../templates/types.ts';

export { reportProblem, type MarkdownProblem } from './problems.ts';
export type { LinkRef } from './types.ts';

export interface MarkdownOptions {
  /** Allow raw HTML from writers (trusted content). Off by default: HTML is escaped. */
  html?: boolean;
  /** Number the lines of every code block (a fence's `:line-numbers` / `:no-line-numbers` overrides it). */
  lineNumbers?: boolean;
  /** The component names markdown may use (`<Card … />`): the theme's when not given. */
  components?: readonly string[];
}

export interface RenderedMarkdown {
  html: string;
  toc: TocLink[];
  links: LinkRef[];
  /** Images the body shows (`![alt](src)`), with their lines: the build copies and checks them. */
  images: LinkRef[];
  /** Heading ids of the page, for anchor checks. */
  ids: string[];
  text: string;
  /** The text of the body's first block when it is an H1 (`# Title`): a page without `title:` takes it. */
  heading?: string;
  /** The line (1-based, `lineOffset` added) from which markdown-it's `maxNesting` dropped the block's content. */
  nestingCut?: number;
  /** What the extensions reported (unknown languages, containers, …), lines 1-based with `lineOffset` added. */
  problems: MarkdownProblem[];
  /** The body has math (`$…$`, `$$…$$`): its page needs KaTeX's stylesheet. */
  math?: boolean;
  /** The body uses components: its HTML holds placeholders for them. */
  components?: boolean;
}

/** Where renderMarkdown's env records the first line the nesting limit cut. */
const NESTING_CUT = 'sitegenNestingCut';

export function nestingLimit(md: MarkdownIt): number {
  return (md.options as { maxNesting?: number }).maxNesting ?? 100;
}

/** Notes where markdown-it's block tokenizer silently drops the rest of a block at `maxNesting`, by making its test first. */
function watchNesting(md: MarkdownIt): void {
  const block = md.block;
  const tokenize = block.tokenize;
  block.tokenize = function (state, startLine, endLine) {
    if (state.level >= nestingLimit(state.md) && state.env && (state.env as Record<string, unknown>)[NESTING_CUT] === undefined) {
      const line = state.skipEmptyLines(startLine);
      if (line < endLine && state.sCount[line] >= state.blkIndent) (state.env as Record<string, unknown>)[NESTING_CUT] = line;
    }
    return tokenize.call(this, state, startLine, endLine);
  };
}

/** Plain text up to the next character another inline rule may start at: markdown-it's own list (rules_inline/text.mjs). */
const PLAIN_TEXT = /[^\n!#$%&*+\-:<=>@[\\\]^_`{}~]+/y;

/** markdown-it's `text` rule with one sticky regular expression in place of its per-character loop: same result, faster. */
function plainTextRule(state: { src: string; pos: number; posMax: number; pending: string }, silent: boolean): boolean {
  PLAIN_TEXT.lastIndex = state.pos;
  if (!PLAIN_TEXT.test(state.src)) return false;
  const end = Math.min(PLAIN_TEXT.lastIndex, state.posMax);
  if (end <= state.pos) return false;
  if (!silent) state.pending += state.src.slice(state.pos, end);
  state.pos = end;
  return true;
}

/** `extend` runs after the core setup: the plugins' `markdown` hooks. */
export function createMarkdown(options: MarkdownOptions = {}, extend?: (md: MarkdownIt) => void): MarkdownIt {
  const md = new MarkdownIt({ html: options.html ?? false, linkify: false, typographer: false });
  md.inline.ruler.at('text', plainTextRule);
  watchNesting(md);
  md.use(includes);
  componentsPlugin(md, options.components ?? THEME_COMPONENTS);

  md.use(anchor, {
    slugifyWithState: headingId,
    tabIndex: false,
    permalink: anchor.permalink.linkInsideHeader({
      symbol: '#',
      placement: 'after',
      class: 'header-anchor',
      ariaHidden: true,
      renderAttrs: () => ({ tabindex: '-1' }),
    }),
  });
  syntaxExtensions(md);

  const lineNumbers = options.lineNumbers ?? false;
  md.renderer.rules.fence = (tokens, idx, _options, env) => {
    const meta = parseCodeInfo(tokens[idx].info);
    const title = meta.title ?? meta.label;
    const options = { highlight: meta.highlight, lineNumbers: meta.lineNumbers ?? lineNumbers };
    return codeBlockHtml(tokens[idx].content, meta.lang, title, options, copyButton(env)) + '\n';
  };
  md.renderer.rules.code_block = (tokens, idx, _options, env) => codeBlockHtml(tokens[idx].content, 'text', undefined, { lineNumbers }, copyButton(env)) + '\n';
  checkLanguages(md);
  checkShortcodes(md);
  // Tables scroll sideways, so each is a focusable named region (named as accessibleHtml names them).
  md.core.ruler.push('table_labels', (state) => {
    // In another language, its words around the heading (already escaped: its rendered text).
    const words = (key: 'markdown.table' | 'markdown.tableOf', values: Record<string, string | number>) =>
      escapeHtml(mdString(state.env, key, { ...values, heading: '\u0001' })).replace('\u0001', String(values.heading ?? ''));
    const label = tableLabels(hasStrings(state.env) ? words : undefined);
    // The heading before each table names it: its text is rendered only when a table follows.
    let heading = -1;
    const tokens = state.tokens;
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i];
      if (token.type === 'heading_open') heading = i;
      else if (token.type === 'table_open') {
        const text = heading < 0 ? '' : headingText(md.renderer.renderInline(tokens[heading + 1]?.children ?? [], md.options, state.env));
        token.meta = { label: label(text) };
      }
    }
  });
  md.renderer.rules.table_open = (tokens, idx) =>
    `<div class="table-wrap" role="region" aria-label="${tokens[idx].meta?.label ?? 'Table'}" tabindex="0"><table>\n`;
  md.renderer.rules.table_close = () => '</table></div>\n';

  md.core.ruler.after('block', 'unknown_containers', (state) => {
    for (const problem of unknownContainers(state)) reportProblem(state.env, problem);
  });
  extend?.(md);
  return md;
}

function buildToc(tokens: Token[], [minDepth, maxDepth]: readonly [number, number]): { toc: TocLink[]; ids: string[] } {
  const flat: TocLink[] = [];
  const ids: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.type !== 'heading_open') continue;
    const id = token.attrGet('id');
    if (!id) continue;
    ids.push(id);
    const depth = Number(token.tag.slice(1));
    if (depth < minDepth || depth > maxDepth) continue;
    flat.push({
      id,
      depth,
      text: inlineText(tokens[i + 1])
        .replace(/\s+/g, ' ')
        .trim(),
    });
  }
  // Each link goes under the nearest link before it with a lower depth (`####` under its `###` with `outline: deep`).
  const toc: TocLink[] = [];
  const open: TocLink[] = [];
  for (const link of flat) {
    while (open.length && open[open.length - 1].depth >= link.depth) open.pop();
    const parent = open[open.length - 1];
    if (parent) (parent.children ??= []).push(link);
    else toc.push(link);
    open.push(link);
  }
  return { toc, ids };
}

/**
 * A component's links and images, like a markdown link's: its `href` (`<Card href="./setup.md">` resolves, and is checked
 * at its line, as `[setup](./setup.md)` is), and an `<Image src>`'s file.
 */
function componentRefs(token: Token, line: number, links: LinkRef[], images: LinkRef[]): void {
  const meta = token.meta as { name?: string; props?: Record<string, unknown> } | null;
  if (typeof meta?.props?.href === 'string' && meta.props.href) links.push({ href: meta.props.href, line });
  if (meta?.name === 'Image' && typeof meta.props?.src === 'string' && meta.props.src) images.push({ href: meta.props.src, line });
}

function collectLinks(tokens: Token[], lineOffset: number): { links: LinkRef[]; images: LinkRef[] } {
  const links: LinkRef[] = [];
  const images: LinkRef[] = [];
  for (const block of tokens) {
    if (!block.children) continue;
    const line = (block.map?.[0] ?? 0) + 1 + lineOffset;
    for (const child of block.children) {
      if (child.type === 'link_open') {
        const href = child.attrGet('href');
        if (href) links.push({ href, line });
      } else if (child.type === 'image') {
        const src = child.attrGet('src');
        if (src) images.push({ href: src, line });
      } else if (child.type === 'component_open') componentRefs(child, line, links, images);
    }
  }
  for (const block of tokens) if (block.type === 'component_open') componentRefs(block, (block.map?.[0] ?? 0) + 1 + lineOffset, links, images);
  return { links, images };
}

/** A heading's text as the outline and the page title show it: its text and code, emoji (`:tada:` → 🎉) and formulas' TeX. */
function inlineText(inline: Token | undefined): string {
  return (inline?.children ?? [])
    .filter((t) => t.type === 'text' || t.type === 'code_inline' || t.type === 'emoji' || t.type === 'math_inline' || t.type === DISPLAY_INLINE)
    .map((t) => t.content)
    .join('');
}

/** The plain text of the first block when it is a level-1 heading, without a trailing `{#id}`. */
function leadHeading(tokens: Token[]): string | undefined {
  if (tokens[0]?.type !== 'heading_open' || tokens[0].tag !== 'h1') return undefined;
  const text = inlineText(tokens[1]);
  return (
    text
      .replace(/\s*\{#[^}]*\}\s*$/, '')
      .replace(/\s+/g, ' ')
      .trim() || undefined
  );
}

function plainText(tokens: Token[]): string {
  const parts: string[] = [];
  for (const token of tokens) {
    if (token.type === 'inline') for (const child of token.children ?? []) if (child.type === 'text' || child.type === 'code_inline') parts.push(child.content);
    if (token.type === 'fence' || token.type === 'code_block') parts.push(token.content);
  }
  return parts.join(' ');
}

/**
 * Render a markdown body (`lineOffset`: front-matter lines before it); without `html`, only the parse and an empty `html`.
 * `outline`: the heading levels of the TOC and `[[toc]]`. `env` starts markdown-it's env (the includes' context, say).
 */
export function renderMarkdown(
  md: MarkdownIt,
  source: string,
  lineOffset = 0,
  outline: readonly [number, number] = DEFAULT_OUTLINE,
  html = true,
  env: Record<string, unknown> = {},
): RenderedMarkdown {
  const tokens = md.parse(source, env);
  const { toc, ids } = buildToc(tokens, outline);
  env[TOC_ENV] = toc;
  const out = html ? md.renderer.render(tokens, md.options, env) : '';
  if (env.footnotes) ids.push(...footnoteIds(env));
  const cut = env[NESTING_CUT];
  const heading = leadHeading(tokens);
  const problems = ((env[PROBLEMS] ?? []) as MarkdownProblem[]).map((p) => ({ ...p, line: p.line + 1 + lineOffset }));
  return {
    problems,
    html: out,
    toc,
    ids,
    ...collectLinks(tokens, lineOffset),
    text: plainText(tokens),
    ...(heading ? { heading } : {}),
    ...(typeof cut === 'number' ? { nestingCut: cut + 1 + lineOffset } : {}),
    ...(env[MATH_ENV] ? { math: true } : {}),
    ...(env[COMPONENTS_ENV] ? { components: true } : {}),
  };
}

export { escapeHtml };
