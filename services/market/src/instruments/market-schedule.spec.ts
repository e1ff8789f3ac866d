import { FOREX_YEAR_END, FUTURES } from '../migrations/1767000023000-MarketClosuresYearEnd';
import { calendarOf, isCalendarDate, NO_CLOSURES, TIME_OF_DAY } from './closures';
import { nextMarketTimes, SEARCH_DAYS } from './market-schedule';
import { isOpenAt, TRADING_HOURS, type TradingHours } from './trading-hours';

const at = (iso: string) => new Date(iso);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The answer with ISO strings, to compare at a glance. */
function times(hours: TradingHours, when: string, closures = NO_CLOSURES) {
  const t = nextMarketTimes(hours, closures, at(when));
  return {
    open: t.open,
    nextOpenAt: iso(t.nextOpenAt),
    nextCloseAt: iso(t.nextCloseAt),
    nextCloseEarly: t.nextCloseEarly,
  };
}

const closed = (nextOpenAt: string | null) => ({
  open: false,
  nextOpenAt,
  nextCloseAt: null,
  nextCloseEarly: false,
});
const open = (nextCloseAt: string | null, nextOpenAt: string | null, nextCloseEarly = false) => ({
  open: true,
  nextOpenAt,
  nextCloseAt,
  nextCloseEarly,
});

// The NYSE days the seed writes around Christmas 2026 (Thursday 24th: 13:00; Friday 25th: closed).
const nyse = calendarOf([
  { day: '2026-11-26', closesAt: null },
  { day: '2026-11-27', closesAt: '13:00' },
  { day: '2026-12-24', closesAt: '13:00' },
  { day: '2026-12-25', closesAt: null },
  { day: '2027-01-01', closesAt: null },
]);
const stocks = TRADING_HOURS.usEquities;

