import { hashSecret } from '@app/common';
import type { TestApp } from '../../support/test-app';
import { registerUser, uniqueName } from '../../support/users';

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export async function adminLogin(t: TestApp, email: string, password: string): Promise<string> {
  const res = await t.http().post('/swx/admin/login').send({ email, password });
  if (res.body.code !== 200) throw new Error(`admin login failed: ${JSON.stringify(res.body)}`);
  return res.body.result.token as string;
}

/** The content endpoints' three kinds of callers: an operator (super-admin), a reviewer, a customer. */
export async function contentCallers(t: TestApp) {
  const operator = await adminLogin(t, 'admin@example.com', 'admin-password-for-tests');
  // An admin without the operator role, created directly as the brief's test recipe says.
  const email = `${uniqueName('rev')}@example.com`;
  const password = 'reviewer-password-for-tests';
  await t.db.query(
    `INSERT INTO accounts.admin_users (email, password_hash, roles) VALUES ($1, $2, '{reviewer}')`,
    [email, await hashSecret(password)],
  );
  const reviewer = await adminLogin(t, email, password);
  const customer = (await registerUser(t)).token;
  return { operator, reviewer, customer };
}

/**
 * The audit's actions on a record, oldest first; only those after the entry `afterId` when given (the
 * run's database is shared by the files of a worker, and another file may change the same record).
 */
export async function auditActions(
  t: TestApp,
  targetType: string,
  targetId: string,
  afterId = '0',
): Promise<string[]> {
  const rows: { action: string }[] = await t.db.query(
    `SELECT action FROM accounts.admin_audit WHERE target_type = $1 AND target_id = $2 AND id > $3 ORDER BY id`,
    [targetType, targetId, afterId],
  );
  return rows.map((r) => r.action);
}

/** The id of the audit's latest entry ('0' when empty): what a test's own entries come after. */
export async function lastAuditId(t: TestApp): Promise<string> {
  const [row] = await t.db.query(`SELECT coalesce(max(id), 0)::text AS id FROM accounts.admin_audit`);
  return (row as { id: string }).id;
}
