/**
 * Build-time syntax highlighting with shiki, behind one small module.
 * Synchronous (shiki's JavaScript regex engine), so markdown-it's `highlight` option
 * and React components can both call it while rendering. Light and dark colours are
 * emitted as CSS variables (--shiki-light / --shiki-dark); the stylesheet picks one.
 */
import { createHighlighterCore, createHighlighterCoreSync, type HighlighterCore } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
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

interface Token {
  content: string;
  color?: string;
  fontStyle?: number;
}

/**
 * Tokenise once per theme and write the HTML directly: the same markup shiki's dual-theme
 * `codeToHtml` produces (`--shiki-light` / `--shiki-dark` per span), about five times faster,
 * because it skips building and serialising a syntax tree for every block.
 */
function dualThemeHtml(code: string, lang: string): string {
  const hl = getHighlighter();
  const light = hl.codeToTokensBase(code, { lang, theme: 'github-light' }) as Token[][];
  const dark = hl.codeToTokensBase(code, { lang, theme: 'github-dark' }) as Token[][];
  const lines = light.map((lineTokens, i) => {
    const darkTokens = dark[i] ?? [];
    let out = '';
    let a = 0; // index in light tokens
    let b = 0; // index in dark tokens
    let aOff = 0; // characters used of light[a]
    let bOff = 0;
    while (a < lineTokens.length) {
      const ta = lineTokens[a];
      const tb = darkTokens[b];
      const restA = ta.content.length - aOff;
      const restB = tb ? tb.content.length - bOff : restA;
      const take = Math.min(restA, restB);
      const text = ta.content.slice(aOff, aOff + take);
      const italic = (ta.fontStyle ?? 0) & 1 ? ';font-style:italic' : '';
      const bold = (ta.fontStyle ?? 0) & 2 ? ';font-weight:bold' : '';
      if (text) out += `<span style="--shiki-light:${ta.color ?? 'inherit'};--shiki-dark:${tb?.color ?? 'inherit'}${italic}${bold}">${escapeHtml(text)}</span>`;
      aOff += take;
      bOff += take;
      if (aOff >= ta.content.length) {
        a++;
        aOff = 0;
      }
      if (tb && bOff >= tb.content.length) {
        b++;
        bOff = 0;
      }
    }
    return `<span class="line">${out}</span>`;
  });
  return `<pre class="shiki shiki-themes github-light github-dark" style="--shiki-light:#24292e;--shiki-dark:#e1e4e8;--shiki-light-bg:#fff;--shiki-dark-bg:#24292e" tabindex="0"><code>${lines.join('\n')}</code></pre>`;
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
