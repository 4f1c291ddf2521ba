/** Site-wide collections, computed once per build (never per page): navigation, blog listing, neighbours, related posts. */
import type { NavItem, PageLink, PostSummary } from '../../templates/types.ts';
import { compareNumeric, compareStems, isRoutable } from '../content/paths.ts';
import type { ContentDocument } from '../content/types.ts';
import { rewriteImages, type ImageManifest } from '../output/images.ts';
import { rewriteSourceLinks } from '../content/source-links.ts';
import { isScheduled } from './schedule.ts';
import { postAuthors, postTags } from '../../templates/components/util.ts';

/**
 * An excerpt is shown away from its post (a card, related posts): a link to a place in the post (`#details`, a note)
 * names the post, and its headings lose their ids, which two excerpts on one listing would share.
 */
function toPost(html: string, path: string): string {
  const linked = html.includes('href="#') ? html.replaceAll('href="#', `href="${path}#`) : html;
  return linked.includes(' id="') ? linked.replace(/ id="[^"]*"/g, '') : linked;
}

/** A post as listings show it: excerpt images at their hashed files, links root-relative like `path` (the base is added later). */
export function toPostSummary(doc: ContentDocument, images?: ImageManifest, links?: Record<string, string>, scheduledAfter?: number): PostSummary {
  const fm = doc.frontmatter;
  const list = (value: unknown) => (Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : []);
  const authors = postAuthors(fm);
  const summary: PostSummary = {
    path: doc._path,
    title: doc.title,
    description: doc.description,
    date: doc.date ?? '',
    author: authors[0] ?? '',
    authors,
    tags: postTags(fm.tags),
    categories: list(fm.categories),
    readingTime: doc.readingTime,
  };
  if (doc.excerpt) summary.excerpt = toPost(rewriteImages(rewriteSourceLinks(doc.excerpt, links), doc._source, images), doc._path);
  if (doc.draft) summary.draft = true;
  if (scheduledAfter !== undefined && isScheduled(doc, scheduledAfter)) summary.scheduled = true;
  return summary;
}

/** A date listings can sort, show and put in a feed: an ISO date-time that is a real day. */
export function isValidDate(date: string | undefined): date is string {
  return typeof date === 'string' && date !== '' && !Number.isNaN(Date.parse(date));
}

/**
 * Published posts (drafts too when `drafts`), newest first; one without a valid date is left out, as listings and feeds
 * format it. `scheduledAfter`: posts dated after it are marked as scheduled (a build with future posts, and dev).
 */
export function collectPosts(
  docs: ContentDocument[],
  drafts: boolean,
  images?: ImageManifest,
  links?: Map<string, Record<string, string>>,
  scheduledAfter?: number,
): PostSummary[] {
  return docs
    .filter((doc) => doc.isPost && isRoutable(doc) && !doc.redirect && (drafts || !doc.draft) && isValidDate(doc.date))
    .map((doc) => toPostSummary(doc, images, links?.get(doc._id), scheduledAfter))
    .sort((a, b) => (a.date === b.date ? compareNumeric(a.path, b.path) : a.date < b.date ? 1 : -1));
}

/** A document's place in the sidebar: `order`, else what Docusaurus (`sidebar_position`) or Hugo (`weight`) wrote. */
export function navOrder(fm: Record<string, unknown>): number | undefined {
  const order = fm.order ?? fm.sidebar_position ?? fm.weight;
  return typeof order === 'number' && Number.isFinite(order) ? order : undefined;
}

interface MutableNav extends NavItem {
  children?: MutableNav[];
  stem: string;
}

function sortNav(items: MutableNav[]): void {
  items.sort((a, b) => {
    const ao = a.order ?? Number.MAX_SAFE_INTEGER;
    const bo = b.order ?? Number.MAX_SAFE_INTEGER;
    return ao !== bo ? ao - bo : compareStems({ _stem: a.stem }, { _stem: b.stem });
  });
  for (const item of items) if (item.children) sortNav(item.children);
}

function strip(items: MutableNav[]): NavItem[] {
  return items.map(({ stem: _stem, children, ...rest }) => (children ? { ...rest, children: strip(children) } : rest));
}

