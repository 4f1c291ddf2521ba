import { createHmac } from 'node:crypto';
import type { PageContext, PageMeta } from 'react-sitegen/templates/types';
import { CodeBlock } from 'react-sitegen/templates/components/CodeBlock';
import { CodeTabs } from 'react-sitegen/templates/components/CodeTabs';
import { Section, Cards, Split } from 'react-sitegen/templates/components/Marketing';
import { HmacCalculator } from '../islands/HmacCalculator';
import { Island } from 'react-sitegen/templates/components/Island';
import { HMAC_SNIPPETS } from '../data/hmac-snippets';

export const meta: PageMeta = {
  title: 'Verifying webhook signatures (HMAC)',
  description: 'What HMAC signatures are, how providers sign, how to verify correctly — with code in 8 languages and a calculator.',
  layout: 'feature',
  eyebrow: 'Webhook security',
  docs: '/v1/examples/auth/verify-hmac-signatures',
  hero: {
    title: 'Verifying webhook signatures (HMAC)',
    subtitle: 'Anyone who learns a webhook URL can post to it. A signature proves the request came from the sender and arrived unchanged — if you check it on the raw bytes, in constant time, with a fresh timestamp. Here is how, with working code in eight languages and a calculator that runs in your browser.',
    cta: { text: 'Get the code', href: '#code' },
  },
  faq: [
    { q: 'Should I verify before or after parsing the JSON?', a: 'Before. The signature covers the exact bytes the sender transmitted, and any parse-and-serialise round trip can change key order, whitespace or escaping. Read the raw body, verify it, and only then parse it.' },
    { q: 'My signature never matches although the secret is right. What now?', a: 'Almost always the message differs, not the key. Log the length of the raw body you hash and compare it with the Content-Length header, check for a trailing newline, make sure you hash "{t}.{body}" rather than the body alone, and compare hex with hex. Capture the request in a webhook bin and use the calculator on this page to see which variant matches.' },
    { q: 'How long is a Ferrygate signature valid?', a: 'Verify that t is within 5 minutes of your clock, in either direction. Every attempt is signed with a fresh timestamp, so retries and replays that arrive hours later still pass, while a request captured and re-sent by someone else is rejected once it is older than the tolerance. Keep your servers on NTP.' },
    { q: 'What happens while a signing secret is rotated?', a: 'For the overlap window you choose, usually 24 hours, Ferrygate signs every delivery with both the old and the new secret and sends two v1= values. A receiver that accepts a request when any v1 value matches keeps working no matter when you deploy the new secret.' },
    { q: 'Is the calculator safe to use with a real secret?', a: 'It computes with the Web Crypto API inside this page and sends nothing anywhere; you can check that in your browser’s network panel. Even so, practise with a test secret, and rotate any secret you have pasted somewhere you don’t control. The bin API’s POST /hmac endpoint, by contrast, does receive the secret, so use it with test secrets only.' },
    { q: 'Can Ferrygate check a provider’s signature before it reaches my network?', a: 'Yes. A function on the endpoint can verify the provider’s HMAC with the built-in crypto module and drop forged requests at the edge, so none of your destinations ever sees them. The auth examples include a ready-made function for prefixed-hex, base64 and timestamped schemes.' },
  ],
};

/* Example values, computed at build time so every signature on the page really verifies. */
const DEMO_SECRET = 'fgs_test_secret';
const DEMO_BODY = '{"event":"invoice.paid","invoice":"inv_0931"}';
const DEMO_T = '1780390800';
const hmacHex = (key: string | Buffer, message: string) => createHmac('sha256', key).update(message).digest('hex');
const DEMO_SIG = hmacHex(DEMO_SECRET, `${DEMO_T}.${DEMO_BODY}`);
const DEMO_SIG_OLD = hmacHex('fgs_previous_secret', `${DEMO_T}.${DEMO_BODY}`);
const SW_SECRET = 'whsec_' + Buffer.from('ferrygate-demo-signing-key!').toString('base64');
const SW_ID = 'dlv_7Kp2wQ9rT';
const SW_SIG = createHmac('sha256', Buffer.from(SW_SECRET.slice('whsec_'.length), 'base64')).update(`${SW_ID}.${DEMO_T}.${DEMO_BODY}`).digest('base64');

