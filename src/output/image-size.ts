/**
 * An image's format and size from its bytes: PNG, JPEG, GIF, WebP, AVIF, ICO, BMP and SVG (width/height, else viewBox).
 * The one place that knows image formats: a library such as `image-size` would replace this file only.
 */
export interface ImageSize {
  width: number;
  height: number;
}

function png(b: Buffer): ImageSize | undefined {
  if (b.length < 24 || b.readUInt32BE(0) !== 0x89504e47 || b.toString('ascii', 12, 16) !== 'IHDR') return undefined;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

function gif(b: Buffer): ImageSize | undefined {
  if (b.length < 10 || !/^GIF8[79]a$/.test(b.toString('ascii', 0, 6))) return undefined;
  return { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
}

/** The EXIF orientation (1–8) of an APP1 segment's body at `at`, if it says one. */
function exifOrientation(b: Buffer, at: number, end: number): number | undefined {
  if (end - at < 14 || b.toString('ascii', at, at + 6) !== 'Exif\0\0') return undefined;
  const tiff = at + 6;
  const le = b.toString('ascii', tiff, tiff + 2) === 'II';
  const u16 = (o: number) => (le ? b.readUInt16LE(o) : b.readUInt16BE(o));
  const ifd = tiff + (le ? b.readUInt32LE(tiff + 4) : b.readUInt32BE(tiff + 4));
  if (ifd + 2 > end) return undefined;
  for (let n = u16(ifd), e = ifd + 2; n > 0 && e + 12 <= end; n--, e += 12) if (u16(e) === 0x0112) return u16(e + 8);
  return undefined;
}

function jpeg(b: Buffer): ImageSize | undefined {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return undefined;
  let i = 2;
  let orientation: number | undefined;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return undefined;
    const marker = b[i + 1];
    if (marker === 0xff) {
      i++;
      continue;
    }
    const length = b.readUInt16BE(i + 2);
    if (marker === 0xe1) orientation ??= exifOrientation(b, i + 4, Math.min(b.length, i + 2 + length));
    // SOF0–SOF15 carry the frame size, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const [height, width] = [b.readUInt16BE(i + 5), b.readUInt16BE(i + 7)];
      // Orientations 5–8 turn the picture a quarter: browsers (and the resized copies) show it that way up.
      return orientation && orientation >= 5 && orientation <= 8 ? { width: height, height: width } : { width, height };
    }
    i += 2 + length;
  }
  return undefined;
}

function webp(b: Buffer): ImageSize | undefined {
  if (b.length < 30 || b.toString('ascii', 0, 4) !== 'RIFF' || b.toString('ascii', 8, 12) !== 'WEBP') return undefined;
  const chunk = b.toString('ascii', 12, 16);
  if (chunk === 'VP8X') return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
  if (chunk === 'VP8L') {
    const bits = b.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  if (chunk === 'VP8 ') return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  return undefined;
}

function svgLength(value: string | undefined): number | undefined {
  const m = value ? /^\s*([\d.]+)\s*(px)?\s*$/.exec(value) : null;
  return m ? Math.round(Number(m[1])) : undefined;
}

function svg(b: Buffer): ImageSize | undefined {
  const tag = svgRoot(b);
  if (!tag) return undefined;
  const attr = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];
  let width = svgLength(attr('width'));
  let height = svgLength(attr('height'));
  const box = attr('viewBox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  if (box?.length === 4 && box[2] > 0 && box[3] > 0) {
    if (width && !height) height = Math.round((width * box[3]) / box[2]);
    else if (height && !width) width = Math.round((height * box[2]) / box[3]);
    else if (!width && !height) [width, height] = [Math.round(box[2]), Math.round(box[3])];
  }
  return width && height ? { width, height } : undefined;
}

function bmp(b: Buffer): ImageSize | undefined {
  if (b.length < 26 || b.toString('ascii', 0, 2) !== 'BM') return undefined;
  if (b.readUInt32LE(14) === 12) return { width: b.readUInt16LE(18), height: b.readUInt16LE(20) };
  return { width: Math.abs(b.readInt32LE(18)), height: Math.abs(b.readInt32LE(22)) };
}

function ico(b: Buffer): ImageSize | undefined {
  // The first image of the directory; 0 stands for 256.
  return b.length < 22 ? undefined : { width: b[6] || 256, height: b[7] || 256 };
}

