/**
 * The theme's blog listings, per locale, from its posts (config `blog`): the paginated index (`/blog`,
 * `/blog/page/2`), one page per tag (`/blog/tags/<tag>`, paginated) and the list of tags, one page per author with
 * their bio (`/blog/authors/<id>`) and the list of authors. Each is a route of the theme's `blog-list` page
 * (templates/pages/blog-list.tsx) with its posts as props; a page or document at the same route takes its place.
 */
import type { Author, PostSummary } from '../../templates/types.ts';
import { paginate } from '../../templates/paginate.ts';
import { BLOG_LIST, cardNames, type NamedCards } from '../render/cards.ts';
import { authorPath, tagPath, tagSlug } from '../../templates/components/util.ts';
import { formatString, type StringValues } from '../../templates/i18n/format.ts';
import { ENGLISH, type StringTable } from '../../templates/i18n/keys.ts';
import type { ResolvedConfig } from '../config/schema.ts';
import type { PageModuleInfo } from '../routes/table.ts';
import type { BlogListProps } from '../../templates/pages/blog-list.tsx';
import type { LocaleModel } from './model.ts';

export function blogPages(
  locales: LocaleModel[],
  config: ResolvedConfig,
  authors: Record<string, Author>,
  layouts: string[],
  stringsOf: (code: string) => StringTable,
): PageModuleInfo[] {
  const layout = layouts.includes('default') ? 'default' : layouts[0];
  return locales.flatMap((locale) => (locale.posts.length ? localeListings(locale, config, authors, layout, stringsOf(locale.code)) : []));
}

function localeListings(locale: LocaleModel, config: ResolvedConfig, authors: Record<string, Author>, layout: string, strings: StringTable): PageModuleInfo[] {
  const { site, posts, code } = locale;
  const say = (key: string, values?: StringValues) => formatString(strings, ENGLISH, key, values, code);
  const dir = `/${site.blogDir}`;
  const pages: PageModuleInfo[] = [];
  // A post is on the index, its tags' and its author's pages: each page's job names its posts (render/cards.ts).
  const named = cardNames();
  /** One route a page of `list`, titled `title` (and "– page 2" after the first). */
  const listing = (base: string, list: PostSummary[], size: number, title: string, description: string, props: Omit<BlogListProps, 'page'>) => {
    for (const entry of paginate(list, { size }, ({ page }) => (page ? `${base}/${page}` : base))) {
      const { items, ...page } = entry.props.page;
      const heading = page.number > 1 ? say('blog.pageTitle', { title, n: page.number }) : title;
      pages.push(route(page.paths.current, heading, description, { ...props, page: { ...page, items: [] }, ...named(items) }));
    }
  };
  const route = (path: string, title: string, description: string, props: BlogListProps & Partial<NamedCards>): PageModuleInfo => ({
    route: path,
    file: '(built-in blog listing)',
    meta: { title, description, layout },
    pattern: BLOG_LIST,
    params: {},
    props: props as unknown as Record<string, unknown>,
  });
  if (config.blog.index) {
    const title = say('blog.title');
    listing(dir, posts, config.blog.index.pageSize, title, say('blog.allPosts', { n: posts.length }), {
      kind: 'index',
      eyebrow: title,
      heading: title,
      lead: say('blog.allPosts', { n: posts.length }),
    });
  }
  if (config.blog.tags) {
    const sorted = postsByTag(posts, code);
    for (const tag of sorted) {
      const title = say('blog.tagTitle', { tag: tag.name });
      listing(tagPath(site, tag.name)!, tag.posts, config.blog.tags.pageSize, title, say('blog.postCount', { n: tag.posts.length }), {
        kind: 'tag',
        eyebrow: say('blog.tag'),
        heading: title,
      });
    }
    if (sorted.length) {
      const entries = sorted.map((tag) => ({ name: tag.name, path: tagPath(site, tag.name)!, count: tag.posts.length }));
      pages.push(
        route(`${dir}/tags`, say('blog.tags'), say('blog.tagsLead'), {
          kind: 'tags',
          eyebrow: say('blog.title'),
          heading: say('blog.tags'),
          lead: say('blog.tagsLead'),
          entries,
        }),
      );
    }
  }
  if (config.blog.authors) {
    const byAuthor = postsByAuthor(posts, authors, site, code);
    const ids = [...byAuthor.keys()];
    for (const id of ids) {
      const author = authors[id];
      const list = byAuthor.get(id)!;
      listing(
        authorPath(site, id)!,
        list,
        config.blog.authors.pageSize,
        say('blog.authorTitle', { name: author.name }),
        author.bio ?? say('blog.postCount', { n: list.length }),
        {
          kind: 'author',
          eyebrow: say('blog.authorEyebrow'),
          heading: author.name,
          author,
        },
      );
    }
    if (ids.length) {
      const entries = ids.map((id) => ({ name: authors[id].name, path: authorPath(site, id)!, count: byAuthor.get(id)!.length, note: authors[id].role }));
      pages.push(
        route(`${dir}/authors`, say('blog.authors'), say('blog.authorsLead'), {
          kind: 'authors',
          eyebrow: say('blog.title'),
          heading: say('blog.authors'),
          lead: say('blog.authorsLead'),
          entries,
        }),
      );
    }
  }
  return pages;
}

/** Each tag with its posts, most used first: spellings with the same slug (`How To`, `how to`) are one tag. */
function postsByTag(posts: PostSummary[], code: string): { name: string; posts: PostSummary[] }[] {
  const tags = new Map<string, { name: string; posts: PostSummary[] }>();
  for (const post of posts)
    for (const name of new Set(post.tags.map((t) => t.trim()))) {
      const slug = tagSlug(name);
      if (!slug) continue;
      const tag = tags.get(slug) ?? { name, posts: [] };
      // Two spellings on one post: the post is listed once (it is the last one added).
      if (tag.posts[tag.posts.length - 1] !== post) tag.posts.push(post);
      tags.set(slug, tag);
    }
  return [...tags.values()].sort((a, b) => b.posts.length - a.posts.length || a.name.localeCompare(b.name, code));
}

/** Each known author whose id can be a route, with their posts, by name. */
function postsByAuthor(posts: PostSummary[], authors: Record<string, Author>, site: LocaleModel['site'], code: string): Map<string, PostSummary[]> {
  const byAuthor = new Map<string, PostSummary[]>();
  for (const post of posts)
    for (const id of post.authors) {
      if (!Object.hasOwn(authors, id) || !authorPath(site, id)) continue;
      const list = byAuthor.get(id);
      if (list) list.push(post);
      else byAuthor.set(id, [post]);
    }
  return new Map([...byAuthor].sort(([a], [b]) => authors[a].name.localeCompare(authors[b].name, code)));
}
