import type { ReactNode } from 'react';
import { propText } from './prop-text';
import { safeLink } from './util';

/**
 * A box with a title and markdown: `<Card title="Tunnels" href="/v1/guide/tunnels">Expose a local port.</Card>`.
 * With `href`, the title is a link whose area covers the card.
 */
export function Card({ title, href, children }: { title?: string; href?: string; children?: ReactNode }) {
  const link = safeLink(href);
  const heading = propText(title);
  return (
    <div className={`card md-card${link ? ' md-card-link' : ''}`}>
      {heading ? <p className="md-card-title">{link ? <a href={link}>{heading}</a> : heading}</p> : null}
      {children ? <div className="md-card-body">{children}</div> : null}
    </div>
  );
}

/** Cards side by side, as many per row as fit: `<Cards>` around `<Card>`s. */
export function Cards({ children }: { children?: ReactNode }) {
  return <div className="md-cards">{children}</div>;
}
