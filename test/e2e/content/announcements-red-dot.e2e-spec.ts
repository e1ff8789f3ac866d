import { NOTIFICATIONS, type Notifications } from '@app/common';
import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser, type RegisteredUser } from '../../support/users';
import { bearer, contentCallers } from './content-admin';

const USER = '/swx/customer/user';

/*
 * Spec 4: the notification red dot shows until the bell is clicked, then is remembered. The dot
 * covers the user's notifications (unread) and the announcements of index/listnotify that appeared
 * since the bell was last opened, remembered with the account (not only in one browser).
 * Announcements here are in Italian, a language no other test counts; they are deleted at the end.
 */
describe('the red dot over announcements and notifications', () => {
  let t: TestApp;
  let operator: string;
  const created: number[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    operator = (await contentCallers(t)).operator;
  });
  afterAll(async () => {
    await t.db.query(`DELETE FROM content.announcements WHERE id = ANY($1::int[])`, [created]);
    await t.close();
  });

  const dot = async (u: RegisteredUser, lang = 'it') =>
    (await t.http().get(`${USER}/unreadNotification`).set(bearer(u.token)).set('lang', lang)).body.result as {
      unread: number;
      announcements: number;
    };
  const openBell = async (u: RegisteredUser, body: object = {}) =>
    (await t.http().post(`${USER}/readNotification`).set(bearer(u.token)).set('lang', 'it').send(body)).body
      .result as { unread: number; announcements: number };
  const publish = async (extra: Record<string, unknown> = {}) => {
    const res = await t
      .http()
      .post('/swx/admin/announcements')
      .set(bearer(operator))
      .send({ language: 'it', title: 'Manutenzione', content: 'Domani alle 02:00 UTC.', ...extra });
    expect(res.body.code).toBe(200);
    created.push(res.body.result.id as number);
    return res.body.result as { id: number };
  };
  const liveItalian = async () =>
    ((await t.http().get('/swx/customer/index/listnotify').set('lang', 'it')).body.result as unknown[])
      .length;

  it('shows every live announcement as new until the bell is opened, then remembers it with the account', async () => {
    const user = await registerUser(t);
    const live = await liveItalian();
    expect(live).toBeGreaterThan(0);
    expect(await dot(user)).toEqual({ unread: 0, announcements: live });

    // Marking some notifications read is not opening the bell.
    expect(await openBell(user, { ids: [] })).toEqual({ unread: 0, announcements: live });
    expect(await openBell(user)).toEqual({ unread: 0, announcements: 0 });
    // Remembered on the server: a new session (another device) sees no dot either.
    const again = await t
      .http()
      .post('/swx/customer/login/login')
      .send({ account: user.username, password: user.password });
    expect(again.body.code).toBe(200);
    expect(await dot({ ...user, token: again.body.result.token as string })).toEqual({
      unread: 0,
      announcements: 0,
    });

    // A new announcement lights the dot for this user; one who never opened the bell sees it too.
    const newcomer = await registerUser(t);
    const fresh = await publish();
    expect(await dot(user)).toEqual({ unread: 0, announcements: 1 });
    expect((await dot(newcomer)).announcements).toBe(live + 1);
    // Opening it answers the counts after.
    expect(await openBell(user)).toEqual({ unread: 0, announcements: 0 });

    // Back-dated, it is new all the same; scheduled for later, it waits until it is published.
    await publish({ publishedAt: new Date(Date.now() - 7 * 86_400_000).toISOString() });
    await publish({ publishedAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect(await dot(user)).toEqual({ unread: 0, announcements: 1 });
    // Withdrawn announcements stop counting.
    await t.http().put(`/swx/admin/announcements/${fresh.id}`).set(bearer(operator)).send({ active: false });
    expect((await dot(newcomer)).announcements).toBe(live + 1);
  });

  it('adds the unread notifications; opening the bell clears both', async () => {
    const user = await registerUser(t);
    await openBell(user);
    await t.app.get<Notifications>(NOTIFICATIONS).notify({
      userId: user.id,
      type: 'kyc',
      key: `red-dot-${user.id}`,
      title: 'message.kycApprovedTitle',
      body: 'message.kycApprovedBody',
    });
    expect(await dot(user)).toEqual({ unread: 1, announcements: 0 });
    expect(await openBell(user)).toEqual({ unread: 0, announcements: 0 });
    expect((await t.http().get(`${USER}/unreadNotification`)).body.code).toBe(401);
  });

  it('takes `ids: null` as ids omitted (as every optional field reads null): all read and the announcements seen', async () => {
    const user = await registerUser(t);
    await t.app.get<Notifications>(NOTIFICATIONS).notify({
      userId: user.id,
      type: 'kyc',
      key: `red-dot-null-${user.id}`,
      title: 'message.kycApprovedTitle',
      body: 'message.kycApprovedBody',
    });
    const live = await liveItalian();
    expect(live).toBeGreaterThan(0);
    expect(await dot(user)).toEqual({ unread: 1, announcements: live });
    expect(await openBell(user, { ids: null })).toEqual({ unread: 0, announcements: 0 });
    expect(await dot(user)).toEqual({ unread: 0, announcements: 0 });
  });
});
