/**
 * The pages `sitegen dev` has rendered, by route key, kept until something they show changes. A render that throws
 * leaves the route's last good page in its place (served, its problem in the overlay) until the route renders again.
 */
import { SitegenError } from '../errors.ts';
import type { RenderedPage } from '../render/types.ts';

/**
 * How many pages of paths that are no route (the not-found page, rendered for each path asked for) are kept: a
 * crawler or a link checker asking for thousands of unknown paths would otherwise fill memory until the next edit.
 */
export const KEPT_UNKNOWN = 100;

export class RenderedPages {
  private readonly current = new Map<string, RenderedPage>();
  /** Each route's last page rendered without an error: kept when the others are dropped, for a render that fails next. */
  private readonly good = new Map<string, RenderedPage>();
  /** The routes whose current page stands in for a render that threw, with its problem. */
  private readonly failed = new Map<string, SitegenError>();
  /** The kept keys that are no route, the one set last at the end. */
  private readonly unknown = new Set<string>();

  get(key: string): RenderedPage | undefined {
    return this.current.get(key);
  }

  has(key: string): boolean {
    return this.current.has(key);
  }

  /**
   * A page as rendered, kept; one that failed (`error`, its `problem`) is kept as its route's last good page with that
   * error, or as it is (no HTML) when the route has none. `route`: the page is a route's own (not the not-found page
   * of an unknown path), so the last good version of that route. Returns what is kept.
   */
  set(key: string, page: RenderedPage, { problem, route = true }: { problem?: SitegenError; route?: boolean } = {}): RenderedPage {
    this.track(key, route);
    if (!page.error) {
      if (route) this.good.set(key, page);
      else this.good.delete(key);
      this.failed.delete(key);
      this.current.set(key, page);
      return page;
    }
    const good = this.good.get(key);
    const shown = good ? { ...good, error: page.error } : page;
    this.current.set(key, shown);
    this.failed.set(key, problem ?? SitegenError.fromJSON(page.error));
    return shown;
  }

  /** Keep at most KEPT_UNKNOWN pages of paths that are no route: the oldest go (rendered again if asked for again). */
  private track(key: string, route: boolean): void {
    this.unknown.delete(key);
    if (route) return;
    this.unknown.add(key);
    for (const oldest of this.unknown) {
      if (this.unknown.size <= KEPT_UNKNOWN) break;
      this.delete(oldest);
    }
  }

  /** Something the page at `key` shows changed: it renders again when asked for, and its problem goes until then. */
  delete(key: string): void {
    this.current.delete(key);
    this.failed.delete(key);
    this.unknown.delete(key);
  }

  /** Everything may have changed; the last good pages of routes the site no longer has are dropped. */
  clear(routes: { has(key: string): boolean }): void {
    this.current.clear();
    this.failed.clear();
    this.unknown.clear();
    for (const key of this.good.keys()) if (!routes.has(key)) this.good.delete(key);
  }

  /** The problems of the renders that threw, one a route. */
  problems(): SitegenError[] {
    return [...this.failed.values()];
  }
}
