import Decimal from 'decimal.js';
import { LedgerService, SystemAccount } from '@app/ledger';
import { PriceService } from '@app/market';
import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser, type RegisteredUser } from '../../support/users';
import { demo, fundReal, real, tick, userBalance } from '../trading/trading-support';

const ORDER = '/swx/customer/order';

/*
 * The user's VIP level from the seeded thresholds (VIP 1: 1000 USDT deposited and 50000 USDT of
 * trading volume, 5% off trading fees), shown in user/getUserInfo, and its fee discount charged on
 * real-book U orders. Prices move only by the ticks published here (MARKET_SOURCES=none).
 * BTCUSDT: spread 1, contract size 1, fee 0.2% (fee_rate_u_order).
 */
describe('VIP level of a user', () => {
  let t: TestApp;
  let btcId: number;
  beforeAll(async () => {
    t = await createTestApp({ MARKET_SOURCES: 'none' });
    btcId = t.app.get(PriceService).instrument('BTCUSDT').id;
    await tick(t, 'BTCUSDT', '65000');
  });
  afterAll(async () => {
    await t.close();
  });

  const userInfo = async (headers: Record<string, string>) =>
    (await t.http().post('/swx/customer/user/getUserInfo').set(headers)).body.result as {
      level: number;
      vip: Record<string, unknown>;
    };
  const buyU = async (headers: Record<string, string>, lots: string) => {
    const res = await t
      .http()
      .post(`${ORDER}/buyU`)
      .set(headers)
      .send({ code: 'BTCUSDT', direction: 'buy', lots, leverage: 20 });
    expect(res.body.code).toBe(20004);
    return res.body.result as { id: string; fee: string; margin: string; openPrice: string };
  };
  const assetInfo = async (headers: Record<string, string>) =>
    (await t.http().get(`${ORDER}/getAssestInfo/${btcId}`).set(headers)).body.result as Record<
      string,
      unknown
    >;
  const feesCollected = async (u: RegisteredUser): Promise<string> => {
    const [row]: { total: string }[] = await t.db.query(
      `SELECT coalesce(sum(t.amount), 0)::text AS total
         FROM ledger.transfers t
         JOIN ledger.accounts fa ON fa.id = t.credit_account_id
         JOIN ledger.accounts ua ON ua.id = t.debit_account_id
        WHERE fa.owner_type = 'system' AND fa.owner_id = $1 AND fa.book = 'real'
          AND ua.owner_type = 'user' AND ua.owner_id = $2`,
      [SystemAccount.Fees, u.id],
    );
    return new Decimal(row.total).toFixed();
  };

  it('starts at VIP 0 and reaches VIP 1 only when both real-book deposits and volume reach its minimums', async () => {
    const user = await registerUser(t);
    expect(await userInfo(real(user))).toMatchObject({
      level: 0,
      vip: { level: 0, name: 'VIP 0', feeDiscount: '0', depositUsdt: '0.00', volumeUsdt: '0.00' },
    });

    // Deposits count in USDT at today's price: 0.02 BTC at 65000 is 1300 USDT; 4000 USDT more.
    await fundReal(t, user, '0.02', 'BTC');
    await fundReal(t, user, '4000');
    // The demo book's money and trades never count.
    await buyU(demo(user), '1');
    expect(await userInfo(real(user))).toMatchObject({
      level: 0,
      vip: { level: 0, depositUsdt: '5300.00', volumeUsdt: '0.00' },
    });

    // 0.8 lot at the ask 65000.5 is 52000.4 USDT of notional: VIP 1 (50000) is reached.
    const first = await buyU(real(user), '0.8');
    expect(first).toMatchObject({ openPrice: '65000.5', margin: '2600.02', fee: '104.0008' });
    const info = await userInfo(real(user));
    expect(info).toMatchObject({
      level: 1,
      vip: { level: 1, name: 'VIP 1', feeDiscount: '0.05', depositUsdt: '5300.00', volumeUsdt: '52000.40' },
    });
    // The level is the same whichever book is shown, and the stored level follows it.
    expect((await userInfo(demo(user))).level).toBe(1);
    const [stored]: { level: number }[] = await t.db.query(`SELECT level FROM accounts.users WHERE id = $1`, [
      user.id,
    ]);
    expect(stored.level).toBe(1);
  });

  it('charges a VIP 1 user 5% less U-order fee on the real book, through the ledger; the demo book pays the standard fee', async () => {
    const user = await registerUser(t);
    await fundReal(t, user, '5000');
    await buyU(real(user), '0.8');
    expect((await userInfo(real(user))).level).toBe(1);
    expect(await assetInfo(real(user))).toMatchObject({ feeRatePercent: '0.19', feeDiscount: '0.05' });
    expect(await assetInfo(demo(user))).toMatchObject({ feeRatePercent: '0.2', feeDiscount: '0' });

    const before = await userBalance(t, user, 'real', 'available');
    const feesBefore = await feesCollected(user);
    // 0.1 lot at 65000.5: notional 6500.05, standard fee 13.0001, VIP 1 fee 0.19% = 12.350095.
    const order = await buyU(real(user), '0.1');
    expect(order).toMatchObject({ margin: '325.0025', fee: '12.350095' });
    expect(await userBalance(t, user, 'real', 'available')).toBe(
      new Decimal(before).minus('325.0025').minus('12.350095').toFixed(),
    );
    expect(new Decimal(await feesCollected(user)).minus(feesBefore).toFixed()).toBe('12.350095');

    const onDemo = await buyU(demo(user), '0.1');
    expect(onDemo.fee).toBe('13.0001');
    await expect(t.app.get(LedgerService).invariantViolations()).resolves.toEqual([]);
  });

  it('keeps a user below the volume minimum at VIP 0 with the standard fee, whatever they deposited', async () => {
    const user = await registerUser(t);
    await fundReal(t, user, '20000');
    const order = await buyU(real(user), '0.1');
    expect(order.fee).toBe('13.0001');
    expect(await userInfo(real(user))).toMatchObject({
      level: 0,
      vip: { depositUsdt: '20000.00', volumeUsdt: '6500.05' },
    });
    expect(await assetInfo(real(user))).toMatchObject({ feeRatePercent: '0.2', feeDiscount: '0' });
  });
});
