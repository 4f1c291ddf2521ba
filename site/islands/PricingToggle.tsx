/**
 * Island: plan cards with a monthly / yearly switch.
 * The server HTML is complete: two radio inputs drive the prices with CSS alone,
 * so the switch works before (and without) hydration.
 */
export interface Plan {
  id: string;
  name: string;
  tagline: string;
  monthly: number | null;
  yearly: number | null;
  popular?: boolean;
  cta: { text: string; href: string };
  highlights: string[];
}

const money = (n: number) => '$' + n.toLocaleString('en-US');

function Price({ plan }: { plan: Plan }) {
  if (plan.monthly === null || plan.yearly === null) {
    return (
      <div className="plan-price">
        <span className="price-amount price-custom">Custom</span>
        <span className="price-note">Volume pricing, invoiced</span>
      </div>
    );
  }
  if (plan.monthly === 0) {
    return (
      <div className="plan-price">
        <span className="price-amount">$0</span>
        <span className="price-note">Free forever, no card</span>
      </div>
    );
  }
  return (
    <div className="plan-price">
      <span className="pm">
        <span className="price-amount">{money(plan.monthly)}</span><span className="price-per">/month</span>
        <span className="price-note">billed monthly</span>
      </span>
      <span className="py">
        <span className="price-amount">{money(plan.yearly)}</span><span className="price-per">/year</span>
        <span className="price-note">{money(Math.round((plan.yearly / 12) * 100) / 100)} a month, 2 months free</span>
      </span>
    </div>
  );
}

export function PricingToggle({ plans, id = 'billing', compact = false }: { plans: Plan[]; id?: string; compact?: boolean }) {
  return (
    <div className={`pricing${compact ? ' pricing-compact' : ''}`}>
      <input className="bill-input bill-monthly" type="radio" name={id} id={`${id}-monthly`} defaultChecked />
      <input className="bill-input bill-yearly" type="radio" name={id} id={`${id}-yearly`} />
      <div className="bill-switch" role="group" aria-label="Billing period">
        <label htmlFor={`${id}-monthly`}>Monthly</label>
        <label htmlFor={`${id}-yearly`}>Yearly <span className="bill-save">2 months free</span></label>
      </div>
      <div className={`plan-grid plan-grid-${plans.length}`}>
        {plans.map((plan) => (
          <article className={`plan${plan.popular ? ' plan-popular' : ''}`} key={plan.id} aria-labelledby={`${id}-plan-${plan.id}`}>
            {plan.popular && <p className="plan-badge">Most popular</p>}
            <h3 className="plan-name" id={`${id}-plan-${plan.id}`}>{plan.name}</h3>
            <p className="plan-tagline">{plan.tagline}</p>
            <Price plan={plan} />
            <a className={`btn btn-block ${plan.popular ? 'btn-primary' : 'btn-secondary'}`} href={plan.cta.href}>{plan.cta.text}</a>
            <ul className="check-list plan-features">
              {plan.highlights.map((h) => <li key={h}>{h}</li>)}
            </ul>
          </article>
        ))}
      </div>
    </div>
  );
}

export default PricingToggle;
