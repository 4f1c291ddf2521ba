import type { PageContext, PageMeta } from 'react-sitegen/templates/types';
import { Cards, DataTable, type CardItem } from 'react-sitegen/templates/components/Marketing';

export const meta: PageMeta = {
  title: 'Features',
  description: 'Every Ferrygate capability in one place, grouped by Webhooks, Tunnels, Cron, Bins and Platform.',
  layout: 'feature',
  eyebrow: 'All features',
  docs: '/v1/guide',
  hero: {
    title: 'Everything Ferrygate does, in one place',
    subtitle: 'Webhook forwarding, tunnels, cron webhooks and bins share one outbound-only agent, one API and one delivery log. Here is every capability, grouped by product.',
    cta: { text: 'Start free', href: 'https://app.ferrygate.dev/signup' },
  },
};

interface Group { id: string; title: string; lead: string; href: string; link: string; items: CardItem[] }

const GROUPS: Group[] = [
  {
    id: 'webhooks', title: 'Webhooks', href: '/webhooks', link: 'Webhook forwarding',
    lead: 'Stable endpoints that accept any request and deliver it to every destination of a channel.',
    items: [
      { icon: 'fanout', title: 'Fan-out', text: 'One request, every destination of the channel, each with its own retries.' },
      { icon: 'filter', title: 'Routing rules', text: 'Match method, path, headers or body fields with all, any and not.' },
      { icon: 'code', title: 'Functions', text: 'JavaScript on the endpoint, per destination or after delivery; Lua for legacy channels.' },
      { icon: 'reply', title: 'Endpoint replies', text: 'Static replies, replies from a function, or the destination’s own response within 10 s.' },
      { icon: 'shield', title: 'Auth and signatures', text: 'Basic or Bearer auth on endpoints, provider HMAC checks, and signed deliveries.' },
      { icon: 'replay', title: 'Retries and replay', text: 'Backoff with full jitter on errors, 408, 429 and 5xx; replay any delivery later.' },
      { icon: 'list', title: 'Delivery log', text: 'Attempts, statuses, headers and bodies, filtered by channel, status and time.' },
      { icon: 'eye', title: 'Ephemeral channels', text: 'Metadata only: payloads are never written to disk.' },
      { icon: 'lock', title: 'Private networking', text: 'Deliver into a cloud VPC over your provider’s private connectivity, with no agent to run; Business and Enterprise.' },
    ],
  },
  {
    id: 'tunnels', title: 'Tunnels', href: '/tunnels', link: 'Tunnels',
    lead: 'Public addresses for services on localhost, your LAN or a cluster, over the same outbound connection.',
    items: [
      { icon: 'tunnel', title: 'HTTP and HTTPS', text: 'Edge-terminated TLS with managed certificates and HTTP/2.' },
      { icon: 'lock', title: 'TLS pass-through', text: 'End-to-end encryption with your own certificate; we never see plaintext.' },
      { icon: 'terminal', title: 'TCP', text: 'SSH, databases, MQTT and game servers on a host:port address.' },
      { icon: 'globe', title: 'Reserved names and domains', text: 'Keep a subdomain across restarts, or bring your own domain.' },
      { icon: 'shield', title: 'Edge access control', text: 'Basic auth, tokens and IP allow lists enforced before traffic reaches you.' },
      { icon: 'eye', title: 'Request inspector', text: 'Every HTTP exchange with headers, bodies and timings, replayable.' },
    ],
  },
  {
    id: 'cron', title: 'Cron', href: '/cron', link: 'Cron webhooks',
    lead: 'Schedules that send HTTP requests on a cron expression, to public or private destinations.',
    items: [
      { icon: 'clock', title: 'Cron and timezones', text: '5-field expressions in any IANA timezone, with daylight saving handled.' },
      { icon: 'code', title: 'Send-time functions', text: 'Template or sign the payload at the moment the run fires.' },
      { icon: 'list', title: 'Run history', text: 'Status, timing and response of every run, with retries and manual re-runs.' },
      { icon: 'calendar', title: 'Windows and pausing', text: 'Start and end dates, pause and resume without losing history.' },
    ],
  },
  {
    id: 'bins', title: 'Bins', href: '/webhook-bin', link: 'Open a webhook bin',
    lead: 'Public, temporary request catchers for seeing exactly what a sender sends. No signup.',
    items: [
      { icon: 'inbox', title: 'Instant capture URL', text: 'Any method and path, bodies up to 5 MB, the latest 250 requests kept for 48 hours.' },
      { icon: 'stream', title: 'Live view', text: 'Requests appear as they arrive, with headers, query, body and a cURL replay.' },
      { icon: 'reply', title: 'Mock responses', text: 'Set status, headers, body, delay and a failure percentage.' },
      { icon: 'shield', title: 'HMAC checker', text: 'Recompute MD5, SHA-1, SHA-256 or SHA-512 signatures in hex or base64.' },
    ],
  },
  {
    id: 'platform', title: 'Platform', href: '/v1/platform', link: 'Platform, architecture and security',
    lead: 'The pieces around the products: automation, identity, compliance and where your traffic lives.',
    items: [
      { icon: 'terminal', title: 'REST API', text: 'Every resource over HTTPS with access keys, scopes, pagination and idempotency keys.', href: '/api-reference', link: 'API reference' },
      { icon: 'terminal', title: 'ferry CLI', text: 'One binary for Linux, macOS, Windows and Raspberry Pi; also runs as the ferryd service.', href: '/v1/guide/cli', link: 'CLI reference' },
      { icon: 'code', title: 'SDKs', text: 'Official clients for Go, JavaScript and Python, generated from the same OpenAPI description.' },
      { icon: 'grid', title: 'Terraform provider', text: 'Manage channels, destinations, schedules and domains as code.' },
      { icon: 'cube', title: 'Kubernetes operator', text: 'Channel, Destination and Tunnel custom resources in ferrygate.dev/v1.', href: '/v1/installation/kubernetes', link: 'Kubernetes install' },
      { icon: 'list', title: 'Audit log', text: 'Who changed what and when, exportable; on Business and Enterprise.' },
      { icon: 'users', title: 'SSO/SAML', text: 'Single sign-on and enforced login for the whole workspace on Business and Enterprise.' },
      { icon: 'map', title: 'Regions and status', text: 'eu, us-east, us-west and apac, with a public status page at status.ferrygate.dev.' },
    ],
  },
];

