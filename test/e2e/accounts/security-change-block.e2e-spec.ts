import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import { generate } from 'otplib';
import { Clock } from '@app/common';
import { LedgerService, SystemAccount } from '@app/ledger';
import { LoanOverdueService } from '@app/loans';
import { REDIS_CLIENT } from '@app/queue';
import { createTestApp, type TestApp } from '../../support/test-app';
import { lastCode, registerUser, uniqueName, type RegisteredUser } from '../../support/users';
import { adminToken, fundReal } from '../trading/trading-support';
import { verifiedUser } from '../reliability/reliability-fixtures';

const DAY_MS = 24 * 3600 * 1000;
const TRON_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const WITHDRAW_PASSWORD = 'withdraw-secret';

/*
 * Withdrawals wait 24 hours after a security change: password change or reset, withdrawal-password
 * change (not its first setting), 2FA turned off, e-mail or phone change. Real Postgres and Redis;
 * the 24 hours pass by moving the Clock. Also: an account frozen for an overdue loan cannot buy
 * collectibles nor exchange currencies.
 */
describe('accounts: withdrawals blocked for 24 h after a security change', () => {
  let t: TestApp;
  let clock: Clock;
  let redis: Redis;
  beforeAll(async () => {
    t = await createTestApp();
    clock = t.app.get(Clock);
    redis = t.app.get<Redis>(REDIS_CLIENT);
  });
  afterAll(async () => {
    clock.set(new Date());
    await t.close();
  });

  const real = (token: string) => ({ Authorization: `Bearer ${token}`, virtually: 'YES' });
  const withdraw = (token: string, lang = 'en', extra: object = {}) =>
    t
      .http()
      .post('/swx/customer/user/withdrawal')
      .set(real(token))
      .set('lang', lang)
      .send({
        method: 'crypto',
        coin: 'USDT',
        network: 'TRC20',
        address: TRON_ADDRESS,
        amount: '20',
        withdrawPassword: WITHDRAW_PASSWORD,
        ...extra,
      });
  const login = async (username: string, password: string): Promise<string> => {
    const res = await t.http().post('/swx/customer/login/login').send({ account: username, password });
    expect(res.body.code).toBe(200);
    return res.body.result.token as string;
  };
  /** The 60-second resend rule of a code, passed as its expiry would. */
  const coolDown = (scene: string, target: string) => redis.del(`sendcode:cooldown:${scene}:${target}`);
  async function sendWithdrawPasswordCode(user: RegisteredUser): Promise<string> {
    await coolDown('withdrawPassword', user.email);
    const sent = await t
      .http()
      .post('/swx/customer/login/sendCode')
      .send({ type: 'email', account: user.email, scene: 'withdrawPassword' });
    expect(sent.body.code).toBe(200);
    return lastCode(t, user.email);
  }

  /**
   * A user who sets a first withdrawal password and is funded: the first setting is not a security
   * change, so a withdrawal goes through at once (as the spec's original flow expects).
   */
  async function ready(): Promise<RegisteredUser> {
    const user = await registerUser(t);
    const set = await t
      .http()
      .post('/swx/customer/user/repasswordTx')
      .set(real(user.token))
      .send({ type: 'email', code: await sendWithdrawPasswordCode(user), password: WITHDRAW_PASSWORD });
    expect(set.body.code).toBe(20005);
    await t.app.get(LedgerService).post({
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
    expect((await withdraw(user.token)).body.code).toBe(20003);
    return user;
  }

  /** The change's hold: refused with 10111 naming its end, nothing held; allowed 24 h later. */
  async function expectHeldThenAllowed(user: RegisteredUser, token: string) {
    const changedAt = clock.now().getTime();
    const refused = await withdraw(token);
    expect(refused.body.code).toBe(10111);
    const until = new Date(refused.body.result.until).getTime();
    expect(until).toBeGreaterThanOrEqual(changedAt - 5_000 + DAY_MS);
    expect(until).toBeLessThanOrEqual(changedAt + DAY_MS);
    const time = `${refused.body.result.until.slice(0, 16).replace('T', ' ')} UTC`;
    expect(refused.body.message).toBe(
      `Withdrawals are paused for 24 hours after a security change (password, two-factor authentication, e-mail, phone, the withdrawal whitelist or a newly linked login); possible again from ${time}`,
    );
    const pending = await t.db.query(`SELECT count(*)::int AS n FROM funds.withdrawals WHERE user_id = $1`, [
      user.id,
    ]);
    expect(pending[0].n).toBe(1);
    // The user hears of it (the bell), in their language, with the time the hold ends.
    const bell = await t.db.query(
      `SELECT title, params FROM content.notifications WHERE user_id = $1 AND key LIKE 'security-change-%'`,
      [user.id],
    );
    expect(bell).toHaveLength(1);
    expect(bell[0].params).toMatchObject({ time });

    clock.advance(DAY_MS - 60_000);
    expect((await withdraw(token)).body.code).toBe(10111);
    clock.advance(60_000);
    expect((await withdraw(token)).body.code).toBe(20003);
  }

  it('a password change holds withdrawals for 24 h (localized), then they are allowed', async () => {
    const user = await ready();
    const changed = await t
      .http()
      .post('/swx/customer/user/repassword')
      .set(real(user.token))
      .send({ oldPassword: user.password, newPassword: 'a new long password' });
    expect(changed.body.code).toBe(20005);
    const token = await login(user.username, 'a new long password');
    const zh = await withdraw(token, 'zh');
    expect(zh.body.code).toBe(10111);
    expect(zh.body.message).toMatch(
      /^安全设置变更（密码、双重验证、邮箱、手机、提现白名单或新关联的登录方式）后24小时内暂停提现，.* UTC 起可再次提现$/,
    );
    expect((await withdraw(token, 'ar')).body.message).toContain('24');
    await expectHeldThenAllowed(user, token);
  });

  it('a password reset holds withdrawals', async () => {
    const user = await ready();
    await coolDown('reset', user.email);
    await t
      .http()
      .post('/swx/customer/login/sendCode')
      .send({ type: 'email', account: user.email, scene: 'reset' });
    const reset = await t
      .http()
      .post('/swx/customer/login/resetPassword')
      .send({
        type: 'email',
        account: user.email,
        code: await lastCode(t, user.email),
        password: 'reset password 1',
      });
    expect(reset.body.code).toBe(20005);
    await expectHeldThenAllowed(user, await login(user.username, 'reset password 1'));
  });

  it('changing the withdrawal password holds withdrawals; setting the first one does not', async () => {
    const user = await ready(); // ready() set the first one and withdrew at once
    const changed = await t
      .http()
      .post('/swx/customer/user/repasswordTx')
      .set(real(user.token))
      .send({ type: 'email', code: await sendWithdrawPasswordCode(user), password: WITHDRAW_PASSWORD });
    expect(changed.body.code).toBe(20005);
    await expectHeldThenAllowed(user, user.token);
  });

  it('turning two-factor authentication off holds withdrawals; turning it on does not', async () => {
    const user = await ready();
    const auth = real(user.token);
    const totp = (secret: string) => generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
    const secret = (await t.http().post('/swx/customer/user/2fa/setup').set(auth)).body.result
      .secret as string;
    expect(
      (
        await t
          .http()
          .post('/swx/customer/user/2fa/enable')
          .set(auth)
          .send({ code: await totp(secret) })
      ).body.code,
    ).toBe(200);
    clock.advance(30_000);
    expect((await withdraw(user.token, 'en', { totpCode: await totp(secret) })).body.code).toBe(20003);
    clock.advance(30_000);
    const off = await t
      .http()
      .post('/swx/customer/user/2fa/disable')
      .set(auth)
      .send({ code: await totp(secret) });
    expect(off.body.code).toBe(200);
    const pending = await t.db.query(`SELECT count(*)::int AS n FROM funds.withdrawals WHERE user_id = $1`, [
      user.id,
    ]);
    expect(pending[0].n).toBe(2);
    // expectHeldThenAllowed counts one pending withdrawal: compare from here instead.
    const refused = await withdraw(user.token);
    expect(refused.body.code).toBe(10111);
    clock.advance(DAY_MS);
    expect((await withdraw(user.token)).body.code).toBe(20003);
  });

  it('an e-mail change: the code goes to the new address, the current password confirms, withdrawals wait', async () => {
    const user = await ready();
    const auth = real(user.token);
    const newEmail = `${uniqueName('n')}@example.com`;
    expect(
      (await t.http().post('/swx/customer/user/sendContactCode').send({ type: 'email', account: newEmail }))
        .body.code,
    ).toBe(401);
    const bad = await t
      .http()
      .post('/swx/customer/user/sendContactCode')
      .set(auth)
      .send({ type: 'email', account: 'x' });
    expect(bad.body).toMatchObject({ code: 400, result: [{ field: 'account' }] });
    const same = await t
      .http()
      .post('/swx/customer/user/sendContactCode')
      .set(auth)
      .send({ type: 'email', account: user.email.toUpperCase() });
    expect(same.body).toMatchObject({
      code: 400,
      result: [{ message: 'This is already your current e-mail or phone' }],
    });
    const taken = await registerUser(t);
    expect(
      (
        await t
          .http()
          .post('/swx/customer/user/sendContactCode')
          .set(auth)
          .send({ type: 'email', account: taken.email })
      ).body.code,
    ).toBe(10007);
    const sent = await t
      .http()
      .post('/swx/customer/user/sendContactCode')
      .set(auth)
      .send({ type: 'email', account: newEmail });
    expect(sent.body.code).toBe(200);
    // One code per 60 s per target, like every code route.
    expect(
      (
        await t
          .http()
          .post('/swx/customer/user/sendContactCode')
          .set(auth)
          .send({ type: 'email', account: newEmail })
      ).body.code,
    ).toBe(10089);
    const code = await lastCode(t, newEmail);
    // Nothing went to the current address for this.
    const toOld: { subject: string }[] = await t.db.query(
      `SELECT subject FROM accounts.outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1`,
      [user.email],
    );
    expect(toOld[0].subject).not.toBe('Your code to confirm your new e-mail or phone');
    const wrongPassword = await t
      .http()
      .post('/swx/customer/user/changeContact')
      .set(auth)
      .send({ type: 'email', account: newEmail, code, password: 'not the password' });
    expect(wrongPassword.body.code).toBe(10004);
    const wrongCode = await t
      .http()
      .post('/swx/customer/user/changeContact')
      .set(auth)
      .send({
        type: 'email',
        account: newEmail,
        code: code === '000000' ? '111111' : '000000',
        password: user.password,
      });
    expect(wrongCode.body.code).toBe(10091);
    // A code sent to the new address does not change another address.
    const other = `${uniqueName('o')}@example.com`;
    expect(
      (
        await t
          .http()
          .post('/swx/customer/user/changeContact')
          .set(auth)
          .send({ type: 'email', account: other, code, password: user.password })
      ).body.code,
    ).toBe(10090);
    const changed = await t
      .http()
      .post('/swx/customer/user/changeContact')
      .set(auth)
      .send({ type: 'email', account: newEmail, code, password: user.password });
    expect(changed.body).toMatchObject({ code: 20005, result: { email: newEmail } });
    // Used once.
    expect(
      (
        await t
          .http()
          .post('/swx/customer/user/changeContact')
          .set(auth)
          .send({ type: 'email', account: newEmail, code, password: user.password })
      ).body.code,
    ).toBe(400);
    expect((await login(newEmail, user.password)).length).toBeGreaterThan(10);
    await expectHeldThenAllowed(user, user.token);
  });

  it('a phone change holds withdrawals', async () => {
    const user = await ready();
    const auth = real(user.token);
    const phone = `+4479${Math.floor(1e7 + Math.random() * 9e7)}`;
    expect(
      (
        await t
          .http()
          .post('/swx/customer/user/sendContactCode')
          .set(auth)
          .send({ type: 'phone', account: phone })
      ).body.code,
    ).toBe(200);
    const changed = await t
      .http()
      .post('/swx/customer/user/changeContact')
      .set(auth)
      .send({ type: 'phone', account: phone, code: await lastCode(t, phone), password: user.password });
    expect(changed.body).toMatchObject({ code: 20005, result: { phone } });
    await expectHeldThenAllowed(user, user.token);
  });

  describe('an account frozen for an overdue loan', () => {
    it('cannot buy or bid on a collectible, nor exchange currencies (10005, nothing moves)', async () => {
      const admin = await adminToken(t);
      const user = await verifiedUser(t, admin, '1000');
      const loan = await t
        .http()
        .post('/swx/customer/user/loan')
        .set(real(user.token))
        .send({ amount: '500', termDays: 7, agree: true });
      expect(loan.body.result?.status).toBe('repaying');
      // The overdue sweep's job for this loan, run at a time past its due date.
      const due = new Date(loan.body.result.repaymentDate).getTime();
      expect(
        await t.app.get(LoanOverdueService).expireOne(String(loan.body.result.id), new Date(due + 60_000)),
      ).toBe(true);
      await fundReal(t, user, '0.5', 'BTC');
      const usdtBefore = (
        await t.app.get(LedgerService).balance({
          owner: { type: 'user', id: user.id },
          book: 'real',
          currency: 'USDT',
          kind: 'available',
        })
      ).toFixed();

      const nft = await t
        .http()
        .post('/swx/admin/nfts')
        .set({ Authorization: `Bearer ${admin}` })
        .send({
          name: `Frozen test ${randomUUID().slice(0, 8)}`,
          imageUrl: '/swx/customer/index/nftImage/blue-spring.svg',
          contractAddress: '0x1111111111111111111111111111111111111111',
          tokenId: `${Date.now()}`,
          creator: 'Test Studio',
          chain: 'Ethereum',
          charityId: 1,
          price: '100',
          startBid: '10',
          endTime: new Date(clock.now().getTime() + 3600_000).toISOString(),
        });
      expect(nft.body.code).toBe(200);
      const buy = await t
        .http()
        .post('/swx/customer/user/buyNft')
        .set(real(user.token))
        .set('lang', 'en')
        .send({ nftId: nft.body.result.id, type: 'buy' });
      expect(buy.body).toMatchObject({
        code: 10005,
        message: 'Your account is frozen until the overdue loan is repaid',
      });
      const bid = await t
        .http()
        .post('/swx/customer/user/buyNft')
        .set(real(user.token))
        .send({ nftId: nft.body.result.id, type: 'bid', amount: '20' });
      expect(bid.body.code).toBe(10005);
      const listed = await t.http().get(`/swx/customer/index/getNft/${nft.body.result.id}`);
      expect(listed.body.result).toMatchObject({ status: 'live', currentBid: null });

      const quote = await t
        .http()
        .get('/swx/customer/user/dh/quote')
        .query({ from: 'BTC', to: 'USDT', amount: '0.1' })
        .set(real(user.token))
        .set('lang', 'en');
      expect(quote.body).toMatchObject({
        code: 10005,
        message: 'Your account is frozen until the overdue loan is repaid',
      });
      const dh = await t
        .http()
        .post('/swx/customer/user/dh')
        .set(real(user.token))
        .send({ from: 'BTC', to: 'USDT', amount: '0.1' });
      expect(dh.body.code).toBe(10005);
      const balance = (currency: string) =>
        t.app
          .get(LedgerService)
          .balance({ owner: { type: 'user', id: user.id }, book: 'real', currency, kind: 'available' });
      expect((await balance('BTC')).toFixed()).toBe('0.5');
      expect((await balance('USDT')).toFixed()).toBe(usdtBefore);

      // The plans and the withdrawals give the same answer.
      const smart = (await t.http().get('/swx/customer/order/listSmartProducts')).body.result as {
        id: number;
        minAmount: string;
        cycles: number[];
      }[];
      const plan = await t
        .http()
        .post('/swx/customer/order/buySmart')
        .set(real(user.token))
        .send({ productId: smart[0].id, amount: smart[0].minAmount, days: smart[0].cycles[0] });
      expect(plan.body.code).toBe(10005);
    });
  });
});
