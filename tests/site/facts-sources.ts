/**
 * Where the Ferrygate site shows code, and the `ferry` commands inside it. Used by facts.test.ts.
 *
 * Sources: every markdown file under content/ (fenced blocks, inline code, front matter), the code
 * samples and <code> text of site/pages/*.tsx (read with the TypeScript parser, so template
 * literals arrive unescaped), the strings of site/data/*.json, the verifier files of
 * site/data/hmac/ that /hmac-verification shows and the code files of content/_snippets/ that pages include.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import matter from 'gray-matter';
import yaml from 'js-yaml';
import MarkdownIt from 'markdown-it';
import ts from 'typescript';
import { ROOT } from '../helpers.ts';

/** A fenced code block, or a code sample of a page. `line` is 1-based, in the source file. */
export interface Block {
  file: string;
  line: number;
  lang: string;
  code: string;
}
/** Inline code (`…` in markdown, <code> on pages, a one-line command string). */
export interface Span {
  file: string;
  line: number;
  text: string;
}
export interface Source {
  file: string;
  /** Posts only: the publication date, YYYY-MM-DD. */
  date?: string;
  /** The whole file as written. */
  raw: string;
  blocks: Block[];
  spans: Span[];
}

const md = new MarkdownIt({ html: true });

/** A fence's language: the info string up to a space or the options that may follow it (`js{3-5}`, `ts:line-numbers`, `js[label]`). */
const fenceLang = (info: string) => /^[^\s{:[="']+/.exec(info.trim())?.[0] ?? '';

/** A notation marker (`// [!code ++]`, `# [!code --]`, `<!-- [!code focus] -->`…) in a comment at the end of a line. */
const MARKER = /\s*(?:\/\/|#|--|%|;|\{?\/\*|<!--)\s*\[!code (\+\+|--|focus|highlight|hl|error|warning)(?::\d+)?\]\s*(?:\*\/\}?|-->)?\s*$/;

/**
 * The code as a reader copies it: marker comments removed and the removed side of a diff (`[!code --]`) left out, so a
 * snippet showing a change is checked as the code it ends with. A removed line becomes empty, so line numbers still match.
 */
export function readerCode(code: string): string {
  if (!code.includes('[!code')) return code;
  return code
    .split('\n')
    .map((line) => {
      const m = MARKER.exec(line);
      if (!m) return line;
      return m[1] === '--' ? '' : line.slice(0, m.index);
    })
    .join('\n');
}

function markdownSource(file: string): Source {
  const raw = readFileSync(join(ROOT, file), 'utf8');
  const parsed = matter(raw);
  const offset = raw.slice(0, raw.length - parsed.content.length).split('\n').length - 1;
  const blocks: Block[] = [];
  const spans: Span[] = [];
  for (const token of md.parse(parsed.content, {})) {
    const line = (token.map?.[0] ?? 0) + offset + 1;
    if (token.type === 'fence') blocks.push({ file, line, lang: fenceLang(token.info), code: readerCode(token.content) });
    if (token.type === 'inline') {
      for (const child of token.children ?? []) if (child.type === 'code_inline') spans.push({ file, line, text: child.content });
    }
  }
  // Front matter (FAQ answers, descriptions) may hold inline code too.
  walkStrings(parsed.data, (s) => {
    for (const m of s.matchAll(/`([^`]+)`/g)) spans.push({ file, line: 1, text: m[1] });
  });
  const date = /^content\/blog\//.test(file) ? String(parsed.data.date ?? '').slice(0, 10) : undefined;
  return { file, date, raw, blocks, spans };
}

function walkStrings(value: unknown, visit: (s: string) => void): void {
  if (typeof value === 'string') visit(value);
  else if (Array.isArray(value)) value.forEach((v) => walkStrings(v, visit));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => walkStrings(v, visit));
}

function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((s) => '${…}' + s.literal.text).join('');
  return undefined;
}

function pageSource(file: string): Source {
  const raw = readFileSync(join(ROOT, file), 'utf8');
  const sf = ts.createSourceFile(file, raw, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const blocks: Block[] = [];
  const spans: Span[] = [];
  const lineOf = (node: ts.Node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
  const inSample = new Set<ts.Node>();
  const visit = (node: ts.Node): void => {
    // { label, lang, code } objects: the code tabs.
    if (ts.isObjectLiteralExpression(node)) {
      const prop = (name: string) =>
        node.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name);
      const code = prop('code');
      const lang = prop('lang');
      const text = code && literalText(code.initializer);
      if (code && text !== undefined) {
        blocks.push({ file, line: lineOf(code.initializer), lang: (lang && literalText(lang.initializer)) ?? '', code: text });
        inSample.add(code.initializer);
      }
    }
    // <code>ferry bin create</code>
    if (ts.isJsxElement(node) && node.openingElement.tagName.getText(sf) === 'code') {
      const text = node.children
        .map((c) => (ts.isJsxText(c) ? c.text : ts.isJsxExpression(c) && c.expression ? (literalText(c.expression) ?? '') : ''))
        .join('');
      spans.push({ file, line: lineOf(node), text });
    }
    const text = inSample.has(node) ? undefined : literalText(node);
    if (text !== undefined) {
      if (/\n/.test(text) && /(^|\n)\s*(\$ )?(curl|ferry|docker) /.test(text)) blocks.push({ file, line: lineOf(node), lang: 'bash', code: text });
      else if (/^\s*ferry [a-z-]/.test(text)) spans.push({ file, line: lineOf(node), text: text.trim() });
      else for (const m of text.matchAll(/`([^`]+)`/g)) spans.push({ file, line: lineOf(node), text: m[1] });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { file, raw, blocks, spans };
}

function dataSource(file: string): Source {
  const raw = readFileSync(join(ROOT, file), 'utf8');
  const spans: Span[] = [];
  walkStrings(JSON.parse(raw), (s) => {
    for (const m of s.matchAll(/`([^`]+)`/g)) spans.push({ file, line: 1, text: m[1] });
  });
  return { file, raw, blocks: [], spans };
}

/** The verifiers of /hmac-verification, and the code files content pages include (`<<< @/_snippets/…`), one code sample each. */
function snippetSource(file: string): Source {
  const raw = readFileSync(join(ROOT, file), 'utf8');
  const ext = file.split('.').pop() ?? '';
  const lang = ({ mjs: 'js', py: 'python', go: 'go', rb: 'ruby', php: 'php', java: 'java', cs: 'csharp', sh: 'bash' } as Record<string, string>)[ext] ?? ext;
  return { file, raw, blocks: [{ file, line: 1, lang, code: raw }], spans: [] };
}

let cached: Source[] | undefined;

/** Every page source of the site, read once. */
export function siteSources(): Source[] {
  if (cached) return cached;
  const rel = (pattern: string) => fg.sync(pattern, { cwd: ROOT }).sort();
  cached = [
    ...rel('content/**/*.md').map(markdownSource),
    ...rel('site/pages/*.tsx').map(pageSource),
    ...rel('site/data/*.json').map(dataSource),
    ...rel('site/data/hmac/*').map(snippetSource),
    ...rel('content/_snippets/**/*').map(snippetSource),
  ];
  return cached;
}

// ---------------------------------------------------------------------------------------------
// Shell: find `ferry …` invocations in a block of code.

/** One word of a command line: its value with quotes removed, and whether the shell would expand it. */
export interface Word {
  value: string;
  dynamic: boolean;
}
export interface Invocation {
  file: string;
  line: number;
  /** The command line as written (one logical line). */
  text: string;
  /** The words after `ferry`. */
  argv: Word[];
  /** Arguments may be appended at run time (xargs), so a missing positional is no error. */
  openEnded?: boolean;
}
/** A problem found while reading commands, such as a ferryd image started without `ferry`. */
export interface ShellProblem {
  file: string;
  line: number;
  text: string;
  message: string;
}

const SHELL_LANGS = new Set(['bash', 'sh', 'shell', 'zsh', 'console', 'powershell', 'ps1', 'pwsh', 'dockerfile', '']);

type Token = { op: string } | { word: Word; raw: string };

/** A small POSIX-ish lexer: quotes, $( ) and ` `, comments, control operators and redirections. */
function lex(line: string): Token[] {
  const tokens: Token[] = [];
  // `<name>` in documentation is a placeholder word, not a redirection.
  const placeholder = (at: number) => /^<[A-Za-z][^<>\s]*>/.exec(line.slice(at))?.[0];
  let i = 0;
  while (i < line.length) {
    const c = line[i];
    if (c === ' ' || c === '\t') {
      i++;
      continue;
    }
    if (c === '#') break;
    const op = placeholder(i) ? null : /^(\|\||&&|;;|2>&1|&>|>>|[0-9]?>|<<|<|\||;|&)/.exec(line.slice(i));
    if (op) {
      tokens.push({ op: op[1] });
      i += op[1].length;
      continue;
    }
    let value = '';
    let dynamic = false;
    const start = i;
    while (i < line.length && (!/[\s|;&<>]/.test(line[i]) || placeholder(i))) {
      const ch = line[i];
      const ph = placeholder(i);
      if (ph) {
        value += ph;
        i += ph.length;
      } else if (ch === "'") {
        const end = line.indexOf("'", i + 1);
        value += line.slice(i + 1, end < 0 ? line.length : end);
        i = end < 0 ? line.length : end + 1;
      } else if (ch === '"') {
        let j = i + 1;
        while (j < line.length && line[j] !== '"') {
          if (line[j] === '\\') j++;
          else if (line[j] === '$') dynamic = true;
          j++;
        }
        value += line.slice(i + 1, j).replace(/\\(["\\$`])/g, '$1');
        i = j + 1;
      } else if (ch === '$' && line[i + 1] === '(') {
        let depth = 0;
        let j = i + 1;
        for (; j < line.length; j++) {
          if (line[j] === '(') depth++;
          else if (line[j] === ')' && --depth === 0) break;
        }
        value += line.slice(i, j + 1);
        dynamic = true;
        i = j + 1;
      } else if (ch === '`') {
        const end = line.indexOf('`', i + 1);
        value += line.slice(i, end < 0 ? line.length : end + 1);
        dynamic = true;
        i = end < 0 ? line.length : end + 1;
      } else if (ch === '\\') {
        value += line[i + 1] ?? '';
        i += 2;
      } else {
        if (ch === '$') dynamic = true;
        value += ch;
        i++;
      }
    }
    tokens.push({ word: { value, dynamic }, raw: line.slice(start, i) });
  }
  return tokens;
}

/** Command substitutions and quoted scripts inside a line, scanned as command lines of their own. */
function nestedScripts(line: string): string[] {
  const found: string[] = [];
  for (let i = line.indexOf('$('); i >= 0; i = line.indexOf('$(', i + 2)) {
    let depth = 0;
    for (let j = i + 1; j < line.length; j++) {
      if (line[j] === '(') depth++;
      else if (line[j] === ')' && --depth === 0) {
        found.push(line.slice(i + 2, j));
        break;
      }
    }
  }
  return found;
}

const PREFIX_WORDS = new Set(['do', 'then', 'else', 'if', 'while', 'until', '!', '{', '(', 'time', 'exec', 'nohup', 'command', 'sudo', 'env']);
const isFerry = (w: string) => w === 'ferry' || /^(\$HOME|~|\.)?[\w./$-]*\/ferry$/.test(w);

function simpleCommands(tokens: Token[]): Word[][] {
  const out: Word[][] = [];
  let current: Word[] = [];
  let redirect = false;
  for (const t of tokens) {
    if ('op' in t) {
      if (/^([0-9]?>|>>|&>|<<?)$/.test(t.op)) {
        redirect = true;
        continue;
      }
      if (t.op === '2>&1') continue;
      if (current.length) out.push(current);
      current = [];
      continue;
    }
    if (redirect) {
      redirect = false;
      continue;
    }
    current.push(t.word);
  }
  if (current.length) out.push(current);
  return out;
}

/**
 * Every `ferry` invocation in one logical command line (continuations already joined), including
 * those inside $( ), `trap '…'`, `sh -c '…'`, `xargs …`, `docker exec`, `kubectl exec … --`, and
 * commands given to the ferrygate/ferryd image.
 */
export function invocationsInLine(text: string, at: { file: string; line: number }, problems: ShellProblem[]): Invocation[] {
  const found: Invocation[] = [];
  const line = text.replace(/^\s*(\$|PS [^>]*>|>)\s+/, '');
  for (const inner of nestedScripts(line)) found.push(...invocationsInLine(inner, at, problems));
  for (let words of simpleCommands(lex(line))) {
    let openEnded = false;
    for (;;) {
      while (words.length && (/^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0].value) || PREFIX_WORDS.has(words[0].value))) {
        if (words[0].value === 'sudo') {
          words = words.slice(1);
          while (words.length && words[0].value.startsWith('-')) words = words.slice(1);
          continue;
        }
        words = words.slice(1);
      }
      const head = words[0]?.value;
      if (head === 'trap' || ((head === 'sh' || head === 'bash') && words[1]?.value === '-c')) {
        const script = head === 'trap' ? words[1]?.value : words[2]?.value;
        if (script) found.push(...invocationsInLine(script, at, problems));
        words = [];
      } else if (head === 'xargs') {
        words = words.slice(1);
        while (words.length && words[0].value.startsWith('-')) {
          const flag = words[0].value;
          words = words.slice(/^-[IPnLds]$/.test(flag) ? 2 : 1);
        }
        openEnded = true;
        continue;
      } else if (head === 'docker' && words[1]?.value === 'exec') {
        let rest = words.slice(2);
        while (rest.length && rest[0].value.startsWith('-')) rest = rest.slice(/^-(e|u|w|-env|-user|-workdir)$/.test(rest[0].value) ? 2 : 1);
        words = rest.slice(1);
        continue;
      } else if (head === 'kubectl' && words.some((w) => w.value === 'exec')) {
        const dash = words.findIndex((w) => w.value === '--');
        words = dash >= 0 ? words.slice(dash + 1) : [];
        continue;
      } else if (head === 'docker' && words[1]?.value === 'run') {
        const image = words.findIndex((w) => /^ferrygate\/ferryd(:|$)/.test(w.value));
        if (image >= 0) {
          const rest = words.slice(image + 1);
          if (rest.length && !isFerry(rest[0].value)) {
            problems.push({
              ...at,
              text,
              message: `ferrygate/ferryd runs "${rest.map((w) => w.value).join(' ')}": a command given to the image must start with "ferry"`,
            });
          }
          words = rest;
          continue;
        }
        words = [];
      }
      break;
    }
    if (words.length && isFerry(words[0].value)) found.push({ ...at, text: line.trim(), argv: words.slice(1), openEnded });
  }
  return found;
}

