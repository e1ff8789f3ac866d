import { formatAmount, isAmountPlaceholder, localizeAmounts } from './amount-format';
import { LANGUAGES, translate } from './translator';
import en from './locales/en.json';

describe('amounts in texts (notifications and errors)', () => {
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
    expect(
      localizeAmounts('de', 'message.loanOverdueBody', {
        amount: '5000',
        currency: 'USDT',
        due: '2026-01-02',
        n: 5000,
      }),
    ).toEqual({ amount: '5.000', currency: 'USDT', due: '2026-01-02', n: 5000 });
  });

  it('are written the reader’s way by translate, in errors too; counts and codes are not', () => {
    const limit = { name: 'USDT', limit: '5000' };
    expect(translate('en', 'validation.belowMinWithdrawal', limit)).toBe(
      'The minimum withdrawal of USDT is 5,000',
    );
    expect(translate('de', 'validation.belowMinWithdrawal', limit)).toBe(
      'Die Mindestauszahlung für USDT beträgt 5.000',
    );
    expect(translate('de', 'validation.belowMinDeposit', { name: 'BTC', limit: '0.015' })).toContain('0,015');
    expect(translate('de', 'validation.loanAboveCap', { limit: '12500.5' })).toContain('12.500,5');
    expect(translate('de', 'validation.minAboveMax', { max: '1000' })).toContain('(1.000)');
    expect(translate('de', 'validation.maxBelowMin', { min: '5000' })).toContain('(5.000)');
    expect(translate('de', 'validation.spotAmountTooSmall', { amount: '1000' })).toContain('1.000');
    expect(translate('de', 'validation.spotPriceTick', { tick: '0.01' })).toContain('0,01');
    expect(translate('de', 'validation.spotQuantityLot', { lot: '0.0001' })).toContain('0,0001');
    expect(translate('en', 'message.demoTopupNotNeeded', { amount: '100000' })).toContain('100,000 USDT');
    // Counts, days, leverage and codes stay as given.
    expect(translate('en', 'auth.apiKeyLimit', { limit: 1000 })).toContain('at most 1000 active');
    expect(translate('en', 'validation.addressBookFull', { limit: 1000 })).toContain('(1000 addresses)');
    expect(translate('en', 'validation.imageTooLarge', { limit: 1000 })).toContain('1000 MB');
    expect(translate('en', 'validation.dateRangeTooLong', { max: 1000 })).toContain('1000 days');
    expect(translate('en', 'validation.leverageAboveTier', { max: 1000 })).toContain('1000x');
    expect(translate('en', 'message.codeBody', { code: '123456' })).toContain('is 123456.');
    expect(translate('en', 'validation.instrumentCodeTaken', { code: '1000' })).toContain('code 1000 ');
  });

  /**
   * Every placeholder of the catalogue is sorted: an amount (written the reader's way) or one of
   * these, which are not. A new text's placeholder lands here or in amount-format.ts.
   */
  const NEVER_AMOUNTS = [
    ...['field', 'name', 'currency', 'coin', 'network', 'address', 'reason', 'reference', 'txHash'],
    ...['code', 'symbol', 'value', 'range', 'time', 'due', 'day', 'hours'],
  ];
  const NOT_AMOUNTS_OF: Readonly<Record<string, readonly string[]>> = {
    'validation.imageTooLarge': ['limit'],
    'validation.addressBookFull': ['limit'],
    'auth.apiKeyLimit': ['limit'],
    'validation.leverageAboveTier': ['max'],
    'validation.dateRangeTooLong': ['max'],
  };

  it('sorts every placeholder of the catalogue into amounts and the rest', () => {
    const texts = (node: unknown, prefix = ''): [string, string][] =>
      typeof node === 'string'
        ? [[prefix, node]]
        : Object.entries(node as object).flatMap(([k, v]) => texts(v, prefix ? `${prefix}.${k}` : k));
    const unsorted: string[] = [];
    for (const [key, text] of texts(en)) {
      for (const [, name] of text.matchAll(/\{(\w+)\}/g)) {
        const notAmount = NEVER_AMOUNTS.includes(name) || (NOT_AMOUNTS_OF[key]?.includes(name) ?? false);
        if (notAmount === isAmountPlaceholder(key, name)) unsorted.push(`${key} {${name}}`);
      }
    }
    expect(unsorted).toEqual([]);
  });
});
