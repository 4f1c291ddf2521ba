import type { PageContext, PageMeta } from 'react-sitegen/templates/types';
import { Icon } from 'react-sitegen/templates/components/Icon';

export const meta: PageMeta = {
  title: 'Thanks — we got your message',
  description: 'Your message reached the Ferrygate team. A human will reply, usually within one business day.',
  layout: 'default',
};

const NEXT = [
  { icon: 'book', text: 'Read the docs', sub: 'Guides, tutorials and examples', href: '/v1/guide' },
  { icon: 'inbox', text: 'Open a webhook bin', sub: 'Inspect any request, no signup', href: '/webhook-bin' },
  { icon: 'chat', text: 'Read the blog', sub: 'Announcements and how-tos', href: '/blog' },
  { icon: 'pulse', text: 'Check the status page', sub: 'status.ferrygate.dev', href: 'https://status.ferrygate.dev' },
];

export default function ThankYou(_ctx: PageContext) {
  return (
    <section className="notice-page">
      <div className="container container-narrow">
        <span className="notice-icon notice-icon-ok" aria-hidden="true"><Icon name="check" size={30} /></span>
        <h1 className="page-title">Thanks — we got your message</h1>
        <p className="page-lead">A human will reply within one business day, often much sooner during EU and US working hours. Support questions from Free and Starter workspaces can take up to two business days. We sent a copy of your message to the address you gave us.</p>
        <p className="notice-text">If something is broken right now, the status page shows incidents as they happen. Security reports go to <a href="mailto:security@ferrygate.dev">security@ferrygate.dev</a>, where we acknowledge them within one business day.</p>
        <h2 className="notice-sub">While you wait</h2>
        <ul className="link-cards">
          {NEXT.map((l) => (
            <li key={l.href}>
              <a className="link-card" href={l.href}>
                <span className="icon-tile"><Icon name={l.icon} /></span>
                <span><strong>{l.text}</strong><span>{l.sub}</span></span>
                <Icon name="chevronRight" size={16} className="link-card-chev" />
              </a>
            </li>
          ))}
        </ul>
        <p className="notice-back"><a className="link-arrow" href="/">Back to the home page</a></p>
      </div>
    </section>
  );
}
