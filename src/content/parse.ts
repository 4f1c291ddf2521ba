/**
 * One source file → one ContentDocument. Runs inside the worker pool; pure apart from the
 * markdown-it instance, and never throws for bad input: problems come back as errors.
 */
import { hashText } from '../hash.ts';
import matter from 'gray-matter';
import yaml from 'js-yaml';
import type MarkdownIt from 'markdown-it';
import { SitegenError, codeFrame } from '../errors.ts';
import { renderMarkdown } from '../markdown/index.ts';
import { contentId, contentStem, contentType, isPartial, parentDir, postFileParts, postPath, stemLocale, stemToPath } from './paths.ts';
import type { ContentDocument, ParseOptions, ParseResult, SourceFile } from './types.ts';

const MORE = /^[ \t]*<!--\s*more\s*-->[ \t]*$/m;
const WORDS_PER_MINUTE = 220;

/** Dates → ISO strings, recursively, so front matter can cross threads and become JSON. */
function jsonSafe(value: unknown): unknown {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (Array.isArray(value)) return value.map(jsonSafe);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, jsonSafe(v)]));
  return value;
}

/** "2019-01-15", "2019-01-15 09:00:00" (UTC) or a full ISO string → ISO, or undefined when invalid. */
export function parseDate(value: unknown): string | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  if (typeof value !== 'string') return undefined;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(value.trim());
  if (!m) return undefined;
  const [, y, mo, d, h = '00', mi = '00', s = '00', tz = 'Z'] = m;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${tz}`);
  if (Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(d) && tz === 'Z') return undefined;
  return date.toISOString();
}

function lineOf(source: string, needle: RegExp): number | undefined {
  const lines = source.split('\n');
  const index = lines.findIndex((line) => needle.test(line));
  return index === -1 ? undefined : index + 1;
}

/**
 * YAML with the core schema: dates stay strings so that parseDate can reject `2020-13-45`
 * (js-yaml's default schema would quietly roll it over to 2021-02-14).
 */
const MATTER_OPTIONS = { excerpt: false, engines: { yaml: (text: string) => yaml.load(text, { schema: yaml.CORE_SCHEMA }) as object } };

function frontMatterError(source: SourceFile, text: string, error: unknown): SitegenError {
  const mark = (error as { mark?: { line: number; column: number } }).mark;
  const reason = (error as { reason?: string }).reason ?? (error as Error).message.split('\n')[0];
  // gray-matter hands js-yaml the text after the opening `---`, starting with its newline.
  let line = mark ? mark.line + 1 : 1;
  let column = mark ? mark.column + 1 : 1;
  if (/quoted scalar/.test(reason)) {
    // The parser only notices at the end; point at the line where the quote was opened.
    const lines = text.split('\n');
    for (let n = Math.min(line, lines.length) - 1; n >= 1; n--) {
      const quotes = (lines[n - 1].match(/"/g) ?? []).length;
      if (quotes % 2 === 1) {
        line = n;
        column = lines[n - 1].indexOf('"') + 1;
        break;
      }
    }
  }
  return new SitegenError('SG2001', `Invalid front matter: ${reason}`, {
    location: { file: source.display, line, column },
    frame: codeFrame(text, line, column),
    hint: 'Front matter is YAML between two `---` lines. Quote values that contain a colon, `#` or start with a special character.',
  });
}

function stringField(data: Record<string, unknown>, key: string): string | undefined {
  const value = data[key];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
}


