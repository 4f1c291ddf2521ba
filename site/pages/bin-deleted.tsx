import type { PageContext, PageMeta } from 'react-sitegen/templates/types';
import { Icon } from 'react-sitegen/templates/components/Icon';

export const meta: PageMeta = {
  title: 'This bin has been deleted',
  description: 'The bin and every request it captured are gone. Create a fresh bin in one click, or get a permanent endpoint that forwards to localhost.',
  layout: 'default',
  robots: 'noindex',
};

export default function BinDeleted(_ctx: PageContext) {
  return (
    <section className="notice-page">
      <div className="container container-narrow">
        <span className="notice-icon" aria-hidden="true"><Icon name="trash" size={28} /></span>
        <h1 className="page-title">This bin has been deleted</h1>
        <p className="page-lead">All captured requests were removed immediately: headers, query strings and bodies. Nothing is kept in backups, and the capture URL now answers every request with <code>404 Not Found</code>, just like a bin that has expired.</p>
        <p className="notice-text">Bins also expire on their own 48 hours after they are created, so you never have to clean up after a quick test.</p>
        <div className="notice-actions">
          <a className="btn btn-primary btn-lg" href="/webhook-bin"><Icon name="plus" size={18} /> Create a new bin</a>
          <a className="btn btn-secondary btn-lg" href="/pricing">Get a permanent endpoint</a>
        </div>
        <aside className="notice-aside" aria-label="Bins or endpoints?">
          <h2 className="notice-aside-title">Bin or endpoint?</h2>
          <p>A bin is for looking: it captures requests and shows them to you. An endpoint is for delivering: it forwards each request to your app on localhost, your LAN or a cluster, with retries and a delivery log. The Free plan includes three channels. <a href="/webhooks">How webhook forwarding works</a></p>
        </aside>
      </div>
    </section>
  );
}
