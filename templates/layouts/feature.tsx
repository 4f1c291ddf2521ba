import type { LayoutProps } from '../types';
import { Shell } from '../components/Shell';
import { Faq } from '../components/Faq';
import { CtaBand } from '../components/CtaBand';
import { fmFaq, fmString, safeLink } from '../components/util';
import { useStrings } from '../i18n/strings';

interface Hero {
  title?: string;
  subtitle?: string;
  cta?: { text?: string; href?: string };
}

function readHero(fm: Record<string, unknown>): Hero {
  const h = fm.hero;
  return h && typeof h === 'object' ? (h as Hero) : {};
}

/** Product feature page: hero, sections (the body), FAQ, closing call to action. */
export default function FeatureLayout(props: LayoutProps) {
  const { site, page, children } = props;
  const s = useStrings();
  const hero = readHero(page.frontmatter);
  const faq = fmFaq(page.frontmatter);
  const eyebrow = fmString(page.frontmatter, 'eyebrow') ?? page.title;
  // The hero's button: the page's own, else the site's call to action, else its first header action.
  const fallback = site.theme.cta?.primary ?? site.theme.actions[0];
  const ctaText = hero.cta?.text ?? fallback?.text;
  // Front matter links are written as is only when they are paths or http(s)/mailto URLs.
  const ctaHref = hero.cta?.href !== undefined ? safeLink(hero.cta.href) : fallback?.href;
  const docsHref = safeLink(page.frontmatter.docs);
  const isPage = children !== undefined && children !== null;
  return (
    <Shell site={site} path={page.path} page={page} mainClass="main-feature">
      <section className="feature-hero">
        <div className="container">
          <p className="eyebrow">{eyebrow}</p>
          <h1 className="feature-title">{hero.title ?? page.title}</h1>
          <p className="feature-subtitle">{hero.subtitle ?? page.description}</p>
          <div className="hero-actions">
            {ctaHref && (
              <a className="btn btn-primary btn-lg" href={ctaHref}>
                {ctaText}{' '}
                <span className="arrow" aria-hidden="true">
                  →
                </span>
              </a>
            )}
            {docsHref && (
              <a className="btn btn-secondary btn-lg" href={docsHref}>
                {s.t('feature.docs')}
              </a>
            )}
          </div>
        </div>
      </section>
      {isPage ? (
        <div className="feature-body">{children}</div>
      ) : (
        <div className="container feature-prose-wrap">
          <div className="prose prose-feature" dangerouslySetInnerHTML={{ __html: page.html }} />
        </div>
      )}
      {faq.length > 0 && (
        <div className="section section-faq">
          <div className="container container-narrow">
            <Faq items={faq} />
          </div>
        </div>
      )}
      {site.theme.cta && <CtaBand {...site.theme.cta} />}
    </Shell>
  );
}
