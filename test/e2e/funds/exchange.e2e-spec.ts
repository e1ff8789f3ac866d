import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { LedgerService, SystemAccount } from '@app/ledger';
import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser, type RegisteredUser } from '../../support/users';
import { waitForFeeder } from '../market/market-support';

describe('funds: currency exchange (user/dh)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await waitForFeeder(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const real = (u: RegisteredUser) => ({ Authorization: `Bearer ${u.token}`, virtually: 'YES' });

  async function deposit(user: RegisteredUser, currency: string, amount: string) {
    await t.app.get(LedgerService).post({
      key: `deposit-${randomUUID()}`,
      reason: 'deposit',
      legs: [
        {
          from: {
            owner: { type: 'system', id: SystemAccount.External },
            book: 'real',
            currency,
            kind: 'main',
          },
          to: { owner: { type: 'user', id: user.id }, book: 'real', currency, kind: 'available' },
          amount,
        },
      ],
    });
  }

  async function available(user: RegisteredUser, currency: string): Promise<string> {
    return (
      await t.app.get(LedgerService).balance({
        owner: { type: 'user', id: user.id },
        book: 'real',
        currency,
        kind: 'available',
      })
    ).toFixed();
  }

  it('quotes at the feed price with the fee, then executes the quote exactly once', async () => {
    const user = await registerUser(t);
    await deposit(user, 'BTC', '0.5');
    const q = await t
      .http()
      .get('/swx/customer/user/dh/quote')
      .query({ from: 'BTC', to: 'USDT', amount: '0.1' })
      .set(real(user));
    expect(q.body.code).toBe(200);
    const quote = q.body.result;
    const last = new Decimal(
      (await t.http().get('/swx/customer/index/getMarketInfo/1')).body.result.nowPrice,
    );
    // The rate is the feed's BTC bid: within a few percent of the last price.
    expect(new Decimal(quote.rate).div(last).minus(1).abs().lt(0.05)).toBe(true);
    const gross = new Decimal('0.1').mul(quote.rate).toDecimalPlaces(8, Decimal.ROUND_DOWN);
    expect(quote.fee).toBe(gross.mul('0.2').div(100).toDecimalPlaces(8, Decimal.ROUND_UP).toFixed());
    expect(quote.receive).toBe(gross.minus(quote.fee).toFixed());
    expect(await available(user, 'USDT')).toBe('0');

    const done = await t
      .http()
      .post('/swx/customer/user/dh')
      .set(real(user))
      .send({ quoteId: quote.quoteId });
    expect(done.body).toMatchObject({
      code: 200,
      result: { receive: quote.receive, from: 'BTC', to: 'USDT' },
    });
    expect(await available(user, 'BTC')).toBe('0.4');
    expect(await available(user, 'USDT')).toBe(quote.receive);

    const again = await t
      .http()
      .post('/swx/customer/user/dh')
      .set(real(user))
      .send({ quoteId: quote.quoteId });
    expect(again.body.code).toBe(409);
    expect(again.body.message).toMatch(/quote has expired/);
    expect(await available(user, 'BTC')).toBe('0.4');

    const details = await t
      .http()
      .get('/swx/customer/user/listFundingDetails')
      .query({ type: 'exchange' })
      .set(real(user));
    expect(details.body.result.total).toBe(2);

    const accounts = await t.http().get('/swx/customer/user/listCoinAccounts').set(real(user));
    const btc = accounts.body.result.find((a: { currency: string }) => a.currency === 'BTC');
    expect(new Decimal(btc.usdtValue).gt(0)).toBe(true);
  });

  it('executes from/to/amount at the current price without a quote (USDT to ETH)', async () => {
    const user = await registerUser(t);
    await deposit(user, 'USDT', '1000');
    const res = await t
      .http()
      .post('/swx/customer/user/dh')
      .set(real(user))
      .send({ from: 'USDT', to: 'ETH', amount: '500' });
    expect(res.body.code).toBe(200);
    expect(await available(user, 'USDT')).toBe('500');
    expect(await available(user, 'ETH')).toBe(res.body.result.receive);
    expect(new Decimal(res.body.result.receive).gt(0)).toBe(true);
  });

  it('refuses the demo book, bad coins and amounts, another user’s quote and an uncovered amount', async () => {
    const user = await registerUser(t);
    const other = await registerUser(t);
    await deposit(user, 'USDT', '100');
    const demo = await t
      .http()
      .get('/swx/customer/user/dh/quote')
      .query({ from: 'USDT', to: 'BTC', amount: '10' })
      .set({ Authorization: `Bearer ${user.token}`, virtually: 'NO' });
    expect(demo.body.code).toBe(403);
    expect(demo.body.message).toMatch(/demo account/);

    const cases: [Record<string, string>, string][] = [
      [{ from: 'USDT', to: 'USDT', amount: '10' }, 'to'],
      [{ from: 'USDT', to: 'NOPE', amount: '10' }, 'to'],
      [{ from: 'USDT', to: 'BTC', amount: '0' }, 'amount'],
      [{ from: 'USDT', to: 'BTC', amount: 'ten' }, 'amount'],
      [{ from: 'USDT', to: 'BTC', amount: '1.123456789' }, 'amount'],
    ];
    for (const [body, field] of cases) {
      const res = await t.http().post('/swx/customer/user/dh').set(real(user)).send(body);
      expect(res.body.code).toBe(400);
      expect(JSON.stringify(res.body.result)).toContain(field);
    }

    const q = await t
      .http()
      .get('/swx/customer/user/dh/quote')
      .query({ from: 'USDT', to: 'BTC', amount: '10' })
      .set(real(user));
    const stolen = await t
      .http()
      .post('/swx/customer/user/dh')
      .set(real(other))
      .send({ quoteId: q.body.result.quoteId });
    expect(stolen.body.code).toBe(409);

    const tooMuch = await t
      .http()
      .post('/swx/customer/user/dh')
      .set(real(user))
      .send({ from: 'USDT', to: 'BTC', amount: '100.5' });
    expect(tooMuch.body.code).toBe(10092);
    expect(await available(user, 'USDT')).toBe('100');
    expect(await available(user, 'BTC')).toBe('0');
  });

  it('never lets simultaneous exchanges spend the same balance', async () => {
    const user = await registerUser(t);
    await deposit(user, 'BTC', '0.25');
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        t
          .http()
          .post('/swx/customer/user/dh')
          .set(real(user))
          .send({ from: 'BTC', to: 'USDT', amount: '0.1' }),
      ),
    );
    const codes = results.map((r) => r.body.code).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(2);
    expect(codes.filter((c) => c === 10092)).toHaveLength(4);
    expect(await available(user, 'BTC')).toBe('0.05');
  });
});
