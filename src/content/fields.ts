/** A document's front matter fields, read and checked; each problem points at the field's line and the document keeps a safe value. */
import { SitegenError, codeFrame, type ErrorCode } from '../errors.ts';
import type { LinkRef } from '../markdown/types.ts';
import { parseDate } from './dates.ts';
import { DEFAULT_OUTLINE, OUTLINE_EXPECTED, type OutlineLevels, outlineLevels } from '../markdown/outline.ts';
import {
  RESERVED_ROUTE_HINT,
  UNSAFE_REDIRECT_HINT,
  cleanRoutePath,
  postFileParts,
  postPath,
  reservedRoute,
  slugSegment,
  stemToPath,
  unsafeRedirect,
} from './paths.ts';
import type { SourceFile } from './types.ts';

/** Front matter keys that name an image. */
export const IMAGE_KEYS = ['image', 'cover'] as const;

const DATE_HINT = 'Write dates as YYYY-MM-DD, "YYYY-MM-DD HH:MM:SS" (UTC) or any ISO 8601 date-time (2020-04-03T20:26:28.000Z, 2020-04-03T20:26:28+02:00).';

/** Front matter keys that hold one line of text: a list or an object there would be dropped unseen. */
const TEXT_FIELDS = ['title', 'description', 'layout', 'path', 'redirect', 'slug'];

/** One document's front matter, its file and text (for problem locations), and its problems so far. */
export interface Fields {
  source: SourceFile;
  text: string;
  data: Record<string, unknown>;
  errors: SitegenError[];
}

/** The line (from 1) where front matter sets `key` (`key:` in YAML, `key =` in TOML). */
export function keyLine(text: string, key: string): number | undefined {
  const needle = new RegExp(`^${key}\\s*[:=]`);
  const index = text.split('\n').findIndex((line) => needle.test(line));
  return index === -1 ? undefined : index + 1;
}

export function stringField(data: Record<string, unknown>, key: string): string | undefined {
  const value = data[key];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
}

function fieldProblem(fields: Fields, key: string, code: ErrorCode, message: string, hint: string): void {
  const line = keyLine(fields.text, key);
  fields.errors.push(
    new SitegenError(code, message, {
      location: { file: fields.source.display, line },
      frame: line ? codeFrame(fields.text, line, 1) : undefined,
      hint,
    }),
  );
}

function fileProblem(fields: Fields, code: ErrorCode, message: string, hint: string): void {
  fields.errors.push(new SitegenError(code, message, { location: { file: fields.source.display, line: 1 }, hint }));
}

/** SG2001 for each one-line text field given a list, an object or a boolean. */
export function checkTextFields(fields: Fields): void {
  for (const key of TEXT_FIELDS) {
    const value = fields.data[key];
    if (value === undefined || value === null || typeof value === 'string' || typeof value === 'number') continue;
    const kind = Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
    fieldProblem(
      fields,
      key,
      'SG2001',
      `Invalid front matter: \`${key}:\` is ${kind}, not text`,
      `\`${key}:\` takes one line of text; quote it if it starts with [ or {, or holds a colon: ${key}: "…".`,
    );
  }
}

/** `outline:` (VitePress's: a level, `[min, max]`, `deep` or `false`), else the site's; SG2001 for another value. */
export function readOutline(fields: Fields, fallback: OutlineLevels = DEFAULT_OUTLINE): OutlineLevels {
  const value = fields.data.outline;
  if (value === undefined || value === null) return fallback;
  const levels = outlineLevels(value);
  if (levels !== undefined) return levels;
  fieldProblem(
    fields,
    'outline',
    'SG2001',
    `Invalid front matter: \`outline:\` is ${JSON.stringify(value)}, not an outline`,
    `\`outline:\` takes ${OUTLINE_EXPECTED}, as in VitePress: outline: deep.`,
  );
  return fallback;
}

/** `date:` and `updated:` as ISO strings (`updated` defaults to `date`); SG2002 for one that is no real date. */
export function readDates(fields: Fields): { date: string | undefined; updated: string | undefined } {
  const { data } = fields;
  const date = data.date !== undefined ? parseDate(data.date) : undefined;
  if (data.date !== undefined && !date) fieldProblem(fields, 'date', 'SG2002', `Invalid date ${JSON.stringify(data.date)}`, DATE_HINT);
  const updated = data.updated !== undefined ? parseDate(data.updated) : undefined;
  if (data.updated !== undefined && !updated) {
    fieldProblem(fields, 'updated', 'SG2002', `Invalid date ${JSON.stringify(data.updated)} in \`updated:\``, DATE_HINT);
  }
  return { date, updated: updated ?? date };
}

