/**
 * The components markdown left as placeholders (src/markdown/components.ts) rendered with React: the whole body in one
 * render, so ids (`useId`) stay unique on the page and islands inside components are recorded with the page's. Each
 * stretch of HTML between placeholders becomes a marker string the component places as a child, and the marker is
 * swapped for that HTML afterwards: a component's children are the markdown's HTML, as it was rendered.
 */
import type { ReactNode } from 'react';
import { PLACEHOLDER } from '../markdown/components.ts';
import type { RenderModule } from './render-page.ts';

const OPEN = `<${PLACEHOLDER} `;
const CLOSE = `</${PLACEHOLDER}>`;
const OPEN_TAG = new RegExp(`<${PLACEHOLDER} data-name="([A-Z][A-Za-z0-9]*)" data-props="([^"]*)">`, 'y');
/** A stretch of HTML stands in the React tree as NUL, its index, NUL: markdown-it turns NUL in a source into U+FFFD. */
const MARKER = /\u0000(\d+)\u0000/g;

interface Placeholder {
  name: string;
  props: Record<string, unknown>;
  children: (string | Placeholder)[];
}

function decodeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The placeholders in `html` as a tree; anything that is not a well-formed placeholder stays HTML. */
function readTree(html: string): (string | Placeholder)[] {
  const root: (string | Placeholder)[] = [];
  const stack: Placeholder[] = [];
  const into = () => (stack.length ? stack[stack.length - 1].children : root);
  let at = 0;
  let from = 0;
  for (;;) {
    const open = html.indexOf(OPEN, from);
    const close = stack.length ? html.indexOf(CLOSE, from) : -1;
    if (open < 0 && close < 0) break;
    if (close >= 0 && (open < 0 || close < open)) {
      into().push(html.slice(at, close));
      stack.pop();
      at = from = close + CLOSE.length;
      continue;
    }
    OPEN_TAG.lastIndex = open;
    const m = OPEN_TAG.exec(html);
    let props: unknown;
    try {
      props = m ? JSON.parse(decodeAttribute(m[2])) : undefined;
    } catch {
      props = undefined;
    }
    if (!m || !props || typeof props !== 'object' || Array.isArray(props)) {
      from = open + 1;
      continue;
    }
    into().push(html.slice(at, open));
    const node: Placeholder = { name: m[1], props: props as Record<string, unknown>, children: [] };
    into().push(node);
    stack.push(node);
    at = from = open + m[0].length;
  }
  into().push(html.slice(at));
  return root;
}

/** `html` with every component placeholder rendered; `islands`: where `<Island>`s inside components record themselves. */
export function expandComponents(mod: RenderModule, html: string, islands?: unknown[], strings?: unknown): string {
  if (!html.includes(OPEN)) return html;
  const components = mod.markdownComponents ?? {};
  const stretches: string[] = [];
  const marker = (text: string) => `\u0000${stretches.push(text) - 1}\u0000`;
  const children = (nodes: (string | Placeholder)[]): ReactNode[] =>
    nodes
      // Line breaks between block components (`<Tab>`s in `<Tabs>`) are no children.
      .filter((node) => node !== '' && (typeof node !== 'string' || node.trim() !== '' || !node.includes('\n')))
      .map((node) => (typeof node === 'string' ? marker(node) : element(node)));
  const element = (node: Placeholder): ReactNode => {
    if (!Object.hasOwn(components, node.name)) throw new Error(`the component <${node.name}> is not in the template bundle`);
    return mod.createElement(components[node.name], node.props, ...children(node.children));
  };
  const fragment = mod.createElement(mod.Fragment, null, ...children(readTree(html)));
  const tree = strings && mod.StringsContext ? mod.createElement(mod.StringsContext.Provider, { value: strings }, fragment) : fragment;
  const out = mod.renderToString(islands ? mod.createElement(mod.IslandsContext.Provider, { value: islands }, tree) : tree);
  return out.replace(MARKER, (_, index: string) => stretches[Number(index)]);
}
