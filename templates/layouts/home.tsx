import type { LayoutProps } from '../types';
import { Shell } from '../components/Shell';
import { leadHeading } from '../components/lead-heading';
import { safeLink } from '../components/util';
import { useStrings } from '../i18n/strings';

/**
 * A home page from front matter, in VitePress's convention:
 *   hero: { name, text, tagline, actions: [{ theme: brand | alt, text, link }] }
 *   features: [{ title, details, icon?, link?, linkText? }]
 * then the body, if any. Every value is shown as text; links are kept only when they are paths or
 * http(s)/mailto URLs.
 */

interface Action {
  theme: string;
  text: string;
  link: string;
}
interface Icon {
  text?: string;
  src?: string;
  alt?: string;
}
interface Feature {
  title: string;
  details: string;
  icon?: Icon;
  link?: string;
  linkText?: string;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : typeof value === 'number' ? String(value) : undefined;
const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

function readActions(value: unknown): Action[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const a = record(item);
    const label = text(a.text);
    const link = safeLink(a.link);
    return label && link ? [{ theme: text(a.theme) === 'alt' ? 'alt' : 'brand', text: label, link }] : [];
  });
}

const graphemes = (value: string): number => [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(value)].length;

/** An icon: an emoji or short text, or an image (`{ src, alt }`, or VitePress's `{ light, dark }`). */
function readIcon(value: unknown): Icon | undefined {
  const plain = text(value);
  // An emoji or a character or two fits the tile; longer text (markup written as an icon) is left out.
  if (plain) return graphemes(plain) <= 2 ? { text: plain } : undefined;
  const icon = record(value);
  const src = safeLink(icon.src ?? icon.light ?? icon.dark);
  return src ? { src, alt: text(icon.alt) ?? '' } : undefined;
}

function readFeatures(value: unknown): Feature[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const f = record(item);
    const title = text(f.title);
    if (!title) return [];
    const icon = readIcon(f.icon);
    const link = safeLink(f.link);
    const linkText = text(f.linkText);
    return [{ title, details: text(f.details) ?? '', ...(icon ? { icon } : {}), ...(link ? { link } : {}), ...(linkText ? { linkText } : {}) }];
  });
}

/** Columns on a wide screen: two cards side by side, four in a row of four, else rows of three. */
const columns = (count: number): number => (count <= 2 ? count : count % 4 === 0 ? 4 : 3);

function FeatureCard({ feature }: { feature: Feature }) {
  const s = useStrings();
  const { icon } = feature;
  const inner = (
    <>
      {icon && (
        <span className="home-feature-icon" aria-hidden={icon.text ? true : undefined}>
          {icon.src ? <img src={icon.src} alt={icon.alt ?? ''} width={28} height={28} /> : icon.text}
        </span>
      )}
      <h2 className="home-feature-title">{feature.title}</h2>
      {feature.details && <p className="home-feature-details">{feature.details}</p>}
      {feature.link && (
        <span className="home-feature-more">
          {feature.linkText ?? s.t('home.learnMore')}{' '}
          <span className="rtl-flip" aria-hidden="true">
            →
          </span>
        </span>
      )}
    </>
  );
  return (
    <li className="home-feature">
      {feature.link ? (
        <a className="card home-feature-card home-feature-link" href={feature.link}>
          {inner}
        </a>
      ) : (
        <div className="card home-feature-card">{inner}</div>
      )}
    </li>
  );
}

/** The landing page of a docs site: hero, feature cards, then the body (if any). */
export default function HomeLayout(props: LayoutProps) {
  const { site, page, children } = props;
  const s = useStrings();
  const hero = record(page.frontmatter.hero);
  const name = text(hero.name);
  const tagline = text(hero.tagline) ?? (page.description || undefined);
  const actions = readActions(hero.actions);
  const features = readFeatures(page.frontmatter.features);
  // The hero's heading: its name and text, else the body's own H1, else the page title.
  const lead = !name && !text(hero.text) && (children === undefined || children === null) ? leadHeading(page.html) : undefined;
  const heading = text(hero.text);
  const body = lead ? lead.rest : page.html;
  return (
    <Shell site={site} path={page.path} page={page} mainClass="main-home">
      <section className="home-hero" aria-labelledby="home-title">
        <div className="container home-hero-inner">
          {lead ? (
            <h1 id="home-title" className="home-title" dangerouslySetInnerHTML={{ __html: lead.html }} />
          ) : (
            <h1 id="home-title" className="home-title">
              {name && <span className="home-name">{name}</span>}
              {name && heading && ' '}
              {heading && <span className="home-text">{heading}</span>}
              {!name && !heading && page.title}
            </h1>
          )}
          {tagline && <p className="home-tagline">{tagline}</p>}
          {actions.length > 0 && (
            <div className="home-actions">
              {actions.map((a) => (
                <a key={`${a.text}\u0000${a.link}`} className={`btn btn-lg ${a.theme === 'alt' ? 'btn-secondary' : 'btn-primary'}`} href={a.link}>
                  {a.text}
                </a>
              ))}
            </div>
          )}
        </div>
      </section>
      {features.length > 0 && (
        <section className="home-features" aria-label={s.t('home.features')}>
          <div className="container">
            <ul className={`home-feature-list home-feature-list-${columns(features.length)}`}>
              {features.map((f, i) => (
                <FeatureCard key={i} feature={f} />
              ))}
            </ul>
          </div>
        </section>
      )}
      {children ??
        (body.trim() && (
          <div className="container container-narrow home-body">
            <div className="prose" dangerouslySetInnerHTML={{ __html: body }} />
          </div>
        ))}
    </Shell>
  );
}
