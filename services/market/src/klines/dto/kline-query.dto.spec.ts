import { parseTime } from './kline-query.dto';

describe('parseTime (from/to of the K-line query)', () => {
  it('reads epoch milliseconds and ISO 8601', () => {
    expect(parseTime(undefined)).toBeUndefined();
    expect(parseTime('0')?.toISOString()).toBe('1970-01-01T00:00:00.000Z');
    expect(parseTime('1718200000000')?.toISOString()).toBe('2024-06-12T13:46:40.000Z');
    expect(parseTime('2024-06-12')?.toISOString()).toBe('2024-06-12T00:00:00.000Z');
    expect(parseTime('2024-06-12T10:00:00+02:00')?.toISOString()).toBe('2024-06-12T08:00:00.000Z');
    expect(parseTime('9999-12-31T23:59:59.999Z')?.toISOString()).toBe('9999-12-31T23:59:59.999Z');
  });

  it('refuses times the database cannot read and days a month does not have', () => {
    for (const value of [
      '0000-01-01', // no year 0 in Postgres
      '0001-01-01T00:00:00Z',
      '999999999999999', // year 33658: an extended ISO year Postgres refuses
      '253402300800000', // 10000-01-01
      '2024-02-30', // not rolled over into March
      '2023-02-29T10:00:00Z',
      '2024-13-01',
    ])
      expect({ value, date: parseTime(value) }).toEqual({ value, date: undefined });
  });
});
