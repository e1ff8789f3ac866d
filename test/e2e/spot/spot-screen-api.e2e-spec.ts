import { generate } from 'otplib';
import { Clock } from '@app/common';
import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser, type RegisteredUser } from '../../support/users';
import { demo, real, tick } from '../trading/trading-support';

/**
 * What the user app's trading screens read before a user has done anything: the quote of a market
 * on the order form (getAssestInfo), the fee and grid of every coin pair (listBbPairs) and whether
 * two-factor authentication is on (getUserInfo).
 */
describe('trading screens: what a new user sees', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MARKET_SOURCES: 'none' });
  });
  afterAll(async () => {
    await t.close();
  });

  describe('GET /swx/customer/order/getAssestInfo/:id', () => {
    it('401 without a session', async () => {
      expect((await t.http().get('/swx/customer/order/getAssestInfo/1')).body.code).toBe(401);
    });

    it('answers the bid and the ask before the first order', async () => {
      await tick(t, 'BTCUSDT', '65000');
      const list = await t.http().get('/swx/customer/index/listMarketByType?type=2&pageNum=1&pageSize=100');
      const market = (list.body.result.list as { id: number; code: string }[]).find(
        (m) => m.code === 'BTCUSDT',
      )!;
      const user = await registerUser(t);
      for (const headers of [demo(user), real(user)]) {
        const res = await t.http().get(`/swx/customer/order/getAssestInfo/${market.id}`).set(headers);
        expect(res.body.code).toBe(200);
        expect(res.body.result).toMatchObject({ code: 'BTCUSDT', openPositions: 0, floatingProfit: '0' });
        const { bid, ask } = res.body.result as { bid: string | null; ask: string | null };
        expect(bid).toMatch(/^\d+(\.\d+)?$/);
        expect(ask).toMatch(/^\d+(\.\d+)?$/);
        expect(Number(bid)).toBeLessThanOrEqual(65000);
        expect(Number(ask)).toBeGreaterThanOrEqual(65000);
      }
    });
  });

  describe('GET /swx/customer/order/listBbPairs', () => {
    it('answers every pair with its tick, lot and the fee rate in percent', async () => {
      const res = await t.http().get('/swx/customer/order/listBbPairs').set({ virtually: 'NO' });
      expect(res.body.code).toBe(200);
      const pairs = res.body.result as {
        symbol: string;
        base: string;
        quote: string;
        tickSize: string;
        lotSize: string;
        feeRatePercent: string | null;
      }[];
      expect(pairs.length).toBeGreaterThan(0);
      const btc = pairs.find((p) => p.symbol === 'BTCUSDT');
      expect(btc).toMatchObject({ base: 'BTC', quote: 'USDT' });
      for (const p of pairs) {
        expect(p.tickSize).toMatch(/^\d+(\.\d+)?$/);
        expect(p.lotSize).toMatch(/^\d+(\.\d+)?$/);
        // The default spot fee (the parameter spot_fee_rate is not set in a fresh install).
        expect(p.feeRatePercent).toBe('0.1');
      }
    });
  });

  describe('POST /swx/customer/user/getUserInfo', () => {
    const bearer = (u: RegisteredUser) => ({ Authorization: `Bearer ${u.token}` });

    it('says whether two-factor authentication is on', async () => {
      const clock = t.app.get(Clock);
      const user = await registerUser(t);
      const before = await t.http().post('/swx/customer/user/getUserInfo').set(bearer(user));
      expect(before.body.code).toBe(200);
      expect(before.body.result.twoFactorEnabled).toBe(false);

      const setup = await t.http().post('/swx/customer/user/2fa/setup').set(bearer(user));
      const secret = setup.body.result.secret as string;
      // Pending enrolment is not "on".
      const pending = await t.http().post('/swx/customer/user/getUserInfo').set(bearer(user));
      expect(pending.body.result.twoFactorEnabled).toBe(false);

      const code = await generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
      const enable = await t.http().post('/swx/customer/user/2fa/enable').set(bearer(user)).send({ code });
      expect(enable.body.code).toBe(200);
      const after = await t.http().post('/swx/customer/user/getUserInfo').set(bearer(user));
      expect(after.body.result.twoFactorEnabled).toBe(true);
    });
  });
});