describe('next market open and close', () => {
  it('crypto open all hours: open, and neither closes nor opens', () => {
    expect(times(TRADING_HOURS.always, '2026-12-25T12:00:00Z')).toEqual(open(null, null));
    expect(times(TRADING_HOURS.always, '2026-12-26T03:00:00Z', calendarOf([]))).toEqual(open(null, null));
  });

  it('a stock on a weekend opens on Monday 09:30 New York, in summer and in winter time', () => {
    // Saturday 2026-06-13: Monday 13:30 UTC (EDT).
    expect(times(stocks, '2026-06-13T12:00:00Z')).toEqual(closed('2026-06-15T13:30:00.000Z'));
    // Friday after the close, and Sunday night.
    expect(times(stocks, '2026-06-12T20:00:00Z')).toEqual(closed('2026-06-15T13:30:00.000Z'));
    expect(times(stocks, '2026-06-15T03:00:00Z')).toEqual(closed('2026-06-15T13:30:00.000Z'));
    // Saturday 2026-01-10: Monday 14:30 UTC (EST).
    expect(times(stocks, '2026-01-10T12:00:00Z')).toEqual(closed('2026-01-12T14:30:00.000Z'));
    // Saturday 2026-03-07, the clocks go forward on Sunday: Monday is already 13:30 UTC.
    expect(times(stocks, '2026-03-07T12:00:00Z')).toEqual(closed('2026-03-09T13:30:00.000Z'));
  });

  it('a stock before its session opens today; during it closes at 16:00 and opens the next weekday', () => {
    // Monday 2026-06-15.
    expect(times(stocks, '2026-06-15T13:29:59.500Z')).toEqual(closed('2026-06-15T13:30:00.000Z'));
    expect(times(stocks, '2026-06-15T13:30:00Z')).toEqual(
      open('2026-06-15T20:00:00.000Z', '2026-06-16T13:30:00.000Z'),
    );
    // Friday 2026-06-19: closes at 16:00, opens on Monday.
    expect(times(stocks, '2026-06-19T19:59:00Z')).toEqual(
      open('2026-06-19T20:00:00.000Z', '2026-06-22T13:30:00.000Z'),
    );
  });

  it('a holiday and the weekend after it: Christmas 2026 (a Friday) opens on Monday the 28th', () => {
    expect(times(stocks, '2026-12-25T15:00:00Z', nyse)).toEqual(closed('2026-12-28T14:30:00.000Z'));
    expect(times(stocks, '2026-12-26T15:00:00Z', nyse)).toEqual(closed('2026-12-28T14:30:00.000Z'));
    // New Year's Day (a Friday) too; without the closures the 1st would open.
    expect(times(stocks, '2026-12-31T22:00:00Z', nyse)).toEqual(closed('2027-01-04T14:30:00.000Z'));
    expect(times(stocks, '2026-12-31T22:00:00Z')).toEqual(closed('2027-01-01T14:30:00.000Z'));
  });

  it('an early close: the next close is 13:00 New York and early; after it, the next open skips the holiday', () => {
    // Christmas Eve 10:00 New York (15:00 UTC): closes at 13:00 (18:00 UTC), then opens on Monday.
    expect(times(stocks, '2026-12-24T15:00:00Z', nyse)).toEqual(
      open('2026-12-24T18:00:00.000Z', '2026-12-28T14:30:00.000Z', true),
    );
    // Before it opens on Christmas Eve: it opens at 09:30 as usual.
    expect(times(stocks, '2026-12-24T13:00:00Z', nyse)).toEqual(closed('2026-12-24T14:30:00.000Z'));
    // After the early close.
    expect(times(stocks, '2026-12-24T18:00:00Z', nyse)).toEqual(closed('2026-12-28T14:30:00.000Z'));
    // The day after Thanksgiving (Friday 2026-11-27).
    expect(times(stocks, '2026-11-27T15:00:00Z', nyse)).toEqual(
      open('2026-11-27T18:00:00.000Z', '2026-11-30T14:30:00.000Z', true),
    );
    // A regular day closes at 16:00, not early.
    expect(times(stocks, '2026-12-23T15:00:00Z', nyse)).toEqual(
      open('2026-12-23T21:00:00.000Z', '2026-12-24T14:30:00.000Z'),
    );
  });

  it('an early close before the session opens keeps it closed that day', () => {
    const early = calendarOf([{ day: '2026-06-15', closesAt: '09:00' }]);
    expect(times(stocks, '2026-06-15T12:00:00Z', early)).toEqual(closed('2026-06-16T13:30:00.000Z'));
  });

  it('forex: closed from Friday 17:00 to Sunday 17:00; a holiday closes it at local midnight (early)', () => {
    // Saturday 2026-06-13: Sunday 17:00 New York is 21:00 UTC.
    expect(times(TRADING_HOURS.forex, '2026-06-13T12:00:00Z')).toEqual(closed('2026-06-14T21:00:00.000Z'));
    const christmas = calendarOf([{ day: '2026-12-25', closesAt: null }]);
    // Thursday 2026-12-24 noon New York: closes at midnight New York (05:00 UTC), by the holiday;
    // the 25th is a Friday, so it opens again on Sunday 17:00 (22:00 UTC).
    expect(times(TRADING_HOURS.forex, '2026-12-24T17:00:00Z', christmas)).toEqual(
      open('2026-12-25T05:00:00.000Z', '2026-12-27T22:00:00.000Z', true),
    );
    // Wednesday 2027-12-29... a holiday on a Wednesday: open again at midnight after it.
    const midweek = calendarOf([{ day: '2027-12-29', closesAt: null }]);
    expect(times(TRADING_HOURS.forex, '2027-12-29T12:00:00Z', midweek)).toEqual(
      closed('2027-12-30T05:00:00.000Z'),
    );
  });

  it('futures: the daily break 17:00-18:00 New York', () => {
    // Tuesday 2026-06-16 17:30 New York.
    expect(times(TRADING_HOURS.futures, '2026-06-16T21:30:00Z')).toEqual(closed('2026-06-16T22:00:00.000Z'));
    expect(times(TRADING_HOURS.futures, '2026-06-16T20:00:00Z')).toEqual(
      open('2026-06-16T21:00:00.000Z', '2026-06-16T22:00:00.000Z'),
    );
  });

  it('a closure of an always-open market: closed from UTC midnight to the next', () => {
    const day = calendarOf([{ day: '2026-12-25', closesAt: null }]);
    expect(times(TRADING_HOURS.always, '2026-12-24T12:00:00Z', day)).toEqual(
      open('2026-12-25T00:00:00.000Z', '2026-12-26T00:00:00.000Z', true),
    );
    expect(times(TRADING_HOURS.always, '2026-12-25T12:00:00Z', day)).toEqual(
      closed('2026-12-26T00:00:00.000Z'),
    );
    const half = calendarOf([{ day: '2026-12-24', closesAt: '13:00' }]);
    expect(times(TRADING_HOURS.always, '2026-12-24T12:00:00Z', half)).toEqual(
      open('2026-12-24T13:00:00.000Z', '2026-12-25T00:00:00.000Z', true),
    );
  });

  it('sessions that follow on each other do not close between them', () => {
    const hours: TradingHours = {
      timezone: 'UTC',
      alwaysOpen: false,
      sessions: [
        { open: 'Mon 00:00', close: 'Tue 00:00' },
        { open: 'Tue 00:00', close: 'Wed 00:00' },
      ],
    };
    expect(times(hours, '2026-06-15T12:00:00Z')).toEqual(
      open('2026-06-17T00:00:00.000Z', '2026-06-22T00:00:00.000Z'),
    );
    // A session over the week's end (Saturday 22:00 to Monday 02:00).
    const weekend: TradingHours = {
      timezone: 'UTC',
      alwaysOpen: false,
      sessions: [{ open: 'Sat 22:00', close: 'Mon 02:00' }],
    };
    expect(times(weekend, '2026-06-14T12:00:00Z')).toEqual(
      open('2026-06-15T02:00:00.000Z', '2026-06-20T22:00:00.000Z'),
    );
  });

  describe('across a clock change (a session starts at the first occurrence of its local time, and does not flap)', () => {
    const sunday = (timezone: string, open: string, close: string): TradingHours => ({
      timezone,
      alwaysOpen: false,
      sessions: [{ open: `Sun ${open}`, close: `Sun ${close}` }],
    });

    /** Walks the answers from `from` for `steps` changes, checking isOpenAt minute by minute between them. */
    function walk(hours: TradingHours, from: string, steps: number, closures = NO_CLOSURES): string[] {
      const seen: string[] = [];
      let when = at(from).getTime();
      for (let step = 0; step < steps; step++) {
        const t = nextMarketTimes(hours, closures, new Date(when));
        const change = t.open ? t.nextCloseAt : t.nextOpenAt;
        if (!change) break;
        for (let m = when + 60_000; m < change.getTime(); m += 60_000)
          if (isOpenAt(hours, new Date(m), closures) !== t.open)
            throw new Error(`${new Date(m).toISOString()} differs`);
        expect(isOpenAt(hours, change, closures)).toBe(!t.open);
        seen.push(`${t.open ? 'close' : 'open'} ${change.toISOString()}`);
        when = change.getTime();
      }
      return seen;
    }

    it('New York, spring (2026-03-08, 02:00 EST to 03:00 EDT at 07:00 UTC): a session from 02:30 opens at the jump', () => {
      const spring = sunday('America/New_York', '02:30', '05:00');
      expect(times(spring, '2026-03-08T05:00:00Z')).toEqual(closed('2026-03-08T07:00:00.000Z'));
      expect(isOpenAt(spring, at('2026-03-08T06:59:00Z'))).toBe(false);
      expect(isOpenAt(spring, at('2026-03-08T07:00:00Z'))).toBe(true);
      expect(times(spring, '2026-03-08T07:30:00Z')).toEqual(
        open('2026-03-08T09:00:00.000Z', '2026-03-15T06:30:00.000Z'),
      );
    });

    it('New York, autumn (2026-11-01, 02:00 EDT back to 01:00 EST at 06:00 UTC): from 01:30 EDT, open through the repeated hour', () => {
      const autumn = sunday('America/New_York', '01:30', '03:00');
      // 01:30 comes first at 05:30 UTC (EDT).
      expect(times(autumn, '2026-11-01T04:00:00Z')).toEqual(closed('2026-11-01T05:30:00.000Z'));
      // Open, and it stays open when the clock goes back to 01:00 (06:00 UTC): it closes at 03:00
      // EST (08:00 UTC) and opens again next Sunday at 01:30 EST (06:30 UTC).
      const thereafter = open('2026-11-01T08:00:00.000Z', '2026-11-08T06:30:00.000Z');
      expect(times(autumn, '2026-11-01T05:45:00Z')).toEqual(thereafter);
      expect(times(autumn, '2026-11-01T06:00:00Z')).toEqual(thereafter);
      expect(times(autumn, '2026-11-01T06:15:00Z')).toEqual(thereafter);
      expect(times(autumn, '2026-11-01T06:45:00Z')).toEqual(thereafter);
      // A session ending at 01:30 ends at its first occurrence and does not open again at 01:00 EST.
      const night: TradingHours = {
        timezone: 'America/New_York',
        alwaysOpen: false,
        sessions: [{ open: 'Sat 20:00', close: 'Sun 01:30' }],
      };
      expect(times(night, '2026-11-01T05:00:00Z')).toEqual(
        open('2026-11-01T05:30:00.000Z', '2026-11-08T01:00:00.000Z'),
      );
      expect(times(night, '2026-11-01T06:10:00Z')).toEqual(closed('2026-11-08T01:00:00.000Z'));
      expect(walk(autumn, '2026-10-31T12:00:00Z', 4)).toEqual([
        'open 2026-11-01T05:30:00.000Z',
        'close 2026-11-01T08:00:00.000Z',
        'open 2026-11-08T06:30:00.000Z',
        'close 2026-11-08T08:00:00.000Z',
      ]);
    });

    it('London, spring (2026-03-29, 01:00 GMT to 02:00 BST at 01:00 UTC) and autumn (2026-10-25, 02:00 BST back to 01:00 GMT at 01:00 UTC)', () => {
      const london = sunday('Europe/London', '01:30', '03:00');
      // Spring: 01:30 never comes; opens at the jump, closes at 03:00 BST (02:00 UTC).
      expect(times(london, '2026-03-29T00:30:00Z')).toEqual(closed('2026-03-29T01:00:00.000Z'));
      expect(times(london, '2026-03-29T01:30:00Z')).toEqual(
        open('2026-03-29T02:00:00.000Z', '2026-04-05T00:30:00.000Z'),
      );
      // Autumn: opens at 01:30 BST (00:30 UTC), open through 01:00-02:00 GMT, closes at 03:00 GMT.
      expect(times(london, '2026-10-25T00:00:00Z')).toEqual(closed('2026-10-25T00:30:00.000Z'));
      for (const when of ['2026-10-25T00:45:00Z', '2026-10-25T01:00:00Z', '2026-10-25T01:40:00Z'])
        expect(times(london, when)).toEqual(open('2026-10-25T03:00:00.000Z', '2026-11-01T01:30:00.000Z'));
      expect(walk(london, '2026-03-28T12:00:00Z', 4)).toEqual([
        'open 2026-03-29T01:00:00.000Z',
        'close 2026-03-29T02:00:00.000Z',
        'open 2026-04-05T00:30:00.000Z',
        'close 2026-04-05T02:00:00.000Z',
      ]);
      expect(walk(london, '2026-10-24T12:00:00Z', 2)).toEqual([
        'open 2026-10-25T00:30:00.000Z',
        'close 2026-10-25T03:00:00.000Z',
      ]);
    });

    it('an early close in the repeated hour closes at its first occurrence', () => {
      const early = calendarOf([{ day: '2026-11-01', closesAt: '01:30' }]);
      const allNight = sunday('America/New_York', '00:00', '05:00');
      expect(times(allNight, '2026-11-01T05:00:00Z', early)).toEqual(
        open('2026-11-01T05:30:00.000Z', '2026-11-08T05:00:00.000Z', true),
      );
      expect(times(allNight, '2026-11-01T06:10:00Z', early)).toEqual(closed('2026-11-08T05:00:00.000Z'));
    });

    it('the seeded markets answer as isOpenAt minute by minute over both changes', () => {
      for (const h of [stocks, TRADING_HOURS.forex, TRADING_HOURS.futures]) {
        walk(h, '2026-03-06T12:00:00Z', 8);
        walk(h, '2026-10-30T12:00:00Z', 8);
      }
    });
  });

  describe('the seeded year end and Good Friday of forex, metals and futures (1767000023000-MarketClosuresYearEnd)', () => {
    // With Christmas and New Year's Day of the first calendar (1766930001000-MarketClosures).
    const holidays = [
      { day: '2026-12-25', closesAt: null },
      { day: '2027-01-01', closesAt: null },
    ];
    const rows = (closures: typeof FUTURES) => closures.map(([day, closesAt]) => ({ day, closesAt }));
    const futuresDays = calendarOf([...holidays, ...rows(FUTURES)]);
    const forexDays = calendarOf([...holidays, ...rows(FOREX_YEAR_END)]);
    const futures = TRADING_HOURS.futures;
    const forex = TRADING_HOURS.forex;

    it('futures: closed on Good Friday, with no evening session the Thursday before', () => {
      // Thursday 2026-04-02, 11:00 New York (EDT): closes at the regular 17:00 (21:00 UTC), not
      // early, and opens again on Sunday at 18:00 (22:00 UTC).
      expect(times(futures, '2026-04-02T15:00:00Z', futuresDays)).toEqual(
        open('2026-04-02T21:00:00.000Z', '2026-04-05T22:00:00.000Z'),
      );
      // Without the closures the Thursday evening session would open at 18:00.
      expect(times(futures, '2026-04-02T15:00:00Z')).toEqual(
        open('2026-04-02T21:00:00.000Z', '2026-04-02T22:00:00.000Z'),
      );
      for (const when of ['2026-04-02T22:30:00Z', '2026-04-03T03:00:00Z', '2026-04-03T14:00:00Z'])
        expect(times(futures, when, futuresDays)).toEqual(closed('2026-04-05T22:00:00.000Z'));
      // 2027: Good Friday is 26 March.
      expect(times(futures, '2027-03-26T14:00:00Z', futuresDays)).toEqual(closed('2027-03-28T22:00:00.000Z'));
      expect(times(futures, '2027-03-25T23:00:00Z', futuresDays)).toEqual(closed('2027-03-28T22:00:00.000Z'));
      // Stocks close on Good Friday (NYSE, first calendar); forex trades (no closure for it).
      expect(isOpenAt(forex, at('2026-04-03T14:00:00Z'), forexDays)).toBe(true);
    });

    it('futures: Christmas Eve halts at 13:15 New York (12:15 CT), early; New Year’s Eve at the regular 17:00 with no evening session', () => {
      // Thursday 2026-12-24, 10:00 New York (EST): closes early at 13:15 (18:15 UTC); Christmas
      // Day is closed, so it opens on Sunday the 27th at 18:00 (23:00 UTC).
      expect(times(futures, '2026-12-24T15:00:00Z', futuresDays)).toEqual(
        open('2026-12-24T18:15:00.000Z', '2026-12-27T23:00:00.000Z', true),
      );
      expect(isOpenAt(futures, at('2026-12-24T18:14:00Z'), futuresDays)).toBe(true);
      expect(isOpenAt(futures, at('2026-12-24T18:15:00Z'), futuresDays)).toBe(false);
      expect(isOpenAt(futures, at('2026-12-24T23:30:00Z'), futuresDays)).toBe(false);
      // Thursday 2026-12-31: the regular close at 17:00 (22:00 UTC); no session for New Year's Day.
      expect(times(futures, '2026-12-31T15:00:00Z', futuresDays)).toEqual(
        open('2026-12-31T22:00:00.000Z', '2027-01-03T23:00:00.000Z'),
      );
      expect(isOpenAt(futures, at('2026-12-31T23:30:00Z'), futuresDays)).toBe(false);
      // Friday 2027-12-24: 13:15 too, then the weekend.
      expect(times(futures, '2027-12-24T15:00:00Z', futuresDays)).toEqual(
        open('2027-12-24T18:15:00.000Z', '2027-12-26T23:00:00.000Z', true),
      );
    });

    it('forex and metals: 24 and 31 December close early at 13:00 New York until after the holiday or the weekend', () => {
      expect(times(forex, '2026-12-24T15:00:00Z', forexDays)).toEqual(
        open('2026-12-24T18:00:00.000Z', '2026-12-27T22:00:00.000Z', true),
      );
      expect(times(forex, '2026-12-24T20:00:00Z', forexDays)).toEqual(closed('2026-12-27T22:00:00.000Z'));
      expect(times(forex, '2026-12-31T15:00:00Z', forexDays)).toEqual(
        open('2026-12-31T18:00:00.000Z', '2027-01-03T22:00:00.000Z', true),
      );
      // 2027: both are Fridays; the early close is the week's close.
      expect(times(forex, '2027-12-24T15:00:00Z', forexDays)).toEqual(
        open('2027-12-24T18:00:00.000Z', '2027-12-26T22:00:00.000Z', true),
      );
      expect(times(forex, '2027-12-31T15:00:00Z', forexDays)).toEqual(
        open('2027-12-31T18:00:00.000Z', '2028-01-02T22:00:00.000Z', true),
      );
      // Without the closures 24 December 2026 would trade on to midnight (Christmas Day).
      expect(times(forex, '2026-12-24T15:00:00Z', calendarOf(holidays))).toEqual(
        open('2026-12-25T05:00:00.000Z', '2026-12-27T22:00:00.000Z', true),
      );
    });

    it('answers as isOpenAt minute by minute over those days', () => {
      const check = (hours: TradingHours, closures: typeof nyse, from: string) => {
        let when = at(from).getTime();
        for (let step = 0; step < 6; step++) {
          const t = nextMarketTimes(hours, closures, new Date(when));
          const change = t.open ? t.nextCloseAt : t.nextOpenAt;
          if (!change) break;
          for (let m = when + 60_000; m < change.getTime(); m += 60_000)
            if (isOpenAt(hours, new Date(m), closures) !== t.open)
              throw new Error(`${new Date(m).toISOString()} differs`);
          when = change.getTime();
        }
      };
      for (const from of ['2026-04-01T12:00:00Z', '2026-12-22T12:00:00Z', '2027-12-22T12:00:00Z']) {
        check(futures, futuresDays, from);
        check(forex, forexDays, from);
      }
    });

    it('are valid rows: real dates, HH:MM times, no day twice', () => {
      for (const list of [FUTURES, FOREX_YEAR_END]) {
        const days = list.map(([day]) => day);
        expect(new Set(days).size).toBe(days.length);
        for (const [day, closesAt, name] of list) {
          expect(isCalendarDate(day)).toBe(true);
          if (closesAt !== null) expect(closesAt).toMatch(TIME_OF_DAY);
          expect(name.length).toBeGreaterThan(0);
        }
      }
    });
  });

  it(`looks ${SEARCH_DAYS} days ahead at most`, () => {
    // Closed every day for 60 days: nothing within the search.
    const rows = Array.from({ length: 60 }, (_, n) => ({
      day: new Date(Date.UTC(2026, 5, 1) + n * 86_400_000).toISOString().slice(0, 10),
      closesAt: null,
    }));
    const started = Date.now();
    expect(times(stocks, '2026-06-01T12:00:00Z', calendarOf(rows))).toEqual(closed(null));
    expect(times(TRADING_HOURS.always, '2026-06-01T12:00:00Z', calendarOf(rows))).toEqual(closed(null));
    expect(Date.now() - started).toBeLessThan(1_000);
    // Closed for 20 days: found.
    expect(times(stocks, '2026-06-01T12:00:00Z', calendarOf(rows.slice(0, 20)))).toEqual(
      closed('2026-06-22T13:30:00.000Z'),
    );
  });

  it('answers the same as isOpenAt minute by minute over a week with closures', () => {
    // The answer's moments are where isOpenAt changes, and nowhere in between.
    const start = at('2026-12-23T00:00:00Z').getTime();
    const hours = [stocks, TRADING_HOURS.forex, TRADING_HOURS.futures];
    for (const h of hours) {
      let when = start;
      for (let step = 0; step < 8; step++) {
        const t = nextMarketTimes(h, nyse, new Date(when));
        const change = t.open ? t.nextCloseAt : t.nextOpenAt;
        if (!change) break;
        for (let m = when + 60_000; m < change.getTime(); m += 60_000)
          if (isOpenAt(h, new Date(m), nyse) !== t.open)
            throw new Error(`${new Date(m).toISOString()} differs`);
        expect(isOpenAt(h, change, nyse)).toBe(!t.open);
        when = change.getTime();
      }
    }
  });
});
