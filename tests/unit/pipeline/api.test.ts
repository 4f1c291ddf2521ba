import { describe, expect, it } from 'vitest';
import type { ContentDocument } from '../../../src/content/types.ts';
import { apiDocument, apiPosts } from '../../../src/pipeline/api.ts';
import type { PostSummary } from '../../../templates/types.ts';

const doc: ContentDocument = {
  _id: 'content:guide:setup.md',
  _stem: 'guide/setup',
  _path: '/guide/setup',
  _dir: 'guide',
  _partial: false,
  _type: 'markdown',
  _source: 'content/guide/setup.md',
  title: 'Setup',
  description: '',
  navigation: true,
  draft: false,
  middleware: [],
  frontmatter: { cover: './cat.png', title: 'Setup' },
  excerpt: '<p><img src="./cat.png" alt="cat"></p>\n',
  body: {
    toc: { title: '', depth: 2, searchDepth: 2, links: [] },
    html: '<p><img src="./cat.png" alt="cat"> <a href="/guide/intro">intro</a> <a href="https://x.test/">x</a> <a href="#top">top</a></p>\n',
  },
  links: [{ href: '/guide/intro', line: 5 }],
  images: [{ href: './cat.png', line: 5 }],
  ids: ['top'],
  wordCount: 3,
  readingTime: 1,
  isPost: false,
  hash: '0123456789abcdef',
};
const images = { publicDir: 'site/public', files: { 'content/guide/cat.png': { url: '/_sitegen/images/cat.0123456789.png', width: 4, height: 3 } } };

describe('apiDocument', () => {
  it('leaves out build internals and, with nothing to rewrite, keeps the document as it is', () => {
    const view = apiDocument({ ...doc, images: undefined }, { base: '/' });
    const { links: _l, ids: _i, hash: _h, ...rest } = { ...doc, images: undefined };
    expect(JSON.stringify(view)).toBe(JSON.stringify(rest));
  });

  it('shows body, excerpt and front matter images at their hashed files, and root-relative links under the base', () => {
    const view = apiDocument(doc, { base: '/docs/', images }) as { body: { html: string }; excerpt: string; frontmatter: Record<string, unknown> };
    const img = '<img src="/docs/_sitegen/images/cat.0123456789.png" alt="cat" width="4" height="3" loading="lazy" decoding="async">';
    expect(view.body.html).toBe(`<p>${img} <a href="/docs/guide/intro">intro</a> <a href="https://x.test/">x</a> <a href="#top">top</a></p>\n`);
    expect(view.excerpt).toBe(`<p>${img}</p>\n`);
    expect(view.frontmatter).toEqual({ cover: '/docs/_sitegen/images/cat.0123456789.png', title: 'Setup' });
    expect(doc.frontmatter.cover).toBe('./cat.png');
    expect(Object.keys(view)).toEqual(Object.keys(doc).filter((k) => !['links', 'ids', 'hash'].includes(k)));
  });
});

describe('apiPosts', () => {
  const posts: PostSummary[] = [
    {
      path: '/blog/a',
      title: 'A',
      description: '',
      date: '2020-01-01',
      author: '',
      authors: [],
      tags: [],
      categories: [],
      readingTime: 1,
      excerpt: '<p><img src="/_sitegen/images/cat.0123456789.png" alt="cat"> <a href="/guide/intro">intro</a> <a href="//cdn.test/x">x</a></p>\n',
    },
    { path: '/blog/b', title: 'B', description: '', date: '2020-01-02', author: '', authors: [], tags: [], categories: [], readingTime: 1 },
  ];

  it('puts the base in front of the root-relative URLs of each excerpt, and leaves paths and the listing as they are', () => {
    const listed = apiPosts(posts, '/docs/');
    expect(listed[0].excerpt).toBe(
      '<p><img src="/docs/_sitegen/images/cat.0123456789.png" alt="cat"> <a href="/docs/guide/intro">intro</a> <a href="//cdn.test/x">x</a></p>\n',
    );
    expect(listed.map((p) => p.path)).toEqual(['/blog/a', '/blog/b']);
    expect(listed[1]).toBe(posts[1]);
    expect(posts[0].excerpt).toContain('href="/guide/intro"');
    expect(JSON.stringify(Object.keys(listed[0]))).toBe(JSON.stringify(Object.keys(posts[0])));
  });

  it('returns the listing itself without a base', () => {
    expect(apiPosts(posts, '/')).toBe(posts);
  });
});
