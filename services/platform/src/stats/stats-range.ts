import { AppException } from '@app/common';

/** The dashboard's series cover the last 30 days unless asked otherwise, and never more than 366. */
export const DEFAULT_RANGE_DAYS = 30;
export const MAX_RANGE_DAYS = 366;

const DAY_MS = 24 * 3600 * 1000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A range of whole UTC days, both ends included. */
export interface DayRange {
  from: string;
  to: string;
  /** Every day of the range, `YYYY-MM-DD`, oldest first. */
  days: string[];
  /** The first instant of `from` (UTC). */
  start: Date;
  /** The first instant after `to` (UTC): the range is [start, end). */
  end: Date;
}

export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

/** A `YYYY-MM-DD` that names a real calendar day, as the instant it starts (UTC); null otherwise. */
export function parseDay(value: string): Date | null {
  const match = DAY.exec(value);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  const at = new Date(Date.UTC(year, month - 1, day));
  return dayOf(at) === value ? at : null;
}

/**
 * The range asked for: `to` defaults to today (UTC, by the platform clock), `from` to 29 days
 * before `to`. Malformed days, `from` after `to` and ranges longer than 366 days are 400s.
 */
export function dayRange(query: { from?: string; to?: string }, now: Date): DayRange {
  const parse = (field: 'from' | 'to') => {
    const value = query[field];
    if (value === undefined) return undefined;
    const at = parseDay(value);
    if (!at) throw AppException.field(field, 'validation.invalid');
    return at;
  };
  const to = parse('to') ?? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const start = parse('from') ?? new Date(to.getTime() - (DEFAULT_RANGE_DAYS - 1) * DAY_MS);
  if (start > to) throw AppException.field('from', 'validation.dateOrder');
  const count = Math.round((to.getTime() - start.getTime()) / DAY_MS) + 1;
  if (count > MAX_RANGE_DAYS)
    throw AppException.field('from', 'validation.dateRangeTooLong', { max: MAX_RANGE_DAYS });
  const days = Array.from({ length: count }, (_, i) => dayOf(new Date(start.getTime() + i * DAY_MS)));
  return { from: days[0], to: days[days.length - 1], days, start, end: new Date(to.getTime() + DAY_MS) };
}