const DELIVERY_SAMPLES = [
  {
    label: 'Ferrygate-Signature',
    lang: 'http',
    code: `POST /hooks HTTP/1.1
Host: localhost:3000
Content-Type: application/json
Ferrygate-Delivery: ${SW_ID}
Ferrygate-Signature: t=${DEMO_T},v1=${DEMO_SIG}

${DEMO_BODY}`,
  },
  {
    label: 'During rotation',
    lang: 'http',
    code: `POST /hooks HTTP/1.1
Host: localhost:3000
Content-Type: application/json
Ferrygate-Delivery: ${SW_ID}
Ferrygate-Signature: t=${DEMO_T},v1=${DEMO_SIG_OLD},v1=${DEMO_SIG}

${DEMO_BODY}`,
  },
  {
    label: 'Standard Webhooks',
    lang: 'http',
    code: `POST /hooks HTTP/1.1
Host: localhost:3000
Content-Type: application/json
webhook-id: ${SW_ID}
webhook-timestamp: ${DEMO_T}
webhook-signature: v1,${SW_SIG}

${DEMO_BODY}`,
  },
];

const SCHEMES: [string, string, string, string, string, string][] = [
  ['Prefixed hex (GitHub-style)', 'X-Hub-Signature-256: sha256=<hex>', 'raw body', 'HMAC-SHA256 (older: SHA-1)', 'hex with a sha256= prefix', 'none'],
  ['Timestamped (Stripe-style)', 'Signature: t=<unix>,v1=<hex>', '"{t}.{body}"', 'HMAC-SHA256', 'hex; several v1 values during rotation', 't= in the header, ~5 min tolerance'],
  ['Plain base64 (Shopify-style)', 'X-…-Hmac-Sha256: <base64>', 'raw body', 'HMAC-SHA256', 'base64', 'none'],
  ['URL + form fields (telephony-style)', 'X-…-Signature: <base64>', 'full URL + sorted POST fields', 'HMAC-SHA1', 'base64', 'none'],
  ['Standard Webhooks', 'webhook-signature: v1,<base64>', '"{id}.{timestamp}.{body}"', 'HMAC-SHA256; key is the base64 after whsec_', 'base64; space-separated list', 'webhook-timestamp header, 5 min'],
  ['Ferrygate', 'Ferrygate-Signature: t=<unix>,v1=<hex>', '"{t}.{raw body}"', 'HMAC-SHA256', 'hex; two v1 values during rotation', 't= in the header, 5 min tolerance'],
];

const PITFALLS = [
  { icon: 'code', title: 'Parsing JSON before hashing', text: <>Frameworks love to hand you <code>req.body</code> as an object. <code>JSON.stringify</code> of it is not what the sender signed: key order, spacing, escaped slashes and numbers like <code>1.0</code> all change. Hash the raw bytes.</> },
  { icon: 'replay', title: 'Re-serialisation on the way', text: 'Middleware that pretty-prints, normalises line endings, decompresses or re-encodes the body breaks the signature too. Verify at the first place that sees the bytes, or forward them untouched, as Ferrygate does.' },
  { icon: 'filter', title: 'Hex versus base64', text: <>The same 32 bytes look completely different as <code>5d1f…</code> and <code>XR8L…=</code>. Decode both sides or compare the same encoding, lowercase hex, and strip prefixes such as <code>sha256=</code> before comparing.</> },
  { icon: 'terminal', title: 'Trailing newlines', text: <><code>echo</code> appends a newline, editors add one to fixture files, and <code>curl -d @file</code> strips them. Use <code>printf '%s'</code> and <code>--data-binary</code> when you build test requests by hand.</> },
  { icon: 'globe', title: 'Charset surprises', text: 'Secrets and bodies are UTF-8 bytes. Reading a body as Latin-1, or a secret from a file with a byte-order mark, changes the input by a few invisible bytes and the output completely.' },
  { icon: 'key', title: 'Multiple signatures', text: <>During a secret rotation there are two <code>v1=</code> values. Check every one and accept the request if any matches; code that only reads the first breaks on rotation day.</> },
  { icon: 'clock', title: 'No timestamp check', text: 'A valid signature stays valid forever. Without a tolerance on the signed timestamp, anyone who captures one request can replay it next week.' },
  { icon: 'shield', title: 'Comparing with ==', text: 'An ordinary string comparison returns at the first differing byte, which leaks how much of a guess was right. Use your platform’s constant-time compare.' },
];

