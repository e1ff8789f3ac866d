/// <reference lib="dom" />
import type { BrowserContext, Page } from 'playwright-core';
import { NOTIFICATIONS, type Notifications } from '@app/common';
import type { RegisteredUser } from '../support/users';
import { cutOffOn, desktopContext, englishLinesOn } from './browser-support';
import {
  PNG,
  registerUser,
  shot,
  startMoneyRun,
  until,
  userContext,
  type MoneyRun,
} from './web-user-support';

/** A sound baseline JPEG (one grey 8x8 block): KYC images are checked by their structure. */
const JPG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQH/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAAAP/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AP//Z',
  'base64',
);

interface Counts {
  unread: number;
  announcements: number;
}

/**
 * The bell and /profile/notification against the real server: the notifications come from a
 * reviewer deciding the user's identity verification through the admin API (the KYC service
 * writes them in the decision's transaction; the content service pushes them on /support).
 */
describe('web-user notifications (the bell, /profile/notification) in a real browser', () => {
  let run: MoneyRun;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    run = await startMoneyRun();
  });
  afterAll(async () => run?.close());

  const watch = (page: Page) => page.on('pageerror', (e) => pageErrors.push(e.message));

  /** The user sends their identity documents; answers the submission's id. */
  async function submitKyc(user: RegisteredUser): Promise<string> {
    const req = run.t
      .http()
      .post('/swx/customer/user/identification')
      .set('Authorization', `Bearer ${user.token}`);
    const fields = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      sex: 'female',
      birthdate: '1990-12-10',
      country: 'GB',
      address: '12 St James Square, London',
      phone: '+447700900123',
      documentType: 'id_card',
      documentNumber: 'AB123456',
    };
    for (const [k, v] of Object.entries(fields)) void req.field(k, v);
    for (const [k, v] of Object.entries({ front: JPG, back: JPG, inHand: JPG, signature: PNG }))
      void req.attach(k, v, `${k}.bin`);
    const res = await req;
    if (res.body.code !== 20001) throw new Error(JSON.stringify(res.body));
    return String(res.body.result.id);
  }

  /** A reviewer decides it in the back office's API. */
  async function review(id: string, decision: 'approve' | 'reject', reason?: string): Promise<void> {
    const res = await run.t
      .http()
      .post(`/swx/admin/kyc/${id}/${decision}`)
      .set('Authorization', run.admin)
      .send(reason ? { reason } : {});
    if (res.body.code !== 200) throw new Error(JSON.stringify(res.body));
  }

  const counts = async (user: RegisteredUser): Promise<Counts> =>
    (
      await run.t
        .http()
        .get('/swx/customer/user/unreadNotification')
        .set('Authorization', `Bearer ${user.token}`)
    ).body.result as Counts;

  /** The page's own reading of the counts after a (re)load: then the dot shows what it will show. */
  const countsRead = (page: Page) =>
    page.waitForResponse((r) => r.url().includes('/user/unreadNotification') && r.status() === 200);

  const dot = (page: Page) => page.getByTestId('notify-dot');
  const bellItems = (page: Page) => page.getByTestId('bell-notifications').getByTestId('notification');
  const listItems = (page: Page) => page.getByTestId('notification-list').getByTestId('notification');

  /** CONNECT packets the page sent to the /support namespace, over every websocket it opened. */
  function supportConnects(page: Page): string[] {
    const sent: string[] = [];
    page.on('websocket', (ws) =>
      ws.on('framesent', ({ payload }) => {
        if (typeof payload === 'string' && payload.startsWith('40/support')) sent.push(payload);
      }),
    );
    return sent;
  }

  it('a rejected verification lights the dot; the bell shows it and clears the dot for good; the page lists it', async () => {
    const user = await registerUser(run.t);
    const id = await submitKyc(user);
    await review(id, 'reject', 'The photo is blurred');
    expect(await counts(user)).toMatchObject({ unread: 1 });

    const context = await userContext(run, user, { lang: 'en' });
    const page = await context.newPage();
    watch(page);
    const read = countsRead(page);
    await page.goto('/profile');
    await read;
    await dot(page).waitFor();

    // Opened: the latest notification as it was (unread), then everything read on the server.
    await page.getByTestId('notify-bell').click();
    const item = bellItems(page).filter({ hasText: 'Identity verification failed' });
    await item.waitFor();
    await item.getByText('Your identity verification was not approved: The photo is blurred.').waitFor();
    expect(await item.getByTestId('notification-unread').count()).toBe(1);
    await page.getByTestId('bell-announcements').waitFor();
    await dot(page).waitFor({ state: 'detached' });
    expect(await counts(user)).toEqual({ unread: 0, announcements: 0 });
    await shot(page, 'notif-bell-desktop');

    // Escape closes the pop-up; a reload asks the server, which remembers: no dot.
    await page.keyboard.press('Escape');
    await page.getByTestId('bell-notifications').waitFor({ state: 'detached' });
    const again = countsRead(page);
    await page.reload();
    await again;
    await page.getByTestId('profile-page').waitFor();
    await new Promise((r) => setTimeout(r, 300));
    expect(await dot(page).count()).toBe(0);

    // The page lists it, read now; the other tab has the announcements.
    await page.goto('/profile/notification');
    await listItems(page).first().waitFor();
    expect(await listItems(page).count()).toBe(1);
    expect(await listItems(page).first().getAttribute('data-read')).toBe('true');
    await listItems(page).first().getByText('Identity verification failed').waitFor();
    expect(await page.getByTestId('mark-all-read').isDisabled()).toBe(true);
    expect(await cutOffOn(page)).toEqual([]);
    await shot(page, 'notif-page-desktop');
    await page.getByRole('tab', { name: 'Announcements' }).click();
    await page.waitForURL((url) => url.search === '?tab=announcements');
    await page.getByTestId('notice-cards').locator('li').first().waitFor();
    expect(await page.getByTestId('mark-all-read').count()).toBe(0);
    await shot(page, 'notif-announcements-desktop');
    await context.close();
  });

  it('a notification produced while the page is open lights the dot and joins the list live, over the one /support socket', async () => {
    const user = await registerUser(run.t);
    const context = await userContext(run, user, { lang: 'en' });
    const page = await context.newPage();
    watch(page);
    const connects = supportConnects(page);
    await page.goto('/profile/notification');
    await page.getByTestId('notifications-page').getByTestId('state-empty').waitFor();
    // The announcements a newcomer has not seen light the dot; opening the bell clears it.
    await dot(page).waitFor();
    await page.getByTestId('notify-bell').click();
    await dot(page).waitFor({ state: 'detached' });
    await page.mouse.click(5, 400);
    await page.getByTestId('bell-notifications').waitFor({ state: 'detached' });
    await until(
      async () => connects.length,
      (n) => n === 1,
    );
    await page.evaluate(() => Reflect.set(window, 'samePage', true));

    const id = await submitKyc(user);
    await review(id, 'reject', 'The document has expired');
    await dot(page).waitFor();
    const item = listItems(page).filter({ hasText: 'Identity verification failed' });
    await item.waitFor();
    expect(await item.getAttribute('data-read')).toBe('false');
    await item.getByText('The document has expired').waitFor();
    expect(await page.evaluate(() => Reflect.get(window, 'samePage'))).toBe(true);
    await shot(page, 'notif-live-desktop');

    // A click on an unread one marks that one read: the dot goes with the last unread.
    await item.locator('button').click();
    await until(
      () => item.getAttribute('data-read'),
      (v) => v === 'true',
    );
    await dot(page).waitFor({ state: 'detached' });
    expect(await counts(user)).toEqual({ unread: 0, announcements: 0 });

    // The support chat, opened in the app, takes over the bell's connection: still one /support socket.
    await page.evaluate(() => {
      history.pushState({}, '', '/profile/kefu');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByTestId('support-empty').waitFor();
    const resubmitted = await submitKyc(user);
    await review(resubmitted, 'approve');
    await dot(page).waitFor();
    expect(connects).toHaveLength(1);
    // Loaded afresh, the chat and the bell open one between them.
    await page.reload();
    await page.getByTestId('support-empty').waitFor();
    await until(
      async () => connects.length,
      (n) => n >= 2,
    );
    await new Promise((r) => setTimeout(r, 500));
    expect(connects).toHaveLength(2);
    await context.close();
  });

  it('pages with "load more", marks all read, and on a phone in Arabic reads right to left', async () => {
    const user = await registerUser(run.t);
    const id = await submitKyc(user);
    await review(id, 'reject', 'blurred');
    // Many more, as the services write them (the address book's notice), to fill two pages.
    const notifications = run.t.app.get<Notifications>(NOTIFICATIONS);
    for (let i = 0; i < 22; i++) {
      await notifications.notify({
        userId: user.id,
        type: 'withdrawal',
        key: `test-address-added-${user.id}-${i}`,
        title: 'message.addressBookAddedTitle',
        body: 'message.addressBookAddedBody',
        params: {
          coin: 'USDT',
          network: 'TRC20',
          address: `TLa2f6…${String(i).padStart(4, '0')}`,
          time: '2030-01-01 00:00 UTC',
        },
      });
    }
    const resubmitted = await submitKyc(user);
    await review(resubmitted, 'approve');
    expect((await counts(user)).unread).toBe(24);

    const phone: BrowserContext = await userContext(run, user, { lang: 'ar', mobile: true });
    const page = await phone.newPage();
    watch(page);
    await page.goto('/profile/notification');
    await listItems(page).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await listItems(page).first().getByText('تم التحقق من الهوية').waitFor();
    expect(await listItems(page).count()).toBe(20);
    await dot(page).waitFor();
    expect(await englishLinesOn(page)).toEqual([]);
    expect(await cutOffOn(page)).toEqual([]);
    await shot(page, 'notif-page-mobile-ar');

    await page.getByTestId('notifications-more').click();
    await until(
      () => listItems(page).count(),
      (n) => n === 24,
    );
    await listItems(page).last().getByText('فشل التحقق من الهوية').waitFor();
    expect(await page.getByTestId('notifications-more').count()).toBe(0);

    await page.getByTestId('mark-all-read').click();
    await until(
      () => page.locator('[data-testid=notification-list] [data-read=false]').count(),
      (n) => n === 0,
    );
    await dot(page).waitFor({ state: 'detached' });
    expect(await counts(user)).toEqual({ unread: 0, announcements: 0 });
    expect(await page.getByTestId('mark-all-read').isDisabled()).toBe(true);

    // The bell on the phone: the latest five, in Arabic, across the width under the top bar.
    await page.getByTestId('notify-bell').click();
    await bellItems(page).first().waitFor();
    expect(await bellItems(page).count()).toBe(5);
    await page.getByTestId('bell-announcements').waitFor();
    const box = await page.getByRole('dialog').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await englishLinesOn(page)).toEqual([]);
    await shot(page, 'notif-bell-mobile-ar');
    await phone.close();
  });

  it('logged out, the bell keeps the announcements with a dot remembered by the browser', async () => {
    const context = await desktopContext(run);
    const page = await context.newPage();
    watch(page);
    const asked: string[] = [];
    page.on('request', (r) => r.url().includes('Notification') && asked.push(r.url()));
    await page.goto('/');
    await dot(page).waitFor();
    await page.getByRole('button', { name: 'Notifications' }).click();
    await page.getByRole('dialog').getByText('Announcements').waitFor();
    await dot(page).waitFor({ state: 'detached' });
    await page.reload();
    await page.getByTestId('home').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await dot(page).count()).toBe(0);
    // /profile/notification shows the announcements without asking to log in.
    await page.goto('/profile/notification');
    await page.getByTestId('notice-cards').waitFor();
    expect(asked).toEqual([]);
    await context.close();
    expect(pageErrors).toEqual([]);
  });
});
