import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser, uniqueName } from '../../support/users';

describe('admin foundation /swx/admin', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    const res = await t
      .http()
      .post('/swx/admin/login')
      .send({ email: 'admin@example.com', password: 'admin-password-for-tests' });
    token = res.body.result.token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('POST login: wrong password and unknown admin both 10004 (no enumeration), and the login is audited', async () => {
    expect(
      (
        await t
          .http()
          .post('/swx/admin/login')
          .send({ email: 'admin@example.com', password: 'nope nope nope' })
      ).body.code,
    ).toBe(10004);
    expect(
      (
        await t
          .http()
          .post('/swx/admin/login')
          .send({ email: 'nobody@example.com', password: 'nope nope nope' })
      ).body.code,
    ).toBe(10004);
    const me = await t.http().get('/swx/admin/me').set('Authorization', `Bearer ${token}`);
    expect(me.body.result.roles).toEqual(['super_admin']);
    const audit = await t.db.query(
      `SELECT action FROM accounts.admin_audit WHERE action LIKE 'admin.login%'`,
    );
    expect(audit.map((a: { action: string }) => a.action)).toEqual(
      expect.arrayContaining(['admin.login', 'admin.login_failed']),
    );
  });

  it('GET outbox: 401 for customers, newest first with Content-Range, filter and range', async () => {
    const user = await registerUser(t);
    expect(
      (await t.http().get('/swx/admin/outbox').set('Authorization', `Bearer ${user.token}`)).body.code,
    ).toBe(401);
    const email = `${uniqueName()}@example.com`;
    await t
      .http()
      .post('/swx/customer/login/sendCode')
      .send({ type: 'email', account: email, scene: 'register' });
    const res = await t
      .http()
      .get('/swx/admin/outbox')
      .query({ filter: JSON.stringify({ recipient: email }), range: '[0,9]', sort: '["id","DESC"]' })
      .set('Authorization', `Bearer ${token}`);
    expect(res.body.code).toBe(200);
    expect(res.body.result).toHaveLength(1);
    expect(res.body.result[0]).toMatchObject({
      channel: 'email',
      recipient: email,
      body: expect.stringMatching(/\b\d{6}\b/),
    });
    expect(res.headers['content-range']).toBe('outbox 0-0/1');
    const all = await t
      .http()
      .get('/swx/admin/outbox')
      .query({ range: '[0,1]' })
      .set('Authorization', `Bearer ${token}`);
    expect(all.body.result).toHaveLength(2);
    expect(Number(all.body.result[0].id)).toBeGreaterThan(Number(all.body.result[1].id));
    const bad = await t
      .http()
      .get('/swx/admin/outbox')
      .query({ sort: '["body; drop","ASC"]' })
      .set('Authorization', `Bearer ${token}`);
    expect(bad.body.code).toBe(400);
    // The outbox holds live one-time codes: each reading is in the audit log, with what it showed.
    const audit = await t
      .http()
      .get('/swx/admin/audit')
      .query({ filter: JSON.stringify({ action: 'outbox.read' }), range: '[0,9]' })
      .set('Authorization', `Bearer ${token}`);
    const reads = audit.body.result as { detail: { filter: object; ids: string[] } }[];
    expect(reads.length).toBeGreaterThanOrEqual(2);
    expect(reads.map((r) => r.detail)).toContainEqual(
      expect.objectContaining({ filter: { recipient: email }, ids: [String(res.body.result[0].id)] }),
    );
  });

  it('unknown routes answer 404 in the envelope', async () => {
    const res = await t.http().get('/swx/customer/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 404, result: null });
  });
});
