import { Fragment } from 'react';
import type { SiteInfo } from '../types';
import { Brand } from './Logo';
import { homeIn } from './util';
import { Once } from './Once';
import { useStrings } from '../i18n/strings';

/** Site footer: brand blurb, status link and social links, link columns from site.theme.footer, copyright and tagline. */
export function Footer({ site }: { site: SiteInfo }) {
  const s = useStrings();
  return (
    <Once scope={site} id={`footer:${s.locale}`} as="footer" className="site-footer">
      <FooterInside site={site} home={s.t('header.home', { name: site.name })} href={homeIn(site, s.locale)} />
    </Once>
  );
}

/** The inside of the footer: the same on every page of a site in one language (rendered once per language). */
function FooterInside({ site, home, href }: { site: SiteInfo; home: string; href: string }) {
  const cols = site.theme.footer;
  return (
    <div className="container">
      <div className="footer-grid" data-cols={cols.length}>
        <div className="footer-brand">
          <Brand name={site.name} logo={site.theme.logo} label={home} href={href} />
          <p>{site.description}</p>
          {site.theme.status && (
            <p>
              <a className="status-dot" href={site.theme.status.href}>
                {site.theme.status.text}
              </a>
            </p>
          )}
          {site.theme.social.length > 0 && (
            <p className="footer-social">
              {site.theme.social.map((l, i) => (
                <Fragment key={l.href}>
                  {i > 0 && ' · '}
                  <a href={l.href} rel="me">
                    {l.text}
                  </a>
                </Fragment>
              ))}
            </p>
          )}
        </div>
        {cols.map((col) => (
          <nav className="footer-col" key={col.title} aria-label={col.title}>
            <h2>{col.title}</h2>
            <ul>
              {col.links.map((l) => (
                <li key={l.href + l.text}>
                  <a href={l.href}>{l.text}</a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="footer-bottom">
        <span>{site.theme.copyright ?? `© ${site.name}`}</span>
        {site.theme.tagline && <span>{site.theme.tagline}</span>}
      </div>
    </div>
  );
}
