import { hashSecret } from '@app/common';
import { createTestApp, type TestApp } from '../../support/test-app';
import { uniqueName } from '../../support/users';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}`, lang: 'en' });
const ADMINS = '/swx/admin/admins';

// Issue 13, item 1: super-admins manage admin accounts (create with a one-time password, change
// roles, disable and enable with a reason, reset a password); reviewers and operators get 403;
// every change is audited.
describe('admin accounts managed by super-admins', () => {
  let t: TestApp;
  let superToken: string;
  let reviewerToken: string;
  let operatorToken: string;

  const login = (email: string, password: string) =>
    t.http().post('/swx/admin/login').set('lang', 'en').send({ email, password });
  const tokenOf = async (email: string, password: string) => {
    const res = await login(email, password);
    expect(res.body).toMatchObject({ code: 200 });
    return res.body.result.token as string;
  };
  const newEmail = (prefix: string) => `${uniqueName(prefix)}@example.com`;

  /** Through the API: answers the account and the generated one-time password. */
  async function create(roles: string[], token = superToken) {
    const email = newEmail('mgmt');
    const res = await t
      .http()
      .post(ADMINS)
      .set(bearer(token))
      .send({ email, displayName: `Test ${email}`, roles });
    expect(res.body).toMatchObject({ code: 200 });
    return { id: res.body.result.id as string, email, password: res.body.result.password as string };
  }

  /**
   * A super-admin written straight into the database: through the API, the role waits for a second
   * super-admin's approval once two are active (admin-role-grants.e2e-spec.ts).
   */
  async function insertedSuperAdmin() {
    const email = newEmail('mgmt-super');
    const password = 'admin-users-management-password';
    const [row] = await t.db.query<{ id: string }[]>(
      `INSERT INTO accounts.admin_users (email, password_hash, roles) VALUES ($1, $2, '{super_admin}') RETURNING id`,
      [email, await hashSecret(password)],
    );
    return { id: row.id, email, password };
  }

  async function insertedAdmin(roles: string) {
    const email = newEmail('mgmt-db');
    const password = 'admin-users-management-password';
    await t.db.query(`INSERT INTO accounts.admin_users (email, password_hash, roles) VALUES ($1, $2, $3)`, [
      email,
      await hashSecret(password),
      roles,
    ]);
    return tokenOf(email, password);
  }

  const auditOf = async (id: string) => {
    const res = await t
      .http()
      .get('/swx/admin/audit')
      .query({ filter: JSON.stringify({ targetId: id }), sort: JSON.stringify(['id', 'ASC']) })
      .set(bearer(superToken));
    expect(res.body.code).toBe(200);
    return res.body.result as { action: string; adminId: string; detail: Record<string, unknown> }[];
  };

  beforeAll(async () => {
    t = await createTestApp({ MARKET_SOURCES: 'none' });
    superToken = await tokenOf('admin@example.com', 'admin-password-for-tests');
    reviewerToken = await insertedAdmin('{reviewer}');
    operatorToken = await insertedAdmin('{operator}');
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates an admin with a generated one-time password the new admin signs in with', async () => {
    const email = newEmail('Mgmt-New');
    const res = await t
      .http()
      .post(ADMINS)
      .set(bearer(superToken))
      .send({ email, displayName: '  New Reviewer ', roles: ['reviewer'] });
    expect(res.body.code).toBe(200);
    const created = res.body.result;
    expect(created).toMatchObject({
      email: email.toLowerCase(),
      displayName: 'New Reviewer',
      roles: ['reviewer'],
      active: true,
      twoFactorEnabled: false,
    });
    expect(created.password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    // Only the argon2 hash is kept.
    const [row] = await t.db.query(`SELECT password_hash FROM accounts.admin_users WHERE id = $1`, [
      created.id,
    ]);
    expect(row.password_hash).toMatch(/^\$argon2/);
    expect(row.password_hash).not.toContain(created.password);
    // Not shown again.
    const again = await t.http().get(`${ADMINS}/${created.id}`).set(bearer(superToken));
    expect(again.body.result).toMatchObject({ id: created.id, email: email.toLowerCase() });
    expect(again.body.result.password).toBeUndefined();
    // Like every admin, the new one signs in with the password until TOTP is enrolled in the console.
    const token = await tokenOf(email, created.password);
    const me = await t.http().get('/swx/admin/me').set(bearer(token));
    expect(me.body.result).toMatchObject({ id: created.id, roles: ['reviewer'], twoFactorEnabled: false });
    // In the list, with its display name.
    const list = await t
      .http()
      .get(ADMINS)
      .query({ filter: JSON.stringify({ id: [created.id] }) })
      .set(bearer(superToken));
    expect(list.body.result).toEqual([
      expect.objectContaining({ id: created.id, displayName: 'New Reviewer' }),
    ]);

    const audit = await auditOf(created.id);
    const entry = audit.find((a) => a.action === 'admin.admin_created');
    expect(entry?.detail).toMatchObject({
      before: null,
      after: { email: email.toLowerCase(), roles: ['reviewer'], active: true },
      passwordGenerated: true,
    });
    expect(JSON.stringify(audit)).not.toContain(created.password);
  });

  it('a password given is policy-checked and not answered back', async () => {
    const email = newEmail('mgmt-pw');
    const short = await t
      .http()
      .post(ADMINS)
      .set(bearer(superToken))
      .send({ email, displayName: 'Short', roles: ['operator'], password: 'too-short' });
    expect(short.body.code).toBe(400);
    expect(JSON.stringify(short.body)).toContain('The admin password must be 12 to 128 characters');
    const badRole = await t
      .http()
      .post(ADMINS)
      .set(bearer(superToken))
      .send({ email, displayName: 'Bad', roles: ['owner'] });
    expect(badRole.body.code).toBe(400);
    expect(JSON.stringify(badRole.body)).toContain('Choose at least one role');
    const noRole = await t
      .http()
      .post(ADMINS)
      .set(bearer(superToken))
      .send({ email, displayName: 'x', roles: [] });
    expect(noRole.body.code).toBe(400);

    const password = 'a-chosen-admin-password';
    const ok = await t
      .http()
      .post(ADMINS)
      .set(bearer(superToken))
      .send({ email, displayName: 'Chosen', roles: ['operator'], password });
    expect(ok.body.code).toBe(200);
    expect(ok.body.result.password).toBeUndefined();
    await tokenOf(email, password);
  });

  it('a duplicate e-mail (in any case) is refused with 409, told on the e-mail field', async () => {
    const first = await create(['reviewer']);
    const res = await t
      .http()
      .post(ADMINS)
      .set(bearer(superToken))
      .send({ email: first.email.toUpperCase(), displayName: 'Dup', roles: ['reviewer'] });
    // The console shows a field error under its input (web-admin/src/api.ts).
    expect(res.body).toEqual({
      code: 409,
      result: [{ field: 'email', message: 'An admin account with this e-mail already exists' }],
      message: 'An admin account with this e-mail already exists',
    });
    const zh = await t
      .http()
      .post(ADMINS)
      .set({ ...bearer(superToken), lang: 'zh' })
      .send({ email: first.email, displayName: 'Dup', roles: ['reviewer'] });
    expect(zh.body).toEqual({
      code: 409,
      result: [{ field: 'email', message: '已存在使用该邮箱的管理员账户' }],
      message: '已存在使用该邮箱的管理员账户',
    });
    const [{ count }] = await t.db.query(
      `SELECT count(*)::int AS count FROM accounts.admin_users WHERE lower(email) = lower($1)`,
      [first.email],
    );
    expect(count).toBe(1);
  });

  it('reviewers and operators get 403 on every admin-account route', async () => {
    const target = await create(['reviewer']);
    for (const token of [reviewerToken, operatorToken]) {
      const calls = [
        t.http().get(ADMINS).set(bearer(token)),
        t.http().get(`${ADMINS}/${target.id}`).set(bearer(token)),
        t
          .http()
          .post(ADMINS)
          .set(bearer(token))
          .send({ email: newEmail('x'), displayName: 'X', roles: ['reviewer'] }),
        t
          .http()
          .put(`${ADMINS}/${target.id}`)
          .set(bearer(token))
          .send({ roles: ['super_admin'] }),
        t.http().patch(`${ADMINS}/${target.id}`).set(bearer(token)).send({ displayName: 'X' }),
        t.http().post(`${ADMINS}/${target.id}/disable`).set(bearer(token)).send({ reason: 'not allowed' }),
        t.http().post(`${ADMINS}/${target.id}/enable`).set(bearer(token)).send({ reason: 'not allowed' }),
        t
          .http()
          .post(`${ADMINS}/${target.id}/resetPassword`)
          .set(bearer(token))
          .send({ reason: 'not allowed' }),
        // The super-admin role grants (admin-role-grants.e2e-spec.ts) as well.
        t.http().get(`${ADMINS}/roleGrants`).set(bearer(token)),
        t.http().post(`${ADMINS}/roleGrants/1/approve`).set(bearer(token)).send({}),
        t.http().post(`${ADMINS}/roleGrants/1/reject`).set(bearer(token)).send({ reason: 'not allowed' }),
        t.http().post(`${ADMINS}/roleGrants/1/withdraw`).set(bearer(token)).send({}),
      ];
      for (const res of await Promise.all(calls)) expect(res.body.code).toBe(403);
    }
    // Nothing changed.
    const [row] = await t.db.query(`SELECT roles, active FROM accounts.admin_users WHERE id = $1`, [
      target.id,
    ]);
    expect(row).toEqual({ roles: ['reviewer'], active: true });
  });

  it("a role change takes effect on the admin's next request, and is audited with before and after", async () => {
    const admin = await create(['reviewer']);
    const token = await tokenOf(admin.email, admin.password);
    expect((await t.http().get('/swx/admin/parameters').set(bearer(token))).body.code).toBe(403);
    const changed = await t
      .http()
      .put(`${ADMINS}/${admin.id}`)
      .set(bearer(superToken))
      .send({ roles: ['operator', 'reviewer'], displayName: 'Both roles' });
    expect(changed.body.result).toMatchObject({ roles: ['reviewer', 'operator'], displayName: 'Both roles' });
    // The same session, the next request: the new role opens the configuration.
    expect((await t.http().get('/swx/admin/parameters').set(bearer(token))).body.code).toBe(200);
    const back = await t
      .http()
      .patch(`${ADMINS}/${admin.id}`)
      .set(bearer(superToken))
      .send({ roles: ['reviewer'] });
    expect(back.body.result.roles).toEqual(['reviewer']);
    expect((await t.http().get('/swx/admin/parameters').set(bearer(token))).body.code).toBe(403);
    // Read-only fields are refused, not ignored.
    const readOnly = await t
      .http()
      .put(`${ADMINS}/${admin.id}`)
      .set(bearer(superToken))
      .send({ active: false });
    expect(readOnly.body.code).toBe(400);

    const updates = (await auditOf(admin.id)).filter((a) => a.action === 'admin.admin_updated');
    expect(updates).toHaveLength(2);
    expect(updates.map((u) => u.detail)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          before: expect.objectContaining({ roles: ['reviewer'], displayName: `Test ${admin.email}` }),
          after: expect.objectContaining({ roles: ['reviewer', 'operator'], displayName: 'Both roles' }),
        }),
        expect.objectContaining({
          before: expect.objectContaining({ roles: ['reviewer', 'operator'] }),
          after: expect.objectContaining({ roles: ['reviewer'] }),
        }),
      ]),
    );
  });

  it('disabling ends the sessions at once and refuses login; enabling lets the admin in again', async () => {
    const admin = await create(['operator']);
    const token = await tokenOf(admin.email, admin.password);
    expect((await t.http().get('/swx/admin/me').set(bearer(token))).body.code).toBe(200);

    const noReason = await t.http().post(`${ADMINS}/${admin.id}/disable`).set(bearer(superToken)).send({});
    expect(noReason.body.code).toBe(400);
    const disabled = await t
      .http()
      .post(`${ADMINS}/${admin.id}/disable`)
      .set(bearer(superToken))
      .send({ reason: 'left the company' });
    expect(disabled.body.result).toMatchObject({ active: false, disabledReason: 'left the company' });
    expect(disabled.body.result.disabledAt).toEqual(expect.any(String));
    // The session ends at once.
    expect((await t.http().get('/swx/admin/me').set(bearer(token))).body.code).toBe(401);
    const [sessions] = await t.db.query(
      `SELECT count(*)::int AS live FROM accounts.sessions WHERE kind = 'admin' AND subject_id = $1 AND revoked_at IS NULL`,
      [admin.id],
    );
    expect(sessions.live).toBe(0);
    // And login is refused, with a clear message (only once the password is right).
    const refused = await login(admin.email, admin.password);
    expect(refused.body).toMatchObject({
      code: 10005,
      message: 'This admin account is disabled; contact a super-admin',
    });
    expect((await login(admin.email, 'a-wrong-password-here')).body.code).toBe(10004);

    const enabled = await t
      .http()
      .post(`${ADMINS}/${admin.id}/enable`)
      .set(bearer(superToken))
      .send({ reason: 'came back' });
    expect(enabled.body.result).toMatchObject({ active: true, disabledAt: null, disabledReason: null });
    const again = await tokenOf(admin.email, admin.password);
    expect((await t.http().get('/swx/admin/me').set(bearer(again))).body.code).toBe(200);

    const audit = await auditOf(admin.id);
    expect(audit.find((a) => a.action === 'admin.admin_disabled')?.detail).toMatchObject({
      reason: 'left the company',
      before: { active: true },
      after: { active: false, disabledReason: 'left the company' },
      sessionsEnded: 1,
    });
    expect(audit.find((a) => a.action === 'admin.admin_enabled')?.detail).toMatchObject({
      reason: 'came back',
      before: { active: false },
      after: { active: true },
    });
  });

  it('a super-admin cannot disable, demote or reset the password of themself', async () => {
    const me = await insertedSuperAdmin();
    const token = await tokenOf(me.email, me.password);
    const disable = await t
      .http()
      .post(`${ADMINS}/${me.id}/disable`)
      .set(bearer(token))
      .send({ reason: 'myself' });
    expect(disable.body).toMatchObject({
      code: 403,
      message: 'You cannot disable your own admin account; ask another super-admin',
    });
    const demote = await t
      .http()
      .put(`${ADMINS}/${me.id}`)
      .set(bearer(token))
      .send({ roles: ['reviewer'] });
    expect(demote.body).toMatchObject({
      code: 403,
      message: 'You cannot remove the super-admin role from your own account; ask another super-admin',
    });
    const reset = await t
      .http()
      .post(`${ADMINS}/${me.id}/resetPassword`)
      .set(bearer(token))
      .send({ reason: 'myself' });
    expect(reset.body.code).toBe(403);
    // Adding a role or renaming oneself is fine.
    const rename = await t
      .http()
      .put(`${ADMINS}/${me.id}`)
      .set(bearer(token))
      .send({ displayName: 'Me', roles: ['super_admin', 'reviewer'] });
    expect(rename.body.result).toMatchObject({ displayName: 'Me', roles: ['reviewer', 'super_admin'] });
    const [row] = await t.db.query(`SELECT roles, active FROM accounts.admin_users WHERE id = $1`, [me.id]);
    expect(row).toEqual({ roles: ['reviewer', 'super_admin'], active: true });
  });

  it('two super-admins disabling each other at the same moment: one wins, one super-admin stays', async () => {
    // The last active super-admin is kept by the same lock: whoever comes second is no longer an
    // active super-admin and is refused (the rule itself: admin-accounts.rules.spec.ts).
    const a = await insertedSuperAdmin();
    const b = await insertedSuperAdmin();
    const [ta, tb] = await Promise.all([tokenOf(a.email, a.password), tokenOf(b.email, b.password)]);
    const [ra, rb] = await Promise.all([
      t.http().post(`${ADMINS}/${b.id}/disable`).set(bearer(ta)).send({ reason: 'race one' }),
      t.http().post(`${ADMINS}/${a.id}/disable`).set(bearer(tb)).send({ reason: 'race two' }),
    ]);
    const codes = [ra.body.code, rb.body.code].sort();
    expect(codes[0]).toBe(200);
    expect([401, 403]).toContain(codes[1]);
    const rows: { active: boolean }[] = await t.db.query(
      `SELECT active FROM accounts.admin_users WHERE id = ANY($1::uuid[])`,
      [[a.id, b.id]],
    );
    expect(rows.filter((r) => r.active)).toHaveLength(1);
  });

  it('resetting a password answers a new one-time password and ends the sessions', async () => {
    const admin = await create(['reviewer']);
    const token = await tokenOf(admin.email, admin.password);
    const noReason = await t
      .http()
      .post(`${ADMINS}/${admin.id}/resetPassword`)
      .set(bearer(superToken))
      .send({});
    expect(noReason.body.code).toBe(400);
    const res = await t
      .http()
      .post(`${ADMINS}/${admin.id}/resetPassword`)
      .set(bearer(superToken))
      .send({ reason: 'forgot it' });
    expect(res.body.code).toBe(200);
    const password = res.body.result.password as string;
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(password).not.toBe(admin.password);
    expect((await t.http().get('/swx/admin/me').set(bearer(token))).body.code).toBe(401);
    expect((await login(admin.email, admin.password)).body.code).toBe(10004);
    await tokenOf(admin.email, password);

    const entry = (await auditOf(admin.id)).find((a) => a.action === 'admin.admin_password_reset');
    expect(entry?.detail).toMatchObject({ reason: 'forgot it', passwordGenerated: true, sessionsEnded: 1 });
    expect(JSON.stringify(entry)).not.toContain(password);
    // An unknown id.
    const missing = await t
      .http()
      .post(`${ADMINS}/00000000-0000-4000-8000-000000000000/resetPassword`)
      .set(bearer(superToken))
      .send({ reason: 'nobody' });
    expect(missing.body.code).toBe(404);
  });
});
