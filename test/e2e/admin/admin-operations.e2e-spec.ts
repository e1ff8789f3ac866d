import { hashSecret } from '@app/common';
import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser, uniqueName } from '../../support/users';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

// The operations the console adds: freezing a customer, editing loan products; and the roles the
// API enforces on every /swx/admin endpoint (the console only hides menus, the API refuses).
describe('admin operations and roles', () => {
  let t: TestApp;
  let superAdmin: string;
  let reviewer: string;
  let operator: string;

  async function adminWithRoles(roles: string): Promise<string> {
    const email = `${uniqueName('adm')}@example.com`;
    const password = 'console-admin-password';
    await t.db.query(`INSERT INTO accounts.admin_users (email, password_hash, roles) VALUES ($1, $2, $3)`, [
      email,
      await hashSecret(password),
      roles,
    ]);
    return (await t.http().post('/swx/admin/login').send({ email, password })).body.result.token as string;
  }

  beforeAll(async () => {
    t = await createTestApp();
    superAdmin = (
      await t
        .http()
        .post('/swx/admin/login')
        .send({ email: 'admin@example.com', password: 'admin-password-for-tests' })
    ).body.result.token;
    reviewer = await adminWithRoles('{reviewer}');
    operator = await adminWithRoles('{operator}');
  });
  afterAll(async () => {
    await t.close();
  });

  describe('freezing a customer', () => {
    it('freezes with a reason: sessions end, sign-in is refused; unfreezing lets the user back', async () => {
      const user = await registerUser(t);
      const before = await t.http().post('/swx/customer/user/getUserInfo').set(bearer(user.token));
      expect(before.body.code).toBe(200);

      const noReason = await t
        .http()
        .post(`/swx/admin/users/${user.id}/freeze`)
        .set(bearer(operator))
        .send({ reason: ' ' });
      expect(noReason.body.code).toBe(400);

      const frozen = await t
        .http()
        .post(`/swx/admin/users/${user.id}/freeze`)
        .set(bearer(operator))
        .send({ reason: 'Chargeback investigation' });
      expect(frozen.body).toMatchObject({ code: 200, result: { id: user.id, status: 'frozen' } });
      // Twice is the same: no second audit entry.
      const again = await t
        .http()
        .post(`/swx/admin/users/${user.id}/freeze`)
        .set(bearer(operator))
        .send({ reason: 'Chargeback investigation' });
      expect(again.body.result.status).toBe('frozen');

      expect((await t.http().post('/swx/customer/user/getUserInfo').set(bearer(user.token))).body.code).toBe(
        401,
      );
      const login = await t
        .http()
        .post('/swx/customer/login/login')
        .send({ account: user.email, password: user.password });
      expect(login.body.code).toBe(10005);
      const shown = await t.http().get(`/swx/admin/users/${user.id}`).set(bearer(reviewer));
      expect(shown.body.result.status).toBe('frozen');

      const unfrozen = await t
        .http()
        .post(`/swx/admin/users/${user.id}/unfreeze`)
        .set(bearer(superAdmin))
        .send({ reason: 'Cleared by compliance' });
      expect(unfrozen.body.result.status).toBe('active');
      const relogin = await t
        .http()
        .post('/swx/customer/login/login')
        .send({ account: user.email, password: user.password });
      expect(relogin.body.code).toBe(200);

      const audit = await t
        .http()
        .get('/swx/admin/audit')
        .query({ filter: JSON.stringify({ targetId: user.id }) })
        .set(bearer(superAdmin));
      const actions = (audit.body.result as { action: string; detail: Record<string, unknown> }[]).map(
        (a) => a.action,
      );
      expect(actions.filter((a) => a === 'user.frozen')).toHaveLength(1);
      expect(actions).toContain('user.unfrozen');
      const entry = (audit.body.result as { action: string; detail: Record<string, unknown> }[]).find(
        (a) => a.action === 'user.frozen',
      );
      expect(entry?.detail).toEqual({
        reason: 'Chargeback investigation',
        before: { status: 'active' },
        after: { status: 'frozen' },
      });
    });

    it('is for operators: a reviewer is refused, unknown users are 404', async () => {
      const user = await registerUser(t);
      const res = await t
        .http()
        .post(`/swx/admin/users/${user.id}/freeze`)
        .set(bearer(reviewer))
        .send({ reason: 'not mine to do' });
      expect(res.body.code).toBe(403);
      expect(
        (
          await t
            .http()
            .post('/swx/admin/users/00000000-0000-4000-8000-000000000000/freeze')
            .set(bearer(operator))
            .send({ reason: 'nobody' })
        ).body.code,
      ).toBe(404);
      expect(
        (
          await t
            .http()
            .post(`/swx/admin/users/${user.id}/unfreeze`)
            .set(bearer(operator))
            .send({ reason: 'was never frozen' })
        ).body.result.status,
      ).toBe('active');
    });
  });

  describe('loan products', () => {
    it('lists, creates and edits them (audited); users see the active ones', async () => {
      const list = await t.http().get('/swx/admin/loanProducts').set(bearer(operator));
      expect(list.body.code).toBe(200);
      expect(list.headers['content-range']).toMatch(/^loanProducts 0-\d+\/\d+$/);
      // A term no other test uses.
      const termDays = 1000 + Math.floor(Math.random() * 2000);
      const created = await t
        .http()
        .post('/swx/admin/loanProducts')
        .set(bearer(operator))
        .send({ termDays, dailyRate: '0.03', minAmount: '100', maxAmount: '1000', active: false });
      expect(created.body).toMatchObject({
        code: 200,
        result: { termDays, dailyRate: '0.03', minAmount: '100', maxAmount: '1000', active: false },
      });
      const id = created.body.result.id as number;
      const duplicate = await t
        .http()
        .post('/swx/admin/loanProducts')
        .set(bearer(operator))
        .send({ termDays, dailyRate: '0.03', minAmount: '100', maxAmount: '1000' });
      expect(duplicate.body.code).toBe(400);
      const inverted = await t
        .http()
        .put(`/swx/admin/loanProducts/${id}`)
        .set(bearer(operator))
        .send({ minAmount: '5000' });
      expect(inverted.body.code).toBe(400);

      const hidden = await t.http().get('/swx/customer/user/listLoanProducts');
      expect(JSON.stringify(hidden.body.result)).not.toContain(`"termDays":${termDays}`);
      const edited = await t
        .http()
        .put(`/swx/admin/loanProducts/${id}`)
        .set(bearer(operator))
        .send({ id, dailyRate: '0.025', active: true });
      expect(edited.body.result).toMatchObject({ id, dailyRate: '0.025', active: true });
      const shown = await t.http().get('/swx/customer/user/listLoanProducts');
      expect(JSON.stringify(shown.body.result)).toContain(`"termDays":${termDays}`);
      await t.http().put(`/swx/admin/loanProducts/${id}`).set(bearer(operator)).send({ active: false });

      const audit = await t
        .http()
        .get('/swx/admin/audit')
        .query({ filter: JSON.stringify({ targetType: 'loan_product', targetId: String(id) }) })
        .set(bearer(superAdmin));
      const entries = audit.body.result as { action: string; detail: { before?: { dailyRate: string } } }[];
      expect(entries.map((e) => e.action)).toEqual([
        'loan_product.updated',
        'loan_product.updated',
        'loan_product.created',
      ]);
      expect(entries[1].detail.before?.dailyRate).toBe('0.03');
      expect((await t.http().get('/swx/admin/loanProducts').set(bearer(reviewer))).body.code).toBe(403);
    });
  });

  describe('roles on every admin endpoint', () => {
    // [method, path, who may] — reviewer (R), operator (O); super-admins may everything.
    const matrix: [string, string, string][] = [
      ['get', '/swx/admin/recharges', 'R'],
      ['get', '/swx/admin/withdrawals', 'R'],
      ['get', '/swx/admin/kyc', 'R'],
      ['get', '/swx/admin/loans', 'R'],
      ['get', '/swx/admin/users', 'RO'],
      ['get', '/swx/admin/plans', 'RO'],
      ['get', '/swx/admin/u-orders', 'RO'],
      ['get', '/swx/admin/options-orders', 'RO'],
      ['get', '/swx/admin/spot-orders', 'RO'],
      ['get', '/swx/admin/audit', 'RO'],
      ['get', '/swx/admin/outbox', ''],
      ['get', '/swx/admin/support/conversations', 'RO'],
      ['get', '/swx/admin/parameters', 'O'],
      ['get', '/swx/admin/contents', 'O'],
      ['get', '/swx/admin/announcements', 'O'],
      ['get', '/swx/admin/levels', 'O'],
      ['get', '/swx/admin/coinNetworks', 'O'],
      ['get', '/swx/admin/planProducts', 'O'],
      ['get', '/swx/admin/options-products', 'O'],
      ['get', '/swx/admin/loanProducts', 'O'],
      ['get', '/swx/admin/nfts', 'O'],
      ['get', '/swx/admin/charities', 'O'],
      ['put', '/swx/admin/parameters/upload_max_mb', 'O'],
      ['post', '/swx/admin/planProducts', 'O'],
      ['get', '/swx/admin/admins', ''],
    ];

    it.each(matrix)(
      '%s %s is open to %p (and super-admins), refused to the others',
      async (method, path, who) => {
        for (const [role, token] of [
          ['R', reviewer],
          ['O', operator],
        ] as const) {
          const req =
            method === 'get' ? t.http().get(path) : t.http()[method as 'post' | 'put'](path).send({});
          const res = await req.set(bearer(token));
          if (who.includes(role)) expect([path, role, res.body.code]).not.toEqual([path, role, 403]);
          else expect([path, role, res.body.code]).toEqual([path, role, 403]);
        }
        if (method === 'get') {
          expect((await t.http().get(path).set(bearer(superAdmin))).body.code).toBe(200);
        }
        expect((await t.http().get(path)).body.code).toBe(401);
      },
    );
  });
});
