/** Lookups in a navigation tree, each made once per tree (the same objects on every page of a build). */
import type { NavItem } from '../types';

interface NavIndex {
  /** The array's length and last item: an index is reused only for the very list it was built on. */
  length: number;
  last: NavItem;
  /** Every node by path, with its position in pre-order (parents first) and post-order (children first). */
  byPath: Map<string, { node: NavItem; pre: number; post: number }[]>;
}

const navIndexes = new WeakMap<NavItem, NavIndex>();

/**
 * The tree's nodes by path, built once per tree (keyed by its first item, the same object on
 * every page of a build): a lookup per page that walked the whole tree cost pages × pages steps.
 */
function navIndex(nodes: NavItem[]): NavIndex {
  const first = nodes[0];
  const last = nodes[nodes.length - 1];
  const known = navIndexes.get(first);
  if (known && known.length === nodes.length && known.last === last) return known;
  const byPath: NavIndex['byPath'] = new Map();
  let pre = 0;
  let post = 0;
  const visit = (items: NavItem[]) => {
    for (const node of items) {
      const entry = { node, pre: pre++, post: -1 };
      let list = byPath.get(node.path);
      if (!list) byPath.set(node.path, (list = []));
      list.push(entry);
      if (node.children?.length) visit(node.children);
      entry.post = post++;
    }
  };
  visit(nodes);
  const index = { length: nodes.length, last, byPath };
  navIndexes.set(first, index);
  return index;
}

/** Is every child of this folder node inside `path` (its own index page, or below it)? */
function holds(n: NavItem, path: string): boolean {
  return (n.children ?? []).every((c) => c.path === path || c.path.startsWith(`${path}/`));
}

/**
 * The nav node for `path`, preferring the folder node over its own index page (they share the
 * path). A folder without an index page (`/v1`) may carry the path of its first child
 * (`/v1/examples`): the folder that really holds `path`'s pages wins over it, and among such
 * folders the deepest (the first met children-first). Otherwise the first folder, then the first
 * node, in reading order.
 */
export function findNavNode(nodes: NavItem[], path: string): NavItem | undefined {
  if (!nodes.length) return undefined;
  const candidates = navIndex(nodes).byPath.get(path);
  if (!candidates) return undefined;
  const first = (list: typeof candidates, order: 'pre' | 'post') =>
    list.reduce<(typeof candidates)[number] | undefined>((best, c) => (!best || c[order] < best[order] ? c : best), undefined)?.node;
  const folders = candidates.filter((c) => c.node.children?.length);
  return (
    first(
      folders.filter((c) => holds(c.node, path)),
      'post',
    ) ??
    first(folders, 'pre') ??
    first(candidates, 'pre')
  );
}

const folderCache = new WeakMap<NavItem, Map<string, NavItem | undefined>>();

/**
 * The nav node of the folder at `path`. A folder without an index page carries its first page's
 * path, so it is then the first folder (parents first) whose pages all sit below `path`. Once
 * per tree and path.
 */
export function folderAt(nav: NavItem[], path: string): NavItem | undefined {
  const first = nav[0];
  if (!first) return undefined;
  let cache = folderCache.get(first);
  if (!cache) folderCache.set(first, (cache = new Map()));
  if (cache.has(path)) return cache.get(path);
  const visit = (items: NavItem[]): NavItem | undefined => {
    for (const n of items) {
      if (!n.children?.length) continue;
      if (n.path.startsWith(`${path}/`) && holds(n, path)) return n;
      const inside = visit(n.children);
      if (inside) return inside;
    }
    return undefined;
  };
  const found = findNavNode(nav, path) ?? visit(nav);
  cache.set(path, found);
  return found;
}

const subtreePaths = new WeakMap<NavItem, Set<string>>();

/** The paths of the nodes below this one, gathered once per node (the same objects on every page of a build). */
function pathsBelow(node: NavItem): Set<string> {
  let paths = subtreePaths.get(node);
  if (!paths) {
    paths = new Set();
    for (const child of node.children ?? []) {
      paths.add(child.path);
      if (child.children?.length) for (const below of pathsBelow(child)) paths.add(below);
    }
    subtreePaths.set(node, paths);
  }
  return paths;
}

/** Is `path` this node's or one below it? (Walking the subtree for each item of each page's sidebar cost pages × pages steps.) */
export function contains(node: NavItem, path: string): boolean {
  return node.path === path || (!!node.children?.length && pathsBelow(node).has(path));
}

const holders = new WeakMap<NavItem[], Map<string, number[]>>();
const NONE: readonly number[] = [];

/**
 * The positions in `items` (one level of the tree) of the items that are `path` or hold it, in order: each level's
 * paths indexed once per tree, where asking each item of the level on every page cost pages × level steps.
 */
export function holdersIn(items: NavItem[], path: string): readonly number[] {
  let map = holders.get(items);
  if (!map) {
    const index = new Map<string, number[]>();
    const add = (p: string, i: number) => {
      const list = index.get(p);
      if (!list) index.set(p, [i]);
      else if (list[list.length - 1] !== i) list.push(i);
    };
    items.forEach((item, i) => {
      add(item.path, i);
      if (item.children?.length) for (const below of pathsBelow(item)) add(below, i);
    });
    holders.set(items, (map = index));
  }
  return map.get(path) ?? NONE;
}

const treeSizes = new WeakMap<object, number>();

/** Pages in the tree, counted once per build's tree (keyed by its first item, the same object on every page). */
export function treeSize(nav: NavItem[]): number {
  const first = nav[0];
  if (!first) return 0;
  let size = treeSizes.get(first);
  if (size === undefined) {
    const count = (items: NavItem[]): number => items.reduce((sum, item) => sum + 1 + count(item.children ?? []), 0);
    treeSizes.set(first, (size = count(nav)));
  }
  return size;
}
