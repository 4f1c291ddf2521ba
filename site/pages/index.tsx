import type { ReactNode } from 'react';
import type { PageContext, PageMeta } from 'react-sitegen/templates/types';
import { Icon } from 'react-sitegen/templates/components/Icon';
import { CodeTabs, type CodeSample } from 'react-sitegen/templates/components/CodeTabs';
import { PostCard } from 'react-sitegen/templates/components/PostCard';
import { CtaBand } from 'react-sitegen/templates/components/CtaBand';
import { PricingToggle, type Plan } from '../islands/PricingToggle';
import { Island } from 'react-sitegen/templates/components/Island';
import pricing from '../data/pricing.json';

export const meta: PageMeta = {
  title: 'Ferrygate — webhooks and tunnels that reach any network',
  description: 'Receive webhooks anywhere, expose local services, schedule webhooks and inspect requests — without opening a port.',
  layout: 'default',
};

const PILLARS = [
  { icon: 'webhook', title: 'Webhook forwarding', href: '/webhooks', text: 'One stable endpoint per channel that fans out to public URLs and to private services behind your firewall.' },
  { icon: 'tunnel', title: 'Tunnels', href: '/tunnels', text: 'A real HTTPS, TLS or TCP address for anything on localhost, your LAN or a Kubernetes cluster.' },
  { icon: 'clock', title: 'Cron webhooks', href: '/cron', text: 'Scheduled HTTP requests with timezones, run history and retries, delivered to public or private targets.' },
  { icon: 'inbox', title: 'Webhook bin', href: '/webhook-bin', text: 'A throwaway URL that captures every request so you can see exactly what a sender sends. No signup.' },
];

const STEPS = [
  { title: 'Create an endpoint', text: 'Make a channel in the dashboard, the CLI or the API. You get a public URL like k7x2m9vq4p.in.ferrygate.dev to paste into any provider.' },
  { title: 'Run the agent', text: 'Start ferry next to your service. It dials out over TLS on port 443, so there is nothing to open, forward or allow-list.' },
  { title: 'Requests arrive', text: 'Every request reaches localhost, a box on your LAN or a pod in your cluster, with retries, a delivery log and one-click replay.' },
];

const FEATURES = [
  { icon: 'fanout', title: 'Fan-out', text: 'Deliver one webhook to every destination of a channel: production, staging and your laptop at once.' },
  { icon: 'filter', title: 'Routing rules', text: 'Match on method, header, path or body with all, any and not, and send each request where it belongs.' },
  { icon: 'code', title: 'JavaScript functions', text: 'Reshape payloads, add headers, drop noise or answer the sender, in a few lines of JavaScript.' },
  { icon: 'replay', title: 'Retries & replay', text: 'Exponential backoff with jitter for up to 14 days, then replay any delivery with one click or one call.' },
  { icon: 'list', title: 'Delivery logs', text: 'Every attempt with status, timing, headers and body, searchable by channel, status and time.' },
  { icon: 'shield', title: 'Auth & HMAC checks', text: 'Require Basic or Bearer auth on endpoints and reject requests whose provider signature does not verify.' },
  { icon: 'globe', title: 'Custom domains', text: 'Serve endpoints and tunnels from hooks.example.com with managed certificates or your own.' },
  { icon: 'map', title: 'Four regions', text: 'Pick where traffic enters: Frankfurt, Virginia, Oregon or Singapore. Data stays in that region.' },
  { icon: 'cube', title: 'Kubernetes operator', text: 'Declare channels, destinations and tunnels as custom resources and read public URLs from status.' },
  { icon: 'home', title: 'Home Assistant add-on', text: 'Reach Home Assistant from anywhere with end-to-end TLS and no port forwarding on your router.' },
  { icon: 'stream', title: 'WebSocket stream', text: 'Consume deliveries inside your own app over a WebSocket, with no agent and no inbound port.' },
  { icon: 'terminal', title: 'REST API & CLI', text: 'Everything in the dashboard is one ferry command or one HTTPS call away, ready for scripts and CI.' },
];

