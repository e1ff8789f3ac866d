import { createTestApp, type TestApp } from '../../support/test-app';
import { auditActions, bearer, contentCallers } from './content-admin';

interface CustomerLevel {
  level: number;
  name: string;
  minDeposit: { amount: string; currency: string };
  minVolume: { amount: string; currency: string };
  feeDiscount: string;
  benefits: string;
}

describe('VIP levels', () => {
  let t: TestApp;
  let callers: Awaited<ReturnType<typeof contentCallers>>;
  beforeAll(async () => {
    t = await createTestApp();
    callers = await contentCallers(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const levels = async (headers: Record<string, string> = {}) =>
    (await t.http().get('/swx/customer/index/listLevel').set(headers)).body.result as CustomerLevel[];
  const valid = {
    level: 6,
    name: 'VIP 6',
    minDeposit: '5000000',
    minVolume: '250000000',
    feeDiscount: '0.4',
    benefits: { en: '40% off trading fees.', de: '40 % Rabatt auf Handelsgebühren.' },
  };

  describe('GET /swx/customer/index/listLevel', () => {
    it('lists levels 0-5 in order with USDT thresholds as decimal strings', async () => {
      const list = await levels();
      expect(list.map((l) => l.level)).toEqual([0, 1, 2, 3, 4, 5]);
      expect(list[1]).toEqual({
        level: 1,
        name: 'VIP 1',
        minDeposit: { amount: '1000', currency: 'USDT' },
        minVolume: { amount: '50000', currency: 'USDT' },
        feeDiscount: '0.05',
        benefits: '5% off trading fees and priority support.',
      });
      const deposits = list.map((l) => Number(l.minDeposit.amount));
      expect(deposits).toEqual([...deposits].sort((a, b) => a - b));
    });

    it('answers the benefits in the request language', async () => {
      expect((await levels({ lang: 'de' }))[1].benefits).toBe(
        '5 % Rabatt auf Handelsgebühren und bevorzugter Support.',
      );
      expect((await levels({ 'Accept-Language': 'ar' }))[0].benefits).toBe(
        'رسوم قياسية وحساب تجريبي ودعم عبر الإنترنت.',
      );
    });
  });

  describe('/swx/admin/levels', () => {
    it('answers 401 to customers and 403 to an admin without the operator role', async () => {
      expect((await t.http().get('/swx/admin/levels').set(bearer(callers.customer))).body.code).toBe(401);
      expect((await t.http().get('/swx/admin/levels').set(bearer(callers.reviewer))).body.code).toBe(403);
      const denied = await t.http().post('/swx/admin/levels').set(bearer(callers.reviewer)).send(valid);
      expect(denied.body.code).toBe(403);
    });

    it('validates bodies and ids', async () => {
      const post = (body: object) =>
        t.http().post('/swx/admin/levels').set(bearer(callers.operator)).send(body);
      for (const bad of [
        {},
        { ...valid, level: -1 },
        { ...valid, level: 1.5 },
        { ...valid, minDeposit: '-1' },
        { ...valid, minDeposit: 100 },
        { ...valid, minVolume: '1e9' },
        { ...valid, feeDiscount: '1.5' },
        { ...valid, benefits: { de: 'ohne Englisch' } },
        { ...valid, benefits: { en: 'x', pt: 'y' } },
        { ...valid, benefits: 'text' },
      ]) {
        expect((await post(bad)).body.code).toBe(400);
      }
      expect((await t.http().get('/swx/admin/levels/abc').set(bearer(callers.operator))).body.code).toBe(400);
      expect((await t.http().get('/swx/admin/levels/77').set(bearer(callers.operator))).body.code).toBe(404);
      expect((await levels()).map((l) => l.level)).toEqual([0, 1, 2, 3, 4, 5]);
    });

    it('lists with Content-Range, ids being the level numbers', async () => {
      const res = await t
        .http()
        .get('/swx/admin/levels')
        .query({ range: '[0,2]', sort: '["minDeposit","DESC"]' })
        .set(bearer(callers.operator));
      expect(res.headers['content-range']).toBe('levels 0-2/6');
      expect((res.body.result as { id: number; level: number }[]).map((l) => [l.id, l.level])).toEqual([
        [5, 5],
        [4, 4],
        [3, 3],
      ]);
    });

    it('creates, refuses a duplicate, updates with the echoed record and deletes, auditing every write', async () => {
      const created = await t.http().post('/swx/admin/levels').set(bearer(callers.operator)).send(valid);
      expect(created.body.code).toBe(200);
      expect(created.body.result).toMatchObject({
        id: 6,
        level: 6,
        minDeposit: '5000000',
        feeDiscount: '0.4',
      });
      expect((await levels({ lang: 'de' }))[6]).toMatchObject({
        level: 6,
        benefits: '40 % Rabatt auf Handelsgebühren.',
      });
      // A language without its own text gets the English one.
      expect((await levels({ lang: 'th' }))[6].benefits).toBe('40% off trading fees.');

      const duplicate = await t.http().post('/swx/admin/levels').set(bearer(callers.operator)).send(valid);
      expect(duplicate.body.code).toBe(409);

      const updated = await t
        .http()
        .put('/swx/admin/levels/6')
        .set(bearer(callers.operator))
        .send({ ...created.body.result, minDeposit: '4000000.5', name: 'VIP 6+' });
      expect(updated.body.result).toMatchObject({ id: 6, name: 'VIP 6+', minDeposit: '4000000.5' });
      expect((await levels())[6].minDeposit).toEqual({ amount: '4000000.5', currency: 'USDT' });

      const deleted = await t.http().delete('/swx/admin/levels/6').set(bearer(callers.operator));
      expect(deleted.body.result).toMatchObject({ id: 6, name: 'VIP 6+' });
      expect((await levels()).map((l) => l.level)).toEqual([0, 1, 2, 3, 4, 5]);

      await expect(auditActions(t, 'level', '6')).resolves.toEqual([
        'level.created',
        'level.updated',
        'level.deleted',
      ]);
      const detail: { detail: Record<string, unknown> }[] = await t.db.query(
        `SELECT detail FROM accounts.admin_audit WHERE target_type = 'level' AND action = 'level.updated'`,
      );
      expect(detail[0].detail).toMatchObject({ minDeposit: { before: '5000000', after: '4000000.5' } });
    });
  });
});
