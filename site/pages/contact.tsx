import type { PageContext, PageMeta } from 'react-sitegen/templates/types';
import { ContactForm } from '../islands/ContactForm';
import { Island } from 'react-sitegen/templates/components/Island';

export const meta: PageMeta = {
  title: 'Contact us',
  description: 'Questions about support, billing, security, partnerships or press? Send us a message — a human replies, usually within one business day.',
  layout: 'content',
};

export default function Contact(ctx: PageContext) {
  const action = ctx.site.theme.formEndpoint ?? 'https://api.ferrygate.dev/v1/forms';
  return (
    <div className="container form-layout">
      <section aria-labelledby="contact-form-title">
        <h2 id="contact-form-title" className="sr-only">Send us a message</h2>
        <Island name="ContactForm" component={ContactForm} props={{ action, next: `${ctx.site.url}/thank-you` }} />
      </section>
      <aside className="side-stack" aria-label="Other ways to reach us">
        <div className="side-card">
          <h2>Write to us directly</h2>
          <dl className="kv">
            <dt>Support</dt><dd><a href="mailto:support@ferrygate.dev">support@ferrygate.dev</a></dd>
            <dt>Billing</dt><dd><a href="mailto:billing@ferrygate.dev">billing@ferrygate.dev</a></dd>
            <dt>Security</dt><dd><a href="mailto:security@ferrygate.dev">security@ferrygate.dev</a></dd>
            <dt>Press</dt><dd><a href="mailto:press@ferrygate.dev">press@ferrygate.dev</a></dd>
          </dl>
        </div>
        <div className="side-card">
          <h2>Typical reply times</h2>
          <ul>
            <li><strong>Security reports:</strong> acknowledged within one business day.</li>
            <li><strong>Billing, sales, partnerships and press:</strong> one business day.</li>
            <li><strong>Support on Team and Business:</strong> one business day, with Business first in the queue.</li>
            <li><strong>Support on Free and Starter:</strong> within two business days.</li>
          </ul>
        </div>
        <div className="side-card">
          <h2>Responsible disclosure</h2>
          <p>Found a vulnerability? Email security@ferrygate.dev with steps to reproduce. We don’t take legal action against good-faith research, and we credit reporters who want it. How we handle data is described in <a href="/v1/platform">Platform, architecture &amp; security</a>.</p>
        </div>
        <div className="side-card">
          <h2>Maybe faster</h2>
          <ul>
            <li><a href="https://status.ferrygate.dev">Status page</a> — incidents and maintenance, live</li>
            <li><a href="/v1/guide">Documentation</a> — guides, tutorials and examples</li>
            <li><a href="/webhook-bin">Webhook bin</a> — see what a sender actually sends</li>
          </ul>
        </div>
      </aside>
    </div>
  );
}
