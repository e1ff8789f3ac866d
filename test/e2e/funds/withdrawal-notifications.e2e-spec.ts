import { LedgerNotificationsService } from '@app/content/notifications/ledger-notifications.service';
import { LedgerService } from '@app/ledger';
import { adminToken, depositEntry, real } from '../trading/trading-support';
import { createTestApp, type TestApp } from '../../support/test-app';
import { lastCode, registerUser, type RegisteredUser } from '../../support/users';

const TRON_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const USER = '/swx/customer/user';

interface Notice {
  type: string;
  title: string;
  content: string;
  refType: string | null;
  refId: string | null;
}

/*
 * A withdrawal's notices follow its states: approved (being paid out), completed once the payout is
 * recorded (with its transaction hash), rejected (with the reason); each once. Amounts are grouped
 * in the reader's language.
 */
describe('funds: withdrawal notifications', () => {
  let t: TestApp;
  let adminBearer: string;

  beforeAll(async () => {
    t = await createTestApp();
    adminBearer = await adminToken(t);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A user with `amount` USDT on the real book (a deposit, told like any) and a withdrawal password. */
  async function fundedUser(amount: string): Promise<RegisteredUser> {
    const user = await registerUser(t);
    await t.app.get(LedgerService).post({ ...depositEntry(user.id, amount), refType: 'recharge' });
    await t
      .http()
      .post('/swx/customer/login/sendCode')
      .send({ type: 'email', account: user.email, scene: 'withdrawPassword' });
    const code = await lastCode(t, user.email);
    const set = await t
      .http()
      .post(`${USER}/repasswordTx`)
      .set(real(user))
      .send({ type: 'email', code, password: 'withdraw-secret' });
    expect(set.body.code).toBe(20005);
    return user;
  }

  async function requestWithdrawal(user: RegisteredUser, amount: string, method = 'crypto'): Promise<string> {
    const destination =
      method === 'crypto'
        ? { network: 'TRC20', address: TRON_ADDRESS }
        : { bankType: 'SWIFT', bankAccount: 'DE89370400440532013000', holderName: 'Ada Lovelace' };
    const res = await t
      .http()
      .post(`${USER}/withdrawal`)
      .set(real(user))
      .send({ method, coin: 'USDT', amount, withdrawPassword: 'withdraw-secret', ...destination });
    expect(res.body.code).toBe(20003);
    return String(res.body.result.id);
  }

  const admin = (id: string, action: string, body: object = {}) =>
    t
      .http()
      .post(`/swx/admin/withdrawals/${id}/${action}`)
      .set('Authorization', `Bearer ${adminBearer}`)
      .send(body);

  /** Whatever tells users of ledger journals has run (the queued scan), then my notices of that withdrawal. */
  async function notices(user: RegisteredUser, lang: string, refId?: string): Promise<Notice[]> {
    await t.app.get(LedgerNotificationsService).scan();
    const res = await t.http().get(`${USER}/listNotification`).set(real(user)).set('lang', lang);
    const list = res.body.result.list as Notice[];
    return refId === undefined ? list : list.filter((n) => n.refType === 'withdrawal' && n.refId === refId);
  }

  it('approval says approved and being paid out; the recorded payout says completed with its hash; each once', async () => {
    const user = await fundedUser('5100');
    const id = await requestWithdrawal(user, '5000');
    expect(await notices(user, 'en', id)).toEqual([]);

    expect((await admin(id, 'approve')).body.result.status).toBe('approved');
    expect((await admin(id, 'approve')).body.result.status).toBe('approved');
    const approved = await notices(user, 'en', id);
    expect(approved).toHaveLength(1);
    expect(approved[0]).toMatchObject({ type: 'withdrawal', title: 'Withdrawal approved' });
    expect(approved[0].content).toBe(
      'Your withdrawal of 5,000 USDT has been approved and is being paid out.',
    );
    expect(`${approved[0].title} ${approved[0].content}`).not.toMatch(/completed/i);
    const [approvedDe] = await notices(user, 'de', id);
    expect(approvedDe.content).toContain('5.000 USDT');
    expect(approvedDe.title).not.toMatch(/abgeschlossen/i);

    const hash = `0x${'ab'.repeat(32)}`;
    expect((await admin(id, 'complete', { reference: hash })).body.result.status).toBe('completed');
    expect((await admin(id, 'complete', { reference: hash })).body.result.status).toBe('completed');
    expect((await admin(id, 'approve')).body.result.status).toBe('completed');
    const told = await notices(user, 'en', id);
    expect(told).toHaveLength(2);
    expect(told[0]).toMatchObject({
      type: 'withdrawal',
      title: 'Withdrawal completed',
      content: `Your withdrawal of 5,000 USDT has been paid out. Transaction hash: ${hash}`,
    });
    expect(told[1].title).toBe('Withdrawal approved');
    const [completedDe] = await notices(user, 'de', id);
    expect(completedDe.content).toContain('5.000 USDT');
    expect(completedDe.content).toContain(hash);
  });

  it('a bank payout recorded says completed with its transfer reference', async () => {
    const user = await fundedUser('3000');
    const id = await requestWithdrawal(user, '2345.67', 'bank');
    expect((await admin(id, 'approve')).body.result.status).toBe('approved');
    expect((await admin(id, 'complete', { reference: 'SWIFT-REF-0042' })).body.result.status).toBe(
      'completed',
    );
    const [completed, approved] = await notices(user, 'en', id);
    expect(approved.content).toBe(
      'Your withdrawal of 2,345.67 USDT has been approved and is being paid out.',
    );
    expect(completed).toMatchObject({
      title: 'Withdrawal completed',
      content: 'Your withdrawal of 2,345.67 USDT has been paid out. Transfer reference: SWIFT-REF-0042',
    });
  });

  it('a rejection says so with its reason, once', async () => {
    const user = await fundedUser('100');
    const id = await requestWithdrawal(user, '30');
    const reason = 'Address on a sanctions list';
    expect((await admin(id, 'reject', { reason })).body.result.status).toBe('rejected');
    expect((await admin(id, 'reject', { reason })).body.result.status).toBe('rejected');
    const told = await notices(user, 'en', id);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ type: 'withdrawal', title: 'Withdrawal rejected' });
    expect(told[0].content).toContain('30 USDT');
    expect(told[0].content).toContain(reason);
    expect((await notices(user, 'fr', id))[0].content).toContain(reason);
  });

  it('amounts of the ledger notices are grouped in the reader’s language, with every decimal', async () => {
    const user = await registerUser(t);
    await t.app
      .get(LedgerService)
      .post({ ...depositEntry(user.id, '1234567.000123450000'), refType: 'recharge' });
    const deposit = (list: Notice[]) => list.find((n) => n.type === 'deposit');
    expect(deposit(await notices(user, 'en'))?.content).toBe(
      '1,234,567.00012345 USDT has been added to your balance.',
    );
    expect(deposit(await notices(user, 'de'))?.content).toBe(
      '1.234.567,00012345 USDT wurden Ihrem Guthaben gutgeschrieben.',
    );
  });
});