export default function HmacVerification(_ctx: PageContext) {
  const stacks = HMAC_SNIPPETS.map((s) => `${s.label} (${s.stack})`);
  return (
    <>
      <Section id="what-is-hmac" eyebrow="The basics" title="What an HMAC signature is">
        <Split aside={
          <CodeBlock className="hmac-formula" lang="text" title="The whole idea" code={`signature = HMAC-SHA256(
  key:     shared secret,
  message: raw request body
)

# the sender puts it in a header;
# the receiver computes it again
# and compares the two
${hmacHex(DEMO_SECRET, DEMO_BODY)}`} />
        }>
          <p className="section-lead">An HMAC (hash-based message authentication code) is a keyed hash. The sender runs a hash function such as SHA-256 over the request body mixed with a secret that only it and you know, and sends the result in a header.</p>
          <p>You compute the same HMAC over the bytes you received. If the values match, the request was produced by someone holding the secret and not a single byte changed on the way. Unlike a plain checksum, an attacker can’t recompute it without the secret; unlike a public-key signature, both sides use the same key.</p>
        </Split>
      </Section>

      <Section id="why-verify" soft eyebrow="Why it matters" title="Why verify every request" lead="Webhook URLs end up in logs, screenshots and browser histories. Treat them as public and let the signature decide what you trust.">
        <Cards cols={3} items={[
          { icon: 'shield', title: 'Authenticity', text: 'Only the sender has the secret, so a matching signature means the request is really from them and not from someone who found or guessed the URL.' },
          { icon: 'check', title: 'Integrity', text: 'The HMAC covers every byte of the body. A proxy, a bug or an attacker that changes the payload produces a signature that no longer matches.' },
          { icon: 'clock', title: 'Replay protection', text: 'When the timestamp is signed too, you can reject requests older than a few minutes, so a captured request can’t be re-sent later to repeat an action.' },
        ]} />
      </Section>

      <Section id="provider-schemes" eyebrow="In the wild" title="How common providers sign" lead="The idea is always the same; the details differ. Check which header, which bytes, which algorithm and which encoding before you write a line of code.">
        <p className="hmac-scroll-hint" aria-hidden="true">Scroll the table sideways to see every column.</p>
        <div className="table-wrap hmac-schemes" role="region" aria-labelledby="provider-schemes" tabIndex={0}>
          <table className="data-table">
            <caption className="sr-only">Common webhook signature schemes</caption>
            <thead>
              <tr>{['Style', 'Header (example)', 'Signed message', 'Algorithm', 'Encoding', 'Timestamp'].map((h) => <th scope="col" key={h}>{h}</th>)}</tr>
            </thead>
            <tbody>
              {SCHEMES.map(([style, header, signed, algorithm, encoding, timestamp]) => (
                <tr key={style}>
                  <th scope="row">{style}</th>
                  <td><code>{header}</code></td>
                  <td><code>{signed}</code></td>
                  <td>{algorithm}</td>
                  <td>{encoding}</td>
                  <td>{timestamp}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>

      <Section id="verify-step-by-step" soft eyebrow="The recipe" title="Verification, step by step">
        <ol className="num-list hmac-steps">
          <li><strong>Read the raw body as bytes</strong> before any JSON, form or XML parser touches it, and keep it for the next steps.</li>
          <li><strong>Parse the signature header.</strong> Pull out the timestamp and <em>every</em> signature value; ignore fields you don’t know.</li>
          <li><strong>Compute the HMAC</strong> over exactly the signed message with your secret: <code>{'{t}.{raw body}'}</code> for Ferrygate, the body alone for most prefixed-hex and base64 schemes.</li>
          <li><strong>Compare in constant time</strong> against each received value, after decoding hex or base64 (or after normalising both to the same encoding).</li>
          <li><strong>Check the timestamp tolerance:</strong> reject anything more than 5 minutes away from your clock, in either direction.</li>
          <li><strong>Reject failures with <code>401</code></strong> and no details, log them, and only then parse the body and de-duplicate on the delivery id.</li>
        </ol>
      </Section>

      <Section id="pitfalls" eyebrow="Pitfalls" title="Why signatures “randomly” fail" lead="Nearly every mismatch comes from hashing different bytes than the sender did, not from a wrong secret.">
        <div className="hmac-pitfalls"><Cards cols={4} items={PITFALLS} /></div>
      </Section>

      <Section id="ferrygate-signatures" soft eyebrow="Ferrygate deliveries" title="How Ferrygate signs deliveries">
        <Split aside={<CodeTabs name="hmac-delivery" label="Signed delivery examples" samples={DELIVERY_SAMPLES} className="hmac-delivery-tabs" />}>
          <p className="section-lead">Every delivery to a destination carries a <code>Ferrygate-Signature</code> header: a Unix timestamp and the hex HMAC-SHA256 of <code>{'"{t}.{raw body}"'}</code>, keyed with the destination’s signing secret.</p>
          <ul className="check-list">
            <li><code>t</code> is set fresh for every attempt, retry and replay. Allow 5 minutes of clock difference.</li>
            <li>Rotate a secret with an overlap window: until it ends, each delivery carries two <code>v1=</code> values and you accept either.</li>
            <li><code>Ferrygate-Delivery</code> stays the same across retries, so you can de-duplicate on it.</li>
            <li>Prefer a standard? Since May 2025 a destination can sign with <strong>Standard Webhooks</strong> instead: <code>webhook-id</code>, <code>webhook-timestamp</code> and <code>webhook-signature: v1,&lt;base64&gt;</code> over <code>{'"{id}.{timestamp}.{body}"'}</code>.</li>
          </ul>
          <p>Switch the scheme or rotate the secret in the dashboard under <strong>Destination → Signing</strong>, or with <a className="hmac-text-link" href="/api-reference#patch-channels-id-destinations-destid">the destinations API</a>. The examples use the secret <code>{DEMO_SECRET}</code>; try them in the calculator below.</p>
        </Split>
      </Section>

      <Section id="code" eyebrow="Copy and paste" title="Verify Ferrygate signatures in your language" lead={<>Each sample is a complete receiver with a constant-time comparison, the 5-minute timestamp check and support for two <code>v1=</code> values during rotation.</>}>
        <CodeTabs name="hmac-code" label="Signature verification code" samples={HMAC_SNIPPETS} className="code-tabs-tall" />
        <p className="section-foot muted">Written for {stacks.slice(0, -1).join(', ')} and {stacks[stacks.length - 1]}. Every sample reads the secret from configuration and refuses to start without one.</p>
      </Section>

      <Section id="calculator" soft narrow eyebrow="Try it" title="HMAC calculator" lead="Compute a signature for a secret and a payload, and compare it with the one you received. Prefilled with the Ferrygate example above.">
        <Island name="HmacCalculator" component={HmacCalculator} props={{ id: 'hmac', defaultSecret: DEMO_SECRET, defaultPayload: DEMO_BODY, defaultTimestamp: DEMO_T, initialSignature: DEMO_SIG }} />
      </Section>

      <Section id="next-steps" eyebrow="Keep going" title="Check real requests">
        <Cards cols={3} items={[
          { icon: 'inbox', title: 'Inspect a request in a bin', text: 'Point a sender at a free webhook bin, see the exact headers and raw body, and check the signature with any algorithm — no signup.', href: '/webhook-bin', link: 'Open a webhook bin' },
          { icon: 'shield', title: 'Verify at the edge', text: 'Run the check in a Ferrygate function on the endpoint, so forged requests get a 401 before they reach any destination.', href: '/v1/examples/auth/verify-hmac-signatures', link: 'See the example' },
          { icon: 'key', title: 'Rotate without downtime', text: 'Overlap, don’t swap: the four phases of a secret rotation, for Ferrygate’s secret and for provider secrets you verify.', href: '/blog/2024/09/10/rotating-signing-secrets', link: 'Read the guide' },
        ]} />
      </Section>
    </>
  );
}
