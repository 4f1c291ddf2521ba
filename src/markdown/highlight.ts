/**
 * Build-time syntax highlighting with shiki, behind one small module.
 * Synchronous (shiki's JavaScript regex engine), so markdown-it's `highlight` option
 * and React components can both call it while rendering. Light and dark colours are
 * emitted as CSS variables (--shiki-light / --shiki-dark); the stylesheet picks one.
 */
import { createHighlighterCore, createHighlighterCoreSync, type HighlighterCore } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { INITIAL, Theme, type StateStack } from '@shikijs/vscode-textmate';
import { escapeHtml } from '../html.ts';
import githubLight from 'shiki/themes/github-light.mjs';
import githubDark from 'shiki/themes/github-dark.mjs';
import bash from 'shiki/langs/bash.mjs';
import yaml from 'shiki/langs/yaml.mjs';
import json from 'shiki/langs/json.mjs';
import javascript from 'shiki/langs/javascript.mjs';
import typescript from 'shiki/langs/typescript.mjs';
import tsx from 'shiki/langs/tsx.mjs';
import go from 'shiki/langs/go.mjs';
import python from 'shiki/langs/python.mjs';
import ruby from 'shiki/langs/ruby.mjs';
import php from 'shiki/langs/php.mjs';
import java from 'shiki/langs/java.mjs';
import csharp from 'shiki/langs/csharp.mjs';
import toml from 'shiki/langs/toml.mjs';
import ini from 'shiki/langs/ini.mjs';
import docker from 'shiki/langs/docker.mjs';
import sql from 'shiki/langs/sql.mjs';
import http from 'shiki/langs/http.mjs';
import xml from 'shiki/langs/xml.mjs';
import lua from 'shiki/langs/lua.mjs';
import html from 'shiki/langs/html.mjs';
import css from 'shiki/langs/css.mjs';
import powershell from 'shiki/langs/powershell.mjs';
import markdown from 'shiki/langs/markdown.mjs';
import diff from 'shiki/langs/diff.mjs';

const ALIASES: Record<string, string> = {
  sh: 'bash', shell: 'bash', zsh: 'bash', console: 'bash', shellscript: 'bash',
  yml: 'yaml', js: 'javascript', mjs: 'javascript', cjs: 'javascript', node: 'javascript',
  ts: 'typescript', py: 'python', rb: 'ruby', cs: 'csharp', 'c#': 'csharp',
  dockerfile: 'docker', ps1: 'powershell', pwsh: 'powershell', md: 'markdown', jsonc: 'json',
};

/** Grammars are compiled on first use only: a page of bash pays nothing for Java. */
const GRAMMARS: Record<string, typeof bash> = {
  bash, yaml, json, javascript, typescript, tsx, go, python, ruby, php, java, csharp,
  toml, ini, docker, sql, http, xml, lua, html, css, powershell, markdown, diff,
};

/**
 * One highlighter per thread, shared through globalThis: the template bundle carries its own
 * copy of this module, and both copies must use the instance the worker initialised.
 */
const KEY = Symbol.for('sitegen.highlighter');
const CACHE = Symbol.for('sitegen.highlight-cache');
type Global = { [KEY]?: HighlighterCore; [CACHE]?: Map<string, string> };
const g = globalThis as Global;
const cache = (g[CACHE] ??= new Map<string, string>());

/**
 * Set up the fast engine (oniguruma, WebAssembly) once per thread. It loads asynchronously,
 * so workers await this before they render; without it the pure-JS engine is used.
 */
export async function initHighlighter(): Promise<void> {
  g[KEY] ??= await createHighlighterCore({
    themes: [githubLight, githubDark],
    langs: [],
    engine: createOnigurumaEngine(import('shiki/wasm')),
  });
}

function getHighlighter(): HighlighterCore {
  return (g[KEY] ??= createHighlighterCoreSync({
    themes: [githubLight, githubDark],
    langs: [],
    engine: createJavaScriptRegexEngine({ forgiving: true }),
  }));
}

/** The canonical language id for a fence info string, or undefined when shiki does not know it. */
export function resolveLanguage(lang: string): string | undefined {
  const id = lang.trim().toLowerCase();
  const name = ALIASES[id] ?? id;
  const grammar = GRAMMARS[name];
  if (!grammar) return undefined;
  const hl = getHighlighter();
  if (!hl.getLoadedLanguages().includes(name)) hl.loadLanguageSync(grammar);
  return name;
}

export { escapeHtml };

/** A theme's colours for one scope path: what a token looks like in light and in dark mode. */
interface Style {
  light: string;
  dark: string;
  /** Italic (1) and bold (2), from the light theme. */
  fontStyle: number;
}

interface ScopePath {
  parent: ScopePath | null;
  scopeName: string;
}

interface ResolvedTheme {
  theme: Theme;
  colors: string[];
}

const THEMES = Symbol.for('sitegen.highlight-themes');
type ThemeGlobal = { [THEMES]?: { light: ResolvedTheme; dark: ResolvedTheme; styles: Map<string, Style> } };

/** The two themes as TextMate theme tries, built once per thread from shiki's resolved themes. */
function themes(): NonNullable<ThemeGlobal[typeof THEMES]> {
  const tg = globalThis as ThemeGlobal;
  if (tg[THEMES]) return tg[THEMES];
  const hl = getHighlighter();
  const resolve = (name: string): ResolvedTheme => {
    const raw = hl.getTheme(name);
    const theme = Theme.createFromRawTheme({ name: raw.name, settings: raw.settings });
    return { theme, colors: theme.getColorMap() };
  };
  return (tg[THEMES] = { light: resolve('github-light'), dark: resolve('github-dark'), styles: new Map() });
}

