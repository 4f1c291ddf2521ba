import type { PageContext, PageMeta } from 'react-sitegen/templates/types';
import { Icon } from 'react-sitegen/templates/components/Icon';

export const meta: PageMeta = {
  title: 'Careers at Ferrygate',
  description: 'Mission, how we work, benefits, open roles and our hiring process. Remote-first across EU and US hours.',
  layout: 'content',
  eyebrow: 'Careers',
};

const HOW = [
  { icon: 'globe', title: 'Remote, for real', text: 'Everyone works from where they live, across EU and US hours. There is no headquarters to be far away from.' },
  { icon: 'book', title: 'Async by default', text: 'Decisions are written down, meetings have agendas, and a quiet day of deep work is the norm, not a luxury.' },
  { icon: 'users', title: 'Four team weeks a year', text: 'We meet in person four times a year to plan, build and eat together. Travel and accommodation are on us.' },
  { icon: 'pulse', title: 'Sustainable on-call', text: 'Small, boring systems and a fair rotation: one week in six, paid, with the next day off after a night page.' },
];

const BENEFITS = [
  'Salary bands published internally, same band for the same role wherever you live',
  '30 days of paid holiday plus local public holidays',
  'Budget of 2,000 € a year for learning, conferences and books',
  'Home-office budget and a laptop of your choice',
  '16 weeks of fully paid parental leave for every parent',
  'Employee stock options with a 10-year exercise window',
];

const ROLES = [
  {
    title: 'Senior Go Engineer – Networking', team: 'Edge & agent', where: 'Remote, EU or US time zones',
    bullets: ['Own the tunnel edge: TLS termination, pass-through and TCP multiplexing', 'Make the ferry agent faster to connect and harder to break on hostile networks', 'Design protocols with gRPC and a WebSocket fallback that survive proxies', 'Five or more years of Go and a working knowledge of TCP/IP and TLS'],
  },
  {
    title: 'Frontend Engineer (TypeScript/Vue)', team: 'Dashboard', where: 'Remote, EU time zones',
    bullets: ['Build the dashboard views for channels, deliveries, bins and schedules', 'Turn live data from the WebSocket stream into calm, fast interfaces', 'Care about accessibility, keyboard use and the 360 px phone screen', 'Experience with TypeScript and Vue 3 or a comparable framework'],
  },
  {
    title: 'Site Reliability Engineer', team: 'Infrastructure', where: 'Remote, US time zones',
    bullets: ['Run the queues, databases and edge nodes in four regions', 'Improve our SLOs, alerts and incident reviews', 'Automate capacity planning and region build-outs with Terraform', 'Join a one-in-six, paid on-call rotation'],
  },
  {
    title: 'Developer Advocate', team: 'Developer relations', where: 'Remote, EU or US time zones',
    bullets: ['Write tutorials and examples that developers actually finish', 'Turn support threads into documentation fixes and product feedback', 'Speak at meetups and stream real integrations, mistakes included', 'Comfortable writing code in at least two of JavaScript, Python and Go'],
  },
  {
    title: 'Support Engineer (part-time, 20 h)', team: 'Support', where: 'Remote, US time zones',
    bullets: ['Answer technical questions about webhooks, tunnels and networks', 'Reproduce problems with bins, the CLI and the API before escalating', 'Write the runbooks the next person will be glad to find', 'Curious about HTTP and patient with people who are having a bad day'],
  },
];

const PROCESS = [
  { title: 'Intro call', text: '30 minutes with the hiring manager about the role, your questions and what you are looking for.' },
  { title: 'Take-home or pairing', text: 'Your choice: a small, paid take-home task (capped at three hours) or a pairing session on real code.' },
  { title: 'Team chat', text: 'Meet two future colleagues. We talk about how you work, not trivia, and you ask us anything.' },
  { title: 'Offer', text: 'A written offer within a week of the last conversation, with the salary band and equity explained.' },
];

export default function Careers(_ctx: PageContext) {
  return (
    <>
      <section className="section section-tight" aria-labelledby="how-we-work">
        <div className="container">
          <div className="section-head">
            <h2 id="how-we-work" className="section-title">How we work</h2>
            <p className="section-lead">Ferrygate is about a dozen people building infrastructure that other developers trust with their traffic. We hire people who like writing things down, fixing root causes and going home on time.</p>
          </div>
          <ul className="cards cards-4">
            {HOW.map((h) => (
              <li key={h.title} className="card info-card">
                <span className="icon-tile"><Icon name={h.icon} /></span>
                <h3>{h.title}</h3>
                <p>{h.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section-soft" aria-labelledby="benefits">
        <div className="container two-col">
          <div>
            <h2 id="benefits" className="section-title">Benefits</h2>
            <p className="section-lead">The basics, done properly, for everyone on the team.</p>
          </div>
          <ul className="check-list benefits">
            {BENEFITS.map((b) => <li key={b}>{b}</li>)}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="open-roles">
        <div className="container">
          <div className="section-head">
            <h2 id="open-roles" className="section-title">Open roles</h2>
            <p className="section-lead">{ROLES.length} positions, all remote. Apply through the contact form and pick “Careers” as the topic.</p>
          </div>
          <ul className="roles">
            {ROLES.map((r) => (
              <li key={r.title} className="role">
                <div className="role-head">
                  <div>
                    <h3>{r.title}</h3>
                    <p className="role-meta"><span>{r.team}</span><span aria-hidden="true"> · </span><span>{r.where}</span></p>
                  </div>
                  <a className="btn btn-secondary" href="/contact?topic=careers" aria-label={`Apply for ${r.title}`}>Apply</a>
                </div>
                <ul className="muted-list">
                  {r.bullets.map((b) => <li key={b}>{b}</li>)}
                </ul>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section-soft" aria-labelledby="process">
        <div className="container">
          <div className="section-head">
            <h2 id="process" className="section-title">Hiring process</h2>
            <p className="section-lead">Four steps, usually done within three weeks. You will hear back after every step, whatever the answer.</p>
          </div>
          <ol className="steps steps-4">
            {PROCESS.map((p, i) => (
              <li key={p.title} className="step">
                <span className="step-num" aria-hidden="true">{i + 1}</span>
                <h3>{p.title}</h3>
                <p>{p.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="section" aria-labelledby="no-fit">
        <div className="container container-narrow about-contact">
          <h2 id="no-fit" className="section-title">No role that fits?</h2>
          <p className="section-lead">Write to us anyway. Tell us what you would like to work on and why Ferrygate; we keep every note and reach out when something opens up.</p>
          <div className="hero-actions"><a className="btn btn-primary btn-lg" href="/contact?topic=careers">Write to us</a></div>
        </div>
      </section>
    </>
  );
}
