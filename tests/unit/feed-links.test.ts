/** The feeds' content is read away from the site: every root-relative URL in it becomes absolute, `srcset`s included. */
import { describe, expect, it } from 'vitest';
import { absolutize } from '../../templates/plugins/feed.ts';

const ORIGIN = 'https://example.com';

describe('absolutize', () => {
  it('makes links, images, posters and every srcset candidate absolute', () => {
    const html =
      '<a href="/blog/x">x</a><picture><source type="image/webp" srcset="/_sitegen/images/a-160.webp 160w, /_sitegen/images/a-320.webp 320w">' +
      '<img src="/_sitegen/images/a.png" srcset="/_sitegen/images/a-160.png 160w,/_sitegen/images/a-320.png 320w" alt=""></picture>' +
      '<video poster="/p.jpg"></video>';
    expect(absolutize(html, ORIGIN)).toBe(
      '<a href="https://example.com/blog/x">x</a><picture><source type="image/webp" srcset="https://example.com/_sitegen/images/a-160.webp 160w, https://example.com/_sitegen/images/a-320.webp 320w">' +
        '<img src="https://example.com/_sitegen/images/a.png" srcset="https://example.com/_sitegen/images/a-160.png 160w,https://example.com/_sitegen/images/a-320.png 320w" alt=""></picture>' +
        '<video poster="https://example.com/p.jpg"></video>',
    );
  });

  it('leaves absolute, protocol-relative and relative URLs as they are', () => {
    const html =
      '<img src="//cdn.example/a.png" srcset="https://cdn.example/b.png 2x, //cdn.example/c.png 3x, d.png 4x"><a href="#top">t</a><a href="other">o</a>';
    expect(absolutize(html, ORIGIN)).toBe(html);
  });
});
