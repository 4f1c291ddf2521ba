/**
 * A fence's info string, VitePress style: the language, then in any order `{1,3-5}` (lines to highlight),
 * `:line-numbers`, `:line-numbers=10` (first number), `:no-line-numbers`, `title="…"` and `[label]` (a code group's tab).
 */
export interface CodeMeta {
  /** The language as written (`js`), or '' when the fence names none. */
  lang: string;
  title?: string;
  /** `[label]`: the tab's name in a code group. */
  label?: string;
  /** Lines to highlight, 1-based as displayed, ascending. */
  highlight: number[];
  /** `:line-numbers` (true, or the first number), `:no-line-numbers` (false); undefined follows `markdown.lineNumbers`. */
  lineNumbers?: boolean | number;
}

/** The language: up to a space or one of the parts that may follow it without one (`js{1}`, `ts:line-numbers`, `js[label]`). */
const LANG = /^[^\s{:[="']+/;
/** One part after the language, from where the last one ended. */
const PART = /\s*(?:\{([\d\s,-]*)\}|:line-numbers(?:=(\d+))?(?![\w-])|:no-line-numbers(?![\w-])|title=(?:"([^"]*)"|'([^']*)')|\[([^\]]*)\]|\S)/y;
/** No fence is that long: a range past it is a typo, not a request to allocate. */
const MAX_LINE = 100_000;

export function parseCodeInfo(info: string): CodeMeta {
  const text = info.trim();
  const lang = LANG.exec(text)?.[0] ?? '';
  // `title="x"` with no language: the word is an attribute's name, not a language.
  const hasLang = lang !== '' && text[lang.length] !== '=';
  const meta: CodeMeta = { lang: hasLang ? lang : '', highlight: [] };
  const lines = new Set<number>();
  PART.lastIndex = hasLang ? lang.length : 0;
  for (let m = PART.exec(text); m; m = PART.exec(text)) {
    const [part, ranges, start, doubleQuoted, singleQuoted, label] = m;
    const title = doubleQuoted ?? singleQuoted;
    if (ranges !== undefined) addRanges(lines, ranges);
    else if (part.trimStart().startsWith(':line-numbers')) meta.lineNumbers = start === undefined ? true : Number(start);
    else if (part.trimStart().startsWith(':no-line-numbers')) meta.lineNumbers = false;
    else if (title !== undefined) meta.title ??= title;
    else if (label?.trim()) meta.label ??= label.trim();
  }
  meta.highlight = [...lines].sort((a, b) => a - b);
  return meta;
}

/** `4,7-9` into the set of line numbers; a reversed range (`9-7`) counts as written the right way round. */
function addRanges(lines: Set<number>, ranges: string): void {
  for (const range of ranges.split(',')) {
    const [a, b = a] = range.split('-').map((n) => Number.parseInt(n, 10));
    if (!Number.isInteger(a) || !Number.isInteger(b)) continue;
    const from = Math.max(1, Math.min(a, b));
    const to = Math.min(MAX_LINE, Math.max(a, b));
    for (let line = from; line <= to; line++) lines.add(line);
  }
}
