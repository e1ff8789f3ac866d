import { LedgerService, SystemAccount } from '@app/ledger';
import { createTestApp, type TestApp } from '../../support/test-app';
import { lastCode, type RegisteredUser } from '../../support/users';
import { verifiedUser } from '../reliability/reliability-fixtures';
import { adminToken, real, userBalance } from '../trading/trading-support';

/**
 * Withdrawals are blocked during a loan (spec, DESIGN.md): a loan and a withdrawal request made at
 * the same moment must never both go through, and a withdrawal still under review keeps a loan
 * from being granted (its approval would send money out during the loan).
 */
describe('loans and withdrawals exclude each other', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminToken(t);
  });
  afterAll(async () => {
    await t.close();
  });

  async function borrower(balance: string): Promise<RegisteredUser> {
    const user = await verifiedUser(t, admin, balance);
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
    return user;
  }
  const withdraw = (user: RegisteredUser, amount: string) =>
    t.http().post('/swx/customer/user/withdrawal').set(real(user)).send({
      method: 'crypto',
      coin: 'USDT',
      network: 'TRC20',
      address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
      amount,
      withdrawPassword: 'withdraw-secret',
    });
  const borrow = (user: RegisteredUser, amount: string) =>
    t.http().post('/swx/customer/user/loan').set(real(user)).send({ amount, termDays: 7, agree: true });

  it('a loan and a withdrawal requested at the same moment never both go through', async () => {
    const rounds = 30;
    const users: RegisteredUser[] = [];
    for (let i = 0; i < rounds; i += 6)
      users.push(
        ...(await Promise.all(Array.from({ length: Math.min(6, rounds - i) }, () => borrower('1000')))),
      );
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const outcomes: { user: RegisteredUser; withdrawal: number; loan: number }[] = [];
    for (const [i, user] of users.entries()) {
      // One pair at a time; by turns one of the two starts 0 to 280 ms after the other (a withdrawal
      // request takes longer than a loan): either may win, and many meet in the middle.
      const lag = Math.floor(i / 2) * 20;
      const [w, l] = await Promise.all([
        pause(i % 2 ? lag : 0).then(() => withdraw(user, '50')),
        pause(i % 2 ? 0 : lag).then(() => borrow(user, '500')),
      ]);
      outcomes.push({ user, withdrawal: w.body.code as number, loan: l.body.code as number });
    }
    // Never both (and the count says how often, if ever).
    expect(outcomes.filter((o) => o.withdrawal === 20003 && o.loan === 200).length).toBe(0);
    for (const o of outcomes) {
      // One of them; the refused one answers why.
      expect([o.withdrawal === 20003, o.loan === 200].filter(Boolean)).toHaveLength(1);
      if (o.loan === 200) expect(o.withdrawal).toBe(403);
      if (o.withdrawal === 20003) expect(o.loan).toBe(403);
      const [state]: { loans: number; pending: number }[] = await t.db.query(
        `SELECT (SELECT count(*)::int FROM loans.loans WHERE user_id = $1 AND status <> 'repaid') AS loans,
                (SELECT count(*)::int FROM funds.withdrawals WHERE user_id = $1 AND status = 'pending') AS pending`,
        [o.user.id],
      );
      expect(state.loans + state.pending).toBe(1);
      // The money: the loan credited, or amount + fee (1%) frozen.
      const money = {
        available: await userBalance(t, o.user, 'real', 'available'),
        frozen: await userBalance(t, o.user, 'real', 'frozen'),
      };
      expect(money).toEqual(
        o.loan === 200 ? { available: '1500', frozen: '0' } : { available: '949.5', frozen: '50.5' },
      );
    }
    // Thirty verified borrowers and thirty races: minutes on a busy 2-core machine, not a hang.
  }, 180_000);

  it('a withdrawal under review refuses a loan; once it is decided, the loan is possible', async () => {
    const user = await borrower('1000');
    const w = await withdraw(user, '50');
    expect(w.body.code).toBe(20003);
    const refused = await borrow(user, '500');
    expect(refused.body).toMatchObject({
      code: 403,
      message: 'A loan is not possible while a withdrawal is under review',
    });
    expect(await userBalance(t, user, 'real', 'available')).toBe('949.5');
    const rejected = await t
      .http()
      .post(`/swx/admin/withdrawals/${w.body.result.id}/reject`)
      .set('Authorization', `Bearer ${admin}`)
      .send({ reason: 'Asked for a loan instead' });
    expect(rejected.body.result.status).toBe('rejected');
    const loan = await borrow(user, '500');
    expect(loan.body).toMatchObject({ code: 200, result: { status: 'repaying', amount: '500' } });
  });

  it('a withdrawal is not approved while its owner has an open loan: nothing leaves', async () => {
    const user = await borrower('1000');
    const w = await withdraw(user, '50');
    expect(w.body.code).toBe(20003);
    // A loan granted next to the pending withdrawal (as could happen before both were serialized).
    const [loan]: { id: string }[] = await t.db.query(
      `INSERT INTO loans.loans (user_id, product_id, amount, term_days, daily_rate, interest_free_days,
                                total_interest, due_at)
       SELECT $1, id, 500, term_days, daily_rate, 0, 0, now() + interval '7 days'
         FROM loans.loan_products WHERE term_days = 7
       RETURNING id::text AS id`,
      [user.id],
    );
    await t.app.get(LedgerService).post({
      key: `loan-grant-${loan.id}`,
      reason: 'loan_granted',
      refType: 'loan',
      refId: loan.id,
      legs: [
        {
          from: {
            owner: { type: 'system', id: SystemAccount.LoanPool },
            book: 'real',
            currency: 'USDT',
            kind: 'main',
          },
          to: { owner: { type: 'user', id: user.id }, book: 'real', currency: 'USDT', kind: 'available' },
          amount: '500',
        },
      ],
    });
    const approve = await t
      .http()
      .post(`/swx/admin/withdrawals/${w.body.result.id}/approve`)
      .set('Authorization', `Bearer ${admin}`);
    expect(approve.body).toMatchObject({
      code: 403,
      message: 'Withdrawals are not possible while a loan is open',
    });
    const [row]: { status: string }[] = await t.db.query(
      `SELECT status FROM funds.withdrawals WHERE id = $1`,
      [w.body.result.id],
    );
    expect(row.status).toBe('pending');
    expect(await userBalance(t, user, 'real', 'frozen')).toBe('50.5');
  });
});
