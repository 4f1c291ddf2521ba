import type { PageContext, PageMeta } from 'react-sitegen/templates/types';
import { Icon } from 'react-sitegen/templates/components/Icon';
import { Tabs } from 'react-sitegen/templates/components/Tabs';
import { CodeBlock } from 'react-sitegen/templates/components/CodeBlock';
import { Faq } from 'react-sitegen/templates/components/Faq';

export const meta: PageMeta = {
  title: 'Webhook bin — inspect HTTP requests instantly',
  description: 'Free, no-signup request catcher with live view, mock responses and an HMAC checker.',
  layout: 'default',
};

const BIN = 'b7q4xk2m';
const CAPTURE = `https://bin.ferrygate.dev/c/${BIN}`;

const BODY = `{
  "id": "ord_5521",
  "created_at": "2026-06-15T12:02:10Z",
  "currency": "EUR",
  "total": "84.50",
  "customer": { "id": "cus_1183", "email": "ada@example.com" },
  "items": [
    { "sku": "FG-MUG-01", "name": "Ferry mug", "qty": 2, "price": "18.00" },
    { "sku": "FG-TEE-M", "name": "Gate T-shirt (M)", "qty": 1, "price": "48.50" }
  ],
  "test": true
}`;
/** The sizes shown for the selected request are those of BODY, as sent (UTF-8). */
const BODY_BYTES = new TextEncoder().encode(BODY).length;

const REQUESTS = [
  { method: 'POST', path: '/orders', time: '14:02:11', ago: '12 s ago', size: `${BODY_BYTES} B` },
  { method: 'POST', path: '?source=ci', time: '14:01:47', ago: '36 s ago', size: '312 B' },
  { method: 'GET', path: '/health?ping=1', time: '13:59:02', ago: '3 min ago', size: '0 B' },
  { method: 'PUT', path: '/items/42', time: '13:58:40', ago: '4 min ago', size: '640 B' },
  { method: 'DELETE', path: '/sessions/7d1c', time: '13:55:13', ago: '7 min ago', size: '0 B' },
  { method: 'POST', path: '/orders', time: '13:51:29', ago: '11 min ago', size: '352 B' },
];

const HEADERS: [string, string][] = [
  ['content-type', 'application/json'],
  ['content-length', String(BODY_BYTES)],
  ['user-agent', 'Shopkeeper-Webhooks/2.3'],
  ['x-shop-topic', 'orders/create'],
  ['x-shop-signature', 'sha256=7d0c6a3f5b9e0a41c2d8f6b1e93a7c54d2f0e8b6a1c3d5e7f9a0b2c4d6e8f0a1'],
  ['x-request-id', 'req_01J0Q8ZK4T9W2X'],
  ['accept-encoding', 'gzip'],
];

const CURL = `curl -X POST '${CAPTURE}/orders' \\
  -H 'content-type: application/json' \\
  -H 'x-shop-topic: orders/create' \\
  -H 'x-shop-signature: sha256=7d0c6a3f…f0a1' \\
  --data-binary @body.json`;

const FAQ = [
  { q: 'Who can see my bin?', a: 'Anyone who knows its URL. Bin IDs are long and random, but a bin is public by design, so never send real secrets, passwords or personal data to one.' },
  { q: 'How long does a bin last?', a: 'Bins expire 48 hours after they are created and keep the latest 250 requests, with bodies up to 5 MB each. Deleting a bin removes everything immediately.' },
  { q: 'Can a bin answer with an error on purpose?', a: 'Yes. Set the mock response’s status, headers, body and delay, and a failure percentage to answer that share of requests with an error, 503 unless you pick another status, which is handy for testing a sender’s retry logic.' },
  { q: 'Can I use bins from scripts?', a: 'Yes: ferry bin create prints a capture URL, ferry bin tail streams requests to your terminal, and the bins API needs no account at all.' },
];

