import type { ReactNode } from 'react';
import type { PageContext, PageMeta, TocLink } from 'react-sitegen/templates/types';
import { CodeBlock } from 'react-sitegen/templates/components/CodeBlock';
import api from '../data/api.json';

/* ── The shape of site/data/api.json ─────────────────────────────────────── */

interface ApiParam { name: string; in: string; type: string; required: boolean; description: string }
interface ApiRequest {
  /** Path and query after the group's base URL. */
  url?: string;
  /** Overrides the endpoint's method (for ANY). */
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
  curlFlags?: string;
  /** A literal example instead of a generated curl command. */
  code?: string;
  lang?: string;
}
interface ApiResponse { status: number; body?: unknown; code?: string; lang?: string; title?: string; note?: string }
interface ApiEndpoint {
  method: string;
  path: string;
  summary: string;
  description: string;
  scope?: string;
  params: ApiParam[];
  request: ApiRequest;
  response: ApiResponse;
}
interface ApiGroup {
  id: string;
  title: string;
  category: string;
  description: string;
  /** Base URL when it is not the API's (bins, the WebSocket stream). */
  host?: string;
  /** false: no credentials (bins). */
  auth?: boolean;
  endpoints: ApiEndpoint[];
}
interface ApiDoc {
  baseUrl: string;
  scopes: { scope: string; grants: string }[];
  errors: { status: number; code: string; meaning: string }[];
  rateLimits: { plans: { plan: string; perMinute: string }[]; headers: { name: string; meaning: string }[] };
  sdks: { language: string; install: string }[];
  openapi: string;
  groups: ApiGroup[];
}

const doc: ApiDoc = api;

/* ── Helpers ─────────────────────────────────────────────────────────────── */

const INTRO: TocLink[] = [
  { id: 'overview', depth: 2, text: 'Overview' },
  { id: 'authentication', depth: 2, text: 'Authentication' },
  { id: 'errors', depth: 2, text: 'Errors' },
  { id: 'pagination', depth: 2, text: 'Pagination' },
  { id: 'rate-limits', depth: 2, text: 'Rate limits' },
  { id: 'idempotency', depth: 2, text: 'Idempotency' },
  { id: 'sdks', depth: 2, text: 'SDKs and OpenAPI' },
];

export const meta: PageMeta = {
  title: 'API reference',
  description: 'REST API for channels, endpoints, destinations, deliveries, functions, tunnels, domains, schedules, access keys and bins.',
  layout: 'doc',
  tags: ['api', 'rest', 'reference'],
  toc: [...INTRO, ...doc.groups.map((g): TocLink => ({ id: g.id, depth: 2, text: g.title }))],
};

const STATUS_TEXT: Record<number, string> = { 101: 'Switching Protocols', 200: 'OK', 201: 'Created', 202: 'Accepted' };

/** Stable deep-link id: `POST /channels/{id}/endpoints` → `post-channels-id-endpoints`. */
function endpointId(ep: Pick<ApiEndpoint, 'method' | 'path'>): string {
  return `${ep.method}-${ep.path}`.toLowerCase().replace(/[{}*]/g, '').split(/[^a-z0-9]+/).filter(Boolean).join('-');
}

