import { ValidatedForm } from 'react-sitegen/templates/components/ValidatedForm';

const FAILED = 'We could not send your message just now. Please try again, or email support@ferrygate.dev.';

/**
 * Island: the contact form. Plain HTML form that POSTs to the site's form endpoint
 * and redirects to /thank-you through the hidden `_next` field; hydration may add
 * inline validation and pre-select the topic from `?topic=`.
 */
export const CONTACT_TOPICS = [
  { value: 'support', label: 'Technical support' },
  { value: 'billing', label: 'Billing and invoices' },
  { value: 'security', label: 'Security report' },
  { value: 'partnership', label: 'Partnership' },
  { value: 'press', label: 'Press' },
  { value: 'careers', label: 'Careers' },
  { value: 'other', label: 'Something else' },
];

export function ContactForm({ action, next, topic = 'support' }: { action: string; next: string; topic?: string }) {
  return (
    <ValidatedForm className="form-card form-prose" action={action} describedBy="contact-required" failed={FAILED}>
      <input type="hidden" name="_next" value={next} />
      <input type="hidden" name="_form" value="contact" />
      <p id="contact-required" className="form-required-note">Fields marked <span className="req" aria-hidden="true">*</span> are required.</p>
      <div className="field-row">
        <div className="field">
          <label htmlFor="contact-name">Name <span className="req" aria-hidden="true">*</span></label>
          <input id="contact-name" name="name" type="text" autoComplete="name" required />
        </div>
        <div className="field">
          <label htmlFor="contact-email">Email <span className="req" aria-hidden="true">*</span></label>
          <input id="contact-email" name="email" type="email" autoComplete="email" required />
        </div>
      </div>
      <div className="field">
        <label htmlFor="contact-topic">Topic <span className="req" aria-hidden="true">*</span></label>
        <select id="contact-topic" name="topic" required defaultValue={topic}>
          {CONTACT_TOPICS.map((t) => <option key={t.value} value={t.value}>{t.label}</option>)}
        </select>
      </div>
      <div className="field">
        <label htmlFor="contact-workspace">Workspace ID <span className="muted">(optional)</span></label>
        <input id="contact-workspace" name="workspace" type="text" placeholder="ws_…" aria-describedby="contact-workspace-hint" />
        <span id="contact-workspace-hint" className="field-hint">Shown under Settings in the dashboard. It helps us find your channels faster.</span>
      </div>
      <div className="field">
        <label htmlFor="contact-message">Message <span className="req" aria-hidden="true">*</span></label>
        <textarea id="contact-message" name="message" rows={6} required minLength={10} aria-describedby="contact-message-hint" />
        <span id="contact-message-hint" className="field-hint">For delivery problems, include a delivery ID (dlv_…) and never paste access key secrets.</span>
      </div>
      <label className="check field-check" htmlFor="contact-consent">
        <input id="contact-consent" type="checkbox" name="consent" value="yes" required />
        <span>I agree that Ferrygate may store my message and contact details to answer this request. <span className="req" aria-hidden="true">*</span></span>
      </label>
      <button className="btn btn-primary btn-lg" type="submit">Send message</button>
    </ValidatedForm>
  );
}

export default ContactForm;
