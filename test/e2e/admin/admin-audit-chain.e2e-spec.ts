import { hashSecret } from '@app/common';
import { createTestApp, type TestApp } from '../../support/test-app';
import { uniqueName } from '../../support/users';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

interface AuditRow {
  id: string;
  action: string;
  detail: Record<string, unknown>;
  prev_hash: string;
  hash: string;
}

// The audit log is tamper-evident: each row carries the previous row's hash and its own, written
// under a lock so the chain is linear; GET /swx/admin/audit/verify walks it and names the first
// broken row. The rows edited here are put back before the test ends (one DB per run).
describe('tamper-evident admin audit log', () => {
  let t: TestApp;
  let superAdmin: string;
  beforeAll(async () => {
    t = await createTestApp();
    superAdmin = (
      await t
        .http()
        .post('/swx/admin/login')
        .send({ email: 'admin@example.com', password: 'admin-password-for-tests' })
    ).body.result.token;
  });
  afterAll(async () => {
    await t.close();
  });

  const verify = () => t.http().get('/swx/admin/audit/verify').set(bearer(superAdmin));

  async function newAdmin(roles: string) {
    const email = `${uniqueName('aud')}@example.com`;
    const password = 'audit-chain-password';
    await t.db.query(`INSERT INTO accounts.admin_users (email, password_hash, roles) VALUES ($1, $2, $3)`, [
      email,
      await hashSecret(password),
      roles,
    ]);
    return { email, password };
  }

  it('only a super-admin verifies the chain', async () => {
    const reviewer = await newAdmin('{reviewer}');
    const token = (await t.http().post('/swx/admin/login').send(reviewer)).body.result.token as string;
    expect((await t.http().get('/swx/admin/audit/verify').set(bearer(token))).body.code).toBe(403);
    expect((await t.http().get('/swx/admin/audit/verify')).body.code).toBe(401);
  });

  it('rows written concurrently form one linear chain that verifies', async () => {
    const admin = await newAdmin('{operator}');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t
          .http()
          .post('/swx/admin/login')
          .send(i % 2 ? admin : { ...admin, password: 'wrong-password-here' }),
      ),
    );
    expect(answers.filter((a) => a.body.code === 200)).toHaveLength(6);
    const rows = await t.db.query<AuditRow[]>(
      `SELECT id::text, action, detail, prev_hash, hash FROM accounts.admin_audit ORDER BY admin_audit.id`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(12);
    expect(rows[0].prev_hash).toBe('0'.repeat(64));
    for (let i = 1; i < rows.length; i++) {
      expect(rows[i].hash).toMatch(/^[0-9a-f]{64}$/);
      expect(rows[i].prev_hash).toBe(rows[i - 1].hash);
    }
    const report = await verify();
    expect(report.body.code).toBe(200);
    expect(report.body.result).toMatchObject({
      ok: true,
      firstBroken: null,
      headHash: rows[rows.length - 1].hash,
    });
    expect(report.body.result.checked).toBeGreaterThanOrEqual(rows.length);
  });

  it('an edited, a re-hashed or a deleted row is reported as the first broken one', async () => {
    const admin = await newAdmin('{reviewer}');
    await t.http().post('/swx/admin/login').send(admin);
    await t.http().post('/swx/admin/login').send(admin);
    await t.http().post('/swx/admin/login').send(admin);
    const [target] = await t.db.query<(AuditRow & { ip: string | null })[]>(
      `SELECT a.id::text, a.action, a.detail, a.prev_hash, a.hash, a.ip FROM accounts.admin_audit a
       JOIN accounts.admin_users u ON u.id = a.admin_id WHERE u.email = $1 ORDER BY a.id LIMIT 1`,
      [admin.email],
    );
    expect((await verify()).body.result.ok).toBe(true);

    try {
      // Someone with SQL access rewrites who did it: the row's own hash no longer matches.
      await t.db.query(`UPDATE accounts.admin_audit SET ip = '203.0.113.9' WHERE id = $1`, [target.id]);
      expect((await verify()).body.result).toMatchObject({
        ok: false,
        firstBroken: { id: target.id, reason: 'hash_mismatch' },
      });
    } finally {
      await t.db.query(`UPDATE accounts.admin_audit SET ip = $2 WHERE id = $1`, [target.id, target.ip]);
    }
    expect((await verify()).body.result.ok).toBe(true);

    // Deleting the row breaks the link of the next one.
    const [next] = await t.db.query<{ id: string }[]>(
      `SELECT id::text FROM accounts.admin_audit WHERE id > $1 ORDER BY admin_audit.id LIMIT 1`,
      [target.id],
    );
    const [saved] = await t.db.query<Record<string, unknown>[]>(
      `SELECT *, created_at::text AS created_text FROM accounts.admin_audit WHERE id = $1`,
      [target.id],
    );
    try {
      await t.db.query(`DELETE FROM accounts.admin_audit WHERE id = $1`, [target.id]);
      expect((await verify()).body.result).toMatchObject({
        ok: false,
        firstBroken: { id: next.id, reason: 'prev_hash_mismatch' },
      });
    } finally {
      await t.db.query(
        `INSERT INTO accounts.admin_audit (id, admin_id, action, target_type, target_id, detail, ip, created_at, prev_hash, hash)
         OVERRIDING SYSTEM VALUE VALUES ($1, $2, $3, $4, $5, $6, $7, $8::timestamptz, $9, $10)`,
        [
          saved.id,
          saved.admin_id,
          saved.action,
          saved.target_type,
          saved.target_id,
          saved.detail,
          saved.ip,
          saved.created_text,
          saved.prev_hash,
          saved.hash,
        ],
      );
    }
    expect((await verify()).body.result.ok).toBe(true);
  });
});
