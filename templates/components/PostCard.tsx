import type { Author, PostSummary } from '../types';
import { categoryLabel, isoDay } from './util';
import { useStrings } from '../i18n/strings';

export function Byline({
  post,
  authors,
  showReading = true,
  authorHref,
}: {
  post: Pick<PostSummary, 'date' | 'author' | 'readingTime' | 'scheduled'>;
  authors: Record<string, Author>;
  showReading?: boolean;
  /** The author's page, to link their name (a post's own byline; a card is one link already). */
  authorHref?: string;
}) {
  const s = useStrings();
  const author = authors[post.author];
  return (
    <p className="byline">
      {/* A post dated after the build's "now", shown by `sitegen dev` or a build with --future. */}
      {post.scheduled && (
        <>
          <span className="badge badge-scheduled">{s.t('blog.scheduled')}</span>{' '}
        </>
      )}
      <time dateTime={isoDay(post.date)}>{s.date(post.date)}</time>
      {author && (
        <>
          <span aria-hidden="true"> · </span>
          {authorHref ? <a href={authorHref}>{author.name}</a> : <span>{author.name}</span>}
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