function avif(b: Buffer): ImageSize | undefined {
  // The first image spatial extents property (`ispe`: version/flags, width, height).
  const at = b.indexOf('ispe', 0, 'ascii');
  return at >= 4 && at + 16 <= b.length ? { width: b.readUInt32BE(at + 8), height: b.readUInt32BE(at + 12) } : undefined;
}

export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp' | 'avif' | 'ico' | 'bmp' | 'svg';

/** File name extensions of each format, the usual one first. */
export const FORMAT_EXTENSIONS: Record<ImageFormat, string[]> = {
  png: ['.png', '.apng'],
  jpeg: ['.jpg', '.jpeg', '.jfif', '.pjpeg', '.pjp'],
  gif: ['.gif'],
  webp: ['.webp'],
  avif: ['.avif'],
  ico: ['.ico', '.cur'],
  bmp: ['.bmp', '.dib'],
  svg: ['.svg'],
};

const BMP_HEADERS = new Set([12, 40, 52, 56, 64, 108, 124]);

/**
 * The root element of an SVG document: the first element after the byte order mark and the prolog, when it is
 * `<svg …>`. Text that merely contains `<svg` somewhere is not an SVG.
 */
function svgRoot(b: Buffer): string | undefined {
  const head = b.subarray(0, 64 * 1024);
  if (head.includes(0)) return undefined; // binary, not text
  let text = head.toString('utf8').replace(/^\uFEFF/, '');
  const prolog = /^\s*(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE(?:[^[>]|\[[\s\S]*?\])*>)/i;
  for (let m = prolog.exec(text); m; m = prolog.exec(text)) text = text.slice(m[0].length);
  return /^\s*<svg(?=[\s/>])[^>]*>/.exec(text)?.[0];
}

/** What image format the bytes are in, by their signature; undefined when they are not an image. */
export function imageFormat(b: Buffer): ImageFormat | undefined {
  if (b.length >= 8 && b.readUInt32BE(0) === 0x89504e47 && b.readUInt32BE(4) === 0x0d0a1a0a) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 6 && /^GIF8[79]a$/.test(b.toString('ascii', 0, 6))) return 'gif';
  if (b.length >= 12 && b.toString('ascii', 0, 4) === 'RIFF' && b.toString('ascii', 8, 12) === 'WEBP') return 'webp';
  if (b.length >= 16 && b.toString('ascii', 4, 8) === 'ftyp') {
    // The major brand or one of the compatible brands is AVIF's (image or sequence).
    const end = Math.min(b.length, b.readUInt32BE(0));
    for (let i = 8; i + 4 <= end; i += 4) if (i !== 12 && /^avi[fs]$/.test(b.toString('ascii', i, i + 4))) return 'avif';
  }
  if (b.length >= 22 && b.readUInt16LE(0) === 0 && (b.readUInt16LE(2) === 1 || b.readUInt16LE(2) === 2) && b.readUInt16LE(4) > 0 && b[9] === 0) return 'ico';
  if (b.length >= 26 && b.toString('ascii', 0, 2) === 'BM' && BMP_HEADERS.has(b.readUInt32LE(14))) return 'bmp';
  if (svgRoot(b)) return 'svg';
  return undefined;
}

const SIZES: Record<ImageFormat, (b: Buffer) => ImageSize | undefined> = { png, jpeg, gif, webp, avif, ico, bmp, svg };

/** The size of an image, or undefined when the bytes are none of the formats above or say no size. */
export function imageSize(bytes: Buffer, format = imageFormat(bytes)): ImageSize | undefined {
  return format ? SIZES[format](bytes) : undefined;
}

/** An animated PNG (`acTL` before the first `IDAT`), WebP (VP8X animation flag) or AVIF (an `avis` sequence): copied, not resized. */
export function isAnimated(b: Buffer, format = imageFormat(b)): boolean {
  if (format === 'png') {
    const idat = b.indexOf('IDAT', 8, 'ascii');
    const actl = b.indexOf('acTL', 8, 'ascii');
    return actl >= 0 && (idat < 0 || actl < idat);
  }
  if (format === 'webp') return b.length > 20 && b.toString('ascii', 12, 16) === 'VP8X' && (b[20] & 0x02) !== 0;
  if (format === 'avif') return b.length >= 12 && b.toString('ascii', 8, 12) === 'avis';
  return false;
}
