/**
 * Routes from data. A page module whose file name has parameters (`site/pages/blog/tags/[tag].tsx`,
 * `site/pages/products/[...slug].tsx`) exports `paths()`: one entry `{ params, props?, meta? }` a route, its params
 * filled into the file name. The page renders once per entry, `params` and `props` in its context.
 */
import type { PageMeta } from '../../templates/types.ts';
import { paginate, type PaginateOptions } from '../../templates/paginate.ts';
import { SitegenError } from '../errors.ts';
import type { PageModuleInfo } from './table.ts';

/** What `paths()` is given: the page's locale's collections, the site's data files, and `paginate` for its route. */
export interface PathsContext<Site = unknown, Post = unknown, Nav = unknown, Authors = unknown> {
  site: Site;
  /** The page's locale (BCP 47). */
  locale: string;
  posts: Post[];
  nav: Nav[];
  authors: Authors;
  /** `site/data/*.json` and `*.yaml` by file name (`data.products` for `products.json`). */
  data: Record<string, unknown>;
  /** Pages of `items` with their routes: for a `[...page].tsx` file (`/blog`, `/blog/page/2`). */
  paginate: <T>(items: readonly T[], options?: PaginateOptions) => ReturnType<typeof paginate<T>>;
}

export interface PathEntry {
  /** Each a string; a `[...rest]` parameter's may hold `/`, and `''` or undefined gives no segment. */
  params: Record<string, string | undefined>;
  props?: Record<string, unknown>;
  /** Overrides the module's `meta` for this route (`{ title: 'Posts tagged css' }`). */
  meta?: Partial<PageMeta>;
}

interface Param {
  name: string;
  rest: boolean;
}

const PARAM = /^\[(\.\.\.)?([A-Za-z_]\w*)\]$/;

/** Whether a page module's route has parameters. */
export const isDynamicRoute = (route: string) => route.includes('[');

/** The route's segments: literal text, or a parameter that is the whole segment; a problem for any other bracket. */
function parsePattern(route: string): (string | Param)[] | { problem: string } {
  const segments = route.split('/').filter(Boolean);
  const parsed: (string | Param)[] = [];
  for (const segment of segments) {
    const m = PARAM.exec(segment);
    if (m) parsed.push({ name: m[2], rest: !!m[1] });
    else if (/[[\]]/.test(segment)) return { problem: `the file name's segment "${segment}" is not one parameter ([name] or [...name])` };
    else parsed.push(segment);
  }
  return parsed;
}

