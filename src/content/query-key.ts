/**
 * Content queries and their answer files (`api/_content/{query,navigation}/<queryHash(_params)>.json`), shared by build, dev and browser.
 * No Node or DOM APIs here: the runtime bundles this file as it is.
 */

/** A subset of Nuxt Content's query language (the dev server answers any such query live). */
export interface ContentQuery {
  where?: Record<string, unknown>;
  sort?: Record<string, 1 | -1>;
  skip?: number;
  limit?: number;
  only?: string[];
  first?: boolean;
}

/** JSON with object keys sorted at every level, so equal queries give equal text. */
export function serialiseQuery(query: unknown): string {
  return JSON.stringify(query, (_key, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : value,
  );
}

const ror = (x: number, n: number) => (x >>> n) | (x << (32 - n));
const K: number[] = [];
const H: number[] = [];
// The constants of SHA-256: fractional parts of the square (H) and cube (K) roots of the first primes.
for (let n = 2; K.length < 64; n++) {
  let prime = true;
  for (let d = 2; d * d <= n; d++) if (n % d === 0) prime = false;
  if (!prime) continue;
  if (H.length < 8) H.push((n ** (1 / 2) * 2 ** 32) | 0);
  K.push((n ** (1 / 3) * 2 ** 32) | 0);
}

/** SHA-256 of the UTF-8 bytes of `text`, in hex. Synchronous, and the same in Node and browsers. */
export function sha256Hex(text: string): string {
  const bytes = new TextEncoder().encode(text);
  const len = bytes.length;
  const words = new Uint32Array(((len + 72) >> 6) << 4);
  for (let i = 0; i < len; i++) words[i >> 2] |= bytes[i] << (24 - (i & 3) * 8);
  words[len >> 2] |= 0x80 << (24 - (len & 3) * 8);
  words[words.length - 2] = len / 2 ** 29;
  words[words.length - 1] = len * 8;
  const h = H.slice();
  const w = new Uint32Array(64);
  for (let block = 0; block < words.length; block += 16) {
    for (let i = 0; i < 64; i++) {
      if (i < 16) w[i] = words[block + i];
      else {
        const a = w[i - 15];
        const b = w[i - 2];
        w[i] = (ror(a, 7) ^ ror(a, 18) ^ (a >>> 3)) + w[i - 7] + (ror(b, 17) ^ ror(b, 19) ^ (b >>> 10)) + w[i - 16];
      }
    }
    const v = h.slice();
    for (let i = 0; i < 64; i++) {
      const [a, b, c, , e, f, g] = v;
      const t1 = (v[7] + (ror(e, 6) ^ ror(e, 11) ^ ror(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i]) | 0;
      const t2 = ((ror(a, 2) ^ ror(a, 13) ^ ror(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      v.pop();
      v.unshift((t1 + t2) | 0);
      v[4] = (v[4] + t1) | 0;
    }
    for (let i = 0; i < 8; i++) h[i] = (h[i] + v[i]) | 0;
  }
  return h.map((x) => (x >>> 0).toString(16).padStart(8, '0')).join('');
}

/** The id of a prerendered content query: the first 12 hex digits of the SHA-256 of its `_params`. */
export function queryHash(params: string): string {
  return sha256Hex(params).slice(0, 12);
}

/** One document, by route. Its file holds the document as the content API shows it. */
export const documentQuery = (path: string): ContentQuery => ({ where: { _path: path }, first: true });
/** The blog listing: published posts, newest first. Its file holds post summaries. */
export const POSTS_QUERY: ContentQuery = { where: { isPost: true }, sort: { date: -1 } };
/** The navigation tree of every document (the `navigation/` folder). */
export const NAVIGATION_QUERY: ContentQuery = {};

/** `serialiseQuery(documentQuery(path))`, written out: the build names every document's file with it. */
export const documentQueryKey = (path: string) => `{"first":true,"where":{"_path":${JSON.stringify(path)}}}`;
export const POSTS_QUERY_KEY = serialiseQuery(POSTS_QUERY);
export const NAVIGATION_KEY = serialiseQuery(NAVIGATION_QUERY);
/** A locale's own navigation tree (each locale but the default, whose tree is NAVIGATION_KEY's), also in `navigation/`. */
export const localeNavigationKey = (code: string) => serialiseQuery({ where: { _locale: code } });