/**
 * The stem a post's date and slug are read from: its own, or for an `index.md` in a folder of its own (a page bundle, as
 * Hugo and Docusaurus write them: `blog/2021-08-26-welcome/index.md`) its folder's.
 */
function postName(stem: string, blogDir: string): string {
  const folder = stem.endsWith('/index') ? stem.slice(0, -'/index'.length) : undefined;
  return folder && folder.toLowerCase() !== blogDir.toLowerCase() ? folder : stem;
}

/** The route: `path:`, else for a post its blog path from date and slug (the file name's date if no `date:`), else the file's. */
export function readRoute(fields: Fields, stem: string, date: string | undefined, blogDir: string | undefined): { path: string; date: string | undefined } {
  const { data } = fields;
  if (typeof data.path === 'string') return { path: pathField(fields, data.path) ?? stemToPath(stem), date };
  if (blogDir === undefined) return { path: stemToPath(stem), date };
  const parts = postFileParts(postName(stem, blogDir));
  const fmSlug = stringField(data, 'slug');
  const slug = (fmSlug !== undefined ? slugSegment(fmSlug) || undefined : undefined) ?? parts.slug;
  const postDate = date ?? (parts.date ? parseDate(parts.date) : undefined);
  if (!slug) {
    fileProblem(fields, 'SG2004', 'Post has no slug', 'Name the file YYYY-MM-DD-slug.md or set `slug:` in the front matter.');
  } else if (postDate) {
    return { path: postPath(blogDir, postDate, slug), date: postDate };
  } else if (data.date === undefined && parts.date) {
    fileProblem(
      fields,
      'SG2002',
      `Invalid date ${parts.date} in the file name`,
      'That day does not exist (months run 01-12, and each month has its own last day): rename the file to a real YYYY-MM-DD- date, or set `date:` in the front matter.',
    );
  } else if (data.date === undefined) {
    fileProblem(fields, 'SG2002', 'Post has no date', 'Set `date:` in the front matter or start the file name with YYYY-MM-DD-.');
  }
  return { path: stemToPath(stem), date };
}

/** A `path:` as a clean route, or undefined with SG2007 (not a route) or SG3007 (reserved); the file's route is used instead. */
function pathField(fields: Fields, value: string): string | undefined {
  const clean = cleanRoutePath(value);
  const reserved = clean ? reservedRoute(clean) : undefined;
  if (clean && !reserved) return clean;
  if (clean && reserved) fieldProblem(fields, 'path', 'SG3007', `Route ${clean} is reserved: ${reserved}`, RESERVED_ROUTE_HINT);
  else {
    fieldProblem(
      fields,
      'path',
      'SG2007',
      `Invalid path ${JSON.stringify(value)}`,
      'A `path:` is a route from the site root, like /download/index.html: no spaces, `?`, `#` or `%`.',
    );
  }
  return undefined;
}

/** `redirect:`, refused (SG3006) when it is no same-site path or http(s) URL. */
export function readRedirect(fields: Fields): string | undefined {
  const redirect = stringField(fields.data, 'redirect');
  const unsafe = redirect ? unsafeRedirect(redirect) : undefined;
  if (!unsafe) return redirect;
  fieldProblem(fields, 'redirect', 'SG3006', `Redirect target ${JSON.stringify(redirect)} is refused: ${unsafe}`, UNSAFE_REDIRECT_HINT);
  return undefined;
}

/** The images front matter names (`image:` and the like), at their lines. */
export function frontMatterImages(data: Record<string, unknown>, text: string): LinkRef[] {
  const images: LinkRef[] = [];
  for (const key of IMAGE_KEYS) {
    const value = data[key];
    if (typeof value === 'string' && value.trim()) images.push({ href: value.trim(), line: keyLine(text, key) ?? 1 });
  }
  return images;
}

/** A title from the file name without order number or date; an index takes its folder's name, the root's is 'Home'. */
export function titleFromFile(stem: string): string {
  const named = stem.split('/').filter((segment, i, all) => !(segment === 'index' && i === all.length - 1));
  const title = (named.pop() ?? '')
    .replace(/^\d+\./, '')
    .replace(/^\d{4}-\d{2}-\d{2}-/, '')
    .replace(/[-_]+/g, ' ');
  return title ? title[0].toUpperCase() + title.slice(1) : 'Home';
}
