/** TOML as sitegen reads it: Hugo's `+++` front matter (and `---toml`), through smol-toml. */
import { TomlDate, TomlError, parse } from 'smol-toml';
import { daysIn } from './dates.ts';

export const TOML_HINT =
  'TOML front matter is `key = value` lines between two `+++` lines (or `---toml` and `---`). Quote text (title = "My page"); dates are bare (date = 2024-01-02T10:00:00Z).';

/** Strings and comments, which are skipped, or a bare date or date-time with its fields. */
const TOKEN =
  /"""(?:[^\\]|\\[\s\S])*?"""(?!")|'''[\s\S]*?'''(?!')|"(?:[^"\\\n]|\\.)*"|'[^'\n]*'|#[^\n]*|(?<![\w.-])(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:[Zz]|[+-]\d{2}:\d{2})?)?(?![\w-])/g;

/**
 * A bare date that is no real day or time quoted, so it stays text that parseDate refuses (SG2002), as a YAML date is:
 * smol-toml refuses a month 13 or an hour 24 as a syntax error, and reads 2024-02-30 as March 1 (Date rolls it over).
 */
function quoteImpossibleDates(text: string): string {
  return text.replace(TOKEN, (token, y?: string, mo?: string, d?: string, h = '0', mi = '0', s = '0') => {
    if (!y || !mo || !d) return token;
    const month = Number(mo);
    const real = month >= 1 && month <= 12 && Number(d) >= 1 && Number(d) <= daysIn(Number(y), month);
    return real && Number(h) <= 23 && Number(mi) <= 59 && Number(s) <= 59 ? token : JSON.stringify(token);
  });
}

/** Plain data: objects with a prototype, and each date or time as its text (as written), which parseDate reads as it reads YAML's. */
function plain(value: unknown): unknown {
  if (value instanceof TomlDate) return value.toISOString();
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

/** The table in `text`; a syntax error is thrown with its `reason` and `mark.position` in `text`, as js-yaml's are. */
export function loadToml(text: string): Record<string, unknown> {
  try {
    return plain(parse(quoteImpossibleDates(text))) as Record<string, unknown>;
  } catch (error) {
    if (!(error instanceof TomlError)) throw error;
    // smol-toml counts lines and columns from 1 and ends a line at \r?\n; a line here keeps its \r.
    const lines = text.split('\n').slice(0, error.line - 1);
    const position = lines.reduce((n, line) => n + line.length + 1, 0) + error.column - 1;
    const reason = `invalid TOML: ${error.message.split('\n')[0].replace(/^Invalid TOML document: /, '')}`;
    throw Object.assign(new Error(reason, { cause: error }), { reason, mark: { position }, hint: TOML_HINT });
  }
}
