/**
 * Scheduled posts: a post dated after the build's "now" is left out of every output (pages, listings, feeds, sitemap,
 * search, content API, related posts, prev/next) unless the build includes future posts (`--future`, and always in
 * `sitegen dev`, where it is marked as scheduled). "Now" is explicit: `--now`, else SOURCE_DATE_EPOCH, else the clock.
 */
import { parseDate } from '../content/dates.ts';
import type { ContentDocument } from '../content/types.ts';
import { env } from '../env.ts';

export interface Schedule {
  /** The build's "now", in ms since the epoch. */
  now: number;
  /** Future posts are built (and marked as scheduled). */
  future: boolean;
}

/**
 * `--now` as given (an ISO date or date-time), else SOURCE_DATE_EPOCH (seconds), else the clock. Throws on a bad `--now`,
 * and on a bad SOURCE_DATE_EPOCH even with `--now` (the build time is taken from it too).
 */
export function resolveNow(value?: string): number {
  const epoch = env.sourceDateEpoch();
  if (value !== undefined) {
    const iso = parseDate(value);
    if (!iso) throw new Error(`--now: expected an ISO date or date-time (2026-11-28, 2026-11-28T09:30:00Z), received "${value}"`);
    return Date.parse(iso);
  }
  return epoch !== undefined ? epoch * 1000 : Date.now();
}

/** The post's date, when a dated post could be scheduled: what the build id counts (see `dueCount`). */
export function postDate(doc: Pick<ContentDocument, 'isPost' | 'date' | '_partial'>): string | undefined {
  return doc.isPost && !doc._partial && doc.date ? doc.date : undefined;
}

/** A post dated after `now`. */
export function isScheduled(doc: Pick<ContentDocument, 'isPost' | 'date' | '_partial'>, now: number): boolean {
  const date = postDate(doc);
  return date !== undefined && Date.parse(date) > now;
}

/**
 * What of "now" the output depends on: how many posts are due. Sources that hash the same and the same count give the
 * same published set, so two builds a minute apart are the same build, and a post falling due makes a new one.
 */
export function dueCount(dates: number[], now: number): number {
  let due = 0;
  for (const date of dates) if (date <= now) due++;
  return due;
}

/** The documents a build publishes: without the scheduled posts unless it builds future ones; `left`: those left out. */
export function published(docs: ContentDocument[], schedule: Schedule): { docs: ContentDocument[]; left: ContentDocument[] } {
  if (schedule.future) return { docs, left: [] };
  const left = docs.filter((doc) => isScheduled(doc, schedule.now));
  if (!left.length) return { docs, left };
  const out = new Set(left);
  return { docs: docs.filter((doc) => !out.has(doc)), left };
}
