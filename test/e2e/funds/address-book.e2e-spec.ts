import { randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import { Clock } from '@app/common';
import { LedgerService, SystemAccount } from '@app/ledger';
import { createTestApp, type TestApp } from '../../support/test-app';
import { adminToken } from '../trading/trading-support';
import { lastCode, registerUser, type RegisteredUser } from '../../support/users';

const TRON_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
/** The EIP-55 test vector: valid checksummed, and in lower case. */
const EVM_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const DAY_MS = 24 * 3600 * 1000;
const BOOK = '/swx/customer/user/addressBook';

/* Real Postgres and Redis; the 24-hour wait is passed by moving the Clock. */
describe('funds: the withdrawal address book', () => {
  let t: TestApp;
  let clock: Clock;
  beforeAll(async () => {
    t = await createTestApp();
    clock = t.app.get(Clock);
  });
  afterAll(async () => {
    clock.set(new Date());
    await t.close();
  });

  const real = (u: RegisteredUser) => ({ Authorization: `Bearer ${u.token}`, virtually: 'YES' });
  const add = (u: RegisteredUser, body: object, lang = 'en') =>
    t.http().post(BOOK).set(real(u)).set('lang', lang).send(body);
  const list = async (u: RegisteredUser) => (await t.http().get(BOOK).set(real(u))).body;
  const withdraw = (u: RegisteredUser, body: object, lang = 'en') =>
    t.http().post('/swx/customer/user/withdrawal').set(real(u)).set('lang', lang).send(body);
  const trc20 = (address = TRON_ADDRESS) => ({
    method: 'crypto',
    coin: 'USDT',
    network: 'TRC20',
    address,
    amount: '50',
    withdrawPassword: 'withdraw-secret',
  });

  /** A user with a withdrawal password (set for the first time: not a security change) and 1000 USDT. */
  async function funded(): Promise<RegisteredUser> {
    const user = await registerUser(t);
    await t
      .http()
      .post('/swx/customer/login/sendCode')
      .send({ type: 'email', account: user.email, scene: 'withdrawPassword' });
    const set = await t
      .http()
      .post('/swx/customer/user/repasswordTx')
      .set(real(user))
      .send({ type: 'email', code: await lastCode(t, user.email), password: 'withdraw-secret' });
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
          amount: '1000',
        },
      ],
    });
    return user;
  }
  const withdrawalCount = async (u: RegisteredUser) =>
    (await t.db.query('SELECT count(*)::int AS n FROM funds.withdrawals WHERE user_id = $1', [u.id]))[0].n;

  it('is for signed-in users only', async () => {
    expect((await t.http().get(BOOK)).body.code).toBe(401);
    expect((await t.http().post(BOOK).send({})).body.code).toBe(401);
    expect((await t.http().post(`${BOOK}/1/delete`)).body.code).toBe(401);
  });

  it('saves only addresses a withdrawal would accept, each once, with a label', async () => {
    const user = await registerUser(t);
    expect(await list(user)).toMatchObject({ code: 200, result: [] });
    const bad = await add(user, { coin: 'USDT', network: 'TRC20', address: 'TNotAnAddress', label: 'x' });
    expect(bad.body).toMatchObject({
      code: 400,
      result: [{ field: 'address', message: 'The address is not valid for this network' }],
    });
    // An EVM address on the Tron network: valid somewhere, not here.
    expect(
      (await add(user, { coin: 'USDT', network: 'TRC20', address: EVM_ADDRESS, label: 'x' })).body.code,
    ).toBe(400);
    const noNet = await add(user, { coin: 'USDT', network: 'SOL', address: TRON_ADDRESS, label: 'x' });
    expect(noNet.body).toMatchObject({ code: 400, result: [{ field: 'network' }] });
    expect((await add(user, { coin: 'USDT', network: 'TRC20', address: '', label: 'x' })).body.code).toBe(
      10021,
    );
    const longLabel = await add(user, {
      coin: 'USDT',
      network: 'TRC20',
      address: TRON_ADDRESS,
      label: 'x'.repeat(41),
    });
    expect(longLabel.body).toMatchObject({
      code: 400,
      result: [{ field: 'label', message: 'Enter a label of 1 to 40 characters' }],
    });
    const mass = await add(user, {
      coin: 'USDT',
      network: 'TRC20',
      address: TRON_ADDRESS,
      label: 'x',
      userId: randomUUID(),
    });
    expect(mass.body.code).toBe(400);
    expect((await list(user)).result).toEqual([]);

    const before = clock.now().getTime();
    const saved = await add(user, {
      coin: 'USDT',
      network: 'TRC20',
      address: TRON_ADDRESS,
      label: 'Cold wallet',
    });
    expect(saved.body).toMatchObject({
      code: 200,
      result: { coin: 'USDT', network: 'TRC20', address: TRON_ADDRESS, label: 'Cold wallet', usable: false },
    });
    const entry = saved.body.result;
    const usableFrom = new Date(entry.usableFrom).getTime();
    expect(usableFrom - new Date(entry.createdAt).getTime()).toBe(DAY_MS);
    expect(usableFrom).toBeGreaterThanOrEqual(before + DAY_MS);
    const again = await add(user, { coin: 'USDT', network: 'TRC20', address: TRON_ADDRESS, label: 'Again' });
    expect(again.body).toMatchObject({
      code: 400,
      result: [{ field: 'address', message: 'This address is already in your address book' }],
    });
    // EVM addresses compare without case; the same address on another coin is another entry.
    expect(
      (await add(user, { coin: 'USDT', network: 'ERC20', address: EVM_ADDRESS, label: 'a' })).body.code,
    ).toBe(200);
    expect(
      (await add(user, { coin: 'USDT', network: 'ERC20', address: EVM_ADDRESS.toLowerCase(), label: 'b' }))
        .body.code,
    ).toBe(400);
    expect(
      (await add(user, { coin: 'ETH', network: 'ERC20', address: EVM_ADDRESS, label: 'c' })).body.code,
    ).toBe(200);
    const rows = (await list(user)).result as { id: string; label: string }[];
    expect(rows.map((r) => r.label)).toEqual(['c', 'a', 'Cold wallet']);
  });

  it('refuses a withdrawal to an entry younger than 24 h, naming when it becomes usable; allows it after', async () => {
    const user = await funded();
    const saved = (await add(user, { coin: 'USDT', network: 'TRC20', address: TRON_ADDRESS, label: 'Mine' }))
      .body.result;
    const time = `${saved.usableFrom.slice(0, 16).replace('T', ' ')} UTC`;
    const refused = await withdraw(user, trc20());
    expect(refused.body).toEqual({
      code: 10110,
      result: { until: saved.usableFrom },
      message: `This withdrawal address was added to your address book less than 24 hours ago; it can be used from ${time}`,
    });
    const zh = await withdraw(user, trc20(), 'zh');
    expect(zh.body.message).toBe(`该提现地址添加到地址簿不足24小时，将于 ${time} 起可用`);
    const ar = await withdraw(user, trc20(), 'ar');
    expect(ar.body.message).toContain(time);
    expect(await withdrawalCount(user)).toBe(0);

    // An address that is not in the book keeps the spec's withdrawal contract.
    const other = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
    expect((await withdraw(user, trc20(other))).body.code).toBe(20003);

    clock.advance(DAY_MS - 60_000);
    expect((await withdraw(user, trc20())).body.code).toBe(10110);
    clock.advance(60_000);
    expect((await list(user)).result[0]).toMatchObject({ id: saved.id, usable: true });
    const paid = await withdraw(user, trc20());
    expect(paid.body).toMatchObject({ code: 20003, result: { address: TRON_ADDRESS, status: 'pending' } });
    expect(await withdrawalCount(user)).toBe(2);

    // Deleting and adding again starts the wait again.
    expect((await t.http().post(`${BOOK}/${saved.id}/delete`).set(real(user))).body.code).toBe(200);
    expect(
      (await add(user, { coin: 'USDT', network: 'TRC20', address: TRON_ADDRESS, label: 'Mine' })).body.code,
    ).toBe(200);
    expect((await withdraw(user, trc20())).body.code).toBe(10110);
  });

  it("is the owner's alone: another user's entry is not listed and its id answers 404", async () => {
    const owner = await registerUser(t);
    const other = await registerUser(t);
    const saved = (
      await add(owner, { coin: 'USDT', network: 'TRC20', address: TRON_ADDRESS, label: 'Owner' })
    ).body.result;
    expect((await list(other)).result).toEqual([]);
    const stolen = await t.http().post(`${BOOK}/${saved.id}/delete`).set(real(other));
    expect(stolen.body.code).toBe(404);
    expect((await t.http().post(`${BOOK}/987654321/delete`).set(real(owner))).body.code).toBe(404);
    expect((await t.http().post(`${BOOK}/not-a-number/delete`).set(real(owner))).body.code).toBe(404);
    expect((await list(owner)).result).toMatchObject([{ id: saved.id }]);
    // The other user saving the same address gets an entry of their own.
    expect(
      (await add(other, { coin: 'USDT', network: 'TRC20', address: TRON_ADDRESS, label: 'Mine' })).body.code,
    ).toBe(200);
    expect((await t.http().post(`${BOOK}/${saved.id}/delete`).set(real(owner))).body).toMatchObject({
      code: 200,
    });
    expect((await list(owner)).result).toEqual([]);
    expect((await list(other)).result).toHaveLength(1);
  });

  it('tells the owner by the bell: coin, network, masked address and when it becomes usable', async () => {
    const user = await registerUser(t);
    const other = await registerUser(t);
    const saved = (await add(user, { coin: 'USDT', network: 'TRC20', address: TRON_ADDRESS, label: 'Bell' }))
      .body.result;
    const time = `${saved.usableFrom.slice(0, 16).replace('T', ' ')} UTC`;
    const bell = (lang: string, u = user) =>
      t
        .http()
        .get('/swx/customer/user/listNotification')
        .set({ Authorization: `Bearer ${u.token}` })
        .set('lang', lang);
    const en = (await bell('en')).body.result;
    expect(en.unread).toBe(1);
    expect(en.list[0]).toMatchObject({
      type: 'withdrawal',
      refType: 'withdrawalAddress',
      refId: saved.id,
      read: false,
      title: 'New withdrawal address added',
      content:
        `A USDT (TRC20) address TLa2f6VP…YjU7 was added to your withdrawal address book. It can be used for withdrawals from ${time}. ` +
        'If you did not add it, delete it and contact support at once.',
    });
    // The full address is not in the message; each language names the same facts.
    expect(en.list[0].content).not.toContain(TRON_ADDRESS);
    const zh = (await bell('zh')).body.result.list[0];
    expect(zh.title).toBe('已添加新的提现地址');
    expect(zh.content).toContain('TLa2f6VP…YjU7');
    expect(zh.content).toContain(time);
    const ar = (await bell('ar')).body.result.list[0];
    expect(ar.content).toContain('TLa2f6VP…YjU7');
    expect(ar.content).toContain(time);
    // Refused adds tell nothing; the other user hears nothing.
    expect(
      (await add(user, { coin: 'USDT', network: 'TRC20', address: TRON_ADDRESS, label: 'Again' })).body.code,
    ).toBe(400);
    expect((await bell('en')).body.result.total).toBe(1);
    expect((await bell('en', other)).body.result.total).toBe(0);
  });

  describe('the whitelist', () => {
    const WHITELIST = `${BOOK}/whitelist`;
    const state = async (u: RegisteredUser) => (await t.http().get(WHITELIST).set(real(u))).body;
    const setWhitelist = (u: RegisteredUser, body: object, lang = 'en') =>
      t.http().post(WHITELIST).set(real(u)).set('lang', lang).send(body);
    const other = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
    const BANK_WITHDRAWAL = {
      method: 'bank',
      coin: 'USDT',
      bankType: 'Bank of Test',
      bankAccount: 'DE89370400440532013000',
      holderName: 'Test User',
      amount: '50',
      withdrawPassword: 'withdraw-secret',
    };
    const bell = async (u: RegisteredUser) =>
      (await t.http().get('/swx/customer/user/listNotification').set(real(u))).body.result.list as {
        title: string;
        content: string;
      }[];

    it('is off until the owner turns it on with the withdrawal password; then only usable book entries receive', async () => {
      const user = await funded();
      expect(await state(user)).toMatchObject({ code: 200, result: { enabled: false, enabledAt: null } });
      expect((await t.http().get(WHITELIST)).body.code).toBe(401);

      // Refused without the right password: nothing changes.
      const missing = await setWhitelist(user, { enabled: true });
      expect(missing.body).toMatchObject({ code: 400, result: [{ field: 'withdrawPassword' }] });
      const wrong = await setWhitelist(user, { enabled: true, withdrawPassword: 'not-the-secret' });
      expect(wrong.body.code).toBe(10093);
      expect(
        (await setWhitelist(user, { enabled: 'yes', withdrawPassword: 'withdraw-secret' })).body.code,
      ).toBe(400);
      expect((await state(user)).result.enabled).toBe(false);

      const before = clock.now().getTime();
      const on = await setWhitelist(user, { enabled: true, withdrawPassword: 'withdraw-secret' });
      expect(on.body).toMatchObject({ code: 200, result: { enabled: true, holdUntil: null } });
      const enabledAt = new Date(on.body.result.enabledAt).getTime();
      expect(enabledAt).toBeGreaterThanOrEqual(before);
      expect(enabledAt).toBeLessThanOrEqual(clock.now().getTime());
      expect((await state(user)).result).toEqual({
        enabled: true,
        enabledAt: on.body.result.enabledAt,
        holdUntil: null,
      });
      expect((await bell(user))[0].title).toBe('Withdrawal whitelist turned on');
      // Turning it on again changes nothing (same time, no second notification).
      const again = await setWhitelist(user, { enabled: true, withdrawPassword: 'withdraw-secret' });
      expect(again.body.result.enabledAt).toBe(on.body.result.enabledAt);
      expect((await bell(user)).filter((n) => n.title === 'Withdrawal whitelist turned on')).toHaveLength(1);

      // An address outside the book: 10112 in the caller's language, nothing held.
      const refused = await withdraw(user, trc20(other));
      expect(refused.body).toEqual({
        code: 10112,
        result: null,
        message:
          'Your withdrawal whitelist is on: crypto withdrawals go only to addresses saved in your address book',
      });
      expect((await withdraw(user, trc20(other), 'zh')).body.message).toBe(
        '您已开启提现白名单：数字货币提现只能发往地址簿中保存的地址',
      );
      expect(await withdrawalCount(user)).toBe(0);

      // A book entry in its wait is still 10110; once usable it receives.
      expect(
        (await add(user, { coin: 'USDT', network: 'TRC20', address: TRON_ADDRESS, label: 'Mine' })).body.code,
      ).toBe(200);
      expect((await withdraw(user, trc20())).body.code).toBe(10110);
      clock.advance(DAY_MS);
      expect((await withdraw(user, trc20())).body.code).toBe(20003);
      expect((await withdraw(user, trc20(other))).body.code).toBe(10112);
      // Bank withdrawals have no address to list: the whitelist does not apply to them.
      const bank = await withdraw(user, BANK_WITHDRAWAL);
      expect(bank.body.code).toBe(20003);
      expect(await withdrawalCount(user)).toBe(2);
    });

    it('turning it off holds every withdrawal for 24 hours and tells the owner', async () => {
      const user = await funded();
      expect(
        (await setWhitelist(user, { enabled: true, withdrawPassword: 'withdraw-secret' })).body.result
          .enabled,
      ).toBe(true);
      // Off while already off for another user changes nothing and starts no hold.
      const idle = await funded();
      const idleOff = await setWhitelist(idle, { enabled: false, withdrawPassword: 'withdraw-secret' });
      expect(idleOff.body).toMatchObject({ code: 200, result: { enabled: false, holdUntil: null } });
      expect((await withdraw(idle, trc20(other))).body.code).toBe(20003);

      const before = clock.now().getTime();
      const off = await setWhitelist(user, { enabled: false, withdrawPassword: 'withdraw-secret' });
      expect(off.body).toMatchObject({ code: 200, result: { enabled: false, enabledAt: null } });
      const holdUntil = off.body.result.holdUntil as string;
      expect(new Date(holdUntil).getTime()).toBeGreaterThanOrEqual(before + DAY_MS);
      expect(new Date(holdUntil).getTime()).toBeLessThanOrEqual(clock.now().getTime() + DAY_MS);
      // The state tells the hold too, until it ends.
      expect((await state(user)).result).toEqual({ enabled: false, enabledAt: null, holdUntil });
      const time = `${holdUntil.slice(0, 16).replace('T', ' ')} UTC`;
      const held = await withdraw(user, trc20(other));
      expect(held.body).toMatchObject({ code: 10111, result: { until: holdUntil } });
      expect(held.body.message).toContain(time);
      expect((await bell(user))[0]).toMatchObject({ title: 'Withdrawal whitelist turned off' });
      expect((await bell(user))[0].content).toContain(time);
      clock.advance(DAY_MS);
      expect((await state(user)).result.holdUntil).toBeNull();
      expect((await withdraw(user, trc20(other))).body.code).toBe(20003);
    });

    it('with 2FA on, a change needs the authenticator code', async () => {
      const user = await funded();
      const totp = (secret: string) => generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
      const secret = (await t.http().post('/swx/customer/user/2fa/setup').set(real(user))).body.result
        .secret as string;
      expect(
        (
          await t
            .http()
            .post('/swx/customer/user/2fa/enable')
            .set(real(user))
            .send({ code: await totp(secret) })
        ).body.code,
      ).toBe(200);
      clock.advance(30_000);
      const noCode = await setWhitelist(user, { enabled: true, withdrawPassword: 'withdraw-secret' });
      expect(noCode.body).toMatchObject({ code: 400, result: [{ field: 'totpCode' }] });
      const badCode = await setWhitelist(user, {
        enabled: true,
        withdrawPassword: 'withdraw-secret',
        totpCode: (await totp(secret)) === '000000' ? '111111' : '000000',
      });
      expect(badCode.body.code).toBe(10091);
      expect((await state(user)).result.enabled).toBe(false);
      const on = await setWhitelist(user, {
        enabled: true,
        withdrawPassword: 'withdraw-secret',
        totpCode: await totp(secret),
      });
      expect(on.body.result.enabled).toBe(true);
    });

    it('shows the reviewer whether the destination is a saved address and whether the whitelist is on', async () => {
      const user = await funded();
      const admin = { Authorization: `Bearer ${await adminToken(t)}` };
      const detail = async (id: string) =>
        (await t.http().get(`/swx/admin/withdrawals/${id}`).set(admin)).body.result.destinationCheck;
      const typed = (await withdraw(user, trc20(other))).body.result.id as string;
      expect(await detail(typed)).toEqual({
        inAddressBook: false,
        label: null,
        savedAt: null,
        whitelistOn: false,
      });

      const saved = (
        await add(user, { coin: 'USDT', network: 'TRC20', address: TRON_ADDRESS, label: 'Ledger' })
      ).body.result;
      clock.advance(DAY_MS);
      const toBook = (await withdraw(user, trc20())).body.result.id as string;
      expect(
        (await setWhitelist(user, { enabled: true, withdrawPassword: 'withdraw-secret' })).body.result
          .enabled,
      ).toBe(true);
      expect(await detail(toBook)).toEqual({
        inAddressBook: true,
        label: 'Ledger',
        savedAt: saved.createdAt,
        whitelistOn: true,
      });
      // As of now: the typed address of before is still not in the book.
      expect((await detail(typed)).inAddressBook).toBe(false);
      const bank = await withdraw(user, BANK_WITHDRAWAL);
      expect(await detail(bank.body.result.id)).toBeNull();
    });

    it("is each user's own, and wrong passwords count toward the withdrawal password's lock", async () => {
      const owner = await funded();
      const other = await funded();
      expect(
        (await setWhitelist(owner, { enabled: true, withdrawPassword: 'withdraw-secret' })).body.result
          .enabled,
      ).toBe(true);
      expect((await state(other)).result.enabled).toBe(false);
      expect((await withdraw(other, trc20('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'))).body.code).toBe(20003);
      // Mass assignment of another user's id is refused by the field whitelist of the body.
      const mass = await setWhitelist(other, {
        enabled: true,
        withdrawPassword: 'withdraw-secret',
        userId: owner.id,
      });
      expect(mass.body.code).toBe(400);

      // Five wrong passwords lock the withdrawal password: the right one is then refused here and
      // for withdrawals alike.
      const codes: number[] = [];
      for (let i = 0; i < 5; i++)
        codes.push((await setWhitelist(other, { enabled: true, withdrawPassword: `wrong-${i}` })).body.code);
      expect(codes).toEqual([10093, 10093, 10093, 10093, 10093]);
      expect(
        (await setWhitelist(other, { enabled: true, withdrawPassword: 'withdraw-secret' })).body.code,
      ).toBe(429);
      expect((await withdraw(other, trc20('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'))).body.code).toBe(429);
      expect((await state(other)).result.enabled).toBe(false);
    });
  });
});
