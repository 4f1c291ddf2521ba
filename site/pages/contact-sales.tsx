import type { PageContext, PageMeta } from 'react-sitegen/templates/types';
import { SalesForm } from '../islands/SalesForm';
import { Island } from 'react-sitegen/templates/components/Island';

export const meta: PageMeta = {
  title: 'Talk to sales',
  description: 'Volume pricing, dedicated regions or self-hosting, SSO/SAML, DPAs, security reviews and invoicing — tell us what you need.',
  layout: 'content',
};

const BENEFITS = [
  ['Volume pricing', 'Committed-use pricing for tens or hundreds of millions of webhooks a month, with soft limits that never drop traffic.'],
  ['Dedicated or self-hosted', 'Your own region with isolated infrastructure, or the Ferrygate control plane running in your cloud account.'],
  ['SSO/SAML and audit log', 'Enforced single sign-on, SCIM-style provisioning and an exportable audit trail for every change.'],
  ['Security reviews', 'A DPA, completed security questionnaires, architecture walkthroughs and a named contact for your security team.'],
  ['Invoicing', 'Yearly contracts, purchase orders and payment by bank transfer in USD or EUR.'],
];

export default function ContactSales(ctx: PageContext) {
  const action = ctx.site.theme.formEndpoint ?? 'https://api.ferrygate.dev/v1/forms';
  return (
    <div className="container form-layout">
      <section aria-labelledby="sales-form-title">
        <h2 id="sales-form-title" className="sr-only">Tell us about your team</h2>
        <Island name="SalesForm" component={SalesForm} props={{ action, next: `${ctx.site.url}/thank-you` }} />
      </section>
      <aside className="side-stack" aria-label="What Enterprise includes">
        <div className="side-card">
          <h2>What we can do for you</h2>
          <ul className="check-list">
            {BENEFITS.map(([t, d]) => <li key={t}><strong>{t}.</strong> {d}</li>)}
          </ul>
        </div>
        <div className="side-card">
          <figure>
            <blockquote><p>“The security review took one call and a shared document. Our dedicated EU region was live two weeks after we signed.”</p></blockquote>
            <figcaption>Henrik, head of platform at a payments company</figcaption>
          </figure>
        </div>
        <div className="side-card">
          <figure>
            <blockquote><p>“We moved 40 million webhooks a month from a home-grown relay to Ferrygate and deleted three services in the process.”</p></blockquote>
            <figcaption>Aiko, staff engineer at a commerce platform</figcaption>
          </figure>
        </div>
        <div className="side-card">
          <p>Not ready to talk? Every plan up to Business is self-serve — <a href="/pricing">compare plans</a>.</p>
        </div>
      </aside>
    </div>
  );
}