function joinContinuations(code: string, marker: '\\' | '`'): { text: string; line: number }[] {
  const out: { text: string; line: number }[] = [];
  let pending: { text: string; line: number } | undefined;
  code.split('\n').forEach((raw, i) => {
    const continued = marker === '\\' ? /\\\s*$/.test(raw) && !/^\s*#/.test(raw) : /\s`$/.test(raw);
    const body = continued ? raw.replace(marker === '\\' ? /\\\s*$/ : /`$/, ' ') : raw;
    if (pending) pending.text += ' ' + body.trim();
    else pending = { text: body, line: i };
    if (!continued) {
      out.push(pending);
      pending = undefined;
    }
  });
  if (pending) out.push(pending);
  return out;
}

/** Strings of a YAML or JSON document, with arrays of words (["ferry", "status"]) joined into lines. */
function structuredLines(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(...value.split('\n'));
  else if (Array.isArray(value)) {
    if (value.length && value.every((v) => typeof v === 'string')) {
      const words = (value as string[])[0] === 'CMD' || (value as string[])[0] === 'CMD-SHELL' ? (value as string[]).slice(1) : (value as string[]);
      if (words[0] === 'ferry') out.push(words.map((w) => (/[\s"'$]/.test(w) ? `'${w}'` : w)).join(' '));
      else value.forEach((v) => structuredLines(v, out));
    } else value.forEach((v) => structuredLines(v, out));
  } else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (o.command === 'ferry' && Array.isArray(o.args)) out.push(['ferry', ...(o.args as string[])].join(' '));
    Object.values(o).forEach((v) => structuredLines(v, out));
  }
}

/** All `ferry` invocations of a code block, by language. */
export function invocationsInBlock(block: Block, problems: ShellProblem[]): Invocation[] {
  const lang = block.lang.toLowerCase();
  const at = (offset: number) => ({ file: block.file, line: block.line + 1 + offset });
  const found: Invocation[] = [];
  if (lang === 'text' || lang === 'txt' || lang === 'output') {
    block.code.split('\n').forEach((l, i) => {
      if (/^\s*\$ /.test(l)) found.push(...invocationsInLine(l, at(i), problems));
    });
    return found;
  }
  if (lang === 'yaml' || lang === 'yml' || lang === 'json') {
    const lines: string[] = [];
    try {
      for (const doc of yaml.safeLoadAll(block.code)) structuredLines(doc, lines);
    } catch {
      // A fragment that doesn't parse on its own: read it line by line.
      for (const l of block.code.split('\n')) lines.push(l.replace(/^\s*(-\s+)?([\w.-]+:\s*)?/, ''));
    }
    for (const l of lines) {
      const index = block.code.split('\n').findIndex((src) => src.includes(l.trim().split(' ').slice(0, 3).join(' ')));
      found.push(...invocationsInLine(l, at(Math.max(0, index)), problems));
    }
    return found;
  }
  if (lang === 'ini') {
    block.code.split('\n').forEach((l, i) => {
      const m = /^\s*Exec\w*=[-@!+]*(.*)$/.exec(l);
      if (m) found.push(...invocationsInLine(m[1], at(i), problems));
    });
    return found;
  }
  if (!SHELL_LANGS.has(lang)) return found;
  const marker = lang === 'powershell' || lang === 'ps1' || lang === 'pwsh' ? '`' : '\\';
  for (const { text, line } of joinContinuations(block.code, marker)) found.push(...invocationsInLine(text, at(line), problems));
  return found;
}
