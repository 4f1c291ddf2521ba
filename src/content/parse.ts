/**
 * One source file → one ContentDocument. Runs inside the worker pool; pure apart from the
 * markdown-it instance, and never throws for bad input: problems come back as errors.
 */
import { hashText } from '../hash.ts';
import { loadYaml } from './yaml.ts';
import { splitFrontMatter } from './front-matter.ts';
import type MarkdownIt from 'markdown-it';
import { SitegenError } from '../errors.ts';
import { nestingLimit, renderMarkdown, type LinkRef } from '../markdown/index.ts';
import { type ContentType, contentId, contentStem, contentType, isPartial, parentDir, stemLocale } from './paths.ts';
import type { DecodedText } from './decode.ts';
import {
  type Fields,
  checkTextFields,
  frontMatterImages,
  keyLine,
  readDates,
  readOutline,
  readRedirect,
  readRoute,
  stringField,
  titleFromFile,
} from './fields.ts';
import { isSourceLink } from './source-links.ts';
import { refusal, type ProjectScope } from './scope.ts';
import { INCLUDE_ENV, type IncludeContext } from '../markdown/includes.ts';
import { STRINGS_ENV, type EnvStrings } from '../markdown/ui-strings.ts';
import { excerptEnv } from '../markdown/extensions.ts';
import { DEFAULT_OUTLINE } from '../markdown/outline.ts';
import { parseDate } from './dates.ts';

export { parseDate };
import type { ContentDocument, ParseOptions, ParseResult, SourceFile } from './types.ts';
import { encodingError, frameAt, frontMatterError, frontMatterShapeError, jsonError, nestingError, yamlError } from './parse-errors.ts';

const MORE = /^[ \t]*<!--\s*more\s*-->[ \t]*$/m;
const WORDS_PER_MINUTE = 220;
/** Chinese and Japanese are read by the character, about 500 a minute (Hugo's figure for CJK text). */
const CJK_PER_MINUTE = 500;

/** Dates → ISO strings, recursively, so front matter can cross threads and become JSON. */
function jsonSafe(value: unknown): unknown {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (Array.isArray(value)) return value.map(jsonSafe);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, jsonSafe(v)]));
  return value;
}

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

/** Han ideographs and kana: Chinese and Japanese write no spaces, so each character is a word (as Hugo counts them). */
function isCjk(code: number): boolean {
  return (
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0x3400 && code <= 0x4dbf) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0x3040 && code <= 0x30ff) ||
    (code >= 0x31f0 && code <= 0x31ff) ||
    (code >= 0xff66 && code <= 0xff9f)
  );
}

/** CJK punctuation (`、。「」`, fullwidth `！（）：？`): it ends a word, as a space does, and is no word itself. */
function isCjkMark(code: number): boolean {
  return (code >= 0x3001 && code <= 0x303f) || (code >= 0xff01 && code <= 0xff0f) || (code >= 0xff1a && code <= 0xff20) || (code >= 0xff5b && code <= 0xff65);
}

export interface TextCount {
  /** Words separated by spaces (what `text.split(/\s+/)` counts), CJK characters left out. */
  words: number;
  /** Han and kana characters (supplementary ideographs included), each one word. */
  cjk: number;
}

/** The words of `text` in one pass, without making them: spaced words, and CJK characters one by one. */
export function countText(text: string): TextCount {
  let words = 0;
  let cjk = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x3000) {
      // A supplementary ideograph (U+20000–U+3FFFF) is a surrogate pair: one character.
      const wide = code >= 0xd840 && code <= 0xd8bf;
      if (isCjk(code) || wide) {
        cjk++;
        inWord = false;
        if (wide) i++;
        continue;
      }
      if (isCjkMark(code)) {
        inWord = false;
        continue;
      }
    }
    const space = code <= 32 ? code === 32 || (code >= 9 && code <= 13) : code >= 0xa0 && isSpace(code);
    if (!space && !inWord) words++;
    inWord = !space;
  }
  return { words, cjk };
}

/** Minutes to read `count`, at least one: spaced words at 220 a minute, CJK characters at 500. */
export function readingMinutes({ words, cjk }: TextCount): number {
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE + cjk / CJK_PER_MINUTE));
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

/** The content folder a source was found in (its file without its content-relative path). */
function contentDirOf(source: SourceFile): string {
  return source.file.slice(0, source.file.length - source.rel.length - 1);
}

/** A document's data: markdown's front matter and body (from line `bodyLine`), or a data file's value. */
interface SourceData {
  data: Record<string, unknown>;
  body: string;
  bodyLine: number;
}

