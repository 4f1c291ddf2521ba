/**
 * Components in markdown: a capitalised tag that names a registered component (`<Card title="Tunnels" />`, or
 * `<Tabs>` … `</Tabs>` around markdown) becomes a placeholder element the page render replaces with the component
 * (src/render/components.ts). Any other `<` or `{` is text; an unknown, unclosed or badly written component tag is
 * SG2015 at its line and column.
 */
import type MarkdownIt from 'markdown-it';
import type StateBlock from 'markdown-it/lib/rules_block/state_block.mjs';
import type StateCore from 'markdown-it/lib/rules_core/state_core.mjs';
import type StateInline from 'markdown-it/lib/rules_inline/state_inline.mjs';
import type Token from 'markdown-it/lib/token.mjs';
import { type ComponentTag, closingTagEnd, isTagError, readTag, tagName } from './component-tag.ts';
import { reportProblem } from './problems.ts';

/** Where the env notes that the body uses a component. */
export const COMPONENTS_ENV = 'sitegenComponents';

/** The element the markdown render leaves where a component goes: `data-name`, and `data-props` as escaped JSON. */
export const PLACEHOLDER = 'sitegen-component';

/** Where the env holds the inline token being parsed and the body's source, for the places of problems found inline. */
const INLINE_TOKEN = 'sitegenInlineToken';
const BODY = 'sitegenBodySource';

const isUpper = (code: number) => code >= 0x41 && code <= 0x5a;
const isWordChar = (code: number) => (code >= 0x30 && code <= 0x39) || isUpper(code) || (code >= 0x61 && code <= 0x7a) || code === 0x5f;

/** Where a problem is: a 0-based body line and a 1-based column. */
interface Place {
  line: number;
  column: number;
}

/** What the block and inline rules share: the registered names and how a problem is reported. */
interface Registry {
  known: Set<string>;
  problem(env: unknown, message: string, at: Place, known?: boolean): void;
  /** The same words from the block and the inline rule, so a tag that is neither is reported once. */
  unclosed(name: string): string;
  unknown(name: string): string;
}

