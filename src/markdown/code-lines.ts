/**
 * What a code block shows besides its colours: notation markers in comments (`// [!code ++]`, as shiki's
 * transformers read them), highlighted lines from the info string, line numbers. Markers are cut from the
 * code before it is highlighted, so the highlighter's caches see only the code the reader sees.
 */

export interface CodeOptions {
  /** Lines to highlight, 1-based as displayed (after marker-only lines are removed). */
  highlight?: number[];
  /** Show line numbers (true, or the first number). */
  lineNumbers?: boolean | number;
}

/** The code without its markers, and the classes they give: by displayed line, and for the `<pre>`. */
export interface Notation {
  code: string;
  lines: Map<number, string[]>;
  pre: string[];
}

/** Each marker's line classes and the `<pre>` class saying the block has such lines; shiki's names, for shiki's CSS. */
const MARKERS: Record<string, [line: string, pre: string]> = {
  '++': ['diff add', 'has-diff'],
  '--': ['diff remove', 'has-diff'],
  focus: ['focused', 'has-focused'],
  highlight: ['highlighted', 'has-highlighted'],
  hl: ['highlighted', 'has-highlighted'],
  error: ['highlighted error', 'has-highlighted'],
  warning: ['highlighted warning', 'has-highlighted'],
};

/**
 * Markers in a comment that ends the line: `//`, `#`, `--`, `%`, `;`, `/* … *\/`, `<!-- … -->` or JSX's `{/* … *\/}`.
 * Several may share one comment (`// [!code focus] [!code ++]`).
 */
const NOTATION =
  /\s*(?:\{\s*\/\*\s*((?:\[!code [^\]\s]+\]\s*)+)\*\/\s*\}|(?:\/\/|\/\*|<!--|#|--|%{1,2}|;{1,2})\s*((?:\[!code [^\]\s]+\]\s*)+)(?:\*\/|-->)?)\s*$/;
const MARKER = /\[!code ([^\]\s:]+)(?::(\d+))?\]/g;

/** Cut the markers out of `code`; a comment-only marker line is removed and marks the line(s) after it. */
export function readNotation(code: string): Notation {
  const none: Notation = { code, lines: new Map(), pre: [] };
  // Most blocks have no marker: one scan, nothing else.
  if (!code.includes('!code')) return none;
  const out: string[] = [];
  const marks: { from: number; count: number; line: string }[] = [];
  const pre = new Set<string>();
  for (const line of code.split(/\r\n|\r|\n/)) {
    const found = line.includes('[!code') ? NOTATION.exec(line) : null;
    const markers = found ? [...(found[1] ?? found[2]).matchAll(MARKER)] : [];
    // A comment naming a marker this does not know is left as written.
    if (!markers.length || markers.some(([, name]) => !MARKERS[name])) {
      out.push(unescapeMarkers(line));
      continue;
    }
    const before = line.slice(0, found!.index);
    const alone = before.trim() === '';
    for (const [, name, count] of markers) {
      const [lineClass, preClass] = MARKERS[name];
      marks.push({ from: out.length, count: Math.max(1, Number(count ?? 1)), line: lineClass });
      pre.add(preClass);
    }
    if (!alone) out.push(unescapeMarkers(before));
  }
  const lines = new Map<number, string[]>();
  for (const { from, count, line } of marks) {
    for (let i = from; i < Math.min(from + count, out.length); i++) addClass(lines, i, line);
  }
  return { code: out.join('\n'), lines, pre: [...pre] };
}

/** `[\!code ++]` shows a marker without applying it (to document the notation itself). */
function unescapeMarkers(line: string): string {
  return line.includes('[\\!code') ? line.replaceAll('[\\!code', '[!code') : line;
}

function addClass(lines: Map<number, string[]>, index: number, classes: string): void {
  const list = lines.get(index) ?? [];
  for (const c of classes.split(' ')) if (!list.includes(c)) list.push(c);
  lines.set(index, list);
}

/** Add the notation's and the options' classes to highlighted `<pre>` markup (one `<span class="line">` per line). */
export function decorate(html: string, notation: Notation, options: CodeOptions): string {
  const numbers = options.lineNumbers;
  if (!notation.lines.size && !options.highlight?.length && !numbers) return html;
  const open = html.indexOf('<code>');
  const close = html.lastIndexOf('</code>');
  if (open < 0 || close < open) return html;
  const body = html.slice(open + 6, close).split('\n');
  const lines = new Map(notation.lines);
  const pre = [...notation.pre];
  if (options.highlight?.length) {
    for (const n of options.highlight) if (n <= body.length) addClass(lines, n - 1, 'highlighted');
    pre.push('has-highlighted');
  }
  if (lines.size)
    for (const [i, classes] of lines) {
      if (i < body.length && body[i].startsWith('<span class="line"')) body[i] = `<span class="line ${classes.join(' ')}"${body[i].slice(18)}`;
    }
  let code = '<code>';
  if (numbers) {
    const start = typeof numbers === 'number' ? numbers : 1;
    const digits = String(start + body.length - 1).length;
    const style = [start !== 1 ? `counter-reset:line ${start - 1}` : '', digits > 2 ? `--digits:${digits}` : ''].filter(Boolean).join(';');
    code = `<code class="line-numbers"${style ? ` style="${style}"` : ''}>`;
  }
  const head = pre.length ? html.slice(0, open).replace(/<pre class="[^"]*/, (tag) => `${tag} ${[...new Set(pre)].join(' ')}`) : html.slice(0, open);
  return `${head}${code}${body.join('\n')}${html.slice(close)}`;
}
