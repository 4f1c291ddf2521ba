import { describe, expect, it } from 'vitest';
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { Shell } from '../../../templates/components/Shell.tsx';
import { Once } from '../../../templates/components/Once.tsx';
import { MAX_FOLDER_SIDEBAR, SIDEBAR_WINDOW, Sidebar } from '../../../templates/components/Sidebar.tsx';
import { Island } from '../../../templates/components/Island.tsx';
import { IslandsContext, type IslandInstance } from '../../../templates/components/islands-context.ts';
import type { NavItem, SiteInfo } from '../../../templates/types.ts';
import { parse } from 'node-html-parser';

const site: SiteInfo = {
  name: 'Harbor',
  url: 'https://harbor.example',
  description: 'Ships & things',
  lang: 'en',
  locales: [],
  defaultLocale: 'en',
  separator: ' | ',
  base: '/',
  blogDir: 'blog',
  theme: {
    nav: [
      {
        text: 'Product',
        href: '/features',
        items: [
          { text: 'Tunnels', href: '/tunnels', description: 'Local ports, public URLs' },
          { text: 'Cron', href: '/cron' },
        ],
      },
      { text: 'Docs', href: '/docs', activeMatch: '^/(docs|guides)/' },
      { text: 'Blog', href: '/blog' },
    ],
    actions: [
      { text: 'Sign in', href: '/login' },
      { text: 'Start free', href: '/signup' },
    ],
    footer: [{ title: 'Company', links: [{ text: 'About', href: '/about' }] }],
    social: [
      { text: 'GitHub', href: 'https://github.com/harbor' },
      { text: 'Mastodon', href: 'https://example.social/@harbor' },
    ],
    docsSections: [],
    docsRoot: '',
    docsExtraLinks: [],
    categoryLabels: {},
    search: true,
  },
};

const render = (s: SiteInfo, path: string) => renderToString(createElement(Shell, { site: s, path, children: createElement('p', null, path) }));
const PATHS = ['/', '/features', '/tunnels', '/cron', '/docs', '/docs/a/b', '/guides/x', '/blog', '/blog/post', '/about', '/tunnels/deep'];

describe('the header and footer, rendered once per state', () => {
  it('give every page what a render of its own would give', () => {
    for (const path of PATHS) render(site, path); // every state now kept
    for (const path of [...PATHS].reverse()) {
      // A copy of the site is a site never rendered before: nothing kept for it.
      expect(render(site, path)).toBe(render(structuredClone(site), path));
    }
  });

  it('mark the page and its section in the menu', () => {
    const header = (path: string) => render(site, path).match(/<header class="site-header">[\s\S]*?<\/header>/)![0];
    expect(header('/tunnels')).toContain('<a href="/tunnels" aria-current="page">');
    expect(header('/tunnels')).toContain('<a class="nav-link is-active" href="/features">');
    expect(header('/cron')).not.toContain('<a href="/tunnels" aria-current="page">');
    expect(header('/features')).toContain('<a class="nav-link is-active" href="/features" aria-current="page">');
    expect(header('/guides/x')).toContain('<a class="nav-link is-active" href="/docs">');
    expect(header('/blog/post')).toContain('<a class="nav-link is-active" href="/blog">');
    expect(header('/about')).not.toContain('is-active');
    expect(header('/about')).not.toContain('aria-current');
  });

  it('start afresh for a new site object (a config reloaded by the dev server)', () => {
    const renamed: SiteInfo = { ...site, name: 'Quay', theme: { ...site.theme, footer: [{ title: 'Help', links: [{ text: 'Status', href: '/status' }] }] } };
    render(site, '/about');
    const html = render(renamed, '/about');
    expect(html).toContain('aria-label="Quay home"');
    expect(html).toContain('<a href="/status">Status</a>');
    expect(html).not.toContain('Harbor');
  });

  it('escape what comes from the config', () => {
    const html = render({ ...site, description: '<script>alert(1)</script>' }, '/');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
  });
});

