/**
 * Includes: `<!--@include: ./part.md-->` (with `#region` or `{from,to}` lines) parses another markdown file in place, and
 * `<<< ./file.ext#region{2-4} [title]` shows a code file as a fence. Paths are relative to the including file, or to the
 * content folder with `@/`; every file read is recorded, so the document is parsed again when one changes.
 */
import { readFileSync, realpathSync } from 'node:fs';
import { dirname, extname, isAbsolute, join, relative, resolve } from 'node:path';
import type MarkdownIt from 'markdown-it';
import type StateBlock from 'markdown-it/lib/rules_block/state_block.mjs';
import { hashText } from '../hash.ts';
import { PROBLEMS, reportProblem, type MarkdownProblem } from './problems.ts';

/** What includes need from the document being parsed; without it in the env, directives are left as they are. */
export interface IncludeContext {
  /** The document's file (absolute). */
  file: string;
  /** Where `@/` paths start. */
  contentDir: string;
  /** The project root: files are named relative to it. */
  root: string;
  /** Why a file may not be read (outside the project, in the output, hidden…), or undefined when it may. */
  refusal: (file: string) => string | undefined;
  /** Every file read (or looked for), project-relative, with the hash of its bytes ('' when missing). */
  deps: Map<string, string>;
}

export const INCLUDE_ENV = 'sitegenInclude';
/** The files being included, outermost first (for cycles). */
const CHAIN = 'sitegenIncludeChain';
const MAX_DEPTH = 16;

const display = (file: string, root: string) => relative(root, file).split('\\').join('/');

const INCLUDE = /^<!--\s*@include:\s*(.+?)\s*-->\s*$/;
const SNIPPET = /^<<<\s+([^\s{[]+?)(?:\{([^}]*)\})?(?:\s+\[([^\]]*)\])?\s*$/;
const REGION_START = /#region\b\s*([\w.-]*)/;
const REGION_END = /#endregion\b/;

interface Spec {
  path: string;
  region?: string;
  /** 1-based first and last line (`{3,}`, `{,10}`, `{2,5}`). */
  lines?: [number, number];
}

function parseTarget(target: string): Spec {
  const range = /\{(\d*),?(\d*)\}$/.exec(target);
  let rest = range ? target.slice(0, range.index) : target;
  const lines: [number, number] | undefined = range ? [Number(range[1] || 1), Number(range[2] || Number.POSITIVE_INFINITY)] : undefined;
  const hash = rest.lastIndexOf('#');
  const region = hash > 0 ? rest.slice(hash + 1) : undefined;
  if (hash > 0) rest = rest.slice(0, hash);
  return { path: rest.trim(), ...(region ? { region } : {}), ...(lines ? { lines } : {}) };
}

/** The lines of `text` inside `#region name` … `#endregion` (nested regions counted), without any region marker lines. */
function selectRegion(text: string, name: string): string | undefined {
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex((line) => REGION_START.exec(line)?.[1] === name);
  if (start < 0) return undefined;
  let depth = 1;
  let end = start + 1;
  for (; end < lines.length; end++) {
    if (REGION_START.test(lines[end])) depth++;
    else if (REGION_END.test(lines[end]) && --depth === 0) break;
  }
  return lines
    .slice(start + 1, end)
    .filter((line) => !REGION_START.test(line) && !REGION_END.test(line))
    .join('\n');
}

/** Why a `{from,to}` range selects nothing from a file of `count` lines (it runs backwards, from 0, or past the end). */
function linesProblem([from, to]: [number, number], count: number, key: string): string | undefined {
  const range = `{${from},${Number.isFinite(to) ? to : ''}}`;
  if (from < 1) return `The lines ${range} of ${key} start at 0`;
  if (from > to) return `The lines ${range} of ${key} run backwards`;
  if (from > count) return `The lines ${range} start after the end of ${key}, which has ${count} lines`;
  return undefined;
}

type Read = { text: string; real: string } | { problem: string; hint: string };

