/**
 * sitemap.xml and robots.txt, built on the plugin API with the `sitemap` writer: every indexable
 * page, `lastmod` from the document's `updated` or `date`, a multilingual page's translations
 * as `xhtml:link` alternates, and the pages of older versions of the docs a lower priority
 * (OLDER_VERSION_PRIORITY; the others name none: 0.5). A site with `indexable: false` gets a
 * robots.txt that disallows everything (and no sitemap).
 *
 *   plugins: ['react-sitegen/plugins/sitemap']
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { type BuiltPage, canonicalUrl, type SitegenPlugin } from 'react-sitegen';
import { sourceHash } from '../source-hash.ts';

export interface SitemapOptions {
  /** Paths (prefixes) to leave out, e.g. ['/thank-you']. */
  exclude?: string[];
}

/** The priority of an older docs version's pages: below the protocol's default (0.5) that every other page keeps. */
export const OLDER_VERSION_PRIORITY = 0.3;

/**
 * A multilingual page's alternates (xhtml:link hreflang), as its head lists them (the SEO plugin): every language's
 * address, itself included, and `x-default` for the default locale's. None for an older version's page whose canonical is
 * the latest version's (that page carries them), nor for a page without translations.
 */
export function alternatesOf(
  page: Pick<BuiltPage, 'translations' | 'version' | 'versions'>,
  latest: string | undefined,
  defaultLocale: string,
  url: (path: string) => string,
): { lang: string; url: string }[] | undefined {
  if (!page.translations) return undefined;
  if (page.version && page.version !== latest && page.versions?.some((v) => v.version === latest)) return undefined;
  const links = page.translations.map((t) => ({ lang: t.locale, url: url(t.path) }));
  const fallback = page.translations.find((t) => t.locale === defaultLocale);
  return fallback ? [...links, { lang: 'x-default', url: url(fallback.path) }] : links;
}

export default function sitemap(options: SitemapOptions = {}): SitegenPlugin {
  return {
    name: 'sitegen:sitemap',
    hooks: {
      async 'build:done'({ config, site, pages, write, cache }) {
        if (!config.indexable) {
          await write('robots.txt', 'User-agent: *\nDisallow: /\n');
          return;
        }
        const exclude = options.exclude ?? [];
        const latest = site.theme.versions?.[0]?.dir;
        const where = { url: site.url, trailingSlash: config.trailingSlash };
        const listed = pages.filter((p) => p.indexable && p.path !== '/404' && !exclude.some((prefix) => p.path === prefix || p.path.startsWith(`${prefix}/`)));
        // The same entries make the same file: a rebuild that changed none takes it from the cache. They are keyed as
        // one line each (its fields apart by NUL, which no URL or date holds), and made into objects only to be written.
        const alternates = listed.map((p) => alternatesOf(p, latest, site.defaultLocale, (path) => canonicalUrl(where, path)));
        let lines = site.url;
        listed.forEach((p, i) => {
          lines += `\n${canonicalUrl(where, p.path)}\u0000${p.updated ?? p.date ?? ''}\u0000${p.version !== undefined && p.version !== latest ? OLDER_VERSION_PRIORITY : ''}`;
          for (const link of alternates[i] ?? []) lines += `\u0000${link.lang}\u0000${link.url}`;
        });
        const key = `sitegen:sitemap\u0000${sourceHash(import.meta.url, [], ['sitemap'])}\u0000${createHash('sha256').update(lines).digest('hex')}`;
        let xml = await cache?.get(key);
        if (xml === undefined) {
          const links = listed.map((p, i) => {
            const lastmod = p.updated ?? p.date;
            const url = canonicalUrl(where, p.path);
            const links = alternates[i];
            const older = p.version !== undefined && p.version !== latest;
            return { url, ...(lastmod ? { lastmod } : {}), ...(links ? { links } : {}), ...(older ? { priority: OLDER_VERSION_PRIORITY } : {}) };
          });
          const xhtml = links.some((link) => link.links);
          // Loaded when needed: the plugin is loaded in every worker too.
          if (links.length) {
            const { SitemapStream, streamToPromise } = await import('sitemap');
            const stream = new SitemapStream({ hostname: site.url, xmlns: { news: false, video: false, image: false, xhtml } });
            xml = (await streamToPromise(Readable.from(links).pipe(stream))).toString();
          } else {
            // No page to list (each one `index: false` or excluded): the stream throws when ended empty, but an empty
            // urlset is a valid sitemap, and robots.txt points at it as usual.
            xml = `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>`;
          }
          await cache?.set(key, xml);
        }
        await write('sitemap.xml', xml);
        await write('robots.txt', `User-agent: *\nAllow: /\n\nSitemap: ${site.url}/sitemap.xml\n`);
      },
    },
  };
}
