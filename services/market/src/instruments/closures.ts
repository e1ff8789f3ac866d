/**
 * Market closures: the days an exchange does not trade although its weekly hours say it would
 * (holidays), or stops early (a half day).
 *
 * Decisions:
 * - Scope is the instrument type (forex, crypto, futures, ETF, stocks, metals). Trading hours are
 *   kept per instrument (a JSON value, no named session group), and every seeded instrument of a
 *   type shares its type's schedule: the type is the stable group an operator thinks in ("US
 *   stocks close on Good Friday"). ETF and stocks (one exchange) get a row each, as do forex and
 *   metals. One row per type and date (a second one is refused with 409).
 * - `day` is a calendar date in the wall time of each instrument's own trading-hours time zone
 *   (New York for every seeded market that has closures; UTC for an always-open instrument), so
 *   a closure follows daylight saving as the sessions do.
 * - `closesAt` null: closed the whole day (00:00 to 24:00 local). Else an early close, `HH:MM`
 *   local: trading stops at that time and the market stays closed until the end of that day (a
 *   session that would reopen in the evening of that day, such as futures at 18:00, does not).
 * - A closure acts wherever the hours do: orders and closes are refused with 10015 as outside the
 *   hours, the simulator does not tick, the history written at the first start has no candles in
 *   it. The history already written is not rewritten when a closure is added later.
 * - The calendars live in memory with the catalogue (InstrumentsService) and are read again in
 *   every process when an admin changes them (the catalogue's Redis channel); the feeder then
 *   restarts its sources with the new calendars.
 */

/** The closures of one scope: local date (`2026-12-25`) -> minute of the day it closes, null = all day. */
export type ClosureCalendar = ReadonlyMap<string, number | null>;

export const NO_CLOSURES: ClosureCalendar = new Map();

/** `2026-12-25`, a real calendar date of the years 2000-2100. */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 2000 || year > 2100) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** `13:00`: a time of day, 00:00-23:59. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

export function minuteOfDay(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** One formatter per zone (building one costs far more than using it). */
const formatters = new Map<string, Intl.DateTimeFormat>();
/** Local date and minute by zone and UTC minute (the simulator asks for every instrument at once). */
const localDays = new Map<string, { date: string; minute: number }>();

/** The calendar date and minute of the day of `at` on the wall clock of `timezone`. */
export function localDayOf(at: Date, timezone = 'UTC'): { date: string; minute: number } {
  if (timezone === 'UTC') {
    return {
      date: at.toISOString().slice(0, 10),
      minute: at.getUTCHours() * 60 + at.getUTCMinutes(),
    };
  }
  const key = `${timezone}|${Math.floor(at.getTime() / 60_000)}`;
  const known = localDays.get(key);
  if (known) return known;
  let format = formatters.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timezone, format);
  }
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(at)) parts[part.type] = part.value;
  const local = {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minute: Number(parts.hour) * 60 + Number(parts.minute),
  };
  if (localDays.size >= 100_000) localDays.clear();
  localDays.set(key, local);
  return local;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** The offset of `timezone` at `at` (wall time minus UTC, in whole minutes), in milliseconds. */
export function offsetOf(at: number, timezone: string): number {
  if (timezone === 'UTC') return 0;
  const { date, minute } = localDayOf(new Date(at), timezone);
  return Date.parse(`${date}T00:00:00Z`) + minute * MINUTE_MS - Math.floor(at / MINUTE_MS) * MINUTE_MS;
}

/** A local reading: the date, the minute of the day and the minute of the week (0 = Sunday 00:00). */
export interface MarketTime {
  date: string;
  minute: number;
  weekMinute: number;
}

/** Market readings by zone and UTC minute (the simulator asks for every instrument at once). */
const marketTimes = new Map<string, MarketTime>();

/**
 * The local date and minute of `at` as a market keeps its clock: the wall clock of `timezone`,
 * except in the hour that comes twice when the clock goes back (autumn), where it keeps the
 * reading of the last minute before the change. Every local time of that hour has already come
 * once, and a session (or an early close) starts at the FIRST occurrence of its local time: it
 * does not close again, nor reopen, when the wall clock reads the hour a second time. (Read
 * literally, a session from 01:30 would open at 01:30, close when the clock goes back to 01:00
 * and open again half an hour later.) In spring the skipped hour is never read: what was due in
 * it happens at the jump, as the wall clock then reads a later time.
 */
export function marketTimeOf(at: Date, timezone = 'UTC'): MarketTime {
  if (timezone === 'UTC') {
    const { date, minute } = localDayOf(at);
    return { date, minute, weekMinute: at.getUTCDay() * 1440 + minute };
  }
  const minuteKey = Math.floor(at.getTime() / MINUTE_MS);
  const key = `${timezone}|${minuteKey}`;
  const known = marketTimes.get(key);
  if (known) return known;
  const now = minuteKey * MINUTE_MS;
  let reading = localDayOf(at, timezone);
  const offset = offsetOf(now, timezone);
  // How far the clock went back within the last day (none: 0 or less). `now` is in the repeated
  // hour when the change is less than that long ago, i.e. the offset then was still the old one.
  const back = offsetOf(now - DAY_MS, timezone) - offset;
  if (back > 0 && offsetOf(now - back, timezone) !== offset) {
    // The change is in (now - back, now]: the last minute before it is the reading.
    let lo = (now - back) / MINUTE_MS; // the old offset
    let hi = minuteKey; // the new one
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (offsetOf(mid * MINUTE_MS, timezone) === offset) hi = mid;
      else lo = mid;
    }
    reading = localDayOf(new Date((hi - 1) * MINUTE_MS), timezone);
  }
  const weekday = new Date(`${reading.date}T00:00:00Z`).getUTCDay();
  const time = { date: reading.date, minute: reading.minute, weekMinute: weekday * 1440 + reading.minute };
  if (marketTimes.size >= 100_000) marketTimes.clear();
  marketTimes.set(key, time);
  return time;
}

/** Whether a closure of `calendar` holds on the local `date` at its `minute` of the day. */
export function isClosedOn(calendar: ClosureCalendar, date: string, minute: number): boolean {
  const closesAt = calendar.get(date);
  if (closesAt === undefined) return false;
  return closesAt === null || minute >= closesAt;
}

/**
 * Whether a closure of `calendar` holds at `at` (dates and times in the wall time of `timezone`,
 * as marketTimeOf reads it across a clock change).
 */
export function isClosedAt(calendar: ClosureCalendar, timezone: string, at: Date): boolean {
  if (calendar.size === 0) return false;
  const { date, minute } = marketTimeOf(at, timezone);
  return isClosedOn(calendar, date, minute);
}

/** A calendar from rows `{day, closesAt}` (`closesAt` `HH:MM` or null). */
export function calendarOf(rows: readonly { day: string; closesAt: string | null }[]): ClosureCalendar {
  const calendar = new Map<string, number | null>();
  for (const { day, closesAt } of rows) {
    const minute = closesAt === null ? null : minuteOfDay(closesAt);
    const known = calendar.get(day);
    // Two rows of one day (not possible through the API): the earlier close wins.
    if (known === undefined) calendar.set(day, minute);
    else if (known !== null) calendar.set(day, minute === null ? null : Math.min(known, minute));
  }
  return calendar;
}
