import path from 'node:path';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import Decimal from 'decimal.js';
import { JobName, QueueName } from '@app/queue';
import { createTestApp, type TestApp } from '../../support/test-app';
import { lastCode, registerUser, type RegisteredUser } from '../../support/users';
import { waitFor } from '../market/market-support';
import { PNG_1X1, verifiedUser } from '../reliability/reliability-fixtures';
import { adminWithRoles } from '../reliability/reliability-support';
import { tick } from '../trading/trading-support';

const STATS = '/swx/admin/stats';
const TRON_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const real = (u: RegisteredUser) => ({ ...bearer(u.token), virtually: 'YES' });
const demo = (u: RegisteredUser) => ({ ...bearer(u.token), virtually: 'NO' });
const today = () => new Date().toISOString().slice(0, 10);

interface DailyStats {
  from: string;
  to: string;
  currencies: string[];
  series: {
    day: string;
    deposits: Record<string, string>;
    withdrawals: Record<string, string>;
    newUsers: number;
  }[];
  totals: { deposits: Record<string, string>; withdrawals: Record<string, string>; newUsers: number };
}
interface CurrentStats {
  asOf: string;
  openInterest: {
    book: string;
    code: string;
    currency: string;
    orders: number;
    margin: string;
    notional: string;
    longNotional: string;
    shortNotional: string;
  }[];
  plans: { kind: string; currency: string; plans: number; principal: string }[];
  loans: {
    currency: string;
    loans: number;
    principal: string;
    outstanding: string;
    overdue: number;
    overduePrincipal: string;
  }[];
}
interface QueueStats {
  queues: {
    name: string;
    waiting: number;
    active: number;
    delayed: number;
    failed: number;
    paused: boolean;
  }[];
  recentFailed: { queue: string; id: string; name: string; reason: string; attempts: number }[];
}

