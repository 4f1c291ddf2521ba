/**
 * One source file → one ContentDocument. Runs inside the worker pool; pure apart from the
 * markdown-it instance, and never throws for bad input: problems come back as errors.
 */
import { hashText } from '../hash.ts';
import matter from 'gray-matter';
import yaml from 'js-yaml';
import type MarkdownIt from 'markdown-it';
import { SitegenError, codeFrame } from '../errors.ts';
import { nestingLimit, renderMarkdown, type LinkRef } from '../markdown/index.ts';
import { IMAGE_KEYS } from '../output/images.ts';
import { UNSAFE_REDIRECT_HINT, unsafeRedirect } from '../routes/rules.ts';
import {
  RESERVED_ROUTE_HINT,
  cleanRoutePath,
  contentId,
  contentStem,
  contentType,
  isPartial,
  parentDir,
  postFileParts,
  postPath,
  reservedRoute,
  slugSegment,
  stemLocale,
  stemToPath,
} from './paths.ts';
import type { DecodeIssue, DecodedText } from './decode.ts';
import { isSourceLink } from './source-links.ts';
import { parseDate } from './dates.ts';

export { parseDate };
import type { ContentDocument, ParseOptions, ParseResult, SourceFile } from './types.ts';

const DATE_HINT = 'Write dates as YYYY-MM-DD, "YYYY-MM-DD HH:MM:SS" (UTC) or any ISO 8601 date-time (2020-04-03T20:26:28.000Z, 2020-04-03T20:26:28+02:00).';
const MORE = /^[ \t]*<!--\s*more\s*-->[ \t]*$/m;
const WORDS_PER_MINUTE = 220;

/** Dates → ISO strings, recursively, so front matter can cross threads and become JSON. */
function jsonSafe(value: unknown): unknown {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (Array.isArray(value)) return value.map(jsonSafe);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, jsonSafe(v)]));
  return value;
}