const BAD_PART = /[\s?#%\\\u0000-\u001f]/;

/** One param's value as route segments (a rest param's may be several, or none), or a problem: a number is no string. */
function segmentsOf(param: Param, value: unknown): string[] | { problem: string } {
  if (param.rest && (value === undefined || value === '')) return [];
  if (typeof value !== 'string' || value === '')
    return { problem: `params.${param.name} is ${value === '' ? 'empty' : `not a string (${JSON.stringify(value) ?? 'undefined'})`}` };
  const parts = param.rest ? value.replace(/^\/+|\/+$/g, '').split('/') : [value];
  for (const part of parts) {
    if (!param.rest && part.includes('/'))
      return { problem: `params.${param.name} ${JSON.stringify(value)} has a "/": only a [...${param.name}] parameter takes several segments` };
    if (part === '' || part === '.' || part === '..' || BAD_PART.test(part))
      return { problem: `params.${param.name} ${JSON.stringify(value)} is no path segment (no spaces, ?, #, %, \\ or empty parts)` };
  }
  return parts;
}

/** The route of `params` in the file's route (`/blog/tags/[tag]` + `{ tag: 'css' }` → `/blog/tags/css`), or a problem. */
export function fillRoute(pattern: string, params: Record<string, unknown>): string | { problem: string } {
  const parsed = parsePattern(pattern);
  if ('problem' in parsed) return parsed;
  const out: string[] = [];
  for (const segment of parsed) {
    if (typeof segment === 'string') out.push(segment);
    else {
      const parts = segmentsOf(segment, params[segment.name]);
      if ('problem' in parts) return parts;
      out.push(...parts);
    }
  }
  const names = new Set(parsed.filter((s): s is Param => typeof s !== 'string').map((s) => s.name));
  const extra = Object.keys(params).find((name) => !names.has(name));
  if (extra) return { problem: `params.${extra} is not in the file name (${pattern})` };
  return `/${out.join('/')}`;
}

export interface DynamicPage {
  /** The module's route, parameters unfilled (`/blog/tags/[tag]`). */
  route: string;
  file: string;
  meta: Record<string, unknown>;
  paths?: unknown;
}

const invalid = (file: string, message: string, hint: string) => new SitegenError('SG3008', message, { location: { file }, hint });

/**
 * Each route of a page module with parameters, from its `paths()`; the problems name the file. `failed`: `paths()`
 * gave no entries to read (it is missing, threw or returned something other than a list).
 */
export async function expandPage(
  page: DynamicPage,
  context: Omit<PathsContext, 'paginate'>,
): Promise<{ pages: PageModuleInfo[]; errors: SitegenError[]; failed?: true }> {
  const called = await callPaths(page, context);
  if ('error' in called) return { pages: [], errors: [called.error], failed: true };
  const pages: PageModuleInfo[] = [];
  const errors: SitegenError[] = [];
  const seen = new Map<string, number>();
  called.entries.forEach((entry: unknown, i) => {
    if (errors.length >= 5) return;
    const read = readEntry(page, entry, i, seen);
    if ('error' in read) errors.push(read.error);
    else pages.push(read.page);
  });
  return { pages, errors };
}

/** The module's `paths()` called with the context and a `paginate` that knows its route: its entries, or the problem. */
async function callPaths(page: DynamicPage, context: Omit<PathsContext, 'paginate'>): Promise<{ entries: unknown[] } | { error: SitegenError }> {
  const { route, file } = page;
  const parsed = parsePattern(route);
  if ('problem' in parsed)
    return { error: invalid(file, `${file}: ${parsed.problem}`, 'Name a parameter as a whole segment: blog/tags/[tag].tsx, docs/[...slug].tsx.') };
  if (typeof page.paths !== 'function')
    return {
      error: invalid(
        file,
        `${file} has parameters in its name (${route}) but exports no paths()`,
        'export function paths({ posts, data }) { return [{ params: { … } }]; }',
      ),
    };
  const routeOf = (params: Record<string, string>) => {
    const filled = fillRoute(route, params);
    return typeof filled === 'string' ? filled : '';
  };
  let entries: unknown;
  try {
    entries = await page.paths({ ...context, paginate: <T>(items: readonly T[], options?: PaginateOptions) => paginate(items, options, routeOf) });
  } catch (error) {
    const message = `paths() of ${file} threw: ${(error as Error)?.message ?? String(error)}`;
    // An error with a hint of its own (paginate's PaginateError, from whichever copy of the module the page imported).
    const hint = (error as { hint?: unknown })?.hint;
    return {
      error: invalid(file, message, typeof hint === 'string' ? hint : "Fix the error in paths(); it runs once per build with the site's collections and data."),
    };
  }
  if (!Array.isArray(entries))
    return {
      error: invalid(
        file,
        `paths() of ${file} returned ${entries === null ? 'null' : typeof entries}, not an array`,
        'Return an array of { params, props? } entries, one per route.',
      ),
    };
  return { entries };
}

/** Entry `i` of `paths()` as a route, or its problem; `seen`: the routes of the entries before it. */
function readEntry(page: DynamicPage, entry: unknown, i: number, seen: Map<string, number>): { page: PageModuleInfo } | { error: SitegenError } {
  const { route, file } = page;
  const params = (entry as PathEntry | null)?.params;
  if (!entry || typeof entry !== 'object' || !params || typeof params !== 'object')
    return { error: invalid(file, `paths() of ${file}: entry ${i} has no params object`, 'Each entry is { params: { name: value }, props?: { … } }.') };
  const filled = fillRoute(route, params);
  if (typeof filled !== 'string')
    return {
      error: invalid(file, `paths() of ${file}: entry ${i}: ${filled.problem}`, `Give every parameter of ${route} a value that is one path segment (a slug).`),
    };
  const earlier = seen.get(filled);
  if (earlier !== undefined)
    return {
      error: new SitegenError('SG3001', `Route ${filled} is returned twice by paths() of ${file} (entries ${earlier} and ${i})`, {
        location: { file },
        hint: 'Each entry of paths() must give a different route.',
      }),
    };
  seen.set(filled, i);
  const { meta } = entry as PathEntry;
  // What the page renders from is what its key hashes: plain data (a Date becomes its ISO text; functions are dropped).
  let props: unknown;
  try {
    props = (entry as PathEntry).props === undefined ? undefined : JSON.parse(JSON.stringify((entry as PathEntry).props));
  } catch (error) {
    const message = `paths() of ${file}: entry ${i}'s props are not plain data: ${(error as Error).message}`;
    return { error: invalid(file, message, 'Props are JSON data: strings, numbers, arrays, objects.') };
  }
  return {
    page: {
      route: filled,
      file,
      meta: { ...page.meta, ...(meta && typeof meta === 'object' ? meta : {}) },
      pattern: route,
      params: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, v === undefined ? '' : String(v)])),
      ...(props !== undefined ? { props: props as Record<string, unknown> } : {}),
    },
  };
}
