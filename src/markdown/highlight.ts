/**
 * Build-time syntax highlighting with shiki, synchronous so markdown-it and React components can call it while rendering.
 * Light and dark colours are CSS variables (--shiki-light / --shiki-dark); the stylesheet picks one.
 */
import { createHighlighterCore, createHighlighterCoreSync, type HighlighterCore } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { sharedPatternEngine } from './scanners.ts';
import { INITIAL, Theme, type StateStack } from '@shikijs/vscode-textmate';
import { escapeHtml } from '../html.ts';
import { decorate, readNotation, type CodeOptions } from './code-lines.ts';
import { COPY_BUTTON } from './ui-strings.ts';
import githubLight from 'shiki/themes/github-light.mjs';
import githubDark from 'shiki/themes/github-dark.mjs';
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { LanguageRegistration } from 'shiki/core';
import { canonical, grammarModules } from './languages.ts';
import { GrammarSet } from './grammars.ts';

export { LANGUAGES, canonical } from './languages.ts';

/** The grammars to load for these languages (each with those it reaches by scope name), in a fixed order. */
function toLoad(names: string[]): string[] {
  const modules = new Set<string>();
  for (const name of [...new Set(names)].sort()) for (const module of grammarModules(name)) if (!grammars().has(module)) modules.add(module);
  return [...modules];
}

/** One highlighter per thread, on globalThis: the template bundle's copy of this module must use the worker's instance and loader. */
const KEY = Symbol.for('sitegen.highlighter');
const CACHE = Symbol.for('sitegen.highlight-cache');
const LOADER = Symbol.for('sitegen.grammar-loader');
interface Loader {
  /** The module of a language's grammar (with the grammars it embeds). */
  url(name: string): string;
  /** Set in workers: a missing grammar throws MissingLanguage, to be loaded and the work redone. */
  deferred: boolean;
}
const GRAMMARS = Symbol.for('sitegen.grammars');
type Global = { [KEY]?: HighlighterCore; [GRAMMARS]?: GrammarSet; [CACHE]?: Map<string, string>; [LOADER]?: Loader };
const g = globalThis as Global;
const cache = (g[CACHE] ??= new Map<string, string>());
g[LOADER] ??= { url: (name) => import.meta.resolve(`shiki/langs/${name}.mjs`), deferred: false };

/** Thrown in workers when a grammar is not loaded yet (loading is async, highlighting sync): the worker loads it and redoes the document. */
export interface MissingLanguage extends Error {
  missingLanguage: string;
}

export function missingLanguage(error: unknown): string | undefined {
  return (error as Partial<MissingLanguage> | null)?.missingLanguage;
}

/** Workers: a missing grammar throws MissingLanguage instead of being loaded synchronously. */
export function deferLanguageLoading(): void {
  g[LOADER]!.deferred = true;
}

/** Set up the fast oniguruma (WebAssembly) engine once per thread; without it the pure-JS engine is used. */
export async function initHighlighter(languages: readonly string[] = []): Promise<void> {
  if (!g[KEY]) {
    // The .wasm file rather than `shiki/wasm` (a large base64 module), as an instantiator: given bytes, shiki would
    // test for `Response`, which loads Node's fetch.
    const engine = sharedPatternEngine(
      await createOnigurumaEngine(
        readFile(fileURLToPath(import.meta.resolve('shiki/onig.wasm'))).then((bytes) => ({
          instantiator: (imports) => WebAssembly.instantiate(bytes, imports),
        })),
      ),
    );
    g[KEY] ??= await createHighlighterCore({ themes: [githubLight, githubDark], langs: [], engine });
    g[GRAMMARS] ??= new GrammarSet(engine);
  }
  await loadLanguages(languages);
}

/** Load these languages' grammars (canonical names or aliases; unknown ones are skipped). */
export async function loadLanguages(languages: readonly string[]): Promise<void> {
  const names = toLoad(languages.map(canonical).filter((name): name is string => !!name));
  const modules = await Promise.all(names.map((name) => import(g[LOADER]!.url(name)) as Promise<{ default: LanguageRegistration[] }>));
  for (const mod of modules) grammars().add(mod.default);
}

const FENCE_INFO = /^[ \t>]*(?:`{3,}|~{3,})[ \t]*([\w#+.-]+)/gm;

/** The languages a markdown source's fences name, so a worker loads their grammars before it parses. */
export function fenceLanguages(markdown: string): string[] {
  if (!markdown.includes('```') && !markdown.includes('~~~')) return [];
  return Array.from(markdown.matchAll(FENCE_INFO), (m) => m[1]);
}