// Issue 13 item 6: the dashboard's figures. Each piece of activity is made through the real flows
// (register, deposit approved by a reviewer, withdrawal approved, smart plan, loan, U order) and the
// figures must move by exactly that much; quiet days are present with '0'.
describe('admin dashboard stats /swx/admin/stats', () => {
  let t: TestApp;
  let superAdmin: string;
  let reviewer: string;
  let operator: string;

  beforeAll(async () => {
    t = await createTestApp({
      DATA_DIR: path.resolve(__dirname, '../../../.data/test/app-data'),
      MARKET_SOURCES: 'none',
    });
    superAdmin = (
      await t
        .http()
        .post('/swx/admin/login')
        .send({ email: 'admin@example.com', password: 'admin-password-for-tests' })
    ).body.result.token as string;
    reviewer = (await adminWithRoles(t, ['reviewer'])).token;
    operator = (await adminWithRoles(t, ['operator'])).token;
  });
  afterAll(async () => {
    await t.close();
  });

  const get = async <T>(url: string, token = superAdmin): Promise<T> => {
    const res = await t.http().get(url).set(bearer(token)).set('lang', 'en');
    expect(res.body).toMatchObject({ code: 200 });
    return res.body.result as T;
  };
  const daily = (query = '') => get<DailyStats>(`${STATS}/daily${query}`);
  const current = () => get<CurrentStats>(`${STATS}/current`);
  const queues = () => get<QueueStats>(`${STATS}/queues`);
  const on = (stats: DailyStats, day: string) => stats.series.find((p) => p.day === day)!;
  const diff = (after: string | undefined, before: string | undefined) =>
    new Decimal(after ?? 0).minus(before ?? 0).toFixed();

  it('a customer token is refused (401), no token too; every admin role of the dashboard reads it', async () => {
    const user = await registerUser(t);
    for (const url of [`${STATS}/daily`, `${STATS}/current`, `${STATS}/queues`]) {
      expect((await t.http().get(url).set(real(user))).body.code).toBe(401);
      expect((await t.http().get(url)).body.code).toBe(401);
      for (const token of [reviewer, operator, superAdmin]) {
        expect((await t.http().get(url).set(bearer(token))).body.code).toBe(200);
      }
    }
  });

  it('defaults to the last 30 UTC days, every day present and zero-filled', async () => {
    const stats = await daily();
    expect(stats.to).toBe(today());
    expect(stats.series).toHaveLength(30);
    expect(stats.series[0].day).toBe(stats.from);
    expect(new Date(`${stats.to}T00:00:00Z`).getTime() - new Date(`${stats.from}T00:00:00Z`).getTime()).toBe(
      29 * 24 * 3600 * 1000,
    );
    // Consecutive days, oldest first.
    for (let i = 1; i < stats.series.length; i++) {
      const step =
        new Date(`${stats.series[i].day}T00:00:00Z`).getTime() -
        new Date(`${stats.series[i - 1].day}T00:00:00Z`).getTime();
      expect(step).toBe(24 * 3600 * 1000);
    }
    expect(stats.currencies).toEqual(expect.arrayContaining(['USDT', 'BTC']));
    // Nothing happened before today in this run's database: every earlier day is there with '0'.
    for (const point of stats.series.slice(0, -1)) {
      expect(point.newUsers).toBe(0);
      for (const c of stats.currencies) {
        expect(point.deposits[c]).toBe('0');
        expect(point.withdrawals[c]).toBe('0');
      }
    }
  });

  it('a quiet range in the past: every day present with "0", money as strings', async () => {
    const stats = await daily('?from=2024-02-27&to=2024-03-02');
    expect(stats.series.map((p) => p.day)).toEqual([
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
      '2024-03-02',
    ]);
    for (const p of stats.series) {
      expect(Object.keys(p.deposits).sort()).toEqual([...stats.currencies].sort());
      expect(Object.values(p.deposits).every((v) => v === '0')).toBe(true);
      expect(Object.values(p.withdrawals).every((v) => v === '0')).toBe(true);
      expect(p.newUsers).toBe(0);
    }
    expect(stats.totals.deposits.USDT).toBe('0');
    expect(stats.totals.newUsers).toBe(0);
    // A single day and the longest range allowed.
    expect((await daily('?from=2024-03-01&to=2024-03-01')).series).toHaveLength(1);
    expect((await daily('?from=2023-03-02&to=2024-03-01')).series).toHaveLength(366);
  });

  it.each([
    ['from=2024-13-01', 'from', 'Start date is not valid'],
    ['to=2024-02-30', 'to', 'End date is not valid'],
    ['from=yesterday', 'from', 'Start date is not valid'],
    ['from=2024-03-02&to=2024-03-01', 'from', 'The first day must not be after the last day'],
    ['from=2023-03-01&to=2024-03-01', 'from', 'The range may span at most 366 days'],
    ['from=2000-01-01', 'from', 'The range may span at most 366 days'],
  ])('refuses %s (400, field %s)', async (query, field, message) => {
    const res = await t.http().get(`${STATS}/daily?${query}`).set(bearer(superAdmin)).set('lang', 'en');
    expect(res.body).toMatchObject({ code: 400, result: [{ field, message }] });
  });

  it("names the refused field in the reader's language", async () => {
    const field = async (lang: string) =>
      (await t.http().get(`${STATS}/daily?from=2024-13-01`).set(bearer(superAdmin)).set('lang', lang)).body
        .result[0].message;
    expect(await field('de')).toBe('Startdatum ist ungültig');
    expect(await field('fr')).toBe("Le champ « Date de début » n'est pas valide");
    expect(await field('zh')).toBe('开始日期无效');
  });

  it('refuses unknown query parameters (400), naming them as sent', async () => {
    const res = await t.http().get(`${STATS}/daily?days=400`).set(bearer(superAdmin));
    expect(res.body).toMatchObject({ code: 400, result: [{ field: 'days' }] });
    const odd = await t.http().get(`${STATS}/daily?frobnicate=1`).set(bearer(superAdmin)).set('lang', 'en');
    expect(odd.body.result[0].message).toContain('frobnicate');
  });

  it('a new user, an approved deposit and an executed withdrawal move today by exactly their amounts', async () => {
    const before = await daily();
    const user = await registerUser(t);

    // The deposit: declared with a voucher, pending (not counted), approved by a reviewer.
    const txHash = `0x${'c3'.repeat(32)}`;
    const declared = await t
      .http()
      .post('/swx/customer/user/recharge')
      .set(real(user))
      .field('coin', 'USDT')
      .field('network', 'TRC20')
      .field('amount', '250.125')
      .field('txHash', txHash)
      .field('last6', txHash.slice(-6))
      .attach('voucher', PNG_1X1, 'voucher.png');
    expect(declared.body.code).toBe(20002);
    const pending = await daily();
    expect(diff(on(pending, today()).deposits.USDT, on(before, today()).deposits.USDT)).toBe('0');
    const approved = await t
      .http()
      .post(`/swx/admin/recharges/${declared.body.result.id}/approve`)
      .set(bearer(reviewer));
    expect(approved.body.result.status).toBe('approved');

    // The withdrawal: requested, approved (the amount leaves; the fee is not part of it).
    await t
      .http()
      .post('/swx/customer/login/sendCode')
      .send({ type: 'email', account: user.email, scene: 'withdrawPassword' });
    const code = await lastCode(t, user.email);
    const pw = await t
      .http()
      .post('/swx/customer/user/repasswordTx')
      .set(real(user))
      .send({ type: 'email', code, password: 'withdraw-secret' });
    expect(pw.body.code).toBe(20005);
    const requested = await t.http().post('/swx/customer/user/withdrawal').set(real(user)).send({
      method: 'crypto',
      coin: 'USDT',
      network: 'TRC20',
      address: TRON_ADDRESS,
      amount: '40.5',
      withdrawPassword: 'withdraw-secret',
    });
    expect(requested.body.code).toBe(20003);
    const paid = await t
      .http()
      .post(`/swx/admin/withdrawals/${requested.body.result.id}/approve`)
      .set(bearer(reviewer));
    expect(paid.body.result.status).toBe('approved');

    const after = await daily();
    const [b, a] = [on(before, today()), on(after, today())];
    expect(diff(a.deposits.USDT, b.deposits.USDT)).toBe('250.125');
    expect(diff(a.withdrawals.USDT, b.withdrawals.USDT)).toBe('40.5');
    expect(a.newUsers - b.newUsers).toBe(1);
    expect(diff(a.deposits.BTC, b.deposits.BTC)).toBe('0');
    expect(diff(after.totals.deposits.USDT, before.totals.deposits.USDT)).toBe('250.125');
    expect(after.totals.newUsers - before.totals.newUsers).toBe(1);
    // The other days did not move.
    for (const [i, p] of after.series.entries()) {
      if (p.day === today()) continue;
      expect(p).toEqual(before.series[i]);
    }
    // A range that ends yesterday does not see today's activity.
    const yesterday = new Date(Date.now() - 24 * 3600 * 1000).toISOString().slice(0, 10);
    const past = await daily(`?to=${yesterday}`);
    expect(past.to).toBe(yesterday);
    expect(past.series).toHaveLength(30);
    expect(past.series.every((p) => p.day < today())).toBe(true);
    expect(past.series.slice(1)).toEqual(after.series.slice(0, -1));
  });

  it('a smart plan, a loan and an open U order move the current figures by exactly their amounts', async () => {
    const before = await current();
    const plansOf = (s: CurrentStats) => s.plans.find((p) => p.kind === 'smart' && p.currency === 'USDT');
    const loansOf = (s: CurrentStats) => s.loans.find((l) => l.currency === 'USDT');
    const oiOf = (s: CurrentStats) =>
      s.openInterest.find((o) => o.book === 'demo' && o.code === 'BTCUSDT' && o.currency === 'USDT');

    // A smart plan of the real book.
    const saver = await verifiedUser(t, superAdmin, '1000');
    const product = (
      (await t.http().get('/swx/customer/order/listSmartProducts')).body.result as {
        id: number;
        minAmount: string;
        cycles: number[];
      }[]
    )[0];
    const bought = await t
      .http()
      .post('/swx/customer/order/buySmart')
      .set(real(saver))
      .send({ productId: product.id, amount: '300', days: product.cycles[0] });
    expect(bought.body.code).toBe(20004);

    // A loan of a KYC-verified user.
    const borrower = await verifiedUser(t, superAdmin, '1000');
    const loan = await t
      .http()
      .post('/swx/customer/user/loan')
      .set(real(borrower))
      .send({ amount: '200', termDays: 7, agree: true });
    expect(loan.body.result?.status).toBe('repaying');
    const totalDue = new Decimal(loan.body.result.amount).plus(loan.body.result.totalInterest).toFixed();

    // A U order on the demo book.
    await tick(t, 'BTCUSDT', '65000');
    const trader = await registerUser(t);
    const opened = await t
      .http()
      .post('/swx/customer/order/buyU')
      .set(demo(trader))
      .send({ code: 'BTCUSDT', direction: 'sell', lots: '0.1', leverage: 10 });
    expect(opened.body).toMatchObject({ code: 20004, result: { state: 'open' } });
    const { margin, openPrice } = opened.body.result as { margin: string; openPrice: string };

    const after = await current();
    expect(diff(plansOf(after)?.principal, plansOf(before)?.principal)).toBe('300');
    expect((plansOf(after)?.plans ?? 0) - (plansOf(before)?.plans ?? 0)).toBe(1);
    expect(diff(loansOf(after)?.principal, loansOf(before)?.principal)).toBe('200');
    expect(diff(loansOf(after)?.outstanding, loansOf(before)?.outstanding)).toBe(totalDue);
    expect((loansOf(after)?.loans ?? 0) - (loansOf(before)?.loans ?? 0)).toBe(1);
    expect((loansOf(after)?.overdue ?? 0) - (loansOf(before)?.overdue ?? 0)).toBe(0);
    const notional = new Decimal(openPrice).times('0.1').toFixed(); // contract size 1
    expect(diff(oiOf(after)?.margin, oiOf(before)?.margin)).toBe(new Decimal(margin).toFixed());
    expect(diff(oiOf(after)?.notional, oiOf(before)?.notional)).toBe(notional);
    expect(diff(oiOf(after)?.shortNotional, oiOf(before)?.shortNotional)).toBe(notional);
    expect(diff(oiOf(after)?.longNotional, oiOf(before)?.longNotional)).toBe('0');
    expect((oiOf(after)?.orders ?? 0) - (oiOf(before)?.orders ?? 0)).toBe(1);

    // The loan becomes overdue (as the sweep marks it): the overdue count follows.
    await t.db.query(`UPDATE loans.loans SET status = 'expired' WHERE id = $1`, [loan.body.result.id]);
    const overdue = await current();
    expect((loansOf(overdue)?.overdue ?? 0) - (loansOf(before)?.overdue ?? 0)).toBe(1);
    expect(diff(loansOf(overdue)?.overduePrincipal, loansOf(before)?.overduePrincipal)).toBe('200');

    // Closing the order takes it out of the open interest.
    const closed = await t
      .http()
      .post('/swx/customer/order/stopU')
      .set(demo(trader))
      .send({ orderId: opened.body.result.id });
    expect(closed.body.result.state).toBe('closed');
    expect(diff(oiOf(await current())?.margin, oiOf(before)?.margin)).toBe('0');
  });

  it('lists every queue of the platform with its depths, and a failed job with its reason', async () => {
    const first = await queues();
    const names = first.queues.map((q) => q.name);
    for (const name of Object.values(QueueName).filter((n) => n !== QueueName.Spot)) {
      expect(names).toContain(name);
    }
    const pairs: { symbol: string }[] = await t.db.query('SELECT symbol FROM orders.spot_pairs');
    expect(pairs.length).toBeGreaterThan(0);
    for (const p of pairs) expect(names).toContain(`spot-${p.symbol}`);
    for (const q of first.queues) {
      for (const n of [q.waiting, q.active, q.delayed, q.failed]) expect(Number.isInteger(n)).toBe(true);
    }

    // A due-date job for a loan id that cannot exist fails in the real loans worker (one attempt).
    const depth = (stats: QueueStats, name: QueueName) => stats.queues.find((q) => q.name === String(name))!;
    const loans = t.app.get<Queue>(getQueueToken(QueueName.Loans));
    const failedBefore = depth(first, QueueName.Loans).failed;
    const job = await loans.add(JobName.LoanDue, { loanId: 'not-a-loan' }, { attempts: 1 });
    await waitFor(async () => ((await job.getState()) === 'failed' ? true : null), 15_000, 'job failed');
    // A job delayed for an hour is counted as delayed.
    const delayedBefore = depth(await queues(), QueueName.Notifications).delayed;
    const later = await t.app
      .get<Queue>(getQueueToken(QueueName.Notifications))
      .add(JobName.NotificationScan, {}, { delay: 3600_000 });
    const stats = await queues();
    const loansQueue = depth(stats, QueueName.Loans);
    expect(loansQueue.failed).toBe(failedBefore + 1);
    expect(depth(stats, QueueName.Notifications).delayed).toBeGreaterThanOrEqual(delayedBefore + 1);
    expect(stats.recentFailed[0]).toMatchObject({
      queue: QueueName.Loans,
      id: String(job.id),
      name: JobName.LoanDue,
      attempts: 1,
    });
    expect(stats.recentFailed[0].reason).toMatch(/bigint|invalid input/i);
    await later.remove();
    await job.remove();
    expect(depth(await queues(), QueueName.Loans).failed).toBe(failedBefore);
  });
});
