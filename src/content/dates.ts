/** Front matter dates: ISO 8601 in any of its common forms, checked to be real days. */

/**
 * Any ISO 8601 date or date-time → ISO, or undefined when invalid: "2019-01-15", "2019-01-15 09:00"
 * (UTC), fractions of a second ("…T20:26:28.000Z", as `toISOString()` writes) and offsets
 * ("+02:00", "+0200", "+02", "Z"). A Date (a YAML timestamp a plugin or loader made) is taken as is.
 */
export function parseDate(value: unknown): string | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  if (typeof value !== 'string') return undefined;
  const m = DATE.exec(value.trim());
  if (!m) return undefined;
  const [, y, mo, d, h = '00', mi = '00', s = '00', fraction = '', zone = 'Z'] = m;
  // The calendar date itself must exist, whatever the offset (no 2021-02-30, no 2021-04-31), in
  // years from 100 (Date.UTC reads 0-99 as 1900-1999, and those were always refused).
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (year < 100 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return undefined;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return undefined;
  const ms = fraction.slice(0, 3).padEnd(3, '0');
  const tz = zone.toUpperCase() === 'Z' ? 'Z' : offset(zone);
  if (!tz) return undefined;
  // In UTC, as most front matter dates are, the ISO form is the fields themselves: no Date to parse.
  if (tz === 'Z') return `${y}-${mo}-${d}T${h}:${mi}:${s}.${ms}Z`;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}.${ms}${tz}`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?\s*([Zz]|[+-]\d{1,2}(?::?\d{2})?)?$/;

/** "+2", "+02", "+0200", "+02:00" → "+02:00"; undefined past ±23:59. */
function offset(zone: string): string | undefined {
  const m = /^([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(zone);
  if (!m || Number(m[2]) > 23 || Number(m[3] ?? 0) > 59) return undefined;
  return `${m[1]}${m[2].padStart(2, '0')}:${m[3] ?? '00'}`;
}

function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}
