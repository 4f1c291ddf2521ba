/** The `<picture>` a resized image becomes: a `<source>` per modern format, and the `<img>` in the original's format. */
import { escapeHtml } from '../html.ts';
import { type ImageVariants, MIME, type RasterFormat, variantHeight, variantUrl } from './image-variants.ts';
import type { ImageInfo } from './images.ts';

const SIZES = /\ssizes="([^"]*)"/;
const SRC = /\ssrc="[^"]*"/;

/** `url 640w, url 960w, …` for one format. */
function srcset(info: ImageInfo, v: ImageVariants, format: RasterFormat): string {
  return v.widths.map((w) => `${escapeHtml(variantUrl(info, v, w, format))} ${w}w`).join(', ');
}

/**
 * `attrs`: the `<img>`'s other attributes as written (already escaped; `loading` and `decoding` set). Its `sizes`, if
 * it has one (`<Image sizes>`), serves every source; else `sizes` (config `images.sizes`). Its `width` and `height`
 * are the widest copy's unless it has its own.
 */
export function pictureHtml(info: ImageInfo, v: ImageVariants, attrs: string, sizes = '100vw'): string {
  const own = SIZES.exec(attrs)?.[1];
  const sizesAttr = ` sizes="${own ?? escapeHtml(sizes)}"`;
  const widest = v.widths[v.widths.length - 1];
  let img = attrs.replace(SIZES, '').replace(SRC, ` src="${escapeHtml(variantUrl(info, v, widest, v.fallback))}"`);
  img += ` srcset="${srcset(info, v, v.fallback)}"${sizesAttr}`;
  if (!/\swidth=/.test(img)) img += ` width="${widest}" height="${variantHeight(info, widest)}"`;
  const sources = v.formats.map((f) => `<source type="${MIME[f]}" srcset="${srcset(info, v, f)}"${sizesAttr}>`).join('');
  return `<picture>${sources}<img${img}></picture>`;
}
