/**
 * Cache policy for the output folder, written once: the build writes it as a `_headers` file
 * for hosts that read one, and `sitegen preview` sends the same headers.
 */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'public, max-age=0, must-revalidate';
export const NO_CACHE = 'no-cache';

export interface HeaderRule {
  /** `_headers` path pattern (`*` matches anything). */
  pattern: string;
  headers: Record<string, string>;
}

/** Most specific first: a file's headers come from the first rule that matches. */
export const HEADER_RULES: HeaderRule[] = [
  { pattern: '/_sitegen/builds/latest.json', headers: { 'Cache-Control': NO_CACHE } },
  { pattern: '/_sitegen/builds/meta/*', headers: { 'Cache-Control': IMMUTABLE } },
  { pattern: '/_sitegen/*', headers: { 'Cache-Control': IMMUTABLE } },
  { pattern: '/api/_content/*', headers: { 'Cache-Control': IMMUTABLE } },
  { pattern: '/__island/*', headers: { 'Cache-Control': REVALIDATE } },
  { pattern: '/*', headers: { 'Cache-Control': REVALIDATE, 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'strict-origin-when-cross-origin' } },
];

function matches(pattern: string, path: string): boolean {
  return pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern;
}

/** The headers a static host should send for `path`. */
export function headersFor(path: string): Record<string, string> {
  const out: Record<string, string> = {};
  // `/*` carries the security headers every file gets; the first specific rule sets caching.
  Object.assign(out, HEADER_RULES[HEADER_RULES.length - 1].headers);
  const rule = HEADER_RULES.find((r) => matches(r.pattern, path));
  if (rule) Object.assign(out, rule.headers);
  return out;
}

/** Netlify/Cloudflare-style `_headers`. */
export function headersFile(): string {
  return HEADER_RULES.map((rule) => `${rule.pattern}\n${Object.entries(rule.headers).map(([k, v]) => `  ${k}: ${v}`).join('\n')}`).join('\n') + '\n';
}
