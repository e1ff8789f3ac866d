/**
 * When an instrument trades, as weekly windows in UTC. `open`/`close` read `Sun 22:00`; a window
 * whose close is before its open in the week wraps over the week's end. Exchange holidays are not
 * modelled (the simulator keeps ticking on them).
 */
export interface TradingHours {
  timezone: 'UTC';
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

export function weekMinuteOf(at: Date): number {
  return at.getUTCDay() * 1440 + at.getUTCHours() * 60 + at.getUTCMinutes();
}

export function isOpenAt(hours: TradingHours, at: Date): boolean {
  if (hours.alwaysOpen) return true;
  const minute = weekMinuteOf(at);
  return hours.sessions.some(({ open, close }) => {
    const from = parseWeekMinute(open);
    const to = parseWeekMinute(close);
    return from < to ? minute >= from && minute < to : minute >= from || minute < to;
  });
}

function weekdays(from: string, to: string, days = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri']) {
  return days.map((d) => ({ open: `${d} ${from}`, close: `${d} ${to}` }));
}

/** The schedules the seed migration writes (kept here so that specs check the same definitions). */
export const TRADING_HOURS = {
  always: { timezone: 'UTC', alwaysOpen: true, sessions: [] } as TradingHours,
  // Forex and metals: Sunday 22:00 to Friday 22:00 UTC, without a break.
  forex: {
    timezone: 'UTC',
    alwaysOpen: false,
    sessions: [{ open: 'Sun 22:00', close: 'Fri 22:00' }],
  } as TradingHours,
  // US cash session 09:30-16:00 New York, as UTC in daylight-saving time.
  usEquities: { timezone: 'UTC', alwaysOpen: false, sessions: weekdays('14:30', '21:00') } as TradingHours,
  // Futures: Sunday 23:00 to Friday 22:00 UTC with a daily break 22:00-23:00.
  futures: {
    timezone: 'UTC',
    alwaysOpen: false,
    sessions: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu'].map((d) => ({
      open: `${d} 23:00`,
      close: `${DAYS[DAYS.indexOf(d) + 1]} 22:00`,
    })),
  } as TradingHours,
};

/**
 * Reads trading hours from an admin's input: `{alwaysOpen: true}` or up to 50 weekly sessions
 * `{open: 'Mon 14:30', close: 'Mon 21:00'}` (a close before the open wraps over the week's end);
 * null when the value is not one. Times are UTC.
 */
export function parseTradingHours(value: unknown): TradingHours | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { timezone = 'UTC', alwaysOpen, sessions = [] } = value as Record<string, unknown>;
  if (timezone !== 'UTC' || typeof alwaysOpen !== 'boolean' || !Array.isArray(sessions)) return null;
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
  return { timezone: 'UTC', alwaysOpen, sessions: alwaysOpen ? [] : out };
}
