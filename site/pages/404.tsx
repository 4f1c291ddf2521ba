import type { PageContext, PageMeta } from 'react-sitegen/templates/types';
import { Icon } from 'react-sitegen/templates/components/Icon';

export const meta: PageMeta = {
  title: 'Page not found',
  description: 'This page does not exist. Search the docs or start from one of the popular pages.',
  layout: 'default',
};

const POPULAR = [
  { icon: 'book', text: 'Documentation', sub: 'Concepts and guides', href: '/v1/guide' },
  { icon: 'terminal', text: 'Installation', sub: 'Linux, macOS, Windows, Docker, Kubernetes', href: '/v1/installation' },
  { icon: 'grid', text: 'Pricing', sub: 'Plans and limits', href: '/pricing' },
  { icon: 'chat', text: 'Blog', sub: 'Announcements and tutorials', href: '/blog' },
  { icon: 'inbox', text: 'Webhook bin', sub: 'Inspect a request, no signup', href: '/webhook-bin' },
];

function errorMessage(ctx: PageContext): string | undefined {
  const error = ctx.page.frontmatter.error as { message?: unknown } | undefined;
  return typeof error?.message === 'string' ? error.message : undefined;
}

export default function NotFound(ctx: PageContext) {
  return (
    <section className="notice-page">
      <div className="container container-narrow">
        <p className="notice-code" aria-hidden="true">404</p>
        <h1 className="page-title">This URL took a wrong turn</h1>
        {/* A route its middleware rejected carries its own message (`Page Not Found: /path`). */}
        {errorMessage(ctx) ? (
          <p className="notice-path">{errorMessage(ctx)}</p>
        ) : (
          // The requested path is only known in the browser: without JavaScript, nothing false is printed.
          <p className="notice-path">Page not found<span data-missing-path="" hidden>: <code /></span></p>
        )}
        <p className="page-lead">The page may have moved, or the link may have a typo. Old documentation links ending in <code>.html</code> redirect to their new addresses automatically, so if you followed one of those, the page itself is probably gone.</p>
        <form className="search-form" role="search" aria-label="Search the documentation" action="/v1/guide" method="get">
          <label htmlFor="nf-q" className="sr-only">Search the documentation</label>
          <Icon name="search" size={18} />
          <input id="nf-q" name="q" type="search" placeholder="Search the docs, e.g. “retries” or “TCP tunnel”" autoComplete="off" />
          <button className="btn btn-primary" type="submit">Search</button>
        </form>
        {/* Filled by the runtime from the content API with the pages closest to the missing path. */}
        <div data-sitegen-suggest="" hidden>
          <h2 className="notice-sub">Were you looking for one of these?</h2>
          <ul className="link-cards">
            <template>
              <li>
                <a className="link-card">
                  <span className="icon-tile"><Icon name="arrowRight" /></span>
                  <span><strong data-title="" /><span data-path="" className="link-card-path" /></span>
                  <Icon name="chevronRight" size={16} className="link-card-chev" />
                </a>
              </li>
            </template>
          </ul>
        </div>
        <h2 className="notice-sub">Popular pages</h2>
        <ul className="link-cards">
          {POPULAR.map((l) => (
            <li key={l.href}>
              <a className="link-card" href={l.href}>
                <span className="icon-tile"><Icon name={l.icon} /></span>
                <span><strong>{l.text}</strong><span>{l.sub}</span></span>
                <Icon name="chevronRight" size={16} className="link-card-chev" />
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