export function componentsPlugin(md: MarkdownIt, names: readonly string[]): void {
  const registry = registryOf(names);
  md.block.ruler.before('html_block', 'component_block', blockRule(registry), { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
  md.inline.ruler.before('html_inline', 'component_inline', inlineRule(registry));
  // markdown-it's own core `inline` rule, noting which token it parses: problems found inline get its line.
  md.core.ruler.at('inline', parseInlineNoted);
  const escapeHtml = md.utils.escapeHtml;
  md.renderer.rules.component_open = (tokens, idx) => {
    const { name, props } = tokens[idx].meta as { name: string; props: unknown };
    return `<${PLACEHOLDER} data-name="${escapeHtml(name)}" data-props="${escapeHtml(JSON.stringify(props))}">${tokens[idx].block && tokens[idx + 1]?.type !== 'inline' ? '\n' : ''}`;
  };
  md.renderer.rules.component_close = (tokens, idx) => `</${PLACEHOLDER}>${tokens[idx].block ? '\n' : ''}`;
}

function registryOf(names: readonly string[]): Registry {
  const known = new Set(names);
  const list = [...known].sort().join(', ') || 'none';
  const where = 'A component comes from the theme, site/components/<Name>.tsx or a plugin, and its name is case-sensitive.';
  const text = 'To show a tag as text, write `\\<` before it or put it in backticks.';
  return {
    known,
    // The message of an unknown component names the known ones; the hint of any other problem does.
    problem: (env, message, at, known = false) =>
      reportProblem(env, {
        code: 'SG2015',
        message,
        line: at.line,
        column: at.column,
        hint: known ? `${where} ${text}` : `The known components are ${list}. ${where} ${text}`,
      }),
    unclosed: (name) => `<${name}> is not closed: no </${name}> follows it (a block's on a line of its own)`,
    unknown: (name) => `Unknown component <${name}>: the known components are ${list}`,
  };
}

/** A tag that is not a registered component is text, and an error when it reads as one (`<T>` stays a type parameter). */
const unregistered = (src: string, pos: number, max: number, name: string): boolean => name.length > 1 && !isTagError(readTag(src, pos, max));

function open(state: StateBlock | StateInline, tag: ComponentTag): Token {
  const token = state.push('component_open', PLACEHOLDER, 1);
  token.meta = { name: tag.name, props: tag.props };
  (state.env as Record<string, unknown>)[COMPONENTS_ENV] = true;
  return token;
}

/** Block: a tag at the start of a line with nothing after it, its children (markdown) up to a `</Name>` line. */
function blockRule({ known, problem, unclosed, unknown }: Registry) {
  return (state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean => {
    const start = state.bMarks[startLine] + state.tShift[startLine];
    const src = state.src;
    if (src.charCodeAt(start) !== 0x3c || !isUpper(src.charCodeAt(start + 1)) || state.sCount[startLine] - state.blkIndent >= 4) return false;
    const name = tagName(src, start);
    if (!name) return false;
    const max = state.eMarks[endLine - 1];
    const at = (offset: number, line = startLine): Place => {
      while (line + 1 < endLine && state.bMarks[line + 1] <= offset) line++;
      return { line, column: offset - state.bMarks[line] + 1 };
    };
    if (!known.has(name)) {
      if (!silent && unregistered(src, start, max, name)) problem(state.env, unknown(name), at(start), true);
      return false;
    }
    const tag = readTag(src, start, max);
    if (isTagError(tag)) {
      if (!silent) problem(state.env, `Invalid <${name}> tag: ${tag.error}`, at(tag.at));
      return false;
    }
    let tagLine = startLine;
    while (tagLine + 1 < endLine && state.bMarks[tagLine + 1] <= tag.end) tagLine++;
    const rest = src.slice(tag.end, state.eMarks[tagLine]);
    if (rest.trim()) return tagLine === startLine && inlineChildren(state, tag, rest, startLine, silent);
    if (tag.selfClosing) {
      if (silent) return true;
      open(state, tag).map = [startLine, tagLine + 1];
      state.push('component_close', PLACEHOLDER, -1);
      state.line = tagLine + 1;
      return true;
    }
    const closeLine = closingLine(state, tagLine + 1, endLine, name);
    if (closeLine < 0) {
      if (!silent) problem(state.env, unclosed(name), at(start));
      return false;
    }
    if (!silent) blockChildren(state, tag, startLine, tagLine, closeLine);
    return true;
  };
}

/** `<Tab label="a">text</Tab>` alone on its line: inline children. */
function inlineChildren(state: StateBlock, tag: ComponentTag, rest: string, line: number, silent: boolean): boolean {
  const trimmed = rest.trimEnd();
  const close = tag.selfClosing ? -1 : trimmed.lastIndexOf(`</${tag.name}`);
  if (close < 0 || closingTagEnd(trimmed, close, tag.name) !== trimmed.length) return false;
  if (silent) return true;
  open(state, tag).map = [line, line + 1];
  const inline = state.push('inline', '', 0);
  inline.content = rest.slice(0, close).trim();
  inline.map = [line, line + 1];
  inline.children = [];
  state.push('component_close', PLACEHOLDER, -1);
  state.line = line + 1;
  return true;
}

/** The lines between the tag's and its closing line's, parsed as markdown inside the component. */
function blockChildren(state: StateBlock, tag: ComponentTag, startLine: number, tagLine: number, closeLine: number): void {
  const { parentType, lineMax, blkIndent } = state;
  open(state, tag).map = [startLine, closeLine + 1];
  state.parentType = 'component' as typeof parentType;
  state.lineMax = closeLine;
  state.blkIndent = state.sCount[startLine];
  state.md.block.tokenize(state, tagLine + 1, closeLine);
  state.parentType = parentType;
  state.lineMax = lineMax;
  state.blkIndent = blkIndent;
  state.push('component_close', PLACEHOLDER, -1);
  state.line = closeLine + 1;
}

/** Inline: `<Badge text="new" />` or `<Badge>new</Badge>` inside a paragraph. */
function inlineRule({ known, problem, unclosed, unknown }: Registry) {
  return (state: StateInline, silent: boolean): boolean => {
    const src = state.src;
    const pos = state.pos;
    if (src.charCodeAt(pos) !== 0x3c || !isUpper(src.charCodeAt(pos + 1))) return false;
    const name = tagName(src, pos);
    if (!name) return false;
    const place = (offset: number) => inlinePlace(state, offset);
    if (!known.has(name)) {
      if (!isWordChar(src.charCodeAt(pos - 1)) && unregistered(src, pos, state.posMax, name)) problem(state.env, unknown(name), place(pos), true);
      return false;
    }
    const tag = readTag(src, pos, state.posMax);
    if (isTagError(tag)) {
      problem(state.env, `Invalid <${name}> tag: ${tag.error}`, place(tag.at));
      return false;
    }
    if (tag.selfClosing) {
      if (!silent) {
        open(state, tag);
        state.push('component_close', PLACEHOLDER, -1);
      }
      state.pos = tag.end;
      return true;
    }
    const close = closingTag(src, tag.end, state.posMax, name);
    if (!close) {
      problem(state.env, unclosed(name), place(pos));
      return false;
    }
    if (!silent) {
      const posMax = state.posMax;
      open(state, tag);
      state.pos = tag.end;
      state.posMax = close.start;
      state.md.inline.tokenize(state);
      state.posMax = posMax;
      state.push('component_close', PLACEHOLDER, -1);
    }
    state.pos = close.end;
    return true;
  };
}

/** markdown-it's core `inline` rule, with the token being parsed and the body's source in the env (for inlinePlace). */
function parseInlineNoted(state: StateCore): void {
  const env = state.env as Record<string, unknown>;
  env[BODY] = state.src;
  for (const token of state.tokens) {
    if (token.type !== 'inline') continue;
    env[INLINE_TOKEN] = token;
    state.md.inline.parse(token.content, state.md, state.env, token.children!);
  }
  env[INLINE_TOKEN] = undefined;
  env[BODY] = undefined;
}

/** The line of the `</Name>` that closes a block tag opened before `from`, skipping fenced code and nested `<Name>`s; -1 if none. */
function closingLine(state: StateBlock, from: number, endLine: number, name: string): number {
  let depth = 0;
  let fence = '';
  for (let line = from; line < endLine; line++) {
    const start = state.bMarks[line] + state.tShift[line];
    const end = state.eMarks[line];
    if (start < end && state.sCount[line] < state.blkIndent) return -1;
    const text = state.src.slice(start, end).trimEnd();
    const marker = /^(`{3,}|~{3,})/.exec(text)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && text.slice(marker.length).trim() === '') fence = '';
      continue;
    }
    if (marker) {
      fence = marker;
      continue;
    }
    if (closingTagEnd(text, 0, name) === text.length) {
      if (depth === 0) return line;
      depth--;
    } else if (tagName(text, 0) === name) {
      const tag = readTag(text, 0);
      if (!isTagError(tag) && !tag.selfClosing && tag.end === text.length) depth++;
    }
  }
  return -1;
}

/** The `</Name>` closing an inline tag whose children start at `from`, nested `<Name>`s skipped. */
function closingTag(src: string, from: number, max: number, name: string): { start: number; end: number } | undefined {
  let depth = 0;
  for (let i = src.indexOf('<', from); i >= 0 && i < max; i = src.indexOf('<', i + 1)) {
    const end = closingTagEnd(src, i, name);
    if (end > 0 && end <= max) {
      if (depth === 0) return { start: i, end };
      depth--;
    } else if (tagName(src, i) === name) {
      const tag = readTag(src, i, max);
      if (!isTagError(tag) && !tag.selfClosing) depth++;
    }
  }
  return undefined;
}

/** The line and column of `offset` in the inline token being parsed, found in the body's own line. */
function inlinePlace(state: StateInline, offset: number): Place {
  const token = (state.env as Record<string, unknown>)[INLINE_TOKEN] as Token | undefined;
  const before = state.src.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  const line = (token?.map?.[0] ?? 0) + (before.match(/\n/g)?.length ?? 0);
  const lineEnd = state.src.indexOf('\n', offset);
  const contentLine = state.src.slice(lineStart, lineEnd < 0 ? undefined : lineEnd);
  const text = contentLine.trim();
  // The body line holds the content line's text after its indentation (or a quote's `>`).
  const body = (state.env as Record<string, unknown>)[BODY];
  const bodyLine = typeof body === 'string' ? (body.split('\n')[line] ?? '') : '';
  const shift = Math.max(0, bodyLine.indexOf(text) - (contentLine.length - contentLine.trimStart().length));
  return { line, column: shift + offset - lineStart + 1 };
}