function Overview() {
  return (
    <dl className="kv bin-kv">
      <dt>Method</dt><dd><span className="method method-post">POST</span></dd>
      <dt>URL</dt><dd><code>{CAPTURE}/orders</code></dd>
      <dt>Received</dt><dd>Jun 15, 2026, 14:02:11 UTC</dd>
      <dt>From</dt><dd><code>198.51.100.23</code> (us-east)</dd>
      <dt>Size</dt><dd>{BODY_BYTES} bytes · application/json</dd>
      <dt>Response</dt><dd><span className="status status-ok">200</span> mock response after 0 ms</dd>
    </dl>
  );
}

export default function WebhookBin(_ctx: PageContext) {
  return (
    <div className="bin-page">
      <header className="bin-header">
        <div className="container">
          <div className="bin-header-row">
            <div>
              <p className="eyebrow">Webhook bin</p>
              <h1 className="page-title">Inspect HTTP requests instantly</h1>
              <p className="page-lead">A free, temporary URL that captures every request sent to it. Public, no signup, gone after 48 hours — so don’t send secrets.</p>
            </div>
          </div>
          <div className="capture">
            <label htmlFor="capture-url" className="capture-label">Your capture URL</label>
            <div className="capture-row">
              <input id="capture-url" className="capture-input" type="text" readOnly value={CAPTURE} />
              <form method="post" action="https://bin.ferrygate.dev/bins" className="capture-new">
                <button className="btn btn-primary" type="submit"><Icon name="plus" size={16} /> New bin</button>
              </form>
            </div>
            <p className="capture-help">Send anything: <code>curl -d '{'{"hello":"bin"}'}' {CAPTURE}</code>. This page lives at <code>/webhook-bin?bin={BIN}</code>, so you can bookmark or share it.</p>
          </div>
        </div>
      </header>

      <div className="container bin-app-wrap">
        <p className="demo-note"><Icon name="eye" size={16} /> Sample requests shown. With JavaScript on, new requests appear here live as they arrive.</p>
        <div className="bin-app">
          <section className="bin-list" aria-labelledby="bin-list-title">
            <div className="bin-list-head">
              <h2 id="bin-list-title">Requests <span className="muted">({REQUESTS.length})</span></h2>
              <span className="live-dot">Live</span>
            </div>
            <ol>
              {REQUESTS.map((r, i) => (
                <li key={i} className={i === 0 ? 'is-selected' : undefined} aria-current={i === 0 ? 'true' : undefined}>
                  <span className={`method method-${r.method.toLowerCase()}`}>{r.method}</span>
                  <span className="bin-path">{r.path}</span>
                  <span className="bin-meta"><time>{r.time}</time> · {r.size}</span>
                </li>
              ))}
            </ol>
          </section>

          <section className="bin-detail" aria-labelledby="bin-detail-title">
            <div className="bin-detail-head">
              <h2 id="bin-detail-title"><span className="method method-post">POST</span> /c/{BIN}/orders</h2>
              <span className="muted">12 s ago · {BODY_BYTES} B</span>
            </div>
            <Tabs
              name="bin-tab"
              label="Request details"
              className="bin-tabs"
              items={[
                { key: 'overview', label: 'Overview', content: <Overview /> },
                {
                  key: 'headers', label: `Headers (${HEADERS.length})`, content: (
                    <div className="table-wrap"><table className="data-table mono-table">
                      <thead><tr><th scope="col">Name</th><th scope="col">Value</th></tr></thead>
                      <tbody>{HEADERS.map(([k, v]) => <tr key={k}><th scope="row">{k}</th><td>{v}</td></tr>)}</tbody>
                    </table></div>
                  ),
                },
                {
                  key: 'query', label: 'Query', content: <p className="empty-state">This request had no query parameters. The second request in the list has <code>source=ci</code>.</p>,
                },
                { key: 'body', label: 'Body', content: <CodeBlock code={BODY} lang="json" title="application/json · pretty" /> },
                { key: 'curl', label: 'cURL', content: <CodeBlock code={CURL} lang="bash" title="Replay with cURL" /> },
              ]}
            />
          </section>

          <aside className="bin-side" aria-label="Bin settings">
            <form className="panel" aria-labelledby="mock-title" action="https://bin.ferrygate.dev/bins/b7q4xk2m" method="post">
              <h2 id="mock-title" className="panel-title">Response</h2>
              <p className="panel-help">What the bin answers to every request.</p>
              <div className="field-row">
                <div className="field"><label htmlFor="mock-status">Status</label><input id="mock-status" name="status" type="number" min={100} max={599} defaultValue={200} /></div>
                <div className="field"><label htmlFor="mock-delay">Delay (ms)</label><input id="mock-delay" name="delay" type="number" min={0} max={10000} step={50} defaultValue={0} /></div>
              </div>
              <div className="field"><label htmlFor="mock-fail">Failure rate (% answered with 503)</label><input id="mock-fail" name="failure" type="number" min={0} max={100} defaultValue={0} /></div>
              <div className="field"><label htmlFor="mock-headers">Headers</label><textarea id="mock-headers" name="headers" rows={2} defaultValue="content-type: application/json" /></div>
              <div className="field"><label htmlFor="mock-body">Body</label><textarea id="mock-body" name="body" rows={3} defaultValue={'{"ok": true}'} /></div>
              <button className="btn btn-secondary btn-block" type="submit">Save response</button>
            </form>

            <form className="panel" aria-labelledby="sig-title" action="/hmac-verification" method="get">
              <h2 id="sig-title" className="panel-title">Check signature</h2>
              <p className="panel-help">Recompute the HMAC of the selected request’s raw body, in your browser. The secret never leaves this page.</p>
              <div className="field-row">
                <div className="field"><label htmlFor="sig-alg">Algorithm</label>
                  <select id="sig-alg" name="alg" defaultValue="sha256"><option value="md5">MD5</option><option value="sha1">SHA-1</option><option value="sha256">SHA-256</option><option value="sha512">SHA-512</option></select>
                </div>
                <div className="field"><label htmlFor="sig-enc">Encoding</label>
                  <select id="sig-enc" name="enc" defaultValue="hex"><option value="hex">hex</option><option value="base64">base64</option></select>
                </div>
              </div>
              <div className="field"><label htmlFor="sig-secret">Secret</label><input id="sig-secret" type="password" autoComplete="off" placeholder="whsec_…" /></div>
              <button className="btn btn-secondary btn-block" type="submit">Check signature</button>
              <p className="panel-help"><a href="/hmac-verification">How HMAC verification works</a></p>
            </form>

            <div className="panel panel-cta">
              <p className="panel-title">Need a permanent URL?</p>
              <p className="panel-help">Endpoints never expire and forward every request to localhost, with retries and replay.</p>
              <a className="btn btn-primary btn-block" href="https://app.ferrygate.dev/signup">Start free</a>
            </div>

            <a className="btn btn-danger btn-block" href="/bin-deleted"><Icon name="trash" size={16} /> Delete bin</a>
          </aside>
        </div>
      </div>

      <section className="section" aria-labelledby="bin-how">
        <div className="container">
          <div className="section-head">
            <p className="eyebrow">How bins work</p>
            <h2 id="bin-how" className="section-title">See exactly what a sender sends</h2>
          </div>
          <ul className="cards cards-3">
            <li className="card info-card"><span className="icon-tile"><Icon name="inbox" /></span><h3>Capture anything</h3><p>Any method, any path under the capture URL, bodies up to 5 MB. The latest 250 requests are kept.</p></li>
            <li className="card info-card"><span className="icon-tile"><Icon name="reply" /></span><h3>Answer like a real server</h3><p>Mock the status, headers, body and delay, and fail a share of requests to test a sender’s retries.</p></li>
            <li className="card info-card"><span className="icon-tile"><Icon name="terminal" /></span><h3>Use it from the terminal</h3><p><code>ferry bin create</code> and <code>ferry bin tail</code> give you the same bin without a browser. <a href="/v1/guide/bins">Bins guide</a></p></li>
          </ul>
          <div className="container-narrow bin-faq">
            <Faq items={FAQ} title="Bin questions" id="bin-faq" />
          </div>
        </div>
      </section>
    </div>
  );
}
