import { createElement, useContext, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { IslandsContext, type IslandInstance } from './islands-context';

/**
 * Chrome that looks the same on many pages, rendered once and placed as HTML.
 *
 * The site header has a handful of states (which menu item is current or active) and the footer
 * one, but React would build and render their elements again for every page. `<Once>` renders
 * its own element (`as`, with the other props as attributes) as usual, and its child the first
 * time a key is met: `scope` (the site object, so a config the dev server reloads starts afresh),
 * the child's component (or tag) and `id`, which must name everything the child's output depends on
 * besides the scope. The other pages with that key reuse the string. The HTML is the same either way: what React writes
 * inside an element does not depend on where that element sits.
 *
 *   <Once scope={site} id={`header:${state}`} as="header" className="site-header"><HeaderInside … /></Once>
 *
 * A child that holds an island is rendered for every page instead (an island registers with the
 * page it is on).
 */
export function Once({
  scope,
  id,
  as = 'div',
  children,
  ...attributes
}: {
  scope: object;
  id: string;
  as?: string;
  children: ReactElement;
  [attribute: string]: unknown;
}) {
  const collected = useContext(IslandsContext);
  return createElement(as, { ...attributes, dangerouslySetInnerHTML: { __html: renderOnce(scope, id, children, collected) } });
}

/** Per scope, per kind of child (its component or tag), per id: a site's `id="footer:en"` never takes the theme's HTML. */
const rendered = new WeakMap<object, Map<unknown, Map<string, string>>>();

/** The most keys kept per scope and kind of child: past this, an id that differs on every page would only cost memory. */
const MAX_KEYS = 1_000;

function renderOnce(scope: object, id: string, child: ReactElement, collected: IslandInstance[] | undefined): string {
  let kinds = rendered.get(scope);
  if (!kinds) rendered.set(scope, (kinds = new Map()));
  let kept = kinds.get(child.type);
  if (!kept) kinds.set(child.type, (kept = new Map()));
  const hit = kept.get(id);
  if (hit !== undefined) return hit;
  const islands: IslandInstance[] = [];
  const html = renderToString(createElement(IslandsContext.Provider, { value: islands }, child));
  if (islands.length) {
    collected?.push(...islands);
    return html;
  }
  if (kept.size >= MAX_KEYS) kept.clear();
  kept.set(id, html);
  return html;
}
