import { describe, expect, it } from 'vitest';
import { findNavNode } from '../../../templates/components/Sidebar.tsx';
import { flattenNav } from '../../../src/site/collections.ts';
import type { NavItem } from '../../../templates/types.ts';

/** The lookup as a plain walk over the tree, three passes per call: the rules findNavNode keeps. */
function reference(nodes: NavItem[], path: string): NavItem | undefined {
  const walk = (items: NavItem[], test: (n: NavItem) => boolean): NavItem | undefined => {
    for (const n of items) {
      if (test(n)) return n;
      const hit = n.children?.length ? walk(n.children, test) : undefined;
      if (hit) return hit;
    }
    return undefined;
  };
  const deepest = (items: NavItem[], test: (n: NavItem) => boolean): NavItem | undefined => {
    for (const n of items) {
      const hit = n.children?.length ? deepest(n.children, test) : undefined;
      if (hit) return hit;
      if (test(n)) return n;
    }
    return undefined;
  };
  const holds = (n: NavItem) => (n.children ?? []).every((c) => c.path === path || c.path.startsWith(`${path}/`));
  return (
    deepest(nodes, (n) => n.path === path && !!n.children?.length && holds(n)) ??
    walk(nodes, (n) => n.path === path && !!n.children?.length) ??
    walk(nodes, (n) => n.path === path)
  );
}

const page = (path: string, title = path): NavItem => ({ title, path });
// /v1 has no index page, so it carries the path of its first child, the /v1/examples folder,
// whose own index page shares that path too.
const examples: NavItem = { title: 'Examples', path: '/v1/examples', children: [page('/v1/examples', 'Overview'), page('/v1/examples/tunnels')] };
const v1: NavItem = { title: 'v1', path: '/v1/examples', children: [examples, page('/v1/guide')] };
const blog: NavItem = { title: 'Blog', path: '/blog', children: [page('/blog'), page('/blog/a'), page('/blog/b')] };
// Two folders without index pages, one inside the other, both carrying /x/y's path: the inner one holds it.
const inner: NavItem = { title: 'Inner', path: '/x/y', children: [page('/x/y'), page('/x/y/z')] };
const outer: NavItem = { title: 'Outer', path: '/x/y', children: [inner] };
const nav: NavItem[] = [page('/'), v1, blog, outer, page('/about')];

describe('findNavNode (sidebar lookups, indexed once per tree)', () => {
  it('gives what a walk of the whole tree gives, for every path in it and one not in it', () => {
    const paths = [...new Set(flattenNav(nav).map((link) => link.path)), '/v1/examples/tunnels', '/missing'];
    for (const path of paths) expect(findNavNode(nav, path), path).toBe(reference(nav, path));
    expect(findNavNode(nav, '/v1/examples')).toBe(examples);
    expect(findNavNode(nav, '/blog')).toBe(blog);
    expect(findNavNode(nav, '/x/y')).toBe(inner);
    expect(findNavNode(nav, '/missing')).toBeUndefined();
  });
  it('does not reuse the index of another list that starts with the same item', () => {
    expect(findNavNode(nav, '/about')?.path).toBe('/about');
    const shorter = nav.slice(0, 2);
    expect(findNavNode(shorter, '/about')).toBeUndefined();
    expect(findNavNode(shorter, '/blog')).toBeUndefined();
    expect(findNavNode([], '/')).toBeUndefined();
  });
});

describe('flattenNav', () => {
  it('lists each path once, in reading order', () => {
    expect(flattenNav(nav).map((link) => link.path)).toEqual([
      '/',
      '/v1/examples',
      '/v1/examples/tunnels',
      '/v1/guide',
      '/blog',
      '/blog/a',
      '/blog/b',
      '/x/y',
      '/x/y/z',
      '/about',
    ]);
  });
});
