import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { imageFormat, imageSize } from '../../../src/output/image-size.ts';

function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('imageSize', () => {
  it('reads PNG', () => {
    expect(imageSize(png(321, 123))).toEqual({ width: 321, height: 123 });
  });

  it('reads GIF', () => {
    const gif = Buffer.from('GIF89a\x2c\x01\x96\x00\x80\x00\x00', 'latin1');
    expect(imageSize(gif)).toEqual({ width: 300, height: 150 });
  });

  it('reads JPEG past the APP0 segment to the frame header', () => {
    const app0 = [0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0];
    const sof2 = [0xff, 0xc2, 0x00, 0x11, 0x08, 0x01, 0xe0, 0x02, 0x80, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
    expect(imageSize(Buffer.from([0xff, 0xd8, ...app0, ...sof2, 0xff, 0xd9]))).toEqual({ width: 640, height: 480 });
  });

  it('reads WebP (lossy, lossless and extended)', () => {
    const riff = (chunk: string, body: number[]) =>
      Buffer.from([...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WEBP'), ...Buffer.from(chunk), 0, 0, 0, 0, ...body, ...new Array(16).fill(0)]);
    // VP8: frame tag (3 bytes), start code 9d 01 2a, then 14-bit width and height.
    expect(imageSize(riff('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, 0x90, 0x01, 0xc8, 0x00]))).toEqual({ width: 400, height: 200 });
    // VP8L: signature 0x2f, then width-1 and height-1 in 14 bits each.
    const bits = (99 & 0x3fff) | ((49 & 0x3fff) << 14);
    expect(imageSize(riff('VP8L', [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, (bits >> 24) & 0xff]))).toEqual({ width: 100, height: 50 });
    // VP8X: flags and reserved (4 bytes), then width-1 and height-1 in 24 bits each.
    expect(imageSize(riff('VP8X', [0, 0, 0, 0, 0x1f, 0x03, 0x00, 0x0f, 0x02, 0x00]))).toEqual({ width: 800, height: 528 });
  });

  it('reads SVG from width and height, or the viewBox', () => {
    expect(imageSize(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="32px"></svg>'))).toEqual({ width: 64, height: 32 });
    expect(imageSize(Buffer.from('<?xml version="1.0"?>\n<svg viewBox="0 0 120 60"><rect/></svg>'))).toEqual({ width: 120, height: 60 });
    expect(imageSize(Buffer.from('<svg width="240" viewBox="0 0 120 60"></svg>'))).toEqual({ width: 240, height: 120 });
    expect(imageSize(Buffer.from('<svg width="100%" height="100%"></svg>'))).toBeUndefined();
  });

  it('gives up on anything else', () => {
    expect(imageSize(Buffer.from('not an image at all, just text'))).toBeUndefined();
    expect(imageSize(Buffer.alloc(0))).toBeUndefined();
  });
});

describe('imageFormat (F9: an image must be an image by its bytes)', () => {
  const bmp = Buffer.alloc(54);
  bmp.write('BM', 0, 'ascii');
  bmp.writeUInt32LE(40, 14);
  bmp.writeInt32LE(16, 18);
  bmp.writeInt32LE(-8, 22);
  const ico = Buffer.from([0, 0, 1, 0, 1, 0, 32, 24, 0, 0, 1, 0, 32, 0, 0, 0, 0, 0, 22, 0, 0, 0]);
  const avif = Buffer.concat([
    Buffer.from([0, 0, 0, 28]),
    Buffer.from('ftypavif'),
    Buffer.alloc(4),
    Buffer.from('avifmif1miaf'),
    Buffer.from([0, 0, 0, 20]),
    Buffer.from('ispe'),
    Buffer.alloc(4),
    Buffer.from([0, 0, 1, 0, 0, 0, 0, 128]),
  ]);

  it('knows PNG, JPEG, GIF, WebP, AVIF, ICO, BMP and SVG, and their sizes', () => {
    expect(imageFormat(png(2, 2))).toBe('png');
    expect(imageFormat(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(imageFormat(Buffer.from('GIF87a\x01\x00\x01\x00', 'latin1'))).toBe('gif');
    expect(imageFormat(Buffer.from('RIFF\0\0\0\0WEBPVP8L', 'latin1'))).toBe('webp');
    expect([imageFormat(avif), imageSize(avif)]).toEqual(['avif', { width: 256, height: 128 }]);
    expect([imageFormat(ico), imageSize(ico)]).toEqual(['ico', { width: 32, height: 24 }]);
    expect([imageFormat(bmp), imageSize(bmp)]).toEqual(['bmp', { width: 16, height: 8 }]);
    expect(
      imageFormat(
        Buffer.from('\uFEFF<?xml version="1.0"?>\n<!-- made by hand -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd">\n<svg viewBox="0 0 1 1"/>'),
      ),
    ).toBe('svg');
  });

  it('refuses text, secrets and files that only mention <svg', () => {
    expect(imageFormat(Buffer.from('root:x:0:0:root:/root:/bin/bash\n'))).toBeUndefined();
    expect(imageFormat(Buffer.from('PATH=/usr/bin\0SECRET=1\0'))).toBeUndefined();
    expect(imageFormat(Buffer.from('{"files":{"a.md":"<svg width=\\"1\\">"}}'))).toBeUndefined();
    expect(imageSize(Buffer.from('notes: <svg width="10" height="10"> in the text'))).toBeUndefined();
    expect(imageFormat(Buffer.from('<svgfoo/>'))).toBeUndefined();
    expect(imageFormat(Buffer.from('BM not a bitmap header at all...'))).toBeUndefined();
    expect(imageFormat(Buffer.alloc(0))).toBeUndefined();
  });
});
