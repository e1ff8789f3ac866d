/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import type { Namespace } from 'socket.io';
import { SupportSockets } from '@app/content/support/support-sockets';
import { io, type Socket } from 'socket.io-client';
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

interface Message {
  id: string;
  conversationId: string;
  sender: 'user' | 'agent';
  body: string;
  imageUrl: string | null;
  userId?: string | null;
  visitorId?: string | null;
}

/**
 * The online support page (/profile/kefu) against the real /support gateway: the agent is a socket
 * driven from here with an admin's token, as the back office's inbox is.
 */
describe('web-user online support chat in a real browser', () => {
  let run: MoneyRun;
  let agent: Socket;
  const received: Message[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    run = await startMoneyRun();
    agent = io(`${run.baseUrl}/support`, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: run.admin },
    });
    agent.on('message', (m: Message) => received.push(m));
    await new Promise<void>((resolve, reject) => {
      agent.once('connect', resolve);
      agent.once('connect_error', reject);
    });
  });
  afterAll(async () => {
    agent?.close();
    await run?.close();
  });

  const arrived = (match: (m: Message) => boolean) =>
    until(
      async () => received.find(match),
      (m) => m !== undefined,
    ) as Promise<Message>;
  const reply = async (conversationId: string, body: string) => {
    const ack = (await agent.timeout(10_000).emitWithAck('reply', { conversationId, body })) as {
      ok: boolean;
    };
    expect(ack).toMatchObject({ ok: true });
  };
  const watch = (page: Page) => page.on('pageerror', (e) => pageErrors.push(e.message));
  const bubbles = (page: Page, sender: 'user' | 'agent') =>
    page.locator(`[data-testid=support-message][data-sender=${sender}]`);

  it('a user writes, the agent answers live, an image goes too, and a reload shows the history', async () => {
    const user = await registerUser(run.t);
    const context = await userContext(run, user, { lang: 'en' });
    const page = await context.newPage();
    watch(page);
    await page.goto('/profile/kefu');
    await page.getByTestId('support-empty').waitFor();
    expect(await page.getByTestId('support-guest').count()).toBe(0);

    const question = `My deposit is missing ${user.username}`;
    await page.getByLabel('Type a message').fill(question);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page
      .locator('[data-testid=support-message][data-sender=user][data-state=sent]')
      .filter({ hasText: question })
      .waitFor();
    expect(await page.getByLabel('Type a message').inputValue()).toBe('');

    const inbound = await arrived((m) => m.body === question);
    expect(inbound).toMatchObject({ sender: 'user', userId: user.id });
    await reply(inbound.conversationId, 'Hello! Could you send the transaction hash?');
    await bubbles(page, 'agent').getByText('Hello! Could you send the transaction hash?').waitFor();
    await page.getByText('Support agent').first().waitFor();

    // An image goes over HTTP and is shown from its signed link; the agent gets it live.
    await page.getByTestId('support-image-input').setInputFiles({
      name: 'receipt.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    const image = bubbles(page, 'user').locator('img[src^="/swx/customer/index/supportImage/"]');
    await image.waitFor();
    await arrived((m) => m.conversationId === inbound.conversationId && Boolean(m.imageUrl));
    await reply(inbound.conversationId, 'Thank you, we are checking it now.');
    await bubbles(page, 'agent').getByText('Thank you, we are checking it now.').waitFor();
    expect(await cutOffOn(page)).toEqual([]);
    await shot(page, 'support-desktop');

    // The open page read the replies: the unread count is 0 on the server.
    const history = () =>
      run.t
        .http()
        .get('/swx/customer/user/supportMessages')
        .set({ Authorization: `Bearer ${user.token}` })
        .then((r) => r.body.result as { list: Message[]; unread: number });
    await until(history, (h) => h.unread === 0 && h.list.length === 4);

    // A reload fetches the history over the socket again.
    await page.reload();
    await bubbles(page, 'user').getByText(question).waitFor();
    await bubbles(page, 'agent').getByText('Thank you, we are checking it now.').waitFor();
    await image.waitFor();
    expect(await bubbles(page, 'agent').count()).toBe(2);
    expect(await bubbles(page, 'user').count()).toBe(2);

    // A dropped connection: the page says so, and after reconnecting it fetches what came meanwhile.
    await context.setOffline(true);
    const namespace: Namespace = Reflect.get(run.t.app.get(SupportSockets), 'namespace');
    namespace.in(`user:${user.id}`).disconnectSockets(true);
    await page.getByTestId('support-reconnecting').waitFor();
    const posted = await run.t
      .http()
      .post(`/swx/admin/support/conversations/${inbound.conversationId}/reply`)
      .set({ Authorization: run.admin })
      .send({ body: 'It arrived while you were away.' });
    expect(posted.body.code).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    expect(await page.getByText('It arrived while you were away.').count()).toBe(0);
    await context.setOffline(false);
    await bubbles(page, 'agent').getByText('It arrived while you were away.').waitFor({ timeout: 20_000 });
    await page.getByTestId('support-reconnecting').waitFor({ state: 'detached' });
    await page.close();

    // The same chat on a phone, in Arabic, right to left.
    const phone = await userContext(run, user, { lang: 'ar', mobile: true });
    const mobile = await phone.newPage();
    watch(mobile);
    await mobile.goto('/profile/kefu');
    await bubbles(mobile, 'agent').getByText('Thank you, we are checking it now.').waitFor();
    expect(await mobile.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await bubbles(mobile, 'agent').count()).toBe(3);
    await mobile.getByLabel('اكتب رسالة').waitFor();
    expect(await englishLinesOn(mobile)).toEqual([]);
    expect(await cutOffOn(mobile)).toEqual([]);
    await shot(mobile, 'support-mobile-ar');
    await phone.close();
    await context.close();
  });

  it('/?lang=ja switches the interface to Japanese and keeps it; a visitor chats as a guest', async () => {
    const context = await desktopContext(run);
    const page = await context.newPage();
    watch(page);
    await page.goto('/?lang=ja');
    await page.getByTestId('desktop-topbar').getByText('ホーム').waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, localStorage.getItem('lang')])).toEqual([
      'ja',
      'ja',
    ]);
    // An unknown code changes nothing.
    await page.goto('/?lang=xx');
    await page.getByTestId('desktop-topbar').getByText('ホーム').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('ja');

    // The support page without the parameter, logged out: visitor mode, in Japanese.
    await page.goto('/profile/kefu');
    await page.getByRole('heading', { name: 'オンラインサポート' }).waitFor();
    await page.getByTestId('support-guest').waitFor();
    await page.getByTestId('support-empty').waitFor();
    expect(await englishLinesOn(page)).toEqual([]);
    const question = `How do I open an account? ${Date.now()}`;
    await page.getByLabel('メッセージを入力').fill(question);
    await page.getByRole('button', { name: '送信', exact: true }).click();
    const inbound = await arrived((m) => m.body === question);
    expect(inbound.userId).toBeNull();
    expect(inbound.visitorId).toBe(await page.evaluate(() => localStorage.getItem('supportVisitorId')));
    await reply(inbound.conversationId, 'Tap Sign up at the top right.');
    await bubbles(page, 'agent').getByText('Tap Sign up at the top right.').waitFor();
    await shot(page, 'support-visitor-desktop-ja');
    // The visitor's history comes back after a reload (the browser keeps the visitor id).
    await page.reload();
    await bubbles(page, 'user').getByText(question).waitFor();
    await bubbles(page, 'agent').getByText('Tap Sign up at the top right.').waitFor();
    await context.close();
    expect(pageErrors).toEqual([]);
  });
});
