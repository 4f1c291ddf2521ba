import type { ReactNode } from 'react';

/** The closing call to action at the bottom of marketing pages (feature pages take theirs from `theme.cta`). */
export function CtaBand({
  title,
  text,
  primary,
  secondary = null,
  children,
}: {
  title: string;
  text: string;
  primary: { text: string; href: string };
  secondary?: { text: string; href: string } | null;
  children?: ReactNode;
}) {
  return (
    <section className="cta-band" aria-labelledby="cta-band-title">
      <div className="container">
        <div className="cta-band-inner">
          <div>
            <h2 id="cta-band-title">{title}</h2>
            <p>{text}</p>
            {children}
          </div>
          <div className="cta-band-actions">
            <a className="btn btn-primary btn-lg" href={primary.href}>
              {primary.text}
            </a>
            {secondary && (
              <a className="btn btn-secondary btn-lg" href={secondary.href}>
                {secondary.text}
              </a>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
