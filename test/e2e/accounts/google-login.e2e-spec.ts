import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser, uniqueName } from '../../support/users';
import { generate } from 'otplib';
import { SecurityChangesService } from '@app/accounts';
import { Clock } from '@app/common';

const CLIENT_ID = 'swx-test-client';
const CLIENT_SECRET = 'a-client-secret-for-tests-only';
const REDIRECT_URI = 'http://app.swx.test/api/loginCallback/google';

/** Starts the loopback OIDC provider in its own process; answers its issuer URL. */
async function startProvider(): Promise<{ child: ChildProcess; issuer: string }> {
  const child = spawn(
    process.execPath,
    [path.join(__dirname, '../../support/oidc-provider.mjs'), CLIENT_ID, CLIENT_SECRET, REDIRECT_URI],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`OIDC provider exited with ${code}`)));
  });
  return { child, issuer: (JSON.parse(first) as { issuer: string }).issuer };
}

describe('Google (OIDC) login /swx/customer/login', () => {
  let t: TestApp;
  let provider: { child: ChildProcess; issuer: string };
  beforeAll(async () => {
    provider = await startProvider();
    t = await createTestApp({
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      OIDC_REDIRECT_URI: REDIRECT_URI,
    });
  });
  afterAll(async () => {
    await t.close();
    provider.child.kill();
  });

  /**
   * The browser's part: googleAuthUrl, then the provider's redirects (with its cookies) until it
   * sends the browser to the callback page; answers the callback's query parameters.
   */
  async function authorize(email: string): Promise<Record<string, string>> {
    const start = await t.http().get('/swx/customer/login/googleAuthUrl');
    expect(start.body.code).toBe(200);
    const url = new URL(start.body.result.url as string);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('nonce')).toEqual(expect.any(String));
    expect(url.searchParams.get('state')).toBe(start.body.result.state);
    url.searchParams.set('login_hint', email);
    const cookies = new Map<string, string>();
    let next = url.href;
    for (let hop = 0; hop < 10; hop++) {
      if (next.startsWith(REDIRECT_URI)) return Object.fromEntries(new URL(next).searchParams);
      const res = await fetch(next, {
        redirect: 'manual',
        headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const eq = pair.indexOf('=');
        cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
      }
      const location = res.headers.get('location');
      if (!location) throw new Error(`provider answered ${res.status}: ${await res.text()}`);
      next = new URL(location, next).href;
    }
    throw new Error('too many redirects');
  }

  const loginByGoogle = (body: object) => t.http().post('/swx/customer/login/loginByGoogle').send(body);

  it('404 while not configured', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.http().get('/swx/customer/login/googleAuthUrl')).body.code).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('GET methods says google: true while OIDC is configured (public, no token)', async () => {
    const res = await t.http().get('/swx/customer/login/methods');
    expect(res.body).toEqual({ code: 200, result: { google: true, wallet: true }, message: 'Success' });
  });

  it('400 for malformed input', async () => {
    const res = await loginByGoogle({ code: '' });
    expect(res.body.code).toBe(400);
  });

  it('creates a user from the verified e-mail, with the demo book, then logs the same user in', async () => {
    const email = `${uniqueName()}@example.com`;
    const first = await loginByGoogle(await authorize(email));
    expect(first.body.code).toBe(200);
    const { token, user } = first.body.result;
    expect(user).toMatchObject({ email, phone: null, status: 'active' });
    expect(user.username).toMatch(/^g_[0-9a-f]{8}$/);
    const info = await t
      .http()
      .post('/swx/customer/user/getUserInfo')
      .set('Authorization', `Bearer ${token}`);
    expect(info.body.result).toMatchObject({ balances: [{ currency: 'USDT', available: '100000' }] });
    const again = await loginByGoogle(await authorize(email));
    expect(again.body.code).toBe(200);
    expect(again.body.result.user.id).toBe(user.id);
  });

  it('links an existing user with the same e-mail', async () => {
    const existing = await registerUser(t);
    const res = await loginByGoogle(await authorize(existing.email));
    expect(res.body.code).toBe(200);
    expect(res.body.result.user.id).toBe(existing.id);
    const links = await t.db.query('SELECT issuer, email FROM accounts.oidc_links WHERE user_id = $1', [
      existing.id,
    ]);
    expect(links).toEqual([{ issuer: provider.issuer, email: existing.email }]);
  });

  it('a link by the matching e-mail is a security change: withdrawals wait 24 hours and the user is told', async () => {
    const existing = await registerUser(t);
    const securityChanges = async () => {
      const [row] = await t.db.query('SELECT security_changed_at FROM accounts.users WHERE id = $1', [
        existing.id,
      ]);
      const notes = await t.db.query(
        `SELECT title FROM content.notifications WHERE user_id = $1 AND key LIKE 'security-change-%'`,
        [existing.id],
      );
      return {
        changedAt: row.security_changed_at as Date | null,
        titles: notes.map((n: { title: string }) => n.title),
      };
    };
    expect(await securityChanges()).toEqual({ changedAt: null, titles: [] });
    expect(await t.app.get(SecurityChangesService).withdrawalHoldUntil(existing.id)).toBeNull();

    const res = await loginByGoogle(await authorize(existing.email));
    expect(res.body.code).toBe(200);
    expect(res.body.result.user.id).toBe(existing.id);
    const after = await securityChanges();
    expect(after.changedAt).toEqual(expect.any(Date));
    expect(after.titles).toEqual(['message.securityChangeLoginLinkedTitle']);
    expect(await t.app.get(SecurityChangesService).withdrawalHoldUntil(existing.id)).toEqual(
      new Date(after.changedAt!.getTime() + 24 * 3600 * 1000),
    );

    // Logging in again by the same Google account links nothing new: no further change.
    expect((await loginByGoogle(await authorize(existing.email))).body.code).toBe(200);
    expect(await securityChanges()).toEqual(after);
  });

  // Whoever holds a Google account with a user's e-mail but not the user's second factor gets
  // nothing stored: the link (with its withdrawal hold and notice) is made only once the login is
  // complete, after the second factor.
  it('with 2FA on, the link by e-mail waits for the second factor: an abandoned or failed login links nothing', async () => {
    const clock = t.app.get(Clock);
    const totp = (secret: string) => generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) });
    const existing = await registerUser(t);
    const bearer = { Authorization: `Bearer ${existing.token}` };
    const secret = (await t.http().post('/swx/customer/user/2fa/setup').set(bearer)).body.result
      .secret as string;
    const enabled = await t
      .http()
      .post('/swx/customer/user/2fa/enable')
      .set(bearer)
      .send({ code: await totp(secret) });
    expect(enabled.body.code).toBe(200);
    clock.advance(30_000);

    const state = async () => {
      const links = await t.db.query('SELECT issuer FROM accounts.oidc_links WHERE user_id = $1', [
        existing.id,
      ]);
      const [row] = await t.db.query('SELECT security_changed_at FROM accounts.users WHERE id = $1', [
        existing.id,
      ]);
      const notes = await t.db.query(
        `SELECT title FROM content.notifications WHERE user_id = $1 AND key LIKE 'security-change-%'`,
        [existing.id],
      );
      return {
        links: links.length as number,
        changedAt: row.security_changed_at as Date | null,
        titles: notes.map((n: { title: string }) => n.title) as string[],
      };
    };
    const before = await state();
    expect(before.links).toBe(0);
    const login2fa = (body: object) => t.http().post('/swx/customer/login/login2fa').send(body);

    // Abandoned at the second factor: no link, no hold, no notice.
    const abandoned = await loginByGoogle(await authorize(existing.email));
    expect(abandoned.body.result).toEqual({
      twoFactorRequired: true,
      challenge: expect.any(String),
      expiresAt: expect.any(String),
    });
    expect(await state()).toEqual(before);

    // A wrong second factor: the same.
    const failed = await loginByGoogle(await authorize(existing.email));
    expect((await login2fa({ challenge: failed.body.result.challenge, code: '000000' })).body.code).toBe(
      10091,
    );
    expect(await state()).toEqual(before);
    // Nor does the Google account log in by a link of its own now: it still needs the second factor.
    const again = await loginByGoogle(await authorize(existing.email));
    expect(again.body.result.twoFactorRequired).toBe(true);
    expect(await state()).toEqual(before);

    // The second factor passed: the login completes and only now links (held, told).
    const done = await login2fa({ challenge: again.body.result.challenge, code: await totp(secret) });
    expect(done.body).toMatchObject({
      code: 200,
      result: { token: expect.any(String), user: { id: existing.id } },
    });
    const after = await state();
    expect(after.links).toBe(1);
    expect(after.changedAt).toEqual(expect.any(Date));
    expect(after.titles).toEqual([...before.titles, 'message.securityChangeLoginLinkedTitle']);

    // An earlier challenge of the same Google account, completed later, links nothing new.
    clock.advance(30_000);
    expect(
      (await login2fa({ challenge: abandoned.body.result.challenge, code: await totp(secret) })).body.code,
    ).toBe(200);
    expect(await state()).toEqual(after);
  });

  it('a user created by Google login has made no security change', async () => {
    const res = await loginByGoogle(await authorize(`${uniqueName()}@example.com`));
    expect(res.body.code).toBe(200);
    const [row] = await t.db.query('SELECT security_changed_at FROM accounts.users WHERE id = $1', [
      res.body.result.user.id,
    ]);
    expect(row.security_changed_at).toBeNull();
  });

  it('refuses a state used twice, an unknown state, a forged code and an unverified e-mail', async () => {
    const callback = await authorize(`${uniqueName()}@example.com`);
    expect((await loginByGoogle(callback)).body.code).toBe(200);
    expect((await loginByGoogle(callback)).body).toMatchObject({ code: 400, result: [{ field: 'state' }] });
    expect((await loginByGoogle({ code: 'x', state: 'no-such-state' })).body).toMatchObject({
      code: 400,
      result: [{ field: 'state' }],
    });

    const fresh = await authorize(`${uniqueName()}@example.com`);
    const forged = await loginByGoogle({ ...fresh, code: 'forged-code' });
    expect(forged.body).toMatchObject({
      code: 400,
      result: [{ field: 'code', message: 'The sign-in provider refused the login' }],
    });

    const unverified = await loginByGoogle(await authorize(`unverified-${uniqueName()}@example.com`));
    expect(unverified.body).toMatchObject({
      code: 400,
      result: [
        { field: 'code', message: 'The e-mail of this account has not been verified by the provider' },
      ],
    });
  });
});
