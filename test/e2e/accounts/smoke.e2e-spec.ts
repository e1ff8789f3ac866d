import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser } from '../../support/users';

describe('smoke', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /healthz', async () => {
    const res = await t.http().get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body.result.status).toBe('ok');
  });

  it('register and getUserInfo', async () => {
    const user = await registerUser(t);
    const res = await t
      .http()
      .post('/swx/customer/user/getUserInfo')
      .set('Authorization', `Bearer ${user.token}`);
    expect(res.body.code).toBe(200);
    expect(res.body.result.balances).toEqual([
      { currency: 'USDT', available: '100000', frozen: '0', other: {} },
    ]);
  });
});
