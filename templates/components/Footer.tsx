import type { SiteInfo } from '../types';
import { Brand } from './Logo';

/** Site footer: brand blurb, link columns from site.theme.footer, copyright. */
export function Footer({ site }: { site: SiteInfo }) {
  const cols = site.theme.footer;
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="footer-grid" data-cols={cols.length}>
          <div className="footer-brand">
            <Brand name={site.name} />
            <p>{site.description}</p>
            <p><a className="status-dot" href="https://status.ferrygate.dev">All systems operational</a></p>
          </div>
          {cols.map((col) => (
            <nav className="footer-col" key={col.title} aria-label={col.title}>
              <h2>{col.title}</h2>
              <ul>
                {col.links.map((l) => (
                  <li key={l.href + l.text}><a href={l.href}>{l.text}</a></li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div className="footer-bottom">
          <span>{site.theme.copyright ?? `© ${site.name}`}</span>
          <span>Made for webhooks that need to get through.</span>
        </div>
      </div>
    </footer>
  );
}
