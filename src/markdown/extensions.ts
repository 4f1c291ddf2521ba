/**
 * The syntax every site has besides CommonMark: footnotes (markdown-it-footnote), emoji shortcodes (markdown-it-emoji),
 * math (math.ts), `[[toc]]` and custom heading ids (`## Title {#id}`). Installed by createMarkdown after markdown-it-anchor.
 */
import type MarkdownIt from 'markdown-it';
import type { PluginSimple, PluginWithOptions } from 'markdown-it';
import type StateBlock from 'markdown-it/lib/rules_block/state_block.mjs';
import type StateCore from 'markdown-it/lib/rules_core/state_core.mjs';
import type Token from 'markdown-it/lib/token.mjs';
import { full as emojiPlugin } from 'markdown-it-emoji';
import footnotePlugin from 'markdown-it-footnote';
import type { TocLink } from '../../templates/types.ts';
import { escapeHtml } from '../html.ts';
import { mdString } from './ui-strings.ts';
import { math } from './math.ts';
import { ruleAdded } from './rule-added.ts';
import { headingSlug } from './slugify.ts';

// Their @types are written against the CommonJS markdown-it types; the plugins are the same.
const footnote = footnotePlugin as unknown as PluginSimple;
const emoji = emojiPlugin as unknown as PluginWithOptions<{ shortcuts?: Record<string, string | string[]> }>;

/** Where renderMarkdown puts the page's TOC (`buildToc`) for `[[toc]]` to render. */
export const TOC_ENV = 'sitegenToc';
/** Set (to where `headingId` looks next) when a heading of the document has a `{#id}`: only then are headings looked up. */
const CUSTOM_IDS = 'sitegenCustomIds';

export function syntaxExtensions(md: MarkdownIt): void {
  footnotes(md);
  emojiShortcodes(md);
  math(md);
  md.block.ruler.before('paragraph', 'toc', tocBlock);
  md.renderer.rules.toc = (_tokens, _idx, _options, env) =>
    tocHtml((env as Record<string, TocLink[] | undefined>)?.[TOC_ENV] ?? [], mdString(env, 'markdown.toc'));
  md.core.ruler.before('anchor', 'heading_ids', customHeadingIds);
}

/** Set in the env of an excerpt: its footnote references and notes are left out (cards and feeds show no notes). */
const EXCERPT_ENV = 'sitegenExcerpt';

/**
 * The env to render a document's excerpt with, after its whole body was rendered with `bodyEnv`: the footnotes the body
 * defines (after `<!-- more -->` too) are known, so their references are read as references and then dropped.
 */
export function excerptEnv(bodyEnv: Record<string, unknown>, env: Record<string, unknown>): Record<string, unknown> {
  const refs = (bodyEnv.footnotes as { refs?: Record<string, number> } | undefined)?.refs;
  const known = refs ? { footnotes: { refs: Object.fromEntries(Object.keys(refs).map((label) => [label, -1])) } } : {};
  return { ...env, ...known, [EXCERPT_ENV]: true };
}

/** In an excerpt: no footnote references (`[^1]`, `^[inline]`) and no notes section. */
function dropFootnotes(state: StateCore): void {
  if (!state.env?.[EXCERPT_ENV] || !state.env.footnotes) return;
  // footnote_tail has just put the notes section at the end.
  const block = state.tokens.findIndex((token) => token.type === 'footnote_block_open');
  if (block !== -1) state.tokens.splice(block);
  for (const token of state.tokens)
    if (token.type === 'inline' && token.children) token.children = token.children.filter((child) => child.type !== 'footnote_ref');
  delete state.env.footnotes;
}

/** markdown-it-footnote, its section named for assistive technology and each back link saying where it goes. */
function footnotes(md: MarkdownIt): void {
  md.use(footnote);
  md.core.ruler.after('footnote_tail', 'footnote_excerpt', dropFootnotes);
  const rules = md.renderer.rules;
  rules.footnote_block_open = (_tokens, _idx, _options, env) =>
    `<section class="footnotes" aria-label="${escapeHtml(mdString(env, 'markdown.footnotes'))}">\n<ol class="footnotes-list">\n`;
  rules.footnote_anchor = (tokens, idx, options, env, self) => {
    const { id, subId } = tokens[idx].meta as { id: number; subId?: number };
    const ref = `${self.rules.footnote_anchor_name!(tokens, idx, options, env, self)}${subId ? `:${subId}` : ''}`;
    const label = escapeHtml(mdString(env, 'markdown.footnoteBack', { ref: `${id + 1}${subId ? ` (${subId + 1})` : ''}` }));
    return ` <a href="#fnref${ref}" class="footnote-backref" aria-label="${label}">\u21a9\uFE0E</a>`;
  };
}

/** Something that may be a shortcode, where the inline parser stands: the names are letters, digits, `_`, `+` and `-`. */
const SHORTCODE = /:[\w+-]+:/y;
/** Set when the inline parser met a `:name:`. */
const EMOJI_ENV = 'sitegenEmoji';

