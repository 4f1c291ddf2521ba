import { describe, expect, it } from 'vitest';
import { buildNavigation } from '../../../src/site/collections.ts';
import type { ContentDocument } from '../../../src/content/types.ts';
import type { NavItem } from '../../../templates/types.ts';

const doc = (stem: string, title: string): ContentDocument =>
  ({
    _id: `content:${stem}`,
    _stem: stem,
    _path: `/${stem}`,
    _dir: '',
    _partial: false,
    _type: 'markdown',
    _source: `content/${stem}.md`,
    title,
    description: '',
    navigation: true,
    draft: false,
    middleware: [],
    frontmatter: {},
    body: null,
    links: [],
    ids: [],
    wordCount: 0,
    readingTime: 1,
    isPost: false,
    hash: '',
  }) as unknown as ContentDocument;

const paths = (items: NavItem[]): unknown => items.map((i) => (i.children ? [i.path, paths(i.children)] : i.path));

describe('navigation tree', () => {
  it('links a folder without an index page to its first page in reading order, however deep', () => {
    const nav = buildNavigation([doc('v1/tutorials/set-1/b', 'B'), doc('v1/tutorials/set-1/a', 'A'), doc('v1/examples/x', 'X')], false);
    expect(paths(nav)).toEqual([
      [
        '/v1/examples/x',
        [
          ['/v1/examples/x', ['/v1/examples/x']],
          ['/v1/tutorials/set-1/a', [['/v1/tutorials/set-1/a', ['/v1/tutorials/set-1/a', '/v1/tutorials/set-1/b']]]],
        ],
      ],
    ]);
  });

  it('keeps a folder index page as the folder link', () => {
    const nav = buildNavigation([doc('guide/index', 'Guide'), doc('guide/setup', 'Setup')], false);
    expect(nav[0]).toMatchObject({ title: 'Guide', path: '/guide/index' });
  });
});
