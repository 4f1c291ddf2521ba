import { describe, expect, it } from 'vitest';
import { documentImages, imageKey, rewriteImageFields, rewriteImages, type ImageManifest } from '../../../src/output/images.ts';

const manifest: ImageManifest = {
  publicDir: 'site/public',
  files: {
    'content/blog/cat.png': { url: '/docs/_sitegen/images/cat.0123456789.png', width: 40, height: 30 },
    'site/public/images/a b.svg': { url: '/docs/_sitegen/images/a-b.abcdefabcd.svg' },
  },
};

describe('imageKey', () => {
  it('resolves next to the document, or under the public folder for /paths', () => {
    expect(imageKey('content/blog/post.md', './cat.png', 'site/public')).toBe('content/blog/cat.png');
    expect(imageKey('content/blog/post.md', '../img/cat.png', 'site/public')).toBe('content/img/cat.png');
    expect(imageKey('content/blog/post.md', '/images/a%20b.svg?v=1', 'site/public')).toBe('site/public/images/a b.svg');
  });
  it('leaves URLs alone', () => {
    for (const src of ['https://example.com/x.png', '//cdn.example.com/x.png', 'data:image/png;base64,AAAA', '']) {
      expect(imageKey('content/a.md', src, 'site/public')).toBeUndefined();
    }
  });
});

describe('rewriteImages', () => {
  it('points <img> at the hashed file with size and lazy loading, keeping alt and title', () => {
    expect(rewriteImages('<p><img src="./cat.png" alt="a &quot;cat&quot;" title="Cat"></p>', 'content/blog/post.md', manifest)).toBe(
      '<p><img src="/docs/_sitegen/images/cat.0123456789.png" alt="a &quot;cat&quot;" title="Cat" width="40" height="30" loading="lazy" decoding="async"></p>',
    );
  });
  it('adds no size it does not know, and leaves unknown and external images as written', () => {
    const html = '<img src="/images/a%20b.svg" alt=""><img src="https://x.test/y.png" alt="y"><img src="./other.png" alt="o">';
    expect(rewriteImages(html, 'content/blog/post.md', manifest)).toBe(
      '<img src="/docs/_sitegen/images/a-b.abcdefabcd.svg" alt="" loading="lazy" decoding="async"><img src="https://x.test/y.png" alt="y"><img src="./other.png" alt="o">',
    );
  });
  it('rewrites front matter image and cover', () => {
    expect(rewriteImageFields({ cover: './cat.png', image: 'https://x.test/a.png', title: 'T' }, 'content/blog/post.md', manifest)).toEqual({
      cover: '/docs/_sitegen/images/cat.0123456789.png',
      image: 'https://x.test/a.png',
      title: 'T',
    });
  });
});

describe('documentImages', () => {
  it('is the part of the manifest a document shows, or undefined when it shows none of it', () => {
    const doc = {
      _source: 'content/blog/post.md',
      _path: '/blog/post',
      images: [
        { href: './cat.png', line: 3 },
        { href: 'https://x.test/y.png', line: 4 },
        { href: './gone.png', line: 5 },
      ],
    };
    expect(documentImages(doc, manifest)).toEqual({ publicDir: 'site/public', files: { 'content/blog/cat.png': manifest.files['content/blog/cat.png'] } });
    expect(documentImages({ ...doc, images: [{ href: './gone.png', line: 5 }] }, manifest)).toBeUndefined();
    expect(documentImages({ ...doc, images: undefined }, manifest)).toBeUndefined();
    expect(documentImages(doc, undefined)).toBeUndefined();
  });
});
