import { describe, expect, it } from 'vitest';
import { planVariants, variantFiles, variantUrl, variantWidths, type ImageOptions } from '../../../src/output/image-variants.ts';
import { pictureHtml } from '../../../src/output/picture.ts';
import { withBase } from '../../../src/render/base.ts';

const OPTIONS: ImageOptions = { widths: [640, 960, 1280, 1920], formats: ['webp'], sizes: '100vw', enabled: true };
const file = (format: 'png' | 'gif' | 'jpeg', animated = false) => ({ rel: 'x', file: '/x', hash: 'abcdef0123', key: 'content/cat.png', format, animated });
const info = (width: number, height: number) => ({ url: '/_sitegen/images/cat.abcdef0123.png', width, height });

describe('variantWidths', () => {
  it('never scales up: a narrower image keeps its own width as the widest', () => {
    expect(variantWidths(1000, [1920, 640, 1280, 960])).toEqual({ widths: [640, 960, 1000], original: true });
    expect(variantWidths(1280, [640, 1280])).toEqual({ widths: [640, 1280], original: true });
    expect(variantWidths(300, [640, 960])).toEqual({ widths: [300], original: true });
  });

  it('a wider image gets every configured width, not its own', () => {
    expect(variantWidths(4000, [640, 1920])).toEqual({ widths: [640, 1920], original: false });
  });
});

describe('planVariants', () => {
  it('plans PNG, JPEG, WebP and AVIF; not GIF, animated or unsized images, nor when switched off', () => {
    expect(planVariants(file('png'), info(1000, 500), OPTIONS)).toMatchObject({ widths: [640, 960, 1000], formats: ['webp'], fallback: 'png', original: true });
    expect(planVariants(file('gif'), info(100, 100), OPTIONS)).toBeUndefined();
    expect(planVariants(file('png', true), info(100, 100), OPTIONS)).toBeUndefined();
    expect(planVariants(file('png'), { url: '/x.png' }, OPTIONS)).toBeUndefined();
    expect(planVariants(file('png'), info(100, 100), { ...OPTIONS, enabled: false })).toBeUndefined();
  });

  it('names copies by a hash of the bytes and the options: a new quality is a new name', () => {
    const a = planVariants(file('png'), info(1000, 500), OPTIONS)!;
    const b = planVariants(file('png'), info(1000, 500), { ...OPTIONS, quality: 60 })!;
    expect(a.hash).not.toBe(b.hash);
    expect(variantUrl(info(1000, 500), a, 640, 'webp')).toBe(`/_sitegen/images/cat.${a.hash}-640.webp`);
    // The widest fallback is the original file: not encoded again.
    expect(variantUrl(info(1000, 500), a, 1000, 'png')).toBe('/_sitegen/images/cat.abcdef0123.png');
    expect(variantFiles(info(1000, 500), a).map((f) => `${f.width}.${f.format}`)).toEqual(['640.webp', '640.png', '960.webp', '960.png', '1000.webp']);
  });
});

describe('pictureHtml', () => {
  it('keeps the img attributes as written (escaped) and its own sizes', () => {
    const v = planVariants(file('png'), info(1000, 500), OPTIONS)!;
    const out = pictureHtml(info(1000, 500), v, ' src="x" alt="a &quot;b&quot; &lt;c&gt;" sizes="50vw" loading="lazy"', '100vw');
    expect(out).toContain('alt="a &quot;b&quot; &lt;c&gt;"');
    expect(out.match(/sizes="50vw"/g)).toHaveLength(2);
    expect(out).toContain('width="1000" height="500"');
    expect(out).toMatch(
      /^<picture><source type="image\/webp" srcset="[^"]+ 640w, [^"]+ 960w, [^"]+ 1000w" sizes="50vw"><img src="\/_sitegen\/images\/cat\.abcdef0123\.png"/,
    );
  });
});

describe('withBase', () => {
  it('puts the base in front of every root-relative srcset URL', () => {
    expect(withBase('<source srcset="/a-640.webp 640w, /a-960.webp 960w, https://x/y.png 2x, //cdn/z.png 3x">', '/docs/')).toBe(
      '<source srcset="/docs/a-640.webp 640w, /docs/a-960.webp 960w, https://x/y.png 2x, //cdn/z.png 3x">',
    );
  });
});
