import type { PageContext, PageMeta } from 'react-sitegen/templates/types';
import { CodeTabs } from 'react-sitegen/templates/components/CodeTabs';
import { Section, Cards, Split, DataTable } from 'react-sitegen/templates/components/Marketing';

export const meta: PageMeta = {
  title: 'Tunnels',
  description: 'Public HTTPS, TLS pass-through and TCP addresses for services on localhost, LAN or Kubernetes.',
  layout: 'feature',
  eyebrow: 'Tunnels',
  docs: '/v1/guide/tunnels',
  hero: {
    title: 'Share localhost with a real HTTPS address',
    subtitle: 'One command gives a dev server, a LAN service or a Kubernetes workload a public HTTPS, TLS or TCP address. The agent dials out; nothing on your side listens to the internet.',
    cta: { text: 'Start free', href: 'https://app.ferrygate.dev/signup' },
  },
  faq: [
    { q: 'Is bandwidth limited?', a: 'There is no metered bandwidth on any plan. Each tunnel is shaped to a fair-use rate that is plenty for development, demos, home servers and internal tools; if you want to serve production traffic at volume, talk to us about a dedicated region.' },
    { q: 'Do tunnels support WebSockets and HTTP/2?', a: 'Yes. HTTP and HTTPS tunnels pass WebSocket upgrades and server-sent events through untouched and speak HTTP/2 to browsers. TLS pass-through and TCP tunnels carry any protocol, because we never look inside the stream.' },
    { q: 'How long does a tunnel URL live?', a: 'A random name, the kind the Free plan gets, survives reconnects and restarts, and is released 24 hours after the tunnel was last connected; come back the next morning and it is still yours. Reserved subdomains and custom domains on paid plans stay yours until you delete them, across restarts and machines.' },
    { q: 'Can I restrict who reaches my tunnel?', a: 'Yes. Add Basic auth or a bearer token at the edge, or an IP allow list of addresses and CIDR ranges. Requests that fail are rejected in our region and never reach your machine.' },
  ],
};

const TYPES = [
  ['HTTP', 'Nowhere: plain HTTP from the client to your service', 'Quick demos and dev servers; Free plan (random name)', 'ferry connect --proto http http://localhost:5173'],
  ['HTTPS (edge TLS)', 'At the edge, managed certificate', 'Web apps and APIs that need a trusted certificate, inspector and auth', 'ferry connect --proto https --name demo http://localhost:5173'],
  ['TLS pass-through', 'On your machine, end to end', 'Home Assistant, private APIs, anything where we must not see plaintext', 'ferry connect --proto tls --name ha 192.168.1.20:8123'],
  ['TCP', 'Not applicable (raw TCP)', 'SSH, databases, MQTT and game servers on a host:port address', 'ferry connect --proto tcp localhost:22'],
];

const FEATURES = [
  { icon: 'globe', title: 'Reserved subdomains', text: 'Keep demo.ferry.run for as long as you want it, so links in docs, chats and provider settings never break.' },
  { icon: 'globe', title: 'Custom domains', text: 'Point a CNAME at us and serve app.example.com with a managed certificate, an uploaded one, or pass-through TLS.' },
  { icon: 'map', title: 'Four regions', text: 'Open tunnels in eu, us-east, us-west or apac with --region, close to the people who use them.' },
  { icon: 'lock', title: 'Access control', text: 'Basic auth, bearer tokens and IP allow lists are enforced at the edge before a single byte reaches you.' },
  { icon: 'eye', title: 'Request inspector', text: 'See each HTTP request and response with headers, bodies and timings, and replay any of them against your local app.' },
  { icon: 'cube', title: 'Kubernetes ingress mode', text: 'Run the agent as an ingress controller so Ingress objects get public hostnames without a cloud load balancer.' },
  { icon: 'server', title: 'Docker sidecar', text: 'Add ferrygate/ferryd next to a container in Compose and give it an address with two environment variables.' },
  { icon: 'stream', title: 'WebSockets and SSE', text: 'Upgrades, streaming responses and long-lived connections pass through, on every tunnel type.' },
];

