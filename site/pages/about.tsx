import type { PageContext, PageMeta } from 'react-sitegen/templates/types';
import { Icon } from 'react-sitegen/templates/components/Icon';

export const meta: PageMeta = {
  title: 'About Ferrygate',
  description: 'Why we built Ferrygate, how we think about security and privacy, the team and a short timeline.',
  layout: 'content',
  eyebrow: 'Company',
};

const PRINCIPLES = [
  { icon: 'shield', title: 'Outbound-only connections', text: 'Nothing we build asks you to open a port. The agent dials out over TLS on 443, and that one rule removes a whole class of risk from your network.' },
  { icon: 'eye', title: 'Store as little as possible', text: 'Delivery logs live only as long as your plan says, ephemeral channels keep no payloads at all, and bins delete themselves after 48 hours.' },
  { icon: 'server', title: 'Boring, reliable infrastructure', text: 'Queues, backoff and well-understood protocols beat clever tricks. We would rather ship one feature that never pages anyone than three that might.' },
  { icon: 'heart', title: 'Honest pricing', text: 'Published prices, soft limits with an email instead of dropped webhooks, and cancellation in two clicks. If we would be annoyed by it, we don’t do it.' },
];

const TIMELINE = [
  { date: '2019', title: 'Launch', text: 'Webhook forwarding goes live in the eu and us-east regions; the Home Assistant add-on follows in September.', href: '/blog/2019/01/15/introducing-ferrygate' },
  { date: '2020', title: 'Kubernetes and TLS pass-through', text: 'The Kubernetes operator, end-to-end encrypted tunnels and the functions beta with Lua and JavaScript.', href: '/blog/2020/05/05/kubernetes-operator' },
  { date: '2021', title: 'JavaScript functions, domains, regions', text: 'JavaScript functions become generally available, custom domains arrive, and us-west and apac join the map.', href: '/blog/2021/02/02/javascript-functions' },
  { date: '2022', title: 'ferry 1.0', text: 'Config files, auto-start as a service and proxy support make the agent a first-class citizen on servers.', href: '/blog/2022/09/27/ferry-agent-1-0' },
  { date: '2023', title: 'Bins and cron webhooks', text: 'Public bins for inspecting any request without signing up, and schedules that send HTTP on a cron expression.', href: '/blog/2023/01/24/introducing-webhook-bins' },
  { date: '2024', title: 'Replay and TCP tunnels', text: 'Replay failed deliveries from the dashboard and API, and raw TCP tunnels for SSH, databases and game servers.', href: '/blog/2024/02/06/replay-failed-deliveries' },
  { date: '2025', title: 'Durable delivery', text: 'Deliveries survive deploys and outages end to end, and destinations can sign with the Standard Webhooks scheme.', href: '/blog/2025/01/28/durable-delivery' },
  { date: '2026', title: 'After-delivery functions', text: 'React to every delivery result in code, manage Ferrygate from coding assistants, and reach private networks without an agent on Business plans.', href: '/blog/2026/01/13/after-delivery-functions' },
];

const TEAM = [
  { initials: 'ML', name: 'Mara Lindqvist', role: 'Founder & CEO', text: 'Started Ferrygate after one too many CI servers that could not receive a webhook.' },
  { initials: 'TO', name: 'Tomás Okafor', role: 'Engineering lead', text: 'Leads the delivery pipeline and the functions runtime. Fond of queues and backoff curves.' },
  { initials: 'PR', name: 'Priya Raman', role: 'Developer relations', text: 'Writes the tutorials and examples and answers most questions in the community forum.' },
  { initials: 'JW', name: 'Jonas Weber', role: 'Infrastructure & SRE', text: 'Runs the edge, the tunnels and on-call, and maintains the Home Assistant add-on.' },
];

export default function About(_ctx: PageContext) {
  return (
    <>
      <section className="section section-tight" aria-labelledby="story">
        <div className="container about-story">
          <div className="about-story-copy">
            <h2 id="story" className="section-title">It started with a CI server that couldn’t hear</h2>
            <p>In 2019, Mara was running a Jenkins server in a network that nobody was allowed to open up. Every push to GitHub should have triggered a build; instead, the team polled, waited and clicked “build now”. The webhooks were being sent — they just had nowhere to land.</p>
            <p>The fix she wrote over a weekend was simple: a public endpoint that accepts the webhook, and a small agent inside the network that fetches it over an outbound connection. No firewall change, no static IP, no VPN. Colleagues asked for it, then their friends did, and Ferrygate became a company.</p>
            <p>Today the same idea carries webhooks, tunnels, scheduled requests and bins for developers, home-automation tinkerers and platform teams. We are still small — about a dozen people, remote-first across EU and US hours — and we still think the best infrastructure is the kind you forget is there.</p>
          </div>
          <aside className="about-facts" aria-label="Ferrygate at a glance">
            <dl>
              <div><dt>Founded</dt><dd>2019</dd></div>
              <div><dt>Team</dt><dd>~12 people</dd></div>
              <div><dt>Working hours</dt><dd>EU + US</dd></div>
              <div><dt>Regions</dt><dd>4</dd></div>
            </dl>
          </aside>
        </div>
      </section>

      <section className="section section-soft" aria-labelledby="mission">
        <div className="container">
          <div className="section-head">
            <p className="eyebrow">Mission and principles</p>
            <h2 id="mission" className="section-title">Make every service reachable, without making it exposed</h2>
            <p className="section-lead">Four principles decide what we build and how we build it.</p>
          </div>
          <ul className="cards cards-2">
            {PRINCIPLES.map((p) => (
              <li key={p.title} className="card info-card">
                <span className="icon-tile"><Icon name={p.icon} /></span>
                <h3>{p.title}</h3>
                <p>{p.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="timeline">
        <div className="container container-narrow">
          <div className="section-head">
            <p className="eyebrow">Timeline</p>
            <h2 id="timeline" className="section-title">Seven years, one idea</h2>
          </div>
          <ol className="timeline">
            {TIMELINE.map((t) => (
              <li key={t.date}>
                <span className="timeline-date">{t.date}</span>
                <div>
                  <h3>{t.title}</h3>
                  <p>{t.text} <a href={t.href}>Read the post</a></p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="section section-soft" aria-labelledby="team">
        <div className="container">
          <div className="section-head">
            <p className="eyebrow">Team</p>
            <h2 id="team" className="section-title">The people behind the gate</h2>
            <p className="section-lead">A few of the people you will meet on the blog and in support threads.</p>
          </div>
          <ul className="team">
            {TEAM.map((m) => (
              <li key={m.name} className="card team-card">
                <span className="avatar avatar-lg" aria-hidden="true">{m.initials}</span>
                <h3>{m.name}</h3>
                <p className="team-role">{m.role}</p>
                <p>{m.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="about-contact">
        <div className="container container-narrow about-contact">
          <h2 id="about-contact" className="section-title">Say hello</h2>
          <p className="section-lead">Questions, ideas or a story about a webhook that never arrived? We read everything.</p>
          <div className="hero-actions">
            <a className="btn btn-primary btn-lg" href="/contact">Contact us</a>
            <a className="btn btn-secondary btn-lg" href="/careers">Work with us</a>
          </div>
        </div>
      </section>
    </>
  );
}
