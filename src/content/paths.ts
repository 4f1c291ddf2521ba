/** Pure path rules of the content model (docs/content.md). */
import { pathSlug } from '../markdown/slugify.ts';

export type ContentType = 'markdown' | 'yaml' | 'json';

const EXTENSIONS: Record<string, ContentType> = { '.md': 'markdown', '.markdown': 'markdown', '.yml': 'yaml', '.yaml': 'yaml', '.json': 'json' };

export function contentType(file: string): ContentType | undefined {
  const dot = file.lastIndexOf('.');
  return dot === -1 ? undefined : EXTENSIONS[file.slice(dot).toLowerCase()];
}

/** `blog/2020-01-21-foo.md` → `content:blog:2020-01-21-foo.md` */
export function contentId(relPath: string): string {
  return `content:${relPath.replaceAll('/', ':')}`;
}

/** Hugo's `_index` (a section's own page) is its folder's `index`, not a partial. */
export const sectionIndex = (stem: string) => stem.replace(/(^|\/)_index$/, '$1index');

/** Source path without extension, numeric prefixes kept: `v1/guide/1.intro`. */
export function contentStem(relPath: string): string {
  return sectionIndex(relPath.replace(/\.[^./]+$/, ''));
}

export const slugSegment = pathSlug;

/** A front matter `path:` normalised (one leading slash, no `.`/`..`), or undefined when it would break a URL or file name. */
export function cleanRoutePath(path: string): string | undefined {
  if (!path.startsWith('/')) return undefined;
  const segments = path.split('/').filter((s) => s && s !== '.' && s !== '..');
  if (segments.some((s) => /[\s?#%\\\u0000-\u001f]/.test(s))) return undefined;
  return `/${segments.join('/')}`;
}

/** Folders of the output that sitegen fills itself: assets and manifests, the content API, island payloads. */
export const RESERVED_FOLDERS = ['/_sitegen', '/api/_content', '/__island'];

/** Files sitegen and its bundled plugins write at fixed places: a page there would clash with them. */
export const RESERVED_FILES = [
  '/_redirects',
  '/_headers',
  '/404.html',
  '/500.html',
  '/sitemap.xml',
  '/robots.txt',
  '/blog/feed.xml',
  '/blog/rss.xml',
  '/blog/feed.json',
];

/**
 * Why a route collides with what sitegen writes itself, or undefined. Compared without case, as macOS and Windows
 * file systems ignore it; `extraFiles` are more fixed files of this site.
 */
export function reservedRoute(path: string, extraFiles: string[] = []): string | undefined {
  const lower = path.toLowerCase().replace(/\/+$/, '');
  for (const folder of RESERVED_FOLDERS) if (lower === folder || lower.startsWith(`${folder}/`)) return `sitegen writes its own files under ${folder}/`;
  const clash = (file: string, own: string) => (lower === own || lower.startsWith(`${own}/`) ? `sitegen writes ${file} itself` : undefined);
  for (let i = 0; i < RESERVED_FILES.length; i++) {
    const found = clash(RESERVED_FILES[i], RESERVED_LOWER[i]);
    if (found) return found;
  }
  for (const file of extraFiles) {
    const found = clash(file, file.toLowerCase());
    if (found) return found;
  }
  if (lower.includes('_payload.json') && lower.split('/').includes('_payload.json')) return "every page's data is written to a file named _payload.json";
  return undefined;
}

const RESERVED_LOWER = RESERVED_FILES.map((file) => file.toLowerCase());

export const RESERVED_ROUTE_HINT = `Give it another route (its \`path:\` or its file name). sitegen writes these itself: anything under ${RESERVED_FOLDERS.map((f) => `${f}/`).join(', ')}, files named _payload.json, and ${RESERVED_FILES.join(', ')}.`;

/** Drop one leading `N.` order prefix: `1.intro` → `intro`, `2.b` → `b`, `10` stays. */
export function stripOrderPrefix(segment: string): string {
  return segment.replace(/^\d+\./, '');
}

/** The route of a stem: order prefixes stripped, `index` → empty, slugged segments. */
export function stemToPath(stem: string): string {
  const segments = stem
    .split('/')
    .map((segment) => slugSegment(stripOrderPrefix(segment)))
    .filter((segment, i, all) => !(segment === 'index' && i === all.length - 1))
    .filter(Boolean);
  return `/${segments.join('/')}`;
}

export function isPartial(stem: string): boolean {
  return stem.split('/').some((segment) => segment.startsWith('_'));
}

/** Parent segment of the route: `/v1/guide/tunnels` → `guide`, `/about` → ''. */
export function parentDir(path: string): string {
  const segments = path.split('/').filter(Boolean);
  return segments.length > 1 ? segments[segments.length - 2] : '';
}

/** The locale of a stem: its first folder when that is a configured locale, else the default. */
export function stemLocale(stem: string, locales: string[], defaultLocale: string): string | undefined {
  if (!locales.length) return undefined;
  const first = stem.split('/')[0];
  return stem.includes('/') && locales.includes(first) ? first : defaultLocale;
}

const POST_FILE = /^(\d{4})-(\d{2})-(\d{2})(?:-(.*))?$/;

/** Date and slug encoded in a post's file name: `2020-01-21-foo` → { date: '2020-01-21', slug: 'foo' }. */
export function postFileParts(stem: string): { date?: string; slug?: string } {
  const base = stem.split('/').pop() ?? '';
  const match = POST_FILE.exec(stripOrderPrefix(base));
  if (!match) return { slug: slugSegment(stripOrderPrefix(base)) || undefined };
  return { date: `${match[1]}-${match[2]}-${match[3]}`, slug: match[4] ? slugSegment(match[4]) || undefined : undefined };
}

/** `/blog/YYYY/MM/DD/slug` from a post's date (UTC) and slug. */
export function postPath(blogDir: string, isoDate: string, slug: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-');
  return `/${blogDir}/${y}/${m}/${d}/${slug}`;
}

let collator: Intl.Collator | undefined;

/** Numeric collation: `2.b` before `10.a`. The collator is made on first use, as creating it loads ICU data. */
export function compareNumeric(a: string, b: string): number {
  return quickCompare(a, b) ?? (collator ??= new Intl.Collator('en', { numeric: true, sensitivity: 'base' })).compare(a, b);
}

const isDigit = (code: number) => code >= 48 && code <= 57;
const isLower = (code: number) => code >= 97 && code <= 122;

/**
 * The collator's answer, without the slow call, when the first difference is two lowercase ASCII letters or two
 * digit runs of different value; undefined leaves it to the collator.
 */
function quickCompare(a: string, b: string): number | undefined {
  const n = Math.min(a.length, b.length);
  let k = 0;
  while (k < n && a.charCodeAt(k) === b.charCodeAt(k)) k++;
  if (k === n) return undefined;
  const x = a.charCodeAt(k);
  const y = b.charCodeAt(k);
  if (isLower(x) && isLower(y)) return x < y ? -1 : 1;
  if (!isDigit(x) || !isDigit(y)) return undefined;
  let start = k;
  while (start > 0 && isDigit(a.charCodeAt(start - 1))) start--;
  let endA = k;
  while (endA < a.length && isDigit(a.charCodeAt(endA))) endA++;
  let endB = k;
  while (endB < b.length && isDigit(b.charCodeAt(endB))) endB++;
  // Leading zeros make a number longer: the collator decides those.
  if (a.charCodeAt(start) === 48 || b.charCodeAt(start) === 48) return undefined;
  if (endA - start !== endB - start) return endA - start < endB - start ? -1 : 1;
  return x < y ? -1 : 1;
}

export function compareStems(a: { _stem: string }, b: { _stem: string }): number {
  return compareNumeric(a._stem, b._stem);
}

/** Where a route's HTML is written. `/download/index.html` stays exactly that file. */
export function routeToFile(path: string): string {
  if (path.endsWith('.html')) return path.slice(1);
  return path === '/' ? 'index.html' : `${path.slice(1)}/index.html`;
}

/** Where a route's payload is written: `<route>/_payload.json`, the root's at `/_payload.json`. */
export function routeToPayload(path: string): string {
  const base = path
    .replace(/\/index\.html$/, '')
    .replace(/\.html$/, '')
    .replace(/\/$/, '');
  return base === '' ? '_payload.json' : `${base.slice(1)}/_payload.json`;
}

/** Normalise a link target for route lookup: no trailing slash, no `/index.html`. */
export function normalizeRoutePath(path: string): string {
  let out = path.replace(/\/index\.html$/, '/');
  if (out.length > 1) out = out.replace(/\/+$/, '');
  return out || '/';
}

/** A document that gets a page of its own (not a partial, not data). */
export function isRoutable(doc: { _type: string; _partial?: boolean }): boolean {
  return doc._type === 'markdown' && !doc._partial;
}

/**
 * Why a redirect target is refused; undefined for a site path (`/new`) or an http(s) URL. Browsers strip
 * control characters and read `\` as `/` (`java\tscript:`, `/\evil.com`), so such targets are refused, as is `//host`.
 */
export function unsafeRedirect(to: string): string | undefined {
  if (/[\s\u0000-\u001f\u007f-\u009f]/.test(to)) return 'it contains a space, tab, newline or other control character';
  if (to.includes('\\')) return 'it contains a backslash, which browsers read as `/`';
  if (to.startsWith('//')) return 'it starts with `//`, a protocol-relative link to another host: write the full https:// URL';
  if (to.startsWith('/')) return undefined;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(to)?.[1];
  if (!scheme) return 'it is neither a path from the site root nor an http(s) URL';
  if (!/^https?$/i.test(scheme)) return `its scheme \`${scheme}:\` is not http or https`;
  if (!/^https?:\/\/[^/?#]/i.test(to) || !URL.canParse(to)) return 'it is not a complete http(s) URL';
  return undefined;
}

export const UNSAFE_REDIRECT_HINT =
  'Redirect to a path on this site (`/new/page`) or to a full http(s) URL (`https://example.com/page`); other schemes (javascript:, data:, vbscript: …) and `//host` are refused.';
