/**
 * Every local image a document shows (markdown, front matter `image:`/`cover:`) is copied to
 * `_sitegen/images/<name>.<hash>.<ext>`, and its `<img>` gets the hashed URL, its size and lazy loading. A missing
 * file (SG5003), one outside the project (SG2010) or not an image (SG5004) is a problem at the document's line.
 * Resolution runs on the main thread every build (image bytes are not in the document cache); rewriting, where pages render.
 */
import { createHash } from 'node:crypto';
import { readFile, realpath, stat } from 'node:fs/promises';
import { posix, resolve } from 'node:path';
import { inside, refusal, type ProjectScope } from '../content/scope.ts';
import type { ContentDocument } from '../content/types.ts';
import { SitegenError } from '../errors.ts';
import { escapeHtml } from '../html.ts';
import { pathSlug } from '../markdown/slugify.ts';
import { FORMAT_EXTENSIONS, type ImageFormat, imageFormat, imageSize, isAnimated } from './image-size.ts';
import type { ImageVariants } from './image-variants.ts';
import { pictureHtml } from './picture.ts';
import { IMAGE_KEYS } from '../content/fields.ts';

export { IMAGE_KEYS };

export interface ImageInfo {
  /** The hashed URL from the site root (the page's base is added with every other link). */
  url: string;
  width?: number;
  height?: number;
  /** Its resized copies (image-variants.ts), when it gets them. */
  variants?: ImageVariants;
}

export interface ImageManifest {
  /** The public folder relative to the project root (`site/public`): where `/images/x.png` lives. */
  publicDir: string;
  /** Image file (relative to the project root, or absolute outside it) → where it went. */
  files: Record<string, ImageInfo>;
  /** The `sizes` of a resized image's `srcset`s (config `images.sizes`), when images are resized. */
  sizes?: string;
}

export interface ImageFile {
  /** Output path: `_sitegen/images/cat.1a2b3c4d5e.png`. */
  rel: string;
  /** Absolute source file. */
  file: string;
  hash: string;
  /** Its key in the manifest, its format, and whether it moves (an animated image is copied only). */
  key: string;
  format?: ImageFormat;
  animated?: boolean;
}

