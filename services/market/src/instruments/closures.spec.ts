import { calendarOf, isCalendarDate, isClosedAt, localDayOf } from './closures';
import { isOpenAt, TRADING_HOURS } from './trading-hours';

const at = (iso: string) => new Date(iso);

describe('market closures', () => {
  // 2024-07-04 (a Thursday) closed all day, 2024-07-03 (a Wednesday) closing at 13:00 New York.
  const july = calendarOf([
    { day: '2024-07-04', closesAt: null },
    { day: '2024-07-03', closesAt: '13:00' },
  ]);

  it('reads real calendar dates only', () => {
    expect(isCalendarDate('2026-12-25')).toBe(true);
    expect(isCalendarDate('2027-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('26-12-25')).toBe(false);
    expect(isCalendarDate(20261225)).toBe(false);
  });

  it('reads the local date and minute of a zone', () => {
    // 03:00 UTC on July 5th is still July 4th, 23:00 in New York (EDT).
    expect(localDayOf(at('2024-07-05T03:00:00Z'), 'America/New_York')).toEqual({
      date: '2024-07-04',
      minute: 23 * 60,
    });
    expect(localDayOf(at('2024-07-05T03:00:00Z'))).toEqual({ date: '2024-07-05', minute: 180 });
  });

  it('a holiday closes a stock the whole day, an early close from its time on (New York wall time)', () => {
    const stocks = TRADING_HOURS.usEquities;
    // Without closures the three days trade 13:30-20:00 UTC.
    expect(isOpenAt(stocks, at('2024-07-04T15:00:00Z'))).toBe(true);
    expect(isOpenAt(stocks, at('2024-07-04T15:00:00Z'), july)).toBe(false);
    expect(isOpenAt(stocks, at('2024-07-03T16:59:00Z'), july)).toBe(true);
    expect(isOpenAt(stocks, at('2024-07-03T17:00:00Z'), july)).toBe(false);
    expect(isOpenAt(stocks, at('2024-07-05T15:00:00Z'), july)).toBe(true);
  });

  it('the date is the local one: forex is closed from midnight New York, not UTC', () => {
    const forex = TRADING_HOURS.forex;
    // 2024-07-04 02:00 UTC is July 3rd, 22:00 New York: after the early close of the 3rd.
    expect(isOpenAt(forex, at('2024-07-04T02:00:00Z'), july)).toBe(false);
    expect(isClosedAt(july, 'America/New_York', at('2024-07-05T03:59:00Z'))).toBe(true);
    expect(isOpenAt(forex, at('2024-07-05T04:00:00Z'), july)).toBe(true);
  });

  it('applies to an always-open instrument too (dates in UTC)', () => {
    expect(isOpenAt(TRADING_HOURS.always, at('2024-07-04T00:00:00Z'), july)).toBe(false);
    expect(isOpenAt(TRADING_HOURS.always, at('2024-07-03T23:59:00Z'), july)).toBe(false);
    expect(isOpenAt(TRADING_HOURS.always, at('2024-07-03T12:59:00Z'), july)).toBe(true);
  });

  it('of two rows of one day the earlier close wins', () => {
    const two = calendarOf([
      { day: '2024-07-03', closesAt: '15:00' },
      { day: '2024-07-03', closesAt: '13:00' },
    ]);
    expect(two.get('2024-07-03')).toBe(13 * 60);
    expect(calendarOf([...july.keys()].map((day) => ({ day, closesAt: null }))).get('2024-07-03')).toBe(null);
  });
});
