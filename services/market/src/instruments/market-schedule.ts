import { localDayOf, NO_CLOSURES, offsetOf, type ClosureCalendar } from './closures';
import { isOpenAt, parseWeekMinute, type TradingHours } from './trading-hours';

/**
 * When a market opens and closes next, from its weekly hours and the closures of its type, as
 * isOpenAt reads them (the same answer at every minute, so the two never disagree).
 *
 * - `open`: whether it is open at `at` (hours and closures; not the feed or a suspension).
 * - `nextOpenAt`: the next moment after `at` at which it opens: while closed, when it opens again;
 *   while open, when it opens again after its next close. Null when it never closes (crypto, open
 *   all hours without a closure) or does not open within SEARCH_DAYS.
 * - `nextCloseAt`: while open, the next moment it closes (the end of its session, or a closure:
 *   an early close, or a holiday's midnight for a market that trades through the night); null
 *   while closed, or when it does not close within SEARCH_DAYS.
 * - `nextCloseEarly`: whether that close is a closure's (the hours alone would still be open then).
 *
 * The state can only change at a minute where a session opens or closes, a day starts (a closure
 * begins or ends), an early close strikes, or the zone's offset changes (a session whose wall time
 * falls in the hour skipped in spring starts when the clock jumps): the search looks at those
 * moments only, for at most SEARCH_DAYS days, so it always ends after a few hundred checks. A
 * local time that comes twice (the hour repeated in autumn) is looked at both times; isOpenAt acts
 * on the first one only, so the second is no change.
 */
export interface MarketTimes {
  open: boolean;
  nextOpenAt: Date | null;
  nextCloseAt: Date | null;
  nextCloseEarly: boolean;
}

/** How far ahead the search looks. */
export const SEARCH_DAYS = 30;

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export function nextMarketTimes(
  hours: TradingHours,
  closures: ClosureCalendar = NO_CLOSURES,
  at: Date,
): MarketTimes {
  const open = isOpenAt(hours, at, closures);
  const result: MarketTimes = { open, nextOpenAt: null, nextCloseAt: null, nextCloseEarly: false };
  if (hours.alwaysOpen && closures.size === 0) return result;
  const zone = hours.timezone ?? 'UTC';
  const now = at.getTime();
  const until = now + SEARCH_DAYS * DAY_MS;
  let state = open;
  for (const moment of candidates(hours, closures, zone, now, until)) {
    const next = isOpenAt(hours, moment, closures);
    if (next === state) continue;
    state = next;
    if (next) {
      result.nextOpenAt = moment;
      break;
    }
    // Closes: only reached while it was open at `at` (a closed market stops at its opening).
    result.nextCloseAt = moment;
    result.nextCloseEarly = isOpenAt(hours, moment);
  }
  return result;
}

/**
 * The moments in (now, until] at which the state may change, in order, one local day at a time
 * (a day's moments lie between its midnight and the next), so that the search reads no further
 * than it needs.
 */
function* candidates(
  hours: TradingHours,
  closures: ClosureCalendar,
  zone: string,
  now: number,
  until: number,
): Generator<Date> {
  // Minute of the day and weekday of each session edge.
  const edges = hours.alwaysOpen
    ? []
    : hours.sessions.flatMap(({ open, close }) =>
        [parseWeekMinute(open), parseWeekMinute(close)].map((m) => ({
          weekday: Math.floor(m / 1440),
          minute: m % 1440,
        })),
      );
  // From the local day of `now` to the one of `until`.
  const first = Date.parse(`${localDayOf(new Date(now), zone).date}T00:00:00Z`);
  const last = Date.parse(`${localDayOf(new Date(until), zone).date}T00:00:00Z`);
  let midnight = instantOf(zone, first);
  for (let day = first; day <= last; day += DAY_MS) {
    const date = new Date(day).toISOString().slice(0, 10);
    const weekday = new Date(day).getUTCDay();
    const times = new Set<number>([midnight]);
    const add = (minute: number) => {
      for (const t of instantsOf(zone, day + minute * MINUTE_MS)) times.add(t);
    };
    for (const edge of edges) if (edge.weekday === weekday) add(edge.minute);
    const closesAt = closures.get(date);
    if (typeof closesAt === 'number') add(closesAt);
    const nextMidnight = instantOf(zone, day + DAY_MS);
    const shift = offsetChange(zone, midnight, nextMidnight);
    if (shift !== null) times.add(shift);
    midnight = nextMidnight;
    for (const t of [...times].sort((a, b) => a - b)) if (t > now && t <= until) yield new Date(t);
  }
}

/** The wall time of `at` in `zone` as the epoch milliseconds of that reading in UTC (whole minutes). */
function wallOf(zone: string, at: number): number {
  const { date, minute } = localDayOf(new Date(at), zone);
  return Date.parse(`${date}T00:00:00Z`) + minute * MINUTE_MS;
}

/** The zone's offset at `at` (wall minus UTC), in milliseconds. */
function offsetAt(zone: string, at: number): number {
  return offsetOf(at, zone);
}

/**
 * The moments the wall clock of `zone` reads `wall` (a local date and time as UTC milliseconds):
 * both when the clock goes back over it; in the hour skipped in spring, the moment the same time
 * after the jump would be (the jump itself is a candidate of its own, see offsetChange).
 */
function instantsOf(zone: string, wall: number): number[] {
  if (zone === 'UTC') return [wall];
  const before = offsetAt(zone, wall - DAY_MS);
  const after = offsetAt(zone, wall + DAY_MS);
  const fits = [...new Set([wall - before, wall - after])].filter((t) => wallOf(zone, t) === wall);
  return fits.length > 0 ? fits : [wall - before];
}

/** The first moment the wall clock of `zone` reads `wall`. */
function instantOf(zone: string, wall: number): number {
  return Math.min(...instantsOf(zone, wall));
}

/** The first minute in (from, to] with the offset of `to`, when the offset changes in between. */
function offsetChange(zone: string, from: number, to: number): number | null {
  if (zone === 'UTC') return null;
  const target = offsetAt(zone, to);
  if (offsetAt(zone, from) === target) return null;
  let lo = Math.floor(from / MINUTE_MS); // offset differs
  let hi = Math.floor(to / MINUTE_MS); // offset is the target
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (offsetAt(zone, mid * MINUTE_MS) === target) hi = mid;
    else lo = mid;
  }
  return hi * MINUTE_MS;
}
