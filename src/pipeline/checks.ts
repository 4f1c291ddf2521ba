/** Link and anchor checks over the rendered site, collected and reported together. */
import { SitegenError } from '../errors.ts';
import { hashText } from '../hash.ts';
import { normalizeRoutePath } from '../content/paths.ts';
import type { LinkRef } from '../markdown/types.ts';

/** What the checks' key takes of a page's ids (PageResult.idsKey, made in the worker that renders it). */
export const idsKey = (ids: readonly string[]): string => hashText(ids.join('\u0001'));

export interface CheckedPage {
  path: string;
  source: string;
  /** The links to check (undefined: those of `doc`). */
  links?: string[];
  /** The page's element ids (an array: a Set per page costs far more memory through the render). */
  ids: readonly string[];
  /** The document the page shows: its links as written, with their lines; read only when needed (a cached document's load on first read). */
  doc?: { readonly links: LinkRef[] };
  /** Hash of `ids` (PageResult.idsKey): made from them when not given. */
  idsKey?: string;
  /** Taken over from the previous output: its links and ids are what they were. */
  copied?: boolean;
  /** The document's relative links as written → the routes its page links to (content/source-links.ts). */
  resolved?: Record<string, string>;
}

/** A page taken over from the previous output: its links and ids are its record's, read from the cache only when a check needs them. */
export class TakenOverPage implements CheckedPage {
  readonly copied = true;
  constructor(
    readonly path: string,
    readonly source: string,
    private readonly record: { readonly links: string[]; readonly ids: string[]; readonly idsKey?: string },
    private readonly foreign: boolean,
    readonly doc?: { readonly links: LinkRef[] },
    readonly resolved?: Record<string, string>,
  ) {}
  get links(): string[] | undefined {
    return this.foreign ? undefined : this.record.links;
  }
  get ids(): readonly string[] {
    return this.record.ids;
  }
  get idsKey(): string | undefined {
    return this.record.idsKey;
  }
}

export interface LinkTargets {
  routes: Set<string>;
  redirects: Set<string>;
  /** Files that exist in the output besides pages (public files, feeds, assets). */
  files: Set<string>;
  /** The other locales' folders (`de`): a broken link into one whose page the default locale has is named untranslated. */
  localeFolders?: readonly string[];
}

interface Problem {
  kind: 'link' | 'anchor';
  href: string;
  pages: CheckedPage[];
}

/** A root-relative or fragment link, taken apart: `path` is the route it names (when `rawPath` is not empty). */
interface Href {
  rawPath: string;
  path: string;
  fragment: string;
}

function parseHref(href: string): Href {
  const hashAt = href.indexOf('#');
  const rawPath = (hashAt === -1 ? href : href.slice(0, hashAt)).split('?')[0];
  let fragment = hashAt === -1 ? '' : href.slice(hashAt + 1);
  try {
    fragment = decodeURIComponent(fragment);
  } catch {
    // not percent-encoded as a URL must be: looked up as written
  }
  let path = rawPath;
  try {
    if (rawPath) path = normalizeRoutePath(decodeURI(rawPath));
  } catch {
    path = rawPath;
  }
  return { rawPath, path, fragment };
}

/** What the page's relative link `href` became (itself when it is no relative link to a document). */
function resolvedHref(page: CheckedPage, href: string): string {
  return page.resolved && Object.hasOwn(page.resolved, href) ? page.resolved[href] : href;
}

function ownPath(path: string): string {
  try {
    return normalizeRoutePath(path);
  } catch {
    return '';
  }
}

/**
 * Everything a page's checks depend on besides its own links: every page with its ids, every other target, the levels
 * and where links are read from. While it is what it was when the previous build's checks found nothing, a page taken
 * over unchanged has nothing to find either, so only pages rendered anew are checked (`checkLinks` `only`).
 */
export function targetsKey(pages: CheckedPage[], targets: LinkTargets, levels: { links: string; anchors: string }, foreign: boolean): string {
  const parts = [
    `${levels.links}:${levels.anchors}:${foreign}`,
    [...targets.routes].join('\u0001'),
    [...targets.redirects].join('\u0001'),
    [...targets.files].join('\u0001'),
  ];
  for (const page of pages) parts.push(page.path, page.idsKey ?? idsKey(page.ids));
  return hashText(parts.join('\u0000'));
}

