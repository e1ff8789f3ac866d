import { randomUUID } from 'node:crypto';
import { LedgerService, SystemAccount } from '@app/ledger';
import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser } from '../../support/users';

describe('admin: plan products and plans', () => {
  let t: TestApp;
  let admin: { Authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    const login = await t
      .http()
      .post('/swx/admin/login')
      .send({ email: 'admin@example.com', password: 'admin-password-for-tests' });
    admin = { Authorization: `Bearer ${login.body.result.token}` };
  });
  afterAll(async () => {
    await t.close();
  });

  const product = {
    kind: 'smart',
    name: `Test plan ${randomUUID().slice(0, 8)}`,
    currency: 'USDT',
    dailyYield: '0.015',
    minAmount: '50',
    maxAmount: '5000',
    cycles: [30, 7, 7],
    allowRepeat: false,
  };

  it('creates, edits and deactivates a product; customers see only active ones; every change audited', async () => {
    const created = await t.http().post('/swx/admin/planProducts').set(admin).send(product);
    expect(created.body.code).toBe(200);
    expect(created.body.result).toMatchObject({ name: product.name, cycles: [7, 30], active: true });
    const id = created.body.result.id as number;

    const shop = async () =>
      ((await t.http().get('/swx/customer/order/listSmartProducts')).body.result as { id: number }[]).map(
        (p) => p.id,
      );
    expect(await shop()).toContain(id);

    const user = await registerUser(t);
    await t.app.get(LedgerService).post({
      key: `fund-${randomUUID()}`,
      reason: 'deposit',
      legs: [
        {
          from: {
            owner: { type: 'system', id: SystemAccount.External },
            book: 'real',
            currency: 'USDT',
            kind: 'main',
          },
          to: { owner: { type: 'user', id: user.id }, book: 'real', currency: 'USDT', kind: 'available' },
          amount: '100',
        },
      ],
    });
    const bought = await t
      .http()
      .post('/swx/customer/order/buySmart')
      .set({ Authorization: `Bearer ${user.token}`, virtually: 'YES' })
      .send({ productId: id, amount: '60', days: 7 });
    expect(bought.body.code).toBe(20004);

    const edited = await t
      .http()
      .put(`/swx/admin/planProducts/${id}`)
      .set(admin)
      .send({ id, dailyYield: '0.02', active: false });
    expect(edited.body.result).toMatchObject({ dailyYield: '0.02', active: false });
    expect(await shop()).not.toContain(id);

    // The plan already bought keeps the yield it was sold with.
    const plans = await t
      .http()
      .get('/swx/admin/plans')
      .query({ filter: JSON.stringify({ userId: user.id }) })
      .set(admin);
    expect(plans.headers['content-range']).toBe('plans 0-0/1');
    expect(plans.body.result[0]).toMatchObject({ userId: user.id, kind: 'smart', amount: '60' });
    expect(plans.body.result[0].dailyYield).toBe('0.015');

    const audits: { action: string }[] = await t.db.query(
      `SELECT action FROM accounts.admin_audit WHERE target_type = 'planProduct' AND target_id = $1 ORDER BY id`,
      [String(id)],
    );
    expect(audits.map((a) => a.action)).toEqual(['planProduct.create', 'planProduct.update']);

    const list = await t
      .http()
      .get('/swx/admin/planProducts')
      .query({ filter: JSON.stringify({ kind: 'smart' }), range: '[0,99]' })
      .set(admin);
    expect((list.body.result as { id: number }[]).map((p) => p.id)).toContain(id);
  });

  it("names a product in the user's language: the seeded ones, and translations an operator gives", async () => {
    const names = async (lang: string) =>
      (
        (await t.http().get('/swx/customer/order/listMiningProducts').set('lang', lang)).body.result as {
          name: string;
        }[]
      ).map((p) => p.name);
    expect(await names('en')).toContain('BTC mining pool');
    expect(await names('de')).toContain('BTC-Mining-Pool');
    expect(await names('ar')).toContain('مجمع تعدين BTC');
    const created = await t
      .http()
      .post('/swx/admin/planProducts')
      .set(admin)
      .send({ ...product, name: `Named ${randomUUID().slice(0, 8)}`, names: { ja: 'テストプラン' } });
    expect(created.body.result.names).toEqual({ ja: 'テストプラン' });
    const id = created.body.result.id as number;
    const smart = async (lang: string) =>
      (
        (await t.http().get('/swx/customer/order/listSmartProducts').set('lang', lang)).body.result as {
          id: number;
          name: string;
        }[]
      ).find((p) => p.id === id)?.name;
    expect(await smart('ja')).toBe('テストプラン');
    // Without a translation: the English name.
    expect(await smart('fr')).toBe(created.body.result.name);
    for (const bad of [{ xx: 'nope' }, { de: '' }, ['de'], 'Name']) {
      const res = await t.http().put(`/swx/admin/planProducts/${id}`).set(admin).send({ names: bad });
      expect(res.body).toMatchObject({ code: 400, result: [{ field: 'names' }] });
    }
    await t.http().put(`/swx/admin/planProducts/${id}`).set(admin).send({ active: false });
  });

  it('refuses bad products field by field, and customers', async () => {
    const cases: [object, string][] = [
      [{ ...product, minAmount: '6000' }, 'maxAmount'],
      [{ ...product, cycles: [] }, 'cycles'],
      [{ ...product, kind: 'lottery' }, 'kind'],
      [{ ...product, dailyYield: '-1' }, 'dailyYield'],
      // Past the table's own checks (a 500 before they were told on the field)
      [{ ...product, dailyYield: '75' }, 'dailyYield'],
      [{ ...product, dailyYield: '0' }, 'dailyYield'],
      [{ ...product, minAmount: '0' }, 'minAmount'],
      [{ ...product, name: '' }, 'name'],
    ];
    for (const [body, field] of cases) {
      const res = await t.http().post('/swx/admin/planProducts').set(admin).send(body);
      expect(res.body.code).toBe(400);
      expect(JSON.stringify(res.body.result)).toContain(field);
    }
    const user = await registerUser(t);
    const denied = await t
      .http()
      .post('/swx/admin/planProducts')
      .set({ Authorization: `Bearer ${user.token}` })
      .send(product);
    expect([401, 403]).toContain(denied.body.code);
    const yieldTooHigh = await t
      .http()
      .post('/swx/admin/planProducts')
      .set(admin)
      .send({ ...product, dailyYield: '1' });
    expect(yieldTooHigh.body.result).toEqual([
      {
        field: 'dailyYield',
        message: 'The daily yield must be above 0 and below 1 (a share: 0.012 is 1.2% a day)',
      },
    ]);
    const missing = await t.http().put('/swx/admin/planProducts/999999').set(admin).send({ name: 'x' });
    expect(missing.body.code).toBe(404);
  });
});
