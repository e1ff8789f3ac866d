import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { hashSecret } from '@app/common';
import { LedgerService, SystemAccount } from '@app/ledger';
import { createTestApp, type TestApp } from '../../support/test-app';
import { lastCode, registerUser, uniqueName, type RegisteredUser } from '../../support/users';

const TRON_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

// Issue 13 item 5: the console's ledger (accounts, transfers, the invariant check), manual
// adjustments under maker-checker, and withdrawals above a threshold with two approvals.
describe('admin ledger: accounts, transfers, invariant, maker-checker adjustments, dual approvals', () => {
  let t: TestApp;
  let maker: string;
  let makerId: string;
  let checker: string;
  let reviewer: string;
  let reviewer2: string;
  let operator: string;

  async function adminWithRoles(roles: string): Promise<{ token: string; id: string }> {
    const email = `${uniqueName('adm')}@example.com`;
    const password = 'ledger-admin-password';
    const [row] = await t.db.query<{ id: string }[]>(
      `INSERT INTO accounts.admin_users (email, password_hash, roles) VALUES ($1, $2, $3) RETURNING id`,
      [email, await hashSecret(password), roles],
    );
    const res = await t.http().post('/swx/admin/login').send({ email, password });
    return { token: res.body.result.token as string, id: row.id };
  }

  beforeAll(async () => {
    t = await createTestApp();
    const first = await adminWithRoles('{super_admin}');
    maker = first.token;
    makerId = first.id;
    checker = (await adminWithRoles('{super_admin}')).token;
    reviewer = (await adminWithRoles('{reviewer}')).token;
    reviewer2 = (await adminWithRoles('{reviewer}')).token;
    operator = (await adminWithRoles('{operator}')).token;
  });
  afterAll(async () => {
    await t.close();
  });

  const real = (user: RegisteredUser) => ({ Authorization: `Bearer ${user.token}`, virtually: 'YES' });
  const deposit = (user: RegisteredUser, amount: string) =>
    t.app.get(LedgerService).post({
      key: `ledger-admin-test-${randomUUID()}`,
      reason: 'deposit',
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
  const usdt = async (user: RegisteredUser) => {
    const res = await t.http().post('/swx/customer/user/getUserInfo').set(real(user));
    return (res.body.result.balances as { currency: string; available: string; frozen: string }[]).find(
      (b) => b.currency === 'USDT',
    );
  };
  const adjust = (token: string, body: object, key?: string) => {
    const req = t.http().post('/swx/admin/adjustments').set(bearer(token)).set('lang', 'en');
    if (key) void req.set('Idempotency-Key', key);
    return req.send(body);
  };
  const decide = (token: string, id: string, action: 'approve' | 'reject', body: object = {}) =>
    t.http().post(`/swx/admin/adjustments/${id}/${action}`).set(bearer(token)).set('lang', 'en').send(body);
  const journals = async (id: string) =>
    (
      await t.db.query<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM ledger.journal WHERE idempotency_key = $1`,
        [`admin-adjustment-${id}`],
      )
    )[0].n;

  describe('reads', () => {
    it('lists accounts with balances (filters, Content-Range) and transfers with their references', async () => {
      const user = await registerUser(t);
      await deposit(user, '125.5');
      const accounts = await t
        .http()
        .get('/swx/admin/ledger/accounts')
        .query({ filter: JSON.stringify({ userId: user.id, book: 'real' }), range: '[0,9]' })
        .set(bearer(operator));
      expect(accounts.body.code).toBe(200);
      expect(accounts.headers['content-range']).toBe('ledger/accounts 0-0/1');
      expect(accounts.body.result).toEqual([
        expect.objectContaining({
          ownerType: 'user',
          ownerId: user.id,
          username: user.username,
          currency: 'USDT',
          kind: 'available',
          balance: '125.5',
        }),
      ]);
      const accountId = accounts.body.result[0].id as string;
      expect(
        (await t.http().get(`/swx/admin/ledger/accounts/${accountId}`).set(bearer(maker))).body.result,
      ).toMatchObject({
        id: accountId,
        balance: '125.5',
      });
      // System accounts spread over shards are one line.
      const external = await t
        .http()
        .get('/swx/admin/ledger/accounts')
        .query({
          filter: JSON.stringify({
            ownerType: 'system',
            ownerId: 'external',
            currency: 'USDT',
            book: 'real',
          }),
        })
        .set(bearer(operator));
      expect(external.body.result).toHaveLength(1);
      expect(new Decimal(external.body.result[0].balance).lte(-125.5)).toBe(true);

      const transfers = await t
        .http()
        .get('/swx/admin/ledger/transfers')
        .query({ filter: JSON.stringify({ accountId, from: '2000-01-01' }) })
        .set(bearer(operator));
      expect(transfers.body.code).toBe(200);
      expect(transfers.headers['content-range']).toMatch(/^ledger\/transfers 0-0\/1$/);
      expect(transfers.body.result[0]).toMatchObject({
        amount: '125.5',
        currency: 'USDT',
        book: 'real',
        reason: 'deposit',
        key: expect.stringMatching(/^ledger-admin-test-/),
        debit: { ownerType: 'system', ownerId: 'external', kind: 'main' },
        credit: { ownerType: 'user', ownerId: user.id, username: user.username, kind: 'available' },
      });
      const none = await t
        .http()
        .get('/swx/admin/ledger/transfers')
        .query({ filter: JSON.stringify({ accountId, to: '2000-01-01' }) })
        .set(bearer(operator));
      expect(none.body.result).toEqual([]);
      const bad = await t
        .http()
        .get('/swx/admin/ledger/accounts')
        .query({ filter: JSON.stringify({ currency: "USDT'; --" }) })
        .set(bearer(operator));
      expect(bad.body.code).toBe(400);
    });

    it('shows the invariant: every currency and book sums to zero, nothing unbalanced or negative', async () => {
      const res = await t.http().get('/swx/admin/ledger/invariant').set(bearer(operator));
      expect(res.body.code).toBe(200);
      expect(res.body.result).toMatchObject({
        ok: true,
        unbalancedTransfers: 0,
        accountsOffLegs: 0,
        emptyJournals: 0,
        negativeUserBalances: 0,
        violations: [],
      });
      const sums = res.body.result.sums as { book: string; currency: string; total: string; ok: boolean }[];
      expect(sums.length).toBeGreaterThan(0);
      for (const line of sums) expect(line).toMatchObject({ total: '0', ok: true });
      expect(sums).toEqual(
        expect.arrayContaining([expect.objectContaining({ book: 'real', currency: 'USDT' })]),
      );
    });

    it('reviewers cannot read the ledger (403); operators read it but cannot adjust it', async () => {
      for (const path of [
        '/swx/admin/ledger/accounts',
        '/swx/admin/ledger/transfers',
        '/swx/admin/ledger/invariant',
      ]) {
        expect((await t.http().get(path).set(bearer(reviewer))).body.code).toBe(403);
      }
      expect((await t.http().get('/swx/admin/adjustments').set(bearer(operator))).body.code).toBe(200);
      const user = await registerUser(t);
      const body = {
        ownerType: 'user',
        ownerId: user.id,
        book: 'real',
        currency: 'USDT',
        direction: 'credit',
        amount: '1',
        reason: 'x',
      };
      expect((await adjust(operator, body)).body.code).toBe(403);
      expect((await adjust(reviewer, body)).body.code).toBe(403);
    });
  });

  describe('maker-checker adjustments', () => {
    it('a second, different super-admin executes it once; the maker and reviewers are refused', async () => {
      const user = await registerUser(t);
      await deposit(user, '10');
      const body = {
        ownerType: 'user',
        ownerId: user.id,
        book: 'real',
        currency: 'USDT',
        direction: 'credit',
        amount: '40.25',
        reason: 'Compensation for ticket 4711',
      };
      expect((await adjust(maker, { ...body, reason: '  ' })).body).toMatchObject({
        code: 400,
        result: [{ field: 'reason' }],
      });
      expect((await adjust(maker, { ...body, amount: '-3' })).body).toMatchObject({
        code: 400,
        result: [{ field: 'amount' }],
      });
      expect((await adjust(maker, { ...body, ownerType: 'system', ownerId: 'adjustments' })).body.code).toBe(
        400,
      );
      const key = randomUUID();
      const created = await adjust(maker, body, key);
      expect(created.body.result).toMatchObject({
        status: 'pending',
        direction: 'credit',
        amount: '40.25',
        signedAmount: '40.25',
        kind: 'available',
        username: user.username,
        createdBy: makerId,
      });
      const id = created.body.result.id as string;
      // A replayed create (same Idempotency-Key) is the same request, not a second one.
      expect((await adjust(maker, body, key)).body.result.id).toBe(id);
      expect(await usdt(user)).toMatchObject({ available: '10' });

      const same = await decide(maker, id, 'approve');
      expect(same.body).toMatchObject({
        code: 403,
        message:
          'A second, different administrator must approve this: the one who asked for it or approved it first cannot',
      });
      const zh = await t
        .http()
        .post(`/swx/admin/adjustments/${id}/approve`)
        .set(bearer(maker))
        .set('lang', 'zh')
        .send({});
      expect(zh.body.message).toBe('此操作须由另一位不同的管理员批准：发起人或第一位批准人不能再次批准');
      expect((await decide(reviewer, id, 'approve')).body.code).toBe(403);
      expect((await decide(operator, id, 'approve')).body.code).toBe(403);
      expect(await journals(id)).toBe(0);
      expect(await usdt(user)).toMatchObject({ available: '10' });

      const [a, b] = await Promise.all([decide(checker, id, 'approve'), decide(checker, id, 'approve')]);
      expect([a.body.result.status, b.body.result.status]).toEqual(['approved', 'approved']);
      expect((await decide(checker, id, 'approve')).body.result.status).toBe('approved');
      expect(await journals(id)).toBe(1);
      expect(await usdt(user)).toMatchObject({ available: '50.25' });
      expect((await decide(checker, id, 'reject', { reason: 'late' })).body.code).toBe(409);
      expect((await decide(maker, id, 'approve')).body.code).toBe(403);

      const journal = await t
        .http()
        .get('/swx/admin/ledger/transfers')
        .query({ filter: JSON.stringify({ refType: 'adjustment', refId: id }) })
        .set(bearer(operator));
      expect(journal.body.result).toEqual([
        expect.objectContaining({
          reason: 'admin_adjustment',
          amount: '40.25',
          debit: expect.objectContaining({ ownerType: 'system', ownerId: 'adjustments' }),
          credit: expect.objectContaining({ ownerType: 'user', ownerId: user.id }),
        }),
      ]);
      const audit = await t.db.query<{ action: string; admin_id: string }[]>(
        `SELECT action, admin_id FROM accounts.admin_audit WHERE target_type = 'adjustment' AND target_id = $1 ORDER BY id`,
        [id],
      );
      expect(audit.map((r) => r.action)).toEqual(['adjustment.created', 'adjustment.approved']);
      expect(audit[0].admin_id).toBe(makerId);
      expect(audit[1].admin_id).not.toBe(makerId);
      const listed = await t
        .http()
        .get('/swx/admin/adjustments')
        .query({ filter: JSON.stringify({ ownerId: user.id }) })
        .set(bearer(operator));
      expect(listed.headers['content-range']).toBe('adjustments 0-0/1');
      expect(listed.body.result[0]).toMatchObject({
        id,
        status: 'approved',
        decidedByEmail: expect.any(String),
      });
    });

    it('a debit below zero is refused cleanly; a rejection needs a reason and moves nothing', async () => {
      const user = await registerUser(t);
      await deposit(user, '20');
      const debit = {
        ownerType: 'user',
        ownerId: user.id,
        book: 'real',
        currency: 'USDT',
        direction: 'debit',
        amount: '15',
        reason: 'Reverse a duplicated deposit',
      };
      expect((await adjust(maker, { ...debit, amount: '25' })).body.code).toBe(10092);
      const id = (await adjust(maker, debit)).body.result.id as string;
      // The balance drops before the approval: the ledger refuses, nothing of the approval is written.
      await t.app.get(LedgerService).post({
        key: `ledger-admin-test-${randomUUID()}`,
        reason: 'withdrawal_paid',
        legs: [
          {
            from: { owner: { type: 'user', id: user.id }, book: 'real', currency: 'USDT', kind: 'available' },
            to: {
              owner: { type: 'system', id: SystemAccount.External },
              book: 'real',
              currency: 'USDT',
              kind: 'main',
            },
            amount: '10',
          },
        ],
      });
      expect((await decide(checker, id, 'approve')).body.code).toBe(10092);
      expect(await journals(id)).toBe(0);
      expect(
        (await t.http().get(`/swx/admin/adjustments/${id}`).set(bearer(maker))).body.result,
      ).toMatchObject({
        status: 'pending',
        decidedBy: null,
        journalId: null,
      });
      const approvals = await t.db.query(
        `SELECT 1 FROM accounts.admin_audit WHERE target_type = 'adjustment' AND target_id = $1 AND action = 'adjustment.approved'`,
        [id],
      );
      expect(approvals).toEqual([]);
      expect(await usdt(user)).toMatchObject({ available: '10' });

      expect((await decide(checker, id, 'reject', {})).body).toMatchObject({
        code: 400,
        result: [{ field: 'reason' }],
      });
      const rejected = await decide(checker, id, 'reject', { reason: 'Balance already used' });
      expect(rejected.body.result).toMatchObject({
        status: 'rejected',
        decisionReason: 'Balance already used',
      });
      expect((await decide(checker, id, 'reject', { reason: 'again' })).body.result.status).toBe('rejected');
      expect((await decide(checker, id, 'approve')).body.code).toBe(409);
      expect(await usdt(user)).toMatchObject({ available: '10' });
    });

    it('adjusts a house account against adjustments; the invariant still holds', async () => {
      const id = (
        await adjust(maker, {
          ownerType: 'system',
          ownerId: 'fees',
          book: 'real',
          currency: 'USDT',
          direction: 'debit',
          amount: '1.5',
          reason: 'Fee refunded outside the platform',
        })
      ).body.result.id as string;
      expect((await decide(checker, id, 'approve')).body.result).toMatchObject({
        status: 'approved',
        kind: 'main',
      });
      expect(await journals(id)).toBe(1);
      expect((await t.http().get('/swx/admin/ledger/invariant').set(bearer(maker))).body.result.ok).toBe(
        true,
      );
    });
  });

  describe('withdrawals above withdraw_dual_approval_threshold', () => {
    async function withdrawer(amount: string) {
      const user = await registerUser(t);
      await deposit(user, new Decimal(amount).times(2).toFixed());
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
      const res = await t.http().post('/swx/customer/user/withdrawal').set(real(user)).send({
        method: 'crypto',
        coin: 'USDT',
        network: 'TRC20',
        address: TRON_ADDRESS,
        amount,
        withdrawPassword: 'withdraw-secret',
      });
      expect(res.body.code).toBe(20003);
      return { user, id: res.body.result.id as string };
    }
    const approve = (token: string, id: string) =>
      t.http().post(`/swx/admin/withdrawals/${id}/approve`).set(bearer(token)).set('lang', 'en').send({});
    let threshold: Decimal;

    beforeAll(async () => {
      // The parameter is read, not changed (other files share the database).
      const res = await t
        .http()
        .get('/swx/admin/parameters/withdraw_dual_approval_threshold')
        .set(bearer(operator));
      threshold = new Decimal(res.body.result.value);
      expect(threshold.gt(0)).toBe(true);
    });

    it('needs two approvals by two different admins: the first keeps it frozen, the second pays once', async () => {
      const amount = threshold.plus(1).toFixed();
      const { user, id } = await withdrawer(amount);
      const first = await approve(reviewer, id);
      const held = new Decimal(amount).plus(first.body.result.fee).toFixed();
      expect(first.body.result).toMatchObject({
        status: 'pending',
        approvalsRequired: 2,
        approvals: 1,
        awaitingSecondApproval: true,
      });
      expect((await usdt(user))?.frozen).toBe(held);
      const again = await approve(reviewer, id);
      expect(again.body).toMatchObject({
        code: 403,
        message:
          'A second, different administrator must approve this: the one who asked for it or approved it first cannot',
      });
      const listed = await t
        .http()
        .get('/swx/admin/withdrawals')
        .query({ filter: JSON.stringify({ userId: user.id }) })
        .set(bearer(reviewer));
      expect(listed.body.result[0]).toMatchObject({ id, awaitingSecondApproval: true });
      const [a, b] = await Promise.all([approve(reviewer2, id), approve(reviewer2, id)]);
      expect([a.body.result.status, b.body.result.status]).toEqual(['approved', 'approved']);
      expect(a.body.result).toMatchObject({ approvals: 2, awaitingSecondApproval: false });
      expect(await usdt(user)).toMatchObject({ frozen: '0' });
      const payouts = await t.db.query<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM ledger.journal WHERE idempotency_key = $1`,
        [`withdrawal-payout-${id}`],
      );
      expect(payouts[0].n).toBe(1);
      const audit = await t.db.query<{ action: string }[]>(
        `SELECT action FROM accounts.admin_audit WHERE target_type = 'withdrawal' AND target_id = $1 ORDER BY id`,
        [id],
      );
      expect(audit.map((r) => r.action)).toEqual(['withdrawal.approved_once', 'withdrawal.approved']);
    });

    it('a withdrawal approved once can still be rejected: the money returns', async () => {
      const { user, id } = await withdrawer(threshold.plus('0.5').toFixed());
      expect((await approve(reviewer, id)).body.result.awaitingSecondApproval).toBe(true);
      const rejected = await t
        .http()
        .post(`/swx/admin/withdrawals/${id}/reject`)
        .set(bearer(reviewer2))
        .send({ reason: 'Destination not confirmed by the user' });
      expect(rejected.body.result.status).toBe('rejected');
      expect(await usdt(user)).toMatchObject({ frozen: '0' });
    });

    it('at or below the threshold one approval pays out as before', async () => {
      const { user, id } = await withdrawer(threshold.toFixed());
      const res = await approve(reviewer, id);
      expect(res.body.result).toMatchObject({
        status: 'approved',
        approvalsRequired: 1,
        awaitingSecondApproval: false,
      });
      expect(await usdt(user)).toMatchObject({ frozen: '0' });
    });
  });
});
