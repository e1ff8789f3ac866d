import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Wallet } from 'ethers';
import { SiweMessage } from 'siwe';
import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser, uniqueName, type RegisteredUser } from '../../support/users';

const CLIENT_ID = 'swx-test-client';
const CLIENT_SECRET = 'a-client-secret-for-tests-only';
const REDIRECT_URI = 'http://app.swx.test/api/loginCallback/google';
const DOMAIN = 'swx.example';

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

const randomWallet = (): Wallet => new Wallet(Wallet.createRandom().privateKey);

describe('linking Google accounts and wallets /swx/customer/user/links', () => {
  let t: TestApp;
  let provider: { child: ChildProcess; issuer: string };
  beforeAll(async () => {
    provider = await startProvider();
    t = await createTestApp({
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      OIDC_REDIRECT_URI: REDIRECT_URI,
      SIWE_DOMAINS: DOMAIN,
    });
  });
  afterAll(async () => {
    await t.close();
    provider.child.kill();
  });

  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

  /** The browser at the provider: follows its redirects until the callback page; answers its query. */
  async function atProvider(startUrl: string, email: string): Promise<Record<string, string>> {
    const url = new URL(startUrl);
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

  /** The callback of a link flow started by the logged-in user (token). */
  async function linkCallback(token: string, email: string) {
    const start = await t.http().get('/swx/customer/user/links/googleAuthUrl').set(bearer(token));
    expect(start.body.code).toBe(200);
    return atProvider(start.body.result.url as string, email);
  }
  async function loginCallback(email: string) {
    const start = await t.http().get('/swx/customer/login/googleAuthUrl');
    return atProvider(start.body.result.url as string, email);
  }
  const linkGoogle = (token: string, body: object) =>
    t.http().post('/swx/customer/user/links/google').set(bearer(token)).send(body);
  const unlinkGoogle = (token: string, body: object) =>
    t.http().post('/swx/customer/user/links/google/unlink').set(bearer(token)).send(body);
  const links = async (token: string) =>
    (await t.http().get('/swx/customer/user/links').set(bearer(token))).body.result;

  async function siwe(wallet: Wallet) {
    const nonce = await t.http().get('/swx/customer/login/dappNonce').query({ address: wallet.address });
    const message = new SiweMessage({
      domain: DOMAIN,
      address: wallet.address,
      statement: 'Link this wallet to SWX',
      uri: `https://${DOMAIN}/profile`,
      version: '1',
      chainId: 1,
      nonce: nonce.body.result.nonce as string,
      issuedAt: new Date().toISOString(),
    }).prepareMessage();
    return { message, signature: await wallet.signMessage(message) };
  }
  const linkWallet = (token: string, body: object) =>
    t.http().post('/swx/customer/user/links/wallet').set(bearer(token)).send(body);
  const unlinkWallet = (token: string, address: string) =>
    t.http().post('/swx/customer/user/links/wallet/unlink').set(bearer(token)).send({ address });

  it('401 without a session; 400 for malformed input', async () => {
    expect((await t.http().get('/swx/customer/user/links')).body.code).toBe(401);
    const user = await registerUser(t);
    expect((await unlinkWallet(user.token, '0x12')).body).toMatchObject({
      code: 400,
      result: [{ field: 'address' }],
    });
    expect((await linkGoogle(user.token, { code: '' })).body.code).toBe(400);
  });

  describe('wallets', () => {
    it('a logged-in user links a wallet; wallet login then opens that user', async () => {
      const user = await registerUser(t);
      const wallet = randomWallet();
      const linked = await linkWallet(user.token, await siwe(wallet));
      expect(linked.body.code).toBe(200);
      expect(linked.body.result).toMatchObject({
        hasPassword: true,
        google: [],
        wallets: [{ address: wallet.address.toLowerCase(), chainId: 1 }],
      });
      const login = await t
        .http()
        .post('/swx/customer/login/loginByDapp')
        .send(await siwe(wallet));
      expect(login.body.code).toBe(200);
      expect(login.body.result.user.id).toBe(user.id);
      // Linking the same wallet again is harmless; a replayed signature is not accepted.
      const again = await siwe(wallet);
      expect((await linkWallet(user.token, again)).body.code).toBe(200);
      expect((await linkWallet(user.token, again)).body).toMatchObject({
        code: 400,
        result: [{ field: 'message' }],
      });
    });

    it('refuses a wallet that belongs to another user, and a wrong signature', async () => {
      const wallet = randomWallet();
      const owner = await t
        .http()
        .post('/swx/customer/login/loginByDapp')
        .send(await siwe(wallet));
      expect(owner.body.code).toBe(200);
      const user = await registerUser(t);
      const taken = await linkWallet(user.token, await siwe(wallet));
      expect(taken.body).toMatchObject({
        code: 400,
        result: [{ field: 'message', message: 'This account is already linked to another user' }],
      });
      const other = randomWallet();
      const forged = await siwe(other);
      const bad = await linkWallet(user.token, {
        message: forged.message,
        signature: await randomWallet().signMessage(forged.message),
      });
      expect(bad.body).toMatchObject({ code: 400, result: [{ field: 'signature' }] });
      expect((await links(user.token)).wallets).toEqual([]);
    });

    it('unlinks a wallet of a user with a password; refuses an address not linked to me', async () => {
      const user = await registerUser(t);
      const wallet = randomWallet();
      expect((await linkWallet(user.token, await siwe(wallet))).body.code).toBe(200);
      const stranger = randomWallet();
      await t
        .http()
        .post('/swx/customer/login/loginByDapp')
        .send(await siwe(stranger));
      expect((await unlinkWallet(user.token, stranger.address)).body).toMatchObject({
        code: 404,
        message: 'This link was not found on your account',
      });
      const ok = await unlinkWallet(user.token, wallet.address);
      expect(ok.body.code).toBe(200);
      expect(ok.body.result.wallets).toEqual([]);
      // The address is free again: a wallet login now makes a new user.
      const login = await t
        .http()
        .post('/swx/customer/login/loginByDapp')
        .send(await siwe(wallet));
      expect(login.body.result.user.id).not.toBe(user.id);
    });
  });

  describe('Google', () => {
    it('links a Google account with another e-mail; Google login then opens that user', async () => {
      const user = await registerUser(t);
      const googleEmail = `${uniqueName()}@gmail.example`;
      const linked = await linkGoogle(user.token, await linkCallback(user.token, googleEmail));
      expect(linked.body.code).toBe(200);
      expect(linked.body.result.google).toEqual([
        { issuer: provider.issuer, subject: googleEmail, email: googleEmail, linkedAt: expect.any(String) },
      ]);
      const login = await t
        .http()
        .post('/swx/customer/login/loginByGoogle')
        .send(await loginCallback(googleEmail));
      expect(login.body.code).toBe(200);
      expect(login.body.result.user.id).toBe(user.id);
    });

    it('refuses a Google account of another user', async () => {
      const owner = await registerUser(t);
      // Google login links the owner by its verified e-mail.
      expect(
        (
          await t
            .http()
            .post('/swx/customer/login/loginByGoogle')
            .send(await loginCallback(owner.email))
        ).body.result.user.id,
      ).toBe(owner.id);
      const user = await registerUser(t);
      const taken = await linkGoogle(user.token, await linkCallback(user.token, owner.email));
      expect(taken.body).toMatchObject({
        code: 400,
        result: [{ field: 'code', message: 'This account is already linked to another user' }],
      });
      expect((await links(user.token)).google).toEqual([]);
    });

    it("a login state cannot link, a link state cannot log in, and nobody completes another user's link", async () => {
      const user = await registerUser(t);
      const intruder = await registerUser(t);
      const email = `${uniqueName()}@gmail.example`;
      expect((await linkGoogle(user.token, await loginCallback(email))).body).toMatchObject({
        code: 400,
        result: [{ field: 'state' }],
      });
      const forLink = await linkCallback(user.token, email);
      const asLogin = await t.http().post('/swx/customer/login/loginByGoogle').send(forLink);
      expect(asLogin.body).toMatchObject({ code: 400, result: [{ field: 'state' }] });
      const stolen = await linkCallback(user.token, email);
      expect((await linkGoogle(intruder.token, stolen)).body).toMatchObject({
        code: 400,
        result: [{ field: 'state' }],
      });
      expect((await links(intruder.token)).google).toEqual([]);
      // A state is single use.
      const once = await linkCallback(user.token, email);
      expect((await linkGoogle(user.token, once)).body.code).toBe(200);
      expect((await linkGoogle(user.token, once)).body).toMatchObject({
        code: 400,
        result: [{ field: 'state' }],
      });
    });
  });

  describe('the last way to log in stays', () => {
    it('a wallet-only user links Google, unlinks the wallet, and may not unlink Google', async () => {
      const wallet = randomWallet();
      const login = await t
        .http()
        .post('/swx/customer/login/loginByDapp')
        .send(await siwe(wallet));
      const token = login.body.result.token as string;
      expect((await links(token)).hasPassword).toBe(false);

      const onlyWallet = await unlinkWallet(token, wallet.address);
      expect(onlyWallet.body).toMatchObject({
        code: 403,
        message: 'This is your last way to log in: set a password or link another account first',
      });
      expect((await links(token)).wallets).toHaveLength(1);

      const email = `${uniqueName()}@gmail.example`;
      expect((await linkGoogle(token, await linkCallback(token, email))).body.code).toBe(200);
      expect((await unlinkWallet(token, wallet.address)).body.code).toBe(200);
      const google = { issuer: provider.issuer, subject: email };
      expect((await unlinkGoogle(token, google)).body.code).toBe(403);
      const left = await links(token);
      expect(left).toMatchObject({ hasPassword: false, wallets: [], google: [{ subject: email }] });
      // Google still opens the account.
      const viaGoogle = await t
        .http()
        .post('/swx/customer/login/loginByGoogle')
        .send(await loginCallback(email));
      expect(viaGoogle.body.result.user.id).toBe(login.body.result.user.id);
    });

    it('two concurrent unlinks of the last two ways: one passes, one is refused', async () => {
      const wallet = randomWallet();
      const login = await t
        .http()
        .post('/swx/customer/login/loginByDapp')
        .send(await siwe(wallet));
      const token = login.body.result.token as string;
      const email = `${uniqueName()}@gmail.example`;
      expect((await linkGoogle(token, await linkCallback(token, email))).body.code).toBe(200);
      const [a, b] = await Promise.all([
        unlinkWallet(token, wallet.address),
        unlinkGoogle(token, { issuer: provider.issuer, subject: email }),
      ]);
      expect([a.body.code, b.body.code].sort()).toEqual([200, 403]);
      const left = await links(token);
      expect(left.wallets.length + left.google.length).toBe(1);
    });

    it('a user with a password may unlink everything', async () => {
      const user: RegisteredUser = await registerUser(t);
      const wallet = randomWallet();
      expect((await linkWallet(user.token, await siwe(wallet))).body.code).toBe(200);
      const email = `${uniqueName()}@gmail.example`;
      expect((await linkGoogle(user.token, await linkCallback(user.token, email))).body.code).toBe(200);
      expect((await unlinkGoogle(user.token, { issuer: provider.issuer, subject: email })).body.code).toBe(
        200,
      );
      expect((await unlinkWallet(user.token, wallet.address)).body.code).toBe(200);
      expect(await links(user.token)).toMatchObject({ hasPassword: true, google: [], wallets: [] });
    });
  });

  describe('a new way to log in is a security change', () => {
    /** Withdrawals wait 24 hours after a security change; the bell says so. */
    const securityChanges = async (userId: string) => {
      const [user] = await t.db.query('SELECT security_changed_at FROM accounts.users WHERE id = $1', [
        userId,
      ]);
      const notes = await t.db.query(
        `SELECT title FROM content.notifications WHERE user_id = $1 AND key LIKE 'security-change-%'`,
        [userId],
      );
      return { changedAt: user.security_changed_at as Date | null, notes: notes.length as number };
    };

    it('linking a wallet holds withdrawals and notifies the user', async () => {
      const user = await registerUser(t);
      expect(await securityChanges(user.id)).toEqual({ changedAt: null, notes: 0 });
      const wallet = randomWallet();
      expect((await linkWallet(user.token, await siwe(wallet))).body.code).toBe(200);
      const after = await securityChanges(user.id);
      expect(after.changedAt).toEqual(expect.any(Date));
      expect(after.notes).toBe(1);
      // Linking it again adds nothing, and is no new change.
      expect((await linkWallet(user.token, await siwe(wallet))).body.code).toBe(200);
      expect(await securityChanges(user.id)).toEqual(after);
    });

    it('linking a Google account holds withdrawals and notifies the user', async () => {
      const user = await registerUser(t);
      const callback = await linkCallback(user.token, `${uniqueName('g')}@example.com`);
      expect((await linkGoogle(user.token, callback)).body.code).toBe(200);
      const after = await securityChanges(user.id);
      expect(after.changedAt).toEqual(expect.any(Date));
      expect(after.notes).toBe(1);
    });
  });
});