const CODE: CodeSample[] = [
  {
    label: 'CLI',
    lang: 'bash',
    code: `# Install the agent and sign in with an access key
curl -fsSL https://dl.ferrygate.dev/install.sh | sh
ferry login

# Forward the "payments" channel to your local app
ferry forward --channel payments http://localhost:3000/hooks

# Or share a dev server on a public HTTPS address
ferry connect --name demo http://localhost:5173`,
  },
  {
    label: 'Docker',
    lang: 'bash',
    code: `docker run -d --name ferryd --restart unless-stopped \\
  -e FG_KEY=fgk_live_4f9c2a \\
  -e FG_SECRET=$FG_SECRET \\
  -e FG_REGION=eu \\
  ferrygate/ferryd:3.4 \\
  ferry forward --channel builds http://jenkins:8080/github-webhook/`,
  },
  {
    label: 'Kubernetes',
    lang: 'yaml',
    code: `apiVersion: ferrygate.dev/v1
kind: Channel
metadata:
  name: git-webhooks
  namespace: argocd
spec:
  endpoints:
    - name: github
---
apiVersion: ferrygate.dev/v1
kind: Destination
metadata:
  name: argocd-server
  namespace: argocd
spec:
  channelRef:
    name: git-webhooks
  private:
    service:
      name: argocd-server
      port: 443
      path: /api/webhook
  tls:
    verify: false   # Argo CD's self-signed certificate, inside the cluster`,
  },
  {
    label: 'Function',
    lang: 'javascript',
    title: 'ci-to-chat.js',
    code: `// Turn a CI "build finished" webhook into a chat message
export default async function handle(request, ctx) {
  const build = request.json();
  if (build.status === 'running') return null; // drop noise

  const icon = build.status === 'passed' ? '✅' : '❌';
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      text: \`\${icon} \${build.repo}@\${build.branch}: \${build.status} in \${build.duration}s\`,
    }),
  };
}`,
  },
];

const USE_CASES = [
  { icon: 'laptop', title: 'Local development', text: 'Point payment, Git and messaging providers at one stable URL and receive their events on localhost, even after your laptop changes networks.', href: '/v1/tutorials/quickstart-forwarding', link: 'Forwarding quickstart' },
  { icon: 'git', title: 'CI/CD behind a firewall', text: 'Trigger Jenkins, Argo CD or Drone from Git webhooks without exposing their APIs to the internet or asking for a firewall change.', href: '/v1/tutorials/github-jenkins-behind-firewall', link: 'GitHub to Jenkins tutorial' },
  { icon: 'cpu', title: 'Home automation & IoT', text: 'Give Home Assistant, Node-RED or a Raspberry Pi a secure public address behind CGNAT, with no static IP and no port forwarding.', href: '/home-assistant', link: 'Home Assistant add-on' },
  { icon: 'database', title: 'Data pipelines', text: 'Stream webhooks into BigQuery, Postgres or object storage with a function, and keep a replayable log for backfills.', href: '/v1/examples/data-warehouse', link: 'Data warehouse examples' },
];

const QUOTES = [
  { quote: 'Our Jenkins lives in a network nobody is allowed to touch. One ferry service and a channel later, every pull request builds within seconds of the push.', name: 'Daniela', role: 'Platform engineer at a logistics company' },
  { quote: 'I run the payment provider, the CRM and our staging stack off one endpoint. When staging breaks I replay yesterday’s events instead of clicking through checkout again.', name: 'Kwame', role: 'Backend developer at a subscription startup' },
  { quote: 'My Home Assistant sits behind CGNAT. The add-on took five minutes, and the only thing I had to learn was where to paste the access key.', name: 'Linnea', role: 'Home automation tinkerer' },
];

