import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { hashSecret } from '@app/common';
import { LedgerService, SystemAccount } from '@app/ledger';
import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser, uniqueName, type RegisteredUser } from '../../support/users';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** A sound baseline JPEG (one grey 8x8 block): uploads are checked by their structure, not only their magic. */
const JPG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQH/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAAAP/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AP//Z',
  'base64',
);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

// The admin endpoints the back-office console needs besides the review actions: customers with
// their balances, admin accounts, the audit trail, one deposit or withdrawal, KYC by level.
describe('admin API for the console', () => {
  let t: TestApp;
  let superAdmin: string;
  let reviewer: string;
  let operator: string;
  let reviewerEmail: string;

  async function adminWithRoles(roles: string): Promise<{ token: string; email: string }> {
    const email = `${uniqueName('adm')}@example.com`;
    const password = 'console-admin-password';
    await t.db.query(`INSERT INTO accounts.admin_users (email, password_hash, roles) VALUES ($1, $2, $3)`, [
      email,
      await hashSecret(password),
      roles,
    ]);
    const res = await t.http().post('/swx/admin/login').send({ email, password });
    return { token: res.body.result.token as string, email };
  }

  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: path.resolve(__dirname, '../../../.data/test/app-data') });
    superAdmin = (
      await t
        .http()
        .post('/swx/admin/login')
        .send({ email: 'admin@example.com', password: 'admin-password-for-tests' })
    ).body.result.token;
    const rev = await adminWithRoles('{reviewer}');
    reviewer = rev.token;
    reviewerEmail = rev.email;
    operator = (await adminWithRoles('{operator}')).token;
  });
  afterAll(async () => {
    await t.close();
  });

  const credit = (user: RegisteredUser, amount: string, book: 'real' | 'demo') =>
    t.app.get(LedgerService).post({
      key: `console-test-${randomUUID()}`,
      reason: 'admin_adjustment',
      legs: [
        {
          from: {
            owner: {
              type: 'system',
              id: book === 'real' ? SystemAccount.External : SystemAccount.DemoFaucet,
            },
            book,
            currency: 'USDT',
            kind: 'main',
          },
          to: { owner: { type: 'user', id: user.id }, book, currency: 'USDT', kind: 'available' },
          amount,
        },
      ],
    });

  describe('GET /swx/admin/users', () => {
    it('lists customers with Content-Range, searches them, and shows one with both books', async () => {
      const user = await registerUser(t);
      await credit(user, '123.45', 'real');

      const found = await t
        .http()
        .get('/swx/admin/users')
        .query({ filter: JSON.stringify({ q: user.username }), range: '[0,9]' })
        .set(bearer(reviewer));
      expect(found.body.code).toBe(200);
      expect(found.headers['content-range']).toBe('users 0-0/1');
      expect(found.body.result).toEqual([
        expect.objectContaining({
          id: user.id,
          username: user.username,
          email: user.email,
          status: 'active',
        }),
      ]);
      expect(found.body.result[0]).not.toHaveProperty('passwordHash');

      const byIds = await t
        .http()
        .get('/swx/admin/users')
        .query({ filter: JSON.stringify({ id: [user.id, 'not-a-uuid'] }) })
        .set(bearer(operator));
      expect(byIds.body.result.map((u: { id: string }) => u.id)).toEqual([user.id]);

      const one = await t.http().get(`/swx/admin/users/${user.id}`).set(bearer(reviewer));
      expect(one.body.code).toBe(200);
      expect(one.body.result.balances.real).toEqual(
        expect.arrayContaining([{ currency: 'USDT', kind: 'available', balance: '123.45' }]),
      );
      expect(Array.isArray(one.body.result.balances.demo)).toBe(true);
      expect(one.body.result.balances.demo.some((b: { balance: string }) => b.balance === '123.45')).toBe(
        false,
      );

      expect((await t.http().get(`/swx/admin/users/${randomUUID()}`).set(bearer(reviewer))).body.code).toBe(
        404,
      );
      expect((await t.http().get('/swx/admin/users/xyz').set(bearer(reviewer))).body.code).toBe(404);
    });

    it('is refused to customers and callers without a session', async () => {
      const user = await registerUser(t);
      expect((await t.http().get('/swx/admin/users')).body.code).toBe(401);
      expect((await t.http().get('/swx/admin/users').set(bearer(user.token))).body.code).toBe(401);
    });
  });

  describe('GET /swx/admin/admins', () => {
    it('shows admin accounts and roles to super-admins only', async () => {
      // Other files add admins to the shared database: ask for these two by id, not the first page.
      const ids = (
        await t.db.query<{ id: string }[]>(`SELECT id FROM accounts.admin_users WHERE email = ANY($1)`, [
          ['admin@example.com', reviewerEmail],
        ])
      ).map((r) => r.id);
      expect(ids).toHaveLength(2);
      const list = await t
        .http()
        .get('/swx/admin/admins')
        .query({ filter: JSON.stringify({ id: ids }) })
        .set(bearer(superAdmin));
      expect(list.body.code).toBe(200);
      expect(list.body.result).toHaveLength(2);
      expect(list.headers['content-range']).toMatch(/^admins 0-\d+\/\d+$/);
      expect(list.body.result).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ email: 'admin@example.com', roles: ['super_admin'], active: true }),
          expect.objectContaining({ email: reviewerEmail, roles: ['reviewer'] }),
        ]),
      );
      expect(JSON.stringify(list.body.result)).not.toMatch(/password/i);
      expect((await t.http().get('/swx/admin/admins').set(bearer(reviewer))).body.code).toBe(403);
      expect((await t.http().get('/swx/admin/admins').set(bearer(operator))).body.code).toBe(403);
    });
  });

  describe('deposits, withdrawals and KYC for the review screens', () => {
    it('answers one deposit and one withdrawal by id, and the audit trail shows the decisions', async () => {
      const user = await registerUser(t);
      const txHash = `0x${randomUUID().replace(/-/g, '')}${randomUUID().replace(/-/g, '')}`;
      const made = await t
        .http()
        .post('/swx/customer/user/recharge')
        .set({ ...bearer(user.token), virtually: 'YES' })
        .field('coin', 'USDT')
        .field('network', 'TRC20')
        .field('amount', '150')
        .field('txHash', txHash)
        .field('last6', txHash.slice(-6))
        .attach('voucher', PNG, 'voucher.png');
      expect(made.body.code).toBe(20002);
      const id = made.body.result.id as string;

      const one = await t.http().get(`/swx/admin/recharges/${id}`).set(bearer(reviewer));
      expect(one.body.result).toMatchObject({
        id,
        userId: user.id,
        amount: '150',
        txHash,
        status: 'pending',
      });
      expect((await t.http().get('/swx/admin/recharges/99999999999').set(bearer(reviewer))).body.code).toBe(
        404,
      );
      expect((await t.http().get(`/swx/admin/recharges/${id}`).set(bearer(operator))).body.code).toBe(403);

      const rejected = await t
        .http()
        .post(`/swx/admin/recharges/${id}/reject`)
        .set(bearer(reviewer))
        .send({ reason: 'voucher unreadable' });
      expect(rejected.body.code).toBe(200);

      const audit = await t
        .http()
        .get('/swx/admin/audit')
        .query({ filter: JSON.stringify({ targetType: 'recharge', targetId: id }) })
        .set(bearer(operator));
      expect(audit.body.code).toBe(200);
      expect(audit.headers['content-range']).toBe('audit 0-0/1');
      expect(audit.body.result[0]).toMatchObject({
        action: 'recharge.rejected',
        adminEmail: reviewerEmail,
        targetId: id,
        detail: { reason: 'voucher unreadable' },
      });

      expect((await t.http().get('/swx/admin/withdrawals/99999999999').set(bearer(reviewer))).body.code).toBe(
        404,
      );
      const rows: { id: string }[] = await t.db.query(
        `INSERT INTO funds.withdrawals (user_id, method, coin, network, address, amount, fee, status)
         VALUES ($1, 'crypto', 'USDT', 'TRC20', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', 10, 1, 'rejected') RETURNING id`,
        [user.id],
      );
      const w = await t.http().get(`/swx/admin/withdrawals/${rows[0].id}`).set(bearer(reviewer));
      expect(w.body.result).toMatchObject({
        id: rows[0].id,
        userId: user.id,
        address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
        amount: '10',
        fee: '1',
      });
    });

    it('filters KYC by level', async () => {
      const user = await registerUser(t);
      const req = t.http().post('/swx/customer/user/identification').set(bearer(user.token));
      const fields = {
        firstName: 'Ada',
        lastName: 'Lovelace',
        sex: 'female',
        birthdate: '1990-12-10',
        country: 'GB',
        address: '12 St James Square, London',
        phone: '+447700900123',
        documentType: 'id_card',
        documentNumber: 'AB123456',
      };
      for (const [k, v] of Object.entries(fields)) void req.field(k, v);
      for (const [k, v] of Object.entries({ front: JPG, back: JPG, inHand: JPG, signature: PNG }))
        void req.attach(k, v, `${k}.bin`);
      expect((await req).body.code).not.toBe(400);
      const list = (level: string) =>
        t
          .http()
          .get('/swx/admin/kyc')
          .query({ filter: JSON.stringify({ userId: user.id, level }) })
          .set(bearer(reviewer));
      expect((await list('basic')).body.result).toEqual([
        expect.objectContaining({ userId: user.id, level: 'basic', status: 'pending' }),
      ]);
      expect((await list('advanced')).body.result).toEqual([]);
    });
  });

  it('the audit trail needs an admin session and refuses bad sorts', async () => {
    expect((await t.http().get('/swx/admin/audit')).body.code).toBe(401);
    const bad = await t
      .http()
      .get('/swx/admin/audit')
      .query({ sort: '["detail","ASC"]' })
      .set(bearer(reviewer));
    expect(bad.body.code).toBe(400);
    const logins = await t
      .http()
      .get('/swx/admin/audit')
      .query({ filter: JSON.stringify({ action: 'admin.login' }), range: '[0,4]' })
      .set(bearer(reviewer));
    expect(logins.body.result.length).toBeGreaterThan(0);
    expect(logins.body.result.every((r: { action: string }) => r.action === 'admin.login')).toBe(true);
  });
});
