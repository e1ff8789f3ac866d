import { hashSecret } from '@app/common';
import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser, uniqueName } from '../../support/users';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}`, lang: 'en' });
const ADMINS = '/swx/admin/admins';
const GRANTS = '/swx/admin/admins/roleGrants';

interface Admin {
  id: string;
  email: string;
  password: string;
  token: string;
}

interface Grant {
  id: string;
  adminId: string;
  adminEmail: string;
  role: string;
  status: string;
  requestedBy: string;
  requestedByEmail: string;
  decidedBy: string | null;
  decisionReason: string | null;
}

// Maker-checker on the super-admin role: with two or more active super-admins, granting the role
// (a new account, or an existing one) waits for a second super-admin's approval, so that one person
// cannot make themself a second super-admin and approve their own ledger adjustment with it.
describe('super-admin role grants need a second super-admin', () => {
  let t: TestApp;
  let a: Admin;
  let b: Admin;
  let e: Admin;
  let reviewer: Admin;

  const login = (email: string, password: string) =>
    t.http().post('/swx/admin/login').set('lang', 'en').send({ email, password });
  const tokenOf = async (email: string, password: string) => {
    const res = await login(email, password);
    expect(res.body).toMatchObject({ code: 200 });
    return res.body.result.token as string;
  };
  const newEmail = (prefix: string) => `${uniqueName(prefix)}@example.com`;

  async function inserted(roles: string): Promise<Admin> {
    const email = newEmail('grant-db');
    const password = 'role-grants-e2e-password';
    const [row] = await t.db.query<{ id: string }[]>(
      `INSERT INTO accounts.admin_users (email, password_hash, roles) VALUES ($1, $2, $3) RETURNING id`,
      [email, await hashSecret(password), roles],
    );
    return { id: row.id, email, password, token: await tokenOf(email, password) };
  }

  interface Created {
    id: string;
    email: string;
    password: string;
    roles: string[];
    pendingRoleGrant: { id: string; role: string; requestedBy: string } | null;
  }

  /** Through the API, as `by`: the account as answered, and its one-time password. */
  async function create(by: Admin, roles: string[]): Promise<Created> {
    const email = newEmail('grant');
    const res = await t
      .http()
      .post(ADMINS)
      .set(bearer(by.token))
      .send({ email, displayName: `Grant ${email}`, roles });
    expect(res.body).toMatchObject({ code: 200 });
    return { ...(res.body.result as Created), email };
  }

  const decide = (by: Admin | string, id: string, action: 'approve' | 'reject' | 'withdraw', body = {}) =>
    t
      .http()
      .post(`${GRANTS}/${id}/${action}`)
      .set(bearer(typeof by === 'string' ? by : by.token))
      .send(body);

  const rolesOf = async (id: string) =>
    (await t.db.query<{ roles: string[] }[]>(`SELECT roles FROM accounts.admin_users WHERE id = $1`, [id]))[0]
      .roles;
  const grantsOf = async (adminId: string) =>
    t.db.query<{ id: string; status: string; requested_by: string; decided_by: string | null }[]>(
      `SELECT id::text, status, requested_by, decided_by FROM accounts.admin_role_grants WHERE admin_id = $1 ORDER BY id`,
      [adminId],
    );
  const auditOf = async (id: string) =>
    t.db.query<{ action: string; admin_id: string; detail: Record<string, unknown> }[]>(
      `SELECT action, admin_id, detail FROM accounts.admin_audit WHERE target_id = $1 ORDER BY id`,
      [id],
    );

  beforeAll(async () => {
    t = await createTestApp({ MARKET_SOURCES: 'none' });
    // The bootstrap admin plus these: at least three active super-admins.
    a = await inserted('{super_admin}');
    b = await inserted('{super_admin}');
    e = await inserted('{super_admin}');
    reviewer = await inserted('{reviewer}');
  });
  afterAll(async () => {
    await t.close();
  });

  it('A creates C as super-admin: C is not one until B approves; neither A nor C can approve it', async () => {
    const c = await create(a, ['super_admin', 'reviewer']);
    // Created without the role, with the grant waiting.
    expect(c.roles).toEqual(['reviewer']);
    const pending = c.pendingRoleGrant!;
    expect(pending).toMatchObject({ role: 'super_admin', requestedBy: a.id, requestedByEmail: a.email });
    expect(await rolesOf(c.id)).toEqual(['reviewer']);
    expect(await grantsOf(c.id)).toEqual([
      { id: pending.id, status: 'pending', requested_by: a.id, decided_by: null },
    ]);
    const cToken = await tokenOf(c.email, c.password);
    expect((await t.http().get(ADMINS).set(bearer(cToken))).body.code).toBe(403);

    // The list of grants and the admin's own view show it.
    const list = await t
      .http()
      .get(GRANTS)
      .query({ filter: JSON.stringify({ status: 'pending', adminId: c.id }) })
      .set(bearer(b.token));
    expect(list.body.code).toBe(200);
    expect(list.headers['content-range']).toMatch(/\/1$/);
    expect(list.body.result).toEqual([
      expect.objectContaining({
        id: pending.id,
        adminId: c.id,
        adminEmail: c.email,
        role: 'super_admin',
        status: 'pending',
        requestedBy: a.id,
        requestedByEmail: a.email,
      }),
    ]);
    const one = await t.http().get(`${ADMINS}/${c.id}`).set(bearer(b.token));
    expect(one.body.result.pendingRoleGrant).toMatchObject({ id: pending.id });

    // The requester cannot approve (nor reject) their own grant; the account it is for cannot either.
    const byRequester = await decide(a, pending.id, 'approve');
    expect(byRequester.body).toMatchObject({
      code: 403,
      message:
        'Another super-admin must decide this: neither the one who asked for the super-admin role nor the account it is for can',
    });
    expect((await decide(a, pending.id, 'reject', { reason: 'changed my mind' })).body.code).toBe(403);
    expect((await decide(cToken, pending.id, 'approve')).body.code).toBe(403);
    // Nor a reviewer; nor may B withdraw A's request.
    expect((await decide(reviewer, pending.id, 'approve')).body.code).toBe(403);
    expect((await decide(b, pending.id, 'withdraw')).body.code).toBe(403);
    expect(await rolesOf(c.id)).toEqual(['reviewer']);

    // B approves: C's same session is a super-admin on its next request.
    const approved = await decide(b, pending.id, 'approve');
    expect(approved.body).toMatchObject({
      code: 200,
      result: { id: pending.id, status: 'approved', decidedBy: b.id, decidedByEmail: b.email },
    });
    expect(await rolesOf(c.id)).toEqual(['reviewer', 'super_admin']);
    expect((await t.http().get(ADMINS).set(bearer(cToken))).body.code).toBe(200);
    const me = await t.http().get('/swx/admin/me').set(bearer(cToken));
    expect(me.body.result.roles).toEqual(['reviewer', 'super_admin']);
    expect((await t.http().get(`${ADMINS}/${c.id}`).set(bearer(b.token))).body.result.pendingRoleGrant).toBe(
      null,
    );
    // Asked again: the same answer, nothing happens twice; a rejection now is a conflict.
    expect((await decide(b, pending.id, 'approve')).body.result.status).toBe('approved');
    expect((await decide(a, pending.id, 'approve')).body.code).toBe(403);
    expect((await decide(e, pending.id, 'reject', { reason: 'too late' })).body.code).toBe(409);

    const audit = await auditOf(c.id);
    expect(audit.map((r) => r.action)).toEqual([
      'admin.admin_created',
      'admin.role_grant_requested',
      'admin.role_grant_approved',
    ]);
    expect(audit[0]).toMatchObject({
      admin_id: a.id,
      detail: { after: { roles: ['reviewer'] }, superAdminGrant: { grantId: pending.id, status: 'pending' } },
    });
    expect(audit[1]).toMatchObject({ admin_id: a.id, detail: { grantId: pending.id, role: 'super_admin' } });
    expect(audit[2]).toMatchObject({
      admin_id: b.id,
      detail: {
        grantId: pending.id,
        requestedBy: a.id,
        before: { roles: ['reviewer'] },
        after: { roles: ['reviewer', 'super_admin'] },
      },
    });
  });

  it('a super-admin alone cannot approve their own ledger adjustment through a second account', async () => {
    const user = await registerUser(t);
    const requested = await t.http().post('/swx/admin/adjustments').set(bearer(a.token)).send({
      ownerType: 'user',
      ownerId: user.id,
      book: 'real',
      currency: 'USDT',
      direction: 'credit',
      amount: '1000',
      reason: 'grant e2e',
    });
    expect(requested.body.code).toBe(200);
    // A makes a second account "for themself" with the super-admin role: it is not one.
    const sock = await create(a, ['super_admin']);
    expect(sock.roles).toEqual([]);
    const sockToken = await tokenOf(sock.email, sock.password);
    const approve = await t
      .http()
      .post(`/swx/admin/adjustments/${requested.body.result.id as string}/approve`)
      .set(bearer(sockToken))
      .send({});
    expect(approve.body.code).toBe(403);
    const [row] = await t.db.query<{ status: string }[]>(
      `SELECT status FROM accounts.ledger_adjustments WHERE id = $1`,
      [requested.body.result.id],
    );
    expect(row.status).toBe('pending');
    // Giving the role to an existing account of theirs does not help either.
    const granted = await t
      .http()
      .put(`${ADMINS}/${reviewer.id}`)
      .set(bearer(a.token))
      .send({ roles: ['reviewer', 'super_admin'] });
    expect(granted.body.result).toMatchObject({
      roles: ['reviewer'],
      pendingRoleGrant: { requestedBy: a.id },
    });
    expect(
      (
        await t
          .http()
          .post(`/swx/admin/adjustments/${requested.body.result.id as string}/approve`)
          .set(bearer(reviewer.token))
          .send({})
      ).body.code,
    ).toBe(403);
    // (Cleaned up: A withdraws both.)
    for (const id of [sock.id, reviewer.id]) {
      const [grant] = await grantsOf(id);
      expect((await decide(a, grant.id, 'withdraw')).body.result.status).toBe('withdrawn');
    }
  });

  it('adding the role to an existing admin: one pending grant at a time, rejected with a reason, withdrawn', async () => {
    const r = await create(a, ['reviewer']);
    expect(r.roles).toEqual(['reviewer']);
    const asked = await t
      .http()
      .put(`${ADMINS}/${r.id}`)
      .set(bearer(a.token))
      .send({ roles: ['reviewer', 'super_admin', 'operator'], displayName: 'Wants more' });
    // The other changes apply at once; the super-admin role waits.
    expect(asked.body.result).toMatchObject({
      roles: ['reviewer', 'operator'],
      displayName: 'Wants more',
      pendingRoleGrant: { role: 'super_admin', requestedBy: a.id },
    });
    const grantId = asked.body.result.pendingRoleGrant.id as string;
    // One pending grant per account: asked again (by anyone), refused.
    for (const by of [a, b]) {
      const again = await t
        .http()
        .put(`${ADMINS}/${r.id}`)
        .set(bearer(by.token))
        .send({ roles: ['reviewer', 'super_admin'] });
      expect(again.body).toMatchObject({
        code: 409,
        message: 'A super-admin role grant for this account is already waiting for a decision',
      });
    }
    expect((await grantsOf(r.id)).filter((g) => g.status === 'pending')).toHaveLength(1);
    expect(await rolesOf(r.id)).toEqual(['reviewer', 'operator']);

    // B rejects, a reason is needed.
    expect((await decide(b, grantId, 'reject')).body.code).toBe(400);
    const rejected = await decide(b, grantId, 'reject', { reason: 'not on the team' });
    expect(rejected.body.result).toMatchObject({
      status: 'rejected',
      decidedBy: b.id,
      decisionReason: 'not on the team',
    });
    expect(await rolesOf(r.id)).toEqual(['reviewer', 'operator']);
    expect((await decide(e, grantId, 'approve')).body.code).toBe(409);
    expect((await decide(a, grantId, 'withdraw')).body.code).toBe(409);

    // Asked again, then withdrawn by the requester.
    const second = await t
      .http()
      .patch(`${ADMINS}/${r.id}`)
      .set(bearer(a.token))
      .send({ roles: ['reviewer', 'operator', 'super_admin'] });
    const secondId = second.body.result.pendingRoleGrant.id as string;
    expect(secondId).not.toBe(grantId);
    const withdrawn = await decide(a, secondId, 'withdraw', { reason: 'asked by mistake' });
    expect(withdrawn.body.result).toMatchObject({
      status: 'withdrawn',
      decidedBy: a.id,
      decisionReason: 'asked by mistake',
    });
    expect((await decide(b, secondId, 'approve')).body.code).toBe(409);
    expect(await rolesOf(r.id)).toEqual(['reviewer', 'operator']);

    const actions = (await auditOf(r.id)).map((x) => x.action);
    expect(actions).toEqual([
      'admin.admin_created',
      'admin.admin_updated',
      'admin.role_grant_requested',
      'admin.role_grant_rejected',
      'admin.role_grant_requested',
      'admin.role_grant_withdrawn',
    ]);
    const decided = (await auditOf(r.id)).find((x) => x.action === 'admin.role_grant_rejected');
    expect(decided).toMatchObject({ admin_id: b.id, detail: { grantId, reason: 'not on the team' } });
    // The list filters by status.
    const rejectedList = await t
      .http()
      .get(GRANTS)
      .query({ filter: JSON.stringify({ adminId: r.id, status: 'rejected' }) })
      .set(bearer(e.token));
    expect((rejectedList.body.result as Grant[]).map((g) => g.id)).toEqual([grantId]);
  });

  it('approvals and a rejection at the same moment: one decision, one effect', async () => {
    const d = await create(a, ['operator', 'super_admin']);
    const grantId = d.pendingRoleGrant!.id;
    const answers = await Promise.all([
      decide(b, grantId, 'approve'),
      decide(e, grantId, 'approve'),
      decide(b, grantId, 'approve'),
      decide(e, grantId, 'reject', { reason: 'at the same time' }),
    ]);
    const statuses = answers.map((x) => x.body.result?.status as string | undefined);
    const grants = await grantsOf(d.id);
    expect(grants).toHaveLength(1);
    const outcome = grants[0].status;
    expect(['approved', 'rejected']).toContain(outcome);
    // Every answer is the outcome, or a conflict for the decision that came too late.
    for (const [i, answer] of answers.entries()) {
      if (answer.body.code === 200) expect(statuses[i]).toBe(outcome);
      else expect(answer.body.code).toBe(409);
    }
    const roles = await rolesOf(d.id);
    expect(roles.filter((x) => x === 'super_admin')).toHaveLength(outcome === 'approved' ? 1 : 0);
    const decisions = (await auditOf(d.id)).filter((x) =>
      ['admin.role_grant_approved', 'admin.role_grant_rejected'].includes(x.action),
    );
    expect(decisions).toHaveLength(1);
  });

  it('with one active super-admin (the bootstrap case) the grant is immediate, and audited', async () => {
    const [bootstrap] = await t.db.query<{ id: string }[]>(
      `SELECT id FROM accounts.admin_users WHERE email = 'admin@example.com'`,
    );
    const root = {
      id: bootstrap.id,
      email: 'admin@example.com',
      password: 'admin-password-for-tests',
      token: await tokenOf('admin@example.com', 'admin-password-for-tests'),
    };
    // Every other super-admin of this database is set aside for the test, and the record that two
    // have been active with them (both back after it): a platform that never had two.
    const others = await t.db.query<{ id: string }[]>(
      `WITH aside AS (UPDATE accounts.admin_users SET active = false
                      WHERE active AND 'super_admin' = ANY(roles) AND id <> $1 RETURNING id)
       SELECT id FROM aside`,
      [root.id],
    );
    const [mark] = await t.db.query<{ since: Date }[]>(
      `WITH gone AS (DELETE FROM accounts.admin_four_eyes RETURNING since) SELECT since FROM gone`,
    );
    try {
      expect((await t.http().get(`${GRANTS}/mode`).set(bearer(root.token))).body.result).toEqual({
        mode: 'immediate',
        activeSuperAdmins: 1,
        fourEyesSince: null,
      });
      const f = await create(root, ['super_admin']);
      expect(f.roles).toEqual(['super_admin']);
      expect(f.pendingRoleGrant).toBeNull();
      expect(await grantsOf(f.id)).toEqual([]);
      const audit = await auditOf(f.id);
      expect(audit.map((x) => x.action)).toEqual(['admin.admin_created']);
      expect(audit[0].detail).toMatchObject({
        after: { roles: ['super_admin'] },
        superAdminGrant: { status: 'immediate', activeSuperAdmins: 1 },
      });
      // Now there are two: the next grant waits (F is the second pair of eyes).
      const g = await create(root, ['super_admin']);
      expect(g.roles).toEqual([]);
      const grantId = g.pendingRoleGrant!.id;
      const fAdmin = { ...f, password: f.password, token: '' };
      fAdmin.token = await tokenOf(f.email, fAdmin.password);
      expect((await decide(fAdmin, grantId, 'approve')).body.result.status).toBe('approved');
      expect(await rolesOf(g.id)).toEqual(['super_admin']);
      // Two are active now, and the record of it stays.
      expect((await t.db.query(`SELECT 1 FROM accounts.admin_four_eyes`)).length).toBe(1);
    } finally {
      await t.db.query(`UPDATE accounts.admin_users SET active = true WHERE id = ANY($1::uuid[])`, [
        others.map((o) => o.id),
      ]);
      if (mark)
        await t.db.query(
          `INSERT INTO accounts.admin_four_eyes (since) VALUES ($1)
           ON CONFLICT (singleton) DO UPDATE SET since = excluded.since`,
          [mark.since],
        );
    }
  });

  it('a super-admin left alone after the others are gone cannot grant the role at once', async () => {
    // X, after every other super-admin was disabled or demoted (loud, audited: here set aside in
    // the database for a moment, so that other files' sessions live on), asks for the role for an
    // account of their own. Two have been active: it waits, and nobody left may approve it.
    const x = await inserted('{super_admin}');
    // Any change by a super-admin while two or more are active keeps the record that they were.
    expect(
      (await t.http().put(`${ADMINS}/${x.id}`).set(bearer(x.token)).send({ displayName: 'X' })).body.code,
    ).toBe(200);
    const others = await t.db.query<{ id: string }[]>(
      `WITH aside AS (UPDATE accounts.admin_users SET active = false
                      WHERE active AND 'super_admin' = ANY(roles) AND id <> $1 RETURNING id)
       SELECT id FROM aside`,
      [x.id],
    );
    let sock: Created;
    try {
      expect((await t.http().get(`${GRANTS}/mode`).set(bearer(x.token))).body.result).toMatchObject({
        mode: 'request',
        activeSuperAdmins: 1,
        fourEyesSince: expect.any(String),
      });
      sock = await create(x, ['super_admin']);
    } finally {
      await t.db.query(`UPDATE accounts.admin_users SET active = true WHERE id = ANY($1::uuid[])`, [
        others.map((o) => o.id),
      ]);
    }
    expect(sock.roles).toEqual([]);
    expect(sock.pendingRoleGrant).toMatchObject({ role: 'super_admin', requestedBy: x.id });
    expect(await rolesOf(sock.id)).toEqual([]);
    const sockToken = await tokenOf(sock.email, sock.password);
    expect((await decide(sockToken, sock.pendingRoleGrant!.id, 'approve')).body.code).toBe(403);
    expect(await rolesOf(sock.id)).toEqual([]);
    // The others are back: one of them decides.
    expect((await decide(a, sock.pendingRoleGrant!.id, 'reject', { reason: 'not ours' })).body.code).toBe(
      200,
    );
  });

  it("a super-admin's password is not reset by another admin; after the role is removed it is, and the role comes back by a grant", async () => {
    const target = await inserted('{super_admin,reviewer}');
    const refused = await t
      .http()
      .post(`${ADMINS}/${target.id}/resetPassword`)
      .set(bearer(a.token))
      .send({ reason: 'forgot it' });
    expect(refused.body).toMatchObject({
      code: 403,
      message: expect.stringContaining('remove the super-admin role first'),
    });
    // Nothing changed: the old password still signs in, the sessions live, nothing audited.
    expect((await t.http().get('/swx/admin/me').set(bearer(target.token))).body.code).toBe(200);
    await tokenOf(target.email, target.password);
    expect((await auditOf(target.id)).map((x) => x.action)).not.toContain('admin.admin_password_reset');
    // The same for a disabled super-admin (enabling it again would hand the role back).
    const disabled = await inserted('{super_admin}');
    await t.db.query(`UPDATE accounts.admin_users SET active = false WHERE id = $1`, [disabled.id]);
    const refusedDisabled = await t
      .http()
      .post(`${ADMINS}/${disabled.id}/resetPassword`)
      .set(bearer(a.token))
      .send({ reason: 'forgot it' });
    expect(refusedDisabled.body.code).toBe(403);

    // Demoted first (audited, the account sees it), then reset.
    const demoted = await t
      .http()
      .put(`${ADMINS}/${target.id}`)
      .set(bearer(a.token))
      .send({ roles: ['reviewer'] });
    expect(demoted.body.result.roles).toEqual(['reviewer']);
    const reset = await t
      .http()
      .post(`${ADMINS}/${target.id}/resetPassword`)
      .set(bearer(a.token))
      .send({ reason: 'forgot it' });
    expect(reset.body.code).toBe(200);
    const password = reset.body.result.password as string;
    // A cannot give the role back alone; B decides.
    const asked = await t
      .http()
      .put(`${ADMINS}/${target.id}`)
      .set(bearer(a.token))
      .send({ roles: ['reviewer', 'super_admin'] });
    expect(asked.body.result.roles).toEqual(['reviewer']);
    const grantId = asked.body.result.pendingRoleGrant.id as string;
    const asTarget = await tokenOf(target.email, password);
    expect((await decide(asTarget, grantId, 'approve')).body.code).toBe(403);
    expect((await decide(b, grantId, 'approve')).body.result.status).toBe('approved');
    expect(await rolesOf(target.id)).toEqual(['reviewer', 'super_admin']);
  });

  it('ADMIN_RECOVER: the operator makes ADMIN_EMAIL an active super-admin again, 2FA off, sessions ended, audited', async () => {
    const lost = await inserted('{reviewer}');
    await t.db.query(
      `UPDATE accounts.admin_users SET active = false, disabled_at = now(), disabled_reason = 'gone',
              totp_secret = 'JBSWY3DPEHPK3PXP', totp_enabled_at = now() WHERE id = $1`,
      [lost.id],
    );
    const recovered = await createTestApp({
      MARKET_SOURCES: 'none',
      ADMIN_EMAIL: lost.email,
      ADMIN_PASSWORD: 'recovered-by-the-operator',
      ADMIN_RECOVER: 'true',
    });
    try {
      const [row] = await t.db.query<
        { roles: string[]; active: boolean; totp_enabled_at: Date | null; disabled_reason: string | null }[]
      >(`SELECT roles, active, totp_enabled_at, disabled_reason FROM accounts.admin_users WHERE id = $1`, [
        lost.id,
      ]);
      expect(row).toEqual({
        roles: ['reviewer', 'super_admin'],
        active: true,
        totp_enabled_at: null,
        disabled_reason: null,
      });
      // The old session is over; the operator's password signs in without a second factor.
      expect((await t.http().get('/swx/admin/me').set(bearer(lost.token))).body.code).toBe(401);
      await tokenOf(lost.email, 'recovered-by-the-operator');
      const audit = await auditOf(lost.id);
      expect(audit.filter((x) => x.action === 'admin.recovered')).toEqual([
        expect.objectContaining({
          admin_id: null,
          detail: expect.objectContaining({
            by: 'ADMIN_RECOVER',
            before: expect.objectContaining({ active: false }),
          }),
        }),
      ]);
    } finally {
      await recovered.close();
    }
  });
});
