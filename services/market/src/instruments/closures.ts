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

/** Whether a closure of `calendar` holds at `at` (dates and times in the wall time of `timezone`). */
export function isClosedAt(calendar: ClosureCalendar, timezone: string, at: Date): boolean {
  if (calendar.size === 0) return false;
  const { date, minute } = localDayOf(at, timezone);
  const closesAt = calendar.get(date);
  if (closesAt === undefined) return false;
  return closesAt === null || minute >= closesAt;
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
