import type { Author, PostSummary } from '../types';
import { Fragment, type ReactNode } from 'react';
import { categoryLabel, isoDay } from './util';
import { useStrings } from '../i18n/strings';

/** `items` joined as the locale lists names: `A and B`, `A, B and C`, `A、B、C`. */
function joinList(items: ReactNode[], locale: string): ReactNode {
  if (items.length < 2) return items[0];
  let parts: { type: string; value: string }[];
  try {
    parts = new Intl.ListFormat(locale, { type: 'conjunction' }).formatToParts(items.map((_, i) => String(i)));
  } catch {
    parts = new Intl.ListFormat('en', { type: 'conjunction' }).formatToParts(items.map((_, i) => String(i)));
  }
  return parts.map((part, i) => <Fragment key={i}>{part.type === 'element' ? items[Number(part.value)] : part.value}</Fragment>);
}

export function Byline({
  post,
  authors,
  showReading = true,
  authorHref,
}: {
  /** `authors`: every author of the post (else `author` alone). */
  post: Pick<PostSummary, 'date' | 'author' | 'readingTime' | 'scheduled'> & { authors?: string[] };
  authors: Record<string, Author>;
  showReading?: boolean;
  /** Each author's page, to link their name (a post's own byline; a card is one link already). A string links the first author. */
  authorHref?: string | ((id: string) => string | undefined);
}) {
  const s = useStrings();
  const ids = (post.authors ?? [post.author]).filter((id) => Object.hasOwn(authors, id));
  const href = (id: string) => (typeof authorHref === 'function' ? authorHref(id) : id === post.author ? authorHref : undefined);
  const names = ids.map((id) => {
    const link = href(id);
    return link ? (
      <a key={id} href={link}>
        {authors[id].name}
      </a>
    ) : (
      <span key={id}>{authors[id].name}</span>
    );
  });
  return (
    <p className="byline">
      {/* A post dated after the build's "now", shown by `sitegen dev` or a build with --future. */}
      {post.scheduled && (
        <>
          <span className="badge badge-scheduled">{s.t('blog.scheduled')}</span>{' '}
        </>
      )}
      <time dateTime={isoDay(post.date)}>{s.date(post.date)}</time>
      {names.length > 0 && (
        <>
          <span aria-hidden="true"> · </span>
          {joinList(names, s.locale)}
        </>
      )}
      {showReading && post.readingTime > 0 && (
        <>
          <span aria-hidden="true"> · </span>
          <span>{s.count('doc.readingTime', post.readingTime)}</span>
        </>
      )}
    </p>
  );
}

/** A post teaser card; the whole card is one link (title), with metadata below. `categoryLabels`: the site's `theme.categoryLabels`. */
export function PostCard({
  post,
  authors,
  headingLevel = 3,
  featured = false,
  categoryLabels,
}: {
  post: PostSummary;
  authors: Record<string, Author>;
  headingLevel?: 2 | 3;
  featured?: boolean;
  categoryLabels?: Record<string, string>;
}) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  const category = post.categories[0];
  return (
    <article className={`post-card${featured ? ' post-card-featured' : ''}`} data-cat={post.categories.join(' ')}>
      {featured && (
        <div className="post-card-art" aria-hidden="true">
          <span />
          <span />
          <span />
        </div>
      )}
      <div className="post-card-body">
        {category && <p className="eyebrow">{categoryLabel(category, categoryLabels)}</p>}
        <H className="post-card-title">
          <a href={post.path}>{post.title}</a>
        </H>
        {!post.description && post.excerpt ? (
          // No description: the excerpt (the markdown before `<!-- more -->`), as Hugo's and Jekyll's listings show it.
          <div className="post-card-desc post-card-excerpt" dangerouslySetInnerHTML={{ __html: post.excerpt }} />
        ) : (
          <p className="post-card-desc">{post.description}</p>
        )}
        <Byline post={post} authors={authors} />
      </div>
    </article>
  );
}
