import { LedgerNotificationsService } from '@app/content/notifications/ledger-notifications.service';
import { adminToken, real } from '../trading/trading-support';
import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser, type RegisteredUser } from '../../support/users';

// The smallest valid PNG (1x1 pixel): the voucher.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const USER = '/swx/customer/user';

interface Notice {
  type: string;
  title: string;
  content: string;
  refType: string | null;
  refId: string | null;
}

/*
 * A deposit a reviewer rejects moves no money (no ledger journal, so the ledger scan never told of
 * it): the funds service tells the owner in the rejecting transaction, once, with the amount in the
 * reader's way, the coin and the reviewer's reason.
 */
describe('funds: a rejected deposit is told to its owner', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminToken(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const hash = () =>
    `0x${Array.from({ length: 64 }, () => Math.floor(Math.random() * 16).toString(16)).join('')}`;

  async function deposit(user: RegisteredUser, amount: string): Promise<string> {
    const req = t.http().post(`${USER}/recharge`).set(real(user));
    for (const [k, v] of Object.entries({ coin: 'USDT', network: 'TRC20', amount, txHash: hash() }))
      void req.field(k, v);
    const res = await req.attach('voucher', PNG, 'voucher.png');
    expect(res.body.code).toBe(20002);
    return String(res.body.result.id);
  }

  const review = (id: string, action: 'approve' | 'reject', body: object = {}) =>
    t.http().post(`/swx/admin/recharges/${id}/${action}`).set('Authorization', `Bearer ${admin}`).send(body);

  /** Whatever tells users of ledger journals has run, then my notices of that deposit. */
  async function notices(user: RegisteredUser, lang: string, refId: string): Promise<Notice[]> {
    await t.app.get(LedgerNotificationsService).scan();
    const res = await t.http().get(`${USER}/listNotification`).set(real(user)).set('lang', lang);
    return (res.body.result.list as Notice[]).filter((n) => n.refType === 'recharge' && n.refId === refId);
  }

  it('says "Deposit rejected" with the amount, the coin and the reason, once, in en and de', async () => {
    const user = await registerUser(t);
    const id = await deposit(user, '5000.25');
    expect(await notices(user, 'en', id)).toEqual([]);

    const reason = 'The transaction was sent to another address';
    expect((await review(id, 'reject', { reason })).body.result.status).toBe('rejected');
    expect((await review(id, 'reject', { reason })).body.result.status).toBe('rejected');
    expect((await review(id, 'approve')).body.code).toBe(409);

    const en = await notices(user, 'en', id);
    expect(en).toEqual([
      expect.objectContaining({
        type: 'deposit',
        title: 'Deposit rejected',
        content: `Your deposit of 5,000.25 USDT was rejected: ${reason}. Nothing was credited to your balance.`,
      }),
    ]);
    const de = await notices(user, 'de', id);
    expect(de).toHaveLength(1);
    expect(de[0].title).toBe('Einzahlung abgelehnt');
    expect(de[0].content).toContain('5.000,25 USDT');
    expect(de[0].content).toContain(reason);
  });

  it('an approved deposit is told as approved, never as rejected', async () => {
    const user = await registerUser(t);
    const id = await deposit(user, '150');
    expect((await review(id, 'approve')).body.result.status).toBe('approved');
    const told = await notices(user, 'en', id);
    expect(told.map((n) => n.title)).toEqual(['Deposit approved']);
  });
});
