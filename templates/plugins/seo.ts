/**
 * SEO head, built on the plugin API: `{page} {separator} {site}` titles (docs pages add their
 * section), canonical URLs, Open Graph and Twitter cards, `noindex` where a page should not be
 * indexed, and JSON-LD for the organisation and for blog posts.
 *
 *   plugins: ['react-sitegen/plugins/seo']   or   [['react-sitegen/plugins/seo', { image: '/og.png' }]]
 */
import { canonicalUrl, docsSection, pageTitle, setTag, type SitegenPlugin } from 'react-sitegen';
import { postAuthors } from '../components/util.ts';

export interface SeoOptions {
  /** Default social image (root-relative or absolute). */
  image?: string;
  /** Twitter card type. */
  card?: 'summary' | 'summary_large_image';
}

/** The page's cover: `cover:`, else `image:` (Jekyll's, Hugo's and Docusaurus's name for it); both point at the hashed file by now. */
function coverOf(frontmatter: Record<string, unknown>): string | undefined {
  for (const key of ['cover', 'image']) if (typeof frontmatter[key] === 'string' && frontmatter[key]) return frontmatter[key] as string;
  return undefined;
}

const absolute = (site: string, url: string) => (/^https?:/.test(url) ? url : `${site}${url.startsWith('/') ? '' : '/'}${url}`);

/** Open Graph's form of a language, language_TERRITORY: `de` → `de_DE`, `pt-BR` → `pt_BR`, `ar` → `ar_EG` (its likeliest region). */
export function ogLocale(code: string): string {
  try {
    const { language, region } = new Intl.Locale(code).maximize();
    return region ? `${language}_${region}` : language;
  } catch {
    return code.replace('-', '_');
  }
}

export default function seo(options: SeoOptions = {}): SitegenPlugin {
  return {
    name: 'sitegen:seo',
    hooks: {
      'page:data'({ page, head, site, authors, status, settings }) {
        const section = page.layout === 'doc' ? docsSection(site, page.path) : undefined;
        head.title = pageTitle(page.title, site, section);
        const description = page.description || site.description;
        // A page of an older version of the docs names the latest version's same page, when there is one, as canonical.
        const latest = site.versions?.[0]?.dir;
        const newest = page.version && page.version !== latest ? page.versions?.find((v) => v.version === latest)?.path : undefined;
        const url = canonicalUrl({ url: site.url, trailingSlash: settings.trailingSlash }, newest ?? page.path);
        const noindex = !settings.indexable || status !== 200 || page.draft || page.frontmatter.index === false || page.frontmatter.robots === 'noindex';
        if (noindex) setTag(head, 'meta', { name: 'robots', content: 'noindex, nofollow' });
        else setTag(head, 'link', { rel: 'canonical', href: url });
        // The page in every language, itself included, and the default locale's for any other language (not on a page
        // whose canonical is another: the latest version's carries them).
        if (!noindex && !newest && page.translations) {
          const href = (path: string) => canonicalUrl({ url: site.url, trailingSlash: settings.trailingSlash }, path);
          for (const { locale, path } of page.translations) head.tags.push({ tag: 'link', attrs: { rel: 'alternate', hreflang: locale, href: href(path) } });
          const fallback = page.translations.find((t) => t.locale === site.defaultLocale);
          if (fallback) head.tags.push({ tag: 'link', attrs: { rel: 'alternate', hreflang: 'x-default', href: href(fallback.path) } });
        }
        const isPost = page.layout === 'post';
        const image = coverOf(page.frontmatter) ?? options.image;
        setTag(head, 'meta', { property: 'og:type', content: isPost ? 'article' : 'website' });
        setTag(head, 'meta', { property: 'og:site_name', content: site.name });
        setTag(head, 'meta', { property: 'og:title', content: page.title || site.name });
        setTag(head, 'meta', { property: 'og:url', content: url });
        if (site.locales.length) {
          setTag(head, 'meta', { property: 'og:locale', content: ogLocale(page.locale) });
          // The page's other languages, as its hreflang links name them.
          if (!noindex && !newest)
            for (const { locale } of page.translations ?? [])
              if (locale !== page.locale) head.tags.push({ tag: 'meta', attrs: { property: 'og:locale:alternate', content: ogLocale(locale) } });
        }
        if (description) setTag(head, 'meta', { property: 'og:description', content: description });
        if (image) setTag(head, 'meta', { property: 'og:image', content: absolute(site.url, image) });
        setTag(head, 'meta', { name: 'twitter:card', content: options.card ?? (image ? 'summary_large_image' : 'summary') });
        if (site.twitter) setTag(head, 'meta', { name: 'twitter:site', content: site.twitter });
        setTag(head, 'meta', { name: 'twitter:title', content: page.title || site.name });
        if (description) setTag(head, 'meta', { name: 'twitter:description', content: description });

        if (page.path === '/') {
          head.jsonld.push(
            JSON.stringify({
              '@context': 'https://schema.org',
              '@type': 'Organization',
              name: site.name,
              url: site.url,
              description: site.description,
              ...(site.twitter ? { sameAs: [`https://twitter.com/${site.twitter.slice(1)}`] } : {}),
            }),
          );
        }
        if (isPost && page.date) {
          setTag(head, 'meta', { property: 'article:published_time', content: page.date });
          if (page.updated && page.updated !== page.date) setTag(head, 'meta', { property: 'article:modified_time', content: page.updated });
          const author = postAuthors(page.frontmatter).map((id) => ({ '@type': 'Person', name: authors[id]?.name ?? id }));
          head.jsonld.push(
            JSON.stringify({
              '@context': 'https://schema.org',
              '@type': 'BlogPosting',
              headline: page.title,
              description,
              datePublished: page.date,
              dateModified: page.updated ?? page.date,
              mainEntityOfPage: url,
              url,
              // One author as an object, several as a list (schema.org takes either).
              ...(author.length ? { author: author.length === 1 ? author[0] : author } : {}),
              publisher: { '@type': 'Organization', name: site.name, url: site.url },
              ...(image ? { image: absolute(site.url, image) } : {}),
              wordCount: page.wordCount,
            }),
          );
        }
      },
    },
  };
}
