import { isClosedOn, localDayOf, marketTimeOf, NO_CLOSURES, type ClosureCalendar } from './closures';

/**
 * When an instrument trades, as weekly windows in the wall time of `timezone` (an IANA zone such
 * as `America/New_York`, or `UTC`), so that a session keeps its local hours across daylight-saving
 * changes. `open`/`close` read `Sun 17:00`; a window whose close is before its open in the week
 * wraps over the week's end. On the day the clock goes back, a session whose time comes twice
 * starts (or ends) at its first occurrence and stays so through the repeated hour; one whose time
 * falls in the hour skipped in spring starts at the jump (marketTimeOf in closures.ts). Exchange
 * holidays and early closes are market closures per instrument type (closures.ts), passed to
 * isOpenAt along with the hours.
 */
export interface TradingHours {
  timezone: string;
  alwaysOpen: boolean;
  sessions: { open: string; close: string }[];
}

/** The current time, injectable so that tests never depend on the wall clock. */
export interface Clock {
  now(): Date;
}

export const CLOCK = Symbol('MARKET_CLOCK');

export const systemClock: Clock = { now: () => new Date() };

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Parsed times (at most 7 x 1,440 texts): isOpenAt runs for every instrument on every tick. */
const weekMinutes = new Map<string, number>();

/** Minute of the week (0 = Sunday 00:00 UTC) of `Sun 22:00`. */
export function parseWeekMinute(text: string): number {
  const known = weekMinutes.get(text);
  if (known !== undefined) return known;
  const match = /^(Sun|Mon|Tue|Wed|Thu|Fri|Sat) ([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  if (!match) throw new Error(`bad trading-hours time "${text}"`);
  const minute = DAYS.indexOf(match[1]) * 1440 + Number(match[2]) * 60 + Number(match[3]);
  weekMinutes.set(text, minute);
  return minute;
}

/**
 * Minute of the week (0 = Sunday 00:00) of `at` on the wall clock of `timezone` (default UTC), as
 * it reads: in the hour repeated in autumn, the same minute twice (isOpenAt reads marketTimeOf).
 */
export function weekMinuteOf(at: Date, timezone = 'UTC'): number {
  const { date, minute } = localDayOf(at, timezone);
  return new Date(`${date}T00:00:00Z`).getUTCDay() * 1440 + minute;
}

/** The zone's canonical name when `value` names one Intl knows (an IANA zone or UTC), else null. */
export function canonicalTimezone(value: unknown): string | null {
  if (typeof value !== 'string' || !/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(value)) return null;
  try {
    const zone = new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
    return zone === 'Etc/UTC' || zone === 'Etc/GMT' || zone === 'GMT' ? 'UTC' : zone;
  } catch {
    return null;
  }
}

/**
 * Whether the hours are open at `at` and no closure of `closures` (the calendar of the
 * instrument's type, in the hours' time zone) holds then.
 */
export function isOpenAt(hours: TradingHours, at: Date, closures: ClosureCalendar = NO_CLOSURES): boolean {
  if (hours.alwaysOpen && closures.size === 0) return true;
  // The local time as the market reads it: a session starts at the first occurrence of its time
  // when the clock goes back, and does not flap in the repeated hour (marketTimeOf).
  const { date, minute: dayMinute, weekMinute: minute } = marketTimeOf(at, hours.timezone ?? 'UTC');
  if (closures.size > 0 && isClosedOn(closures, date, dayMinute)) return false;
  if (hours.alwaysOpen) return true;
  return hours.sessions.some(({ open, close }) => {
    const from = parseWeekMinute(open);
    const to = parseWeekMinute(close);
    return from < to ? minute >= from && minute < to : minute >= from || minute < to;
  });
}

function weekdays(from: string, to: string, days = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri']) {
  return days.map((d) => ({ open: `${d} ${from}`, close: `${d} ${to}` }));
}

const NEW_YORK = 'America/New_York';

/**
 * The schedules the seed migrations write (kept here so that specs check the same definitions),
 * in New York time as the markets keep them: in UTC they move by an hour with daylight saving.
 */
export const TRADING_HOURS = {
  always: { timezone: 'UTC', alwaysOpen: true, sessions: [] } as TradingHours,
  // Forex and metals: Sunday 17:00 to Friday 17:00 New York, without a break.
  forex: {
    timezone: NEW_YORK,
    alwaysOpen: false,
    sessions: [{ open: 'Sun 17:00', close: 'Fri 17:00' }],
  } as TradingHours,
  // US cash session: 09:30-16:00 New York on weekdays.
  usEquities: { timezone: NEW_YORK, alwaysOpen: false, sessions: weekdays('09:30', '16:00') } as TradingHours,
  // Futures (CME Globex): Sunday 18:00 to Friday 17:00 New York with a daily break 17:00-18:00.
  futures: {
    timezone: NEW_YORK,
    alwaysOpen: false,
    sessions: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu'].map((d) => ({
      open: `${d} 18:00`,
      close: `${DAYS[DAYS.indexOf(d) + 1]} 17:00`,
    })),
  } as TradingHours,
};

/**
 * Reads trading hours from an admin's input: `{alwaysOpen: true}` or up to 50 weekly sessions
 * `{open: 'Mon 09:30', close: 'Mon 16:00'}` (a close before the open wraps over the week's end);
 * null when the value is not one. Times are the wall time of `timezone` (an IANA zone such as
 * `America/New_York`; default UTC).
 */
export function parseTradingHours(value: unknown): TradingHours | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { timezone: zone = 'UTC', alwaysOpen, sessions = [] } = value as Record<string, unknown>;
  const timezone = canonicalTimezone(zone);
  if (!timezone || typeof alwaysOpen !== 'boolean' || !Array.isArray(sessions)) return null;
  if (sessions.length > 50 || (!alwaysOpen && sessions.length === 0)) return null;
  const out: TradingHours['sessions'] = [];
  for (const session of sessions as unknown[]) {
    if (typeof session !== 'object' || session === null) return null;
    const { open, close, ...rest } = session as Record<string, unknown>;
    if (typeof open !== 'string' || typeof close !== 'string' || Object.keys(rest).length > 0) return null;
    try {
      if (parseWeekMinute(open) === parseWeekMinute(close)) return null;
    } catch {
      return null;
    }
    out.push({ open, close });
  }
  return { timezone, alwaysOpen, sessions: alwaysOpen ? [] : out };
}
