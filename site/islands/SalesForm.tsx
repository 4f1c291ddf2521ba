import { ValidatedForm } from 'react-sitegen/templates/components/ValidatedForm';

const FAILED = 'We could not send your message just now. Please try again, or email support@ferrygate.dev.';

/**
 * Island: the "talk to sales" form. Complete as server HTML; POSTs to the form endpoint
 * and lands on /thank-you via `_next`.
 */
const SIZES = ['1–10', '11–50', '51–200', '201–1,000', 'More than 1,000'];
const VOLUMES = ['Under 1 million', '1–10 million', '10–100 million', 'More than 100 million'];
const PRODUCTS = [
  { value: 'webhooks', label: 'Webhook forwarding' },
  { value: 'tunnels', label: 'Tunnels' },
  { value: 'cron', label: 'Cron webhooks' },
];
const DEPLOY = [
  { value: 'cloud', label: 'Ferrygate cloud (shared regions)' },
  { value: 'dedicated', label: 'Dedicated region' },
  { value: 'self-hosted', label: 'Self-hosted in our infrastructure' },
  { value: 'unsure', label: 'Not sure yet' },
];

export function SalesForm({ action, next }: { action: string; next: string }) {
  return (
    <ValidatedForm className="form-card form-prose" action={action} describedBy="sales-required" failed={FAILED}>
      <input type="hidden" name="_next" value={next} />
      <input type="hidden" name="_form" value="sales" />
      <p id="sales-required" className="form-required-note">Fields marked <span className="req" aria-hidden="true">*</span> are required.</p>
      <div className="field-row">
        <div className="field">
          <label htmlFor="sales-name">Name <span className="req" aria-hidden="true">*</span></label>
          <input id="sales-name" name="name" type="text" autoComplete="name" required />
        </div>
        <div className="field">
          <label htmlFor="sales-email">Work email <span className="req" aria-hidden="true">*</span></label>
          <input id="sales-email" name="email" type="email" autoComplete="email" required />
        </div>
      </div>
      <div className="field-row">
        <div className="field">
          <label htmlFor="sales-company">Company <span className="req" aria-hidden="true">*</span></label>
          <input id="sales-company" name="company" type="text" autoComplete="organization" required />
        </div>
        <div className="field">
          <label htmlFor="sales-size">Company size <span className="req" aria-hidden="true">*</span></label>
          <select id="sales-size" name="size" required defaultValue="">
            <option value="" disabled>Choose…</option>
            {SIZES.map((s) => <option key={s} value={s}>{s} people</option>)}
          </select>
        </div>
      </div>
      <div className="field">
        <label htmlFor="sales-volume">Expected requests per month</label>
        <select id="sales-volume" name="volume" defaultValue="">
          <option value="" disabled>Choose…</option>
          {VOLUMES.map((v) => <option key={v} value={v}>{v}</option>)}
        </select>
      </div>
      <fieldset className="field">
        <legend>Products you are interested in</legend>
        <div className="check-grid">
          {PRODUCTS.map((p) => (
            <label className="check" key={p.value} htmlFor={`sales-products-${p.value}`}><input id={`sales-products-${p.value}`} type="checkbox" name="products" value={p.value} /> <span>{p.label}</span></label>
          ))}
        </div>
      </fieldset>
      <fieldset className="field">
        <legend>Deployment preference</legend>
        <div className="check-grid check-grid-col">
          {DEPLOY.map((d, i) => (
            <label className="check" key={d.value} htmlFor={`sales-deployment-${d.value}`}><input id={`sales-deployment-${d.value}`} type="radio" name="deployment" value={d.value} defaultChecked={i === 0} /> <span>{d.label}</span></label>
          ))}
        </div>
      </fieldset>
      <div className="field">
        <label htmlFor="sales-message">What are you working on?</label>
        <textarea id="sales-message" name="message" rows={5} placeholder="Volumes, regions, compliance requirements, timelines…" />
      </div>
      <button className="btn btn-primary btn-lg" type="submit">Talk to sales</button>
      <p className="field-hint">We reply within one business day. No newsletters, no sharing your details.</p>
    </ValidatedForm>
  );
}

export default SalesForm;