/** Resolve and read an include target as the document at `from` names it, recording it as a dependency. */
function readTarget(context: IncludeContext, from: string, spec: Spec): Read {
  const hint = 'Paths are relative to the including file, or to the content folder with `@/`, and must stay inside the project.';
  if (!spec.path) return { problem: 'The include names no file', hint };
  if (isAbsolute(spec.path)) return { problem: `Cannot include "${spec.path}": absolute paths are not allowed`, hint };
  const file = spec.path.startsWith('@/') ? join(context.contentDir, spec.path.slice(2)) : resolve(dirname(from), spec.path);
  const key = display(file, context.root);
  let real: string;
  try {
    real = realpathSync(file);
  } catch {
    context.deps.set(key, '');
    return { problem: `Cannot include "${spec.path}": ${key} does not exist`, hint };
  }
  const why = context.refusal(file) ?? context.refusal(real);
  if (why) return { problem: `Cannot include "${spec.path}": it ${why}`, hint };
  let bytes: Buffer;
  try {
    bytes = readFileSync(real);
  } catch (error) {
    context.deps.set(key, '');
    return { problem: `Cannot include "${spec.path}": ${(error as Error).message}`, hint };
  }
  context.deps.set(key, hashText(bytes));
  let text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (spec.region !== undefined) {
    const region = selectRegion(text, spec.region);
    if (region === undefined) {
      return { problem: `${key} has no region "${spec.region}"`, hint: `Mark it with \`#region ${spec.region}\` and \`#endregion\` comments.` };
    }
    text = region;
  }
  let lines = text.split(/\r?\n/);
  if (spec.lines) {
    const wrong = linesProblem(spec.lines, lines.length, key);
    if (wrong) return { problem: wrong, hint: 'Lines count from 1: `{3,8}` is lines 3 to 8, `{3,}` from 3 to the end, `{,8}` the first 8.' };
    lines = lines.slice(spec.lines[0] - 1, spec.lines[1]);
  }
  // Region markers are for authors: never shown, whatever is included.
  return { text: lines.filter((line) => !REGION_START.test(line) && !REGION_END.test(line)).join('\n'), real };
}

function lineText(state: StateBlock, line: number): string {
  return state.src.slice(state.bMarks[line] + state.tShift[line], state.eMarks[line]);
}

/** The includes as block rules; they do nothing for a parse without an IncludeContext in its env. */
export function includes(md: MarkdownIt): void {
  md.block.ruler.before(
    'fence',
    'include',
    (state, startLine, _endLine, silent) => {
      if (state.sCount[startLine] - state.blkIndent >= 4) return false;
      const pos = state.bMarks[startLine] + state.tShift[startLine];
      if (state.src.charCodeAt(pos) !== 0x3c /* < */) return false;
      const line = lineText(state, startLine);
      const include = INCLUDE.exec(line);
      const snippet = include ? undefined : SNIPPET.exec(line);
      if (!include && !snippet) return false;
      const env = state.env as Record<string, unknown>;
      const context = env[INCLUDE_ENV] as IncludeContext | undefined;
      if (!context) return false;
      if (silent) return true;
      state.line = startLine + 1;
      const chain = ((env[CHAIN] as string[] | undefined) ??= [realOr(context.file)]);
      const from = chain[chain.length - 1];
      const spec = parseTarget(include ? include[1] : snippet![1]);
      const read = readTarget(context, from, spec);
      if ('problem' in read) {
        reportProblem(env, { code: 'SG2014', message: read.problem, line: startLine, hint: read.hint });
        return true;
      }
      if (snippet) {
        pushSnippet(state, startLine, spec, read.text, snippet[2], snippet[3]);
        return true;
      }
      if (chain.includes(read.real) || chain.length > MAX_DEPTH) {
        const names = [...chain, read.real].map((file) => display(file, context.root));
        reportProblem(env, {
          code: 'SG2014',
          message: `Include cycle: ${names.join(' → ')}`,
          line: startLine,
          hint: 'A file cannot include itself, directly or through others: remove one of these includes.',
        });
        return true;
      }
      chain.push(read.real);
      const first = state.tokens.length;
      const reported = (env[PROBLEMS] as MarkdownProblem[] | undefined)?.length ?? 0;
      const inner = new state.md.block.State(read.text, state.md, state.env, state.tokens);
      inner.level = state.level;
      state.md.block.tokenize(inner, 0, inner.lineMax);
      chain.pop();
      // Whatever the included text holds is reported at the include's line.
      for (let i = first; i < state.tokens.length; i++) if (state.tokens[i].map) state.tokens[i].map = [startLine, startLine + 1];
      for (const problem of ((env[PROBLEMS] as MarkdownProblem[] | undefined) ?? []).slice(reported)) problem.line = startLine;
      return true;
    },
    { alt: ['paragraph', 'reference', 'blockquote', 'list'] },
  );
}

function realOr(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}

/** `<<< file{lines lang} [title]` as a fence: the language from `{… lang}` or the file's extension. */
function pushSnippet(state: StateBlock, line: number, spec: Spec, code: string, braces: string | undefined, title: string | undefined): void {
  const parts = (braces ?? '').trim().split(/\s+/).filter(Boolean);
  const lines = parts[0] && /^[\d,-]+$/.test(parts[0]) ? parts.shift()! : '';
  const language = parts[0] || extname(spec.path).slice(1) || 'text';
  const token = state.push('fence', 'code', 0);
  token.info = `${language}${lines ? `{${lines}}` : ''}${title ? ` [${title}]` : ''}`;
  token.content = code.endsWith('\n') ? code : `${code}\n`;
  token.markup = '```';
  token.map = [line, line + 1];
}
