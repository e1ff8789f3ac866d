import { createTestApp, type TestApp } from '../../support/test-app';
import { lastCode, registerUser } from '../../support/users';

describe('user endpoints /swx/customer/user', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  describe('POST getUserInfo', () => {
    it('401 without a token, with a forged token, or with an admin token', async () => {
      expect((await t.http().post('/swx/customer/user/getUserInfo')).body.code).toBe(401);
      expect(
        (await t.http().post('/swx/customer/user/getUserInfo').set('Authorization', 'Bearer nope')).body.code,
      ).toBe(401);
      const admin = await t
        .http()
        .post('/swx/admin/login')
        .send({ email: 'admin@example.com', password: 'admin-password-for-tests' });
      const asAdmin = await t
        .http()
        .post('/swx/customer/user/getUserInfo')
        .set('Authorization', `Bearer ${admin.body.result.token}`);
      expect(asAdmin.body.code).toBe(401);
    });

    it('accepts a bare token, and shows the book the virtually header chooses', async () => {
      const user = await registerUser(t);
      const demo = await t
        .http()
        .post('/swx/customer/user/getUserInfo')
        .set('Authorization', user.token)
        .set('virtually', 'NO');
      expect(demo.body.result).toMatchObject({
        id: user.id,
        book: 'demo',
        balances: [{ currency: 'USDT', available: '100000' }],
      });
      const real = await t
        .http()
        .post('/swx/customer/user/getUserInfo')
        .set('Authorization', user.token)
        .set('virtually', 'YES');
      expect(real.body.result).toMatchObject({ book: 'real', balances: [] });
      const none = await t.http().post('/swx/customer/user/getUserInfo').set('Authorization', user.token);
      expect(none.body.result.book).toBe('demo');
      expect(JSON.stringify(demo.body)).not.toMatch(/hash/i);
    });
  });

  describe('POST repassword', () => {
    it('10004 for a wrong old password; 20005 on success, and every old token answers 401', async () => {
      const user = await registerUser(t);
      const second = await t
        .http()
        .post('/swx/customer/login/login')
        .send({ account: user.username, password: user.password });
      const wrong = await t
        .http()
        .post('/swx/customer/user/repassword')
        .set('Authorization', `Bearer ${user.token}`)
        .send({ oldPassword: 'not the password', newPassword: 'another long password' });
      expect(wrong.body.code).toBe(10004);
      const ok = await t
        .http()
        .post('/swx/customer/user/repassword')
        .set('Authorization', `Bearer ${user.token}`)
        .send({ oldPassword: user.password, newPassword: 'another long password' });
      expect(ok.body.code).toBe(20005);
      for (const token of [user.token, second.body.result.token]) {
        expect(
          (await t.http().post('/swx/customer/user/getUserInfo').set('Authorization', `Bearer ${token}`)).body
            .code,
        ).toBe(401);
      }
      const relogin = await t
        .http()
        .post('/swx/customer/login/login')
        .send({ account: user.username, password: 'another long password' });
      expect(relogin.body.code).toBe(200);
    });
  });

  describe('POST repasswordTx', () => {
    it('sets the withdrawal password with a code of scene withdrawPassword', async () => {
      const user = await registerUser(t);
      const auth = { Authorization: `Bearer ${user.token}` };
      const noCode = await t
        .http()
        .post('/swx/customer/user/repasswordTx')
        .set(auth)
        .send({ type: 'email', code: '123456', password: 'withdraw-secret' });
      expect(noCode.body.code).toBe(10090);
      await t
        .http()
        .post('/swx/customer/login/sendCode')
        .send({ type: 'email', account: user.email, scene: 'withdrawPassword' });
      const code = await lastCode(t, user.email);
      const noPhone = await t
        .http()
        .post('/swx/customer/user/repasswordTx')
        .set(auth)
        .send({ type: 'phone', code, password: 'withdraw-secret' });
      expect(noPhone.body.code).toBe(400);
      const ok = await t
        .http()
        .post('/swx/customer/user/repasswordTx')
        .set(auth)
        .send({ type: 'email', code, password: 'withdraw-secret' });
      expect(ok.body.code).toBe(20005);
      const info = await t.http().post('/swx/customer/user/getUserInfo').set(auth);
      expect(info.body.result.hasWithdrawPassword).toBe(true);
      const [row] = await t.db.query('SELECT withdraw_password_hash FROM accounts.users WHERE id = $1', [
        user.id,
      ]);
      expect(row.withdraw_password_hash).toMatch(/^\$argon2id\$/);
    });
  });
});