const CODE = [
  { label: 'CLI', lang: 'bash', code: `# A public HTTPS address for a Vite dev server
ferry connect --name demo http://localhost:5173
# ferry 3.4.2 · region eu · tunnel demo (https)
# https://demo.ferry.run  →  http://localhost:5173

# Protect it with Basic auth while you share it
ferry connect --name demo --auth "client:correct-horse" http://localhost:5173

# SSH to a home server over TCP, from allowed addresses only
ferry connect --proto tcp --name nas-ssh --allow-ip 203.0.113.0/24 localhost:22` },
  { label: 'Docker Compose', lang: 'yaml', code: `services:
  web:
    image: ghcr.io/example/shop:latest
    expose: ["8080"]
  ferryd:
    image: ferrygate/ferryd:3.4
    restart: unless-stopped
    environment:
      FG_KEY: fgk_live_4f9c2a
      FG_SECRET: \${FG_SECRET}
    command: ["ferry", "connect", "--name", "shop-preview", "http://web:8080"]` },
  { label: 'ferry.yaml', lang: 'yaml', code: `# ~/.config/ferry/ferry.yaml — started by "ferry service install"
region: eu
tunnels:
  - name: grafana
    proto: https
    to: http://localhost:3000
    token: \${GRAFANA_TUNNEL_TOKEN}   # callers send Authorization: Bearer <token>
  - name: nas-ssh
    proto: tcp
    to: 192.168.1.10:22
    allow_ip: [203.0.113.7/32]` },
];

export default function Tunnels(_ctx: PageContext) {
  return (
    <>
      <Section id="tunnel-types" eyebrow="Tunnel types" title="Pick how much we see" lead="Every tunnel rides the same outbound connection. The difference is where TLS ends and which protocols you can carry.">
        <DataTable
          caption="Tunnel types"
          head={['Type', 'TLS terminates', 'Best for', 'Example']}
          rows={TYPES.map(([a, b, c, d]) => [a, b, c, <code key="c">{d}</code>])}
        />
      </Section>

      <Section id="tunnel-features" soft eyebrow="Features" title="Addresses you can hand to anyone">
        <Cards cols={4} items={FEATURES} />
      </Section>

      <Section id="tunnel-code" eyebrow="Quick start" title="One command, or one line of config">
        <Split aside={<CodeTabs name="tunnels-code" label="Tunnel examples" samples={CODE} />}>
          <p className="section-lead">Start a tunnel from the CLI while you work, then move it into <code>ferry.yaml</code> and run the agent as a service so it comes back after every reboot.</p>
          <ul className="check-list">
            <li>Reconnects on its own after network changes and sleep</li>
            <li>Honours <code>HTTPS_PROXY</code> and <code>NO_PROXY</code> on locked-down networks</li>
            <li>One agent serves tunnels and webhook channels together</li>
          </ul>
          <p><a className="link-arrow" href="/v1/tutorials/quickstart-tunnels">Tunnels quickstart</a></p>
        </Split>
      </Section>

      <Section id="when-to-use" soft eyebrow="Tunnel or forwarding?" title="When to use which" lead="Both use the same agent. They solve different problems, and many teams run both.">
        <div className="compare-cards">
          <article className="card">
            <h3>Use a tunnel when…</h3>
            <ul className="muted-list">
              <li>a person or a browser needs to reach your service interactively</li>
              <li>the protocol is not HTTP — SSH, Postgres, MQTT, a game server</li>
              <li>you need end-to-end TLS with your own certificate</li>
              <li>the service must answer in real time, with its own response</li>
            </ul>
          </article>
          <article className="card">
            <h3>Use webhook forwarding when…</h3>
            <ul className="muted-list">
              <li>a provider sends events that must not get lost while you are offline</li>
              <li>one event should reach several destinations</li>
              <li>you want retries, a delivery log and replay</li>
              <li>you want to filter or reshape requests before they arrive</li>
            </ul>
            <p><a className="link-arrow" href="/webhooks">Webhook forwarding</a></p>
          </article>
        </div>
      </Section>
    </>
  );
}
