import { describe, expect, it } from 'vitest';
import type { ContentDocument } from '../../../src/content/types.ts';
import { collectPosts, toPostSummary } from '../../../src/site/collections.ts';

const post: ContentDocument = {
  _id: 'content:blog:2020-01-21-hello.md',
  _stem: 'blog/2020-01-21-hello',
  _path: '/blog/2020/01/21/hello',
  _dir: 'blog',
  _partial: false,
  _type: 'markdown',
  _source: 'content/blog/2020-01-21-hello.md',
  title: 'Hello',
  description: 'The first post.',
  date: '2020-01-21T00:00:00.000Z',
  navigation: true,
  draft: false,
  middleware: [],
  frontmatter: { tags: ['news'] },
  excerpt: '<p><img src="./cat.png" alt="cat"> <a href="/guide/intro">intro</a></p>\n',
  body: { toc: { title: '', depth: 2, searchDepth: 2, links: [] }, html: '' },
  links: [],
  images: [{ href: './cat.png', line: 6 }],
  ids: [],
  wordCount: 3,
  readingTime: 1,
  isPost: true,
  hash: '0123456789abcdef',
};
const images = { publicDir: 'site/public', files: { 'content/blog/cat.png': { url: '/_sitegen/images/cat.0123456789.png', width: 4, height: 3 } } };

describe('post summaries', () => {
  it("show the excerpt's images at their hashed files, as the post's page does, and keep its links root-relative like the path", () => {
    const summary = toPostSummary(post, images);
    expect(summary.excerpt).toBe(
      '<p><img src="/_sitegen/images/cat.0123456789.png" alt="cat" width="4" height="3" loading="lazy" decoding="async"> <a href="/guide/intro">intro</a></p>\n',
    );
    expect(summary.path).toBe('/blog/2020/01/21/hello');
    expect(collectPosts([post], false, images)[0].excerpt).toBe(summary.excerpt);
    // Without copied images (none found, or none in the excerpt) it stays as parsed.
    expect(toPostSummary(post).excerpt).toBe(post.excerpt);
  });
});
