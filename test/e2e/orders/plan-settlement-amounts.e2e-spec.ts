import Decimal from 'decimal.js';
import { randomUUID } from 'node:crypto';
import { LedgerService, SystemAccount } from '@app/ledger';
import { PlanSettlementService } from '@app/orders';
import { dailyIncome } from '@app/orders/plans/plan-kinds';
import { systemAccount as system, userAccount as user } from '../../support/ledger-refs';
import { createTestApp, type TestApp } from '../../support/test-app';

/**
 * The settlement computes each day's income in Postgres: these amounts are checked against
 * dailyIncome() (plan-kinds.ts, the rule in decimal.js) to the last decimal, for a principal and
 * a yield whose income has more decimals than the payout scale (the rest goes to the rounding
 * account), and for a staking plan whose missed days are caught up to its end (principal back).
 */
describe('plan settlement amounts', () => {
  let t: TestApp;
  let ledger: LedgerService;
  beforeAll(async () => {
    t = await createTestApp();
    ledger = t.app.get(LedgerService);
  });
  afterAll(async () => {
    await expect(ledger.invariantViolations()).resolves.toEqual([]);
    await t.close();
  });

  /** A plan `days` days and a minute old, its principal in the user's principal account. */
  async function plan(
    kind: 'smart' | 'mining',
    amount: string,
    dailyYield: string,
    cycle: number,
    days: number,
  ) {
    const userId = randomUUID();
    const [product] = await t.db.query<{ id: number }[]>(
      `SELECT id FROM orders.plan_products WHERE kind = $1 ORDER BY id LIMIT 1`,
      [kind],
    );
    const [{ id }] = await t.db.query<{ id: string }[]>(
      `INSERT INTO orders.plans (kind, user_id, product_id, currency, amount, cycle_days, daily_yield, started_at, ends_at)
       VALUES ($1, $2, $3, 'USDT', $4, $5, $6, now() - make_interval(days => $7, mins => 1),
               now() - make_interval(days => $7) + make_interval(days => $5))
       RETURNING id::text`,
      [kind, userId, product.id, amount, cycle, dailyYield, days],
    );
    const principalKind = kind === 'smart' ? 'principal' : 'staked';
    await ledger.post({
      key: `plan-subscribe-${id}`,
      reason: `${kind}_subscribe`,
      refType: 'plan',
      refId: id,
      legs: [{ from: system(SystemAccount.External), to: user(userId, principalKind), amount }],
    });
    return { id, userId, principalKind };
  }

  const byText = (a: string[], b: string[]) => a.join('|').localeCompare(b.join('|'));
  /** The legs of a plan day's journal, [from owner, from kind, to owner, to kind, amount], sorted. */
  const legsOf = async (key: string) =>
    (
      await t.db.query<
        { from_owner: string; from_kind: string; to_owner: string; to_kind: string; amount: string }[]
      >(
        `SELECT d.owner_id AS from_owner, d.kind AS from_kind, c.owner_id AS to_owner, c.kind AS to_kind,
                t.amount::text
           FROM ledger.journal j
           JOIN ledger.transfers t ON t.journal_id = j.id
           JOIN ledger.accounts d ON d.id = t.debit_account_id
           JOIN ledger.accounts c ON c.id = t.credit_account_id
          WHERE j.idempotency_key = $1
          ORDER BY t.id`,
        [key],
      )
    )
      .map((l) => [l.from_owner, l.from_kind, l.to_owner, l.to_kind, new Decimal(l.amount).toFixed()])
      .sort(byText);

  // The app's own scheduled scan may pay a plan before the test's call does: either way the day is
  // paid once, so the assertions read the plan's payout rows and journals, not the call's answer.
  it('pays the floored income to the user and the rest to the rounding account, as dailyIncome() says', async () => {
    const amount = '1234.567891234567';
    const dailyYield = '0.01234567';
    const { id, userId } = await plan('smart', amount, dailyYield, 30, 1);
    const income = dailyIncome(amount, dailyYield);
    expect(income.remainder.gt(0)).toBe(true);

    await t.app.get(PlanSettlementService).settle([id]);

    expect(await legsOf(`plan-yield-${id}-1`)).toEqual(
      [
        [SystemAccount.YieldExpense, 'main', userId, 'available', income.paid.toFixed()],
        [SystemAccount.YieldExpense, 'main', SystemAccount.Rounding, 'main', income.remainder.toFixed()],
      ].sort(byText),
    );
    expect((await ledger.balance(user(userId, 'available'))).toFixed()).toBe(income.paid.toFixed());
    // The plan was written without its account ids (as plans bought before they were kept): the
    // settlement found the accounts (creating the available one) and kept their ids on the plan.
    const [kept] = await t.db.query<{ available: string; principal: string }[]>(
      `SELECT available_account_id::text AS available, principal_account_id::text AS principal
         FROM orders.plans WHERE id = $1`,
      [id],
    );
    expect(kept).toEqual({
      available: (await ledger.accountIdsOf([user(userId, 'available')]))[0],
      principal: (await ledger.accountIdsOf([user(userId, 'principal')]))[0],
    });
    const [payout] = await t.db.query<{ day: number; amount: string }[]>(
      `SELECT day, amount::text FROM orders.plan_payouts WHERE plan_id = $1`,
      [id],
    );
    expect(payout.day).toBe(1);
    expect(new Decimal(payout.amount).toFixed()).toBe(income.paid.toFixed());
    const [row] = await t.db.query<{ earned: string; days_paid: number; status: string }[]>(
      `SELECT earned::text, days_paid, status FROM orders.plans WHERE id = $1`,
      [id],
    );
    expect(new Decimal(row.earned).toFixed()).toBe(income.paid.toFixed());
    expect(row).toMatchObject({ days_paid: 1, status: 'earning' });
    const [journal] = await t.db.query<{ reason: string; ref_type: string; ref_id: string }[]>(
      `SELECT reason, ref_type, ref_id FROM ledger.journal WHERE idempotency_key = $1`,
      [`plan-yield-${id}-1`],
    );
    expect(journal).toEqual({ reason: 'smart_yield', ref_type: 'plan', ref_id: id });

    // The same chunk again (a retried job): nothing is paid twice.
    await expect(t.app.get(PlanSettlementService).settle([id])).resolves.toBe(0);
    expect((await ledger.balance(user(userId, 'available'))).toFixed()).toBe(income.paid.toFixed());
  });

  it('catches up every missed day of a staking plan and returns its principal on the last one', async () => {
    const amount = '500';
    const dailyYield = '0.003';
    // Three-day cycle, five days old: days 1 to 3 are due, then it ends.
    const { id, userId, principalKind } = await plan('mining', amount, dailyYield, 3, 5);
    const income = dailyIncome(amount, dailyYield);
    expect(income.remainder.isZero()).toBe(true);

    await t.app.get(PlanSettlementService).settle([id]);

    const yieldLeg = [SystemAccount.YieldExpense, 'main', userId, 'available', income.paid.toFixed()];
    expect(await legsOf(`plan-yield-${id}-1`)).toEqual([yieldLeg]);
    expect(await legsOf(`plan-yield-${id}-2`)).toEqual([yieldLeg]);
    expect(await legsOf(`plan-yield-${id}-3`)).toEqual(
      [yieldLeg, [userId, principalKind, userId, 'available', new Decimal(amount).toFixed()]].sort(byText),
    );
    expect((await ledger.balance(user(userId, principalKind))).toFixed()).toBe('0');
    expect((await ledger.balance(user(userId, 'available'))).toFixed()).toBe(
      income.paid.times(3).plus(amount).toFixed(),
    );
    const journals = await t.db.query<{ idempotency_key: string; reason: string }[]>(
      `SELECT idempotency_key, reason FROM ledger.journal WHERE ref_type = 'plan' AND ref_id = $1
          AND idempotency_key LIKE 'plan-yield-%' ORDER BY idempotency_key`,
      [id],
    );
    expect(journals).toEqual([
      { idempotency_key: `plan-yield-${id}-1`, reason: 'mining_yield' },
      { idempotency_key: `plan-yield-${id}-2`, reason: 'mining_yield' },
      { idempotency_key: `plan-yield-${id}-3`, reason: 'mining_redeem' },
    ]);
    const [row] = await t.db.query<{ status: string; days_paid: number }[]>(
      `SELECT status, days_paid FROM orders.plans WHERE id = $1`,
      [id],
    );
    expect(row).toEqual({ status: 'completed', days_paid: 3 });
  });
});
