import { defineConfig } from 'sitegen';

export default defineConfig({
  // Where the site will live: canonical links, the sitemap and the feed use it.
  url: 'https://example.com',
  name: 'My site',
  description: 'A site built with sitegen.',
  plugins: ['sitegen/plugins/seo', 'sitegen/plugins/markdown', 'sitegen/plugins/sitemap', 'sitegen/plugins/feed'],
  theme: {
    nav: [{ text: 'Docs', href: '/docs/guide' }],
    footer: [{ title: 'Site', links: [{ text: 'Home', href: '/' }, { text: 'Docs', href: '/docs/guide' }] }],
    // The docs sidebar: content/docs/guide/ becomes the "Guide" section.
    docsRoot: 'docs',
    docsSections: [{ dir: 'guide', title: 'Guide' }],
  },
});
