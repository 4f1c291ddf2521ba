/** The base path (`base: '/docs/'`): root-relative URLs get it here, once, so no component needs to know about it. */

/** `'/docs/'` → `'/docs'`, `'/'` → `''`: what goes in front of a root-relative path. */
export function basePrefix(base: string): string {
  return base.replace(/\/+$/, '');
}

const URL_ATTR = /(\s(?:href|src|action|poster))="(\/(?!\/)[^"]*)"/g;

const SRCSET = /(\ssrcset)="([^"]*)"/g;

/** Put the base in front of every root-relative `href`, `src`, `action` and `poster` (not `//host`), and `srcset` URL. */
export function withBase(html: string, base: string): string {
  const prefix = basePrefix(base);
  if (!prefix) return html;
  const out = html.replace(URL_ATTR, (_, attr: string, path: string) => `${attr}="${prefix}${path}"`);
  if (!out.includes(' srcset="')) return out;
  return out.replace(SRCSET, (_, attr: string, list: string) => `${attr}="${list.replace(/(^|,\s*)(\/(?!\/))/g, `$1${prefix}$2`)}"`);
}

/** The route of a request path under the base, or undefined when it is outside it: `/docs/guide` → `/guide`. */
export function stripBase(pathname: string, base: string): string | undefined {
  const prefix = basePrefix(base);
  if (!prefix) return pathname;
  if (pathname === prefix || pathname === `${prefix}/`) return '/';
  return pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length) : undefined;
}

/** The same for the `href` and `src` of head tags (a feed's `<link rel="alternate">`, icons). */
export function tagsWithBase<T extends { attrs: Record<string, string> }>(tags: T[], base: string): T[] {
  const prefix = basePrefix(base);
  if (!prefix) return tags;
  return tags.map((tag) => {
    const attrs = { ...tag.attrs };
    for (const name of ['href', 'src']) if (/^\/(?!\/)/.test(attrs[name] ?? '')) attrs[name] = prefix + attrs[name];
    return { ...tag, attrs };
  });
}