/** Outside workers, load a grammar synchronously: Node 20 cannot import synchronously, so a child Node process reads it. */
function loadLanguageNow(name: string): void {
  const urls = toLoad([name]).map((n) => g[LOADER]!.url(n));
  const script = `const urls = ${JSON.stringify(urls)}; const out = []; for (const url of urls) out.push((await import(url)).default); process.stdout.write(JSON.stringify(out));`;
  const json = execFileSync(process.execPath, ['--input-type=module', '-e', script], { maxBuffer: 256 * 1024 * 1024 });
  for (const mod of JSON.parse(json.toString('utf8')) as LanguageRegistration[][]) grammars().add(mod);
}

function getHighlighter(): HighlighterCore {
  return (g[KEY] ??= createHighlighterCoreSync({
    themes: [githubLight, githubDark],
    langs: [],
    engine: createJavaScriptRegexEngine({ forgiving: true }),
  }));
}

/** The thread's grammars, on the engine of its highlighter (the pure-JS one when initHighlighter was not called). */
function grammars(): GrammarSet {
  return (g[GRAMMARS] ??= new GrammarSet(createJavaScriptRegexEngine({ forgiving: true })));
}

/** The canonical language id for a fence info string, or undefined when shiki does not know it. */
export function resolveLanguage(lang: string): string | undefined {
  const name = canonical(lang);
  if (!name) return undefined;
  if (!grammars().has(name)) {
    if (g[LOADER]!.deferred) throw Object.assign(new Error(`the ${name} grammar is not loaded yet`), { missingLanguage: name }) satisfies MissingLanguage;
    loadLanguageNow(name);
  }
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

/** A token's colours in both themes from its scopes, by TextMate's rules; memoised per scope path. */
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

/** shiki's dual-theme `codeToHtml` markup, from one tokenisation instead of one per theme; like-styled tokens share a span. */
function dualThemeHtml(code: string, lang: string): string {
  const grammar = grammars().grammar(lang);
  let state: StateStack = INITIAL;
  const lines = code.split(/\r\n|\r|\n/).map((line) => {
    if (!line) return '<span class="line"></span>';
    // A line starting at the grammar's top level tokenises the same anywhere, so repeated lines come from a cache.
    const key = topLevel(state) ? `${state === INITIAL ? 1 : 0}${line}` : undefined;
    const lineCache = key && line.length <= MAX_CACHED_LINE ? linesOf(lang) : undefined;
    const hit = lineCache?.get(key!);
    if (hit) {
      state = hit.state;
      return hit.html;
    }
    // No time limit: it would make the output depend on machine load, and builds must be byte-identical.
    const result = grammar.tokenizeLine(line, state, 0);
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
    if (lineCache) {
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

/** At the grammar's top level: nothing carries over from earlier lines but whether this is the first (`\A`), which the cache key holds. */
function topLevel(state: StateStack): boolean {
  return state === INITIAL || (state as unknown as { parent: unknown }).parent === null;
}

/** `code` as a `<pre class="shiki">` element; unknown languages (and `text`) come back escaped, without colours. */
export function highlight(code: string, lang: string): string {
  const key = `${lang}\u0000${code}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const language = resolveLanguage(lang);
  const out = language ? dualThemeHtml(code, language) : `<pre class="shiki" tabindex="0"><code>${plainLines(code)}</code></pre>`;
  if (cache.size > 5000) cache.clear();
  cache.set(key, out);
  return out;
}

/** Uncoloured code as lines, like the highlighted ones, so line classes and numbers apply to it too. */
function plainLines(code: string): string {
  return code
    .split(/\r\n|\r|\n/)
    .map((line) => `<span class="line">${escapeHtml(line)}</span>`)
    .join('\n');
}

/**
 * The full code block markup shared by markdown fences and the CodeBlock component; markers are cut before highlighting.
 * `button`: the copy button in the page's language (markdown/ui-strings.ts).
 */
export function codeBlockHtml(code: string, lang: string, title?: string, options: CodeOptions = {}, button = COPY_BUTTON): string {
  const label = title || lang || 'text';
  const notation = readNotation(code.replace(/\n$/, ''));
  const body = decorate(highlight(notation.code, lang || 'text'), notation, options);
  return `<div class="code-block" data-lang="${escapeHtml(lang || 'text')}"><div class="code-head"><span class="code-lang">${escapeHtml(label)}</span>${button}</div>${body}</div>`;
}
