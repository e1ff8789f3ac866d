import { randomBytes } from 'node:crypto';
import type { TestApp } from './test-app';

export interface RegisteredUser {
  id: string;
  username: string;
  email: string;
  password: string;
  token: string;
}

export function uniqueName(prefix = 'u'): string {
  return `${prefix}${randomBytes(5).toString('hex')}`;
}

/** The last code sent to a recipient, read from the outbox the embedded default writes to. */
export async function lastCode(t: TestApp, recipient: string): Promise<string> {
  const rows: { body: string }[] = await t.db.query(
    'SELECT body FROM accounts.outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1',
    [recipient],
  );
  const match = /\b(\d{6})\b/.exec(rows[0]?.body ?? '');
  if (!match) throw new Error(`no code was sent to ${recipient}`);
  return match[1];
}

/** sendCode -> register by e-mail; answers the new user with a live token. */
export async function registerUser(
  t: TestApp,
  overrides: Partial<{ password: string; inviteCode: string }> = {},
) {
  const username = uniqueName();
  const email = `${username}@example.com`;
  const password = overrides.password ?? 'correct horse battery';
  const sent = await t
    .http()
    .post('/swx/customer/login/sendCode')
    .send({ type: 'email', account: email, scene: 'register' });
  if (sent.body.code !== 200) throw new Error(`sendCode failed: ${JSON.stringify(sent.body)}`);
  const code = await lastCode(t, email);
  const res = await t
    .http()
    .post('/swx/customer/login/register')
    .send({
      type: 'email',
      account: email,
      username,
      password,
      code,
      ...(overrides.inviteCode ? { inviteCode: overrides.inviteCode } : {}),
    });
  if (res.body.code !== 200) throw new Error(`register failed: ${JSON.stringify(res.body)}`);
  return { id: res.body.result.user.id, username, email, password, token: res.body.result.token };
}