const AVAIL: string[][] = [
  ['Webhook forwarding, fan-out, rules', '✓', '✓', '✓', '✓'],
  ['Private networking into your VPC (no agent)', '—', '—', '—', '✓'],
  ['Functions', '1', '10', '50', 'Unlimited'],
  ['Tunnels', '1 HTTP', '3, HTTPS + TLS', '15 + TCP', '75 + TCP'],
  ['Custom domains', '—', '1', '5', '25'],
  ['Schedules', '2 (≥ 15 min)', '20 (≥ 1 min)', '100', '500'],
  ['Bins, REST API, CLI, WebSocket stream', '✓', '✓', '✓', '✓'],
  ['SSO/SAML, audit log, SLA', '—', '—', '—', '✓'],
];

export default function Features(_ctx: PageContext) {
  return (
    <>
      <nav className="subnav" aria-label="Feature groups">
        <div className="container">
          <ul>
            {GROUPS.map((g) => <li key={g.id}><a href={`#${g.id}`}>{g.title}</a></li>)}
            <li><a href="#availability">By plan</a></li>
          </ul>
        </div>
      </nav>
      {GROUPS.map((g, i) => (
        <section key={g.id} className={`section feature-group${i % 2 ? ' section-soft' : ''}`} aria-labelledby={g.id}>
          <div className="container">
            <div className="section-head section-head-row">
              <div>
                <h2 id={g.id} className="section-title">{g.title}</h2>
                <p className="section-lead">{g.lead}</p>
              </div>
              <a className="link-arrow" href={g.href}>{g.link}</a>
            </div>
            <Cards cols={4} items={g.items} />
          </div>
        </section>
      ))}
      <section className="section section-soft" aria-labelledby="availability">
        <div className="container">
          <div className="section-head">
            <h2 id="availability" className="section-title">Availability by plan</h2>
            <p className="section-lead">Enterprise includes everything on Business, with custom limits.</p>
          </div>
          <DataTable caption="Feature availability by plan" head={['Feature', 'Free', 'Starter', 'Team', 'Business']} rows={AVAIL} />
          <p className="section-foot"><a className="link-arrow" href="/pricing">Full plan comparison</a></p>
        </div>
      </section>
    </>
  );
}
