import type { PageContext, PageMeta } from 'react-sitegen/templates/types';
import { Icon } from 'react-sitegen/templates/components/Icon';
import { CodeTabs } from 'react-sitegen/templates/components/CodeTabs';
import { Section, Cards, Chips, Split } from 'react-sitegen/templates/components/Marketing';

export const meta: PageMeta = {
  title: 'Webhook forwarding',
  description: 'Stable public endpoints that fan out to public URLs or private destinations through an outbound agent.',
  layout: 'feature',
  eyebrow: 'Webhook forwarding',
  docs: '/v1/guide/webhook-forwarding',
  hero: {
    title: 'One public URL, every destination',
    subtitle: 'Give each provider a single stable endpoint. Ferrygate answers it, then delivers every request to your public services and to the private ones behind your firewall — with retries, a delivery log and replay.',
    cta: { text: 'Start free', href: 'https://app.ferrygate.dev/signup' },
  },
  faq: [
    { q: 'Are webhooks delivered in order?', a: 'Each destination receives requests in the order the endpoint accepted them while everything is healthy. Once a delivery is retrying, later requests are not held back, so a handler that cares about order should compare the timestamps or sequence numbers in the payload.' },
    { q: 'Can a destination receive the same webhook twice?', a: 'Yes, rarely: if your service processes a request but the connection drops before its response arrives, Ferrygate retries. Every delivery carries a Ferrygate-Delivery header with its id, the same across attempts, so you can de-duplicate on it.' },
    { q: 'How large can a webhook be?', a: 'Request bodies up to 5 MB are accepted and forwarded unchanged, including binary and multipart bodies. A larger request is answered with 413 at the endpoint and never becomes a delivery, so it doesn’t appear in the delivery log; send a link to a large file rather than the file itself.' },
    { q: 'How much latency does forwarding add?', a: 'Typically 10–40 ms inside a region: the endpoint accepts the request, queues it durably and hands it to your agent over the connection it already holds open. Choose the region closest to your provider and your destinations.' },
    { q: 'What happens when my agent is offline?', a: 'The endpoint still answers the provider, and deliveries to private destinations are queued and retried with backoff for your plan’s retry window — from 3 attempts on Free up to 14 days on Business. When the agent reconnects, queued deliveries flow again; anything past the window can be replayed.' },
  ],
};

const FEATURES = [
  { icon: 'fanout', title: 'Fan-out', text: 'Every destination of a channel receives each request: production, staging, a data pipeline and your laptop, all at once.' },
  { icon: 'filter', title: 'Routing rules', text: 'Match on method, path, headers or JSON body fields, combine with all, any and not, and send each request only where it belongs.' },
  { icon: 'code', title: 'Functions', text: 'Run JavaScript on the endpoint or per destination to reshape payloads, add headers or drop noise before delivery.' },
  { icon: 'reply', title: 'Custom endpoint replies', text: 'Answer providers with a static status, body and headers, compute the reply in a function, or wait up to 10 s for your destination’s own response.' },
  { icon: 'lock', title: 'Basic and Bearer auth', text: 'Require credentials on every endpoint of a channel so only the providers you configured can post to it.' },
  { icon: 'shield', title: 'Signature checks', text: 'Verify provider HMAC signatures at the edge and reject forged requests before they reach your network.' },
  { icon: 'replay', title: 'Retries and replay', text: 'Exponential backoff with full jitter on timeouts, 408, 429 and 5xx, then replay any delivery from the dashboard, CLI or API.' },
  { icon: 'list', title: 'Delivery log', text: 'Each attempt with status, timing, request and response headers and body, searchable by channel, destination and status.' },
  { icon: 'eye', title: 'Ephemeral mode', text: 'For sensitive payloads, keep only metadata: bodies pass through memory and are never written to disk.' },
  { icon: 'zap', title: 'Generous limits', text: 'Bodies up to 5 MB, a 30 s timeout per destination attempt, and unlimited endpoints per channel on every plan.' },
  { icon: 'stream', title: 'WebSocket stream', text: 'Consume deliveries inside your own process over a WebSocket instead of running an agent, and reply to the sender from code.' },
  { icon: 'globe', title: 'Your own domain', text: 'Serve endpoints from hooks.example.com with a managed certificate, so provider settings never mention us.' },
];

const CODE = [
  {
    label: 'CLI',
    lang: 'bash',
    code: `# Create a channel; it comes with its first endpoint
ferry channel create payments --region eu
# ✔ Created channel "payments" (ch_8Yt2kq)
# ✔ Created endpoint ep_2b7f90 on channel "payments"
#   URL:   https://k7x2m9vq4p.in.ferrygate.dev

# A public destination, delivered by Ferrygate's cloud
ferry destination add --channel payments --name staging \\
  --url https://staging.example.com/hooks

# A private destination, delivered by this machine's agent
ferry forward --channel payments http://localhost:3000/hooks`,
  },
  {
    label: 'API',
    lang: 'bash',
    code: `curl https://api.ferrygate.dev/v1/channels/ch_8Yt2kq/destinations \\
  -u "$FG_KEY:$FG_SECRET" \\
  -H 'content-type: application/json' \\
  -d '{
    "name": "billing-service",
    "type": "private",
    "url": "http://billing.internal:8080/webhooks",
    "rules": { "all": [{ "header": "x-event-type", "prefix": "invoice." }] },
    "retry_policy": { "window": "24h" }
  }'`,
  },
  {
    label: 'Function',
    lang: 'javascript',
    title: 'drop-pings.js',
    code: `// Runs on the endpoint before fan-out
export default async function handle(request, ctx) {
  const event = request.json();
  if (event.type === 'ping') return null;          // drop health pings
  request.headers['x-tenant'] = ctx.vars.TENANT;   // tag every delivery
  return request;
}`,
  },
];

