import type { PageContext, PageMeta } from 'react-sitegen/templates/types';
import { Icon } from 'react-sitegen/templates/components/Icon';
import { Faq } from 'react-sitegen/templates/components/Faq';
import { CtaBand } from 'react-sitegen/templates/components/CtaBand';
import { PricingToggle, type Plan } from '../islands/PricingToggle';
import { Island } from 'react-sitegen/templates/components/Island';
import pricing from '../data/pricing.json';

export const meta: PageMeta = {
  title: 'Pricing',
  description: 'Free, Starter, Team, Business and Enterprise plans for webhook forwarding, tunnels, cron webhooks and bins, with a full comparison and FAQ.',
  layout: 'default',
};

function Cell({ value, popular }: { value: string; popular: boolean }) {
  const cls = popular ? 'col-popular' : undefined;
  if (value === '✓') return <td className={cls}><span className="yes" aria-hidden="true">✓</span><span className="sr-only">Included</span></td>;
  if (value === '—') return <td className={cls}><span className="no" aria-hidden="true">—</span><span className="sr-only">Not included</span></td>;
  return <td className={cls}>{value}</td>;
}

export default function Pricing(_ctx: PageContext) {
  const plans = pricing.plans as Plan[];
  const popular = plans.findIndex((p) => p.popular);
  return (
    <>
      <section className="section pricing-hero">
        <div className="container">
          <div className="section-head section-head-center">
            <p className="eyebrow">Pricing</p>
            <h1 className="page-title">Simple plans that grow with your traffic</h1>
            <p className="section-lead">Start free, upgrade when your webhooks matter. Every plan has soft limits: we email you before anything changes, and we never drop a webhook because of a quota.</p>
          </div>
          <h2 className="sr-only">Plans</h2>
          <Island name="PricingToggle" component={PricingToggle} props={{ plans, id: 'billing' }} />
          <ul className="included" aria-label="Included in every plan">
            {pricing.included.map((i) => <li key={i}><Icon name="check" size={16} />{i}</li>)}
          </ul>
        </div>
      </section>

      <section className="section section-soft" aria-labelledby="compare-title">
        <div className="container">
          <div className="section-head">
            <h2 id="compare-title" className="section-title">Compare plans</h2>
            <p className="section-lead">Yearly prices are ten times the monthly price: two months free.</p>
          </div>
          <p className="compare-hint">Scroll sideways to see every plan.</p>
          <div className="compare-wrap" tabIndex={0} role="region" aria-labelledby="compare-caption">
            <table className="compare">
              <caption id="compare-caption" className="sr-only">Plan comparison: limits and features of every plan</caption>
              <thead>
                <tr>
                  <th scope="col"><span className="sr-only">Feature</span></th>
                  {plans.map((p, i) => (
                    <th scope="col" key={p.id} className={i === popular ? 'col-popular' : undefined}>
                      {p.name}
                      <small>
                        {p.monthly === null ? 'Contact sales' : p.monthly === 0 ? '$0' : `$${p.monthly}/mo · $${p.yearly!.toLocaleString('en-US')}/yr`}
                      </small>
                    </th>
                  ))}
                </tr>
              </thead>
              {pricing.groups.map((g) => (
                <tbody key={g.title}>
                  <tr className="compare-group"><th scope="colgroup" colSpan={plans.length + 1}>{g.title}</th></tr>
                  {g.rows.map((r) => (
                    <tr key={r.label}>
                      <th scope="row">{r.label}</th>
                      {r.values.map((v, i) => <Cell key={i} value={v} popular={i === popular} />)}
                    </tr>
                  ))}
                </tbody>
              ))}
            </table>
          </div>
        </div>
      </section>

      <section className="section">
        <div className="container container-narrow">
          <Faq items={pricing.faq} title="Pricing questions" id="pricing-faq" />
          <p className="faq-more">Still deciding? <a href="/contact">Ask us anything</a> or read how <a href="/v1/platform">the platform handles your data</a>.</p>
        </div>
      </section>

      <CtaBand
        title="Need more volume, a dedicated region or a security review?"
        text="Enterprise plans come with custom limits, single sign-on, a DPA, invoicing and a support engineer who knows your setup."
        primary={{ text: 'Talk to sales', href: '/contact-sales' }}
        secondary={{ text: 'Start free', href: 'https://app.ferrygate.dev/signup' }}
      />
    </>
  );
}
