/**
 * Browser behaviour of the HMAC calculator (site/islands/HmacCalculator.tsx).
 *
 * `computeHmac` is the whole computation: Web Crypto's HMAC over UTF-8 bytes, encoded as hex
 * or base64. `mount(root)` wires the server-rendered form: it computes on input and on submit,
 * writes the result into the form's live region and compares it with an optional expected
 * signature. Nothing leaves the browser. No framework; safe to call from a React effect.
 */

export type HmacAlgorithm = 'SHA-1' | 'SHA-256' | 'SHA-384' | 'SHA-512';
export type HmacEncoding = 'hex' | 'base64';

export const HMAC_ALGORITHMS: readonly HmacAlgorithm[] = ['SHA-256', 'SHA-1', 'SHA-384', 'SHA-512'];

function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** HMAC of `payload` keyed with `secret` (both UTF-8), as lowercase hex or standard base64. */
export async function computeHmac(secret: string, payload: string, algorithm: HmacAlgorithm, encoding: HmacEncoding): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error('Web Crypto is not available here; it needs a secure context (HTTPS or localhost).');
  // Web Crypto refuses zero-length HMAC keys, and an empty secret protects nothing anyway.
  if (secret.length === 0) throw new Error('Enter a secret: an HMAC key cannot be empty.');
  const utf8 = new TextEncoder();
  const key = await subtle.importKey('raw', utf8.encode(secret), { name: 'HMAC', hash: algorithm }, false, ['sign']);
  const mac = new Uint8Array(await subtle.sign('HMAC', key, utf8.encode(payload)));
  return encoding === 'hex' ? toHex(mac) : toBase64(mac);
}

/**
 * The signature values inside whatever the user pasted: a bare value, a prefixed one
 * (`sha256=<hex>`), a whole `t=…,v1=…,v1=…` header, or a Standard Webhooks `v1,<base64>` list.
 */
export function expectedCandidates(pasted: string, encoding: HmacEncoding): string[] {
  const value = pasted.trim();
  if (!value) return [];
  let found: string[];
  if (/(^|[\s,])v1=/.test(value)) found = [...value.matchAll(/(?:^|[\s,])v1=([^\s,]+)/g)].map((m) => m[1]);
  else if (/(^|\s)v1,/.test(value)) found = [...value.matchAll(/(?:^|\s)v1,(\S+)/g)].map((m) => m[1]);
  else found = [value.replace(/^(?:sha1|sha256|sha384|sha512)=/i, '')];
  return found.map((v) => (encoding === 'hex' ? v.toLowerCase() : v)).filter(Boolean);
}

/**
 * Compares without an early exit, so the time taken does not depend on where the strings differ.
 * (Timing hardly matters in a page that only compares your own values; real verifiers should use
 * their platform's constant-time compare, as in the code samples.)
 */
export function constantTimeEqual(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ (b.charCodeAt(i) | 0);
  return diff === 0;
}

function preview(message: string): string {
  const bytes = new TextEncoder().encode(message).length;
  const shown = message.length > 96 ? `${message.slice(0, 96)}…` : message;
  return `${bytes} byte${bytes === 1 ? '' : 's'}: ${shown}`;
}

type VerdictState = 'idle' | 'match' | 'mismatch' | 'error';

/** Wire a server-rendered calculator form. `root` is the form or any element containing it. */
export function mount(root: HTMLElement): void {
  const form = root.matches('form[data-hmac-calculator]') ? (root as HTMLFormElement) : root.querySelector<HTMLFormElement>('form[data-hmac-calculator]');
  if (!form) throw new Error('mount: no form[data-hmac-calculator] inside the root element');
  if (form.dataset.hmacMounted) return;

  function el<T extends Element>(name: string): T {
    const found = form!.querySelector<T>(`[data-hmac="${name}"]`);
    if (!found) throw new Error(`mount: the calculator has no [data-hmac="${name}"] element`);
    return found;
  }
  const secretInput = el<HTMLInputElement>('secret');
  const payloadInput = el<HTMLTextAreaElement>('payload');
  const timestampInput = el<HTMLInputElement>('timestamp');
  const algorithmSelect = el<HTMLSelectElement>('algorithm');
  const expectedInput = el<HTMLInputElement>('expected');
  const submit = el<HTMLButtonElement>('submit');
  const output = el<HTMLOutputElement>('output');
  const message = el<HTMLElement>('message');
  const verdict = el<HTMLElement>('verdict');
  const noJs = form.querySelector<HTMLElement>('[data-hmac="nojs"]');

  const setVerdict = (state: VerdictState, text: string) => {
    verdict.dataset.state = state;
    verdict.textContent = text;
  };

  let run = 0;
  let timer: number | undefined;

  async function update(): Promise<void> {
    const current = ++run;
    const algorithm = HMAC_ALGORITHMS.find((a) => a === algorithmSelect.value) ?? 'SHA-256';
    const encodingInput = form!.querySelector<HTMLInputElement>('[data-hmac="encoding"]:checked');
    const encoding: HmacEncoding = encodingInput?.value === 'base64' ? 'base64' : 'hex';
    const t = timestampInput.value.trim();
    const signed = t ? `${t}.${payloadInput.value}` : payloadInput.value;
    message.textContent = preview(signed);

    if (!secretInput.value) {
      output.value = '—';
      setVerdict('idle', 'Enter a secret to compute the signature.');
      return;
    }
    try {
      const signature = await computeHmac(secretInput.value, signed, algorithm, encoding);
      if (current !== run) return; // a newer input already started
      output.value = signature;
      const candidates = expectedCandidates(expectedInput.value, encoding);
      if (!candidates.length) {
        setVerdict('idle', 'Paste an expected signature to compare it with this one.');
      } else if (candidates.some((c) => constantTimeEqual(signature, c))) {
        setVerdict('match', '✓ Match: the expected signature equals the computed one.');
      } else {
        setVerdict('mismatch', `✗ No match. Check the secret, the exact raw body (a trailing newline counts), the timestamp, the algorithm and ${encoding === 'hex' ? 'hex versus base64' : 'base64 versus hex'}.`);
      }
    } catch (error) {
      if (current !== run) return;
      output.value = '—';
      setVerdict('error', error instanceof Error ? error.message : 'The signature could not be computed.');
    }
  }

  form.addEventListener('input', () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => void update(), 200);
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    window.clearTimeout(timer);
    void update();
  });

  form.dataset.hmacMounted = 'true';
  if (noJs) noJs.hidden = true;
  submit.disabled = false;
  void update();
}
