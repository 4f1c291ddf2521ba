import { defineConfig } from 'react-sitegen';

export default defineConfig({
  url: 'https://ferrygate.dev',
  name: 'Ferrygate',
  description:
    'Webhook forwarding, tunnels, cron webhooks and webhook bins: give every service a stable public address without opening a port.',
  twitter: '@ferrygate',
  indexable: true,
  trailingSlash: false,
  separator: '·',
  checkInterval: 3_600_000,
  plugins: ['react-sitegen/plugins/seo', 'react-sitegen/plugins/markdown', 'react-sitegen/plugins/sitemap', ['react-sitegen/plugins/feed', { limit: 20 }], 'react-sitegen/plugins/search'],
  routeRules: {
    // Old link shapes people still use: /v1/<section>/<slug>.html → /v1/<section>/<slug>
    '/v1/**.html': { redirect: '/v1/**' },
    '/docs/**': { redirect: '/v1/guide' },
    '/changelog': { redirect: '/blog' },
    // The blog's first page is /blog itself; /blog/page/1 is what people type after seeing /blog/page/2.
    '/blog/page/1': { redirect: '/blog' },
    '/signup': { redirect: { to: '/pricing', statusCode: 302 } },
  },
  analytics: { provider: 'plausible', domain: 'ferrygate.dev', host: 'https://plausible.io' },
  theme: {
    nav: [
      {
        text: 'Product',
        href: '/features',
        items: [
          { text: 'Webhook forwarding', href: '/webhooks', description: 'One public URL, every destination' },
          { text: 'Tunnels', href: '/tunnels', description: 'HTTPS, TLS and TCP addresses for localhost' },
          { text: 'Cron webhooks', href: '/cron', description: 'Scheduled HTTP requests, with retries' },
          { text: 'Webhook bin', href: '/webhook-bin', description: 'Inspect any request, no signup' },
          { text: 'Home Assistant', href: '/home-assistant', description: 'Remote access without port forwarding' },
          { text: 'All features', href: '/features', description: 'Everything, grouped by product' },
        ],
      },
      { text: 'Docs', href: '/v1/guide', activeMatch: '^/(v1/|api-reference$)' },
      { text: 'Pricing', href: '/pricing' },
      { text: 'Blog', href: '/blog' },
    ],
    actions: [
      { text: 'Log in', href: 'https://app.ferrygate.dev/login' },
      { text: 'Start free', href: 'https://app.ferrygate.dev/signup' },
    ],
    footer: [
      {
        title: 'Product',
        links: [
          { text: 'Features', href: '/features' },
          { text: 'Pricing', href: '/pricing' },
          { text: 'Download', href: '/download/index.html' },
          { text: 'Status', href: 'https://status.ferrygate.dev' },
        ],
      },
      {
        title: 'Developers',
        links: [
          { text: 'Documentation', href: '/v1/guide' },
          { text: 'API reference', href: '/api-reference' },
          { text: 'HMAC verification', href: '/hmac-verification' },
          { text: 'Webhook bin', href: '/webhook-bin' },
          { text: 'Changelog & blog', href: '/blog' },
        ],
      },
      {
        title: 'Resources',
        links: [
          { text: 'Installation', href: '/v1/installation' },
          { text: 'Tutorials', href: '/v1/tutorials' },
          { text: 'Examples', href: '/v1/examples' },
          { text: 'Platform & security', href: '/v1/platform' },
          { text: 'Home Assistant', href: '/home-assistant' },
        ],
      },
      {
        title: 'Company',
        links: [
          { text: 'About', href: '/about' },
          { text: 'Careers', href: '/careers' },
          { text: 'Contact', href: '/contact' },
          { text: 'Talk to sales', href: '/contact-sales' },
        ],
      },
    ],
    copyright: '© 2019–2026 Ferrygate Labs. Ferrygate is a fictional product; this site is sitegen’s demo.',
    status: { text: 'All systems operational', href: 'https://status.ferrygate.dev' },
    tagline: 'Made for webhooks that need to get through.',
    formEndpoint: 'https://api.ferrygate.dev/v1/forms',
    // The docs in versions, the latest first: v1 is the only one so far (its folder is content/v1, its routes /v1/…).
    versions: [{ dir: 'v1', label: 'v1' }],
    docsSections: [
      { dir: 'guide', title: 'Guide' },
      { dir: 'installation', title: 'Installation' },
      { dir: 'tutorials', title: 'Tutorials' },
      { dir: 'examples', title: 'Examples' },
      { dir: 'platform', title: 'Platform' },
    ],
    docsExtraLinks: [{ text: 'API reference', href: '/api-reference' }],
    postCta: {
      title: 'Try it on your own webhooks',
      text: 'The Free plan includes three channels, a tunnel and unlimited bins. No credit card.',
      href: 'https://app.ferrygate.dev/signup',
      label: 'Start free',
    },
    // Feature pages (webhooks, tunnels, cron, bins …) end with this, and their hero button goes to its primary link.
    cta: {
      title: 'Give your webhooks a way in',
      text: 'Start on the Free plan in two minutes: one command, an outbound connection, and your first endpoint is live.',
      primary: { text: 'Start free', href: 'https://app.ferrygate.dev/signup' },
      secondary: { text: 'Talk to sales', href: '/contact-sales' },
    },
    editLink: 'https://github.com/ferrygate/site/edit/main/{path}',
    // In this order on /blog: only these get a filter chip (the stylesheet has a rule set per category).
    categoryLabels: {
      announcements: 'Announcements',
      tutorials: 'Tutorials',
      guides: 'Guides',
      engineering: 'Engineering',
      'home-automation': 'Home automation',
      company: 'Company',
    },
    search: true,
    searchAction: '/v1/guide',
  },
});
