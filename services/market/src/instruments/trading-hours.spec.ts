import { isOpenAt, parseTradingHours, parseWeekMinute, TRADING_HOURS, weekMinuteOf } from './trading-hours';

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
});
