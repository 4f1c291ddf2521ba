/**
 * A markdown document's front matter and body. YAML between `---` lines (or another language named after the first:
 * `---toml`, `---json`), and Hugo's TOML between `+++` lines. gray-matter reads the `---` fences.
 */
import matter from 'gray-matter';
import { TOML_HINT, loadToml } from './toml.ts';
import { loadYaml } from './yaml.ts';

const refuse = (language: string) => () => {
  throw Object.assign(new Error(`${language} front matter is not allowed (it would run code)`), {
    reason: `${language} front matter is not allowed: it would run code; write YAML`,
  });
};

/** `---json` front matter; a syntax error is thrown with its position, as js-yaml's are. */
function loadJson(text: string): object {
  try {
    return JSON.parse(text);
  } catch (error) {
    const { message } = error as Error;
    const position = /position (\d+)/.exec(message)?.[1];
    throw Object.assign(error as Error, {
      // The place is the error's line and column.
      reason: `invalid JSON: ${message.replace(/ in JSON at position \d+.*$/, '')}`,
      ...(position ? { mark: { position: Number(position) } } : {}),
      hint: 'JSON front matter is one object between `---json` and `---`: { "title": "My page" }. Check for trailing commas and unquoted keys.',
    });
  }
}

/** gray-matter's options: YAML read by loadYaml; `---js` (and CoffeeScript) front matter would run code, so it is refused. */
export const MATTER_OPTIONS = {
  excerpt: false,
  engines: {
    yaml: loadYaml,
    toml: loadToml,
    json: loadJson,
    js: refuse('JavaScript'),
    javascript: refuse('JavaScript'),
    coffee: refuse('CoffeeScript'),
  },
};

/** Hugo's closing `+++` line. */
const TOML_CLOSE = /\n\+\+\+[ \t]*(?:\r?\n|$)/g;

/** Front matter between `+++` lines, read as TOML (Hugo's); undefined when the first line is not `+++` alone. */
function splitToml(text: string, start: number): { data: Record<string, unknown>; content: string } | undefined {
  const open = text.indexOf('\n', start);
  if (!/^\+\+\+[ \t]*\r?$/.test(text.slice(start, open === -1 ? undefined : open))) return undefined;
  TOML_CLOSE.lastIndex = Math.max(open, 0);
  const close = open === -1 ? null : TOML_CLOSE.exec(text);
  if (!close) {
    const reason = 'the `+++` on line 1 opens TOML front matter, but no `+++` line closes it';
    throw Object.assign(new Error(reason), { reason, hint: TOML_HINT });
  }
  // From the first line's end, where parse-errors.ts counts error positions from, to the closing line's start.
  return { data: loadToml(text.slice(open, close.index + 1)), content: text.slice(close.index + close[0].length) };
}

/** Front matter and body. gray-matter gets only the front matter block: it caches and copies whatever text it is handed. */
export function splitFrontMatter(text: string): { data: Record<string, unknown>; content: string } {
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  if (text.startsWith('+++', start)) return splitToml(text, start) ?? { data: {}, content: text.slice(start) };
  if (!text.startsWith('---', start)) return { data: {}, content: text.slice(start) };
  const close = text.indexOf('\n---', start + 3);
  if (close === -1 || text.charAt(start + 3) === '-') {
    const { data, content } = matter(text, MATTER_OPTIONS);
    return { data, content };
  }
  const end = close + 4;
  const { data } = matter(text.slice(0, end), MATTER_OPTIONS);
  let content = text.slice(end);
  if (content[0] === '\r') content = content.slice(1);
  if (content[0] === '\n') content = content.slice(1);
  return { data, content };
}
