import type { PageContext, PageMeta } from 'react-sitegen/templates/types';
import { PostCard } from 'react-sitegen/templates/components/PostCard';
import { categoryLabel } from 'react-sitegen/templates/components/util';

export const meta: PageMeta = {
  title: 'Blog',
  description: 'Product announcements, tutorials, engineering notes and home-automation guides from the Ferrygate team.',
  layout: 'default',
};

const LATEST = 9;

export default function Blog(ctx: PageContext) {
  const [featured, ...rest] = ctx.posts;
  const counts = new Map<string, number>();
  for (const p of rest) for (const c of p.categories) counts.set(c, (counts.get(c) ?? 0) + 1);
  // Only categories the stylesheet knows how to filter get a chip.
  const labels = ctx.site.theme.categoryLabels;
  const cats = Object.keys(labels).filter((c) => counts.has(c));
  return (
    <>
      <header className="page-header blog-header">
        <div className="container">
          <p className="eyebrow">Blog</p>
          <h1 className="page-title">Notes from the ferry</h1>
          <p className="page-lead">Announcements, tutorials and engineering write-ups about webhooks, tunnels and the networks in between — {ctx.posts.length} posts since 2019.</p>
          <p className="blog-browse">
            <a href="/blog/tags">Browse by tag</a>
            <span aria-hidden="true"> · </span>
            <a href="/blog/authors">Our writers</a>
          </p>
        </div>
      </header>

      <div className="container blog-main">
        {featured && (
          <section aria-labelledby="featured-title" className="blog-featured">
            <h2 id="featured-title" className="sr-only">Featured post</h2>
            <PostCard post={featured} authors={ctx.authors} categoryLabels={labels} featured />
          </section>
        )}

        <section className="blog-filter" aria-labelledby="latest-title">
          <input className="cat-in" type="radio" name="category" id="cat-all" value="all" defaultChecked />
          {cats.map((c) => <input key={c} className="cat-in" type="radio" name="category" id={`cat-${c}`} value={c} />)}
          <div className="blog-toolbar">
            <h2 id="latest-title" className="section-title-sm">
              <span className="cat-heading" data-cat="all">Latest posts</span>
              {cats.map((c) => <span key={c} className="cat-heading" data-cat={c}>{categoryLabel(c, labels)}</span>)}
            </h2>
            <div className="chips" role="group" aria-label="Filter by category">
              <label className="chip" htmlFor="cat-all">All</label>
              {cats.map((c) => (
                <label key={c} className="chip" htmlFor={`cat-${c}`}>
                  {categoryLabel(c, labels)} <span className="chip-count">{counts.get(c)}</span>
                </label>
              ))}
            </div>
          </div>
          <div className="post-grid blog-grid">
            {rest.map((p, i) => (
              <div className="blog-cell" key={p.path} data-cat={p.categories.join(' ')} data-older={i >= LATEST ? '' : undefined}>
                <PostCard post={p} authors={ctx.authors} categoryLabels={labels} />
              </div>
            ))}
          </div>
        </section>

        <div className="blog-more">
          <a className="btn btn-secondary btn-lg" href="/blog-all">Browse all {ctx.posts.length} posts by year</a>
        </div>
      </div>
    </>
  );
}
