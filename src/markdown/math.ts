/**
 * Math: `$…$` inline and `$$…$$` display (@mdit/plugin-tex's syntax: a `$` followed by a space, or closing before a
 * digit, stays text, so `$5 and $10` is prose), rendered at build time by KaTeX to HTML and MathML.
 */
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
    const display = token.type === 'math_block';
    const { html, error } = renderMath(token.content, display);
    token.meta = { html: display ? `${html}\n` : html };
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
      for (const child of block.children) if (child.type === 'math_inline') render(child, block.map?.[0] ?? 0);
  }
}

export function math(md: MarkdownIt): void {
  const dollar = ruleAdded(md.inline.ruler, () => md.use(tex, { render: (source, displayMode) => renderMath(source, displayMode).html }));
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
}
