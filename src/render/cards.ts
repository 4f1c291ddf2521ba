/**
 * A listing's posts travel by path. The theme's blog listings (src/site/blog.ts) show each post on several pages (the
 * index, its tags', its author's): their jobs name the posts (`cards`) and carry a digest of what the cards show
 * (`cardsKey`, for the page's key), and the worker takes the cards from the posts its shared data already holds.
 */
import type { PostSummary } from '../../templates/types.ts';
import { hashText } from '../hash.ts';

/** The theme's listing page, as routes and the template bundle name it (render/bundle.ts). */
export const BLOG_LIST = 'sitegen:blog-list';

/** What a listing's card shows of a post: its summary without the tags, and without the excerpt unless it has no description. */
function card({ excerpt, tags: _tags, ...post }: PostSummary): PostSummary {
  return { ...post, tags: [], ...(excerpt && !post.description ? { excerpt } : {}) };
}

/** The props that name a listing page's posts: their paths, and a digest of their cards for the page's key. */
export interface NamedCards {
  cards: string[];
  cardsKey: string;
}

/** For one locale's listings: the props that name a page's posts and digest their cards (each card hashed once). */
export function cardNames(): (items: PostSummary[]) => NamedCards {
  const digests = new Map<PostSummary, string>();
  const digest = (post: PostSummary) => {
    let d = digests.get(post);
    if (d === undefined) digests.set(post, (d = hashText(JSON.stringify(card(post)))));
    return d;
  };
  return (items) => ({ cards: items.map((post) => post.path), cardsKey: hashText(items.map(digest).join('')) });
}

/** The props of a listing whose `page.items` are named by `cards`. */
interface CardProps extends Pick<NamedCards, 'cards'> {
  page: { items: PostSummary[] };
}

function hasCards(props: Record<string, unknown>): props is Record<string, unknown> & CardProps {
  return Array.isArray(props.cards) && typeof props.page === 'object' && props.page !== null;
}

/** Per list of posts (one a locale a build): each post's card by path, made on first use. */
const byPath = new WeakMap<PostSummary[], { posts: Map<string, PostSummary>; cards: Map<string, PostSummary> }>();

/**
 * The props of the theme's listing (`pageRoute`) with its page's items filled in from `posts`; any other page's props
 * as they are (a site's own `paths()` may well return props named `cards`).
 */
export function withCards(pageRoute: string | undefined, props: Record<string, unknown>, posts: PostSummary[]): Record<string, unknown> {
  if (pageRoute !== BLOG_LIST || !hasCards(props)) return props;
  let known = byPath.get(posts);
  if (!known) byPath.set(posts, (known = { posts: new Map(posts.map((post) => [post.path, post])), cards: new Map() }));
  const items = props.cards.map((path) => {
    let made = known.cards.get(path);
    if (!made) {
      const post = known.posts.get(path);
      if (!post) throw new Error(`the listing names the post ${path}, which is not among the site's posts`);
      known.cards.set(path, (made = card(post)));
    }
    return made;
  });
  const { cards: _cards, cardsKey: _key, ...rest } = props;
  return { ...rest, page: { ...props.page, items } };
}