/** codeFrame with long lines cut short: a 2,000-character line would flood the terminal. */
function frameAt(text: string, line: number, column = 1): string {
  return codeFrame(
    text
      .split('\n')
      .slice(0, line + 2)
      .map((l) => (l.length > 120 ? `${l.slice(0, 120)}…` : l))
      .join('\n'),
    line,
    column,
  );
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
function loadYaml(text: string): object {
  // Anchors and aliases are refused: a self-reference or a "billion laughs" expansion would
  // otherwise hang or crash the worker. Front matter never needs them.
  const anchor = /(^|[:\-[{,]\s*)([&*])[^\s,\]}]+/m.exec(text);
  if (anchor) {
    const before = text.slice(0, anchor.index + anchor[1].length).split('\n');
    throw Object.assign(new Error('YAML anchors and aliases (&name, *name) are not supported'), {
      reason: 'YAML anchors and aliases (&name, *name) are not supported',
      mark: { line: before.length - 1, column: before[before.length - 1].length, position: anchor.index + anchor[1].length },
    });
  }
  return yaml.load(text, { schema: yaml.CORE_SCHEMA }) as object;
}

const refuse = (language: string) => () => {
  throw Object.assign(new Error(`${language} front matter is not allowed (it would run code)`), {
    reason: `${language} front matter is not allowed: it would run code; write YAML`,
  });
};

/**
 * YAML with the core schema: dates stay strings so that parseDate can reject `2020-13-45`
 * (js-yaml's default schema would quietly roll it over to 2021-02-14). gray-matter's `---js`
 * front matter would evaluate code: refused.
 */
/** JavaScript's `\s`: the characters that separate words in `text.split(/\s+/)`. */
function isSpace(code: number): boolean {
  return (
    code === 32 ||
    (code >= 9 && code <= 13) ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** `text.split(/\s+/).filter(Boolean).length`, without making the words. */
export function countWords(text: string): number {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const space = code <= 32 ? code === 32 || (code >= 9 && code <= 13) : code >= 0xa0 && isSpace(code);
    if (!space && !inWord) words++;
    inWord = !space;
  }
  return words;
}

export const MATTER_OPTIONS = {
  excerpt: false,
  engines: { yaml: loadYaml, js: refuse('JavaScript'), javascript: refuse('JavaScript'), coffee: refuse('CoffeeScript') },
};

/**
 * Front matter and body, split by gray-matter handed only the front matter block. Handed the whole
 * document, it looks the text up in its cache (V8 then hashes and interns every document's whole
 * text) and copies it into a Buffer it never uses: about 30 µs of each document's parse. The data
 * and the body are the same either way.
 */
export function splitFrontMatter(text: string): { data: Record<string, unknown>; content: string } {
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
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

/** Split at the first `<!-- more -->` line outside fenced code. */
function splitMore(body: string): { before: string; after: string } | undefined {
  const lines = body.split('\n');
  let fence: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const open = /^\s{0,3}(`{3,}|~{3,})/.exec(lines[i]);
    if (open) {
      if (!fence) fence = open[1][0].repeat(open[1].length);
      else if (lines[i].trim().startsWith(fence)) fence = undefined;
      continue;
    }
    if (!fence && MORE.test(lines[i])) return { before: lines.slice(0, i).join('\n'), after: lines.slice(i + 1).join('\n') };
  }
  return undefined;
}

/**
 * Where a YAML error is, in the file: js-yaml's mark is relative to the YAML it was given
 * (`offset` lines into the file), clamped into the file, and for an unterminated quote moved
 * back to the line where the quote was opened.
 */
function yamlLocation(text: string, error: unknown, start: number): { line: number; column: number; reason: string } {
  const mark = (error as { mark?: { line: number; column: number; position?: number } }).mark;
  const reason = (error as { reason?: string }).reason ?? String((error as Error)?.message ?? error).split('\n')[0];
  const lines = text.split('\n');
  // The mark's character position is the reliable part (some js-yaml errors report line 0).
  const at = Math.min(text.length, start + (mark?.position ?? 0));
  const before = text.slice(0, at).split('\n');
  let line = Math.min(Math.max(1, before.length), lines.length);
  let column = before.length > lines.length ? 1 : before[before.length - 1].length + 1;
  const quote = /double quoted/.test(reason) ? '"' : /single quoted/.test(reason) ? "'" : undefined;
  if (quote) {
    for (let n = line; n >= 1; n--) {
      const count = lines[n - 1].split(quote).length - 1;
      if (count % 2 === 1) {
        line = n;
        column = lines[n - 1].indexOf(quote) + 1;
        break;
      }
    }
  }
  const length = (lines[line - 1] ?? '').length;
  if (column > length + 1 || column < 1) column = 1;
  return { line, column, reason };
}

function frontMatterError(source: SourceFile, text: string, error: unknown): SitegenError {
  // gray-matter hands js-yaml the text after the opening `---`, starting with its newline.
  const { line, column, reason } = yamlLocation(text, error, Math.max(0, text.indexOf('\n')));
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

/** Front matter keys that hold one line of text: a list or an object there would be dropped unseen. */
const TEXT_FIELDS = ['title', 'description', 'layout', 'path', 'redirect', 'slug'];

/** What a file whose bytes are not (all) text gets: SG2005 when there is no text, SG2008 for bytes replaced. */
function encodingError(source: SourceFile, issue: DecodeIssue, text: string | undefined): SitegenError {
  const location = { file: source.display, line: issue.line };
  switch (issue.kind) {
    case 'binary':
      return new SitegenError('SG2005', `${source.display} is not a text file: it has a NUL byte on line ${issue.line}`, {
        location,
        hint: 'Content files are UTF-8 text. Move binary files (images, archives) out of the content folder or give them another extension.',
      });
    case 'utf16-no-bom':
      return new SitegenError('SG2005', `${source.display} looks like UTF-16 without a byte-order mark`, {
        location,
        hint: 'Save the file as UTF-8 (or as UTF-16 with a byte-order mark, which sitegen reads).',
      });
    case 'utf32':
      return new SitegenError('SG2005', `${source.display} is UTF-32, which sitegen does not read`, { location, hint: 'Save the file as UTF-8.' });
    default:
      return new SitegenError(
        'SG2008',
        `${source.display} is not valid ${issue.encoding}${issue.byte ? `: byte ${issue.byte}` : ''} on line ${issue.line} (shown as \uFFFD)`,
        {
          location,
          frame: text === undefined ? undefined : frameAt(text, issue.line),
          hint: 'Save the file as UTF-8 (in most editors: "Save with encoding"). `checks.encoding` in the site config sets whether this fails the build (`error`), warns (`warn`) or is not checked (`off`).',
        },
      );
  }
}

/** markdown-it's nesting limit cut the body at `line` (in the file): what followed there was dropped. */
function nestingError(source: SourceFile, text: string, line: number, limit: number): SitegenError {
  return new SitegenError('SG2009', `Markdown nested more than ${limit} levels deep: the content from line ${line} on was dropped`, {
    location: { file: source.display, line },
    frame: frameAt(text, line),
    hint: `Blockquotes and lists nest at most ${limit} levels (each list level counts twice): flatten the nesting, or put the text in a code block.`,
  });
}

/**
 * `renderBody: false` gives the same document without the body HTML (`body.html` is empty): its
 * TOC, links, ids, word count and excerpt come from markdown-it's tokens, so code blocks outside
 * the excerpt are never highlighted (the dev server, which renders bodies when a page is asked for).
 */
export function parseDocument(
  source: SourceFile,
  input: string | DecodedText,
  md: MarkdownIt,
  options: ParseOptions,
  renderBody = true,
  hash?: string,
): ParseResult {
  const type = contentType(source.rel);
  if (!type) return { errors: [] };
  const errors: SitegenError[] = [];
  // Bytes read by the caller (decode.ts): no text at all is SG2005, bytes replaced by U+FFFD SG2008.
  const decoded = typeof input === 'string' ? undefined : input;
  if (decoded?.issue) {
    const problem = encodingError(source, decoded.issue, decoded.text);
    if (decoded.text === undefined) return { errors: [problem.toJSON()] };
    errors.push(problem);
  }
  const text = decoded ? (decoded.text ?? '') : (input as string);
  hash ??= decoded?.hash;
  const stem = contentStem(source.rel);
  let data: Record<string, unknown> = {};
  let body = '';
  let bodyLine = 0;

  try {
    if (type === 'markdown') {
      const parsed = splitFrontMatter(text);
      data = (parsed.data ?? {}) as Record<string, unknown>;
      body = parsed.content;
      bodyLine = text.slice(0, text.length - body.length).split('\n').length - 1;
    } else if (type === 'json') {
      const value = JSON.parse(text);
      data = value && typeof value === 'object' && !Array.isArray(value) ? value : { items: value };
    } else {
      const value = loadYaml(text) as Record<string, unknown> | null;
      data = value && typeof value === 'object' && !Array.isArray(value) ? value : { items: value };
    }
  } catch (error) {
    if (type === 'json') {
      const position = /position (\d+)/.exec((error as Error).message)?.[1];
      const before = position ? text.slice(0, Number(position)).split('\n') : undefined;
      const line = before?.length ?? 1;
      const column = before ? before[before.length - 1].length + 1 : 1;
      return {
        errors: [
          new SitegenError('SG2006', `Invalid JSON: ${(error as Error).message}`, {
            location: { file: source.display, line, column },
            frame: codeFrame(text, line, column),
            hint: 'Check for trailing commas and unquoted keys.',
          }).toJSON(),
        ],
      };
    }
    if (type === 'yaml') {
      const { line, column, reason } = yamlLocation(text, error, 0);
      return {
        errors: [
          new SitegenError('SG2006', `Invalid YAML: ${reason}`, {
            location: { file: source.display, line, column },
            frame: codeFrame(text, line, column),
            hint: 'A YAML data file maps keys to values; quote values that contain a colon, `#` or start with a special character.',
          }).toJSON(),
        ],
      };
    }
    return { errors: [frontMatterError(source, text, error).toJSON()] };
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) data = {};

  const frontmatter = jsonSafe(data) as Record<string, unknown>;
  for (const key of TEXT_FIELDS) {
    const value = data[key];
    if (value === undefined || value === null || typeof value === 'string' || typeof value === 'number') continue;
    const line = lineOf(text, new RegExp(`^${key}\\s*:`));
    const kind = Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
    errors.push(
      new SitegenError('SG2001', `Invalid front matter: \`${key}:\` is ${kind}, not text`, {
        location: { file: source.display, line },
        frame: line ? codeFrame(text, line, 1) : undefined,
        hint: `\`${key}:\` takes one line of text; quote it if it starts with [ or {, or holds a colon: ${key}: "…".`,
      }),
    );
  }
  const isPost = type === 'markdown' && stem.startsWith(`${options.blogDir}/`) && !isPartial(stem);

  const dateRaw = data.date;
  let date: string | undefined;
  if (dateRaw !== undefined) {
    date = parseDate(dateRaw);
    if (!date) {
      const line = lineOf(text, /^date\s*:/);
      errors.push(
        new SitegenError('SG2002', `Invalid date ${JSON.stringify(dateRaw)}`, {
          location: { file: source.display, line },
          frame: line ? codeFrame(text, line, 1) : undefined,
          hint: DATE_HINT,
        }),
      );
    }
  }
  const updatedDate = data.updated !== undefined ? parseDate(data.updated) : undefined;
  if (data.updated !== undefined && !updatedDate) {
    const line = lineOf(text, /^updated\s*:/);
    errors.push(
      new SitegenError('SG2002', `Invalid date ${JSON.stringify(data.updated)} in \`updated:\``, {
        location: { file: source.display, line },
        frame: line ? codeFrame(text, line, 1) : undefined,
        hint: DATE_HINT,
      }),
    );
  }
  const updated = updatedDate ?? date;

  let path = stemToPath(stem);
  if (typeof data.path === 'string') {
    const clean = cleanRoutePath(data.path);
    const reserved = clean ? reservedRoute(clean) : undefined;
    if (clean && !reserved) path = clean;
    else if (clean && reserved) {
      // Like an invalid path, the document keeps the route of its file while the problem stands.
      const line = lineOf(text, /^path\s*:/);
      errors.push(
        new SitegenError('SG3007', `Route ${clean} is reserved: ${reserved}`, {
          location: { file: source.display, line },
          frame: line ? codeFrame(text, line, 1) : undefined,
          hint: RESERVED_ROUTE_HINT,
        }),
      );
    } else {
      const line = lineOf(text, /^path\s*:/);
      errors.push(
        new SitegenError('SG2007', `Invalid path ${JSON.stringify(data.path)}`, {
          location: { file: source.display, line },
          frame: line ? codeFrame(text, line, 1) : undefined,
          hint: 'A `path:` is a route from the site root, like /download/index.html: no spaces, `?`, `#` or `%`.',
        }),
      );
    }
  }
  if (isPost && typeof data.path !== 'string') {
    const parts = postFileParts(stem);
    const fmSlug = stringField(data, 'slug');
    const slug = (fmSlug !== undefined ? slugSegment(fmSlug) || undefined : undefined) ?? parts.slug;
    const postDate = date ?? (parts.date ? parseDate(parts.date) : undefined);
    if (!slug) {
      errors.push(
        new SitegenError('SG2004', `Post has no slug`, {
          location: { file: source.display, line: 1 },
          hint: 'Name the file YYYY-MM-DD-slug.md or set `slug:` in the front matter.',
        }),
      );
    } else if (!postDate) {
      if (dateRaw === undefined && parts.date) {
        errors.push(
          new SitegenError('SG2002', `Invalid date ${parts.date} in the file name`, {
            location: { file: source.display, line: 1 },
            hint: 'That day does not exist (months run 01-12, and each month has its own last day): rename the file to a real YYYY-MM-DD- date, or set `date:` in the front matter.',
          }),
        );
      } else if (dateRaw === undefined) {
        errors.push(
          new SitegenError('SG2002', 'Post has no date', {
            location: { file: source.display, line: 1 },
            hint: 'Set `date:` in the front matter or start the file name with YYYY-MM-DD-.',
          }),
        );
      }
    } else {
      path = postPath(options.blogDir, postDate, slug);
      date ??= postDate;
    }
  }

  let html = '';
  let toc: ContentDocument['body'] = null;
  let links: ContentDocument['links'] = [];
  const images: LinkRef[] = [];
  for (const key of IMAGE_KEYS) {
    const value = data[key];
    if (typeof value === 'string' && value.trim()) images.push({ href: value.trim(), line: lineOf(text, new RegExp(`^${key}\\s*:`)) ?? 1 });
  }
  let ids: string[] = [];
  let excerpt: string | undefined;
  let words = 0;
  let heading: string | undefined;
  if (type === 'markdown') {
    const split = splitMore(body);
    // The marker line stays as an empty line, so lines after it keep their numbers in messages.
    const fullBody = split ? `${split.before}\n\n${split.after}` : body;
    const rendered = renderMarkdown(md, fullBody, bodyLine, 3, renderBody);
    // (markdown-it counts a lone \r as a line break too: the line is kept inside the file.)
    if (rendered.nestingCut !== undefined) errors.push(nestingError(source, text, Math.min(rendered.nestingCut, text.split('\n').length), nestingLimit(md)));
    html = rendered.html;
    links = rendered.links;
    images.push(...rendered.images);
    ids = rendered.ids;
    heading = rendered.heading;
    words = countWords(rendered.text);
    if (split) excerpt = renderMarkdown(md, split.before).html;
    toc = { toc: { title: 'On this page', depth: 3, searchDepth: 3, links: rendered.toc }, html };
  }

  const sourceLinks = links.filter((link) => isSourceLink(link.href));
  const navigation =
    data.navigation === false ? false : data.navigation && typeof data.navigation === 'object' ? (frontmatter.navigation as { title?: string }) : true;
  const middleware = Array.isArray(data.middleware) ? data.middleware.map(String) : typeof data.middleware === 'string' ? [data.middleware] : [];
  // A redirect target that is no same-site path or http(s) URL is refused here, where its line is known.
  let redirect = stringField(data, 'redirect');
  const unsafe = redirect ? unsafeRedirect(redirect) : undefined;
  if (unsafe) {
    const line = lineOf(text, /^redirect\s*:/);
    errors.push(
      new SitegenError('SG3006', `Redirect target ${JSON.stringify(redirect)} is refused: ${unsafe}`, {
        location: { file: source.display, line },
        frame: line ? codeFrame(text, line, 1) : undefined,
        hint: UNSAFE_REDIRECT_HINT,
      }),
    );
    redirect = undefined;
  }
  // A folder's index is named by its folder (the root's is 'Home').
  const named = stem.split('/').filter((segment, i, all) => !(segment === 'index' && i === all.length - 1));
  const fallbackTitle = (named.pop() ?? '')
    .replace(/^\d+\./, '')
    .replace(/^\d{4}-\d{2}-\d{2}-/, '')
    .replace(/[-_]+/g, ' ');

  const doc: ContentDocument = {
    _id: contentId(source.rel),
    _stem: stem,
    _path: path,
    _dir: parentDir(path),
    _partial: isPartial(stem),
    _locale: stemLocale(stem, options.locales, options.defaultLocale),
    _type: type,
    _source: source.display,
    // No `title:`: the body's first block when it is an H1 (the layouts show that heading once), else the file name.
    title: stringField(data, 'title') ?? heading ?? (fallbackTitle ? fallbackTitle[0].toUpperCase() + fallbackTitle.slice(1) : 'Home'),
    description: stringField(data, 'description') ?? '',
    layout: stringField(data, 'layout'),
    navigation,
    redirect,
    excerpt,
    draft: data.draft === true,
    date,
    updated,
    middleware,
    frontmatter,
    body: toc,
    ...(images.length ? { images } : {}),
    wordCount: words,
    readingTime: Math.max(1, Math.round(words / WORDS_PER_MINUTE)),
    isPost,
    hash: hash ?? hashText(text), // the caller's hash of the same bytes, when it has one
    ...(sourceLinks.length ? { sourceLinks } : {}),
    ...(data.layout !== undefined ? { layoutLine: lineOf(text, /^layout\s*:/) } : {}),
    // Last, where a document from the cache has them too (pipeline/details.ts).
    links,
    ids,
  };
  if (doc._locale === undefined) delete doc._locale;
  return { doc, errors: errors.map((e) => e.toJSON()) };
}