/** The file an image reference points at, or undefined for URLs (`https:`, `data:`, `//cdn`). */
export function imageKey(source: string, src: string, publicDir: string): string | undefined {
  if (!src || /^[a-z][a-z0-9+.-]*:|^\/\/|^#/i.test(src)) return undefined;
  let path = src.split(/[?#]/)[0];
  try {
    path = decodeURI(path);
  } catch {
    // keep it as written
  }
  if (!path) return undefined;
  return path.startsWith('/') ? posix.join(publicDir, path) : posix.join(posix.dirname(source), path);
}

/** What image collection reads of a document (the document cache's index keeps this much). */
export type ImageSource = Pick<ContentDocument, '_source' | '_path' | 'images'>;

export type LoadedImage = { ok: true; bytes: Buffer; file: string } | { ok: false; code: 'SG5003' | 'SG2010' | 'SG5004'; reason: string };

/**
 * Read the image file `key` names, when its path and real path stay inside the scope (the public folder, for a
 * `rootRelative` `/x.png`) and its bytes are an image. A refused file is not read (SG2010) or not used (SG5004).
 */
export async function loadImage(key: string, scope: ProjectScope, rootRelative = false): Promise<LoadedImage> {
  const file = resolve(scope.root, key);
  const outside = rootRelative && inside(file, resolve(scope.root, scope.publicDir)) === undefined ? 'leaves the public folder' : refusal(file, scope);
  if (outside) return { ok: false, code: 'SG2010', reason: outside };
  let target: string;
  try {
    target = await realpath(file);
  } catch {
    return { ok: false, code: 'SG5003', reason: 'is not there' };
  }
  const linked = target === file ? undefined : refusal(target, scope);
  if (linked) return { ok: false, code: 'SG2010', reason: `is a link to ${target}, which ${linked}` };
  const info = await stat(target).catch(() => undefined);
  if (!info?.isFile()) return { ok: false, code: 'SG5003', reason: 'is not a file' };
  const bytes = await readFile(target).catch(() => undefined);
  if (!bytes) return { ok: false, code: 'SG5003', reason: 'could not be read' };
  if (!imageFormat(bytes)) return { ok: false, code: 'SG5004', reason: 'is not an image' };
  return { ok: true, bytes, file: target };
}

/** The problem a refused image reference is, at its place in the document. */
function imageProblem(
  doc: ImageSource,
  ref: { href: string; line: number },
  key: string,
  loaded: Exclude<LoadedImage, { ok: true }>,
  scope: ProjectScope,
): SitegenError {
  const location = { file: doc._source, line: ref.line };
  if (loaded.code === 'SG5003') {
    return new SitegenError('SG5003', `Missing image ${ref.href} on ${doc._path} (looked for ${key})`, {
      location,
      hint: `Put the image next to the document (./name.png) or under ${scope.publicDir}/ (/name.png), or fix the path.`,
    });
  }
  if (loaded.code === 'SG5004') {
    return new SitegenError('SG5004', `Not an image: ${ref.href} on ${doc._path} (${key} is not a PNG, JPEG, GIF, WebP, AVIF, ICO, BMP or SVG file)`, {
      location,
      hint: 'Point the reference at an image file, or save the file in one of those formats. Nothing was copied.',
    });
  }
  return new SitegenError('SG2010', `File outside the project: ${ref.href} on ${doc._path} (${key} ${loaded.reason})`, {
    location,
    hint: `Images must be inside the project or the content folder: next to the document (./name.png) or under ${scope.publicDir}/ (/name.png), not in the cache, output, node_modules or hidden folders. Nothing was read.`,
  });
}

export interface CollectInput extends ProjectScope {
  docs: ImageSource[];
}

/** Find, check, hash and measure every image the documents show; a refused one (SG5003, SG2010, SG5004) is a problem, not copied. */
export async function collectImages(
  input: CollectInput,
): Promise<{ manifest: ImageManifest; files: ImageFile[]; problems: SitegenError[]; shownAt: Map<string, { file: string; line?: number }> }> {
  const files: Record<string, ImageInfo> = {};
  const out: ImageFile[] = [];
  const reported = new Set<string>();
  const problems: SitegenError[] = [];
  const seen = new Map<string, Promise<LoadedImage>>();
  const shownAt = new Map<string, { file: string; line?: number }>();
  for (const doc of input.docs) {
    for (const ref of doc.images ?? []) {
      const key = imageKey(doc._source, ref.href, input.publicDir);
      if (!key) continue;
      // By key and by how it was written: `/x.png` and `../public/x.png` may name one file, but only one stays in the public folder.
      const rootRelative = ref.href.startsWith('/');
      const id = `${key}\u0000${rootRelative}`;
      if (!seen.has(id)) seen.set(id, loadImage(key, input, rootRelative));
      const loaded = await seen.get(id)!;
      if (!loaded.ok) {
        const at = `${doc._source}\u0000${ref.line}\u0000${ref.href}`;
        if (reported.has(at)) continue;
        reported.add(at);
        problems.push(imageProblem(doc, ref, key, loaded, input));
        continue;
      }
      if (!shownAt.has(key)) shownAt.set(key, { file: doc._source, line: ref.line });
      if (files[key]) continue;
      const image = hashImage(key, loaded.bytes, loaded.file);
      files[key] = image.info;
      out.push(image.file);
    }
  }
  return { manifest: { publicDir: input.publicDir, files }, files: out, problems, shownAt };
}

/**
 * Where one image goes and its size, from its bytes (checked by `loadImage`) and the real `file` they came from. The
 * extension is the format's when the name's is not one of it, so the server's content type follows the bytes.
 */
export function hashImage(key: string, bytes: Buffer, file: string): { info: ImageInfo; file: ImageFile } {
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
  const format = imageFormat(bytes);
  const named = posix.extname(key).toLowerCase();
  const ext = !format || FORMAT_EXTENSIONS[format].includes(named) ? named : FORMAT_EXTENSIONS[format][0];
  const name = pathSlug(posix.basename(key, posix.extname(key))) || 'image';
  const rel = `_sitegen/images/${name}.${hash}${ext}`;
  const animated = !!format && isAnimated(bytes, format);
  return {
    info: { url: `/${rel}`, ...imageSize(bytes, format) },
    file: { rel, file, hash, key, ...(format ? { format } : {}), ...(animated ? { animated } : {}) },
  };
}

/** The image files a document shows (keys as in the manifest), whether they were found or not. */
export function imageKeys(doc: ImageSource, publicDir: string): string[] {
  return (doc.images ?? []).flatMap((ref) => imageKey(doc._source, ref.href, publicDir) ?? []);
}

/** The part of the manifest one document shows (sent with it to the worker, and part of its key), or undefined if none. */
export function documentImages(doc: ImageSource, manifest: ImageManifest | undefined): ImageManifest | undefined {
  if (!manifest || !doc.images?.length) return undefined;
  const files: Record<string, ImageInfo> = {};
  for (const key of imageKeys(doc, manifest.publicDir)) if (manifest.files[key]) files[key] = manifest.files[key];
  return Object.keys(files).length ? { publicDir: manifest.publicDir, files, ...(manifest.sizes ? { sizes: manifest.sizes } : {}) } : undefined;
}

const IMG = /<img\b([^>]*)>/g;
const SRC = /\ssrc="([^"]*)"/;

function decodeAttr(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The manifest's image at `src` as written in `source` (a path, or the hashed URL a front matter field was given). */
function findImage(manifest: ImageManifest, source: string, src: string): ImageInfo | undefined {
  const key = imageKey(source, src, manifest.publicDir);
  return (key && manifest.files[key]) || (src.startsWith('/_sitegen/images/') ? byUrl(manifest).get(src) : undefined);
}

const urlMaps = new WeakMap<ImageManifest, Map<string, ImageInfo>>();
function byUrl(manifest: ImageManifest): Map<string, ImageInfo> {
  let map = urlMaps.get(manifest);
  if (!map) urlMaps.set(manifest, (map = new Map(Object.values(manifest.files).map((info) => [info.url, info]))));
  return map;
}

/** An `<Image>`'s attributes without the markers: a `priority` one loads at once, at high priority. */
function markedAttrs(attrs: string): string {
  const rest = attrs.replace(` ${IMAGE_MARKER}`, '');
  return rest.includes(PRIORITY) ? rest.replace(` ${PRIORITY}`, '').replace(' loading="lazy"', ' loading="eager" fetchpriority="high"') : rest;
}

const PRIORITY = 'data-sitegen-priority=""';

/** The marker `<Image>` (templates/components/Image.tsx) leaves on its `<img>` for `rewriteImages` to find. */
export const IMAGE_MARKER = 'data-sitegen-image=""';
const IMAGE_PROPS = /(<sitegen-component data-name="Image" data-props=")([^"]*)(")/g;

/**
 * Point the `<img>` elements of a document's HTML at their hashed files, with size and lazy loading; a resized image
 * becomes a `<picture>` with its copies. `marked`: only the `<img>`s `<Image>` rendered (a whole page's HTML).
 */
export function rewriteImages(html: string, source: string, manifest: ImageManifest | undefined, marked = false): string {
  if (!manifest) return html;
  // An `<Image>` in markdown gets its file's URL, so the page render finds it whatever page shows it (a listing's excerpt).
  if (!marked && html.includes('data-name="Image"'))
    html = html.replace(IMAGE_PROPS, (m, open: string, props: string, close: string) => {
      try {
        const value = JSON.parse(decodeAttr(props)) as { src?: unknown };
        const info = typeof value.src === 'string' ? findImage(manifest, source, value.src) : undefined;
        return info ? `${open}${escapeHtml(JSON.stringify({ ...value, src: info.url }))}${close}` : m;
      } catch {
        return m;
      }
    });
  if (!html.includes(marked ? IMAGE_MARKER : '<img')) return html;
  return html.replace(IMG, (tag, attrs: string) => {
    if (marked && !attrs.includes(IMAGE_MARKER)) return tag;
    const rest0 = marked ? markedAttrs(attrs) : attrs;
    const src = SRC.exec(rest0)?.[1];
    const info = src === undefined ? undefined : findImage(manifest, source, decodeAttr(src));
    if (!info) return marked ? `<img${rest0}>` : tag;
    let rest = rest0.replace(SRC, ` src="${escapeHtml(info.url)}"`).replace(/\s*\/$/, '');
    if (info.width && info.height && !info.variants && !/\swidth=/.test(rest)) rest += ` width="${info.width}" height="${info.height}"`;
    if (!/\sloading=/.test(rest)) rest += ' loading="lazy"';
    if (!/\sdecoding=/.test(rest)) rest += ' decoding="async"';
    return info.variants ? pictureHtml(info, info.variants, rest, manifest.sizes) : `<img${rest}>`;
  });
}

/** Front matter `image:`/`cover:` pointed at the hashed files. */
export function rewriteImageFields(frontmatter: Record<string, unknown>, source: string, manifest: ImageManifest | undefined): Record<string, unknown> {
  if (!manifest) return frontmatter;
  let changed: Record<string, unknown> | undefined;
  for (const name of IMAGE_KEYS) {
    const value = frontmatter[name];
    const key = typeof value === 'string' ? imageKey(source, value, manifest.publicDir) : undefined;
    const info = key ? manifest.files[key] : undefined;
    if (info) (changed ??= { ...frontmatter })[name] = info.url;
  }
  return changed ?? frontmatter;
}
