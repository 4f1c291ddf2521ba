import type { PageContext, PageMeta, PostSummary } from 'react-sitegen/templates/types';
import { categoryLabel, formatShortDate, isoDay, yearOf } from 'react-sitegen/templates/components/util';

export const meta: PageMeta = {
  title: 'All posts',
  description: 'Every post on the Ferrygate blog since 2019, grouped by year, with dates and tags.',
  layout: 'default',
};

export default function BlogAll(ctx: PageContext) {
  const years = new Map<number, PostSummary[]>();
  for (const p of ctx.posts) {
    const y = yearOf(p.date);
    if (!years.has(y)) years.set(y, []);
    years.get(y)!.push(p);
  }
  const list = [...years.entries()].sort((a, b) => b[0] - a[0]);
  return (
    <>
      <header className="page-header">
        <div className="container container-narrow">
          <p className="eyebrow"><a href="/blog">Blog</a></p>
          <h1 className="page-title">All posts</h1>
          <p className="page-lead">{ctx.posts.length} posts since {list.length ? list[list.length - 1][0] : ''}, newest first.</p>
          <nav className="year-nav" aria-label="Jump to year">
            <ul>
              {list.map(([y, posts]) => (
                <li key={y}><a href={`#y${y}`}>{y} <span>{posts.length}</span></a></li>
              ))}
            </ul>
          </nav>
        </div>
      </header>
      <div className="container container-narrow archive">
        {list.map(([y, posts]) => (
          <section key={y} className="archive-year" aria-labelledby={`y${y}`}>
            <h2 id={`y${y}`} className="archive-year-title">{y}</h2>
            <ul className="archive-list">
              {posts.map((p) => (
                <li key={p.path} className="archive-item">
                  <time dateTime={isoDay(p.date)}>{formatShortDate(p.date)}</time>
                  <div>
                    <a href={p.path} className="archive-title">{p.title}</a>
                    {p.scheduled && <> <span className="badge badge-scheduled">Scheduled</span></>}
                    <ul className="tag-list" aria-label="Tags">
                      {p.categories.slice(0, 1).map((c) => <li key={c} className="tag tag-cat">{categoryLabel(c, ctx.site.theme.categoryLabels)}</li>)}
                      {p.tags.map((t) => <li key={t} className="tag">#{t}</li>)}
                    </ul>
                  </div>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </>
  );
}
