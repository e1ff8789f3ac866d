import { hashSecret } from '@app/common';
import { createTestApp, type TestApp } from '../../support/test-app';
import { uniqueName } from '../../support/users';

// A product whose minimum amount is above its maximum is refused on the field that makes it so, with
// a message saying why (the generic "is not valid" did not), in the admin's language: loan
// products, smart and mining plan products, options products, on create and on edit. The amount is
// written the admin's way ('5,000').
describe('admin products: minimum above maximum', () => {
  let t: TestApp;
  let operator: string;

  beforeAll(async () => {
    t = await createTestApp({ MARKET_SOURCES: 'none' });
    const email = `${uniqueName('ranges')}@example.com`;
    const password = 'product-ranges-admin-password';
    await t.db.query(`INSERT INTO accounts.admin_users (email, password_hash, roles) VALUES ($1, $2, $3)`, [
      email,
      await hashSecret(password),
      '{operator}',
    ]);
    operator = (await t.http().post('/swx/admin/login').send({ email, password })).body.result.token;
  });
  afterAll(async () => {
    await t.close();
  });

  // One loan product per term (1 to 3650 days): terms no other test uses (they take 1000 to 2999).
  let nextTerm = 3100 + Math.floor(Math.random() * 400);
  const as = (lang: string) => ({ Authorization: `Bearer ${operator}`, lang });

  const products: [string, string, () => Record<string, unknown>][] = [
    [
      'loan product',
      '/swx/admin/loanProducts',
      () => ({ termDays: nextTerm++, dailyRate: '0.03', active: false }),
    ],
    [
      'smart plan product',
      '/swx/admin/planProducts',
      () => ({
        kind: 'smart',
        name: 'Range test',
        currency: 'USDT',
        dailyYield: '0.01',
        cycles: [7],
        allowRepeat: true,
        active: false,
      }),
    ],
    [
      'mining plan product',
      '/swx/admin/planProducts',
      () => ({
        kind: 'mining',
        name: 'Range test',
        currency: 'USDT',
        dailyYield: '0.01',
        cycles: [30],
        allowRepeat: false,
        active: false,
      }),
    ],
    [
      'options product',
      '/swx/admin/options-products',
      () => ({ name: 'Range test', periodSeconds: 60, payoutRate: '0.8', active: false }),
    ],
  ];

  it.each(products)(
    '%s: refused on create, naming maxAmount and why, in the language asked for',
    async (_, path, base) => {
      const res = await t
        .http()
        .post(path)
        .set(as('en'))
        .send({ ...base(), minAmount: '5000', maxAmount: '1000' });
      expect(res.body).toEqual({
        code: 400,
        result: [{ field: 'maxAmount', message: 'The maximum must not be below the minimum (5,000)' }],
        message: expect.any(String),
      });
      const zh = await t
        .http()
        .post(path)
        .set(as('zh'))
        .send({ ...base(), minAmount: '5000', maxAmount: '1000' });
      expect(zh.body.result).toEqual([{ field: 'maxAmount', message: '最大值不能低于最小值（5,000）' }]);
      const ar = await t
        .http()
        .post(path)
        .set(as('ar'))
        .send({ ...base(), minAmount: '5000', maxAmount: '1000' });
      expect(ar.body.result).toEqual([
        { field: 'maxAmount', message: 'يجب ألا يكون الحد الأقصى أقل من الحد الأدنى (5,000)' },
      ]);

      // Equal ends are a fixed amount: accepted.
      const equal = await t
        .http()
        .post(path)
        .set(as('en'))
        .send({ ...base(), minAmount: '1000', maxAmount: '1000' });
      expect(equal.body.code).toBe(200);
    },
  );

  it.each(products)(
    '%s: refused on edit, naming the field the edit changed, and nothing is saved',
    async (_, path, base) => {
      const created = await t
        .http()
        .post(path)
        .set(as('en'))
        .send({ ...base(), minAmount: '100', maxAmount: '1000' });
      expect(created.body.code).toBe(200);
      const id = created.body.result.id as number;

      const raisedMin = await t.http().put(`${path}/${id}`).set(as('en')).send({ minAmount: '5000' });
      expect(raisedMin.body).toMatchObject({
        code: 400,
        result: [{ field: 'minAmount', message: 'The minimum must not be above the maximum (1,000)' }],
      });
      const loweredMax = await t.http().put(`${path}/${id}`).set(as('de')).send({ maxAmount: '50' });
      expect(loweredMax.body).toMatchObject({
        code: 400,
        result: [
          { field: 'maxAmount', message: 'Der Höchstwert darf nicht unter dem Mindestwert (100) liegen' },
        ],
      });
      const both = await t
        .http()
        .put(`${path}/${id}`)
        .set(as('en'))
        .send({ minAmount: '900', maxAmount: '800.5' });
      expect(both.body).toMatchObject({
        code: 400,
        result: [{ field: 'maxAmount', message: 'The maximum must not be below the minimum (900)' }],
      });

      const kept = await t.http().get(`${path}/${id}`).set(as('en'));
      expect(kept.body.result).toMatchObject({ minAmount: '100', maxAmount: '1000' });
    },
  );
});
