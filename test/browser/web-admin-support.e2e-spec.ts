/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { registerUser, uniqueName, type RegisteredUser } from '../support/users';
import { screenshot, startConsoleSession, type BrowserRun, type ConsoleSession } from './browser-support';

// The support inbox follows the agents' socket: each message pushed to the agents carries its
// conversation as the list returns it, and the console updates that row (its last message, unread
// count, status and place in the order) from the event. It fetched the whole list again on every
// message before; it still does when the conversation is not on the page it shows.
describe('web-admin support inbox: rows updated from the socket', () => {
  let session: ConsoleSession;
  let run: BrowserRun;
  let page: Page;
  let colleague: { Authorization: string };
  const email = `${uniqueName('support-agent')}@example.com`;

  beforeAll(async () => {
    session = await startConsoleSession(email, 'support-browser-password', ['super_admin']);
    ({ run, page } = session);
    const login = await run.t
      .http()
      .post('/swx/admin/login')
      .send({ email: 'admin@example.com', password: 'admin-password-for-tests' });
    colleague = { Authorization: `Bearer ${login.body.result.token as string}` };
  });
  afterAll(() => session?.close());

  const write = async (u: RegisteredUser, body: string) => {
    const sent = await run.t
      .http()
      .post('/swx/customer/user/supportMessage')
      .set({ Authorization: `Bearer ${u.token}` })
      .send({ body });
    expect(sent.body.code).toBe(200);
    return String(sent.body.result.conversationId);
  };

  it('a message, a reply and a close update the open list in place, without fetching it again', async () => {
    // The run's earlier open conversations closed: the open list is this test's own.
    await run.t.db.query(`UPDATE content.support_conversations SET status = 'closed' WHERE status = 'open'`);
    const [alice, bob, carol] = await Promise.all([
      registerUser(run.t),
      registerUser(run.t),
      registerUser(run.t),
    ]);
    const aliceId = await write(alice, 'Alice: my deposit is late');
    const bobId = await write(bob, 'Bob: how do I change my e-mail?');

    await page.goto('/admin/conversations');
    const rows = page.locator('tbody tr');
    const row = (text: string) => page.locator('tbody tr', { hasText: text });
    await row('Bob: how do I change my e-mail?').waitFor();
    await row('Alice: my deposit is late').waitFor();
    expect(await rows.first().innerText()).toContain('Bob:');

    // From here on, every request for the list is counted.
    const listRequests: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.method() === 'GET' && url.pathname.endsWith('/swx/admin/support/conversations'))
        listRequests.push(url.search);
    });

    // Alice writes again: her row shows the new message, two unread, and comes first.
    await write(alice, 'Alice: are you there?');
    const aliceRow = row('Alice: are you there?');
    await aliceRow.waitFor();
    expect(await aliceRow.getByTestId('unread').innerText()).toContain('2');
    expect(await rows.first().innerText()).toContain('Alice: are you there?');
    expect(await rows.count()).toBe(2);

    // A colleague answers her: the reply is the last message, nothing unread.
    const reply = await run.t
      .http()
      .post(`/swx/admin/support/conversations/${aliceId}/reply`)
      .set(colleague)
      .send({ body: 'We are checking it' });
    expect(reply.body.code).toBe(200);
    await row('↩ We are checking it').waitFor();
    await row('↩ We are checking it').locator('.MuiBadge-invisible').waitFor();

    // The colleague closes Bob's: it leaves the open list.
    const closed = await run.t.http().post(`/swx/admin/support/conversations/${bobId}/close`).set(colleague);
    expect(closed.body.code).toBe(200);
    await row('Bob:').waitFor({ state: 'detached' });
    expect(await rows.count()).toBe(1);
    // Time for a refetch to show itself, had the console asked for one.
    await page.waitForTimeout(1000);
    expect(listRequests).toEqual([]);
    await screenshot(page, 'admin-support-live-rows');

    // A conversation the page does not show (a new one): the list is fetched again.
    await write(carol, 'Carol: hello');
    await row('Carol: hello').waitFor();
    expect(listRequests.length).toBeGreaterThan(0);
    expect(await rows.first().innerText()).toContain('Carol: hello');
    expect(session.pageErrors).toEqual([]);
  });
});
