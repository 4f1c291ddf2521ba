import type { PageContext, PageMeta } from 'react-sitegen';
import { PostCard } from 'react-sitegen/templates';

export const meta: PageMeta = { title: 'Home', description: 'Welcome to my site.', layout: 'default' };

/** The home page: a React component, prerendered to HTML. Every file in site/pages is a route. */
export default function Home({ site, posts, authors }: PageContext) {
  return (
    <div className="container page-pad">
      <h1>{site.name}</h1>
      <p>{site.description} Start with <a href="/docs/guide">the guide</a>.</p>
      <h2>Latest posts</h2>
      <div className="starter-posts">
        {posts.map((post) => <PostCard key={post.path} post={post} authors={authors} />)}
      </div>
    </div>
  );
}