/**
 * markdown-it-emoji's shortcodes (`:tada:`), without its shortcuts: `:)` and `8)` turning into emoji would surprise in
 * technical prose. Its rule tests a pattern of 1,900 names on every text token, and even one scan of a whole document
 * costs as much as a tenth of its parse, so it runs only where the inline parser met a `:name:` (at a `:` no other rule
 * took, the last rule of the chain looks).
 */
function emojiShortcodes(md: MarkdownIt): void {
  const replace = ruleAdded(md.core.ruler, () => md.use(emoji, { shortcuts: {} }));
  md.core.ruler.at('emoji', (state) => {
    if (state.env?.[EMOJI_ENV]) replace(state);
  });
  md.inline.ruler.push('emoji_seen', (state) => {
    if (state.src.charCodeAt(state.pos) !== 0x3a /* : */ || !state.env) return false;
    SHORTCODE.lastIndex = state.pos;
    if (SHORTCODE.test(state.src)) state.env[EMOJI_ENV] = true;
    return false;
  });
}

/** The element ids the footnotes give the page (`fn1`, `fnref1`, `fnref1:1` for a second reference), for anchor checks. */
export function footnoteIds(env: Record<string, unknown>): string[] {
  const list = (env.footnotes as { list?: { count?: number }[] } | undefined)?.list;
  if (!list) return [];
  const ids: string[] = [];
  list.forEach((note, i) => {
    ids.push(`fn${i + 1}`, `fnref${i + 1}`);
    for (let sub = 1; sub < (note.count ?? 0); sub++) ids.push(`fnref${i + 1}:${sub}`);
  });
  return ids;
}

/** `[[toc]]` alone on a line. */
function tocBlock(state: StateBlock, startLine: number, _endLine: number, silent: boolean): boolean {
  const start = state.bMarks[startLine] + state.tShift[startLine];
  if (state.src.charCodeAt(start) !== 0x5b /* [ */ || state.sCount[startLine] - state.blkIndent >= 4) return false;
  if (state.src.slice(start, state.eMarks[startLine]).trimEnd().toLowerCase() !== '[[toc]]') return false;
  if (silent) return true;
  const token = state.push('toc', 'nav', 0);
  token.block = true;
  token.map = [startLine, startLine + 1];
  state.line = startLine + 1;
  return true;
}

function tocList(links: TocLink[]): string {
  const items = links.map((l) => `<li><a href="#${escapeHtml(l.id)}">${escapeHtml(l.text)}</a>${l.children?.length ? tocList(l.children) : ''}</li>`);
  return `<ul>${items.join('')}</ul>`;
}

/** The page's "On this page" outline as a list; nothing when the page has no headings to list. */
function tocHtml(toc: TocLink[], label: string): string {
  return toc.length ? `<nav class="table-of-contents" aria-label="${escapeHtml(label)}">${tocList(toc)}</nav>\n` : '';
}

/** `{#id}` at the end of a heading: letters, digits, `_`, `-` and `.` only, so it can be nothing but an id. */
const CUSTOM_ID = /\s*\{#([\w.-]+)\}\s*$/;

/** Before markdown-it-anchor: each heading's `{#id}` is taken out of its text and kept on the heading for `headingId`. */
function customHeadingIds(state: StateCore): void {
  const tokens = state.tokens;
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i].type !== 'heading_open') continue;
    const inline = tokens[i + 1];
    if (!inline?.content.endsWith('}')) continue;
    const last = inline.children?.[inline.children.length - 1];
    const match = last?.type === 'text' ? CUSTOM_ID.exec(last.content) : null;
    if (!last || !match) continue;
    last.content = last.content.slice(0, match.index);
    inline.content = inline.content.replace(CUSTOM_ID, '');
    tokens[i].meta = { ...tokens[i].meta, customId: match[1] };
    state.env[CUSTOM_IDS] = 0;
  }
}

/**
 * markdown-it-anchor's id for the heading it is at (it asks for each heading without an id, in order): its `{#id}`, else
 * the slug of its text. Either way anchor then makes it unique in the page (`id`, `id-1`, …), so it never sees a clash.
 */
export function headingId(title: string, state: StateCore): string {
  let at = state.env?.[CUSTOM_IDS] as number | undefined;
  if (at === undefined) return besideTheme(headingSlug(title));
  const tokens: Token[] = state.tokens;
  while (at < tokens.length && !(tokens[at].type === 'heading_open' && tokens[at].attrGet('id') === null)) at++;
  state.env[CUSTOM_IDS] = at + 1;
  return besideTheme((tokens[at]?.meta as { customId?: string } | null)?.customId ?? headingSlug(title));
}

/**
 * The ids of the theme's own elements (templates/: the skip link's target `main`, the search box, the menus, the
 * sidebar): a heading named like one (`## Main`) is numbered as a repeated heading is, so its `#` link and the outline's
 * reach the heading rather than that element.
 */
const THEME_IDS = new Set([
  'main',
  'site-search',
  'nav-toggle',
  'nav-panel',
  'docs-nav-toggle',
  'docs-sidebar',
  'post-faq',
  'related-title',
  'home-title',
  'cta-band-title',
]);
const besideTheme = (id: string) => (THEME_IDS.has(id) ? `${id}-1` : id);
