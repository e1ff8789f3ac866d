import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { io, type Socket } from 'socket.io-client';
import { randomUUID } from 'node:crypto';
import { NOTIFICATIONS, type Notifications } from '@app/common';
import { LedgerNotificationsService } from '@app/content/notifications/ledger-notifications.service';
import { NotificationsService } from '@app/content/notifications/notifications.service';
import { LedgerService, mayHaveCommittedSince } from '@app/ledger';
import { JobName, QueueName } from '@app/queue';
import { waitForQueuesDrained } from '../../support/queues';
import { waitFor } from '../market/market-support';
import { depositEntry } from '../trading/trading-support';
import { createTestApp, type TestApp } from '../../support/test-app';
import { registerUser, type RegisteredUser } from '../../support/users';
import { bearer } from './content-admin';

const USER = '/swx/customer/user';

/* Notifications are written as another service would (NOTIFICATIONS) and read through the API and the socket. */
describe('notifications (the bell)', () => {
  let t: TestApp;
  let notifications: Notifications;
  let base: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: path.resolve(__dirname, '../../../.data/test/app-data') });
    notifications = t.app.get<Notifications>(NOTIFICATIONS);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.close();
  });

  const depositApproved = (u: RegisteredUser, id: string) =>
    notifications.notify({
      userId: u.id,
      type: 'deposit',
      key: `deposit-approved-${id}`,
      title: 'code.20002',
      body: 'Your deposit of {amount} USDT was approved',
      params: { amount: '120' },
      refType: 'recharge',
      refId: id,
    });
  const list = (u: RegisteredUser, query = '', lang = 'en') =>
    t.http().get(`${USER}/listNotification${query}`).set(bearer(u.token)).set('lang', lang);

  it('lists my notifications in my language with the unread count; one per key', async () => {
    const user = await registerUser(t);
    expect((await list(user)).body.result).toEqual({ list: [], total: 0, unread: 0 });
    await depositApproved(user, '1');
    await depositApproved(user, '1'); // a retried job: still one
    await depositApproved(user, '2');
    const mine = (await list(user, '', 'fr')).body.result;
    expect(mine.total).toBe(2);
    expect(mine.unread).toBe(2);
    expect(mine.list[0]).toMatchObject({
      type: 'deposit',
      refType: 'recharge',
      refId: '2',
      read: false,
      content: 'Your deposit of 120 USDT was approved',
    });
    // The title is a catalogue key: shown in the reader's language.
    expect(mine.list[0].title).not.toBe('code.20002');
    expect(mine.list[0].title).not.toBe((await list(user, '', 'en')).body.result.list[0].title);
    expect(
      (await t.http().get(`${USER}/unreadNotification`).set(bearer(user.token))).body.result,
    ).toMatchObject({
      unread: 2,
    });
    expect((await t.http().get(`${USER}/listNotification`)).body.code).toBe(401);
  });

  it('marks one or all read (the red dot goes when none is unread); others cannot touch mine', async () => {
    const user = await registerUser(t);
    const other = await registerUser(t);
    await depositApproved(user, '10');
    await depositApproved(user, '11');
    const [newest, older] = (await list(user)).body.result.list as { id: string }[];

    // Another user marking my notification read changes nothing, and cannot list it.
    const foreign = await t
      .http()
      .post(`${USER}/readNotification`)
      .set(bearer(other.token))
      .send({ ids: [newest.id] });
    expect(foreign.body.result).toMatchObject({ unread: 0 });
    expect((await list(other)).body.result.total).toBe(0);
    expect((await list(user)).body.result.unread).toBe(2);

    const one = await t
      .http()
      .post(`${USER}/readNotification`)
      .set(bearer(user.token))
      .send({ ids: [newest.id] });
    expect(one.body.result).toMatchObject({ unread: 1 });
    const after = (await list(user)).body.result.list as { id: string; read: boolean }[];
    expect(after.find((n) => n.id === newest.id)?.read).toBe(true);
    expect(after.find((n) => n.id === older.id)?.read).toBe(false);
    expect((await list(user, '?unread=true')).body.result.list.map((n: { id: string }) => n.id)).toEqual([
      older.id,
    ]);

    expect(
      (await t.http().post(`${USER}/readNotification`).set(bearer(user.token)).send({})).body.result,
    ).toMatchObject({
      unread: 0,
    });
    expect(
      (
        await t
          .http()
          .post(`${USER}/readNotification`)
          .set(bearer(user.token))
          .send({ ids: ['x'] })
      ).body.code,
    ).toBe(400);
  });

  it('pushes a new notification live to the user’s /support sockets, after it is written', async () => {
    const user = await registerUser(t);
    const other = await registerUser(t);
    const connect = async (u: RegisteredUser, lang: string) => {
      const socket = io(`${base}/support`, {
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        auth: { token: u.token },
        query: { lang },
      });
      sockets.push(socket);
      const events: { event: string; data: unknown }[] = [];
      socket.onAny((event: string, data: unknown) => events.push({ event, data }));
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      return events;
    };
    const mine = await connect(user, 'ja');
    const theirs = await connect(other, 'en');
    await depositApproved(user, '20');
    const pushed = await waitFor(() => mine.find((e) => e.event === 'notification'), 10_000, 'the push');
    expect(pushed.data).toMatchObject({ type: 'deposit', refId: '20', read: false });
    expect((pushed.data as { title: string }).title).toBe(
      (await list(user, '', 'ja')).body.result.list[0].title,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(theirs.some((e) => e.event === 'notification')).toBe(false);
  });

  it('a deposit approved by a reviewer tells its owner (through the queued ledger scan), once, in their language', async () => {
    const user = await registerUser(t);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const txHash = `0x${Array.from({ length: 64 }, () => Math.floor(Math.random() * 16).toString(16)).join('')}`;
    const req = t
      .http()
      .post(`${USER}/recharge`)
      .set({ ...bearer(user.token), virtually: 'YES' });
    for (const [k, v] of Object.entries({
      coin: 'USDT',
      network: 'TRC20',
      amount: '150',
      txHash,
      last6: 'a1b2c3',
    }))
      void req.field(k, v);
    const submitted = await req.attach('voucher', png, 'voucher.png');
    expect(submitted.body.code).toBe(20002);
    const id = String(submitted.body.result.id);
    const admin = await t
      .http()
      .post('/swx/admin/login')
      .send({ email: 'admin@example.com', password: 'admin-password-for-tests' });
    const approved = await t
      .http()
      .post(`/swx/admin/recharges/${id}/approve`)
      .set('Authorization', `Bearer ${admin.body.result.token}`);
    expect(approved.body.result.status).toBe('approved');

    const queue = t.app.get<Queue>(getQueueToken(QueueName.Notifications));
    const scan = async () => {
      await queue.add(JobName.NotificationScan, {});
      await waitForQueuesDrained(t, [QueueName.Notifications]);
    };
    await scan();
    await scan(); // read again (a retry, the overlapping window): still one
    const mine = (await list(user, '', 'de')).body.result;
    expect(mine.unread).toBe(1);
    expect(mine.list).toHaveLength(1);
    expect(mine.list[0]).toMatchObject({
      type: 'deposit',
      title: 'Einzahlung bestätigt',
      content: '150 USDT wurden Ihrem Guthaben gutgeschrieben.',
      read: false,
    });
    expect((await list(user)).body.result.list[0]).toMatchObject({
      title: 'Deposit approved',
      content: '150 USDT has been added to your balance.',
    });
    const read = await t
      .http()
      .post(`${USER}/readNotification`)
      .set(bearer(user.token))
      .send({ ids: [mine.list[0].id] });
    expect(read.body.result).toMatchObject({ unread: 0 });
    expect((await list(user)).body.result.list[0].read).toBe(true);
  });

  const deposit = (user: RegisteredUser, amount: string, currency: string) => ({
    ...depositEntry(user.id, amount, currency, `test-late-${randomUUID()}`),
    refType: 'recharge',
    refId: randomUUID(),
  });

  it('a journal committed after scans read past it, however much later, is told by the next scan, and what was told is not read again', async () => {
    const ledger = t.app.get(LedgerService);
    const scanner = t.app.get(LedgerNotificationsService);
    const late = await registerUser(t);
    const early = await registerUser(t);
    await scanner.scan(); // a mark with its horizon
    // A deposit whose transaction stays open while a later journal commits and a scan runs. (In BTC:
    // the open transaction's row locks are on BTC accounts, which the USDT deposit does not touch;
    // both on USDT could share a shard of the external account and wait for each other.)
    const runner = t.db.createQueryRunner();
    await runner.startTransaction();
    try {
      await ledger.post(deposit(late, '7', 'BTC'), runner.manager);
      await ledger.post(deposit(early, '8', 'USDT'));
      await scanner.scan();
      expect((await list(early)).body.result.list).toEqual([
        expect.objectContaining({ content: '8 USDT has been added to your balance.' }),
      ]);
      expect((await list(late)).body.result.list).toEqual([]);
      // The transaction stays open past scans that are more than ten minutes old (the fixed
      // window before, which then passed it): aged by hand, with one more scan after them.
      await t.db.query(
        `UPDATE content.notification_scan_marks SET taken_at = taken_at - interval '20 minutes'`,
      );
      await scanner.scan();
      expect((await list(late)).body.result.list).toEqual([]);
      await runner.commitTransaction();
    } finally {
      await runner.release();
    }
    // Its id is below the last scan's top, but its transaction is not older than that scan's horizon.
    await scanner.scan();
    expect((await list(late)).body.result.list).toEqual([
      expect.objectContaining({ content: '7 BTC has been added to your balance.' }),
    ]);
    // A transaction older than these journals and still running holds the horizon back (early in a
    // run, the market writing its 30-day history in one transaction): until it ends, scans read
    // them again (told once all the same). Wait for it, and for a scan whose mark comes after it.
    await waitFor(
      async () => {
        const [{ passed }] = await t.db.query<{ passed: boolean }[]>(
          `SELECT bool_and(NOT ${mayHaveCommittedSince('j', 'pg_snapshot_xmin(pg_current_snapshot())')}) AS passed
             FROM ledger.journal j WHERE j.idempotency_key LIKE 'test-late-%'`,
        );
        return passed;
      },
      100_000,
      'no transaction older than the journals',
    );
    await scanner.scan();
    // Told journals are not read again (before, every scan re-read ten minutes of them). Other
    // test files post and scan on the same database meanwhile, so only these two users are looked at.
    const notifyMany = jest.spyOn(t.app.get(NotificationsService), 'notifyMany');
    try {
      await scanner.scan();
      const mine = notifyMany.mock.calls.flatMap(([inputs]) =>
        inputs.filter((input) => input.userId === late.id || input.userId === early.id),
      );
      expect(mine).toEqual([]);
    } finally {
      notifyMany.mockRestore();
    }
    expect((await list(early)).body.result.list).toHaveLength(1);
    expect((await list(late)).body.result.list).toHaveLength(1);
  }, 150_000);
  it('a notice that could not be written is told by a later scan, however much later', async () => {
    const ledger = t.app.get(LedgerService);
    const scanner = t.app.get(LedgerNotificationsService);
    const service = t.app.get(NotificationsService);
    const user = await registerUser(t);
    await scanner.scan();
    // Writing this user's notices fails (the batch, then the one-by-one retry); the app's own
    // scheduled scans meet the same failure meanwhile.
    const notify = service.notify.bind(service);
    const failing = [
      jest.spyOn(service, 'notifyMany').mockRejectedValue(new Error('refused')),
      jest.spyOn(service, 'notify').mockImplementation(async (input, manager) => {
        if (input.userId === user.id) throw new Error('refused');
        return notify(input, manager);
      }),
    ];
    try {
      await ledger.post(deposit(user, '9', 'USDT'));
      await scanner.scan();
      // Past the ten minutes that bounded the window before.
      await t.db.query(
        `UPDATE content.notification_scan_marks SET taken_at = taken_at - interval '20 minutes'`,
      );
      await scanner.scan();
      expect((await list(user)).body.result.list).toEqual([]);
    } finally {
      for (const spy of failing) spy.mockRestore();
    }
    await scanner.scan();
    expect((await list(user)).body.result.list).toEqual([
      expect.objectContaining({ content: '9 USDT has been added to your balance.' }),
    ]);
  });
});
