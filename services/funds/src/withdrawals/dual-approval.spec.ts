import Decimal from 'decimal.js';
import type { MarketPrices, SystemParameterReader } from '@app/common';
import { approvalsRequired, DUAL_APPROVAL_PARAMETER } from './dual-approval';

/** A parameter table as the content service would answer it. */
const parameters = (value: string | null): SystemParameterReader => ({
  get: (key: string) => Promise.resolve(key === DUAL_APPROVAL_PARAMETER ? value : null),
});
/** Last prices of a feed that knows only the listed instruments (others throw, as the feed does). */
const prices = (known: Record<string, string>) =>
  ({
    lastPrice: (code: string) =>
      code in known ? Promise.resolve(new Decimal(known[code])) : Promise.reject(new Error('unknown')),
  }) as unknown as MarketPrices;

describe('approvalsRequired (withdraw_dual_approval_threshold, in USDT)', () => {
  const feed = prices({ BTCUSDT: '50000' });

  it('USDT: two approvals only above the threshold', async () => {
    const p = parameters('10000');
    expect(await approvalsRequired('USDT', new Decimal('10000'), p, feed)).toBe(1);
    expect(await approvalsRequired('USDT', new Decimal('10000.000001'), p, feed)).toBe(2);
  });

  it('other coins are valued at the last <coin>USDT price', async () => {
    const p = parameters('10000');
    expect(await approvalsRequired('BTC', new Decimal('0.2'), p, feed)).toBe(1);
    expect(await approvalsRequired('BTC', new Decimal('0.2000001'), p, feed)).toBe(2);
  });

  it('a coin the feed cannot value needs two approvals', async () => {
    expect(await approvalsRequired('ETH', new Decimal('0.01'), parameters('10000'), feed)).toBe(2);
    expect(await approvalsRequired('ETH', new Decimal('0.01'), parameters('10000'), undefined)).toBe(2);
  });

  it('an empty, zero or malformed parameter turns the rule off', async () => {
    for (const value of [null, '', '0', 'abc', '-5']) {
      expect(await approvalsRequired('USDT', new Decimal('1000000'), parameters(value), feed)).toBe(1);
    }
    expect(await approvalsRequired('USDT', new Decimal('1000000'), undefined, feed)).toBe(1);
  });
});
