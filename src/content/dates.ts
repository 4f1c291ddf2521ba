/** An ISO 8601 date or date-time ("2019-01-15", "2019-01-15 09:00" as UTC, offsets) or a Date → ISO; undefined when no real day. */
export function parseDate(value: unknown): string | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  if (typeof value !== 'string') return undefined;
  const m = DATE.exec(value.trim());
  if (!m) return undefined;
  const [, y, mo, d, h = '00', mi = '00', s = '00', fraction = '', zone = 'Z'] = m;
  // The calendar day must exist; years below 100 are refused (Date.UTC reads them as 1900-1999).
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (year < 100 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return undefined;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return undefined;
  const ms = fraction.slice(0, 3).padEnd(3, '0');
  const tz = zone.toUpperCase() === 'Z' ? 'Z' : offset(zone);
  if (!tz) return undefined;
  // In UTC the ISO form is the fields themselves: no Date to parse.
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

export function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}
