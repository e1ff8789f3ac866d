import { isOpenAt, parseWeekMinute, TRADING_HOURS } from './trading-hours';

const at = (iso: string) => new Date(iso);

describe('trading hours', () => {
  it('parses week minutes and refuses garbage', () => {
    expect(parseWeekMinute('Sun 00:00')).toBe(0);
    expect(parseWeekMinute('Mon 14:30')).toBe(1440 + 870);
    expect(() => parseWeekMinute('Funday 25:00')).toThrow();
  });

  it('crypto is always open', () => {
    expect(isOpenAt(TRADING_HOURS.always, at('2024-06-08T03:00:00Z'))).toBe(true);
  });

  it('forex: Sunday 22:00 to Friday 22:00 UTC', () => {
    // 2024-06-09 is a Sunday.
    expect(isOpenAt(TRADING_HOURS.forex, at('2024-06-09T21:59:00Z'))).toBe(false);
    expect(isOpenAt(TRADING_HOURS.forex, at('2024-06-09T22:00:00Z'))).toBe(true);
    expect(isOpenAt(TRADING_HOURS.forex, at('2024-06-12T03:00:00Z'))).toBe(true);
    expect(isOpenAt(TRADING_HOURS.forex, at('2024-06-14T21:59:00Z'))).toBe(true);
    expect(isOpenAt(TRADING_HOURS.forex, at('2024-06-14T22:00:00Z'))).toBe(false);
    expect(isOpenAt(TRADING_HOURS.forex, at('2024-06-15T12:00:00Z'))).toBe(false);
  });

  it('US equities: weekdays 14:30-21:00 UTC', () => {
    expect(isOpenAt(TRADING_HOURS.usEquities, at('2024-06-10T14:29:00Z'))).toBe(false);
    expect(isOpenAt(TRADING_HOURS.usEquities, at('2024-06-10T14:30:00Z'))).toBe(true);
    expect(isOpenAt(TRADING_HOURS.usEquities, at('2024-06-10T20:59:00Z'))).toBe(true);
    expect(isOpenAt(TRADING_HOURS.usEquities, at('2024-06-10T21:00:00Z'))).toBe(false);
    expect(isOpenAt(TRADING_HOURS.usEquities, at('2024-06-15T15:00:00Z'))).toBe(false);
  });

  it('futures: Sunday 23:00 to Friday 22:00 with a daily break 22:00-23:00', () => {
    expect(isOpenAt(TRADING_HOURS.futures, at('2024-06-09T22:30:00Z'))).toBe(false);
    expect(isOpenAt(TRADING_HOURS.futures, at('2024-06-09T23:00:00Z'))).toBe(true);
    expect(isOpenAt(TRADING_HOURS.futures, at('2024-06-11T22:30:00Z'))).toBe(false);
    expect(isOpenAt(TRADING_HOURS.futures, at('2024-06-11T23:30:00Z'))).toBe(true);
    expect(isOpenAt(TRADING_HOURS.futures, at('2024-06-14T21:00:00Z'))).toBe(true);
    expect(isOpenAt(TRADING_HOURS.futures, at('2024-06-14T23:30:00Z'))).toBe(false);
  });
});