function Terminal() {
  const lines: [string, ReactNode][] = [
    ['l1', <><span className="t-prompt">$</span> <span className="t-cmd">ferry login</span></>],
    ['l2', <span key="l2" className="t-ok">✓ Logged in to workspace acme-dev (region eu)</span>],
    ['l3', <><span className="t-prompt">$</span> <span className="t-cmd">ferry forward --channel payments \</span></>],
    ['l3b', <span key="l3b" className="t-cmd">    http://localhost:3000/hooks</span>],
    ['l4', <><span className="t-dim">  Endpoint </span> <span className="t-url">https://k7x2m9vq4p.in.ferrygate.dev</span></>],
    ['l5', <><span className="t-dim">  Forward  </span> → http://localhost:3000/hooks</>],
    ['l6', <><span className="t-dim">  Agent    </span> <span className="t-ok">connected</span> <span className="t-dim">· outbound TLS :443 · eu</span></>],
    ['l7', <span key="l7" className="t-dim"> </span>],
    ['l8', <><span className="t-dim">14:02:11</span>  <span className="t-method">POST</span> /hooks  <span className="t-ok">200</span>  12ms  <span className="t-dim">invoice.paid</span></>],
    ['l9', <><span className="t-dim">14:02:14</span>  <span className="t-method">POST</span> /hooks  <span className="t-ok">200</span>   9ms  <span className="t-dim">customer.updated</span></>],
    ['l10', <><span className="t-dim">14:02:19</span>  <span className="t-method">POST</span> /hooks  <span className="t-warn">503</span>  31ms  <span className="t-dim">retrying in 10s</span></>],
    ['l11', <><span className="t-dim">14:02:29</span>  <span className="t-method">POST</span> /hooks  <span className="t-ok">200</span>  11ms  <span className="t-dim">attempt 2 delivered</span></>],
  ];
  return (
    <figure className="terminal" aria-label="Terminal: logging in and forwarding the payments channel to localhost">
      <div className="terminal-bar" aria-hidden="true"><i /><i /><i /><span>ferry — zsh</span></div>
      <div className="terminal-body">
        {lines.map(([k, l], i) => <p key={k} className="t-line" style={{ ['--i' as string]: i }}>{l}</p>)}
        <p className="t-line" style={{ ['--i' as string]: lines.length }}><span className="t-prompt">$</span> <span className="t-cursor" aria-hidden="true" /></p>
      </div>
    </figure>
  );
}

function Flow() {
  return (
    <div className="flow" role="img" aria-label="A provider sends a webhook to your Ferrygate endpoint; the ferry agent, connected outbound from your network, delivers it to localhost.">
      <div className="flow-node"><Icon name="cloud" /><strong>Provider</strong><span>POST webhook</span></div>
      <div className="flow-edge"><span>HTTPS</span></div>
      <div className="flow-node flow-node-accent"><Icon name="webhook" /><strong>Endpoint</strong><span>*.in.ferrygate.dev</span></div>
      <div className="flow-edge flow-edge-out"><span>outbound TLS :443</span></div>
      <div className="flow-node"><Icon name="terminal" /><strong>ferry agent</strong><span>in your network</span></div>
      <div className="flow-edge"><span>HTTP</span></div>
      <div className="flow-node"><Icon name="server" /><strong>Your service</strong><span>localhost:3000</span></div>
    </div>
  );
}

export default function Home(ctx: PageContext) {
  const latest = ctx.posts.slice(0, 3);
  const newest = ctx.posts[0];
  const plans = (pricing.plans as Plan[]).slice(0, 3);
  return (
    <>
      <section className="hero">
        <div className="container hero-grid">
          <div className="hero-copy">
            {newest && (
              <a className="hero-pill" href={newest.path}>
                <span className="badge badge-accent">New</span>
                <span className="hero-pill-text">{newest.title}</span>
                <Icon name="chevronRight" size={14} />
              </a>
            )}
            <h1 className="hero-title">Webhooks and tunnels that reach any network</h1>
            <p className="hero-sub">
              Give every service a stable public address — your laptop, a Raspberry Pi or a private Kubernetes cluster. No open ports, no static IP.
            </p>
            <div className="hero-actions">
              <a className="btn btn-primary btn-lg" href="https://app.ferrygate.dev/signup">Start free <span className="arrow" aria-hidden="true">→</span></a>
              <a className="btn btn-secondary btn-lg" href="/v1/guide">Read the docs</a>
            </div>
            <p className="hero-note">
              or <a href="/webhook-bin">try a webhook bin — no signup</a>
            </p>
          </div>
          <Terminal />
        </div>
      </section>

      <section className="stats" aria-label="Ferrygate in numbers">
        <div className="container">
          <ul className="stats-list">
            <li><strong>2.1 B</strong><span>requests delivered</span></li>
            <li><strong>40k</strong><span>developers</span></li>
            <li><strong>99.95%</strong><span>uptime over 12 months</span></li>
            <li><strong>4</strong><span>regions on 3 continents</span></li>
          </ul>
          <p className="stats-note">Ferrygate is fictional, and so are these numbers.</p>
        </div>
      </section>

      <section className="section" aria-labelledby="pillars-title">
        <div className="container">
          <div className="section-head">
            <p className="eyebrow">One agent, four products</p>
            <h2 id="pillars-title" className="section-title">Everything that needs to get into your network</h2>
            <p className="section-lead">The same outbound-only agent carries webhooks, tunnels and scheduled requests. Bins help you see what senders send before you write a line of code.</p>
          </div>
          <div className="pillars">
            {PILLARS.map((p) => (
              <a className="card pillar" href={p.href} key={p.href}>
                <span className="icon-tile"><Icon name={p.icon} /></span>
                <h3>{p.title}</h3>
                <p>{p.text}</p>
                <span className="link-arrow">Learn more</span>
              </a>
            ))}
          </div>
        </div>
      </section>

      <section className="section section-soft" aria-labelledby="how-title">
        <div className="container">
          <div className="section-head">
            <p className="eyebrow">How it works</p>
            <h2 id="how-title" className="section-title">Three steps, zero open ports</h2>
          </div>
          <ol className="steps">
            {STEPS.map((s, i) => (
              <li className="step" key={s.title}>
                <span className="step-num" aria-hidden="true">{i + 1}</span>
                <h3>{s.title}</h3>
                <p>{s.text}</p>
              </li>
            ))}
          </ol>
          <Flow />
        </div>
      </section>

      <section className="section" aria-labelledby="features-title">
        <div className="container">
          <div className="section-head">
            <p className="eyebrow">Features</p>
            <h2 id="features-title" className="section-title">Built for webhooks you can’t afford to lose</h2>
            <p className="section-lead">Everything between “the provider sent it” and “your code handled it”, in one place.</p>
          </div>
          <ul className="feature-grid">
            {FEATURES.map((f) => (
              <li className="feature-tile" key={f.title}>
                <span className="feature-icon"><Icon name={f.icon} /></span>
                <h3>{f.title}</h3>
                <p>{f.text}</p>
              </li>
            ))}
          </ul>
          <p className="section-foot"><a className="link-arrow" href="/features">See all features</a></p>
        </div>
      </section>

      <section className="section section-soft" aria-labelledby="code-title">
        <div className="container split">
          <div className="split-copy">
            <p className="eyebrow">Runs where you do</p>
            <h2 id="code-title" className="section-title">From one command to a whole cluster</h2>
            <p className="section-lead">Start with the CLI on your laptop, move the same channel to a Docker host, declare it in Kubernetes, and reshape payloads with a function on the way.</p>
            <ul className="check-list">
              <li>One static binary for Linux, macOS, Windows and Raspberry Pi</li>
              <li>Multi-arch <code>ferrygate/ferryd</code> image for amd64, arm64 and armv7</li>
              <li>Helm chart and operator with <code>Channel</code>, <code>Destination</code> and <code>Tunnel</code> resources</li>
            </ul>
            <p><a className="link-arrow" href="/v1/installation">Installation guides</a></p>
          </div>
          <CodeTabs name="home-code" label="Code examples" samples={CODE} className="code-tabs-tall" />
        </div>
      </section>

      <section className="section" aria-labelledby="uses-title">
        <div className="container">
          <div className="section-head">
            <p className="eyebrow">Use cases</p>
            <h2 id="uses-title" className="section-title">Where teams use Ferrygate</h2>
          </div>
          <div className="use-cases">
            {USE_CASES.map((u) => (
              <article className="use-case" key={u.title}>
                <span className="icon-tile"><Icon name={u.icon} /></span>
                <div>
                  <h3>{u.title}</h3>
                  <p>{u.text}</p>
                  <a className="link-arrow" href={u.href}>{u.link}</a>
                </div>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className="section section-soft" aria-labelledby="quotes-title">
        <div className="container">
          <div className="section-head">
            <p className="eyebrow">From the community</p>
            <h2 id="quotes-title" className="section-title">Quietly doing its job</h2>
          </div>
          <div className="quotes">
            {QUOTES.map((q) => (
              <figure className="quote" key={q.name}>
                <blockquote><p>“{q.quote}”</p></blockquote>
                <figcaption>
                  <span className="avatar" aria-hidden="true">{q.name[0]}</span>
                  <span><strong>{q.name}</strong><span>{q.role}</span></span>
                </figcaption>
              </figure>
            ))}
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="pricing-title">
        <div className="container">
          <div className="section-head section-head-center">
            <p className="eyebrow">Pricing</p>
            <h2 id="pricing-title" className="section-title">Start free, pay when it matters</h2>
            <p className="section-lead">Every plan includes unlimited endpoints per channel, the REST API, the CLI, the WebSocket stream and bins.</p>
          </div>
          <Island name="PricingToggle" component={PricingToggle} props={{ plans, id: 'home-billing', compact: true }} />
          <p className="section-foot section-foot-center"><a className="btn btn-secondary" href="/pricing">Compare all plans</a></p>
        </div>
      </section>

      {latest.length > 0 && (
        <section className="section section-soft" aria-labelledby="latest-title">
          <div className="container">
            <div className="section-head section-head-row">
              <div>
                <p className="eyebrow">From the blog</p>
                <h2 id="latest-title" className="section-title">Latest posts</h2>
              </div>
              <a className="link-arrow" href="/blog">All posts</a>
            </div>
            <div className="post-grid">
              {latest.map((p) => <PostCard key={p.path} post={p} authors={ctx.authors} categoryLabels={ctx.site.theme.categoryLabels} />)}
            </div>
          </div>
        </section>
      )}

      <CtaBand
        title="Your first webhook on localhost in two minutes"
        text="Free forever for side projects: three channels, a tunnel, two schedules and unlimited bins. No credit card."
        primary={{ text: 'Start free', href: 'https://app.ferrygate.dev/signup' }}
        secondary={{ text: 'Read the quickstart', href: '/v1/tutorials/quickstart-forwarding' }}
      />
    </>
  );
}