/**
 * A token's colours in both themes from its scopes, with TextMate's rules: each scope of the
 * path may override the foreground and font style set by the scopes around it. Memoised per
 * scope path, so theme matching is nearly free after the first few blocks.
 */
function styleOf(scopes: string[]): Style {
  const t = themes();
  const key = scopes.join(' ');
  let style = t.styles.get(key);
  if (style) return style;
  const resolve = ({ theme, colors }: ResolvedTheme): [string, number] => {
    const defaults = theme.getDefaults();
    let fg = defaults.foregroundId;
    let fontStyle = defaults.fontStyle;
    let path: ScopePath | null = null;
    for (const scopeName of scopes) {
      path = { parent: path, scopeName };
      const match = theme.match(path as never);
      if (!match) continue;
      if (match.fontStyle !== -1) fontStyle = match.fontStyle;
      if (match.foregroundId) fg = match.foregroundId;
    }
    return [colors[fg], fontStyle];
  };
  const [light, fontStyle] = resolve(t.light);
  const [dark] = resolve(t.dark);
  style = { light, dark, fontStyle: fontStyle === -1 ? 0 : fontStyle };
  t.styles.set(key, style);
  return style;
}

/**
 * Tokenise once and colour every token for both themes (shiki's dual-theme output tokenises
 * once per theme): the same markup as shiki's `codeToHtml` with light and dark themes
 * (`--shiki-light` / `--shiki-dark` per span), written directly instead of through a syntax tree.
 * Neighbouring tokens that look the same in both themes share a span.
 */
function dualThemeHtml(code: string, lang: string): string {
  const grammar = getHighlighter().getLanguage(lang);
  let state: StateStack = INITIAL;
  const lines = code.split(/\r\n|\r|\n/).map((line) => {
    if (!line) return '<span class="line"></span>';
    // A line that starts at the grammar's top level (no string, comment or block left open by
    // the lines before it) tokenises the same wherever it appears: `}`, `npm install`, `import`
    // lines repeat across a site's code blocks, so those come from a cache.
    const key = topLevel(state) ? `${state === INITIAL ? 1 : 0}${line}` : undefined;
    const lineCache = key && line.length <= MAX_CACHED_LINE ? linesOf(lang) : undefined;
    const hit = lineCache?.get(key!);
    if (hit) {
      state = hit.state;
      return hit.html;
    }
    const result = grammar.tokenizeLine(line, state, 500);
    state = result.ruleStack;
    let out = '';
    let text = '';
    let current: Style | undefined;
    const flush = () => {
      if (!text || !current) return;
      const italic = current.fontStyle & 1 ? ';font-style:italic' : '';
      const bold = current.fontStyle & 2 ? ';font-weight:bold' : '';
      out += `<span style="--shiki-light:${current.light};--shiki-dark:${current.dark}${italic}${bold}">${escapeHtml(text)}</span>`;
    };
    for (const token of result.tokens) {
      const end = Math.min(token.endIndex, line.length);
      if (end <= token.startIndex) continue;
      const style = styleOf(token.scopes);
      if (!current || style.light !== current.light || style.dark !== current.dark || style.fontStyle !== current.fontStyle) {
        flush();
        current = style;
        text = '';
      }
      text += line.slice(token.startIndex, end);
    }
    flush();
    const html = `<span class="line">${out}</span>`;
    if (lineCache && !result.stoppedEarly) {
      if (lineCache.size >= MAX_CACHED_LINES) lineCache.clear();
      lineCache.set(key!, { html, state });
    }
    return html;
  });
  return `<pre class="shiki shiki-themes github-light github-dark" style="--shiki-light:#24292e;--shiki-dark:#e1e4e8;--shiki-light-bg:#fff;--shiki-dark-bg:#24292e" tabindex="0"><code>${lines.join('\n')}</code></pre>`;
}

const MAX_CACHED_LINE = 240;
const MAX_CACHED_LINES = 20_000;
const LINES = new Map<string, Map<string, { html: string; state: StateStack }>>();

function linesOf(lang: string): Map<string, { html: string; state: StateStack }> {
  let cache = LINES.get(lang);
  if (!cache) LINES.set(lang, (cache = new Map()));
  return cache;
}

/**
 * At the grammar's top level: the state before the first line, or a stack holding only the root
 * rule. Such a state carries nothing from earlier lines but whether this is the first line (which
 * `\A` patterns see), so that goes into the cache key.
 */
function topLevel(state: StateStack): boolean {
  return state === INITIAL || (state as unknown as { parent: unknown }).parent === null;
}

/**
 * Highlight `code` as `lang` and return a `<pre class="shiki">` element.
 * Unknown languages (and `text`) come back escaped, without colours.
 */
export function highlight(code: string, lang: string): string {
  const key = `${lang}\u0000${code}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const language = resolveLanguage(lang);
  const out = language ? dualThemeHtml(code, language) : `<pre class="shiki" tabindex="0"><code>${escapeHtml(code)}</code></pre>`;
  if (cache.size > 5000) cache.clear();
  cache.set(key, out);
  return out;
}

/** The full code block markup shared by markdown fences and the CodeBlock component. */
export function codeBlockHtml(code: string, lang: string, title?: string): string {
  const label = title || lang || 'text';
  const body = highlight(code.replace(/\n$/, ''), lang || 'text');
  return `<div class="code-block" data-lang="${escapeHtml(lang || 'text')}"><div class="code-head"><span class="code-lang">${escapeHtml(label)}</span></div>${body}</div>`;
}
