/**
 * Island: an HMAC calculator that runs entirely in the browser (Web Crypto).
 *
 * The server HTML is a complete, labelled form with a precomputed example result. It is inert
 * until `mount()` from ./hmac-calculator.client.ts wires it: the submit button starts disabled,
 * no field has a `name` that could carry a secret into a URL, and a note says so. Props are
 * plain JSON, so the component can be wrapped in <Island> as it is.
 */
import { useEffect, useRef } from 'react';
import { mount, type HmacAlgorithm } from './hmac-calculator.client';

export interface HmacCalculatorProps {
  /** Prefix for element ids; unique per page. */
  id?: string;
  defaultSecret?: string;
  defaultPayload?: string;
  /** `t` of a Ferrygate-Signature: when set, the signed message is `{t}.{payload}`. */
  defaultTimestamp?: string;
  /** HMAC-SHA256 (hex) of the defaults, computed at build time for the static result. */
  initialSignature?: string;
}

const ALGORITHM_LABELS: { value: HmacAlgorithm; label: string }[] = [
  { value: 'SHA-256', label: 'HMAC-SHA256' },
  { value: 'SHA-1', label: 'HMAC-SHA1 (legacy)' },
  { value: 'SHA-384', label: 'HMAC-SHA384' },
  { value: 'SHA-512', label: 'HMAC-SHA512' },
];

function byteLength(s: string): number {
  return new TextEncoder().encode(s).length;
}

export function HmacCalculator({ id = 'hmac', defaultSecret = '', defaultPayload = '', defaultTimestamp = '', initialSignature }: HmacCalculatorProps) {
  const f = (name: string) => `${id}-${name}`;
  const signed = defaultTimestamp ? `${defaultTimestamp}.${defaultPayload}` : defaultPayload;
  const bytes = byteLength(signed);
  const shown = signed.length > 96 ? `${signed.slice(0, 96)}…` : signed;
  const inputs = ['secret', 'payload', 'timestamp', 'algorithm', 'encoding-hex', 'encoding-base64'].map(f).join(' ');
  // Hydrated as an island: wire the form (Web Crypto, in the browser only).
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (form.current) mount(form.current);
  }, []);
  return (
    <form ref={form} className="hmac-calc" data-hmac-calculator="" aria-label="HMAC calculator" noValidate>
      <p className="note hmac-calc-note">
        <strong>Runs in your browser.</strong> The signature is computed on this page with the Web Crypto API. Your secret and payload are never sent anywhere, but prefer a test secret all the same.
      </p>
      <p className="hmac-nojs" data-hmac="nojs">
        This calculator needs JavaScript. Without it the form is inert and the result below is a precomputed example for the values shown. The Shell tab above does the same with <code>openssl</code>.
      </p>

      <div className="hmac-field">
        <label htmlFor={f('secret')}>Signing secret</label>
        <input id={f('secret')} data-hmac="secret" type="text" defaultValue={defaultSecret} autoComplete="off" autoCapitalize="off" spellCheck={false} aria-describedby={f('secret-hint')} />
        <p id={f('secret-hint')} className="hmac-hint">Used as UTF-8 bytes, exactly as typed.</p>
      </div>

      <div className="hmac-field">
        <label htmlFor={f('payload')}>Payload (raw request body)</label>
        <textarea id={f('payload')} data-hmac="payload" rows={5} defaultValue={defaultPayload} autoComplete="off" autoCapitalize="off" spellCheck={false} aria-describedby={f('payload-hint')} />
        <p id={f('payload-hint')} className="hmac-hint">Paste the body byte for byte: re-formatted JSON or an extra trailing newline gives a different signature.</p>
      </div>

      <div className="hmac-row">
        <div className="hmac-field">
          <label htmlFor={f('timestamp')}>Timestamp <code>t</code> <span className="hmac-optional">(optional)</span></label>
          <input id={f('timestamp')} data-hmac="timestamp" type="text" inputMode="numeric" defaultValue={defaultTimestamp} autoComplete="off" aria-describedby={f('timestamp-hint')} />
          <p id={f('timestamp-hint')} className="hmac-hint">When set, the message is <code>{'{t}.{payload}'}</code> as in <code>Ferrygate-Signature</code>. Clear it for body-only schemes.</p>
        </div>
        <div className="hmac-field">
          <label htmlFor={f('algorithm')}>Algorithm</label>
          <select id={f('algorithm')} data-hmac="algorithm" defaultValue="SHA-256">
            {ALGORITHM_LABELS.map((a) => <option key={a.value} value={a.value}>{a.label}</option>)}
          </select>
        </div>
        <fieldset className="hmac-field">
          <legend>Output encoding</legend>
          <div className="hmac-radios">
            <label htmlFor={f('encoding-hex')}>
              <input id={f('encoding-hex')} data-hmac="encoding" type="radio" name={f('encoding')} value="hex" defaultChecked /> Hex
            </label>
            <label htmlFor={f('encoding-base64')}>
              <input id={f('encoding-base64')} data-hmac="encoding" type="radio" name={f('encoding')} value="base64" /> Base64
            </label>
          </div>
        </fieldset>
      </div>

      <div className="hmac-field">
        <label htmlFor={f('expected')}>Expected signature <span className="hmac-optional">(optional)</span></label>
        <input id={f('expected')} data-hmac="expected" type="text" autoComplete="off" autoCapitalize="off" spellCheck={false} aria-describedby={f('expected-hint')} />
        <p id={f('expected-hint')} className="hmac-hint">The value from the request header. A whole <code>t=…,v1=…</code> header works, and so do <code>sha256=</code> and <code>v1,</code> prefixes.</p>
      </div>

      <div className="hmac-actions">
        <button className="btn btn-primary" type="submit" data-hmac="submit" disabled>Compute HMAC</button>
        <span className="hmac-hint">Updates as you type.</span>
      </div>

      <div className="hmac-result" role="status" aria-live="polite" aria-atomic="true">
        <p className="hmac-result-label" id={f('result-label')}>Computed signature</p>
        <output className="hmac-output" data-hmac="output" htmlFor={inputs} aria-labelledby={f('result-label')}>{initialSignature ?? '—'}</output>
        <span className="hmac-message">Signed message, <span data-hmac="message">{bytes} bytes: {shown}</span></span>
        <p className="hmac-verdict" data-hmac="verdict" data-state="idle">Paste an expected signature to compare it with this one.</p>
      </div>
    </form>
  );
}

export default HmacCalculator;
