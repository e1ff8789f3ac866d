import Decimal from 'decimal.js';
import { randomUUID } from 'node:crypto';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { LedgerService, SystemAccount, type LedgerReason } from '@app/ledger';
import { JobName, QueueName } from '@app/queue';
import { waitForQueuesDrained } from '../../support/queues';
import { createTestApp, type TestApp } from '../../support/test-app';
import { lastCode, registerUser, uniqueName, type RegisteredUser } from '../../support/users';
import { adminToken, demo, fundReal, real, tick, userBalance } from '../trading/trading-support';

const USER = '/swx/customer/user';
const ORDER = '/swx/customer/order';

/*
 * The invite programme through HTTP: a code and link per user, registration with a code, the
 * invite screen, and rewards (a share of invitees' real-book trading fees) paid through the
 * ledger by the queued scan.
 */
describe('invite programme', () => {
  let t: TestApp;
  let queue: Queue;
  beforeAll(async () => {
    t = await createTestApp({ MARKET_SOURCES: 'none' });
    queue = t.app.get<Queue>(getQueueToken(QueueName.Invite));
    await tick(t, 'BTCUSDT', '65000');
  });
  afterAll(async () => {
    await t.close();
  });

  const auth = (u: RegisteredUser) => ({ Authorization: `Bearer ${u.token}` });
  const info = async (u: RegisteredUser) =>
    (await t.http().get(`${USER}/getInviteInfo`).set(auth(u))).body.result;
  const rewards = async (u: RegisteredUser) =>
    (await t.http().get(`${USER}/listInviteReward`).set(auth(u))).body.result;
  /** Runs the reward scan now, as its job scheduler would, and waits until it is done. */
  const scan = async () => {
    await queue.add(JobName.InviteRewardScan, {});
    await waitForQueuesDrained(t, [QueueName.Invite]);
  };
  const openU = async (headers: Record<string, string>) => {
    const res = await t
      .http()
      .post(`${ORDER}/buyU`)
      .set(headers)
      .send({ code: 'BTCUSDT', direction: 'buy', lots: '0.1', leverage: 10 });
    expect(res.body.code).toBe(20004);
    return res.body.result as { id: string; fee: string };
  };

  it('gives every user a code and a link; the screen needs a session', async () => {
    const user = await registerUser(t);
    const mine = await info(user);
    expect(mine).toMatchObject({
      inviteCode: expect.stringMatching(/^[0-9A-F]{10}$/),
      invitedCount: 0,
      rewards: [],
      rule: { rate: '0.2', source: 'trading_fees', book: 'real' },
    });
    expect(mine.invitePath).toBe(`/pass/register?inviteCode=${mine.inviteCode}`);
    expect((await t.http().get(`${USER}/getInviteInfo`)).body.code).toBe(401);
    expect((await t.http().get(`${USER}/listInvite`)).body.code).toBe(401);
    expect((await t.http().get(`${USER}/listInviteReward?pageSize=500`).set(auth(user))).body.code).toBe(400);
    // The rule is readable by visitors before they share a link.
    const param = await t.http().get('/swx/customer/index/getParamByKey/invite_reward_rate');
    expect(param.body.result.paramValue).toBe('0.2');
  });

  it('refuses registration with an unknown code and creates nobody', async () => {
    const username = uniqueName();
    const email = `${username}@example.com`;
    await t
      .http()
      .post('/swx/customer/login/sendCode')
      .send({ type: 'email', account: email, scene: 'register' });
    const code = await lastCode(t, email);
    const res = await t.http().post('/swx/customer/login/register').send({
      type: 'email',
      account: email,
      username,
      password: 'correct horse battery',
      code,
      inviteCode: 'NOSUCHCODE',
    });
    expect(res.body.code).toBe(400);
    expect(JSON.stringify(res.body.result)).toContain('inviteCode');
    const rows: unknown[] = await t.db.query('SELECT 1 FROM accounts.users WHERE username = $1', [username]);
    expect(rows).toHaveLength(0);
  });

  it('links the invitee at registration and pays the inviter a share of their real trading fees once', async () => {
    const inviter = await registerUser(t);
    const code = (await info(inviter)).inviteCode as string;
    const invitee = await registerUser(t, { inviteCode: code });
    const stranger = await registerUser(t);

    const linked: { invited_by: string }[] = await t.db.query(
      'SELECT invited_by FROM accounts.users WHERE id = $1',
      [invitee.id],
    );
    expect(linked[0].invited_by).toBe(inviter.id);
    expect(await info(inviter)).toMatchObject({ invitedCount: 1, rewards: [] });
    const friends = (await t.http().get(`${USER}/listInvite`).set(auth(inviter))).body.result;
    expect(friends.total).toBe(1);
    expect(friends.list[0]).toMatchObject({ rewards: [] });
    expect(friends.list[0].username).toContain('***');
    expect(friends.list[0].username).not.toBe(invitee.username);
    expect(friends.list[0]).not.toHaveProperty('id');
    // A stranger sees none of it.
    expect(await info(stranger)).toMatchObject({ invitedCount: 0, rewards: [] });

    await fundReal(t, invitee, '5000');
    await fundReal(t, stranger, '5000');
    const order = await openU(real(invitee));
    await openU(real(stranger)); // not invited: earns nobody anything
    await openU(demo(invitee)); // virtual money: no reward
    expect(new Decimal(order.fee).gt(0)).toBe(true);

    await scan();
    const expected = new Decimal(order.fee).mul('0.2').toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed();
    expect(await userBalance(t, inviter, 'real', 'available')).toBe(expected);
    expect(await info(inviter)).toMatchObject({ rewards: [{ currency: 'USDT', amount: expected }] });
    const mine = await rewards(inviter);
    expect(mine.total).toBe(1);
    expect(mine.list[0]).toMatchObject({
      invitee: friends.list[0].username,
      reason: 'u_order_open',
      currency: 'USDT',
      fee: order.fee,
      rate: '0.2',
      amount: expected,
    });
    const again = (await t.http().get(`${USER}/listInvite`).set(auth(inviter))).body.result;
    expect(again.list[0].rewards).toEqual([{ currency: 'USDT', amount: expected }]);
    expect((await rewards(stranger)).total).toBe(0);
    expect((await rewards(invitee)).total).toBe(0);

    // A second scan (a retry, the next minute) pays nothing twice.
    await scan();
    expect(await userBalance(t, inviter, 'real', 'available')).toBe(expected);
    expect((await rewards(inviter)).total).toBe(1);
    const journals: { n: number }[] = await t.db.query(
      `SELECT count(*)::int AS n FROM ledger.journal j JOIN accounts.invite_rewards r ON r.journal_id = j.id
        WHERE r.inviter_id = $1 AND j.reason = 'invite_reward'`,
      [inviter.id],
    );
    expect(journals[0].n).toBe(1);

    // Funding details list the reward under its own filter group.
    const funding = async (query: Record<string, string>) =>
      (await t.http().get(`${USER}/listFundingDetails`).query(query).set(real(inviter))).body.result as {
        total: number;
        list: { type: string; reason: string; amount: string; currency: string }[];
      };
    const rewarded = await funding({ type: 'reward' });
    expect(rewarded.total).toBe(1);
    expect(rewarded.list[0]).toMatchObject({
      type: 'reward',
      reason: 'invite_reward',
      currency: 'USDT',
      amount: expected,
    });
    expect((await funding({})).list.map((l) => l.type)).toEqual(['reward']);
    expect((await funding({ type: 'trade' })).total).toBe(0);

    // The console sees the reward with both parties.
    const admin = await adminToken(t);
    const listed = await t
      .http()
      .get(`/swx/admin/inviteRewards?filter=${encodeURIComponent(JSON.stringify({ inviterId: inviter.id }))}`)
      .set({ Authorization: `Bearer ${admin}` });
    expect(listed.headers['content-range']).toBe('inviteRewards 0-0/1');
    expect(listed.body.result[0]).toMatchObject({
      inviterId: inviter.id,
      inviteeId: invitee.id,
      invitee: invitee.username,
      amount: expected,
    });
    expect((await t.http().get('/swx/admin/inviteRewards').set(auth(inviter))).body.code).toBe(401);
  });

  it('a fee committed after scans read past it, however much later, is rewarded by the next scan, once', async () => {
    const inviter = await registerUser(t);
    const invitee = await registerUser(t, { inviteCode: (await info(inviter)).inviteCode as string });
    const ledger = t.app.get(LedgerService);
    const account = (
      currency: string,
      owner: { type: 'user'; id: string } | { type: 'system'; id: SystemAccount },
    ) => ({
      owner,
      book: 'real' as const,
      currency,
      kind: owner.type === 'user' ? 'available' : 'main',
    });
    const invitee$ = (currency: string) => account(currency, { type: 'user', id: invitee.id });
    const post = (
      reason: LedgerReason,
      from: ReturnType<typeof account>,
      to: ReturnType<typeof account>,
      amount: string,
    ) => ({
      key: `test-late-fee-${randomUUID()}`,
      reason,
      refType: 'u_order',
      refId: randomUUID(),
      legs: [{ from, to, amount }],
    });
    const external = (currency: string) => account(currency, { type: 'system', id: SystemAccount.External });
    const fees = (currency: string) => account(currency, { type: 'system', id: SystemAccount.Fees });
    await ledger.post(post('admin_adjustment', external('USDT'), invitee$('USDT'), '100'));
    await ledger.post(post('admin_adjustment', external('BTC'), invitee$('BTC'), '1'));
    await scan(); // a mark with its horizon
    // A fee whose transaction stays open while a later fee commits and a scan runs. (In BTC: the
    // open transaction's row locks are on BTC accounts, which the USDT fee and its reward do not
    // touch.)
    const runner = t.db.createQueryRunner();
    await runner.startTransaction();
    try {
      await ledger.post(post('u_order_open', invitee$('BTC'), fees('BTC'), '0.001'), runner.manager);
      await ledger.post(post('u_order_open', invitee$('USDT'), fees('USDT'), '2'));
      await scan();
      expect((await rewards(inviter)).list.map((r: { fee: string }) => r.fee)).toEqual(['2']);
      // The transaction stays open past scans that are more than ten minutes old (the fixed
      // window before, which then passed it): aged by hand, with one more scan after them.
      await t.db.query(`UPDATE accounts.invite_scan_marks SET taken_at = taken_at - interval '20 minutes'`);
      await scan();
      await runner.commitTransaction();
    } finally {
      await runner.release();
    }
    // Its transfer id is below the last scan's top, but its transaction is not older than that
    // scan's horizon: read again, and paid.
    await scan();
    const paid = (await rewards(inviter)).list as { fee: string; currency: string; amount: string }[];
    expect(paid.map((r) => [r.currency, r.fee, r.amount]).sort()).toEqual([
      ['BTC', '0.001', '0.0002'],
      ['USDT', '2', '0.4'],
    ]);
    await scan();
    expect((await rewards(inviter)).total).toBe(2);
    expect(await userBalance(t, inviter, 'real', 'available')).toBe('0.4');
  });
});
