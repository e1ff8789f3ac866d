import type Redis from 'ioredis';
import { REDIS_CLIENT } from '@app/queue';
import { createTestApp, type TestApp } from '../../support/test-app';
import { lastCode, registerUser, uniqueName } from '../../support/users';

/*
 * Verification codes under attack: guesses sent at once cannot outnumber the 5 tries of a code, and
 * a password reset answers the same whether the contact has an account or not.
 */
describe('verification codes: tries and answers', () => {
  let t: TestApp;
  let redis: Redis;
  beforeAll(async () => {
    t = await createTestApp();
    redis = t.app.get<Redis>(REDIS_CLIENT);
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (path: string, body: object) =>
    t.http().post(`/swx/customer/login/${path}`).set('lang', 'en').send(body);
  /** Six-digit codes other than `right`, all different. */
  const wrongCodes = (right: string, n: number) =>
    Array.from({ length: n + 1 }, (_, i) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0'))
      .filter((c) => c !== right)
      .slice(0, n);

  it('guesses sent at once: at most 5 are compared, then the code is spent (the right one too)', async () => {
    const user = await registerUser(t);
    expect((await post('sendCode', { type: 'email', account: user.email, scene: 'reset' })).body.code).toBe(
      200,
    );
    const right = await lastCode(t, user.email);
    const answers = await Promise.all(
      wrongCodes(right, 150).map((code) =>
        post('resetPassword', { type: 'email', account: user.email, code, password: 'a guessed password' }),
      ),
    );
    const messages = answers.map((r) => {
      expect(r.body.code).toBe(10091);
      return r.body.message as string;
    });
    // "wrong" means the guess was compared with the code; "too many" means it was not.
    const compared = messages.filter((m) => m === 'The verification code is wrong');
    expect(compared.length).toBeLessThanOrEqual(5);
    expect(messages.filter((m) => m === 'Too many wrong codes, please request a new one').length).toBe(
      messages.length - compared.length,
    );
    const [row] = await t.db.query(
      `SELECT attempts FROM accounts.verification_codes WHERE target = $1 AND scene = 'reset'`,
      [user.email],
    );
    expect(row.attempts).toBeLessThanOrEqual(5);
    // The code is spent: the right one does not reset the password.
    const late = await post('resetPassword', {
      type: 'email',
      account: user.email,
      code: right,
      password: 'a guessed password',
    });
    expect(late.body).toMatchObject({
      code: 10091,
      message: 'Too many wrong codes, please request a new one',
    });
    expect((await post('login', { account: user.username, password: user.password })).body.code).toBe(200);
  });

  it('a right code after fewer than 5 wrong ones still works; a right code does not use up a try', async () => {
    const user = await registerUser(t);
    await post('sendCode', { type: 'email', account: user.email, scene: 'reset' });
    const right = await lastCode(t, user.email);
    for (const code of wrongCodes(right, 4)) {
      const res = await post('resetPassword', {
        type: 'email',
        account: user.email,
        code,
        password: 'new pw 12345',
      });
      expect(res.body).toMatchObject({ code: 10091, message: 'The verification code is wrong' });
    }
    const [before] = await t.db.query(
      `SELECT attempts FROM accounts.verification_codes WHERE target = $1 AND scene = 'reset'`,
      [user.email],
    );
    expect(before.attempts).toBe(4);
    const ok = await post('resetPassword', {
      type: 'email',
      account: user.email,
      code: right,
      password: 'a brand new password',
    });
    expect(ok.body.code).toBe(20005);
    const [after] = await t.db.query(
      `SELECT attempts FROM accounts.verification_codes WHERE target = $1 AND scene = 'reset'`,
      [user.email],
    );
    expect(after.attempts).toBe(4);
  });

  it('resetPassword answers the same for an unknown contact as for a known one, code sent or not', async () => {
    const known = await registerUser(t);
    const unknown = `${uniqueName()}@example.com`;
    const reset = (account: string, code: string) =>
      post('resetPassword', { type: 'email', account, code, password: 'new password 1' });
    const shape = (r: { status: number; body: unknown }) => ({ status: r.status, body: r.body });

    // No code asked for: the same answer.
    expect(shape(await reset(unknown, '123456'))).toEqual(shape(await reset(known.email, '123456')));

    // After sendCode (the same answer too): a wrong code answers the same for both...
    const sentKnown = await post('sendCode', { type: 'email', account: known.email, scene: 'reset' });
    const sentUnknown = await post('sendCode', { type: 'email', account: unknown, scene: 'reset' });
    expect(sentUnknown.body).toEqual(sentKnown.body);
    const right = await lastCode(t, known.email);
    const wrong = wrongCodes(right, 6);
    const knownAnswers = [];
    const unknownAnswers = [];
    // ...and so do the answers once the tries are used up.
    for (const code of wrong) {
      knownAnswers.push(shape(await reset(known.email, code)));
      unknownAnswers.push(shape(await reset(unknown, code)));
    }
    expect(unknownAnswers).toEqual(knownAnswers);
    expect(knownAnswers[0].body).toMatchObject({ code: 10091 });
    // Nothing was sent to the unknown contact.
    expect(await t.db.query('SELECT 1 FROM accounts.outbox WHERE recipient = $1', [unknown])).toEqual([]);

    // Phones too.
    const phone = `+4479${Math.floor(1e7 + Math.random() * 9e7)}`;
    await redis.del(`sendcode:cooldown:reset:${known.email}`);
    await post('sendCode', { type: 'email', account: known.email, scene: 'reset' });
    await post('sendCode', { type: 'phone', account: phone, scene: 'reset' });
    const code = wrongCodes(await lastCode(t, known.email), 1)[0];
    const byPhone = await post('resetPassword', {
      type: 'phone',
      account: phone,
      code,
      password: 'new password 1',
    });
    expect(shape(byPhone)).toEqual(shape(await reset(known.email, code)));
  });
});
