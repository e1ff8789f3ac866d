import { hashSecret } from '@app/common';
import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser, uniqueName } from '../../support/users';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

interface PriceSourceRow {
  id: number;
  code: string;
  type: number;
  status: string;
  source: string | null;
  rule: string | null;
  setting: string;
  lastPrice: string | null;
}

// Issue 13 items 3 and 4, the gaps the console filled: which price source feeds which instrument
// (GET /swx/admin/priceSources, operators, read-only) and the invite reward rule edited by operators
// through the audited parameter API, seen by customers at once.
describe('admin API: price sources and the invite reward rule', () => {
  // Forex from the simulator by its own entry, every other type by the catch-all entry.
  const SETTING = 'simulator:type:1;simulator:*';
  let t: TestApp;
  let operator: string;
  let reviewer: string;
  let superAdmin: string;

  async function adminWithRoles(roles: string): Promise<string> {
    const email = `${uniqueName('gap')}@example.com`;
    const password = 'console-gaps-password';
    await t.db.query(`INSERT INTO accounts.admin_users (email, password_hash, roles) VALUES ($1, $2, $3)`, [
      email,
      await hashSecret(password),
      roles,
    ]);
    const res = await t.http().post('/swx/admin/login').send({ email, password });
    return res.body.result.token as string;
  }

  beforeAll(async () => {
    t = await createTestApp({ MARKET_SOURCES: SETTING });
    superAdmin = (
      await t
        .http()
        .post('/swx/admin/login')
        .send({ email: 'admin@example.com', password: 'admin-password-for-tests' })
    ).body.result.token;
    operator = await adminWithRoles('{operator}');
    reviewer = await adminWithRoles('{reviewer}');
  });
  afterAll(async () => {
    await t.close();
  });

  describe('price sources', () => {
    it('lists every instrument with the source and the MARKET_SOURCES entry that feeds it', async () => {
      const res = await t
        .http()
        .get('/swx/admin/priceSources')
        .query({ range: '[0,499]', sort: '["id","ASC"]' })
        .set(bearer(operator));
      expect(res.body.code).toBe(200);
      const rows = res.body.result as PriceSourceRow[];
      // The whole catalogue the process holds (active and suspended), on one page.
      expect(rows.length).toBeGreaterThan(0);
      expect(res.headers['content-range']).toBe(`priceSources 0-${rows.length - 1}/${rows.length}`);
      const forex = rows.find((r) => r.type === 1 && r.status === 'active');
      const crypto = rows.find((r) => r.type === 2 && r.status === 'active');
      expect(forex).toMatchObject({ source: 'simulator', rule: 'simulator:type:1', setting: SETTING });
      expect(crypto).toMatchObject({ source: 'simulator', rule: 'simulator:*', setting: SETTING });
      // Suspended instruments are fed too (their open positions can still close).
      for (const row of rows) expect(row.source).toBe('simulator');
      // One instrument by id, with its last price once the feed has one.
      const one = await t.http().get(`/swx/admin/priceSources/${crypto!.id}`).set(bearer(operator));
      expect(one.body.code).toBe(200);
      expect(one.body.result).toMatchObject({ id: crypto!.id, code: crypto!.code, source: 'simulator' });
    });

    it('filters by source, status and text and sorts by code', async () => {
      const none = await t
        .http()
        .get('/swx/admin/priceSources')
        .query({ filter: JSON.stringify({ source: 'none' }) })
        .set(bearer(operator));
      expect(none.body.code).toBe(200);
      for (const row of none.body.result as PriceSourceRow[]) expect(row.status).not.toBe('active');
      const btc = await t
        .http()
        .get('/swx/admin/priceSources')
        .query({ filter: JSON.stringify({ q: 'btc', status: 'active' }), sort: '["code","DESC"]' })
        .set(bearer(operator));
      expect(btc.body.code).toBe(200);
      const codes = (btc.body.result as PriceSourceRow[]).map((r) => r.code);
      expect(codes.length).toBeGreaterThan(0);
      for (const code of codes) expect(code).toContain('BTC');
      expect(codes).toEqual([...codes].sort().reverse());
      const badSort = await t
        .http()
        .get('/swx/admin/priceSources')
        .query({ sort: '["setting","ASC"]' })
        .set(bearer(operator));
      expect(badSort.body.code).not.toBe(200);
    });

    it('is for operators (and super-admins) only; an unknown id is not found', async () => {
      expect((await t.http().get('/swx/admin/priceSources').set(bearer(reviewer))).body.code).toBe(403);
      expect((await t.http().get('/swx/admin/priceSources/1').set(bearer(reviewer))).body.code).toBe(403);
      expect((await t.http().get('/swx/admin/priceSources')).body.code).toBe(401);
      expect((await t.http().get('/swx/admin/priceSources').set(bearer(superAdmin))).body.code).toBe(200);
      expect((await t.http().get('/swx/admin/priceSources/999999999').set(bearer(operator))).body.code).toBe(
        404,
      );
      expect((await t.http().get('/swx/admin/priceSources/abc').set(bearer(operator))).body.code).toBe(404);
    });
  });

  describe('invite reward rule', () => {
    it('an operator changes the share, audited; customers see it; reviewers cannot', async () => {
      const before = await t.http().get('/swx/admin/parameters/invite_reward_rate').set(bearer(operator));
      expect(before.body.code).toBe(200);
      const original = before.body.result.value as string;
      const next = original === '0.15' ? '0.16' : '0.15';
      try {
        expect(
          (
            await t
              .http()
              .put('/swx/admin/parameters/invite_reward_rate')
              .set(bearer(reviewer))
              .send({ value: next })
          ).body.code,
        ).toBe(403);
        const bad = await t
          .http()
          .put('/swx/admin/parameters/invite_reward_rate')
          .set(bearer(operator))
          .send({ value: '1.5' });
        expect(bad.body.code).not.toBe(200);
        const saved = await t
          .http()
          .put('/swx/admin/parameters/invite_reward_rate')
          .set(bearer(operator))
          .send({ value: next });
        expect(saved.body.code).toBe(200);
        expect(saved.body.result.value).toBe(next);
        const audit = await t
          .http()
          .get('/swx/admin/audit')
          .query({ filter: JSON.stringify({ action: 'parameter.updated', targetId: 'invite_reward_rate' }) })
          .set(bearer(superAdmin));
        expect(audit.body.result[0]).toMatchObject({
          action: 'parameter.updated',
          targetType: 'system_parameter',
          targetId: 'invite_reward_rate',
          detail: { before: original, after: next },
        });
        // Customers see the new rule on their invite screen at once.
        const customer = await registerUser(t);
        const info = await t
          .http()
          .get('/swx/customer/user/getInviteInfo')
          .set({ Authorization: `Bearer ${customer.token}` });
        expect(info.body.result.rule).toMatchObject({ rate: next, source: 'trading_fees', book: 'real' });
        // The rewards the rule paid are listed for any admin.
        const rewards = await t.http().get('/swx/admin/inviteRewards').set(bearer(reviewer));
        expect(rewards.body.code).toBe(200);
        expect(rewards.headers['content-range']).toMatch(/^inviteRewards /);
      } finally {
        await t
          .http()
          .put('/swx/admin/parameters/invite_reward_rate')
          .set(bearer(operator))
          .send({ value: original });
      }
    });
  });
});
