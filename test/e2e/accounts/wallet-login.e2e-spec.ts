import { Wallet } from 'ethers';
import { SiweMessage } from 'siwe';
import { createTestApp, type TestApp } from '../../support/test-app';

const DOMAIN = 'swx.example';

/** A fresh random key (a plain Wallet, not an HD node). */
const randomWallet = (): Wallet => new Wallet(Wallet.createRandom().privateKey);

describe('wallet login (SIWE) /swx/customer/login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SIWE_DOMAINS: DOMAIN, SIWE_CHAIN_IDS: '1,137' });
  });
  afterAll(async () => {
    await t.close();
  });

  async function nonceFor(address: string): Promise<string> {
    const res = await t.http().get('/swx/customer/login/dappNonce').query({ address });
    expect(res.body.code).toBe(200);
    return res.body.result.nonce as string;
  }

  /** A signed EIP-4361 message; `overrides` change the message, `signer` signs in place of the wallet. */
  async function signIn(
    wallet: Wallet,
    overrides: Partial<{
      domain: string;
      uri: string;
      chainId: number;
      nonce: string;
      issuedAt: string;
      expirationTime: string;
    }> = {},
    signer: Wallet = wallet,
  ) {
    const nonce = overrides.nonce ?? (await nonceFor(wallet.address));
    const message = new SiweMessage({
      domain: overrides.domain ?? DOMAIN,
      address: wallet.address,
      statement: 'Sign in to SWX',
      uri: overrides.uri ?? `https://${overrides.domain ?? DOMAIN}/login`,
      version: '1',
      chainId: overrides.chainId ?? 1,
      nonce,
      issuedAt: overrides.issuedAt ?? new Date().toISOString(),
      expirationTime: overrides.expirationTime ?? new Date(Date.now() + 5 * 60_000).toISOString(),
    }).prepareMessage();
    const signature = await signer.signMessage(message);
    return { message, signature };
  }

  const login = (body: object) => t.http().post('/swx/customer/login/loginByDapp').send(body);

  describe('GET/POST dappNonce', () => {
    it('400 for a malformed address; a fresh random nonce each time', async () => {
      const bad = await t.http().get('/swx/customer/login/dappNonce').query({ address: '0x123' });
      expect(bad.body).toMatchObject({ code: 400, result: [{ field: 'address' }] });
      const address = randomWallet().address;
      const a = await nonceFor(address);
      const b = await t.http().post('/swx/customer/login/dappNonce').send({ address });
      expect(a).toMatch(/^[0-9a-f]{32}$/);
      expect(b.body.result.nonce).not.toBe(a);
    });
  });

  describe('POST loginByDapp', () => {
    it('400 for malformed input', async () => {
      expect((await login({})).body.code).toBe(400);
      const bad = await login({ message: 'hello', signature: `0x${'ab'.repeat(65)}` });
      expect(bad.body).toMatchObject({ code: 400, result: [{ field: 'message' }] });
    });

    it('creates a user w_<hex> with the demo book funded, then logs the same user in again', async () => {
      const wallet = randomWallet();
      const first = await login(await signIn(wallet));
      expect(first.body.code).toBe(200);
      const { token, expiresAt, user } = first.body.result;
      expect(typeof token).toBe('string');
      expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now());
      expect(user).toMatchObject({
        username: `w_${wallet.address.slice(2, 10).toLowerCase()}`,
        email: null,
        phone: null,
        status: 'active',
      });
      const info = await t
        .http()
        .post('/swx/customer/user/getUserInfo')
        .set('Authorization', `Bearer ${token}`);
      expect(info.body.result).toMatchObject({
        id: user.id,
        balances: [{ currency: 'USDT', available: '100000' }],
      });
      const rows = await t.db.query(
        'SELECT user_id, address, chain_id FROM accounts.wallet_links WHERE user_id = $1',
        [user.id],
      );
      expect(rows).toEqual([{ user_id: user.id, address: wallet.address.toLowerCase(), chain_id: 1 }]);

      const again = await login(await signIn(wallet, { chainId: 137 }));
      expect(again.body.code).toBe(200);
      expect(again.body.result.user.id).toBe(user.id);
      expect(again.body.result.token).not.toBe(token);
      // No password login for a wallet-only user.
      const byPassword = await t
        .http()
        .post('/swx/customer/login/login')
        .send({ account: user.username, password: 'anything-at-all' });
      expect(byPassword.body.code).toBe(10004);
    });

    it('refuses a replayed nonce (siweNonce), an unknown nonce, and a nonce issued for another address', async () => {
      const wallet = randomWallet();
      const signed = await signIn(wallet);
      expect((await login(signed)).body.code).toBe(200);
      const replay = await login(signed);
      expect(replay.body).toMatchObject({
        code: 400,
        result: [{ field: 'message', message: 'The sign-in nonce is unknown, expired or already used' }],
      });
      const unknown = await login(await signIn(wallet, { nonce: 'abcdef0123456789abcdef0123456789' }));
      expect(unknown.body).toMatchObject({ code: 400, result: [{ field: 'message' }] });
      const otherNonce = await nonceFor(randomWallet().address);
      const stolen = await login(await signIn(wallet, { nonce: otherNonce }));
      expect(stolen.body).toMatchObject({
        code: 400,
        result: [{ field: 'message', message: 'The sign-in nonce is unknown, expired or already used' }],
      });
    });

    it('refuses an expired message (siweExpired): expirationTime passed, or issuedAt too old', async () => {
      const wallet = randomWallet();
      const expired = await login(
        await signIn(wallet, {
          issuedAt: new Date(Date.now() - 60_000).toISOString(),
          expirationTime: new Date(Date.now() - 1_000).toISOString(),
        }),
      );
      expect(expired.body).toMatchObject({
        code: 400,
        result: [{ field: 'message', message: 'The signed sign-in message has expired' }],
      });
      const old = await login(
        await signIn(wallet, { issuedAt: new Date(Date.now() - 10 * 60_000).toISOString() }),
      );
      expect(old.body).toMatchObject({ code: 400, result: [{ field: 'message' }] });
      expect(old.body.result[0].message).toBe('The signed sign-in message has expired');
    });

    it('refuses a wrong domain, a URI of another origin and a chain not accepted', async () => {
      const wallet = randomWallet();
      const domain = await login(await signIn(wallet, { domain: 'evil.example' }));
      expect(domain.body).toMatchObject({
        code: 400,
        result: [{ field: 'message', message: 'The sign-in message was made for another site' }],
      });
      const uri = await login(await signIn(wallet, { uri: 'https://evil.example/login' }));
      expect(uri.body).toMatchObject({ code: 400, result: [{ field: 'message' }] });
      const chain = await login(await signIn(wallet, { chainId: 56 }));
      expect(chain.body).toMatchObject({
        code: 400,
        result: [{ field: 'message', message: 'This network is not accepted for sign-in' }],
      });
    });

    it('refuses a signature by another key (siweSignature), and the nonce survives for the owner', async () => {
      const wallet = randomWallet();
      const nonce = await nonceFor(wallet.address);
      const forged = await login(await signIn(wallet, { nonce }, randomWallet()));
      expect(forged.body).toMatchObject({
        code: 400,
        result: [{ field: 'signature', message: 'The wallet signature is invalid' }],
      });
      expect((await login(await signIn(wallet, { nonce }))).body.code).toBe(200);
    });

    it("without SIWE_DOMAINS, the request's Host is never trusted: the web app's configured origins are", async () => {
      // The web app's public origin is what the config has of it: the host of OIDC_REDIRECT_URI.
      const plain = await createTestApp({
        OIDC_REDIRECT_URI: 'https://app.swx.test/api/loginCallback/google',
      });
      try {
        const wallet = randomWallet();
        const signedFor = async (domain: string) => {
          const nonce = (
            await plain.http().get('/swx/customer/login/dappNonce').query({ address: wallet.address })
          ).body.result.nonce as string;
          return signIn(wallet, { domain, nonce, uri: `https://${domain}/login` });
        };
        const send = (body: object, host: string) =>
          plain.http().post('/swx/customer/login/loginByDapp').set('Host', host).send(body);
        // A phishing site's message, sent with the phishing site's Host: refused.
        const phished = await send(await signedFor('evil.test'), 'evil.test');
        expect(phished.body).toMatchObject({
          code: 400,
          result: [{ field: 'message', message: 'The sign-in message was made for another site' }],
        });
        // The configured origin, whatever Host the request carries.
        expect((await send(await signedFor('app.swx.test'), 'other.test')).body.code).toBe(200);
        // A local run: the platform's own port (PORT, 3000 here) and the web-user dev server (5173).
        for (const local of ['localhost:3000', '127.0.0.1:3000', 'localhost:5173'])
          expect([local, (await send(await signedFor(local), local)).body.code]).toEqual([local, 200]);
        expect((await send(await signedFor('localhost:4000'), 'localhost:4000')).body.code).toBe(400);
      } finally {
        await plain.close();
      }
    });

    it('in production, without SIWE_DOMAINS, loopback origins are refused too', async () => {
      const prod = await createTestApp({ NODE_ENV: 'production' });
      try {
        const wallet = randomWallet();
        const nonce = (
          await prod.http().get('/swx/customer/login/dappNonce').query({ address: wallet.address })
        ).body.result.nonce as string;
        const signed = await signIn(wallet, {
          domain: 'localhost:3000',
          nonce,
          uri: 'http://localhost:3000/',
        });
        const res = await prod
          .http()
          .post('/swx/customer/login/loginByDapp')
          .set('Host', 'localhost:3000')
          .send(signed);
        expect(res.body).toMatchObject({ code: 400, result: [{ field: 'message' }] });
      } finally {
        await prod.close();
      }
    });
  });
});
