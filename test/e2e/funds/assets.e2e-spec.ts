import { randomUUID } from 'node:crypto';
import { LedgerService, SystemAccount } from '@app/ledger';
import { createTestApp, type TestApp } from '../../support/test-app';
import { lastCode, registerUser, type RegisteredUser } from '../../support/users';

describe('funds: funding details and coin accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const auth = (u: RegisteredUser, book: 'YES' | 'NO') => ({
    Authorization: `Bearer ${u.token}`,
    virtually: book,
  });

  it('lists every movement of the chosen book with its type and sign, filters by type, pages', async () => {
    const user = await registerUser(t);
    const demo = await t.http().get('/swx/customer/user/listFundingDetails').set(auth(user, 'NO'));
    expect(demo.body.result).toMatchObject({
      total: 1,
      list: [{ type: 'demo', reason: 'demo_grant', amount: '100000', currency: 'USDT' }],
    });

    await t.app.get(LedgerService).post({
      key: `deposit-${randomUUID()}`,
      reason: 'deposit',
      legs: [
        {
          from: {
            owner: { type: 'system', id: SystemAccount.External },
            book: 'real',
            currency: 'USDT',
            kind: 'main',
          },
          to: { owner: { type: 'user', id: user.id }, book: 'real', currency: 'USDT', kind: 'available' },
          amount: '200',
        },
      ],
    });
    await t
      .http()
      .post('/swx/customer/login/sendCode')
      .send({ type: 'email', account: user.email, scene: 'withdrawPassword' });
    const code = await lastCode(t, user.email);
    await t
      .http()
      .post('/swx/customer/user/repasswordTx')
      .set(auth(user, 'YES'))
      .send({ type: 'email', code, password: 'withdraw-secret' });
    const w = await t.http().post('/swx/customer/user/withdrawal').set(auth(user, 'YES')).send({
      method: 'bank',
      coin: 'USDT',
      amount: '50',
      bankType: 'SWIFT',
      bankAccount: 'DE89370400440532013000',
      holderName: 'Ada Lovelace',
      withdrawPassword: 'withdraw-secret',
    });
    expect(w.body.code).toBe(20003);

    const all = await t.http().get('/swx/customer/user/listFundingDetails').set(auth(user, 'YES'));
    expect(all.body.result.total).toBe(3);
    expect(
      all.body.result.list.map((l: { type: string; kind: string; amount: string }) => [
        l.type,
        l.kind,
        l.amount,
      ]),
    ).toEqual([
      ['withdrawal', 'available', '-50.5'],
      ['withdrawal', 'frozen', '50.5'],
      ['deposit', 'available', '200'],
    ]);
    const deposits = await t
      .http()
      .get('/swx/customer/user/listFundingDetails')
      .query({ type: 'deposit' })
      .set(auth(user, 'YES'));
    expect(deposits.body.result.total).toBe(1);
    const page2 = await t
      .http()
      .get('/swx/customer/user/listFundingDetails')
      .query({ pageNum: 2, pageSize: 2 })
      .set(auth(user, 'YES'));
    expect(page2.body.result.list).toHaveLength(1);
    const bad = await t
      .http()
      .get('/swx/customer/user/listFundingDetails')
      .query({ type: 'lottery' })
      .set(auth(user, 'YES'));
    expect(bad.body).toMatchObject({ code: 400, result: [{ field: 'type' }] });

    const accounts = await t.http().get('/swx/customer/user/listCoinAccounts').set(auth(user, 'YES'));
    expect(accounts.body.result).toEqual([
      { currency: 'USDT', available: '149.5', frozen: '50.5', other: {}, total: '200', usdtValue: '200' },
    ]);
  });

  it('never shows another user their movements', async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const list = await t.http().get('/swx/customer/user/listFundingDetails').set(auth(b, 'NO'));
    expect(list.body.result.list.every((l: { refId: string }) => l.refId === b.id)).toBe(true);
    expect(list.body.result.list.some((l: { refId: string }) => l.refId === a.id)).toBe(false);
  });
});
