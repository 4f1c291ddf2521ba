import type { ReactNode } from 'react';
import { Icon } from './Icon';
import { useStrings } from '../i18n/strings';

/** Building blocks for marketing and feature pages. */

export function Section({
  id,
  eyebrow,
  title,
  lead,
  soft,
  children,
  narrow,
  center,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  soft?: boolean;
  children?: ReactNode;
  narrow?: boolean;
  center?: boolean;
}) {
  return (
    <section className={`section${soft ? ' section-soft' : ''}`} aria-labelledby={id}>
      <div className={`container${narrow ? ' container-narrow' : ''}`}>
        <div className={`section-head${center ? ' section-head-center' : ''}`}>
          {eyebrow && <p className="eyebrow">{eyebrow}</p>}
          <h2 id={id} className="section-title">
            {title}
          </h2>
          {lead && <p className="section-lead">{lead}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}

export interface CardItem {
  icon?: string;
  title: string;
  text: ReactNode;
  href?: string;
  link?: string;
  badge?: string;
}

export function Cards({ items, cols = 3, headingLevel = 3 }: { items: CardItem[]; cols?: 2 | 3 | 4; headingLevel?: 3 | 4 }) {
  const s = useStrings();
  const H = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <ul className={`cards cards-${cols}`}>
      {items.map((c) => (
        <li className="card info-card" key={c.title}>
          {c.icon && (
            <span className="icon-tile">
              <Icon name={c.icon} />
            </span>
          )}
          <H>
            {c.title}
            {c.badge && <span className="badge badge-accent">{c.badge}</span>}
          </H>
          <p>{c.text}</p>
          {c.href && (
            <a className="link-arrow" href={c.href}>
              {c.link ?? s.t('home.learnMore')}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

export function Split({ children, aside, reverse }: { children: ReactNode; aside: ReactNode; reverse?: boolean }) {
  return (
    <div className={`split${reverse ? ' split-reverse' : ''}`}>
      <div className="split-copy">{children}</div>
      <div className="split-aside">{aside}</div>
    </div>
  );
}

export function Chips({ items, label }: { items: string[]; label: string }) {
  return (
    <ul className="chip-list" aria-label={label}>
      {items.map((i) => (
        <li key={i}>{i}</li>
      ))}
    </ul>
  );
}

export interface Row {
  cells: ReactNode[];
}

/** A table that scrolls sideways on small screens: a named, focusable region, so keyboards can scroll it too. */
export function DataTable({ head, rows, caption, firstIsHeader = true }: { head: string[]; rows: ReactNode[][]; caption?: string; firstIsHeader?: boolean }) {
  const s = useStrings();
  return (
    <div className="table-wrap" role="region" aria-label={caption ?? s.t('markdown.tableOf', { heading: head.join(', ') })} tabIndex={0}>
      <table className="data-table">
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead>
          <tr>
            {head.map((h) => (
              <th scope="col" key={h}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              {r.map((c, j) =>
                firstIsHeader && j === 0 ? (
                  <th scope="row" key={j}>
                    {c}
                  </th>
                ) : (
                  <td key={j}>{c}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
