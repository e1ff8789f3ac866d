import { calendarOf, marketTimeOf } from './closures';
import {
  isOpenAt,
  parseTradingHours,
  parseWeekMinute,
  TRADING_HOURS,
  weekMinuteOf,
  type TradingHours,
} from './trading-hours';

const at = (iso: string) => new Date(iso);

describe('trading hours', () => {
  it('parses week minutes and refuses garbage', () => {
    expect(parseWeekMinute('Sun 00:00')).toBe(0);
    expect(parseWeekMinute('Mon 14:30')).toBe(1440 + 870);
    expect(() => parseWeekMinute('Funday 25:00')).toThrow();
  });

  it('reads the week minute on the wall clock of a zone, daylight saving included', () => {
    // 2024-06-10 is a Monday: 13:30 UTC is 09:30 in New York (EDT, UTC-4).
    expect(weekMinuteOf(at('2024-06-10T13:30:00Z'))).toBe(1440 + 810);
    expect(weekMinuteOf(at('2024-06-10T13:30:00Z'), 'America/New_York')).toBe(1440 + 570);
    // 2024-01-08 is a Monday: 14:30 UTC is 09:30 in New York (EST, UTC-5).
    expect(weekMinuteOf(at('2024-01-08T14:30:00Z'), 'America/New_York')).toBe(1440 + 570);
    // Monday 02:00 UTC is still Sunday 22:00 in New York.
    expect(weekMinuteOf(at('2024-06-10T02:00:00Z'), 'America/New_York')).toBe(22 * 60);
  });

  it('crypto is always open', () => {
    expect(isOpenAt(TRADING_HOURS.always, at('2024-06-08T03:00:00Z'))).toBe(true);
  });

  it('forex: Sunday 17:00 to Friday 17:00 New York, whatever the season', () => {
    // Summer (EDT): Sunday 21:00 to Friday 21:00 UTC. 2024-06-09 is a Sunday.
    expect(isOpenAt(TRADING_HOURS.forex, at('2024-06-09T20:59:00Z'))).toBe(false);
    expect(isOpenAt(TRADING_HOURS.forex, at('2024-06-09T21:00:00Z'))).toBe(true);
    expect(isOpenAt(TRADING_HOURS.forex, at('2024-06-12T03:00:00Z'))).toBe(true);
    expect(isOpenAt(TRADING_HOURS.forex, at('2024-06-14T20:59:00Z'))).toBe(true);
    expect(isOpenAt(TRADING_HOURS.forex, at('2024-06-14T21:00:00Z'))).toBe(false);
    expect(isOpenAt(TRADING_HOURS.forex, at('2024-06-15T12:00:00Z'))).toBe(false);
    // Winter (EST): Sunday 22:00 to Friday 22:00 UTC. 2024-01-07 is a Sunday.
    expect(isOpenAt(TRADING_HOURS.forex, at('2024-01-07T21:30:00Z'))).toBe(false);
    expect(isOpenAt(TRADING_HOURS.forex, at('2024-01-07T22:00:00Z'))).toBe(true);
    expect(isOpenAt(TRADING_HOURS.forex, at('2024-01-12T21:30:00Z'))).toBe(true);
    expect(isOpenAt(TRADING_HOURS.forex, at('2024-01-12T22:00:00Z'))).toBe(false);
  });

  it('US equities: 09:30-16:00 New York on weekdays, 13:30-20:00 UTC in summer and 14:30-21:00 in winter', () => {
    expect(isOpenAt(TRADING_HOURS.usEquities, at('2024-06-10T13:29:00Z'))).toBe(false);
    expect(isOpenAt(TRADING_HOURS.usEquities, at('2024-06-10T13:30:00Z'))).toBe(true);
    expect(isOpenAt(TRADING_HOURS.usEquities, at('2024-06-10T19:59:00Z'))).toBe(true);
    expect(isOpenAt(TRADING_HOURS.usEquities, at('2024-06-10T20:00:00Z'))).toBe(false);
    expect(isOpenAt(TRADING_HOURS.usEquities, at('2024-06-10T20:30:00Z'))).toBe(false);
    expect(isOpenAt(TRADING_HOURS.usEquities, at('2024-06-15T15:00:00Z'))).toBe(false);
    expect(isOpenAt(TRADING_HOURS.usEquities, at('2024-01-08T14:29:00Z'))).toBe(false);
    expect(isOpenAt(TRADING_HOURS.usEquities, at('2024-01-08T14:30:00Z'))).toBe(true);
    expect(isOpenAt(TRADING_HOURS.usEquities, at('2024-01-08T20:59:00Z'))).toBe(true);
    expect(isOpenAt(TRADING_HOURS.usEquities, at('2024-01-08T21:00:00Z'))).toBe(false);
    // The Monday after the spring change (2024-03-10): already 13:30 UTC.
    expect(isOpenAt(TRADING_HOURS.usEquities, at('2024-03-11T13:45:00Z'))).toBe(true);
    // The Monday after the autumn change (2024-11-03): 14:30 UTC again.
    expect(isOpenAt(TRADING_HOURS.usEquities, at('2024-11-04T13:45:00Z'))).toBe(false);
    expect(isOpenAt(TRADING_HOURS.usEquities, at('2024-11-04T20:45:00Z'))).toBe(true);
  });

  it('futures: Sunday 18:00 to Friday 17:00 New York with a daily break 17:00-18:00', () => {
    // Summer: the break is 21:00-22:00 UTC.
    expect(isOpenAt(TRADING_HOURS.futures, at('2024-06-09T21:30:00Z'))).toBe(false);
    expect(isOpenAt(TRADING_HOURS.futures, at('2024-06-09T22:00:00Z'))).toBe(true);
    expect(isOpenAt(TRADING_HOURS.futures, at('2024-06-11T21:30:00Z'))).toBe(false);
    expect(isOpenAt(TRADING_HOURS.futures, at('2024-06-11T22:30:00Z'))).toBe(true);
    expect(isOpenAt(TRADING_HOURS.futures, at('2024-06-14T20:00:00Z'))).toBe(true);
    expect(isOpenAt(TRADING_HOURS.futures, at('2024-06-14T22:30:00Z'))).toBe(false);
    // Winter: 22:00-23:00 UTC.
    expect(isOpenAt(TRADING_HOURS.futures, at('2024-01-09T22:30:00Z'))).toBe(false);
    expect(isOpenAt(TRADING_HOURS.futures, at('2024-01-09T23:30:00Z'))).toBe(true);
    expect(isOpenAt(TRADING_HOURS.futures, at('2024-01-09T21:30:00Z'))).toBe(true);
  });

  it("reads an admin's hours in a named zone, UTC by default, and refuses an unknown zone", () => {
    const sessions = [{ open: 'Mon 09:30', close: 'Mon 16:00' }];
    expect(parseTradingHours({ alwaysOpen: false, sessions })).toEqual({
      timezone: 'UTC',
      alwaysOpen: false,
      sessions,
    });
    const london = parseTradingHours({ timezone: 'europe/london', alwaysOpen: false, sessions })!;
    expect(london.timezone).toBe('Europe/London');
    // 2024-06-10 08:30 UTC is 09:30 in London (BST).
    expect(isOpenAt(london, at('2024-06-10T08:30:00Z'))).toBe(true);
    expect(isOpenAt(london, at('2024-01-08T08:30:00Z'))).toBe(false);
    for (const timezone of ['Mars/Olympus', '', 7, 'America/New_York; DROP', 'x'.repeat(100)])
      expect(parseTradingHours({ timezone, alwaysOpen: true })).toBeNull();
  });

  describe('across a clock change: a session starts at the first occurrence of its local time and does not flap', () => {
    const sunday = (timezone: string, open: string, close: string): TradingHours => ({
      timezone,
      alwaysOpen: false,
      sessions: [{ open: `Sun ${open}`, close: `Sun ${close}` }],
    });
    /** Every minute in [from, to) at which isOpenAt changes, with the state it changes to. */
    const changes = (hours: TradingHours, from: string, to: string, closures = calendarOf([])) => {
      const out: string[] = [];
      let state = isOpenAt(hours, at(from), closures);
      for (let m = at(from).getTime() + 60_000; m < at(to).getTime(); m += 60_000) {
        const next = isOpenAt(hours, new Date(m), closures);
        if (next !== state) out.push(`${next ? 'open' : 'close'} ${new Date(m).toISOString().slice(11, 16)}`);
        state = next;
      }
      return { first: isOpenAt(hours, at(from), closures), changes: out };
    };

    it('New York, autumn (2026-11-01, 02:00 EDT back to 01:00 EST at 06:00 UTC)', () => {
      // Opens at the first 01:30 (EDT, 05:30 UTC) and stays open when the clock reads 01:00-01:59
      // again (06:00-07:00 UTC); closes at 03:00 EST (08:00 UTC).
      expect(
        changes(sunday('America/New_York', '01:30', '03:00'), '2026-11-01T04:00:00Z', '2026-11-01T10:00:00Z'),
      ).toEqual({
        first: false,
        changes: ['open 05:30', 'close 08:00'],
      });
      // A session that ends in the repeated hour ends at its first occurrence and does not reopen.
      const night: TradingHours = {
        timezone: 'America/New_York',
        alwaysOpen: false,
        sessions: [{ open: 'Sat 20:00', close: 'Sun 01:30' }],
      };
      expect(changes(night, '2026-11-01T04:00:00Z', '2026-11-01T10:00:00Z')).toEqual({
        first: true,
        changes: ['close 05:30'],
      });
      // An early close in the repeated hour too.
      const early = calendarOf([{ day: '2026-11-01', closesAt: '01:30' }]);
      const allNight = sunday('America/New_York', '00:00', '05:00');
      expect(changes(allNight, '2026-11-01T04:30:00Z', '2026-11-01T12:00:00Z', early)).toEqual({
        first: true,
        changes: ['close 05:30'],
      });
      // A session from 02:00 opens when the clock reads 02:00 the first time (07:00 UTC), not at
      // the first 01:59 + 1 minute (06:00 UTC, when it goes back to 01:00).
      expect(
        changes(sunday('America/New_York', '02:00', '03:00'), '2026-11-01T04:00:00Z', '2026-11-01T10:00:00Z'),
      ).toEqual({
        first: false,
        changes: ['open 07:00', 'close 08:00'],
      });
      // A session before the change and after the repeated hour are as on any other day.
      expect(
        changes(sunday('America/New_York', '00:30', '01:00'), '2026-11-01T03:00:00Z', '2026-11-01T10:00:00Z'),
      ).toEqual({
        first: false,
        changes: ['open 04:30', 'close 05:00'],
      });
    });

    it('New York, spring (2026-03-08, 02:00 EST forward to 03:00 EDT at 07:00 UTC)', () => {
      // 02:30 never comes: the session opens at the jump; 05:00 EDT is 09:00 UTC.
      expect(
        changes(sunday('America/New_York', '02:30', '05:00'), '2026-03-08T05:00:00Z', '2026-03-08T12:00:00Z'),
      ).toEqual({
        first: false,
        changes: ['open 07:00', 'close 09:00'],
      });
      // One from 01:30 opens at 01:30 EST (06:30 UTC) and runs on over the jump.
      expect(
        changes(sunday('America/New_York', '01:30', '03:30'), '2026-03-08T05:00:00Z', '2026-03-08T12:00:00Z'),
      ).toEqual({
        first: false,
        changes: ['open 06:30', 'close 07:30'],
      });
    });

    it('London, autumn (2026-10-25, 02:00 BST back to 01:00 GMT at 01:00 UTC)', () => {
      expect(
        changes(sunday('Europe/London', '01:30', '03:00'), '2026-10-24T22:00:00Z', '2026-10-25T05:00:00Z'),
      ).toEqual({
        first: false,
        changes: ['open 00:30', 'close 03:00'],
      });
      expect(
        changes(sunday('Europe/London', '00:00', '01:15'), '2026-10-24T22:00:00Z', '2026-10-25T05:00:00Z'),
      ).toEqual({
        first: false,
        changes: ['open 23:00', 'close 00:15'],
      });
    });

    it('London, spring (2026-03-29, 01:00 GMT forward to 02:00 BST at 01:00 UTC)', () => {
      expect(
        changes(sunday('Europe/London', '01:30', '03:00'), '2026-03-28T22:00:00Z', '2026-03-29T05:00:00Z'),
      ).toEqual({
        first: false,
        changes: ['open 01:00', 'close 02:00'],
      });
    });

    it('the market reads the last minute before the change through the repeated hour; the wall clock reads it twice', () => {
      // 06:15 UTC on 2026-11-01 is 01:15 EST, which came first at 05:15 UTC.
      expect(weekMinuteOf(at('2026-11-01T06:15:00Z'), 'America/New_York')).toBe(75);
      expect(marketTimeOf(at('2026-11-01T06:15:00Z'), 'America/New_York')).toEqual({
        date: '2026-11-01',
        minute: 119,
        weekMinute: 119,
      });
      expect(marketTimeOf(at('2026-11-01T05:15:00Z'), 'America/New_York').minute).toBe(75);
      expect(marketTimeOf(at('2026-11-01T07:00:00Z'), 'America/New_York').minute).toBe(120);
      expect(marketTimeOf(at('2026-10-25T01:59:59Z'), 'Europe/London').minute).toBe(119);
      expect(marketTimeOf(at('2026-10-25T02:00:00Z'), 'Europe/London').minute).toBe(120);
      // Any other day, and UTC, read the wall clock.
      expect(marketTimeOf(at('2026-11-02T06:15:00Z'), 'America/New_York').minute).toBe(75);
      expect(marketTimeOf(at('2026-11-01T06:15:00Z'))).toEqual({
        date: '2026-11-01',
        minute: 375,
        weekMinute: 375,
      });
    });
  });
});