const PROVIDERS = ['Stripe', 'GitHub', 'GitLab', 'Shopify', 'Twilio', 'Slack', 'Mailgun', 'Paddle', 'Linear', 'Zendesk', 'Bitbucket', 'SendGrid', 'Jira', 'PagerDuty', 'Square', 'Typeform'];

export default function Webhooks(_ctx: PageContext) {
  return (
    <>
      <Section id="problem" eyebrow="The problem" title="Webhooks can’t reach where your code runs" lead="Providers deliver to a public HTTPS URL. Your handler lives on a laptop, behind a corporate firewall, or in a cluster with no ingress — and most providers only let you register one URL per event.">
        <Cards cols={3} items={[
          { icon: 'laptop', title: 'Localhost is invisible', text: 'A provider can’t call localhost:3000, and your laptop’s address changes every time you switch networks.' },
          { icon: 'lock', title: 'Firewalls say no', text: 'Opening an inbound port for Jenkins or an internal API means a change request, a security review and a new attack surface.' },
          { icon: 'fanout', title: 'One URL, many consumers', text: 'Production, staging and a data pipeline all need the same events, but the provider has a single URL field.' },
        ]} />
      </Section>

      <Section id="how-it-works" soft eyebrow="How it works" title="Endpoint, channel, destinations" lead="An endpoint receives, a channel groups, and destinations receive copies. The agent only ever dials out.">
        <Split aside={
          <div className="diagram-card" role="img" aria-label="A provider posts to an endpoint of the payments channel; the channel delivers to a public destination over HTTPS and to a private destination through the ferry agent.">
            <div className="dg-row"><span className="dg-node"><Icon name="cloud" size={18} /> Provider</span></div>
            <div className="dg-arrow" />
            <div className="dg-row"><span className="dg-node dg-accent"><Icon name="webhook" size={18} /> Endpoint · k7x2m9vq4p.in.ferrygate.dev</span></div>
            <div className="dg-arrow" />
            <div className="dg-row"><span className="dg-node dg-channel">Channel <strong>payments</strong> · rules · functions</span></div>
            <div className="dg-split"><span /><span /></div>
            <div className="dg-row dg-two">
              <span className="dg-node"><Icon name="globe" size={18} /> Public destination<small>https://staging.example.com/hooks</small></span>
              <span className="dg-node"><Icon name="terminal" size={18} /> Private destination<small>ferry agent → localhost:3000</small></span>
            </div>
          </div>
        }>
          <ol className="num-list">
            <li><strong>The endpoint answers the provider.</strong> Immediately with a 200, with a static or computed reply, or with your destination’s own response.</li>
            <li><strong>The channel decides where it goes.</strong> Rules pick destinations, functions reshape the request, and every copy is queued durably.</li>
            <li><strong>Public destinations</strong> are called by Ferrygate’s cloud over HTTPS, like any webhook sender would.</li>
            <li><strong>Private destinations</strong> are delivered by the <code>ferry</code> agent inside your network, over the outbound TLS connection it keeps open on port 443.</li>
          </ol>
        </Split>
      </Section>

      <Section id="features" eyebrow="Features" title="Everything between “sent” and “handled”">
        <Cards cols={4} items={FEATURES} />
      </Section>

      <Section id="code" soft eyebrow="Set it up your way" title="CLI, API or a few lines of JavaScript">
        <Split aside={<CodeTabs name="webhooks-code" label="Webhook forwarding examples" samples={CODE} />}>
          <p className="section-lead">Everything in the dashboard is also a <code>ferry</code> command and an API call, so channels can live in scripts, CI and Terraform next to the services they feed.</p>
          <ul className="check-list">
            <li>Access keys with a <code>channels</code> scope for automation</li>
            <li><code>Idempotency-Key</code> on every POST, safe to retry</li>
            <li>Delivery IDs that stay the same across retries</li>
          </ul>
          <p><a className="link-arrow" href="/v1/tutorials/quickstart-forwarding">Forward your first webhook in five minutes</a></p>
        </Split>
      </Section>

      <Section id="providers" eyebrow="Works with every sender" title="If it can send an HTTP request, it works" lead="Ferrygate forwards method, path, query, headers and body unchanged, so provider signatures still verify at your end. A few of the senders our users forward every day:">
        <Chips label="Webhook providers" items={PROVIDERS} />
        <p className="section-foot"><a className="link-arrow" href="/hmac-verification">Verifying provider signatures</a></p>
      </Section>
    </>
  );
}
