/**
 * The theme's blog listings (src/site/blog.ts makes their routes from each locale's posts): the paginated index
 * (`/blog`, `/blog/page/2`), a tag's posts (`/blog/tags/<tag>`), an author's (`/blog/authors/<id>`, with the bio), and
 * the lists of tags and of authors. Everything comes from the route's props: a listing renders again only when its
 * own posts change.
 */
import type { Pagination } from '../paginate';
import type { Author, PageContext, PostSummary } from '../types';
import { PostCard } from '../components/PostCard';
import { Icon } from '../components/Icon';
import { useStrings } from '../i18n/strings';

export interface BlogListProps {
  kind: 'index' | 'tag' | 'author' | 'tags' | 'authors';
  /** The eyebrow above the title ("Blog", "Tag", "Author"). */
  eyebrow: string;
  heading: string;
  lead?: string;
  author?: Author;
  page?: Pagination<PostSummary>;
  /** The list of tags or authors: name, route and post count. */
  entries?: { name: string; path: string; count: number; note?: string }[];
}

export default function BlogList({ props, authors, site }: PageContext) {
  const p = props as unknown as BlogListProps;
  const s = useStrings();
  const page = p.page;
  return (
    <>
      <header className="page-header blog-header">
        <div className="container">
          <p className="eyebrow">{p.eyebrow}</p>
          <h1 className="page-title">{p.heading}</h1>
          {p.author?.role && <p className="blog-author-role">{p.author.role}</p>}
          {(p.author?.bio ?? p.lead) && <p className="page-lead">{p.author?.bio ?? p.lead}</p>}
        </div>
      </header>
      <div className="container blog-main">
        {page && (
          <>
            <div className="post-grid blog-grid">
              {page.items.map((post) => (
                <PostCard key={post.path} post={post} authors={authors} headingLevel={2} categoryLabels={site.theme.categoryLabels} />
              ))}
            </div>
            {page.count > 1 && (
              <nav className="pager" aria-label={s.t('blog.pages')}>
                {page.paths.prev ? (
                  <a className="btn btn-ghost pager-prev" href={page.paths.prev} rel="prev">
                    <Icon name="chevronLeft" size={16} />
                    {` ${s.t('blog.newer')}`}
                  </a>
                ) : (
                  <span />
                )}
                <span className="pager-count">{s.t('blog.pageOf', { n: page.number, count: page.count })}</span>
                {page.paths.next ? (
                  <a className="btn btn-ghost pager-next" href={page.paths.next} rel="next">
                    {`${s.t('blog.older')} `}
                    <Icon name="chevronRight" size={16} />
                  </a>
                ) : (
                  <span />
                )}
              </nav>
            )}
          </>
        )}
        {p.entries && (
          <ul className="tag-cloud">
            {p.entries.map((entry) => (
              <li key={entry.path}>
                <a href={entry.path} className="tag-cloud-link">
                  <span className="tag-cloud-name">{entry.name}</span>
                  <span className="tag-cloud-count">{s.t('blog.postCount', { n: entry.count })}</span>
                </a>
                {entry.note && <p className="tag-cloud-note">{entry.note}</p>}
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
