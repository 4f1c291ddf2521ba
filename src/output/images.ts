/**
 * Images that arrive: every local image a document shows (markdown `![alt](./cat.png)`, front
 * matter `image:` and `cover:`), next to the document or under the public folder, is copied to
 * `_sitegen/images/<name>.<hash>.<ext>` and its `<img>` gets the hashed URL, its width and height,
 * `loading="lazy"` and `decoding="async"`. A reference to a file that is not there is a problem
 * (SG5003) with the document's file and line, like a broken link.
 *
 * Resolution runs on the main thread for every build (image bytes are not part of the document
 * cache); the rewrite runs where pages render, from the manifest the site model carries.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { posix, resolve } from 'node:path';
import type { ContentDocument } from '../content/types.ts';
import { SitegenError } from '../errors.ts';
import { escapeHtml } from '../html.ts';
import { pathSlug } from '../markdown/slugify.ts';
import { imageSize } from './image-size.ts';

export interface ImageInfo {
  /** The hashed URL from the site root (the page's base is added with every other link). */
  url: string;
  width?: number;
  height?: number;
}

export interface ImageManifest {
  /** The public folder relative to the project root (`site/public`): where `/images/x.png` lives. */
  publicDir: string;
  /** Image file (relative to the project root, or absolute outside it) → where it went. */
  files: Record<string, ImageInfo>;
}

export interface ImageFile {
  /** Output path: `_sitegen/images/cat.1a2b3c4d5e.png`. */
  rel: string;
  /** Absolute source file. */
  file: string;
  hash: string;
}

/** Front matter keys that name an image. */
export const IMAGE_KEYS = ['image', 'cover'] as const;

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

export interface CollectInput {
  docs: ImageSource[];
  root: string;
  publicDir: string;
}

/** Find, hash and measure every image the documents show; missing ones become SG5003 problems. */
export async function collectImages(input: CollectInput): Promise<{ manifest: ImageManifest; files: ImageFile[]; problems: SitegenError[] }> {
  const files: Record<string, ImageInfo> = {};
  const out: ImageFile[] = [];
  const missing = new Set<string>();
  const problems: SitegenError[] = [];
  const seen = new Map<string, Promise<Buffer | undefined>>();
  for (const doc of input.docs) {
    for (const ref of doc.images ?? []) {
      const key = imageKey(doc._source, ref.href, input.publicDir);
      if (!key) continue;
      if (!seen.has(key)) seen.set(key, readFile(resolve(input.root, key)).catch(() => undefined));
      const bytes = await seen.get(key)!;
      if (!bytes) {
        const id = `${doc._source}\u0000${ref.line}\u0000${ref.href}`;
        if (missing.has(id)) continue;
        missing.add(id);
        problems.push(new SitegenError('SG5003', `Missing image ${ref.href} on ${doc._path} (looked for ${key})`, {
          location: { file: doc._source, line: ref.line },
          hint: `Put the image next to the document (./name.png) or under ${input.publicDir}/ (/name.png), or fix the path.`,
        }));
        continue;
      }
      if (files[key]) continue;
      const image = hashImage(key, bytes, input.root);
      files[key] = image.info;
      out.push(image.file);
    }
  }
  return { manifest: { publicDir: input.publicDir, files }, files: out, problems };
}

/** Where one image goes (`_sitegen/images/<name>.<hash>.<ext>`) and its size, from its bytes. */
export function hashImage(key: string, bytes: Buffer, root: string): { info: ImageInfo; file: ImageFile } {
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
  const ext = posix.extname(key).toLowerCase();
  const name = pathSlug(posix.basename(key, posix.extname(key))) || 'image';
  const rel = `_sitegen/images/${name}.${hash}${ext}`;
  return { info: { url: `/${rel}`, ...imageSize(bytes) }, file: { rel, file: resolve(root, key), hash } };
}

/** The image files a document shows (keys as in the manifest), whether they were found or not. */
export function imageKeys(doc: ImageSource, publicDir: string): string[] {
  return (doc.images ?? []).flatMap((ref) => imageKey(doc._source, ref.href, publicDir) ?? []);
}

/**
 * The part of the manifest one document shows, or undefined when it shows none: what its content
 * API file is rewritten with (sent with it to the worker, and part of its key).
 */
export function documentImages(doc: ImageSource, manifest: ImageManifest | undefined): ImageManifest | undefined {
  if (!manifest || !doc.images?.length) return undefined;
  const files: Record<string, ImageInfo> = {};
  for (const key of imageKeys(doc, manifest.publicDir)) if (manifest.files[key]) files[key] = manifest.files[key];
  return Object.keys(files).length ? { publicDir: manifest.publicDir, files } : undefined;
}

const IMG = /<img\b([^>]*)>/g;
const SRC = /\ssrc="([^"]*)"/;

function decodeAttr(value: string): string {
  return value.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
}

/** Point the `<img>` elements of a document's HTML at their hashed files, with size and lazy loading. */
export function rewriteImages(html: string, source: string, manifest: ImageManifest | undefined): string {
  if (!manifest || !html.includes('<img')) return html;
  return html.replace(IMG, (tag, attrs: string) => {
    const src = SRC.exec(attrs)?.[1];
    const key = src === undefined ? undefined : imageKey(source, decodeAttr(src), manifest.publicDir);
    const info = key ? manifest.files[key] : undefined;
    if (!info) return tag;
    let rest = attrs.replace(SRC, ` src="${escapeHtml(info.url)}"`).replace(/\s*\/$/, '');
    if (info.width && info.height && !/\swidth=/.test(rest)) rest += ` width="${info.width}" height="${info.height}"`;
    if (!/\sloading=/.test(rest)) rest += ' loading="lazy"';
    if (!/\sdecoding=/.test(rest)) rest += ' decoding="async"';
    return `<img${rest}>`;
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
