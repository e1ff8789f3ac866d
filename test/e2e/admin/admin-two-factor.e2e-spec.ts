import { generate } from 'otplib';
import { Clock, hashSecret } from '@app/common';
import { createTestApp, type TestApp } from '../../support/test-app';
import { uniqueName } from '../../support/users';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

// Admins enrol a TOTP second factor (QR + secret, confirmed with a code); from then on the
// password only opens a challenge that a current code completes.
describe('admin TOTP second factor', () => {
  let t: TestApp;
  let clock: Clock;
  beforeAll(async () => {
    t = await createTestApp();
    clock = t.app.get(Clock);
  });
  afterAll(async () => {
    await t.close();
  });

  const totp = (secret: string) => generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
  const nextStep = () => clock.advance(30_000);
  const login = (email: string, password: string) =>
    t.http().post('/swx/admin/login').send({ email, password });

  async function newAdmin(roles = '{reviewer}') {
    const email = `${uniqueName('tfa')}@example.com`;
    const password = 'admin-two-factor-password';
    const rows: { id: string }[] = await t.db.query(
      `INSERT INTO accounts.admin_users (email, password_hash, roles) VALUES ($1, $2, $3) RETURNING id`,
      [email, await hashSecret(password), roles],
    );
    const res = await login(email, password);
    return { id: rows[0].id, email, password, token: res.body.result.token as string };
  }

  /** A new admin with TOTP enrolled: its secret and the recovery codes shown at enrolment. */
  async function enrolledAdmin(roles = '{reviewer}') {
    const admin = await newAdmin(roles);
    const setup = await t.http().post('/swx/admin/2fa/setup').set(bearer(admin.token));
    const secret = setup.body.result.secret as string;
    const enable = await t
      .http()
      .post('/swx/admin/2fa/enable')
      .set(bearer(admin.token))
      .send({ code: await totp(secret) });
    expect(enable.body.code).toBe(200);
    nextStep();
    return { ...admin, secret, recoveryCodes: enable.body.result.recoveryCodes as string[] };
  }

  const challengeOf = async (email: string, password: string) => {
    const res = await login(email, password);
    expect(res.body.result).toMatchObject({ twoFactorRequired: true });
    return res.body.result.challenge as string;
  };

  it('enrols with a QR and a confirming code; login then needs the code: none, wrong and right', async () => {
    const admin = await newAdmin();
    expect((await t.http().get('/swx/admin/me').set(bearer(admin.token))).body.result.twoFactorEnabled).toBe(
      false,
    );
    // Enable before setup: nothing pending.
    const early = await t
      .http()
      .post('/swx/admin/2fa/enable')
      .set(bearer(admin.token))
      .send({ code: '123456' });
    expect(early.body).toMatchObject({ code: 400, result: [{ field: 'code' }] });

    const setup = await t.http().post('/swx/admin/2fa/setup').set(bearer(admin.token));
    expect(setup.body.code).toBe(200);
    const { secret, otpauthUrl, qrCodeDataUrl } = setup.body.result;
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    // Pending until confirmed: the password alone still logs in.
    expect((await login(admin.email, admin.password)).body.result.token).toEqual(expect.any(String));

    const malformed = await t
      .http()
      .post('/swx/admin/2fa/enable')
      .set(bearer(admin.token))
      .send({ code: '12ab' });
    expect(malformed.body).toMatchObject({ code: 400, result: [{ field: 'code' }] });
    const wrongEnable = await t
      .http()
      .post('/swx/admin/2fa/enable')
      .set(bearer(admin.token))
      .send({ code: (await totp(secret)) === '000000' ? '111111' : '000000' });
    expect(wrongEnable.body.code).toBe(10091);
    const enable = await t
      .http()
      .post('/swx/admin/2fa/enable')
      .set(bearer(admin.token))
      .send({ code: await totp(secret) });
    expect(enable.body.code).toBe(200);
    expect((await t.http().get('/swx/admin/me').set(bearer(admin.token))).body.result.twoFactorEnabled).toBe(
      true,
    );
    // Enrolment cannot be restarted over a confirmed secret.
    const again = await t.http().post('/swx/admin/2fa/setup').set(bearer(admin.token));
    expect(again.body).toMatchObject({ code: 400, result: [{ field: 'code' }] });
    nextStep();

    // The password alone no longer answers a session: a challenge asks for the code.
    const first = await login(admin.email, admin.password);
    expect(first.body.code).toBe(200);
    expect(first.body.result).toMatchObject({ twoFactorRequired: true, challenge: expect.any(String) });
    expect(first.body.result.token).toBeUndefined();
    const challenge = first.body.result.challenge as string;

    // Without a code: refused (validation on `code`).
    const none = await t.http().post('/swx/admin/login2fa').send({ challenge });
    expect(none.body).toMatchObject({ code: 400, result: [{ field: 'code' }] });
    // A wrong code: 10091, no session.
    const right = await totp(secret);
    const wrong = await t
      .http()
      .post('/swx/admin/login2fa')
      .send({ challenge, code: right === '000000' ? '111111' : '000000' });
    expect(wrong.body.code).toBe(10091);
    expect(wrong.body.result?.token).toBeUndefined();
    // The right code: a session that works.
    const ok = await t.http().post('/swx/admin/login2fa').send({ challenge, code: right });
    expect(ok.body.code).toBe(200);
    const token = ok.body.result.token as string;
    expect(ok.body.result.admin).toMatchObject({ email: admin.email, roles: ['reviewer'] });
    expect((await t.http().get('/swx/admin/me').set(bearer(token))).body.code).toBe(200);

    // The challenge is single use, and the same code is not accepted twice.
    const reused = await t.http().post('/swx/admin/login2fa').send({ challenge, code: right });
    expect(reused.body).toMatchObject({ code: 400, result: [{ field: 'challenge' }] });
    const second = await login(admin.email, admin.password);
    const replay = await t
      .http()
      .post('/swx/admin/login2fa')
      .send({ challenge: second.body.result.challenge, code: right });
    expect(replay.body.code).toBe(10091);

    // A wrong password never reaches the second step.
    const badPassword = await login(admin.email, 'not-the-password');
    expect(badPassword.body.result?.challenge).toBeUndefined();
    expect(badPassword.body.code).not.toBe(200);

    // The enrolment and the login with the second factor are in the audit trail.
    const rows = await t.db.query<{ action: string; detail: Record<string, unknown> }[]>(
      `SELECT a.action, a.detail FROM accounts.admin_audit a JOIN accounts.admin_users u ON u.id = a.admin_id
       WHERE u.email = $1 ORDER BY a.id`,
      [admin.email],
    );
    expect(rows.map((r) => r.action)).toContain('admin.2fa_enabled');
    expect(rows.some((r) => r.action === 'admin.login' && r.detail.secondFactor === 'totp')).toBe(true);
  });

  it('recovery codes: ten shown once at enrolment, stored as argon2 hashes, each works once', async () => {
    const admin = await enrolledAdmin();
    expect(admin.recoveryCodes).toHaveLength(10);
    expect(new Set(admin.recoveryCodes).size).toBe(10);
    for (const code of admin.recoveryCodes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    const stored = await t.db.query<{ code_hash: string }[]>(
      'SELECT code_hash FROM accounts.admin_recovery_codes WHERE admin_id = $1 AND used_at IS NULL',
      [admin.id],
    );
    expect(stored).toHaveLength(10);
    for (const row of stored) {
      expect(row.code_hash).toMatch(/^\$argon2id\$/);
      expect(admin.recoveryCodes).not.toContain(row.code_hash);
    }
    expect((await t.http().get('/swx/admin/me').set(bearer(admin.token))).body.result.recoveryCodesLeft).toBe(
      10,
    );

    // Neither a code nor a recovery code: refused on `code`.
    const none = await t
      .http()
      .post('/swx/admin/login2fa')
      .send({ challenge: await challengeOf(admin.email, admin.password) });
    expect(none.body).toMatchObject({ code: 400, result: [{ field: 'code' }] });

    // A recovery code (any case, with or without the dash) completes a login, audited as such.
    const code = admin.recoveryCodes[3];
    const ok = await t
      .http()
      .post('/swx/admin/login2fa')
      .send({ challenge: await challengeOf(admin.email, admin.password), recoveryCode: code.toUpperCase() });
    expect(ok.body.code).toBe(200);
    expect((await t.http().get('/swx/admin/me').set(bearer(ok.body.result.token))).body.result).toMatchObject(
      {
        recoveryCodesLeft: 9,
      },
    );
    const audit = await t.db.query<{ detail: Record<string, unknown> }[]>(
      `SELECT detail FROM accounts.admin_audit WHERE admin_id = $1 AND action = 'admin.login' ORDER BY id DESC LIMIT 1`,
      [admin.id],
    );
    expect(audit[0].detail).toMatchObject({ secondFactor: 'recovery_code' });

    // Single use: the same code again is wrong (10091), in either spelling.
    for (const again of [code, code.replace('-', '')]) {
      const reused = await t
        .http()
        .post('/swx/admin/login2fa')
        .send({ challenge: await challengeOf(admin.email, admin.password), recoveryCode: again });
      expect(reused.body.code).toBe(10091);
    }
    // A made-up code is wrong too; another issued one still works.
    const madeUp = await t
      .http()
      .post('/swx/admin/login2fa')
      .send({ challenge: await challengeOf(admin.email, admin.password), recoveryCode: 'aaaaa-bbbbb' });
    expect(madeUp.body.code).toBe(10091);
    const other = await t
      .http()
      .post('/swx/admin/login2fa')
      .send({
        challenge: await challengeOf(admin.email, admin.password),
        recoveryCode: admin.recoveryCodes[7].replace('-', ' '),
      });
    expect(other.body.code).toBe(200);
  });

  it("a super-admin resets another admin's TOTP with a reason (audited, sessions end); never their own", async () => {
    const lost = await enrolledAdmin('{operator}');
    const loggedIn = await t
      .http()
      .post('/swx/admin/login2fa')
      .send({ challenge: await challengeOf(lost.email, lost.password), code: await totp(lost.secret) });
    const lostToken = loggedIn.body.result.token as string;
    expect((await t.http().get('/swx/admin/me').set(bearer(lostToken))).body.code).toBe(200);
    const superAdmin = await newAdmin('{super_admin}');
    const reset = (token: string, id: string, body: Record<string, unknown>) =>
      t.http().post(`/swx/admin/admins/${id}/2fa/reset`).set(bearer(token)).send(body);

    // Only super-admins: an operator or a reviewer gets 403, nothing changes.
    const operator = await newAdmin('{operator}');
    expect((await reset(operator.token, lost.id, { reason: 'lost phone' })).body.code).toBe(403);
    const reviewer = await newAdmin('{reviewer}');
    expect((await reset(reviewer.token, lost.id, { reason: 'lost phone' })).body.code).toBe(403);
    // A reason is required.
    expect((await reset(superAdmin.token, lost.id, {})).body).toMatchObject({
      code: 400,
      result: [{ field: 'reason' }],
    });
    expect((await reset(superAdmin.token, lost.id, { reason: ' ' })).body.code).toBe(400);
    // Not one's own (another super-admin must do it), whatever the spelling of the id.
    const self = await reset(superAdmin.token, superAdmin.id, { reason: 'my own device' });
    expect(self.body.code).toBe(403);
    expect(self.body.message).toMatch(/another super-admin/i);
    // Unknown ids: 404.
    expect(
      (await reset(superAdmin.token, '00000000-0000-4000-8000-000000000000', { reason: 'x-y-z' })).body.code,
    ).toBe(404);
    expect((await reset(superAdmin.token, 'not-a-uuid', { reason: 'x-y-z' })).body.code).toBe(404);
    const before = await t.db.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM accounts.admin_audit WHERE action = 'admin.2fa_reset' AND target_id = $1`,
      [lost.id],
    );
    expect(before[0].n).toBe(0);

    const done = await reset(superAdmin.token, lost.id, { reason: 'lost phone, identity checked by call' });
    expect(done.body).toMatchObject({ code: 200, result: { id: lost.id, twoFactorEnabled: false } });
    // The reset admin's sessions ended; their recovery codes are gone; the password alone logs in
    // again (and the next step is to enrol again).
    expect((await t.http().get('/swx/admin/me').set(bearer(lostToken))).body.code).toBe(401);
    const codes = await t.db.query<{ n: number }[]>(
      'SELECT count(*)::int AS n FROM accounts.admin_recovery_codes WHERE admin_id = $1',
      [lost.id],
    );
    expect(codes[0].n).toBe(0);
    const relogin = await login(lost.email, lost.password);
    expect(relogin.body.result.token).toEqual(expect.any(String));
    expect(relogin.body.result.twoFactorRequired).toBeUndefined();
    const me = await t.http().get('/swx/admin/me').set(bearer(relogin.body.result.token));
    expect(me.body.result).toMatchObject({ twoFactorEnabled: false, recoveryCodesLeft: 0 });
    expect(
      (
        await t
          .http()
          .get('/swx/admin/admins')
          .query({ filter: JSON.stringify({ id: [lost.id] }) })
          .set(bearer(superAdmin.token))
      ).body.result,
    ).toEqual([expect.objectContaining({ id: lost.id, twoFactorEnabled: false })]);

    // Audited with who, whom, the reason and before/after.
    const rows = await t.db.query<{ admin_id: string; detail: Record<string, unknown> }[]>(
      `SELECT admin_id, detail FROM accounts.admin_audit WHERE action = 'admin.2fa_reset' AND target_id = $1`,
      [lost.id],
    );
    expect(rows).toEqual([
      {
        admin_id: superAdmin.id,
        detail: expect.objectContaining({
          reason: 'lost phone, identity checked by call',
          before: { twoFactorEnabled: true },
          after: { twoFactorEnabled: false },
          // The one before enrolment and the one opened with the code.
          sessionsEnded: 2,
        }),
      },
    ]);
  });

  it('admin sessions expire: the login answers the expiry (ADMIN_SESSION_TTL_HOURS) and an expired session is refused', async () => {
    const admin = await newAdmin();
    const res = await login(admin.email, admin.password);
    const expiresAt = new Date(res.body.result.expiresAt as string).getTime();
    const hours = t.config.ADMIN_SESSION_TTL_HOURS;
    expect(Math.abs(expiresAt - Date.now() - hours * 3600_000)).toBeLessThan(60_000);
    const token = res.body.result.token as string;
    expect((await t.http().get('/swx/admin/me').set(bearer(token))).body.code).toBe(200);
    // The session row past its expiry: the token is refused at once (the server checks the row).
    await t.db.query(
      `UPDATE accounts.sessions SET expires_at = now() - interval '1 second'
       WHERE kind = 'admin' AND subject_id = $1 AND revoked_at IS NULL`,
      [admin.id],
    );
    expect((await t.http().get('/swx/admin/me').set(bearer(token))).body.code).toBe(401);
    expect((await t.http().get('/swx/admin/audit').set(bearer(token))).body.code).toBe(401);
    // The older token of newAdmin's own login expired with it.
    expect((await t.http().get('/swx/admin/me').set(bearer(admin.token))).body.code).toBe(401);
  });

  it('401 without a session on the enrolment routes', async () => {
    expect((await t.http().post('/swx/admin/2fa/setup')).body.code).toBe(401);
    expect((await t.http().post('/swx/admin/2fa/enable').send({ code: '123456' })).body.code).toBe(401);
    expect(
      (
        await t
          .http()
          .post('/swx/admin/admins/00000000-0000-4000-8000-000000000000/2fa/reset')
          .send({ reason: 'no session' })
      ).body.code,
    ).toBe(401);
  });
});
