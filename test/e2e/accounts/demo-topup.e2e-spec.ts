import Decimal from 'decimal.js';
import { randomUUID } from 'node:crypto';
import { ledgerViolations } from '../../support/ledger-audit';
import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser, type RegisteredUser } from '../../support/users';
import { balance, createPair, place, type TestPair } from '../spot/spot-support';

/**
 * The demo-book top-up from the profile (DESIGN.md, demo book): user/getDemoTopup and
 * user/demoTopup bring the demo USDT available balance back up to the grant, once per period.
 */
describe('accounts: demo top-up (user/demoTopup)', () => {
  let t: TestApp;
  let pair: TestPair;
  const GRANT = new Decimal('100000');

  beforeAll(async () => {
    t = await createTestApp();
    pair = await createPair(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const auth = (u: RegisteredUser, virtually?: 'YES' | 'NO') => ({
    Authorization: `Bearer ${u.token}`,
    ...(virtually ? { virtually } : {}),
  });
  const demoAvailable = async (u: RegisteredUser) =>
    new Decimal(await balance(t, u, 'USDT', 'available', 'demo'));
  const topUp = (u: RegisteredUser, headers: Record<string, string> = {}) =>
    t
      .http()
      .post('/swx/customer/user/demoTopup')
      .set({ ...auth(u), ...headers });
  const topUpInfo = (u: RegisteredUser, headers: Record<string, string> = {}) =>
    t
      .http()
      .get('/swx/customer/user/getDemoTopup')
      .set({ ...auth(u), ...headers });

  /** Spends demo USDT through the API: a buy order far below any price holds its amount. */
  async function spendDemo(u: RegisteredUser, quantity: string, price: string) {
    const before = await demoAvailable(u);
    await place(t, u, { symbol: pair.symbol, side: 'buy', type: 'limit', price, quantity }, 'demo');
    const after = await demoAvailable(u);
    expect(after.lt(before)).toBe(true);
    return after;
  }

  async function topups(u: RegisteredUser) {
    return t.db.query<
      { id: string; idempotency_key: string; amount: string; debit_owner: string; credit: string }[]
    >(
      `SELECT j.id::text, j.idempotency_key, t.amount::text, d.owner_id AS debit_owner,
              c.owner_type || ':' || c.owner_id || ':' || c.book || ':' || c.currency || ':' || c.kind AS credit
         FROM ledger.journal j
         JOIN ledger.transfers t ON t.journal_id = j.id
         JOIN ledger.accounts d ON d.id = t.debit_account_id
         JOIN ledger.accounts c ON c.id = t.credit_account_id
        WHERE j.reason = 'demo_topup' AND j.ref_type = 'user' AND j.ref_id = $1
        ORDER BY j.id`,
      [u.id],
    );
  }

  it('answers 401 without a session', async () => {
    expect((await t.http().post('/swx/customer/user/demoTopup')).body.code).toBe(401);
    expect((await t.http().get('/swx/customer/user/getDemoTopup')).body.code).toBe(401);
  });

  it('refuses a demo book at the grant (403, localized), and says so before', async () => {
    const user = await registerUser(t);
    const info = await topUpInfo(user);
    expect(info.body).toMatchObject({
      code: 200,
      result: {
        grant: '100000',
        available: '100000',
        amount: '0',
        eligible: false,
        refusal: 'full',
        nextAt: null,
        intervalHours: 24,
      },
    });
    const refused = await topUp(user);
    expect(refused.body.code).toBe(403);
    expect(refused.body.message).toBe(
      'Your demo balance is already 100,000 USDT or more: a top-up is only possible below it',
    );
    const arabic = await topUp(user, { lang: 'ar' });
    expect(arabic.body.code).toBe(403);
    expect(arabic.body.message).toContain('100,000 USDT');
    expect(arabic.body.message).toMatch(/[\u0600-\u06FF]/);
    expect(await topups(user)).toEqual([]);
    expect((await demoAvailable(user)).eq(GRANT)).toBe(true);
  });

  it('tops the demo balance back up to exactly the grant, once per 24 hours, on either header', async () => {
    const user = await registerUser(t);
    const spent = await spendDemo(user, '3.333', '1234.57');
    const missing = GRANT.minus(spent);

    const info = await topUpInfo(user, { virtually: 'YES' });
    expect(info.body.result).toMatchObject({ eligible: true, refusal: null, nextAt: null, lastAt: null });
    expect(new Decimal(info.body.result.amount).eq(missing)).toBe(true);
    expect(new Decimal(info.body.result.available).eq(spent)).toBe(true);

    // A demo-book action: the real book's header does not change what it tops up.
    const done = await topUp(user, { virtually: 'YES', 'Idempotency-Key': randomUUID() });
    expect(done.body.code).toBe(200);
    expect(new Decimal(done.body.result.amount).eq(missing)).toBe(true);
    expect(new Decimal(done.body.result.available).eq(GRANT)).toBe(true);
    expect((await demoAvailable(user)).eq(GRANT)).toBe(true);
    expect(new Date(done.body.result.nextAt).getTime() - new Date(done.body.result.at).getTime()).toBe(
      24 * 3600_000,
    );
    // The real book got nothing.
    expect(new Decimal(await balance(t, user, 'USDT', 'available', 'real')).eq(0)).toBe(true);

    const rows = await topups(user);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: done.body.result.journalId,
      idempotency_key: `demo-topup-${user.id}-0`,
      debit_owner: 'demo_faucet',
      credit: `user:${user.id}:demo:USDT:available`,
    });
    expect(new Decimal(rows[0].amount).eq(missing)).toBe(true);

    // The funding details list it as demo funds.
    const funding = await t
      .http()
      .get('/swx/customer/user/listFundingDetails')
      .query({ type: 'demo' })
      .set(auth(user, 'NO'));
    expect(funding.body.result.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'demo', reason: 'demo_topup', currency: 'USDT' }),
      ]),
    );

    // Spent again within the period: refused with the time it becomes possible, nothing moved.
    const spentAgain = await spendDemo(user, '1', '1000');
    const tooSoon = await topUp(user, { 'Idempotency-Key': randomUUID() });
    expect(tooSoon.body.code).toBe(429);
    expect(tooSoon.body.result).toEqual({ nextAt: done.body.result.nextAt });
    const next = new Date(done.body.result.nextAt).toISOString().slice(0, 16).replace('T', ' ');
    expect(tooSoon.body.message).toBe(
      `The demo account can be topped up once every 24 hours: the next top-up is possible from ${next} UTC`,
    );
    const german = await topUp(user, { lang: 'de' });
    expect(german.body.code).toBe(429);
    expect(german.body.message).toContain(`${next} UTC`);
    expect(german.body.message).toContain('Stunden');
    expect((await demoAvailable(user)).eq(spentAgain)).toBe(true);
    expect(await topups(user)).toHaveLength(1);
    const waiting = await topUpInfo(user);
    expect(waiting.body.result).toMatchObject({
      eligible: false,
      refusal: 'tooSoon',
      nextAt: done.body.result.nextAt,
      lastAt: done.body.result.at,
    });

    // Once the period has passed (the last top-up moved 25 hours back), the next one is possible.
    await t.db.query(
      `UPDATE ledger.journal SET created_at = created_at - interval '25 hours' WHERE id = $1`,
      [done.body.result.journalId],
    );
    expect((await topUpInfo(user)).body.result).toMatchObject({ eligible: true, refusal: null });
    const again = await topUp(user);
    expect(again.body.code).toBe(200);
    expect(new Decimal(again.body.result.amount).eq(GRANT.minus(spentAgain))).toBe(true);
    expect((await demoAvailable(user)).eq(GRANT)).toBe(true);
    const both = await topups(user);
    expect(both.map((r) => r.idempotency_key)).toEqual([
      `demo-topup-${user.id}-0`,
      `demo-topup-${user.id}-${done.body.result.journalId}`,
    ]);
    expect(await ledgerViolations(process.env.TEST_RUN_DATABASE_URL!)).toEqual([]);
  });

  it('pays once for concurrent requests and for a retried Idempotency-Key', async () => {
    const user = await registerUser(t);
    const spent = await spendDemo(user, '2', '2500.25');
    const key = randomUUID();
    const answers = await Promise.all([
      topUp(user, { 'Idempotency-Key': key }),
      ...Array.from({ length: 4 }, () => topUp(user, { 'Idempotency-Key': randomUUID() })),
      topUp(user),
      topUp(user),
    ]);
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.every((c) => c === 200 || c === 429)).toBe(true);
    expect(await topups(user)).toHaveLength(1);
    expect((await demoAvailable(user)).eq(GRANT)).toBe(true);
    const winner = answers.find((a) => a.body.code === 200)!;
    expect(new Decimal(winner.body.result.amount).eq(GRANT.minus(spent))).toBe(true);

    // The same key again answers its first answer and moves nothing.
    const first = answers[0].body;
    const replay = await topUp(user, { 'Idempotency-Key': key });
    expect(replay.body.code).toBe(first.code);
    expect(replay.body.result).toEqual(first.result);
    expect(await topups(user)).toHaveLength(1);
    expect(await ledgerViolations(process.env.TEST_RUN_DATABASE_URL!)).toEqual([]);
  });

  it('refuses a demo book an operator disabled (10094)', async () => {
    const user = await registerUser(t);
    await spendDemo(user, '1', '1500');
    await t.db.query('UPDATE accounts.users SET demo_disabled_at = now() WHERE id = $1', [user.id]);
    expect((await topUpInfo(user)).body.result).toMatchObject({ eligible: false, refusal: 'demoDisabled' });
    const refused = await topUp(user, { virtually: 'YES' });
    expect(refused.body.code).toBe(10094);
    expect(await topups(user)).toEqual([]);
  });
});
