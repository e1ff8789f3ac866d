import Decimal from 'decimal.js';
import { HDKey } from '@scure/bip32';
import { randomUUID } from 'node:crypto';
import { LedgerService, SystemAccount } from '@app/ledger';
import { createTestApp, type TestApp } from '../../support/test-app';
import { lastCode, registerUser, type RegisteredUser } from '../../support/users';

// Public keys of the BIP-39 test mnemonic: the derived addresses are known test vectors.
const SEED = Buffer.from(
  '5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc19a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4',
  'hex',
);
const XPUB_EVM = HDKey.fromMasterSeed(SEED).derive("m/44'/60'/0'").publicExtendedKey;
const ZPUB_BTC =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const TRON_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

describe('funds: deposit addresses and withdrawals', () => {
  let t: TestApp;
  let ledger: LedgerService;
  let adminToken: string;

  beforeAll(async () => {
    t = await createTestApp({ FUNDS_XPUB_EVM: XPUB_EVM, FUNDS_XPUB_BTC: ZPUB_BTC });
    ledger = t.app.get(LedgerService);
    const admin = await t
      .http()
      .post('/swx/admin/login')
      .send({ email: 'admin@example.com', password: 'admin-password-for-tests' });
    adminToken = admin.body.result.token;
  });
  afterAll(async () => {
    await t.close();
  });

  const real = (user: RegisteredUser) => ({ Authorization: `Bearer ${user.token}`, virtually: 'YES' });
  const balances = async (user: RegisteredUser) => {
    const res = await t.http().post('/swx/customer/user/getUserInfo').set(real(user));
    return (res.body.result.balances as { currency: string; available: string; frozen: string }[]).find(
      (b) => b.currency === 'USDT',
    );
  };
  async function deposit(user: RegisteredUser, amount: string) {
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
          amount,
        },
      ],
    });
  }
  async function setWithdrawPassword(user: RegisteredUser, password = 'withdraw-secret') {
    await t
      .http()
      .post('/swx/customer/login/sendCode')
      .send({ type: 'email', account: user.email, scene: 'withdrawPassword' });
    const code = await lastCode(t, user.email);
    const res = await t
      .http()
      .post('/swx/customer/user/repasswordTx')
      .set(real(user))
      .send({ type: 'email', code, password });
    expect(res.body.code).toBe(20005);
  }
  const withdraw = (user: RegisteredUser, body: object) =>
    t.http().post('/swx/customer/user/withdrawal').set(real(user)).send(body);
  const trc20 = (amount: string, extra: object = {}) => ({
    method: 'crypto',
    coin: 'USDT',
    network: 'TRC20',
    address: TRON_ADDRESS,
    amount,
    withdrawPassword: 'withdraw-secret',
    ...extra,
  });

  describe('POST /swx/customer/user/getAddressBySymbol', () => {
    it('401 without a session, 400 for a bad symbol or network', async () => {
      expect(
        (await t.http().post('/swx/customer/user/getAddressBySymbol').send({ symbol: 'USDT' })).body.code,
      ).toBe(401);
      const user = await registerUser(t);
      const bad = await t
        .http()
        .post('/swx/customer/user/getAddressBySymbol')
        .set(real(user))
        .send({ symbol: 'usdt!' });
      expect(bad.body).toMatchObject({ code: 400, result: [{ field: 'symbol' }] });
      const noNet = await t
        .http()
        .post('/swx/customer/user/getAddressBySymbol')
        .set(real(user))
        .send({ symbol: 'USDT', network: 'SOL' });
      expect(noNet.body).toMatchObject({ code: 400, result: [{ field: 'network' }] });
    });

    it('derives one stable address per user, coin and network from the public keys', async () => {
      const a = await registerUser(t);
      const b = await registerUser(t);
      const ask = (u: RegisteredUser, symbol: string, network?: string) =>
        t.http().post('/swx/customer/user/getAddressBySymbol').set(real(u)).send({ symbol, network });
      const trx = await ask(a, 'USDT', 'TRC20');
      expect(trx.body.result).toMatchObject({
        coin: 'USDT',
        network: 'TRC20',
        minDeposit: '120',
        address: expect.stringMatching(/^T/),
      });
      expect(trx.body.result.qrPayload).toBe(trx.body.result.address);
      expect((await ask(a, 'USDT', 'TRC20')).body.result.address).toBe(trx.body.result.address);
      expect((await ask(a, 'ETH', 'ERC20')).body.result.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
      expect((await ask(a, 'BTC')).body.result).toMatchObject({
        address: expect.stringMatching(/^bc1q/),
        minDeposit: '0.015',
      });
      expect((await ask(b, 'USDT', 'TRC20')).body.result.address).not.toBe(trx.body.result.address);
    });
  });

  describe("a coin's deposit_min_ and withdraw_min_ parameters", () => {
    // ETH: no other test moves ETH, so raising its floors here cannot refuse another test's amount.
    const setParameter = (key: string, value: string) =>
      t
        .http()
        .put(`/swx/admin/parameters/${key}`)
        .set({ Authorization: `Bearer ${adminToken}` })
        .send({ value });
    const ethNetwork = async (user: RegisteredUser) =>
      (
        (await t.http().get('/swx/customer/user/listCoinNetworks').set(real(user))).body.result as {
          coin: string;
          minDeposit: string;
          minWithdrawal: string;
        }[]
      ).find((n) => n.coin === 'ETH');

    it("are floors for every network of the coin: users are held to the network's minimum or the parameter, the higher", async () => {
      const user = await registerUser(t);
      const ethWithdrawal = (amount: string) =>
        withdraw(user, {
          method: 'crypto',
          coin: 'ETH',
          network: 'ERC20',
          address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
          amount,
          withdrawPassword: 'withdraw-secret',
        });
      // Seeded equal to the networks' own minimums: nothing changes for users.
      expect(await ethNetwork(user)).toMatchObject({ minDeposit: '0.2', minWithdrawal: '0.01' });
      try {
        expect((await setParameter('withdraw_min_ETH', '0.5')).body.code).toBe(200);
        expect((await setParameter('deposit_min_ETH', '1.25')).body.code).toBe(200);
        expect(await ethNetwork(user)).toMatchObject({ minDeposit: '1.25', minWithdrawal: '0.5' });
        const quote = await t
          .http()
          .get('/swx/customer/user/withdrawalQuote')
          .set(real(user))
          .query({ coin: 'ETH', network: 'ERC20', amount: '1' });
        expect(quote.body.result.minWithdrawal).toBe('0.5');
        expect((await ethWithdrawal('0.2')).body).toMatchObject({
          code: 400,
          result: [{ field: 'amount', message: 'The minimum withdrawal of ETH is 0.5' }],
        });
        const address = await t
          .http()
          .post('/swx/customer/user/getAddressBySymbol')
          .set(real(user))
          .send({ symbol: 'ETH', network: 'ERC20' });
        expect(address.body.result.minDeposit).toBe('1.25');
        // The console shows each network's own minimum beside the one users meet.
        const listed = await t
          .http()
          .get('/swx/admin/coinNetworks')
          .query({ filter: JSON.stringify({ coin: 'ETH' }) })
          .set({ Authorization: `Bearer ${adminToken}` });
        expect(listed.body.result).toEqual([
          expect.objectContaining({
            minWithdrawal: '0.01',
            effectiveMinWithdrawal: '0.5',
            minDeposit: '0.2',
            effectiveMinDeposit: '1.25',
          }),
        ]);
        // Below the network's own minimum the parameter changes nothing.
        expect((await setParameter('withdraw_min_ETH', '0.001')).body.code).toBe(200);
        expect((await ethNetwork(user))?.minWithdrawal).toBe('0.01');
      } finally {
        await setParameter('withdraw_min_ETH', '0.01');
        await setParameter('deposit_min_ETH', '0.2');
      }
      expect(await ethNetwork(user)).toMatchObject({ minDeposit: '0.2', minWithdrawal: '0.01' });
    });
  });

  describe('POST /swx/customer/user/withdrawal', () => {
    it('answers each rule with its code and message, and moves nothing', async () => {
      const user = await registerUser(t);
      await deposit(user, '100');
      expect((await withdraw(user, trc20('50', { method: undefined }))).body.code).toBe(10025);
      const demo = await t
        .http()
        .post('/swx/customer/user/withdrawal')
        .set({ Authorization: `Bearer ${user.token}` })
        .send(trc20('50'));
      expect(demo.body).toMatchObject({
        code: 403,
        message: 'The demo account cannot use this feature, please switch to the real account',
      });
      expect((await withdraw(user, trc20('50', { address: undefined }))).body.code).toBe(10021);
      expect(
        (await withdraw(user, trc20('50', { address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' }))).body,
      ).toMatchObject({
        code: 400,
        result: [{ field: 'address', message: 'The address is not valid for this network' }],
      });
      const bank = await withdraw(user, {
        method: 'bank',
        coin: 'USDT',
        amount: '50',
        withdrawPassword: 'x',
      });
      expect(bank.body.result.map((e: { field: string }) => e.field).sort()).toEqual([
        'bankAccount',
        'bankType',
        'holderName',
      ]);
      expect((await withdraw(user, trc20('5'))).body).toMatchObject({
        code: 400,
        result: [{ field: 'amount', message: 'The minimum withdrawal of USDT is 10' }],
      });
      expect((await withdraw(user, trc20('abc'))).body).toMatchObject({
        code: 400,
        result: [{ field: 'amount' }],
      });
      expect((await withdraw(user, trc20('50'))).body).toMatchObject({
        code: 400,
        result: [{ field: 'withdrawPassword', message: 'Please set the withdrawal password first' }],
      });
      await setWithdrawPassword(user);
      expect((await withdraw(user, trc20('150'))).body.code).toBe(10092);
      expect(await balances(user)).toMatchObject({ available: '100', frozen: '0' });
    });

    it('10093 for a wrong withdrawal password, 429 after five', async () => {
      const user = await registerUser(t);
      await deposit(user, '100');
      await setWithdrawPassword(user);
      for (let i = 0; i < 5; i++) {
        expect((await withdraw(user, trc20('20', { withdrawPassword: 'wrong' }))).body.code).toBe(10093);
      }
      expect((await withdraw(user, trc20('20'))).body.code).toBe(429);
    });

    it('wrong withdrawal passwords sent at once: five are checked, the rest 429, nothing frozen', async () => {
      const user = await registerUser(t);
      await deposit(user, '100');
      await setWithdrawPassword(user);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => withdraw(user, trc20('20', { withdrawPassword: `guess ${i}` }))),
      );
      const codes = answers.map((r) => r.body.code as number);
      expect(codes.filter((c) => c === 10093)).toHaveLength(5);
      expect(codes.filter((c) => c === 429)).toHaveLength(15);
      expect((await withdraw(user, trc20('20'))).body.code).toBe(429);
      expect(await balances(user)).toMatchObject({ available: '100', frozen: '0' });
    });

    it('after the approval a reviewer records the payout: completed, with its reference, shown to the user', async () => {
      const user = await registerUser(t);
      await deposit(user, '100');
      await setWithdrawPassword(user);
      const id = (await withdraw(user, trc20('50'))).body.result.id as string;
      const admin = (path: string, body: object = {}) =>
        t
          .http()
          .post(`/swx/admin/withdrawals/${id}/${path}`)
          .set('Authorization', `Bearer ${adminToken}`)
          .send(body);
      const hash = `0x${'ab'.repeat(32)}`;
      // Not approved yet: nothing was paid, so there is no payout to record.
      expect((await admin('complete', { reference: hash })).body.code).toBe(409);
      expect((await admin('approve')).body.result.status).toBe('approved');
      expect((await admin('complete', { reference: 'not a hash' })).body.code).toBe(400);
      expect((await admin('complete', {})).body).toMatchObject({
        code: 400,
        result: [{ field: 'reference' }],
      });
      const done = await admin('complete', { reference: hash });
      expect(done.body.result).toMatchObject({ status: 'completed', payoutReference: hash });
      // The same reference again is a no-op; another one is refused; approving again changes nothing.
      expect((await admin('complete', { reference: hash })).body.result.status).toBe('completed');
      expect((await admin('complete', { reference: `0x${'cd'.repeat(32)}` })).body.code).toBe(409);
      expect((await admin('approve')).body.result.status).toBe('completed');
      const mine = await t.http().get('/swx/customer/user/listWithdrwal').set(real(user));
      expect(mine.body.result.list[0]).toMatchObject({
        id,
        status: 'completed',
        payoutReference: hash,
        completedAt: expect.any(String),
      });
      expect(await balances(user)).toMatchObject({ available: '49.5', frozen: '0' });
      const audit = await t.db.query(
        `SELECT action, detail FROM accounts.admin_audit WHERE target_type = 'withdrawal' AND target_id = $1 ORDER BY id`,
        [id],
      );
      expect(audit.map((a: { action: string }) => a.action)).toEqual([
        'withdrawal.approved',
        'withdrawal.completed',
      ]);
      expect(audit[1].detail.after).toEqual({ status: 'completed', reference: hash });
    });

    it('freezes amount + fee (20003), and a reviewer pays it out once', async () => {
      const user = await registerUser(t);
      await deposit(user, '100');
      await setWithdrawPassword(user);
      const quote = await t
        .http()
        .get('/swx/customer/user/withdrawalQuote')
        .query({ coin: 'USDT', network: 'TRC20', amount: '50' })
        .set(real(user));
      expect(quote.body.result).toMatchObject({ fee: '0.5', total: '50.5', feeRate: '1' });
      const res = await withdraw(user, trc20('50'));
      expect(res.body).toMatchObject({
        code: 20003,
        result: { status: 'pending', amount: '50', fee: '0.5' },
      });
      expect(await balances(user)).toMatchObject({ available: '49.5', frozen: '50.5' });
      const id = res.body.result.id as string;
      expect(
        (
          await t
            .http()
            .post(`/swx/admin/withdrawals/${id}/approve`)
            .set('Authorization', `Bearer ${user.token}`)
        ).body.code,
      ).toBe(401);
      const [first, second] = await Promise.all([
        t.http().post(`/swx/admin/withdrawals/${id}/approve`).set('Authorization', `Bearer ${adminToken}`),
        t.http().post(`/swx/admin/withdrawals/${id}/approve`).set('Authorization', `Bearer ${adminToken}`),
      ]);
      expect([first.body.result.status, second.body.result.status]).toEqual(['approved', 'approved']);
      expect(await balances(user)).toMatchObject({ available: '49.5', frozen: '0' });
      const payouts = await t.db.query(
        `SELECT count(*)::int AS n FROM ledger.journal WHERE idempotency_key = $1`,
        [`withdrawal-payout-${id}`],
      );
      expect(payouts[0].n).toBe(1);
      expect(
        (
          await t
            .http()
            .post(`/swx/admin/withdrawals/${id}/reject`)
            .set('Authorization', `Bearer ${adminToken}`)
            .send({ reason: 'late' })
        ).body.code,
      ).toBe(409);
      const audit = await t.db.query(
        `SELECT action FROM accounts.admin_audit WHERE target_type = 'withdrawal' AND target_id = $1`,
        [id],
      );
      expect(audit).toEqual([{ action: 'withdrawal.approved' }]);
    });

    it('a withdrawal is not paid out while its account is frozen, even if requested before', async () => {
      const user = await registerUser(t);
      await deposit(user, '100');
      await setWithdrawPassword(user);
      const id = (await withdraw(user, trc20('30'))).body.result.id as string;
      const admin = { Authorization: `Bearer ${adminToken}` };
      const freeze = await t
        .http()
        .post(`/swx/admin/users/${user.id}/freeze`)
        .set(admin)
        .send({ reason: 'Chargeback investigation' });
      expect(freeze.body.code).toBe(200);
      const approve = await t.http().post(`/swx/admin/withdrawals/${id}/approve`).set(admin);
      expect(approve.body.code).toBe(10005);
      const [row]: { status: string }[] = await t.db.query(
        `SELECT status FROM funds.withdrawals WHERE id = $1`,
        [id],
      );
      expect(row.status).toBe('pending');
      const frozenUsdt = async () =>
        (
          await t.db.query(
            `SELECT coalesce(sum(balance), 0)::text AS b FROM ledger.accounts
              WHERE owner_id = $1 AND currency = 'USDT' AND kind = 'frozen'`,
            [user.id],
          )
        )[0].b as string;
      expect(new Decimal(await frozenUsdt()).gt(30)).toBe(true);
      // Once unfrozen, the reviewer can pay it out.
      expect(
        (
          await t
            .http()
            .post(`/swx/admin/users/${user.id}/unfreeze`)
            .set(admin)
            .send({ reason: 'Investigation closed' })
        ).body.code,
      ).toBe(200);
      const paid = await t.http().post(`/swx/admin/withdrawals/${id}/approve`).set(admin);
      expect(paid.body.result).toMatchObject({ status: 'approved' });
      expect(new Decimal(await frozenUsdt()).isZero()).toBe(true);
    });

    it('a rejection returns the money and shows its reason', async () => {
      const user = await registerUser(t);
      await deposit(user, '100');
      await setWithdrawPassword(user);
      const id = (await withdraw(user, trc20('30'))).body.result.id as string;
      const noReason = await t
        .http()
        .post(`/swx/admin/withdrawals/${id}/reject`)
        .set('Authorization', `Bearer ${adminToken}`)
        .send({});
      expect(noReason.body).toMatchObject({ code: 400, result: [{ field: 'reason' }] });
      const rejected = await t
        .http()
        .post(`/swx/admin/withdrawals/${id}/reject`)
        .set('Authorization', `Bearer ${adminToken}`)
        .send({ reason: 'Address on a sanctions list' });
      expect(rejected.body.result).toMatchObject({
        status: 'rejected',
        reason: 'Address on a sanctions list',
      });
      expect(await balances(user)).toMatchObject({ available: '100', frozen: '0' });
      const mine = await t.http().get('/swx/customer/user/listWithdrwal').set(real(user));
      expect(mine.body.result).toMatchObject({
        total: 1,
        list: [{ id, status: 'rejected', reason: 'Address on a sanctions list' }],
      });
      const list = await t
        .http()
        .get('/swx/admin/withdrawals')
        .query({ filter: JSON.stringify({ userId: user.id }) })
        .set('Authorization', `Bearer ${adminToken}`);
      expect(list.headers['content-range']).toBe('withdrawals 0-0/1');
    });

    it('50 simultaneous withdrawals on a balance that covers 10: exactly 10 accepted', async () => {
      const user = await registerUser(t);
      await deposit(user, '101.5');
      await setWithdrawPassword(user);
      const results = await Promise.all(Array.from({ length: 50 }, () => withdraw(user, trc20('10'))));
      const codes = results.map((r) => r.body.code as number);
      expect(codes.filter((c) => c === 20003)).toHaveLength(10);
      expect(codes.filter((c) => c === 10092)).toHaveLength(40);
      expect(await balances(user)).toMatchObject({ available: '0.5', frozen: '101' });
    });
  });
});
