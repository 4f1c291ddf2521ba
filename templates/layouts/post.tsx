import type { LayoutProps } from '../types';
import { Shell } from '../components/Shell';
import { Body } from '../components/Prose';
import { leadHeading } from '../components/lead-heading';
import { Faq } from '../components/Faq';
import { PrevNext } from '../components/PrevNext';
import { Byline } from '../components/PostCard';
import { Icon } from '../components/Icon';
import { authorPath, categoryLabel, fmFaq, fmStrings, initials, postAuthors, postTags, tagPath } from '../components/util';
import { useStrings } from '../i18n/strings';

/** Blog post: title, byline, tags, body, FAQ, author, call to action, related posts, previous/next. */
export default function PostLayout(props: LayoutProps) {
  const { site, page, authors, related, prev, next, children } = props;
  const s = useStrings();
  const fm = page.frontmatter;
  const tags = postTags(fm.tags);
  const categories = fmStrings(fm, 'categories');
  // Every author the post names that authors.json knows (`authors: [ana, bo]`, or `author: ana`).
  const authorIds = postAuthors(fm).filter((id) => Object.hasOwn(authors, id));
  const faq = fmFaq(fm);
  const cta = site.theme.postCta;
  const date = page.date ?? (typeof fm.date === 'string' ? fm.date : '');
  // A body that starts with its own H1 shows that heading as the title, once.
  const lead = children === undefined || children === null ? leadHeading(page.html) : undefined;
  return (
    <Shell site={site} path={page.path} page={page} mainClass="main-post">
      <article className="post">
        <header className="post-header">
          <div className="container container-narrow">
            <p className="post-kicker">
              <a href={`/${site.blogDir}`} className="back-link">
                <Icon name="chevronLeft" size={14} />
                {` ${s.t('blog.title')}`}
              </a>
              {categories[0] && (
                <>
                  <span aria-hidden="true">/</span>
                  <span>{categoryLabel(categories[0], site.theme.categoryLabels)}</span>
                </>
              )}
            </p>
            {lead ? <h1 className="post-title" id={lead.id} dangerouslySetInnerHTML={{ __html: lead.html }} /> : <h1 className="post-title">{page.title}</h1>}
            {page.description && <p className="post-lead">{page.description}</p>}
            <div className="post-meta">
              {authorIds.map((id) => (
                <span key={id} className="avatar" aria-hidden="true">
                  {initials(authors[id].name)}
                </span>
              ))}
              <Byline
                post={{ date, author: authorIds[0] ?? '', authors: authorIds, readingTime: page.readingTime, scheduled: page.scheduled }}
                authors={authors}
                authorHref={(id) => authorPath(site, id)}
              />
            </div>
            {tags.length > 0 && (
              <ul className="tag-list post-tags" aria-label={s.t('doc.tags')}>
                {tags.map((t) => {
                  const href = tagPath(site, t);
                  return (
                    <li key={t} className="tag">
                      {href ? <a href={href}>{`#${t}`}</a> : `#${t}`}
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        </header>
        <div className="container container-narrow post-body">
          <Body page={lead ? { ...page, html: lead.rest } : page}>{children}</Body>
          {faq.length > 0 && <Faq items={faq} id="post-faq" />}
          {authorIds.map((id) => {
            const author = authors[id];
            const href = authorPath(site, id);
            return (
              // Landmarks need names of their own: several authors' boxes are each named by their author.
              <aside key={id} className="author-box" aria-label={authorIds.length > 1 ? author.name : s.t('blog.author')}>
                <span className="avatar avatar-lg" aria-hidden="true">
                  {initials(author.name)}
                </span>
                <div>
                  <p className="author-name">
                    {href ? <a href={href}>{author.name}</a> : author.name} {author.role && <span className="muted">· {author.role}</span>}
                  </p>
                  {author.bio && <p className="muted">{author.bio}</p>}
                </div>
              </aside>
            );
          })}
          {cta && (
            <aside className="post-cta" aria-label={s.t('blog.cta')}>
              <div>
                <p className="post-cta-title">{cta.title}</p>
                <p>{cta.text}</p>
              </div>
              <a className="btn btn-primary" href={cta.href}>
                {cta.label}
              </a>
            </aside>
          )}
          <PrevNext prev={prev} next={next} label={s.t('blog.prevNext')} />
        </div>
      </article>
      {related.length > 0 && (
        <section className="section related" aria-labelledby="related-title">
          <div className="container container-narrow">
            <h2 id="related-title" className="section-title-sm">
              {s.t('blog.related')}
            </h2>
            <ul className="related-list">
              {related.slice(0, 3).map((p) => (
                <li key={p.path}>
                  <a href={p.path} className="related-link">
                    <span className="related-title">{p.title}</span>
                    <span className="related-desc">{p.description}</span>
                    <Byline post={p} authors={authors} />
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
    </Shell>
  );
}
