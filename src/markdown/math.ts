/**
 * Math: `$…$` inline and `$$…$$` display (@mdit/plugin-tex's syntax: a `$` followed by a space, or closing before a
 * digit, stays text, so `$5 and $10` is prose), rendered at build time by KaTeX to HTML and MathML. `$$…$$` inside a
 * paragraph is display math too (as markdown-it-mathjax3, markdown-it-texmath and VS Code render it).
 */
import type StateBlock from 'markdown-it/lib/rules_block/state_block.mjs';
import type StateInline from 'markdown-it/lib/rules_inline/state_inline.mjs';
import { createRequire } from 'node:module';
import { tex } from '@mdit/plugin-tex';
import type Katex from 'katex';
import type MarkdownIt from 'markdown-it';
import type StateCore from 'markdown-it/lib/rules_core/state_core.mjs';
import type Token from 'markdown-it/lib/token.mjs';
import { escapeHtml } from '../html.ts';
import { reportProblem } from './index.ts';
import { ruleAdded } from './rule-added.ts';

/** Set in the env when the document has math: its page links KaTeX's stylesheet. */
export const MATH_ENV = 'sitegenMath';
/** Set when the inline parser made a `$…$` token. */
const INLINE_MATH = 'sitegenInlineMath';

let katex: typeof Katex | undefined;
/** KaTeX is loaded the first time a worker meets math (it takes longer to load than a document to parse). */
const loadKatex = (): typeof Katex => (katex ??= createRequire(import.meta.url)('katex') as typeof Katex);

/** KaTeX's HTML and MathML for `source`, or the source as an error span and KaTeX's message. */
export function renderMath(source: string, displayMode: boolean): { html: string; error?: string } {
  try {
    // `trust` stays off (no \href, \htmlId, …); `strict: 'ignore'` keeps KaTeX from writing warnings to the console.
    return { html: loadKatex().renderToString(source, { displayMode, output: 'htmlAndMathml', throwOnError: true, strict: 'ignore' }) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { html: `<span class="katex-error" title="${escapeHtml(message)}">${escapeHtml(source)}</span>`, error: message };
  }
}

/** Each math token rendered once, at parse time, so bad TeX is reported by `sitegen dev` too (it parses without rendering). */
function renderTokens(state: StateCore): void {
  const render = (token: Token, line: number) => {
    const display = token.type !== 'math_inline';
    const { html, error } = renderMath(token.content, display);
    token.meta = { html: token.type === 'math_block' ? `${html}\n` : html };
    state.env[MATH_ENV] = true;
    if (error) {
      reportProblem(state.env, {
        code: 'SG2016',
        message: `Invalid math: ${error.replace(/^KaTeX parse error: /, '')}`,
        line,
        hint: 'The formula is shown as its TeX source. KaTeX supports most of LaTeX math: https://katex.org/docs/supported. A `$` meant as text can be escaped as `\\$`.',
      });
    }
  };
  const inline = state.env[INLINE_MATH];
  for (const block of state.tokens) {
    if (block.type === 'math_block') render(block, block.map?.[0] ?? 0);
    else if (inline && block.type === 'inline' && block.children)
      for (const child of block.children) if (child.type === 'math_inline' || child.type === DISPLAY_INLINE) render(child, block.map?.[0] ?? 0);
  }
}

/** A `$$…$$` written inside a paragraph: display math in the paragraph's flow. */
export const DISPLAY_INLINE = 'math_display_inline';

/** The end of the `$$…$$` opening at `pos` (after its closing `$$`), or -1 when the `$$` pair is not math. */
function displayInlineEnd(src: string, pos: number, max: number): number {
  if (src.charCodeAt(pos - 1) === 0x5c /* \ */ || src.charCodeAt(pos + 2) === 0x24 /* $ */) return -1;
  let close = pos + 2;
  while ((close = src.indexOf('$$', close)) !== -1 && close < max) {
    let slashes = 0;
    while (src.charCodeAt(close - 1 - slashes) === 0x5c) slashes++;
    if (slashes % 2 === 0) break;
    close += 2;
  }
  if (close === -1 || close >= max || !src.slice(pos + 2, close).trim()) return -1;
  // As for `$`: a closing `$$` before a digit (`$$5 and $$10`) or a third `$` is prose.
  const after = src.charCodeAt(close + 2);
  return after === 0x24 || (after >= 0x30 && after <= 0x39) ? -1 : close + 2;
}

/** `$$…$$` inside a paragraph, as display math. */
function displayInline(state: StateInline, silent: boolean): boolean {
  const pos = state.pos;
  if (state.src.charCodeAt(pos) !== 0x24 || state.src.charCodeAt(pos + 1) !== 0x24) return false;
  const end = displayInlineEnd(state.src, pos, state.posMax);
  if (end === -1) return false;
  if (!silent) {
    const token = state.push(DISPLAY_INLINE, 'math', 0);
    token.markup = '$$';
    token.content = state.src.slice(pos + 2, end - 2).trim();
    state.env[INLINE_MATH] = true;
  }
  state.pos = end;
  return true;
}

export function math(md: MarkdownIt): void {
  let block: ((state: StateBlock, startLine: number, endLine: number, silent: boolean) => boolean) | undefined;
  const dollar = ruleAdded(md.inline.ruler, () => {
    block = ruleAdded(md.block.ruler, () => md.use(tex, { render: (source, displayMode) => renderMath(source, displayMode).html }));
  });
  // A line that starts with `$$…$$` and goes on with text (`$$x^2$$ is the area.`) is a paragraph, not a math block.
  md.block.ruler.at(
    'math_block_dollar',
    (state, startLine, endLine, silent) => {
      const pos = state.bMarks[startLine] + state.tShift[startLine];
      const max = state.eMarks[startLine];
      const end = state.src.charCodeAt(pos) === 0x24 ? displayInlineEnd(state.src, pos, max) : -1;
      if (end !== -1 && state.src.slice(end, max).trim()) return false;
      return block!(state, startLine, endLine, silent);
    },
    { alt: ['paragraph', 'reference', 'blockquote', 'list'] },
  );
  md.inline.ruler.before('math_inline_dollar', 'math_display_inline', displayInline);
  // The inline rule notes when it made a token, so only then are the inline tokens looked through (math blocks are few).
  md.inline.ruler.at('math_inline_dollar', (state, silent) => {
    if (state.src.charCodeAt(state.pos) !== 0x24 /* $ */) return false;
    const count = state.tokens.length;
    if (!dollar(state, silent)) return false;
    if (state.tokens.length > count) state.env[INLINE_MATH] = true;
    return true;
  });
  // After footnotes have moved their definitions to the end (math in a footnote is rendered too), before the ids.
  md.core.ruler.before('anchor', 'math', renderTokens);
  const rendered = (tokens: Token[], idx: number) => (tokens[idx].meta as { html?: string } | null)?.html;
  md.renderer.rules.math_inline = (tokens, idx) => rendered(tokens, idx) ?? renderMath(tokens[idx].content, false).html;
  md.renderer.rules.math_block = (tokens, idx) => rendered(tokens, idx) ?? `${renderMath(tokens[idx].content, true).html}\n`;
  md.renderer.rules[DISPLAY_INLINE] = (tokens, idx) => rendered(tokens, idx) ?? renderMath(tokens[idx].content, true).html;
}
