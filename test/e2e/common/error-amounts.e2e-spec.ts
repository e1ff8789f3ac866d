import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser } from '../../support/users';

// The smallest valid PNG (1x1 pixel): a deposit's voucher.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/*
 * An error that names an amount (a balance, a minimum, a limit) writes it as the notifications do:
 * grouped the way the request's language groups, every decimal kept ("5,000" in English, "5.000" in
 * German; "0,015" in German), not the raw "5000". Nothing is written by these refused requests.
 */
describe('errors: amounts in the language of the request', () => {
  let t: TestApp;
  let adminToken: string;

  beforeAll(async () => {
    t = await createTestApp({ MARKET_SOURCES: 'none' });
    const admin = await t
      .http()
      .post('/swx/admin/login')
      .send({ email: 'admin@example.com', password: 'admin-password-for-tests' });
    adminToken = admin.body.result.token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('a product whose minimum is above its maximum names the minimum as "5,000" / "5.000"', async () => {
    const create = (lang: string) =>
      t
        .http()
        .post('/swx/admin/options-products')
        .set({ Authorization: `Bearer ${adminToken}`, lang })
        .send({
          name: 'Error amounts',
          periodSeconds: 60,
          payoutRate: '0.8',
          active: false,
          minAmount: '5000',
          maxAmount: '1000',
        });
    expect((await create('en')).body.result).toEqual([
      { field: 'maxAmount', message: 'The maximum must not be below the minimum (5,000)' },
    ]);
    expect((await create('de')).body.result).toEqual([
      { field: 'maxAmount', message: 'Der Höchstwert darf nicht unter dem Mindestwert (5.000) liegen' },
    ]);
  });

  it('a demo top-up not needed names the balance as "100,000 USDT" / "100.000 USDT"', async () => {
    const user = await registerUser(t);
    const topUp = (lang: string) =>
      t
        .http()
        .post('/swx/customer/user/demoTopup')
        .set({ Authorization: `Bearer ${user.token}`, lang });
    const en = await topUp('en');
    expect(en.body).toMatchObject({
      code: 403,
      message: 'Your demo balance is already 100,000 USDT or more: a top-up is only possible below it',
      // The data stays a decimal string: only the sentence is written the reader's way.
      result: { grant: '100000', available: '100000' },
    });
    expect((await topUp('de')).body.message).toBe(
      'Ihr Demo-Guthaben beträgt bereits 100.000 USDT oder mehr: Aufgefüllt werden kann nur darunter',
    );
  });

  it('a deposit below the minimum names it with its decimals: "0.015" / "0,015"', async () => {
    const user = await registerUser(t);
    const deposit = (lang: string) => {
      const req = t
        .http()
        .post('/swx/customer/user/recharge')
        .set({ Authorization: `Bearer ${user.token}`, virtually: 'YES', lang });
      for (const [k, v] of Object.entries({
        coin: 'BTC',
        network: 'BTC',
        amount: '0.01',
        txHash: `0x${'cd'.repeat(32)}`,
      }))
        void req.field(k, v);
      return req.attach('voucher', PNG, 'voucher.png');
    };
    expect((await deposit('en')).body.result).toEqual([
      { field: 'amount', message: 'The minimum deposit of BTC is 0.015' },
    ]);
    expect((await deposit('de')).body.result).toEqual([
      { field: 'amount', message: 'Die Mindesteinzahlung für BTC beträgt 0,015' },
    ]);
  });
});
