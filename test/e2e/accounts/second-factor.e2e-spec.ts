import { createHmac, randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import { Clock } from '@app/common';
import { LedgerService, SystemAccount } from '@app/ledger';
import { createTestApp, type TestApp } from '../../support/test-app';
import { lastCode, registerUser, type RegisteredUser } from '../../support/users';

const TRON_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

describe('second factor before withdrawals (POST /swx/customer/user/withdrawal)', () => {
  let t: TestApp;
  let clock: Clock;
  let ledger: LedgerService;
  beforeAll(async () => {
    t = await createTestApp();
    clock = t.app.get(Clock);
    ledger = t.app.get(LedgerService);
  });
  afterAll(async () => {
    await t.close();
  });

  const real = (user: RegisteredUser) => ({ Authorization: `Bearer ${user.token}`, virtually: 'YES' });
  const totp = (secret: string) => generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
  const withdrawal = (extra: object = {}) => ({
    method: 'crypto',
    coin: 'USDT',
    network: 'TRC20',
    address: TRON_ADDRESS,
    amount: '20',
    withdrawPassword: 'withdraw-secret',
    ...extra,
  });
  const withdraw = (user: RegisteredUser, body: object) =>
    t.http().post('/swx/customer/user/withdrawal').set(real(user)).send(body);
  const available = async (user: RegisteredUser) =>
    (
      await ledger.balance({
        owner: { type: 'user', id: user.id },
        book: 'real',
        currency: 'USDT',
        kind: 'available',
      })
    ).toFixed();

  /** A user with 500 real USDT and a withdrawal password; with `twoFactor`, 2FA on. */
  async function fundedUser(twoFactor: boolean): Promise<{ user: RegisteredUser; secret: string | null }> {
    const user = await registerUser(t);
    await ledger.post({
      key: `test-deposit-${randomUUID()}`,
      reason: 'admin_adjustment',
      legs: [
        {
          from: {
            owner: { type: 'system', id: SystemAccount.External },
            book: 'real',
            currency: 'USDT',
            kind: 'main',
          },
          to: { owner: { type: 'user', id: user.id }, book: 'real', currency: 'USDT', kind: 'available' },
          amount: '500',
        },
      ],
    });
    await t
      .http()
      .post('/swx/customer/login/sendCode')
      .send({ type: 'email', account: user.email, scene: 'withdrawPassword' });
    const code = await lastCode(t, user.email);
    const set = await t
      .http()
      .post('/swx/customer/user/repasswordTx')
      .set(real(user))
      .send({ type: 'email', code, password: 'withdraw-secret' });
    expect(set.body.code).toBe(20005);
    if (!twoFactor) return { user, secret: null };
    const setup = await t.http().post('/swx/customer/user/2fa/setup').set(real(user));
    const secret = setup.body.result.secret as string;
    const enable = await t
      .http()
      .post('/swx/customer/user/2fa/enable')
      .set(real(user))
      .send({ code: await totp(secret) });
    expect(enable.body.code).toBe(200);
    clock.advance(30_000);
    return { user, secret };
  }

  it('without 2FA no code is asked', async () => {
    const { user } = await fundedUser(false);
    const res = await withdraw(user, withdrawal());
    expect(res.body.code).toBe(20003);
  });

  it('with 2FA on: no code 400, a wrong code 10091, nothing moves; a right code passes, once', async () => {
    const { user, secret } = await fundedUser(true);
    const missing = await withdraw(user, withdrawal());
    expect(missing.body).toMatchObject({
      code: 400,
      result: [{ field: 'totpCode', message: 'Please enter the code from your authenticator app' }],
    });
    expect((await withdraw(user, withdrawal({ totpCode: '12345' }))).body).toMatchObject({
      code: 400,
      result: [{ field: 'totpCode' }],
    });
    expect((await withdraw(user, withdrawal({ totpCode: '000000' }))).body.code).toBe(10091);
    expect(await available(user)).toBe('500');
    const rows = await t.db.query('SELECT count(*)::int AS n FROM funds.withdrawals WHERE user_id = $1', [
      user.id,
    ]);
    expect(rows).toEqual([{ n: 0 }]);

    // The password is checked first: a wrong one does not spend the code.
    const code = await totp(secret!);
    expect(
      (await withdraw(user, withdrawal({ totpCode: code, withdrawPassword: 'wrong-one' }))).body.code,
    ).toBe(10093);
    const ok = await withdraw(user, withdrawal({ totpCode: code }));
    expect(ok.body.code).toBe(20003);
    expect(await available(user)).toBe('479.8');
    // The same code is not accepted a second time.
    expect((await withdraw(user, withdrawal({ totpCode: code }))).body.code).toBe(10091);
    clock.advance(30_000);
    expect((await withdraw(user, withdrawal({ totpCode: await totp(secret!) }))).body.code).toBe(20003);
  });

  describe('through an API key', () => {
    function signedWithdrawal(key: { keyId: string; secret: string }, body: object) {
      const timestamp = String(clock.now().getTime());
      const raw = JSON.stringify(body);
      const signature = createHmac('sha256', key.secret)
        .update(`${timestamp}\nPOST\n/swx/customer/user/withdrawal\n${raw}`)
        .digest('hex');
      return t
        .http()
        .post('/swx/customer/user/withdrawal')
        .set({
          'X-SWX-APIKEY': key.keyId,
          'X-SWX-TIMESTAMP': timestamp,
          'X-SWX-SIGNATURE': signature,
          virtually: 'YES',
          'content-type': 'application/json',
        })
        .send(raw);
    }

    it('a key with the withdraw scope (granted with a code) withdraws; disabling 2FA revokes it', async () => {
      const { user, secret } = await fundedUser(true);
      const created = await t
        .http()
        .post('/swx/customer/user/apiKeys')
        .set(real(user))
        .send({ label: 'payouts', scopes: ['read', 'withdraw'], totpCode: await totp(secret!) });
      expect(created.body.code).toBe(200);
      const key = created.body.result as { keyId: string; secret: string };
      clock.advance(30_000);

      const ok = await signedWithdrawal(key, withdrawal());
      expect(ok.body.code).toBe(20003);
      expect(await available(user)).toBe('479.8');
      // The withdrawal password is still checked.
      expect((await signedWithdrawal(key, withdrawal({ withdrawPassword: 'wrong-one' }))).body.code).toBe(
        10093,
      );

      const disabled = await t
        .http()
        .post('/swx/customer/user/2fa/disable')
        .set(real(user))
        .send({ code: await totp(secret!) });
      expect(disabled.body.code).toBe(200);
      const after = await signedWithdrawal(key, withdrawal());
      expect(after.body.code).toBe(401);
      expect(await available(user)).toBe('479.8');
    });
  });
});
