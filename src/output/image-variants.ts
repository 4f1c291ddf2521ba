/**
 * Responsive images: which resized copies of each local PNG, JPEG, WebP or AVIF image a build writes, and their URLs.
 * A pure plan from the image's hash, size and format and the config's `images` options, so pages can be rendered with
 * the copies' URLs while image-process.ts encodes them. SVG, GIF, ICO, BMP and animated images are copied as they are.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ImageFormat } from './image-size.ts';
import type { ImageFile, ImageInfo, ImageManifest } from './images.ts';

export type ModernFormat = 'avif' | 'webp';
export type RasterFormat = 'png' | 'jpeg' | ModernFormat;

/** The config's `images` key (config/schema.ts holds the defaults). */
export interface ImageOptions {
  widths: number[];
  formats: ModernFormat[];
  quality?: number;
  sizes: string;
  enabled: boolean;
}

/** An image's resized copies: enough to write their URLs (`variantUrl`) without reading the image again. */
export interface ImageVariants {
  /** Hash of the image's bytes, the options and sharp's version: part of every copy's name. */
  hash: string;
  /** The widths, ascending: the configured ones below the image's own, and its own when no configured one is wider. */
  widths: number[];
  /** The `<source>` formats, best first (the fallback's own format is not among them). */
  formats: ModernFormat[];
  /** The `<img>`'s format: the original's. */
  fallback: RasterFormat;
  /** The widest fallback is the original file itself (it is no wider than the widest configured width). */
  original?: boolean;
}

/** One file to encode: `rel` in the output, from `source` at `width` in `format`. */
export interface VariantFile {
  rel: string;
  width: number;
  format: RasterFormat;
}

/** One image's copies, with where it is shown first (for the problem when it cannot be processed). */
export interface VariantJob {
  /** The image file (absolute). */
  source: string;
  /** Its key in the manifest (relative to the project root). */
  key: string;
  files: VariantFile[];
  quality?: number;
  location?: { file: string; line?: number };
}

export const EXTENSIONS: Record<RasterFormat, string> = { png: '.png', jpeg: '.jpg', webp: '.webp', avif: '.avif' };
export const MIME: Record<RasterFormat, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp', avif: 'image/avif' };
const RASTER = new Set<ImageFormat>(['png', 'jpeg', 'webp', 'avif']);

let sharpVersion: string | undefined;
/** sharp's version, from its package.json (a new libvips may encode other bytes): read once, without loading sharp. */
function encoderVersion(): string {
  // Its package.json is not among its exports: found next to its entry (lib/index.js).
  const entry = createRequire(import.meta.url).resolve('sharp');
  sharpVersion ??= (JSON.parse(readFileSync(join(dirname(entry), '../package.json'), 'utf8')) as { version: string }).version;
  return sharpVersion;
}

/** The widths an image `width` pixels wide gets: never wider than it is, and its own when a configured one is as wide. */
export function variantWidths(width: number, configured: number[]): { widths: number[]; original: boolean } {
  const sorted = [...new Set(configured)].sort((a, b) => a - b);
  const below = sorted.filter((w) => w < width);
  // An image wider than every configured width is not shown at its own size; else its own width is the widest.
  return below.length === sorted.length ? { widths: sorted, original: false } : { widths: [...below, width], original: true };
}

/** The plan for one image, or undefined when it is copied only (not a still raster image, or its size is unknown). */
export function planVariants(file: ImageFile, info: ImageInfo, options: ImageOptions): ImageVariants | undefined {
  const format = file.format;
  if (!options.enabled || !format || !RASTER.has(format) || file.animated || !info.width || !info.height) return undefined;
  const fallback = format as RasterFormat;
  const { widths, original } = variantWidths(info.width, options.widths);
  const formats = options.formats.filter((f) => f !== fallback);
  const key = JSON.stringify([encoderVersion(), widths, formats, fallback, options.quality ?? null]);
  const hash = createHash('sha256').update(`${file.hash}\0${key}`).digest('hex').slice(0, 10);
  return { hash, widths, formats, fallback, ...(original ? { original } : {}) };
}

/** The URL of one copy: `/_sitegen/images/<name>.<hash>-<width>.<ext>`, or the original's for the widest fallback. */
export function variantUrl(info: ImageInfo, v: ImageVariants, width: number, format: RasterFormat): string {
  if (v.original && format === v.fallback && width === v.widths[v.widths.length - 1]) return info.url;
  const stem = info.url.replace(/\.[0-9a-f]{10}\.[a-z]+$/, '');
  return `${stem}.${v.hash}-${width}${EXTENSIONS[format]}`;
}

/** The height of a copy `width` wide. */
export function variantHeight(info: ImageInfo, width: number): number {
  return Math.max(1, Math.round((info.height! * width) / info.width!));
}

/** The files one image's plan asks for (the original, already copied, excepted). */
export function variantFiles(info: ImageInfo, v: ImageVariants): VariantFile[] {
  const files: VariantFile[] = [];
  for (const width of v.widths) {
    for (const format of [...v.formats, v.fallback]) {
      const url = variantUrl(info, v, width, format);
      if (url !== info.url) files.push({ rel: url.slice(1), width, format });
    }
  }
  return files;
}

/**
 * Add each raster image's plan to the manifest (in place) and return the encoding jobs. `shownAt`: where each image
 * is first shown, for the problem when it cannot be processed.
 */
export function addVariants(
  manifest: ImageManifest,
  files: ImageFile[],
  options: ImageOptions,
  shownAt: Map<string, { file: string; line?: number }>,
): VariantJob[] {
  const jobs: VariantJob[] = [];
  if (!options.enabled) return jobs;
  manifest.sizes = options.sizes;
  for (const file of files) {
    const info = manifest.files[file.key];
    const plan = info && planVariants(file, info, options);
    if (!plan) continue;
    info.variants = plan;
    const location = shownAt.get(file.key);
    jobs.push({ source: file.file, key: file.key, files: variantFiles(info, plan), quality: options.quality, ...(location ? { location } : {}) });
  }
  return jobs;
}
