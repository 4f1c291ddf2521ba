/**
 * Links to source files (`./1.writing.md`, `../guide/y.md#anchor`, `./folder/`), recorded at parse and resolved to routes
 * by the plan (else SG5001), so a cached document stays right when the file it links to is renamed.
 */
import { posix } from 'node:path';
import { SitegenError } from '../errors.ts';
import { escapeHtml } from '../html.ts';
import type { LinkRef } from '../markdown/types.ts';
import { sectionIndex, stemToPath, stripOrderPrefix } from './paths.ts';
import type { ContentDocument } from './types.ts';

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const MARKDOWN = /\.(md|markdown)$/i;

/** What a relative link names: a markdown file, a folder, a name without extension, or another file. */
type Kind = 'markdown' | 'folder' | 'bare' | 'other';

function kindOf(path: string): Kind {
  const last = path.slice(path.lastIndexOf('/') + 1);
  if (!last || last === '.' || last === '..') return 'folder';
  if (MARKDOWN.test(last)) return 'markdown';
  return last.includes('.') ? 'other' : 'bare';
}

/** The path part of a link and what follows it (`?query#fragment`, as written). */
function splitHref(href: string): { path: string; rest: string } {
  const at = href.search(/[?#]/);
  return at === -1 ? { path: href, rest: '' } : { path: href.slice(0, at), rest: href.slice(at) };
}

/** A link relative to the document's file (not `/…`, `#…`, `?…`, `//host` or `scheme:`); one naming no document is left as written. */
export function isSourceLink(href: string): boolean {
  if (!href || href.startsWith('/') || href.startsWith('#') || href.startsWith('?') || SCHEME.test(href)) return false;
  const { path } = splitHref(href);
  // A relative path's first segment never holds a colon (RFC 3986, 4.2): `jav%09ascript:…` is no file.
  return path !== '' && !safeDecode(path.split('/')[0]).includes(':');
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A route as the site links to it: with a trailing slash when the site's routes have one. */
function linkPath(path: string, trailingSlash: boolean): string {
  return trailingSlash && path !== '/' && !path.endsWith('.html') ? `${path}/` : path;
}

/** The documents links can name, by stem, and by stem without order prefixes (`./intro` → `1.intro.md`). */
export class SourceIndex {
  private byStem?: Map<string, ContentDocument>;
  private readonly loose = new Map<string, ContentDocument>();
  private readonly failed: Set<string>;

  /** `failedRoutes`: routes of files that did not parse (a link to one is no broken link). */
  constructor(
    private readonly docs: readonly ContentDocument[],
    failedRoutes: readonly string[] = [],
  ) {
    this.failed = new Set(failedRoutes);
  }

  find(stem: string): ContentDocument | undefined {
    const byStem = this.byStem ?? this.build();
    return byStem.get(stem) ?? this.loose.get(stem.split('/').map(stripOrderPrefix).join('/'));
  }

  /** The stems, made at the first link looked up (most sites have few relative links, many have none). */
  private build(): Map<string, ContentDocument> {
    this.byStem = new Map();
    for (const doc of this.docs) {
      if (doc._type !== 'markdown') continue;
      this.byStem.set(doc._stem, doc);
      const loose = doc._stem.split('/').map(stripOrderPrefix).join('/');
      if (!this.loose.has(loose)) this.loose.set(loose, doc);
    }
    return this.byStem;
  }

  /** A file that exists but did not parse: its route as its file name gives it. */
  failedRoute(stem: string): string | undefined {
    const path = stemToPath(stem);
    return this.failed.has(path) ? path : undefined;
  }
}

export interface SourceLinkOptions {
  trailingSlash: boolean;
  /** Drafts are published (dev, `--drafts`): a link to one is a link to a page. */
  drafts: boolean;
  /** Posts left out because they are dated after the build's "now" (site/schedule.ts): a link to one names its date. */
  unpublished?: Set<ContentDocument>;
}

/** What a relative link of `doc` resolves to: the href to write, a problem, or nothing (left alone). */
export function resolveSourceLink(
  doc: Pick<ContentDocument, '_stem'>,
  href: string,
  index: SourceIndex,
  options: SourceLinkOptions,
): { href: string } | { problem: string } | undefined {
  const { path: written, rest } = splitHref(href);
  let path = written;
  try {
    path = decodeURI(written);
  } catch {
    // not percent-encoded as a URL must be: looked up as written
  }
  const kind = kindOf(path);
  const joined = posix.normalize(posix.join(posix.dirname(doc._stem), path)).replace(/\/+$/, '');
  if (joined === '..' || joined.startsWith('../')) return kind === 'other' ? undefined : { problem: 'it leads out of the content folder' };
  const base = joined === '.' ? '' : joined;
  const stems =
    kind === 'folder'
      ? [posix.join(base, 'index')]
      : kind === 'markdown'
        ? [sectionIndex(base.replace(MARKDOWN, ''))]
        : kind === 'bare'
          ? [sectionIndex(base), posix.join(base, 'index')]
          : [base];
  for (const stem of stems) {
    const target = index.find(stem);
    if (target) {
      if (target._partial) return { problem: `${stem} is a partial (a name starting with _), which has no page` };
      if (target.draft && !options.drafts) return { problem: `${target._stem} is a draft, which is not published` };
      if (options.unpublished?.has(target))
        return { problem: `${target._stem} is dated ${target.date?.slice(0, 10)}, after the build's now: it is published from then on (or with --future)` };
      return { href: `${linkPath(target._path, options.trailingSlash)}${rest}` };
    }
    const failed = index.failedRoute(stem);
    if (failed) return { href: `${linkPath(failed, options.trailingSlash)}${rest}` };
  }
  if (kind === 'other') return undefined;
  return { problem: `there is no document ${kind === 'markdown' ? base : kind === 'folder' ? `${stems[0]}.md` : `${base}.md or ${base}/index.md`}` };
}

export interface ResolvedLinks {
  /** By document id: each relative link as written → the href the page gets (before the base). */
  links: Map<string, Record<string, string>>;
  problems: SitegenError[];
}

/** Every document's relative links, resolved; SG5001 for those that name no document. */
export function resolveSourceLinks(docs: readonly ContentDocument[], index: SourceIndex, options: SourceLinkOptions): ResolvedLinks {
  const links = new Map<string, Record<string, string>>();
  const problems: SitegenError[] = [];
  for (const doc of docs) {
    if (!doc.sourceLinks?.length) continue;
    const map: Record<string, string> = {};
    const reported = new Set<string>();
    for (const ref of doc.sourceLinks) {
      const resolved = resolveSourceLink(doc, ref.href, index, options);
      if (!resolved) continue;
      if ('href' in resolved) map[ref.href] = resolved.href;
      else if (!reported.has(ref.href)) {
        reported.add(ref.href);
        problems.push(brokenSourceLink(doc, ref, resolved.problem));
      }
    }
    if (Object.keys(map).length) links.set(doc._id, map);
  }
  return { links, problems };
}

function brokenSourceLink(doc: ContentDocument, ref: LinkRef, why: string): SitegenError {
  return new SitegenError('SG5001', `Broken link to ${ref.href} on ${doc._path}: ${why}`, {
    location: { file: doc._source, line: ref.line },
    hint: 'A relative link names a file next to the document (./other.md, ../guide/page.md#anchor, ./folder/ for its index.md): fix the path, or link to a route (/guide/page).',
  });
}

const HREF = /(\shref=")([^"]*)"/g;
/** A component placeholder's `href` prop, in its escaped JSON (markdown/components.ts): `&quot;href&quot;:&quot;./setup.md&quot;`. */
const PROP_HREF = /(&quot;href&quot;:&quot;)((?:\\.|[^\\&]|&(?!quot;))*)&quot;/g;

const unescapeHtml = (value: string) =>
  value.includes('&')
    ? value
        .replace(/&quot;/g, '"')
        .replace(/&#x27;|&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&')
    : value;

/**
 * The HTML with each relative link of `links` (as written → resolved) pointing at its page: links, and the `href` of
 * components not yet rendered (`<Card href="./setup.md">`), which render after this.
 */
export function rewriteSourceLinks(html: string, links: Record<string, string> | undefined): string {
  if (!links || !html.includes('href')) return html;
  const to = (raw: string) => (Object.hasOwn(links, raw) ? links[raw] : undefined);
  const out = html.replace(HREF, (match, attr: string, value: string) => {
    const href = to(unescapeHtml(value));
    return href === undefined ? match : `${attr}${escapeHtml(href)}"`;
  });
  if (!out.includes('&quot;href&quot;')) return out;
  return out.replace(PROP_HREF, (match, key: string, value: string) => {
    let raw: string;
    try {
      raw = JSON.parse(`"${unescapeHtml(value)}"`) as string;
    } catch {
      return match;
    }
    const href = to(raw);
    return href === undefined ? match : `${key}${escapeHtml(JSON.stringify(href).slice(1, -1))}&quot;`;
  });
}
