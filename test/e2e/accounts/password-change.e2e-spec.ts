import { hashSecret } from '@app/common';
import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser, uniqueName } from '../../support/users';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

// Changing one's own password needs the current one, and wrong answers count like failed logins
// (a stolen session is no way to guess it). An admin's change ends every session and is audited.
describe("changing one's own password", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_MAX_CONSECUTIVE_FAILURES: '3' });
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (email: string, password: string) =>
    t.http().post('/swx/admin/login').send({ email, password });
  const change = (token: string, body: object) =>
    t.http().post('/swx/admin/password').set(bearer(token)).send(body);
  const me = (token: string) => t.http().get('/swx/admin/me').set(bearer(token));

  async function newAdmin() {
    const email = `${uniqueName('pwd')}@example.com`;
    const password = 'admin-password-before';
    const rows: { id: string }[] = await t.db.query(
      `INSERT INTO accounts.admin_users (email, password_hash, roles) VALUES ($1, $2, '{reviewer}') RETURNING id`,
      [email, await hashSecret(password)],
    );
    const res = await login(email, password);
    return { id: rows[0].id, email, password, token: res.body.result.token as string };
  }

  const audit = async (adminId: string) =>
    t.db.query<{ action: string; detail: Record<string, unknown> }[]>(
      `SELECT action, detail FROM accounts.admin_audit
        WHERE admin_id = $1 AND action LIKE 'admin.password%' ORDER BY id`,
      [adminId],
    );

  it('needs the current password and a new one of 12 characters; ends every session; audited', async () => {
    const admin = await newAdmin();
    const other = (await login(admin.email, admin.password)).body.result.token as string;
    expect((await t.http().post('/swx/admin/password').send({})).body.code).toBe(401);

    // Refused at the edge: nothing checked, nothing counted.
    expect((await change(admin.token, { newPassword: 'a-new-admin-password' })).body).toMatchObject({
      code: 400,
      result: [{ field: 'oldPassword' }],
    });
    expect(
      (await change(admin.token, { oldPassword: admin.password, newPassword: 'short' })).body,
    ).toMatchObject({ code: 400, result: [{ field: 'newPassword' }] });

    // A wrong current password: 10004 in the caller's language, the password unchanged.
    const wrong = await change(admin.token, {
      oldPassword: 'not-the-password',
      newPassword: 'a-new-admin-password',
    });
    expect(wrong.body).toMatchObject({ code: 10004, result: null });
    const wrongZh = await change(admin.token, {
      oldPassword: 'not-the-password',
      newPassword: 'a-new-admin-password',
    }).set('lang', 'zh');
    expect(wrongZh.body.code).toBe(10004);
    expect(wrongZh.body.message).not.toBe(wrong.body.message);
    expect((await me(admin.token)).body.code).toBe(200);

    const changed = await change(admin.token, {
      oldPassword: admin.password,
      newPassword: 'a-new-admin-password',
    });
    expect(changed.body).toMatchObject({ code: 200, result: { changed: true, sessionsEnded: 2 } });
    // Every session ended, the one that asked included.
    expect((await me(admin.token)).body.code).toBe(401);
    expect((await me(other)).body.code).toBe(401);
    expect((await login(admin.email, admin.password)).body.code).toBe(10004);
    const again = await login(admin.email, 'a-new-admin-password');
    expect(again.body).toMatchObject({ code: 200, result: { token: expect.any(String) } });

    expect(await audit(admin.id)).toEqual([
      { action: 'admin.password_change_failed', detail: {} },
      { action: 'admin.password_change_failed', detail: {} },
      { action: 'admin.password_changed', detail: { sessionsEnded: 2 } },
    ]);
  });

  it('locks after too many wrong current passwords, even for the right one', async () => {
    const admin = await newAdmin();
    for (let i = 0; i < 3; i++) {
      const res = await change(admin.token, {
        oldPassword: `wrong-${i}`,
        newPassword: 'a-new-admin-password',
      });
      expect(res.body.code).toBe(10004);
    }
    const locked = await change(admin.token, {
      oldPassword: admin.password,
      newPassword: 'a-new-admin-password',
    });
    expect(locked.body.code).toBe(429);
    // Not changed: the old password still signs in.
    expect((await login(admin.email, admin.password)).body.code).toBe(200);
  });

  it("a customer's wrong old passwords lock the change too, the right one included", async () => {
    const user = await registerUser(t);
    const repassword = (oldPassword: string) =>
      t
        .http()
        .post('/swx/customer/user/repassword')
        .set(bearer(user.token))
        .send({ oldPassword, newPassword: 'a-new-customer-password' });
    for (let i = 0; i < 3; i++) expect((await repassword(`wrong-${i}`)).body.code).toBe(10004);
    expect((await repassword(user.password)).body.code).toBe(429);
    // Unchanged, and the session lives: the old password still signs in.
    const login = await t
      .http()
      .post('/swx/customer/login/login')
      .send({ account: user.username, password: user.password });
    expect(login.body.code).toBe(200);
  });
});
