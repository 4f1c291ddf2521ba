/**
 * Responsive images through the real CLI: the `images` fixture shows a PNG, a JPEG (turned by its EXIF orientation), a
 * WebP, an AVIF, a GIF and an SVG, in markdown, with `<Image>` in markdown and in a page. Checked: the `<picture>`s and
 * their attributes, the files written, a warm build encoding nothing with the same output as a cold one, and a
 * damaged image failing the build at the line that shows it.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HTMLElement } from 'node-html-parser';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageFormat } from '../../src/output/image-size.ts';
import { copyFixture, html, outputFiles, remove, runCli, type CliResult } from '../helpers.ts';
import { writeFixtureImages } from './images-fixture.ts';

let site: string;
let cold: CliResult;
let gallery: HTMLElement;

beforeAll(async () => {
  site = copyFixture('images');
  await writeFixtureImages(site);
  cold = await runCli(['build', '--root', site]);
  gallery = html(site, 'dist/gallery/index.html');
}, 240_000);
afterAll(() => remove(site));

/** The `<img>` whose alt starts so, and the `<picture>` around it, if any. */
function image(root: HTMLElement, alt: string): { img: HTMLElement; picture: HTMLElement | null } {
  const img = root.querySelectorAll('img').find((i) => i.getAttribute('alt')?.startsWith(alt));
  expect(img, alt).toBeDefined();
  return { img: img!, picture: img!.parentNode?.tagName === 'PICTURE' ? img!.parentNode : null };
}

/** `url 320w, …` → [url, width] pairs. */
const candidates = (srcset: string | undefined) => (srcset ?? '').split(', ').map((c) => c.split(' ') as [string, string]);

