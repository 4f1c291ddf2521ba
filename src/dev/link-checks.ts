/**
 * The build's link and anchor checks in `sitegen dev`, over the pages rendered so far (dev renders on request);
 * a page linking to another page's anchor gets that page rendered for its ids.
 */
import { normalizeRoutePath } from '../content/paths.ts';
import type { SitegenError } from '../errors.ts';
import type { RenderedPage } from '../render/types.ts';
import type { SitePlan } from '../pipeline/plan.ts';
import type { Route } from '../routes/table.ts';
import { checkLinks, type CheckedPage, type LinkTargets } from '../pipeline/checks.ts';
import { localeFolders } from '../site/locales.ts';

export interface DevCheckInput {
  plan: SitePlan;
  levels: { links: string; anchors: string };
  /** A `build:done` plugin may write files dev never has (a feed): links to a file name are not reported then. */
  pluginFiles: boolean;
  /** The page at this route key is rendered and current. */
  fresh(key: string): boolean;
  /** Render the page at this route key (recorded here through `record`). */
  render(key: string): Promise<unknown>;
}

/** Files a plugin may write: any path with a file name that is not a page. */
class PluginFiles extends Set<string> {
  override has(path: string): boolean {
    return super.has(path) || /\/[^/]+\.(?!html$)[\w-]+$/.test(path);
  }
}

/** The route a root-relative link names with a fragment, or undefined for any other link. */
function anchorTarget(href: string): string | undefined {
  if (!href.startsWith('/') || href.startsWith('//') || !href.includes('#')) return undefined;
  const path = href.slice(0, href.indexOf('#')).split('?')[0];
  try {
    return path ? normalizeRoutePath(decodeURI(path)) : undefined;
  } catch {
    return undefined;
  }
}

export class DevLinkChecks {
  /** The last render of each page, by route key. */
  private readonly pages = new Map<string, CheckedPage>();
  /** Pages whose links had something to find at the last check. */
  private troubled = new Set<string>();

  /** A page was rendered: its links and ids as the build's checks take them. */
  record(key: string, route: Route, page: RenderedPage, foreign: boolean): void {
    this.pages.set(key, {
      path: route.path,
      source: route.source,
      ...(foreign ? {} : { links: page.links }),
      ids: page.ids,
      ...(route.doc ? { doc: route.doc } : {}),
      ...(route.links ? { resolved: route.links } : {}),
    });
  }

  /**
   * Check every page rendered so far: a stale page is rendered again if it had problems (so a fix shows), else
   * forgotten; pages that links point into with an anchor are rendered for their ids.
   */
  async check(input: DevCheckInput): Promise<SitegenError[]> {
    const { plan } = input;
    for (const key of [...this.pages.keys()]) {
      if (input.fresh(key)) continue;
      this.pages.delete(key);
      if (this.troubled.has(key) && plan.byPath.has(key)) await input.render(key);
    }
    const targets = new Set<string>();
    for (const page of this.pages.values()) {
      for (const href of page.links ??
        page.doc?.links.map((link) => (page.resolved && Object.hasOwn(page.resolved, link.href) ? page.resolved[link.href] : link.href)) ??
        []) {
        const target = anchorTarget(href);
        if (target && plan.byPath.has(target) && !input.fresh(target)) targets.add(target);
      }
    }
    for (const key of targets) await input.render(key);
    const files = [...plan.publicPaths, '/_redirects', '/_headers', '/404.html'];
    // (Routes as pages are keyed: a build finds `/x/index.html` among its rendered pages as `/x`.)
    const routes = new Set([...plan.knownRoutes, ...plan.byPath.keys()]);
    const linkTargets: LinkTargets = {
      routes,
      redirects: new Set(plan.redirects.keys()),
      files: input.pluginFiles ? new PluginFiles(files) : new Set(files),
      localeFolders: localeFolders(plan.model.shared.site),
    };
    const problems = checkLinks([...this.pages.values()], linkTargets, input.levels);
    const sources = new Set(problems.map((p) => p.location?.file));
    this.troubled = new Set([...this.pages].filter(([, page]) => sources.has(page.source)).map(([key]) => key));
    return problems;
  }
}
