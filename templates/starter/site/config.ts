import { defineConfig } from 'react-sitegen';

export default defineConfig({
  // Where the site will live: canonical links, the sitemap and the feed use it.
  url: 'https://example.com',
  name: 'My site',
  description: 'A site built with sitegen.',
  plugins: [
    'react-sitegen/plugins/seo',
    'react-sitegen/plugins/markdown',
    'react-sitegen/plugins/sitemap',
    'react-sitegen/plugins/feed',
    // The index behind the header's search box (theme.search below).
    'react-sitegen/plugins/search',
  ],
  theme: {
    nav: [{ text: 'Docs', href: '/docs/guide' }],
    search: true,
    footer: [
      {
        title: 'Site',
        links: [
          { text: 'Home', href: '/' },
          { text: 'Docs', href: '/docs/guide' },
        ],
      },
    ],
    // The docs sidebar: content/docs/guide/ becomes the "Guide" section.
    docsRoot: 'docs',
    docsSections: [{ dir: 'guide', title: 'Guide' }],
  },
});
