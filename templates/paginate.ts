/**
 * Pages of a listing for a page module's `paths()`: `paginate(posts, { size: 10 })` in a `[...page].tsx` file gives
 * `/blog`, `/blog/page/2`, … Each entry's props hold its `page`: the items, the numbers, and the paths around it.
 */
export interface Pagination<T> {
  /** This page's items. */
  items: T[];
  /** 1-based. */
  number: number;
  /** How many pages. */
  count: number;
  /** How many items in all. */
  total: number;
  size: number;
  /** The pages' routes (`/blog`, `/blog/page/2`): `paths()`'s own `paginate` knows them; this module's alone gives `''`, `page/2`. */
  paths: { current: string; first: string; last: string; prev?: string; next?: string };
}

export interface PaginateOptions {
  /** Items per page: a whole number of 1 or more (default 10). */
  size?: number;
  /** The rest parameter of the file name the page numbers go in (default `page`: `[...page].tsx`). */
  param?: string;
  /** More params every page has (`{ tag }` for `tags/[tag]/[...page].tsx`). */
  params?: Record<string, string>;
  /** More props every page has. */
  props?: Record<string, unknown>;
}

/** What paginate() throws for a page size it cannot page by; `hint` says what to write instead (paths() shows it). */
export class PaginateError extends RangeError {
  override name = 'PaginateError';
  readonly hint: string;
  constructor(message: string, hint: string) {
    super(message);
    this.hint = hint;
  }
}

/** A PaginateError for a size that is not a whole number of 1 or more, which would give no page ("abc") or another size (0, 1.5). */
function pageSize(size: unknown): number {
  if (typeof size === 'number' && Number.isInteger(size) && size >= 1) return size;
  const shown = typeof size === 'string' ? JSON.stringify(size) : String(size);
  throw new PaginateError(
    `paginate(): size must be a whole number of 1 or more, received ${shown}`,
    'Give paginate() the number of items a page, like paginate(items, { size: 10 }), or leave size out for 10.',
  );
}

/** The part of the path of page `n`: `''` for the first, `page/2` for the second. */
export const pagePath = (n: number) => (n <= 1 ? '' : `page/${n}`);

export type PaginatedEntry<T> = { params: Record<string, string>; props: { page: Pagination<T> } & Record<string, unknown> };

/** `route`: the route of a page's params (the page module's file name filled in); the page number's part alone without. */
export function paginate<T>(items: readonly T[], options: PaginateOptions = {}, route?: (params: Record<string, string>) => string): PaginatedEntry<T>[] {
  const param = options.param ?? 'page';
  const paramsOf = (n: number) => ({ ...options.params, [param]: pagePath(n) });
  const at = (n: number) => (route ? route(paramsOf(n)) : pagePath(n));
  const size = pageSize(options.size ?? 10);
  const count = Math.max(1, Math.ceil(items.length / size));
  return Array.from({ length: count }, (_, i) => {
    const number = i + 1;
    const page: Pagination<T> = {
      items: items.slice(i * size, (i + 1) * size),
      number,
      count,
      total: items.length,
      size,
      paths: {
        current: at(number),
        first: at(1),
        last: at(count),
        ...(number > 1 ? { prev: at(number - 1) } : {}),
        ...(number < count ? { next: at(number + 1) } : {}),
      },
    };
    return { params: paramsOf(number), props: { ...options.props, page } };
  });
}