/** The data in `text`, or the problem that stops it being read: SG2006 for a data file, SG2001 for front matter (a list or a single value too). */
function readData(source: SourceFile, type: ContentType, text: string): SourceData | SitegenError {
  let data: Record<string, unknown>;
  let body = '';
  let bodyLine = 0;
  try {
    if (type === 'markdown') {
      const parsed = splitFrontMatter(text);
      const value: unknown = parsed.data ?? {};
      if (typeof value !== 'object' || Array.isArray(value)) return frontMatterShapeError(source, text, value);
      data = value as Record<string, unknown>;
      body = parsed.content;
      bodyLine = text.slice(0, text.length - body.length).split('\n').length - 1;
    } else {
      const value = (type === 'json' ? JSON.parse(text) : loadYaml(text)) as Record<string, unknown> | null;
      data = value && typeof value === 'object' && !Array.isArray(value) ? value : { items: value };
    }
  } catch (error) {
    if (type === 'json') return jsonError(source, text, error as Error);
    if (type === 'yaml') return yamlError(source, text, error);
    return frontMatterError(source, text, error);
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) data = {};
  return { data, body, bodyLine };
}

/** What a markdown body gives its document; a data file has none of it. */
interface BodyParts {
  toc: ContentDocument['body'];
  links: ContentDocument['links'];
  images: LinkRef[];
  ids: string[];
  excerpt: string | undefined;
  words: TextCount;
  heading: string | undefined;
  math?: boolean;
  components?: boolean;
}

function noBody(): BodyParts {
  return { toc: null, links: [], images: [], ids: [], excerpt: undefined, words: { words: 0, cjk: 0 }, heading: undefined };
}

/** The heading levels a document's outline lists, and whether it has one (`[[toc]]` lists the levels either way). */
interface BodyOutline {
  levels: readonly [number, number];
  shown: boolean;
}

/** The document's `outline:`, else the site's; with `outline: false`, `[[toc]]` keeps the site's levels. */
function bodyOutline(fields: Fields, options: ParseOptions): BodyOutline {
  const site = options.outline ?? DEFAULT_OUTLINE;
  const own = readOutline(fields, site);
  return { levels: own || site || DEFAULT_OUTLINE, shown: own !== false };
}

/** The body rendered (or only read into tokens, without `renderBody`), with its excerpt before `<!-- more -->`. */
function readBody(
  fields: Fields,
  md: MarkdownIt,
  body: string,
  bodyLine: number,
  renderBody: boolean,
  include?: IncludeContext,
  strings?: EnvStrings,
  outline: BodyOutline = { levels: DEFAULT_OUTLINE, shown: true },
): BodyParts {
  const { source, text } = fields;
  const split = splitMore(body);
  // The marker line stays as an empty line, so lines after it keep their numbers in messages.
  const fullBody = split ? `${split.before}\n\n${split.after}` : body;
  const env = () => ({ ...(include ? { [INCLUDE_ENV]: include } : {}), ...(strings ? { [STRINGS_ENV]: strings } : {}) });
  const bodyEnv = env();
  const rendered = renderMarkdown(md, fullBody, bodyLine, outline.levels, renderBody, bodyEnv);
  // markdown-it counts a lone \r as a line break too, so the line is clamped to the file.
  if (rendered.nestingCut !== undefined) {
    fields.errors.push(nestingError(source, text, Math.min(rendered.nestingCut, text.split('\n').length), nestingLimit(md)));
  }
  for (const problem of rendered.problems) {
    fields.errors.push(
      new SitegenError(problem.code, problem.message, {
        location: { file: source.display, line: problem.line, ...(problem.column ? { column: problem.column } : {}) },
        frame: frameAt(text, problem.line, problem.column),
        hint: problem.hint,
      }),
    );
  }
  return {
    toc: { toc: { title: 'On this page', depth: outline.levels[1], searchDepth: 3, links: outline.shown ? rendered.toc : [] }, html: rendered.html },
    links: rendered.links,
    images: rendered.images,
    ids: rendered.ids,
    excerpt: split ? renderMarkdown(md, split.before, 0, outline.levels, true, excerptEnv(bodyEnv, env())).html : undefined,
    words: countText(rendered.text),
    heading: rendered.heading,
    math: rendered.math,
    components: rendered.components,
  };
}

/** The UI strings markdown renders in the document's language, when they are not English (ParseOptions.strings). */
function documentStrings(stem: string, options: ParseOptions): EnvStrings | undefined {
  if (!options.strings) return undefined;
  const locale = stemLocale(stem, options.locales, options.defaultLocale) ?? options.defaultLocale;
  const table = options.strings[locale];
  return table ? { locale, table } : undefined;
}

