import type { PageContext, PageMeta } from 'react-sitegen';
import { PostCard } from 'react-sitegen/templates';

export const meta: PageMeta = { title: 'Home', description: 'Welcome to my site.', layout: 'default' };

/** The home page: a React component, prerendered to HTML. Every file in site/pages is a route. */
export default function Home({ site, posts, authors }: PageContext) {
  // The theme's classes (templates/styles/): a header band, then the posts in a grid of cards.
  return (
    <>
      <header className="page-header">
        <div className="container">
          <h1 className="page-title">{site.name}</h1>
          <p className="page-lead">
            {site.description} Start with <a href="/docs/guide">the guide</a>.
          </p>
        </div>
      </header>
      <section className="container page-pad" aria-labelledby="latest-posts">
        <h2 id="latest-posts" className="section-title-sm">
          Latest posts
        </h2>
        <div className="post-grid starter-posts">
          {posts.map((post) => (
            <PostCard key={post.path} post={post} authors={authors} />
          ))}
        </div>
      </section>
    </>
  );
}
