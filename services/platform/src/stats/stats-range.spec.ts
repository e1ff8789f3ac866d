import { AppException } from '@app/common';
import { dayRange, parseDay } from './stats-range';

const NOW = new Date('2026-03-01T23:59:59.999Z');

function refusal(query: { from?: string; to?: string }) {
  try {
    dayRange(query, NOW);
  } catch (error) {
    expect(error).toBeInstanceOf(AppException);
    return (error as AppException).result;
  }
  throw new Error('accepted');
}

describe('dashboard day ranges (UTC)', () => {
  it('defaults to the 30 days ending today, both ends included', () => {
    const r = dayRange({}, NOW);
    expect(r.to).toBe('2026-03-01');
    expect(r.from).toBe('2026-01-31');
    expect(r.days).toHaveLength(30);
    expect(r.start.toISOString()).toBe('2026-01-31T00:00:00.000Z');
    expect(r.end.toISOString()).toBe('2026-03-02T00:00:00.000Z');
  });

  it('takes the days asked for, across a leap day, oldest first', () => {
    const r = dayRange({ from: '2024-02-27', to: '2024-03-01' }, NOW);
    expect(r.days).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01']);
    expect(dayRange({ to: '2024-03-01' }, NOW).from).toBe('2024-02-01');
    expect(dayRange({ from: '2026-02-20' }, NOW).days).toHaveLength(10);
  });

  it('allows 366 days and not one more', () => {
    expect(dayRange({ from: '2023-03-02', to: '2024-03-01' }, NOW).days).toHaveLength(366);
    expect(refusal({ from: '2023-03-01', to: '2024-03-01' })).toEqual([
      { field: 'from', message: 'validation.dateRangeTooLong', params: { max: 366 } },
    ]);
  });

  it('refuses days that do not exist and a start after the end', () => {
    expect(parseDay('2023-02-29')).toBeNull();
    expect(parseDay('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(parseDay('2024-2-1')).toBeNull();
    expect(refusal({ to: '2024-04-31' })).toEqual([{ field: 'to', message: 'validation.invalid' }]);
    expect(refusal({ from: '2024-03-02', to: '2024-03-01' })).toEqual([
      { field: 'from', message: 'validation.dateOrder' },
    ]);
  });
});
