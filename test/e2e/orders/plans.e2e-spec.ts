import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { Clock } from '@app/common';
import { LedgerService, SystemAccount } from '@app/ledger';
import { JobName, QueueName } from '@app/queue';
import { PlansService } from '@app/orders/plans/plans.service';
import { waitForQueuesDrained } from '../../support/queues';
import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser, type RegisteredUser } from '../../support/users';

const DAY = 24 * 3600 * 1000;

describe('smart trading plans /swx/customer/order', () => {
  let t: TestApp;
  let clock: Clock;

  beforeAll(async () => {
    t = await createTestApp();
    clock = t.app.get(Clock);
  });
  afterAll(async () => {
    await t.close();
  });

  const real = (u: RegisteredUser) => ({ Authorization: `Bearer ${u.token}`, virtually: 'YES' });
  const buy = (u: RegisteredUser, body: object) =>
    t.http().post('/swx/customer/order/buySmart').set(real(u)).send(body);
  const balance = async (u: RegisteredUser) => {
    const res = await t.http().post('/swx/customer/user/getUserInfo').set(real(u));
    return (
      res.body.result.balances as { currency: string; available: string; other: Record<string, string> }[]
    ).find((b) => b.currency === 'USDT');
  };
  async function fund(u: RegisteredUser, amount: string, currency = 'USDT') {
    await t.app.get(LedgerService).post({
      key: `fund-${randomUUID()}`,
      reason: 'deposit',
      legs: [
        {
          from: {
            owner: { type: 'system', id: SystemAccount.External },
            book: 'real',
            currency,
            kind: 'main',
          },
          to: { owner: { type: 'user', id: u.id }, book: 'real', currency, kind: 'available' },
          amount,
        },
      ],
    });
  }
  /** Runs the settlement the way the scheduler does: a scan job on the real queue, then its chunks. */
  async function settleNow() {
    const queue = t.app.get<Queue>(getQueueToken(QueueName.PlanSettlement));
    await queue.add(JobName.PlanSettleScan, {});
    await waitForQueuesDrained(t, [QueueName.PlanSettlement]);
  }
  const products = async () =>
    (await t.http().get('/swx/customer/order/listSmartProducts')).body.result as {
      id: number;
      name: string;
      cycles: number[];
      allowRepeat: boolean;
    }[];

  it('lists the products', async () => {
    const list = await products();
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list[0]).toMatchObject({
      name: 'Starter AI plan',
      minAmount: '100',
      maxAmount: '5000',
      cycles: [1, 3, 7],
      dailyYieldPercent: '0.8',
    });
  });

  it('answers every error code, and the demo book is refused', async () => {
    const user = await registerUser(t);
    const [starter, , premium] = await products();
    expect(
      (
        await t
          .http()
          .post('/swx/customer/order/buySmart')
          .send({ productId: starter.id, amount: '100', days: 1 })
      ).body.code,
    ).toBe(401);
    const demo = await t
      .http()
      .post('/swx/customer/order/buySmart')
      .set({ Authorization: `Bearer ${user.token}` })
      .send({ productId: starter.id, amount: '100', days: 1 });
    expect(demo.body).toMatchObject({
      code: 403,
      message: 'Demo accounts cannot use smart trading, please switch to the real account',
    });
    expect((await buy(user, { productId: 9999, amount: '100', days: 1 })).body.code).toBe(10010);
    expect((await buy(user, { productId: starter.id, amount: '100', days: 2 })).body.code).toBe(10012);
    expect((await buy(user, { productId: starter.id, amount: '99', days: 1 })).body.code).toBe(10013);
    expect((await buy(user, { productId: starter.id, amount: '5001', days: 1 })).body.code).toBe(10013);
    expect((await buy(user, { productId: starter.id, amount: 'x', days: 1 })).body.code).toBe(400);
    expect((await buy(user, { productId: starter.id, amount: '100', days: 1 })).body.code).toBe(10011);
    await fund(user, '25000');
    expect((await buy(user, { productId: premium.id, amount: '10000', days: 30 })).body.code).toBe(20004);
    expect((await buy(user, { productId: premium.id, amount: '10000', days: 30 })).body.code).toBe(10024);
  });

  it('pays each day once at its anniversary, catches up missed days, and returns the principal at the end', async () => {
    const user = await registerUser(t);
    await fund(user, '1000');
    const [starter] = await products();
    const bought = await buy(user, { productId: starter.id, amount: '1000', days: 3 });
    expect(bought.body).toMatchObject({
      code: 20004,
      result: { status: 'earning', amount: '1000', dailyIncome: '8', earned: '0' },
    });
    expect(await balance(user)).toMatchObject({ available: '0', other: { principal: '1000' } });
    // The plan keeps the ids of the two accounts its settlement pays.
    const [kept] = await t.db.query(
      `SELECT (SELECT a.kind FROM ledger.accounts a WHERE a.id = p.available_account_id) AS available,
              (SELECT a.kind FROM ledger.accounts a WHERE a.id = p.principal_account_id) AS principal,
              (SELECT count(*)::int FROM ledger.accounts a
                WHERE a.id IN (p.available_account_id, p.principal_account_id) AND a.owner_id = p.user_id::text) AS own
         FROM orders.plans p WHERE p.id = $1`,
      [bought.body.result.id],
    );
    expect(kept).toEqual({ available: 'available', principal: 'principal', own: 2 });

    clock.advance(DAY + 60_000);
    await settleNow();
    await settleNow(); // a second run pays nothing more
    let list = (await t.http().get('/swx/customer/order/listSmartOrder').set(real(user))).body.result.list;
    expect(list[0]).toMatchObject({ earned: '8', daysPaid: 1, status: 'earning' });
    expect(new Date(list[0].nextEarningAt).getTime() - new Date(list[0].startedAt).getTime()).toBe(2 * DAY);
    expect(await balance(user)).toMatchObject({ available: '8' });

    clock.advance(2 * DAY); // the worker "was down" for two days
    await settleNow();
    list = (await t.http().get('/swx/customer/order/listSmartOrder').set(real(user))).body.result.list;
    expect(list[0]).toMatchObject({ earned: '24', daysPaid: 3, status: 'completed', nextEarningAt: null });
    expect(await balance(user)).toMatchObject({ available: '1024', other: { principal: '0' } });
    const payouts = await t.db.query('SELECT day FROM orders.plan_payouts WHERE plan_id = $1 ORDER BY day', [
      list[0].id,
    ]);
    expect(payouts.map((p: { day: number }) => p.day)).toEqual([1, 2, 3]);
  });

  it('early exit returns the principal less the penalty, shown before confirming', async () => {
    const user = await registerUser(t);
    await fund(user, '2000');
    const [, balanced] = await products();
    const orderId = (await buy(user, { productId: balanced.id, amount: '2000', days: 7 })).body.result
      .id as string;
    const quote = await t.http().post('/swx/customer/order/smartExitQuote').set(real(user)).send({ orderId });
    expect(quote.body.result).toMatchObject({
      principal: '2000',
      penaltyPercent: '5',
      penalty: '100',
      returned: '1900',
    });
    const other = await registerUser(t);
    expect(
      (await t.http().post('/swx/customer/order/exitSmart').set(real(other)).send({ orderId })).body.code,
    ).toBe(404);
    const exit = await t.http().post('/swx/customer/order/exitSmart').set(real(user)).send({ orderId });
    expect(exit.body).toMatchObject({ code: 20005, result: { status: 'exited', returned: '1900' } });
    expect(
      (await t.http().post('/swx/customer/order/exitSmart').set(real(user)).send({ orderId })).body.code,
    ).toBe(10089);
    expect(await balance(user)).toMatchObject({ available: '1900', other: { principal: '0' } });
  });

  it('an exit after an anniversary the scan has not settled yet pays that day first, once', async () => {
    const user = await registerUser(t);
    await fund(user, '2000');
    const [, balanced] = await products();
    const bought = await buy(user, { productId: balanced.id, amount: '2000', days: 7 });
    const { id: orderId, dailyIncome } = bought.body.result as { id: string; dailyIncome: string };
    expect(new Decimal(dailyIncome).gt(0)).toBe(true);
    // A day and a minute later, with no settlement run in between.
    clock.advance(DAY + 60_000);
    const quote = await t.http().post('/swx/customer/order/smartExitQuote').set(real(user)).send({ orderId });
    expect(quote.body.result).toMatchObject({ principal: '2000', penalty: '100', returned: '1900' });
    // The day is paid with the quote, before the user confirms: the plan shows it.
    let list = (await t.http().get('/swx/customer/order/listSmartOrder').set(real(user))).body.result.list;
    expect(list.find((p: { id: string }) => p.id === orderId)).toMatchObject({
      earned: dailyIncome,
      daysPaid: 1,
      status: 'earning',
    });
    const exit = await t.http().post('/swx/customer/order/exitSmart').set(real(user)).send({ orderId });
    expect(exit.body).toMatchObject({ code: 20005, result: { status: 'exited', returned: '1900' } });
    // The scan finds nothing more to pay for the exited plan.
    await settleNow();
    list = (await t.http().get('/swx/customer/order/listSmartOrder').set(real(user))).body.result.list;
    expect(list.find((p: { id: string }) => p.id === orderId)).toMatchObject({
      earned: dailyIncome,
      daysPaid: 1,
      status: 'exited',
    });
    expect(await balance(user)).toMatchObject({
      available: new Decimal(1900).plus(dailyIncome).toFixed(),
      other: { principal: '0' },
    });
    const payouts = await t.db.query('SELECT day FROM orders.plan_payouts WHERE plan_id = $1', [orderId]);
    expect(payouts).toEqual([{ day: 1 }]);
  });

  it('an anniversary that passes between the quote and the exit is paid too, not forfeited', async () => {
    const user = await registerUser(t);
    await fund(user, '2000');
    const [, balanced] = await products();
    const bought = await buy(user, { productId: balanced.id, amount: '2000', days: 7 });
    const { id: orderId, dailyIncome } = bought.body.result as { id: string; dailyIncome: string };
    // A minute before the first anniversary: the exit's own quote finds nothing due, and the
    // anniversary passes before the exit locks the plan.
    clock.advance(DAY - 60_000);
    const plans = t.app.get(PlansService);
    const quote = plans.exitQuote.bind(plans);
    const spy = jest.spyOn(plans, 'exitQuote').mockImplementationOnce(async (...args) => {
      const q = await quote(...args);
      clock.advance(120_000);
      return q;
    });
    try {
      const exit = await t.http().post('/swx/customer/order/exitSmart').set(real(user)).send({ orderId });
      expect(exit.body).toMatchObject({ code: 20005, result: { status: 'exited', returned: '1900' } });
    } finally {
      spy.mockRestore();
    }
    const payouts = await t.db.query('SELECT day FROM orders.plan_payouts WHERE plan_id = $1', [orderId]);
    expect(payouts).toEqual([{ day: 1 }]);
    expect(await balance(user)).toMatchObject({
      available: new Decimal(1900).plus(dailyIncome).toFixed(),
      other: { principal: '0' },
    });
  });

  it('a quote or an exit that pays the last day answers that the plan completed, with all returned', async () => {
    const user = await registerUser(t);
    await fund(user, '2000');
    const [starter] = await products();
    const first = (await buy(user, { productId: starter.id, amount: '1000', days: 1 })).body.result
      .id as string;
    const second = (await buy(user, { productId: starter.id, amount: '1000', days: 1 })).body.result
      .id as string;
    clock.advance(DAY + 60_000); // the one day is due, and no scan has run
    const quote = await t
      .http()
      .post('/swx/customer/order/smartExitQuote')
      .set(real(user))
      .send({ orderId: first });
    expect(quote.body).toMatchObject({
      code: 200,
      result: { orderId: first, status: 'completed', penalty: '0', returned: '1000' },
    });
    // Once completed, it is no longer a plan to exit.
    expect(
      (await t.http().post('/swx/customer/order/exitSmart').set(real(user)).send({ orderId: first })).body
        .code,
    ).toBe(10089);
    const exit = await t
      .http()
      .post('/swx/customer/order/exitSmart')
      .set(real(user))
      .send({ orderId: second });
    expect(exit.body).toMatchObject({
      code: 20005,
      result: { orderId: second, status: 'completed', penalty: '0', returned: '1000' },
    });
    const list = (await t.http().get('/swx/customer/order/listSmartOrder').set(real(user))).body.result.list;
    for (const id of [first, second]) {
      expect(list.find((p: { id: string }) => p.id === id)).toMatchObject({
        status: 'completed',
        earned: '8',
      });
    }
    expect(await balance(user)).toMatchObject({ available: '2016', other: { principal: '0' } });
  });

  it('a penalty of the whole principal exits with nothing returned', async () => {
    const login = await t
      .http()
      .post('/swx/admin/login')
      .send({ email: 'admin@example.com', password: 'admin-password-for-tests' });
    const admin = { Authorization: `Bearer ${login.body.result.token}` };
    const setPenalty = async (value: string) =>
      expect(
        (await t.http().put('/swx/admin/parameters/smart_early_exit_penalty').set(admin).send({ value })).body
          .code,
      ).toBe(200);
    const user = await registerUser(t);
    await fund(user, '2000');
    const [, balanced] = await products();
    const orderId = (await buy(user, { productId: balanced.id, amount: '2000', days: 7 })).body.result
      .id as string;
    await setPenalty('100');
    try {
      const exit = await t.http().post('/swx/customer/order/exitSmart').set(real(user)).send({ orderId });
      expect(exit.body).toMatchObject({
        code: 20005,
        result: { status: 'exited', penaltyPercent: '100', penalty: '2000', returned: '0' },
      });
    } finally {
      await setPenalty('5');
    }
    expect(await balance(user)).toMatchObject({ available: '0', other: { principal: '0' } });
  });

  describe('staking (mining) plans', () => {
    const mining = async () =>
      (await t.http().get('/swx/customer/order/listMiningProducts')).body.result as {
        id: number;
        name: string;
        currency: string;
        cycles: number[];
      }[];
    const buyMining = (u: RegisteredUser, body: object) =>
      t.http().post('/swx/customer/order/buyMining').set(real(u)).send(body);

    it('answers its codes: unknown product 404, term 10017, amount 10016, demo refused', async () => {
      const user = await registerUser(t);
      const [usdt] = await mining();
      expect((await buyMining(user, { productId: 9999, amount: '100', days: 7 })).body.code).toBe(404);
      expect((await buyMining(user, { productId: usdt.id, amount: '100', days: 8 })).body.code).toBe(10017);
      expect((await buyMining(user, { productId: usdt.id, amount: '10', days: 7 })).body.code).toBe(10016);
      const demo = await t
        .http()
        .post('/swx/customer/order/buyMining')
        .set({ Authorization: `Bearer ${user.token}` })
        .send({ productId: usdt.id, amount: '100', days: 7 });
      expect(demo.body.code).toBe(403);
    });

    it('stakes a coin, shows cumulative and estimated current income, and returns the principal after the lock-up', async () => {
      const user = await registerUser(t);
      await fund(user, '2', 'ETH');
      const eth = (await mining()).find((p) => p.currency === 'ETH')!;
      const res = await buyMining(user, { productId: eth.id, amount: '2', days: 30 });
      expect(res.body).toMatchObject({
        code: 20004,
        result: { kind: 'mining', currency: 'ETH', dailyIncome: '0.003' },
      });
      clock.advance(DAY / 2);
      let list = (await t.http().get('/swx/customer/order/listMiningOrder').set(real(user))).body.result.list;
      expect(list[0]).toMatchObject({ earned: '0' });
      expect(Number(list[0].estimatedCurrentIncome)).toBeGreaterThan(0.0014);
      expect(Number(list[0].estimatedCurrentIncome)).toBeLessThan(0.0016);
      clock.advance(30 * DAY);
      await settleNow();
      list = (await t.http().get('/swx/customer/order/listMiningOrder').set(real(user))).body.result.list;
      expect(list[0]).toMatchObject({
        status: 'completed',
        daysPaid: 30,
        earned: '0.09',
        estimatedCurrentIncome: '0',
      });
      const info = await t.http().post('/swx/customer/user/getUserInfo').set(real(user));
      expect(info.body.result.balances.find((b: { currency: string }) => b.currency === 'ETH')).toMatchObject(
        { available: '2.09', other: { staked: '0' } },
      );
    });
  });
});
