import path from 'node:path';
import { Clock } from '@app/common';
import { PriceService } from '@app/market';
import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser, type RegisteredUser } from '../../support/users';
import { adminToken, demo, fundReal, real, tick } from './trading-support';

const ORDER = '/swx/customer/order';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
// A Wednesday noon UTC: forex is open.
const WEDNESDAY = new Date('2024-06-12T12:00:00Z');

/*
 * The highest leverage on the real book follows the user's verification: u_leverage_max (20)
 * without KYC, u_leverage_max_kyc (100) after it, u_leverage_max_advanced (500) after the advanced
 * certification (the seeded parameters). The demo book's virtual money is not capped.
 */
describe('U orders: leverage capped by KYC level', () => {
  let t: TestApp;
  let admin: string;
  let btcId: number;
  let eurId: number;

  beforeAll(async () => {
    t = await createTestApp({
      MARKET_SOURCES: 'none',
      DATA_DIR: path.resolve(__dirname, '../../../.data/test/app-data'),
    });
    admin = await adminToken(t);
    btcId = t.app.get(PriceService).instrument('BTCUSDT').id;
    eurId = t.app.get(PriceService).instrument('EURUSD').id;
    await tick(t, 'BTCUSDT', '65000');
    await tick(t, 'EURUSD', '1.085');
  });
  afterAll(async () => {
    t.app.get(Clock).set(new Date());
    await t.close();
  });

  const bearer = (u: RegisteredUser) => ({ Authorization: `Bearer ${u.token}` });
  const buyU = (headers: Record<string, string>, body: object) =>
    t.http().post(`${ORDER}/buyU`).set(headers).send(body);
  const btc = (leverage: number) => ({ code: 'BTCUSDT', direction: 'buy', lots: '0.01', leverage });
  const assetInfo = async (headers: Record<string, string>, id: number) =>
    (await t.http().get(`${ORDER}/getAssestInfo/${id}`).set(headers)).body.result;

  async function approveLast(level: 'basic' | 'advanced', submissionId: string) {
    const res = await t
      .http()
      .post(`/swx/admin/kyc/${submissionId}/approve`)
      .set({ Authorization: `Bearer ${admin}` });
    expect({ level, code: res.body.code }).toEqual({ level, code: 200 });
  }

  async function passKyc(user: RegisteredUser) {
    const req = t.http().post('/swx/customer/user/identification').set(bearer(user));
    const fields = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      sex: 'female',
      birthdate: '1990-12-10',
      country: 'GB',
      address: 'London',
      phone: '+447700900123',
      documentType: 'passport',
      documentNumber: 'P1234567',
    };
    for (const [k, v] of Object.entries(fields)) void req.field(k, v);
    void req.attach('front', PNG, 'f.png').attach('inHand', PNG, 'h.png').attach('signature', PNG, 's.png');
    const sent = await req;
    expect(sent.body.code).toBe(20001);
    await approveLast('basic', sent.body.result.id as string);
  }

  async function passAdvanced(user: RegisteredUser) {
    const req = t.http().post('/swx/customer/user/newIdentification').set(bearer(user));
    const fields = { monthlyIncome: '4500', sourceOfWealth: 'salary', expectedInvestment: '20000' };
    for (const [k, v] of Object.entries(fields)) void req.field(k, v);
    void req.attach('proof', PNG, 'p.png');
    const sent = await req;
    expect(sent.body.code).toBe(20001);
    await approveLast('advanced', sent.body.result.id as string);
  }

  it('without KYC the real book allows at most 20x (each refusal says the cap); the demo book the market choices', async () => {
    const user = await registerUser(t);
    await fundReal(t, user, '1000');
    const refused = await buyU(real(user), btc(50));
    expect(refused.body).toMatchObject({
      code: 400,
      result: [
        {
          field: 'leverage',
          message: 'Your verification level allows a leverage of at most 20x on the real account',
        },
      ],
    });
    expect((await buyU(real(user), btc(20))).body).toMatchObject({ code: 20004, result: { leverage: 20 } });
    expect((await buyU(demo(user), btc(100))).body).toMatchObject({ code: 20004, result: { leverage: 100 } });
    expect(await assetInfo(real(user), btcId)).toMatchObject({
      leverages: [1, 2, 5, 10, 20, 50, 100],
      allowedLeverages: [1, 2, 5, 10, 20],
      maxLeverage: 20,
      maintenancePercent: '20',
      feeRatePercent: '0.2',
    });
    expect(await assetInfo(demo(user), btcId)).toMatchObject({
      allowedLeverages: [1, 2, 5, 10, 20, 50, 100],
      maxLeverage: null,
    });
    // The message is in the caller's language.
    const ja = await buyU({ ...real(user), 'Accept-Language': 'ja' }, btc(50));
    expect(ja.body.result[0].message).toBe('現在の認証レベルでは、リアル口座のレバレッジは最大 20 倍です');
  });

  it('KYC raises the cap to 100x, the advanced certification to 500x', async () => {
    const user = await registerUser(t);
    await fundReal(t, user, '1000');
    await passKyc(user);
    expect((await buyU(real(user), btc(100))).body).toMatchObject({ code: 20004, result: { leverage: 100 } });
    expect(await assetInfo(real(user), btcId)).toMatchObject({ maxLeverage: 100 });

    const clock = t.app.get(Clock);
    clock.set(WEDNESDAY);
    try {
      const eur = (leverage: number) => ({ code: 'EURUSD', direction: 'buy', lots: '0.01', leverage });
      const above = await buyU(real(user), eur(200));
      expect(above.body.result).toEqual([
        expect.objectContaining({
          field: 'leverage',
          message: 'Your verification level allows a leverage of at most 100x on the real account',
        }),
      ]);
      await passAdvanced(user);
      expect(await assetInfo(real(user), eurId)).toMatchObject({
        allowedLeverages: [10, 20, 50, 100, 200, 500],
        maxLeverage: 500,
      });
      expect((await buyU(real(user), eur(500))).body).toMatchObject({
        code: 20004,
        result: { leverage: 500 },
      });
    } finally {
      clock.set(new Date());
    }
  });
});