/** `code` spans in data strings become <code>. */
function inline(text: string): ReactNode[] {
  return text.split('`').map((part, i) => (i % 2 ? <code key={i}>{part}</code> : part));
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

function curlFor(group: ApiGroup, ep: ApiEndpoint): string {
  const req = ep.request;
  if (req.code !== undefined) return req.code;
  const method = req.method ?? ep.method;
  const url = (group.host ?? doc.baseUrl) + (req.url ?? ep.path);
  const first = ['curl'];
  if (req.curlFlags) first.push(req.curlFlags);
  if (method !== 'GET') first.push('-X', method);
  first.push(/[?&$]/.test(url) ? `"${url}"` : url);
  const lines = [first.join(' ')];
  if (group.auth !== false) lines.push('-u "$FG_KEY:$FG_SECRET"');
  const headers = { ...req.headers };
  for (const [k, v] of Object.entries(headers)) lines.push(`-H ${shellQuote(`${k}: ${v}`)}`);
  if (method === 'POST' && !headers['Idempotency-Key'] && ep.params.some((p) => p.name === 'Idempotency-Key')) {
    lines.push('-H "Idempotency-Key: $(uuidgen)"');
  }
  if (req.body !== undefined) {
    lines.push("-H 'Content-Type: application/json'");
    const compact = JSON.stringify(req.body);
    const json = compact.length <= 56 ? compact : JSON.stringify(req.body, null, 2).replace(/\n/g, '\n  ');
    lines.push(`-d ${shellQuote(json)}`);
  }
  return lines.join(' \\\n  ');
}

function responseFor(ep: ApiEndpoint): { code: string; lang: string; title: string } {
  const r = ep.response;
  const code = r.code ?? JSON.stringify(r.body, null, 2);
  const status = `${r.status} ${STATUS_TEXT[r.status] ?? ''}`.trim();
  return { code, lang: r.lang ?? 'json', title: r.title ?? `Response · ${status}${r.note ? ` (${r.note})` : ''}` };
}

const methodClass = (m: string) => `method method-${m.toLowerCase()}`;

/* ── Pieces ──────────────────────────────────────────────────────────────── */

function Params({ ep, id }: { ep: ApiEndpoint; id: string }) {
  if (!ep.params.length) return <p className="api-none">No parameters.</p>;
  return (
    <div className="table-wrap api-table api-fold" role="region" aria-labelledby={id} tabIndex={0}>
      <table>
        <caption className="sr-only">Parameters</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col" className="api-col">In</th>
            <th scope="col" className="api-col">Type</th>
            <th scope="col" className="api-col">Required</th>
            <th scope="col">Description</th>
          </tr>
        </thead>
        <tbody>
          {ep.params.map((p) => (
            <tr key={p.in + p.name}>
              <td>
                <code>{p.name}</code>
                {/* the three narrow columns, folded under the name on small screens */}
                <span className="api-param-meta">{[p.in, p.type, p.required ? 'required' : 'optional'].filter(Boolean).join(' · ')}</span>
              </td>
              <td className="api-col">{p.in}</td>
              <td className="api-col api-type">{p.type}</td>
              <td className="api-col">{p.required ? <strong>yes</strong> : 'no'}</td>
              <td>{inline(p.description)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Endpoint({ group, ep }: { group: ApiGroup; ep: ApiEndpoint }) {
  const id = endpointId(ep);
  const res = responseFor(ep);
  const req = ep.request;
  return (
    <>
      <h3 id={id} className="api-ep">{ep.summary}</h3>
      <p className="api-route">
        <span className={methodClass(ep.method)}>{ep.method}</span>
        <code className="api-path">{ep.path}</code>
        {ep.scope && <span className="api-scope">Scope: {ep.scope === 'none' ? 'no key' : ep.scope}</span>}
      </p>
      <p>{inline(ep.description)}</p>
      <Params ep={ep} id={id} />
      <CodeBlock code={curlFor(group, ep)} lang={req.lang ?? 'bash'} title={ep.method === 'WSS' ? 'Conversation' : 'Request'} />
      <CodeBlock code={res.code} lang={res.lang} title={res.title} />
    </>
  );
}

function Group({ group }: { group: ApiGroup }) {
  return (
    <>
      <p className="eyebrow api-group-eyebrow">{group.category}</p>
      <h2 id={group.id} className="api-group">{group.title}</h2>
      {(group.host || group.auth === false) && (
        <p className="api-group-meta">
          {group.host && <span>Base URL <code>{group.host}</code></span>}
          {group.auth === false && <span>No authentication</span>}
        </p>
      )}
      <p>{inline(group.description)}</p>
      {group.endpoints.length > 1 && (
        <ul className="api-index" aria-label={`${group.title} endpoints`}>
          {group.endpoints.map((ep) => (
            <li key={endpointId(ep)}>
              <a href={`#${endpointId(ep)}`}>
                <span className={methodClass(ep.method)}>{ep.method}</span>
                <code>{ep.path}</code>
                <span className="api-index-text">{ep.summary}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {group.endpoints.map((ep) => <Endpoint key={endpointId(ep)} group={group} ep={ep} />)}
    </>
  );
}

/** A small reference table. `fold`: a column shown under the first one on small screens. */
function SimpleTable({ label, head, rows, fold }: { label: string; head: string[]; rows: ReactNode[][]; fold?: number }) {
  const col = (j: number) => (j === fold ? 'api-col' : undefined);
  return (
    <div className={`table-wrap api-table api-table-narrow${fold ? ' api-fold' : ''}`} role="region" aria-label={label} tabIndex={0}>
      <table>
        <caption className="sr-only">{label}</caption>
        <thead><tr>{head.map((h, j) => <th scope="col" key={h} className={col(j)}>{h}</th>)}</tr></thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              {r.map((c, j) => (
                <td key={j} className={col(j)}>
                  {c}
                  {j === 0 && fold !== undefined && <span className="api-param-meta">{r[fold]}</span>}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/* ── Page ────────────────────────────────────────────────────────────────── */

const AUTH_EXAMPLE = `# HTTP Basic: the key id is the user name, the secret the password
curl ${doc.baseUrl}/account \
  -u "$FG_KEY:$FG_SECRET"

# Bearer: key id and secret joined by a dot
curl ${doc.baseUrl}/account \
  -H "Authorization: Bearer $FG_KEY.$FG_SECRET"`;

const ERROR_EXAMPLE = JSON.stringify({ error: { code: 'insufficient_scope', message: 'This key has the read-only scope; POST /channels needs channels.', request_id: 'api_7Hc2Lq9xTz' } }, null, 2);

const PAGINATION_EXAMPLE = `cursor=""
while :; do
  page=$(curl -s -u "$FG_KEY:$FG_SECRET" \\
    "${doc.baseUrl}/deliveries?status=failed&limit=500\${cursor:+&cursor=$cursor}")
  echo "$page" | jq -r '.data[].id'
  cursor=$(echo "$page" | jq -r '.next_cursor // empty')
  [ -n "$cursor" ] || break
done`;

const RATE_EXAMPLE = `HTTP/1.1 429 Too Many Requests
Content-Type: application/json
X-RateLimit-Limit: 600
X-RateLimit-Remaining: 0
X-RateLimit-Reset: 1780391700
Retry-After: 17

{"error":{"code":"rate_limited","message":"600 requests per minute exceeded","request_id":"api_9Tb4Kd2mWq"}}`;

const IDEMPOTENCY_EXAMPLE = `curl -X POST ${doc.baseUrl}/channels \\
  -u "$FG_KEY:$FG_SECRET" \\
  -H 'Idempotency-Key: 6f1d2c0e-5b8a-4d8e-9a47-2c3b1f0e9d71' \\
  -H 'Content-Type: application/json' \\
  -d '{"name":"payments","region":"eu"}'`;

export default function ApiReference(_ctx: PageContext) {
  return (
    <div className="prose api-ref">
      <h2 id="overview">Overview</h2>
      <p>Everything in the dashboard is also an API call. The API speaks JSON over HTTPS, uses ordinary HTTP methods and status codes, and authenticates with the same access keys as the <code>ferry</code> agent.</p>
      <dl className="kv api-facts">
        <dt>Base URL</dt><dd><code>{doc.baseUrl}</code></dd>
        <dt>Format</dt><dd>JSON request and response bodies (<code>Content-Type: application/json</code>), UTF-8, timestamps in ISO 8601 UTC</dd>
        <dt>IDs</dt><dd>Prefixed strings such as <code>ch_8Yt2kq</code> or <code>dlv_7Kp2wQ9rT</code>; most paths also accept a resource’s name</dd>
        <dt>Versioning</dt><dd>The major version is in the path. Within <code>v1</code> changes are additive only (new endpoints, optional fields, enum values), so ignore fields you don’t know. Breaking changes would ship as <code>/v2</code>, with <code>v1</code> kept running for at least 12 months.</dd>
        <dt>Request ids</dt><dd>Every response carries a <code>Ferrygate-Request-Id</code> header; quote it when you contact support.</dd>
      </dl>
      <p>Bins are the exception: they live on <code>https://bin.ferrygate.dev</code> and need no key. The WebSocket stream is documented with the <a href="/v1/guide/websocket-stream">WebSocket stream guide</a>; how deliveries are signed is on <a href="/hmac-verification">Verifying webhook signatures</a>.</p>

      <h2 id="authentication">Authentication</h2>
      <p>Create an access key in the dashboard under <strong>Settings → Access keys</strong>, or with <a href="#post-access-keys">POST /access-keys</a>. A key is an id (<code>fgk_…</code>) and a secret that is shown once and stored only as a hash. Send both with every request, either way:</p>
      <CodeBlock code={AUTH_EXAMPLE} lang="bash" title="Two ways to authenticate" />
      <p>Each key has one or more scopes. A request outside its key’s scopes gets <code>403 insufficient_scope</code>. Managing access keys needs a key with both <code>channels</code> and <code>tunnels</code>.</p>
      <SimpleTable label="Access key scopes" head={['Scope', 'Allows']} rows={doc.scopes.map((s) => [<code key="s">{s.scope}</code>, s.grants])} />

      <h2 id="errors">Errors</h2>
      <p>Successful calls answer <code>2xx</code>. Everything else has a JSON body with a stable, machine-readable <code>code</code>, a human-readable <code>message</code> and the <code>request_id</code>:</p>
      <CodeBlock code={ERROR_EXAMPLE} lang="json" title="403 Forbidden" />
      <SimpleTable label="Error status codes" fold={1} head={['Status', 'Code', 'Meaning']} rows={doc.errors.map((e) => [String(e.status), <code key="c">{e.code}</code>, e.meaning])} />

      <h2 id="pagination">Pagination</h2>
      <p>List endpoints return <code>{'{"data": [...], "next_cursor": "…"}'}</code>, newest or first-created items first as each endpoint says. Pass <code>limit</code> (1–500, default 50) and, for the next page, <code>cursor</code> set to the previous <code>next_cursor</code>. On the last page <code>next_cursor</code> is <code>null</code>. Cursors are opaque and valid for 24 hours.</p>
      <CodeBlock code={PAGINATION_EXAMPLE} lang="bash" title="Every failed delivery, page by page" />

      <h2 id="rate-limits">Rate limits</h2>
      <p>API requests are limited per workspace and minute, by plan. Webhook traffic to your endpoints is counted separately; see the limits on the <a href="/v1/platform">platform page</a>.</p>
      <SimpleTable label="API requests per minute by plan" head={['Plan', 'API requests per minute']} rows={doc.rateLimits.plans.map((p) => [p.plan, p.perMinute])} />
      <p>Every response reports where you stand, and a <code>429</code> says how long to wait:</p>
      <SimpleTable label="Rate limit headers" head={['Header', 'Meaning']} rows={doc.rateLimits.headers.map((h) => [<code key="h">{h.name}</code>, h.meaning])} />
      <CodeBlock code={RATE_EXAMPLE} lang="http" title="429 Too Many Requests" />

      <h2 id="idempotency">Idempotency</h2>
      <p>Every <code>POST</code> accepts an <code>Idempotency-Key</code> header, any unique string up to 255 characters such as a UUID. If a network error leaves you unsure whether a call went through, send it again with the same key: within 24 hours you get the original response back (marked <code>Idempotent-Replayed: true</code>) and nothing happens twice. Reusing a key with a different request is rejected with <code>409 idempotency_conflict</code>. <code>GET</code>, <code>PUT</code> and <code>DELETE</code> are idempotent by definition. <code>PATCH</code> in general is not, but ours is a JSON merge patch that sets the fields you send to the values you send (nothing is incremented or appended), so sending the same <code>PATCH</code> twice leaves the resource as sending it once did.</p>
      <CodeBlock code={IDEMPOTENCY_EXAMPLE} lang="bash" title="Safe to retry" />

      <h2 id="sdks">SDKs and OpenAPI</h2>
      <p>The official clients are generated from the same OpenAPI 3.1 description as this page, which you can download from <a href={doc.openapi}>{doc.openapi.replace('https://', '')}</a> to generate your own.</p>
      <SimpleTable label="Official SDKs" head={['Language', 'Install']} rows={doc.sdks.map((s) => [s.language, <code key="i">{s.install}</code>])} />

      {doc.groups.map((g) => <Group key={g.id} group={g} />)}
    </div>
  );
}
