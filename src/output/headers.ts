/**
 * Cache policy for the output folder: written as `_headers` for hosts that read one, and sent by `sitegen preview`.
 * Hosts apply every matching rule and join repeated headers, so no two rules that can match one path set the same
 * header. Paths no rule gives a Cache-Control (pages, payloads) get the hosts' default, REVALIDATE.
 */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'public, max-age=0, must-revalidate';
export const NO_CACHE = 'no-cache';

export interface HeaderRule {
  /** `_headers` path pattern: `*` matches anything, `:name` one path segment. */
  pattern: string;
  headers: Record<string, string>;
}

export const HEADER_RULES: HeaderRule[] = [
  { pattern: '/*', headers: { 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'strict-origin-when-cross-origin' } },
  { pattern: '/_sitegen/builds/latest.json', headers: { 'Cache-Control': NO_CACHE } },
  { pattern: '/_sitegen/builds/meta/*', headers: { 'Cache-Control': IMMUTABLE } },
  { pattern: '/_sitegen/islands/*', headers: { 'Cache-Control': IMMUTABLE } },
  { pattern: '/_sitegen/images/*', headers: { 'Cache-Control': IMMUTABLE } },
  // Content-hashed files directly in _sitegen/ (runtime, stylesheet, search): one segment only.
  { pattern: '/_sitegen/:file', headers: { 'Cache-Control': IMMUTABLE } },
  { pattern: '/__island/*', headers: { 'Cache-Control': REVALIDATE } },
];

export function matchesPattern(pattern: string, path: string): boolean {
  const source = pattern
    .split(/(\*|:[A-Za-z]\w*)/)
    .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`).test(path);
}

/** The headers a static host sends for `path`: every matching rule, then the hosts' default caching. */
export function headersFor(path: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rule of HEADER_RULES) if (matchesPattern(rule.pattern, path)) Object.assign(out, rule.headers);
  out['Cache-Control'] ??= REVALIDATE;
  return out;
}

/** Netlify/Cloudflare-style `_headers`; every pattern carries the base path, as the host reads the file from its publish root. */
export function headersFile(base = '/'): string {
  const prefix = base.replace(/\/+$/, '');
  const head = [
    '# Every rule whose path matches applies; no two rules that can match one path set the same header.',
    `# Pages, payloads and other files: the host's default Cache-Control (${REVALIDATE}).`,
  ];
  return (
    [
      ...head,
      ...HEADER_RULES.map(
        (rule) =>
          `${prefix}${rule.pattern}\n${Object.entries(rule.headers)
            .map(([k, v]) => `  ${k}: ${v}`)
            .join('\n')}`,
      ),
    ].join('\n') + '\n'
  );
}
