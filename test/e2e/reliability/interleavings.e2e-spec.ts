import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { LedgerService, SystemAccount } from '@app/ledger';
import { PriceService } from '@app/market';
import { UOrdersService } from '@app/orders/u-orders/u-orders.service';
import { createTestApp, type TestApp } from '../../support/test-app';
import { lastCode, registerUser } from '../../support/users';

/**
 * Interleavings (issue 14, item 3): fast-check's scheduler picks the order in which the operations
 * of a run are started; they then run concurrently against the real stack (HTTP, Postgres, the
 * ledger). 50 schedules each here, 500 in `npm run test:soak` (SCHEDULES to change); after every
 * run the money of the user adds up, and the conservation audit runs after the file.
 */
const SCHEDULES = Number(process.env.SCHEDULES ?? (process.env.SOAK === '1' ? 500 : 50));
const TRON_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

describe('reliability: interleavings under fc.scheduler', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ MARKET_SOURCES: 'none' });
    admin = (
      await t
        .http()
        .post('/swx/admin/login')
        .send({ email: 'admin@example.com', password: 'admin-password-for-tests' })
    ).body.result.token as string;
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  }, 300_000);

  const balance = async (userId: string, book: 'real' | 'demo', kind: string) =>
    new Decimal(
      (
        await t.db.query(
          `SELECT coalesce(sum(balance), 0)::text AS b FROM ledger.accounts
            WHERE owner_type = 'user' AND owner_id = $1 AND book = $2 AND currency = 'USDT' AND kind = $3`,
          [userId, book, kind],
        )
      )[0].b as string,
    );

  it(`withdraw / approve / reject / a second decision: ${SCHEDULES} schedules, 0 violations`, async () => {
    const user = await registerUser(t);
    await t
      .http()
      .post('/swx/customer/login/sendCode')
      .send({ type: 'email', account: user.email, scene: 'withdrawPassword' });
    const code = await lastCode(t, user.email);
    const set = await t
      .http()
      .post('/swx/customer/user/repasswordTx')
      .set({ Authorization: `Bearer ${user.token}`, virtually: 'YES' })
      .send({ type: 'email', code, password: 'withdraw-secret' });
    expect(set.body.code).toBe(20005);
    const ledger = t.app.get(LedgerService);
    let deposited = new Decimal(0);
    const deposit = async (amount: string) => {
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
      deposited = deposited.plus(amount);
    };
    const withdraw = (amount: string) =>
      t
        .http()
        .post('/swx/customer/user/withdrawal')
        .set({ Authorization: `Bearer ${user.token}`, virtually: 'YES' })
        .send({
          method: 'crypto',
          coin: 'USDT',
          network: 'TRC20',
          address: TRON_ADDRESS,
          amount,
          withdrawPassword: 'withdraw-secret',
        });
    const decide = (id: string, decision: 'approve' | 'reject') =>
      t
        .http()
        .post(`/swx/admin/withdrawals/${id}/${decision}`)
        .set('Authorization', `Bearer ${admin}`)
        .send(decision === 'reject' ? { reason: 'interleaving test' } : {});

    let runs = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.array(fc.integer({ min: 20, max: 60 }), { minLength: 2, maxLength: 3 }),
        fc.array(fc.constantFrom<'approve' | 'reject'>('approve', 'reject'), { minLength: 6, maxLength: 6 }),
        async (s, amounts, decisions) => {
          runs++;
          // Less than all the requests (with their 1 % fee) need: some are refused for the balance.
          await deposit(String(Math.floor(amounts.reduce((a, b) => a + b, 0) * 0.8)));
          const ids: (string | null)[] = amounts.map(() => null);
          const created = amounts.map(async (amount, i) => {
            await s.schedule(Promise.resolve(), `withdraw ${i}`);
            const res = await withdraw(String(amount));
            if (res.body.code === 20003) ids[i] = String(res.body.result.id);
            else expect(res.body.code).toBe(10092); // refused for the balance
            return ids[i];
          });
          // Two decisions per withdrawal, racing each other and the request itself.
          const decided = amounts.flatMap((_, i) =>
            [0, 1].map(async (k) => {
              await s.schedule(Promise.resolve(), `decide ${i}.${k}`);
              const id = await created[i];
              if (!id) return;
              const res = await decide(id, decisions[i * 2 + k]);
              expect([200, 409]).toContain(res.body.code);
            }),
          );
          await s.waitAll();
          await Promise.all([...created, ...decided]);
          const mine = ids.filter((x): x is string => x !== null);
          const rows: { id: string; status: string; total: string }[] = mine.length
            ? await t.db.query(
                `SELECT id::text, status, (amount + fee)::text AS total FROM funds.withdrawals WHERE id = ANY($1::bigint[])`,
                [mine],
              )
            : [];
          for (const row of rows) {
            // Each one decided exactly once, by one of its two decisions.
            expect(['approved', 'rejected']).toContain(row.status);
            const journals: { idempotency_key: string }[] = await t.db.query(
              `SELECT idempotency_key FROM ledger.journal WHERE ref_type = 'withdrawal' AND ref_id = $1 ORDER BY id`,
              [row.id],
            );
            expect(journals.map((j) => j.idempotency_key)).toEqual([
              `withdrawal-hold-${row.id}`,
              row.status === 'approved' ? `withdrawal-payout-${row.id}` : `withdrawal-release-${row.id}`,
            ]);
          }
          // Conservation for the user: what came in = available + frozen + what left.
          const left: { total: string }[] = await t.db.query(
            `SELECT coalesce(sum(amount + fee), 0)::text AS total FROM funds.withdrawals
              WHERE user_id = $1 AND status = 'approved'`,
            [user.id],
          );
          const available = await balance(user.id, 'real', 'available');
          const frozen = await balance(user.id, 'real', 'frozen');
          expect(frozen.isZero()).toBe(true);
          expect(available.plus(frozen).plus(left[0].total).eq(deposited)).toBe(true);
        },
      ),
      { numRuns: SCHEDULES },
    );
    expect(runs).toBe(SCHEDULES);
  }, 1_800_000);

  it(`U limit orders: fill / cancel / close: ${SCHEDULES} schedules, 0 violations`, async () => {
    const user = await registerUser(t);
    const prices = t.app.get(PriceService);
    const orders = t.app.get(UOrdersService);
    await prices.publishTick({ code: 'BTCUSDT', price: '65000', ts: Date.now() });
    const headers = { Authorization: `Bearer ${user.token}`, virtually: 'NO' };
    const start = (await balance(user.id, 'demo', 'available')).plus(
      await balance(user.id, 'demo', 'margin'),
    );
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.integer({ min: 1, max: 3 }), async (s, count) => {
        runs++;
        // A fresh price each run (a price older than two minutes is not traded on).
        await prices.publishTick({ code: 'BTCUSDT', price: '65000', ts: Date.now() });
        // Limit buys below the market: they wait with margin + fee held.
        const placed: string[] = [];
        for (let i = 0; i < count; i++) {
          const res = await t
            .http()
            .post('/swx/customer/order/buyU')
            .set(headers)
            .send({ code: 'BTCUSDT', direction: 'buy', lots: '0.01', leverage: 100, limitPrice: '64000' });
          expect(res.body.code).toBe(20004);
          placed.push(String(res.body.result.id));
        }
        const reached = { bid: new Decimal('63990'), ask: new Decimal('64000'), price: new Decimal('63995') };
        const ops = placed.flatMap((id) => [
          (async () => {
            await s.schedule(Promise.resolve(), `fill ${id}`);
            await orders.openWaiting(id, reached, { source: 'tick', at: new Date() });
          })(),
          (async () => {
            await s.schedule(Promise.resolve(), `cancel ${id}`);
            const res = await t.http().post('/swx/customer/order/cancelU').set(headers).send({ orderId: id });
            expect([20005, 10089]).toContain(res.body.code);
          })(),
          (async () => {
            await s.schedule(Promise.resolve(), `close ${id}`);
            const res = await t.http().post('/swx/customer/order/stopU').set(headers).send({ orderId: id });
            expect(res.body.code).not.toBe(500);
          })(),
        ]);
        await s.waitAll();
        await Promise.all(ops);
        const rows: { id: string; state: string; keys: string[] }[] = await t.db.query(
          `SELECT o.id::text, o.state,
                  coalesce((SELECT array_agg(j.idempotency_key ORDER BY j.id) FROM ledger.journal j
                             WHERE j.ref_type = 'u_order' AND j.ref_id = o.id::text), '{}') AS keys
             FROM orders.u_orders o WHERE o.id = ANY($1::bigint[])`,
          [placed],
        );
        for (const row of rows) {
          // Filled or cancelled, never both: the hold, then either the cancel, or the opening fee
          // (none when the fee is 0) and maybe the close.
          const withoutFee: Record<string, string[]> = {
            cancelled: [`u-hold-${row.id}`, `u-cancel-${row.id}`],
            open: [`u-hold-${row.id}`],
            closed: [`u-hold-${row.id}`, `u-close-${row.id}`],
          };
          expect(Object.keys(withoutFee)).toContain(row.state);
          expect(row.keys.filter((k) => !k.startsWith('u-open-'))).toEqual(withoutFee[row.state]);
          const fees = row.keys.filter((k) => k.startsWith('u-open-')).length;
          expect(fees).toBeLessThanOrEqual(row.state === 'cancelled' ? 0 : 1);
        }
        // Close what is still open so that each run starts flat.
        for (const row of rows.filter((r) => r.state === 'open')) {
          await t.http().post('/swx/customer/order/stopU').set(headers).send({ orderId: row.id });
        }
        // Margin held equals the live orders' (none left); nothing appeared from nowhere.
        expect((await balance(user.id, 'demo', 'margin')).isZero()).toBe(true);
        const after = await balance(user.id, 'demo', 'available');
        const pnl: { total: string }[] = await t.db.query(
          `SELECT coalesce(sum(coalesce(profit, 0) - fee), 0)::text AS total FROM orders.u_orders WHERE user_id = $1`,
          [user.id],
        );
        expect(after.eq(start.plus(pnl[0].total))).toBe(true);
      }),
      { numRuns: SCHEDULES },
    );
    expect(runs).toBe(SCHEDULES);
  }, 1_800_000);
});
