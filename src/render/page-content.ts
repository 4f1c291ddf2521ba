/**
 * What a layout is given to place: the page component's element (for a page of site/pages) and `page.html` (a markdown
 * body), watched unless the layout is the theme's own. A layout that renders neither shows a page without its content,
 * so that is an error (SG4005); a page module without a default export has nothing to render (SG4001).
 */
import type { ReactNode } from 'react';
import type { PageContext } from '../../templates/types.ts';
import { SitegenError } from '../errors.ts';
import type { RenderModule } from './render-page.ts';
import type { RenderJob } from './types.ts';

/** A page module without a default export: there is nothing to render (a named export is the usual slip). */
function noDefaultExport(path: string, entry: { file: string; module: object }): SitegenError {
  const named = Object.entries(entry.module).find(([name, value]) => typeof value === 'function' && name !== 'paths')?.[0];
  return new SitegenError('SG4001', `${path}: ${entry.file} has no default export, so the page has nothing to render`, {
    location: { file: entry.file },
    hint: `Export the page's component as the default: \`export default function ${named ?? 'Page'}(context: PageContext) { … }\`${named ? ` (${named} is a named export)` : ''}.`,
  });
}

/** The page component, rendered where the layout places it (and so known to be placed). */
function PlacedPage({ render }: { render: () => ReactNode }): ReactNode {
  return render();
}

function watchContent(mod: RenderModule, ctx: PageContext, component: unknown): { ctx: PageContext; children?: unknown; placed: () => boolean } {
  let placed = false;
  if (component) {
    const render = () => {
      placed = true;
      return mod.createElement(component, ctx);
    };
    return { ctx, children: mod.createElement(PlacedPage, { render }), placed: () => placed };
  }
  if (ctx.page.kind !== 'document' || !/\S/.test(ctx.page.html)) return { ctx, placed: () => true };
  const html = ctx.page.html;
  const page = Object.defineProperty({ ...ctx.page }, 'html', {
    enumerable: true,
    get: () => {
      placed = true;
      return html;
    },
  });
  return { ctx: { ...ctx, page }, placed: () => placed };
}

function leftOut(job: RenderJob, entry: { file: string } | undefined, layoutFile: string | undefined): SitegenError {
  const what = entry ? `its page component (${entry.file}), passed as children` : 'its markdown body (page.html)';
  const layout = `the "${job.layout}" layout${layoutFile ? ` (${layoutFile})` : ''}`;
  return new SitegenError('SG4005', `${job.path}: ${layout} rendered without ${what}, so the page shows none of its content`, {
    location: { file: job.page.source },
    hint: entry
      ? "Render {children} in the layout where the page goes, as the theme's layouts do."
      : 'Place the body in the layout: <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />, as the theme\'s layouts do.',
  });
}

/** The context and children to render the layout with; after it rendered, `leftOut()` says if it placed neither. */
export function layoutContent(
  mod: RenderModule,
  job: RenderJob,
  ctx: PageContext,
): { ctx: PageContext; children?: unknown; leftOut(): SitegenError | undefined } {
  const entry = job.pageRoute ? (mod.pages[job.pageRoute] ?? mod.themePages?.[job.pageRoute]) : undefined;
  if (entry && !entry.module.default) throw noDefaultExport(job.path, entry);
  const component = entry?.module.default;
  if (mod.trustedLayouts?.includes(job.layout)) return { ctx, children: component ? mod.createElement(component, ctx) : undefined, leftOut: () => undefined };
  const watched = watchContent(mod, ctx, component);
  return { ...watched, leftOut: () => (watched.placed() ? undefined : leftOut(job, entry, mod.layoutFiles?.[job.layout])) };
}
