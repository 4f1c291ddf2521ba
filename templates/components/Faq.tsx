import type { FaqItem } from './util';
import { useStrings } from '../i18n/strings';

/** Questions as native disclosure widgets: keyboard accessible, no JavaScript. `title`: the theme's "Frequently asked questions" by default. */
export function Faq({ items, title, id = 'faq', headingLevel = 2 }: { items: FaqItem[]; title?: string; id?: string; headingLevel?: 2 | 3 }) {
  const s = useStrings();
  if (!items.length) return null;
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="faq" aria-labelledby={id}>
      <H id={id} className="faq-title">
        {title ?? s.t('faq.title')}
      </H>
      <div className="faq-list">
        {items.map((item) => (
          <details className="faq-item" key={item.q}>
            <summary>{item.q}</summary>
            <div className="faq-answer">
              <p>{item.a}</p>
            </div>
          </details>
        ))}
      </div>
    </section>
  );
}
