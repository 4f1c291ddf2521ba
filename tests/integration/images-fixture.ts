/** The images of the `images` fixture, generated with sharp (small and the same bytes every time) into a copy of it. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

/** A picture with some detail (a gradient and a disc), so the encoders have work and the output is not trivial. */
function picture(width: number, height: number): ReturnType<typeof sharp> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#0a4"/><stop offset="1" stop-color="#fc0"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#236"/></svg>`;
  return sharp(Buffer.from(svg));
}

export async function writeFixtureImages(dir: string): Promise<void> {
  const photos = join(dir, 'content/photos');
  mkdirSync(photos, { recursive: true });
  mkdirSync(join(dir, 'site/public'), { recursive: true });
  writeFileSync(join(photos, 'wide.png'), await picture(1000, 500).png().toBuffer());
  // Stored 1600×900 and turned a quarter by its EXIF orientation (6): shown 900×1600.
  writeFileSync(join(dir, 'site/public/harbour.jpg'), await picture(1600, 900).jpeg({ quality: 80 }).withMetadata({ orientation: 6 }).toBuffer());
  writeFileSync(join(photos, 'small.webp'), await picture(200, 100).webp().toBuffer());
  writeFileSync(join(photos, 'photo.avif'), await picture(800, 600).avif({ effort: 0 }).toBuffer());
  writeFileSync(join(photos, 'spinner.gif'), await picture(64, 64).gif().toBuffer());
  writeFileSync(join(photos, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#236"/></svg>\n');
}