/** `only`: the pages whose links are checked (all by default); every page is a target. */
export function checkLinks(
  pages: CheckedPage[],
  targets: LinkTargets,
  levels: { links: string; anchors: string },
  only?: (page: CheckedPage) => boolean,
): SitegenError[] {
  const byPath = new Map(pages.map((page) => [normalizeRoutePath(page.path), page]));
  // A page's ids are searched as an array when few, else as a set made when a fragment link first points at the page.
  const idSets = new Map<CheckedPage, Set<string>>();
  const hasId = (page: CheckedPage, id: string) => {
    if (page.ids.length <= 16) return page.ids.includes(id);
    let set = idSets.get(page);
    if (!set) idSets.set(page, (set = new Set(page.ids)));
    return set.has(id);
  };
  const problems = new Map<string, Problem>();
  const report = (kind: Problem['kind'], href: string, page: CheckedPage) => {
    const key = `${kind}\u0000${href}`;
    const problem = problems.get(key) ?? { kind, href, pages: [] };
    if (problem.pages[problem.pages.length - 1] !== page) problem.pages.push(page);
    problems.set(key, problem);
  };

  // Each distinct href is taken apart once: the same links stand on thousands of pages. A fragment alone means its own page.
  const parsed = new Map<string, Href>();
  for (const page of pages) {
    if (only && !only(page)) continue;
    let own: string | undefined;
    // Links as the document wrote them, a relative one as the route it names.
    for (const href of page.links ?? page.doc?.links.map((link) => resolvedHref(page, link.href)) ?? []) {
      if (!(href.startsWith('/') || href.startsWith('#')) || href.startsWith('//')) continue;
      let link = parsed.get(href);
      if (!link) parsed.set(href, (link = parseHref(href)));
      const { rawPath, fragment } = link;
      const path = rawPath ? link.path : (own ??= ownPath(page.path));
      const target = byPath.get(path);
      if (!target) {
        // A route that exists but failed to render is reported as a render error, not as a dead link.
        if (targets.routes.has(path) || targets.redirects.has(path) || targets.files.has(path) || targets.files.has(rawPath) || path.startsWith('/_sitegen/'))
          continue;
        if (levels.links !== 'off') report('link', href, page);
        continue;
      }
      if (fragment && levels.anchors !== 'off' && !hasId(target, fragment)) report('anchor', href, page);
    }
  }

  return [...problems.values()].map((problem) => {
    const first = problem.pages[0];
    // The link as the document wrote it: a relative one is shown with the route it names.
    const written =
      first.doc?.links.find((link) => link.href === problem.href) ?? first.doc?.links.find((link) => resolvedHref(first, link.href) === problem.href);
    const line = written?.line;
    const shown = written && written.href !== problem.href ? `${written.href} (${problem.href})` : problem.href;
    const others = problem.pages.length - 1;
    const also = others ? ` (and ${others} other page${others === 1 ? '' : 's'})` : '';
    const original = problem.kind === 'link' ? untranslated(problem.href, targets.localeFolders, byPath) : undefined;
    if (original)
      return new SitegenError(
        'SG5001',
        `Broken link to ${shown} on ${first.path}${also}: not translated into ${original.folder} yet (${original.page.path} is)`,
        {
          location: { file: first.source, line },
          hint: `Translate ${original.page.source} into the ${original.folder} folder, or link to ${original.page.path} until then.`,
        },
      );
    return problem.kind === 'link'
      ? new SitegenError('SG5001', `Broken link to ${shown} on ${first.path}${also}`, {
          location: { file: first.source, line },
          hint: 'Link to a route that exists (no trailing slash needed), or add a redirect in routeRules.',
        })
      : new SitegenError('SG5002', `Missing anchor: ${shown} on ${first.path}${also}`, {
          location: { file: first.source, line },
          hint: 'Heading ids are GitHub-style slugs of the heading text; check the target heading.',
        });
  });
}

/** The default locale's page a broken link into a locale's folder names (`/de/guide/x` → `/guide/x`), when there is one. */
function untranslated(
  href: string,
  folders: readonly string[] | undefined,
  byPath: Map<string, CheckedPage>,
): { folder: string; page: CheckedPage } | undefined {
  const { path } = parseHref(href);
  const folder = path.split('/')[1];
  if (!folders?.includes(folder)) return undefined;
  const page = byPath.get(normalizeRoutePath(path.slice(folder.length + 1) || '/'));
  return page && { folder, page };
}