/**
 * `renderBody: false` (dev) leaves `body.html` empty: the rest comes from markdown-it's tokens, so code outside the
 * excerpt is never highlighted.
 */
export function parseDocument(
  source: SourceFile,
  input: string | DecodedText,
  md: MarkdownIt,
  options: ParseOptions,
  renderBody = true,
  hash?: string,
  scope?: ProjectScope,
): ParseResult {
  const type = contentType(source.rel);
  if (!type) return { errors: [] };
  const errors: SitegenError[] = [];
  const decoded = typeof input === 'string' ? undefined : input;
  if (decoded?.issue) {
    const problem = encodingError(source, decoded.issue, decoded.text);
    if (decoded.text === undefined) return { errors: [problem.toJSON()] };
    errors.push(problem);
  }
  const text = decoded ? (decoded.text ?? '') : (input as string);
  const read = readData(source, type, text);
  if (read instanceof SitegenError) return { errors: [read.toJSON()] };
  const { data } = read;
  const fields: Fields = { source, text, data, errors };
  const stem = contentStem(source.rel);
  const frontmatter = jsonSafe(data) as Record<string, unknown>;
  checkTextFields(fields);
  const locale = stemLocale(stem, options.locales, options.defaultLocale);
  // Another locale's blog is in its folder: content/zh-CN/blog/… is posted under /zh-cn/blog/… (routes are lower case).
  const inFolder = locale !== undefined && locale !== options.defaultLocale && stem.startsWith(`${locale}/`);
  const isPost = type === 'markdown' && stem.startsWith(`${inFolder ? `${locale}/` : ''}${options.blogDir}/`) && !isPartial(stem);
  const dates = readDates(fields);
  const postDir = inFolder ? `${locale.toLowerCase()}/${options.blogDir}` : options.blogDir;
  const { path, date } = readRoute(fields, stem, dates.date, isPost ? postDir : undefined);
  const images = frontMatterImages(data, text);
  // Includes need to know what the build may read; without a scope (unit tests, say) they are left as written.
  const include: IncludeContext | undefined =
    scope && type === 'markdown'
      ? { file: source.file, contentDir: contentDirOf(source), root: scope.root, refusal: (file) => refusal(file, scope), deps: new Map() }
      : undefined;
  const content =
    type === 'markdown'
      ? readBody(fields, md, read.body, read.bodyLine, renderBody, include, documentStrings(stem, options), bodyOutline(fields, options))
      : noBody();
  images.push(...content.images);
  const sourceLinks = content.links.filter((link) => isSourceLink(link.href));
  const navigation =
    data.navigation === false ? false : data.navigation && typeof data.navigation === 'object' ? (frontmatter.navigation as { title?: string }) : true;
  const middleware = Array.isArray(data.middleware) ? data.middleware.map(String) : typeof data.middleware === 'string' ? [data.middleware] : [];
  const redirect = readRedirect(fields);

  const doc: ContentDocument = {
    _id: contentId(source.rel),
    _stem: stem,
    _path: path,
    _dir: parentDir(path),
    _partial: isPartial(stem),
    _locale: locale,
    _type: type,
    _source: source.display,
    // No `title:`: the body's first block when it is an H1 (the layouts show that heading once), else the file name.
    title: stringField(data, 'title') ?? content.heading ?? titleFromFile(stem),
    description: stringField(data, 'description') ?? '',
    layout: stringField(data, 'layout'),
    navigation,
    redirect,
    excerpt: content.excerpt,
    draft: data.draft === true,
    date,
    updated: dates.updated,
    middleware,
    frontmatter,
    body: content.toc,
    ...(images.length ? { images } : {}),
    wordCount: content.words.words + content.words.cjk,
    readingTime: readingMinutes(content.words),
    isPost,
    hash: hash ?? decoded?.hash ?? hashText(text), // the caller's hash of the same bytes, when it has one
    ...(sourceLinks.length ? { sourceLinks } : {}),
    ...(content.math ? { math: true as const } : {}),
    ...(content.components ? { components: true as const } : {}),
    ...(data.layout !== undefined ? { layoutLine: keyLine(text, 'layout') } : {}),
    // Last, where a document from the cache has them too (pipeline/details.ts).
    links: content.links,
    ids: content.ids,
  };
  if (doc._locale === undefined) delete doc._locale;
  if (!include?.deps.size) return { doc, errors: errors.map((e) => e.toJSON()) };
  // What it includes is part of what the document was parsed from.
  const deps = Object.fromEntries([...include.deps].sort(([a], [b]) => (a < b ? -1 : 1)));
  doc.hash = hashText(`${doc.hash}\u0000${JSON.stringify(deps)}`);
  return { doc, errors: errors.map((e) => e.toJSON()), deps };
}