/** The content tree as navigation: folders nest, a folder's index document titles the folder. */
export function buildNavigation(docs: ContentDocument[], drafts: boolean): NavItem[] {
  const roots: MutableNav[] = [];
  const folders = new Map<string, MutableNav>();
  const candidates = docs
    .filter((doc) => isRoutable(doc) && !doc.isPost && doc.navigation !== false && !doc.redirect && (drafts || !doc.draft))
    .sort(compareStems);

  const folderFor = (segments: string[]): MutableNav[] => {
    let level = roots;
    let stem = '';
    for (const segment of segments) {
      stem = stem ? `${stem}/${segment}` : segment;
      let folder = folders.get(stem);
      if (!folder) {
        folder = { title: segment.replace(/^\d+\./, '').replace(/[-_]/g, ' '), path: '', stem, children: [] };
        folders.set(stem, folder);
        level.push(folder);
      }
      level = folder.children!;
    }
    return level;
  };

  for (const doc of candidates) {
    const segments = doc._stem.split('/');
    const name = segments.pop()!;
    const navTitle = typeof doc.navigation === 'object' && doc.navigation.title ? doc.navigation.title : doc.title;
    const order = navOrder(doc.frontmatter);
    const level = typeof doc.frontmatter.level === 'string' ? doc.frontmatter.level : undefined;
    if (name.replace(/^\d+\./, '') === 'index' && segments.length) {
      const siblings = folderFor(segments.slice(0, -1));
      const stem = segments.join('/');
      let folder = folders.get(stem);
      if (!folder) {
        folder = { title: navTitle, path: doc._path, stem, children: [] };
        folders.set(stem, folder);
        siblings.push(folder);
      }
      Object.assign(folder, { title: navTitle, path: doc._path }, order === undefined ? {} : { order }, level ? { level } : {});
      continue;
    }
    const item: MutableNav = { title: navTitle, path: doc._path, stem: doc._stem };
    if (order !== undefined) item.order = order;
    if (level) item.level = level;
    // A file next to a folder of the same name (platform.md beside platform/) becomes that folder's page.
    const folder = folders.get(doc._stem);
    if (folder) Object.assign(folder, { title: navTitle, path: doc._path }, order === undefined ? {} : { order });
    else folderFor(segments).push(item);
  }
  sortNav(roots);
  // A folder without an index page links to its first child (in reading order), which may itself be
  // such a folder: resolved from the deepest up, so no folder is left with an empty path.
  const resolve = (folder: MutableNav): string => {
    if (!folder.path) {
      const first = folder.children?.[0];
      folder.path = (first && (first.path || (first.children ? resolve(first) : ''))) || '/';
    }
    return folder.path;
  };
  for (const folder of folders.values()) resolve(folder);
  return strip(roots);
}

/** Reading order of a navigation subtree, depth first. */
export function flattenNav(items: NavItem[], out: PageLink[] = [], seen = new Set(out.map((link) => link.path))): PageLink[] {
  for (const item of items) {
    if (!seen.has(item.path)) {
      seen.add(item.path);
      out.push({ title: item.title, path: item.path });
    }
    if (item.children) flattenNav(item.children, out, seen);
  }
  return out;
}

export interface Neighbours {
  prev?: PageLink;
  next?: PageLink;
}

/** prev/next for every docs page (sidebar order) and post (by date: prev is older). */
export function computeNeighbours(nav: NavItem[], docsRoot: string, posts: PostSummary[]): Map<string, Neighbours> {
  const out = new Map<string, Neighbours>();
  const root = docsRoot.replace(/^\/+|\/+$/g, '');
  // An empty docs root is the whole content folder: every page in the navigation, in order.
  const docsNode = root ? nav.find((item) => item.path === `/${root}` || (item.path.startsWith(`/${root}/`) && item.children)) : undefined;
  const order = root ? (docsNode ? flattenNav(docsNode.children ?? []) : []) : flattenNav(nav);
  order.forEach((link, i) => out.set(link.path, { prev: order[i - 1], next: order[i + 1] }));
  posts.forEach((post, i) => {
    const newer = posts[i - 1];
    const older = posts[i + 1];
    out.set(post.path, {
      prev: older ? { title: older.title, path: older.path } : undefined,
      next: newer ? { title: newer.title, path: newer.path } : undefined,
    });
  });
  return out;
}

/** Each post's related posts, by path (undefined for a path that is not a post). */
export interface RelatedPosts {
  get(path: string): PostSummary[] | undefined;
}

/** Up to `limit` posts sharing the most tags, newest first among equals; ranked when a page first asks, so a rebuild ranks only what it renders. */
export function computeRelated(posts: PostSummary[], limit = 3): RelatedPosts {
  const ranked = new Map<string, PostSummary[]>();
  let index: { at: Map<string, number>; byTag: Map<string, number[]>; scores: Int32Array } | undefined;
  const touched: number[] = [];
  const best: number[] = [];
  return {
    get(path) {
      const done = ranked.get(path);
      if (done) return done;
      index ??= indexPosts(posts);
      const i = index.at.get(path);
      if (i === undefined) return undefined;
      // Scores in one typed array, reset through `touched`; the best `limit` kept by insertion: linear, no sort per post.
      const { byTag, scores } = index;
      const before = (a: number, b: number) => scores[a] > scores[b] || (scores[a] === scores[b] && a < b);
      touched.length = 0;
      for (const tag of posts[i].tags) {
        const list = byTag.get(tag) ?? [];
        for (let k = 0, n = Math.min(list.length, 200); k < n; k++) {
          const j = list[k];
          if (j !== i && scores[j]++ === 0) touched.push(j);
        }
      }
      best.length = 0;
      for (const j of touched) {
        if (best.length === limit) {
          if (limit === 0 || !before(j, best[limit - 1])) continue;
          best.pop();
        }
        let at = best.length;
        while (at > 0 && before(j, best[at - 1])) at--;
        best.splice(at, 0, j);
      }
      for (const j of touched) scores[j] = 0;
      const list = best.map((j) => posts[j]);
      ranked.set(path, list);
      return list;
    },
  };
}

/** Each post's place in the listing and the posts of each tag, newest first. */
function indexPosts(posts: PostSummary[]): { at: Map<string, number>; byTag: Map<string, number[]>; scores: Int32Array } {
  const at = new Map<string, number>();
  const byTag = new Map<string, number[]>();
  posts.forEach((post, i) => {
    at.set(post.path, i);
    for (const tag of post.tags) {
      let list = byTag.get(tag);
      if (!list) byTag.set(tag, (list = []));
      list.push(i);
    }
  });
  return { at, byTag, scores: new Int32Array(posts.length) };
}
