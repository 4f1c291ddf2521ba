/**
 * Width and height of an image from its header bytes: PNG, JPEG, GIF, WebP (lossy, lossless,
 * extended) and SVG (width/height attributes, else the viewBox). The one place that knows image
 * formats: to use a library such as `image-size` instead, change this file only.
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

function jpeg(b: Buffer): ImageSize | undefined {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return undefined;
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return undefined;
    const marker = b[i + 1];
    if (marker === 0xff) { i++; continue; }
    const length = b.readUInt16BE(i + 2);
    // SOF0–SOF15 carry the frame size, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
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
  const text = b.toString('utf8', 0, Math.min(b.length, 4096));
  const tag = /<svg\b[^>]*>/i.exec(text)?.[0];
  if (!tag) return undefined;
  const attr = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];
  let width = svgLength(attr('width'));
  let height = svgLength(attr('height'));
  const box = attr('viewBox')?.trim().split(/[\s,]+/).map(Number);
  if (box?.length === 4 && box[2] > 0 && box[3] > 0) {
    if (width && !height) height = Math.round((width * box[3]) / box[2]);
    else if (height && !width) width = Math.round((height * box[2]) / box[3]);
    else if (!width && !height) [width, height] = [Math.round(box[2]), Math.round(box[3])];
  }
  return width && height ? { width, height } : undefined;
}

/** The size of an image, or undefined when the bytes are none of the formats above. */
export function imageSize(bytes: Buffer): ImageSize | undefined {
  return png(bytes) ?? gif(bytes) ?? jpeg(bytes) ?? webp(bytes) ?? svg(bytes);
}