describe('responsive images', () => {
  it('builds, resizing the four raster images and saying so', () => {
    expect(cold.code, cold.stderr).toBe(0);
    expect(cold.stdout).toMatch(/✓ resized 4 images \(22 files\), 0 from cache/);
  });

  it('shows a PNG as a <picture>: AVIF and WebP sources, the PNG fallback, never wider than the original', () => {
    const { img, picture } = image(gallery, 'A "wide" PNG');
    expect(picture).not.toBeNull();
    const sources = picture!.querySelectorAll('source');
    expect(sources.map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    // 1000 px wide: the widths below it and its own, not 1280.
    for (const s of sources) expect(candidates(s.getAttribute('srcset')).map(([, w]) => w)).toEqual(['320w', '640w', '1000w']);
    for (const s of sources) expect(s.getAttribute('sizes')).toBe('(min-width: 800px) 780px, 100vw');
    const srcset = candidates(img.getAttribute('srcset'));
    expect(srcset.map(([url]) => url)).toEqual([
      expect.stringMatching(/^\/_sitegen\/images\/wide\.[0-9a-f]{10}-320\.png$/),
      expect.stringMatching(/^\/_sitegen\/images\/wide\.[0-9a-f]{10}-640\.png$/),
      img.getAttribute('src'),
    ]);
    // The widest fallback is the original file, copied as it was.
    expect(img.getAttribute('src')).toMatch(/^\/_sitegen\/images\/wide\.[0-9a-f]{10}\.png$/);
    expect(img.getAttribute('sizes')).toBe('(min-width: 800px) 780px, 100vw');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1000', '500']);
    expect([img.getAttribute('loading'), img.getAttribute('decoding')]).toEqual(['lazy', 'async']);
    // The alt text stays escaped: no element came out of it.
    expect(img.getAttribute('alt')).toBe('A "wide" PNG & <b>more</b>');
    expect(picture!.querySelector('b')).toBeNull();
  });

  it('sizes a JPEG by its EXIF orientation, and an AVIF falls back to itself with WebP sources', () => {
    const harbour = image(gallery, 'Harbour');
    expect([harbour.img.getAttribute('width'), harbour.img.getAttribute('height')]).toEqual(['900', '1600']);
    expect(candidates(harbour.img.getAttribute('srcset')).map(([, w]) => w)).toEqual(['320w', '640w', '900w']);
    const avif = image(gallery, 'An AVIF');
    expect(avif.picture!.querySelectorAll('source').map((s) => s.getAttribute('type'))).toEqual(['image/webp']);
    expect(avif.img.getAttribute('src')).toMatch(/\.avif$/);
  });

  it('copies GIF and SVG as they are, in a plain <img> with their size', () => {
    for (const [alt, ext, size] of [
      ['An animation', 'gif', ['64', '64']],
      ['A logo', 'svg', ['40', '20']],
    ] as const) {
      const { img, picture } = image(gallery, alt);
      expect(picture).toBeNull();
      expect(img.getAttribute('src')).toMatch(new RegExp(`^/_sitegen/images/\\w+\\.[0-9a-f]{10}\\.${ext}$`));
      expect(img.hasAttribute('srcset')).toBe(false);
      expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(size);
    }
  });

  it('<Image> in markdown keeps its own sizes; in a page, priority loads at once and a remote src stays as written', () => {
    const component = image(gallery, 'Small, as a component');
    expect(component.picture).not.toBeNull();
    expect(component.img.getAttribute('sizes')).toBe('50vw');
    expect(component.picture!.querySelector('source')!.getAttribute('sizes')).toBe('50vw');
    expect(component.img.hasAttribute('data-sitegen-image')).toBe(false);
    const page = html(site, 'dist/hero/index.html');
    const hero = image(page, 'The harbour at dawn');
    expect(hero.picture).not.toBeNull();
    expect([hero.img.getAttribute('loading'), hero.img.getAttribute('fetchpriority')]).toEqual(['eager', 'high']);
    expect(hero.img.getAttribute('src')).toBe(image(gallery, 'Harbour').img.getAttribute('src'));
    // No preload of the unresized file (React adds one for an image that is not lazy).
    expect(page.querySelectorAll('link[rel=preload][as=image]')).toHaveLength(0);
    const remote = image(page, 'A remote image');
    expect(remote.picture).toBeNull();
    expect(remote.img.getAttribute('src')).toBe('https://cdn.example.com/remote.png');
  });

  it('writes every file a srcset names, in its format and at its width', async () => {
    const urls = new Map<string, number>();
    for (const el of [...gallery.querySelectorAll('source'), ...gallery.querySelectorAll('img')]) {
      for (const [url, w] of candidates(el.getAttribute('srcset') ?? undefined)) if (url) urls.set(url, Number.parseInt(w, 10));
    }
    expect(urls.size).toBeGreaterThanOrEqual(20);
    for (const [url, width] of urls) {
      const bytes = readFileSync(join(site, 'dist', url));
      expect(imageFormat(bytes), url).toBe({ png: 'png', jpg: 'jpeg', webp: 'webp', avif: 'avif' }[url.split('.').pop()!]);
      // As shown: the original JPEG is stored 1600×900 and turned by its EXIF orientation.
      expect((await sharp(bytes).metadata()).autoOrient.width, url).toBe(width);
    }
  });

  it('a warm build encodes nothing, and its output equals a cold build of the same site', async () => {
    const warm = await runCli(['build', '--force', '--root', site]);
    expect(warm.code, warm.stderr).toBe(0);
    expect(warm.stdout).toMatch(/✓ resized 0 images, 4 from cache/);
    const warmFiles = outputFiles(join(site, 'dist'));
    rmSync(join(site, '.sitegen-cache'), { recursive: true, force: true });
    rmSync(join(site, 'dist'), { recursive: true, force: true });
    const again = await runCli(['build', '--root', site]);
    expect(again.stdout).toMatch(/✓ resized 4 images \(22 files\), 0 from cache/);
    // sharp's output is stable: the same bytes from a second cold encode.
    expect(outputFiles(join(site, 'dist'))).toEqual(warmFiles);
  }, 240_000);

  it('a damaged image is SG5005 at the line that shows it, and the build fails', async () => {
    const broken = copyFixture('images');
    try {
      await writeFixtureImages(broken);
      const png = readFileSync(join(broken, 'content/photos/wide.png'));
      // The header says 1000×500; the pixel data is cut short.
      writeFileSync(join(broken, 'content/photos/wide.png'), png.subarray(0, 200));
      const result = await runCli(['build', '--root', broken]);
      expect(result.code).toBe(1);
      // Where it is shown first: the front matter's `cover:`.
      expect(result.stderr).toContain('✗ content/gallery.md:3 [SG5005] Image could not be processed');
      expect(result.stderr).toContain('Image could not be processed: content/photos/wide.png (');
      expect(result.stderr).toContain('hint: The file may be damaged or cut short');
      expect(result.stderr).not.toMatch(/\n\s+at /); // no stack: a problem, not a crash
    } finally {
      remove(broken);
    }
  }, 240_000);
});