export function parseDocument(source: SourceFile, text: string, md: MarkdownIt, options: ParseOptions): ParseResult {
  const type = contentType(source.rel);
  if (!type) return { errors: [] };
  const errors: SitegenError[] = [];
  const stem = contentStem(source.rel);
  let data: Record<string, unknown> = {};
  let body = '';
  let bodyLine = 0;

  try {
    if (type === 'markdown') {
      const parsed = matter(text, MATTER_OPTIONS);
      data = (parsed.data ?? {}) as Record<string, unknown>;
      body = parsed.content;
      bodyLine = text.slice(0, text.length - body.length).split('\n').length - 1;
    } else if (type === 'json') {
      const value = JSON.parse(text);
      data = value && typeof value === 'object' && !Array.isArray(value) ? value : { items: value };
    } else {
      const value = matter(`---\n${text}\n---\n`, MATTER_OPTIONS).data;
      data = value ?? {};
    }
  } catch (error) {
    if (type === 'json') {
      const position = /position (\d+)/.exec((error as Error).message)?.[1];
      const before = position ? text.slice(0, Number(position)).split('\n') : undefined;
      const line = before?.length ?? 1;
      const column = before ? before[before.length - 1].length + 1 : 1;
      return { errors: [new SitegenError('SG2006', `Invalid JSON: ${(error as Error).message}`, { location: { file: source.display, line, column }, frame: codeFrame(text, line, column), hint: 'Check for trailing commas and unquoted keys.' }).toJSON()] };
    }
    const err = frontMatterError(source, type === 'yaml' ? `---\n${text}` : text, error);
    if (type === 'yaml') return { errors: [new SitegenError('SG2006', err.message.replace('front matter', 'YAML'), { location: err.location, frame: err.frame, hint: err.hint }).toJSON()] };
    return { errors: [err.toJSON()] };
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) data = {};

  const frontmatter = jsonSafe(data) as Record<string, unknown>;
  const isPost = type === 'markdown' && stem.startsWith(`${options.blogDir}/`) && !isPartial(stem);

  const dateRaw = data.date;
  let date: string | undefined;
  if (dateRaw !== undefined) {
    date = parseDate(dateRaw);
    if (!date) {
      const line = lineOf(text, /^date\s*:/);
      errors.push(new SitegenError('SG2002', `Invalid date ${JSON.stringify(dateRaw)}`, {
        location: { file: source.display, line },
        frame: line ? codeFrame(text, line, 1) : undefined,
        hint: 'Write dates as YYYY-MM-DD or "YYYY-MM-DD HH:MM:SS" (UTC).',
      }));
    }
  }
  const updated = data.updated !== undefined ? parseDate(data.updated) ?? date : date;

  let path = typeof data.path === 'string' && data.path.startsWith('/') ? data.path : stemToPath(stem);
  if (isPost && typeof data.path !== 'string') {
    const parts = postFileParts(stem);
    const slug = stringField(data, 'slug') ?? parts.slug;
    const postDate = date ?? (parts.date ? parseDate(parts.date) : undefined);
    if (!slug) {
      errors.push(new SitegenError('SG2004', `Post has no slug`, {
        location: { file: source.display, line: 1 },
        hint: 'Name the file YYYY-MM-DD-slug.md or set `slug:` in the front matter.',
      }));
    } else if (!postDate) {
      if (dateRaw === undefined) errors.push(new SitegenError('SG2002', 'Post has no date', {
        location: { file: source.display, line: 1 },
        hint: 'Set `date:` in the front matter or start the file name with YYYY-MM-DD-.',
      }));
    } else {
      path = postPath(options.blogDir, postDate, slug);
      date ??= postDate;
    }
  }

  let html = '';
  let toc: ContentDocument['body'] = null;
  let links: ContentDocument['links'] = [];
  let ids: string[] = [];
  let excerpt: string | undefined;
  let words = 0;
  if (type === 'markdown') {
    const split = MORE.exec(body);
    const fullBody = split ? body.slice(0, split.index) + body.slice(split.index + split[0].length) : body;
    const rendered = renderMarkdown(md, fullBody, bodyLine, 3);
    html = rendered.html;
    links = rendered.links;
    ids = rendered.ids;
    words = rendered.text.split(/\s+/).filter(Boolean).length;
    if (split) excerpt = renderMarkdown(md, body.slice(0, split.index)).html;
    toc = { toc: { title: 'On this page', depth: 3, searchDepth: 3, links: rendered.toc }, html };
  }

  const navigation = data.navigation === false ? false : data.navigation && typeof data.navigation === 'object' ? (frontmatter.navigation as { title?: string }) : true;
  const middleware = Array.isArray(data.middleware) ? data.middleware.map(String) : typeof data.middleware === 'string' ? [data.middleware] : [];
  const fallbackTitle = (stem.split('/').pop() ?? '').replace(/^\d+\./, '').replace(/^\d{4}-\d{2}-\d{2}-/, '').replace(/[-_]+/g, ' ');

  const doc: ContentDocument = {
    _id: contentId(source.rel),
    _stem: stem,
    _path: path,
    _dir: parentDir(path),
    _partial: isPartial(stem),
    _locale: stemLocale(stem, options.locales, options.defaultLocale),
    _type: type,
    _source: source.display,
    title: stringField(data, 'title') ?? (fallbackTitle ? fallbackTitle[0].toUpperCase() + fallbackTitle.slice(1) : 'Home'),
    description: stringField(data, 'description') ?? '',
    layout: stringField(data, 'layout'),
    navigation,
    redirect: stringField(data, 'redirect'),
    excerpt,
    draft: data.draft === true,
    date,
    updated,
    middleware,
    frontmatter,
    body: toc,
    links,
    ids,
    wordCount: words,
    readingTime: Math.max(1, Math.round(words / WORDS_PER_MINUTE)),
    isPost,
    hash: hashText(text),
  };
  if (doc._locale === undefined) delete doc._locale;
  return { doc, errors: errors.map((e) => e.toJSON()) };
}