describe('the docs sidebar of a tree too large to list whole', () => {
  const big: NavItem[] = [
    { title: 'Docs', path: '/docs', children: Array.from({ length: MAX_FOLDER_SIDEBAR + 1 }, (_, i) => ({ title: `Page ${i}`, path: `/docs/p${i}` })) },
  ];
  const small: NavItem[] = [
    {
      title: 'Docs',
      path: '/docs',
      children: [
        { title: 'Page 0', path: '/docs/p0' },
        { title: 'Page 1', path: '/docs/p1' },
      ],
    },
  ];
  const withLinks: SiteInfo = {
    ...site,
    theme: {
      ...site.theme,
      docsExtraLinks: [
        { text: 'API', href: '/api' },
        { text: 'CLI', href: '/cli' },
      ],
    },
  };
  const sidebar = (s: SiteInfo, nav: NavItem[], current: string) => renderToString(createElement(Sidebar, { site: s, nav, current }));

  it("is compact: a window of the page's level around it, the rest counted", () => {
    const mid = Math.floor(MAX_FOLDER_SIDEBAR / 2);
    const html = sidebar(withLinks, big, `/docs/p${mid}`);
    expect(html).toContain(`<a href="/docs/p${mid}" aria-current="page" class="sb-link">Page ${mid}</a>`);
    expect(html).not.toContain('"/docs/p0"');
    expect((html.match(/class="sb-link/g) ?? []).length).toBeLessThanOrEqual(SIDEBAR_WINDOW + 2);
    expect(html).toMatch(/… \d+ more pages/);
    expect(sidebar(withLinks, big, '/api')).toContain('<a class="sb-link" href="/api" aria-current="page">API</a>');
  });

  it('lists a small tree and marks the page, whatever was rendered before', () => {
    sidebar(withLinks, big, '/docs/p1');
    const html = sidebar(withLinks, small, '/docs/p1');
    expect(html).toContain('<a href="/docs/p1" aria-current="page" class="sb-link">Page 1</a>');
    expect(sidebar(withLinks, small, '/docs/p0')).toContain('<a href="/docs/p0" aria-current="page" class="sb-link">Page 0</a>');
  });
});

describe('the docs sidebar of a tree listed whole, rendered once per tree and filled in per page', () => {
  const tree: NavItem[] = [
    {
      title: 'Docs',
      path: '/docs',
      children: [
        { title: 'Intro', path: '/docs' },
        {
          title: 'Guide',
          path: '/docs/guide',
          children: [
            { title: 'Guide', path: '/docs/guide' },
            { title: 'Setup', path: '/docs/guide/setup' },
            {
              title: 'Deep',
              path: '/docs/guide/deep',
              children: [
                { title: 'Inner', path: '/docs/guide/deep/inner' },
                { title: 'Deeper', path: '/docs/guide/deep/deeper', children: [{ title: 'Bottom', path: '/docs/guide/deep/deeper/bottom' }] },
              ],
            },
          ],
        },
        {
          title: 'Reference',
          path: '/docs/ref/a',
          children: [
            { title: 'A & <b>', path: '/docs/ref/a' },
            { title: 'B', path: '/docs/ref/b' },
          ],
        },
      ],
    },
  ];
  const withLinks: SiteInfo = { ...site, theme: { ...site.theme, docsRoot: 'docs', docsExtraLinks: [{ text: 'API', href: '/api' }] } };
  const sidebar = (s: SiteInfo, current: string) => renderToString(createElement(Sidebar, { site: s, nav: tree, current }));
  const paths = [
    '/docs',
    '/docs/guide',
    '/docs/guide/setup',
    '/docs/guide/deep',
    '/docs/guide/deep/inner',
    '/docs/guide/deep/deeper',
    '/docs/guide/deep/deeper/bottom',
    '/docs/ref/a',
    '/docs/ref/b',
    '/api',
    '/elsewhere',
  ];

  it('marks the page, opens the groups that hold it, and is otherwise the same on every page', () => {
    const unmarked = new Set<string>();
    for (const path of paths) {
      const html = sidebar(withLinks, path);
      const dom = parse(html);
      const links = dom.querySelectorAll('a').filter((a) => a.getAttribute('href') === path);
      expect(
        dom.querySelectorAll('a[aria-current="page"]').map((a) => a.getAttribute('href')),
        path,
      ).toEqual(links.map(() => path));
      for (const details of dom.querySelectorAll('details')) {
        const holds = details.querySelectorAll('a').some((a) => a.getAttribute('href') === path);
        expect(details.hasAttribute('open'), `${path} in ${details.querySelector('summary')!.text}`).toBe(holds);
      }
      expect(html).toContain('A &amp; &lt;b&gt;');
      unmarked.add(html.replaceAll(' aria-current="page"', '').replaceAll(' open=""', ''));
    }
    expect(unmarked.size).toBe(1);
    expect(sidebar(withLinks, '/docs/guide/deep/deeper/bottom').match(/<details class="sb-group" open="">/g)).toHaveLength(2);
    expect(sidebar(withLinks, '/docs/guide/setup')).not.toContain('open=""');
  });

  it('gives what a first render gives, whatever was rendered before', () => {
    for (const path of [...paths].reverse()) expect(sidebar(withLinks, path)).toBe(sidebar(structuredClone(withLinks), path));
    const renamed = structuredClone(tree);
    renamed[0].children![1].children![1].title = 'Install';
    const html = renderToString(createElement(Sidebar, { site: withLinks, nav: renamed, current: '/docs' }));
    expect(html).toContain('>Install</a>');
    expect(html).not.toContain('>Setup</a>');
  });
});

describe('<Once>', () => {
  const Clock = (({ zone }: { zone: string }) => createElement('time', null, zone)) as ComponentType<object>;
  const page = (scope: object, collected: IslandInstance[]) =>
    renderToString(
      createElement(
        IslandsContext.Provider,
        { value: collected },
        createElement(Once, {
          scope,
          id: 'bar',
          as: 'nav',
          className: 'bar',
          'aria-label': 'Bar',
          children: createElement('p', null, 'Hi ', createElement(Island, { name: 'Clock', component: Clock, props: { zone: 'UTC' } })),
        }),
      ),
    );

  it('renders its element with the attributes given, and the child inside as React would', () => {
    const scope = {};
    const plain = renderToString(
      createElement('nav', { className: 'bar', 'aria-label': 'Bar' }, createElement('p', null, 'Hi ', createElement('b', null, 'there'))),
    );
    const once = () =>
      renderToString(
        createElement(Once, {
          scope,
          id: 'plain',
          as: 'nav',
          className: 'bar',
          'aria-label': 'Bar',
          children: createElement('p', null, 'Hi ', createElement('b', null, 'there')),
        }),
      );
    expect(once()).toBe(plain);
    expect(once()).toBe(plain);
  });

  it('renders a child holding an island on every page, and registers the island with each', () => {
    const scope = {};
    const first: IslandInstance[] = [];
    const second: IslandInstance[] = [];
    const a = page(scope, first);
    const b = page(scope, second);
    expect(a).toBe(b);
    expect(a).toContain('data-island="Clock"');
    expect(first.map((i) => i.name)).toEqual(['Clock']);
    expect(second.map((i) => i.name)).toEqual(['Clock']);
  });
});
