import { LANGUAGES } from '@app/common';
import { formatAmount, localizeParams } from './amount-format';

describe('notification amounts', () => {
  it('are grouped in the reader’s language', () => {
    expect(formatAmount('en', '5000')).toBe('5,000');
    expect(formatAmount('de', '5000')).toBe('5.000');
    expect(formatAmount('de', '1234567.5')).toBe('1.234.567,5');
    expect(formatAmount('fr', '1234567.5')).toMatch(/^1\s234\s567,5$/u);
    expect(formatAmount('ja', '5000')).toBe('5,000');
    expect(formatAmount('zh', '5000')).toBe('5,000');
    expect(formatAmount('hk', '5000')).toBe('5,000');
  });

  it('keep every decimal, exactly, without trailing zeros (never through a JS number)', () => {
    expect(formatAmount('en', '12345678901234567890.123456789012345678')).toBe(
      '12,345,678,901,234,567,890.123456789012345678',
    );
    expect(formatAmount('de', '0.000000000000000001')).toBe('0,000000000000000001');
    expect(formatAmount('en', '5000.500000000000000000')).toBe('5,000.5');
    expect(formatAmount('en', '5000.000000000000000000')).toBe('5,000');
    expect(formatAmount('en', '9007199254740993')).toBe('9,007,199,254,740,993');
  });

  it('keep the sign, and leave what is not a decimal as it is', () => {
    expect(formatAmount('en', '-1234.5')).toBe('-1,234.5');
    expect(formatAmount('de', '-0.25')).toBe('-0,25');
    expect(formatAmount('en', '-0.000')).toBe('0');
    expect(formatAmount('ar', '-1234.5')).toContain('1,234.5');
    expect(formatAmount('en', '')).toBe('');
    expect(formatAmount('en', '1e-7')).toBe('1e-7');
    expect(formatAmount('en', 'n/a')).toBe('n/a');
  });

  it('give every language a figure with its decimals', () => {
    for (const lang of LANGUAGES) expect(formatAmount(lang, '1234.05')).toMatch(/^1.?234[.,]05$/u);
  });

  it('only the amount placeholders change', () => {
    expect(localizeParams('de', { amount: '5000', currency: 'USDT', due: '2026-01-02', n: 5000 })).toEqual({
      amount: '5.000',
      currency: 'USDT',
      due: '2026-01-02',
      n: 5000,
    });
    expect(localizeParams('en', undefined)).toEqual({});
  });
});
