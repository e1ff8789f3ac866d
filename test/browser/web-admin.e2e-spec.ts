/// <reference lib="dom" />
import { existsSync } from 'node:fs';
import path from 'node:path';
import { generate } from 'otplib';
import type { BrowserContext, Page } from 'playwright-core';
import { Clock, hashSecret } from '@app/common';
import { lastCode, registerUser, uniqueName, type RegisteredUser } from '../support/users';
import { desktopContext, screenshot, startBrowserRun, textChanges, type BrowserRun } from './browser-support';

// A valid 4x4 PNG (red, CRCs right: uploads are checked and re-written): a voucher the browser can draw.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGP4z8AARwzEcQCukw/x0F8jngAAAABJRU5ErkJggg==',
  'base64',
);
const TRON_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

describe('web-admin (back-office console) in a real browser', () => {
  let run: BrowserRun;
  let context: BrowserContext;
  let page: Page;
  let user: RegisteredUser;
  const pageErrors: string[] = [];
  /** The console's user: a reviewer (who also operates), who enrols TOTP and signs in with it. */
  const reviewer = { email: `${uniqueName('reviewer')}@example.com`, password: 'console-reviewer-password' };
  let totpSecret = '';

  beforeAll(async () => {
    if (!existsSync(path.resolve(__dirname, '../../web-admin/dist/index.html'))) {
      throw new Error('web-admin/dist is missing: run `npm run build -w web-admin` first');
    }
    run = await startBrowserRun();
    context = await desktopContext(run);
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (m) => m.type() === 'error' && process.env.DEBUG_BROWSER && console.log(m.text()));
    user = await registerUser(run.t);
    await run.t.db.query(
      `INSERT INTO accounts.admin_users (email, password_hash, roles) VALUES ($1, $2, $3)`,
      [reviewer.email, await hashSecret(reviewer.password), ['reviewer', 'operator']],
    );
  });
  afterAll(async () => {
    await context?.close();
    await run?.close();
  });

  const real = (u: RegisteredUser) => ({ Authorization: `Bearer ${u.token}`, virtually: 'YES' });
  const hash = () =>
    `0x${Array.from({ length: 64 }, () => Math.floor(Math.random() * 16).toString(16)).join('')}`;
  const deposit = async (u: RegisteredUser, amount: string) => {
    const txHash = hash();
    const res = await run.t
      .http()
      .post('/swx/customer/user/recharge')
      .set(real(u))
      .field('coin', 'USDT')
      .field('network', 'TRC20')
      .field('amount', amount)
      .field('txHash', txHash)
      .field('last6', txHash.slice(-6))
      .attach('voucher', PNG, 'voucher.png');
    expect(res.body).toMatchObject({ code: 20002 });
    return { id: String(res.body.result.id), txHash };
  };
  const usdt = async (u: RegisteredUser) => {
    const res = await run.t.http().post('/swx/customer/user/getUserInfo').set(real(u));
    const line = (res.body.result.balances as { currency: string; available: string; frozen: string }[]).find(
      (b) => b.currency === 'USDT',
    );
    return { available: line?.available ?? '0', frozen: line?.frozen ?? '0' };
  };
  const adminToken = async () =>
    (
      await run.t
        .http()
        .post('/swx/admin/login')
        .send({ email: 'admin@example.com', password: 'admin-password-for-tests' })
    ).body.result.token as string;
  const notification = () => page.locator('.MuiSnackbar-root').first();
  /**
   * How many requests of a review queue wait, as the API counts them (its Content-Range total):
   * other browser files share the database and may leave requests waiting, so a counter is held to
   * the API's count, not to what this file alone queued.
   */
  const pending = async (resource: 'recharges' | 'withdrawals') => {
    const res = await run.t
      .http()
      .get(`/swx/admin/${resource}`)
      .query({ filter: JSON.stringify({ status: 'pending' }), range: '[0,0]' })
      .set('Authorization', `Bearer ${await adminToken()}`);
    const total = /\/(\d+)$/.exec(String(res.headers['content-range']))?.[1];
    if (total === undefined) throw new Error(`no count of waiting ${resource}: ${JSON.stringify(res.body)}`);
    return Number(total);
  };
  /** The dashboard's counter once it shows exactly `count`. */
  const counterShows = (testId: string, count: number) =>
    page
      .getByTestId(testId)
      .filter({ hasText: new RegExp(`^${count}$`) })
      .waitFor();

  it('serves the console at /admin with its own SPA fallback, beside the user app', async () => {
    const deep = await run.t.http().get('/admin/recharges/1/show');
    expect(deep.status).toBe(200);
    expect(deep.text).toContain('SWX back office');
    expect(deep.headers['cache-control']).toBe('no-cache');
    const root = await run.t.http().get('/admin');
    expect(root.text).toContain('/admin/assets/');
    const asset = /\/admin\/assets\/[^"]+\.js/.exec(root.text)![0];
    const js = await run.t.http().get(asset);
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.headers['cache-control']).toMatch(/immutable/);
    expect((await run.t.http().get('/admin/assets/no-such-file.js')).status).toBe(404);
    expect((await run.t.http().get('/admin/..%2f..%2fpackage.json')).status).toBe(404);
    // The user app still answers its own paths.
    const home = await run.t.http().get('/market');
    expect(home.text).not.toContain('SWX back office');
  });

  it('an admin signs in and sees the waiting deposits counted, live', async () => {
    await deposit(user, '150');
    await page.goto('/admin');
    await page.waitForURL(/\/admin\/login/).catch(async (e) => {
      await screenshot(page, 'admin-debug');
      console.log(pageErrors, await page.content());
      throw e;
    });
    await page.locator('input[name="email"]').fill(reviewer.email);
    await page.locator('input[name="password"]').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    // The API's own message is shown for a wrong password.
    await notification().waitFor();
    expect(await notification().innerText()).toMatch(/password/i);
    await page.locator('input[name="password"]').fill(reviewer.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('count-deposits').first().waitFor();

    // The reviewer enrols TOTP in the console: QR and secret, a code of the app, recovery codes once.
    const clock = run.t.app.get(Clock);
    const totp = () => generate({ secret: totpSecret, epoch: Math.floor(clock.now().getTime() / 1000) });
    await page.goto('/admin/two-factor');
    await page.getByRole('button', { name: 'Set up' }).click();
    totpSecret = (await page.getByTestId('totp-secret').innerText()).trim();
    expect(totpSecret).toMatch(/^[A-Z2-7]{16,}$/);
    await page.locator('input[name="code"]').fill(await totp());
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByTestId('recovery-code').nth(9).waitFor();
    await screenshot(page, 'admin-2fa-recovery-codes');
    await page.getByTestId('recovery-codes-saved').click();
    await page.getByTestId('two-factor-on').waitFor();
    await page.getByText('Recovery codes left: 10').waitFor();
    clock.advance(30_000);

    // Signed out, the password alone no longer signs in: the console asks for the code.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/admin');
    await page.waitForURL(/\/admin\/login/);
    await page.locator('input[name="email"]').fill(reviewer.email);
    await page.locator('input[name="password"]').fill(reviewer.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const codeInput = page.locator('input[name="code"]');
    await codeInput.waitFor();
    const right = await totp();
    await codeInput.fill(right === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await notification().waitFor();
    expect(await notification().innerText()).toMatch(/code/i);
    await screenshot(page, 'admin-login-totp');
    await codeInput.fill(right);
    await page.getByRole('button', { name: 'Verify' }).click();
    // This file's deposit is among the waiting ones the counter shows.
    const deposits = await pending('recharges');
    expect(deposits).toBeGreaterThanOrEqual(1);
    await counterShows('count-deposits', deposits);
    const logins = await run.t.db.query<{ detail: Record<string, unknown> }[]>(
      `SELECT a.detail FROM accounts.admin_audit a JOIN accounts.admin_users u ON u.id = a.admin_id
       WHERE u.email = $1 AND a.action = 'admin.login' ORDER BY a.id DESC LIMIT 1`,
      [reviewer.email],
    );
    expect(logins[0].detail).toMatchObject({ secondFactor: 'totp' });
    await counterShows('count-withdrawals', await pending('withdrawals'));

    // Another user's deposit arrives: the counter follows without a reload.
    const other = await registerUser(run.t);
    await counterShows('count-deposits', await pending('recharges'));
    const before = await pending('recharges');
    const [change] = await Promise.all([
      textChanges(page, '[data-testid="count-deposits"]', 15000),
      deposit(other, '200'),
    ]);
    expect(Number(change[1])).toBe(before + 1);
    expect(Number(change[1])).toBe(await pending('recharges'));
    await screenshot(page, 'admin-dashboard');
  });

  it('approves a deposit after looking at its voucher: the user balance rises', async () => {
    expect((await usdt(user)).available).toBe('0');
    await page.getByTestId('count-deposits').click();
    await page.waitForURL(/\/admin\/recharges/);
    const row = page.locator('tr', { hasText: user.username });
    await row.waitFor();
    await screenshot(page, 'admin-deposits-queue');
    await row.locator('td').first().click();
    await page.waitForURL(/\/admin\/recharges\/\d+\/show/);
    const voucher = page.getByTestId('voucher');
    await voucher.waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="voucher"]');
      return !!img && img.complete && img.naturalWidth === 4;
    });
    await screenshot(page, 'admin-deposit-review');

    await page.getByTestId('approve').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/Approve deposit #\d+\?/).waitFor();
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await page.getByTestId('status-approved').first().waitFor();
    expect(await page.getByTestId('approve').count()).toBe(0);
    expect((await usdt(user)).available).toBe('150');
  });

  it('shows the API error when a deposit was decided meanwhile by someone else', async () => {
    // Its own pending deposit, so a retry of this test does not depend on what an earlier attempt decided.
    const { id } = await deposit(await registerUser(run.t), '150');
    // The page must hold the record it fetched itself (not the list's cached copy) before the
    // other reviewer decides: a fetch answered after the rejection would simply hide the buttons.
    const loaded = page.waitForResponse(
      (r) => r.request().method() === 'GET' && new URL(r.url()).pathname === `/swx/admin/recharges/${id}`,
    );
    await page.goto(`/admin/recharges/${id}/show`);
    await loaded;
    await page.getByTestId('approve').first().waitFor();
    const res = await run.t
      .http()
      .post(`/swx/admin/recharges/${id}/reject`)
      .set('Authorization', `Bearer ${await adminToken()}`)
      .send({ reason: 'duplicate' });
    expect(res.body.code).toBe(200);
    await page.getByTestId('approve').first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await notification().waitFor();
    const message = await notification().innerText();
    expect(message.length).toBeGreaterThan(0);
    expect(message).not.toMatch(/^Approved$/);
    await screenshot(page, 'admin-deposit-conflict');
  });

  it('rejects a withdrawal with a reason: the held amount returns to the user', async () => {
    await run.t
      .http()
      .post('/swx/customer/login/sendCode')
      .send({ type: 'email', account: user.email, scene: 'withdrawPassword' });
    const code = await lastCode(run.t, user.email);
    const set = await run.t
      .http()
      .post('/swx/customer/user/repasswordTx')
      .set(real(user))
      .send({ type: 'email', code, password: 'withdraw-secret' });
    expect(set.body.code).toBe(20005);
    const requested = await run.t.http().post('/swx/customer/user/withdrawal').set(real(user)).send({
      method: 'crypto',
      coin: 'USDT',
      network: 'TRC20',
      address: TRON_ADDRESS,
      amount: '50',
      withdrawPassword: 'withdraw-secret',
    });
    expect(requested.body.code).toBe(20003);
    const held = await usdt(user);
    expect(Number(held.frozen)).toBeGreaterThan(0);

    await page.goto('/admin');
    const withdrawals = await pending('withdrawals');
    expect(withdrawals).toBeGreaterThanOrEqual(1);
    await counterShows('count-withdrawals', withdrawals);
    await page.getByTestId('count-withdrawals').click();
    const row = page.locator('tr', { hasText: TRON_ADDRESS });
    await row.waitFor();
    await screenshot(page, 'admin-withdrawals-queue');
    await row.getByTestId('reject').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/Reject withdrawal #\d+/).waitFor();
    expect(await dialog.getByTestId('confirm-reject').isDisabled()).toBe(true);
    await dialog.locator('textarea[name="reason"]').fill('Address belongs to a sanctioned exchange');
    await screenshot(page, 'admin-withdrawal-reject');
    await dialog.getByTestId('confirm-reject').click();
    await page.locator('tr', { hasText: TRON_ADDRESS }).waitFor({ state: 'detached' });

    expect(await usdt(user)).toEqual({ available: '150', frozen: '0' });
    const mine = await run.t.http().get('/swx/customer/user/listWithdrwal').set(real(user));
    expect(JSON.stringify(mine.body.result)).toContain('Address belongs to a sanctioned exchange');
  });

  it('the audit log shows both decisions, and the user detail both books', async () => {
    await page.goto('/admin/audit');
    await page.locator('td', { hasText: 'recharge.approved' }).first().waitFor();
    await page.locator('td', { hasText: 'withdrawal.rejected' }).first().waitFor();
    await page.locator('tr', { hasText: 'withdrawal.rejected' }).first().click();
    await page.getByText('Address belongs to a sanctioned exchange').waitFor();
    await screenshot(page, 'admin-audit-log');

    await page.goto(`/admin/users/${user.id}/show`);
    await page.getByTestId('balances').getByText('150').first().waitFor();
    await screenshot(page, 'admin-user-detail');
  });

  it('a KYC: the documents beside the submitted fields; approving verifies the user', async () => {
    const applicant = await registerUser(run.t);
    const req = run.t.http().post('/swx/customer/user/identification').set(real(applicant));
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
    for (const k of ['front', 'back', 'inHand', 'signature']) void req.attach(k, PNG, `${k}.png`);
    expect((await req).body).toMatchObject({ code: 20001 });

    await page.goto('/admin/kyc');
    const row = page.locator('tr', { hasText: applicant.username });
    await row.waitFor();
    await row.locator('td').first().click();
    await page.getByTestId('kyc-fields').getByText('Lovelace').waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="document-front"]');
      return !!img && img.complete && img.naturalWidth === 4;
    });
    await screenshot(page, 'admin-kyc-review');
    await page.getByTestId('approve').first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
    await page.getByTestId('status-verified').waitFor();
    const status = await run.t.http().get('/swx/customer/user/getIdentification').set(real(applicant));
    expect(JSON.stringify(status.body.result)).toMatch(/verified/);
  });

  it('a withdrawal shows the user context; a user is frozen and unfrozen with a reason', async () => {
    // The withdrawal reviewed earlier shows the user's balances, loans and recent requests.
    const decided = await run.t
      .http()
      .get('/swx/admin/withdrawals')
      .query({ filter: JSON.stringify({ userId: user.id }) })
      .set('Authorization', `Bearer ${await adminToken()}`);
    await page.goto(`/admin/withdrawals/${decided.body.result[0].id}/show`);
    const context = page.getByTestId('withdrawal-context');
    await context.getByText('Recent deposits').waitFor();
    await context.getByTestId('balances').getByText('150').first().waitFor();
    await screenshot(page, 'admin-withdrawal-review');

    const target = await registerUser(run.t);
    await page.goto(`/admin/users/${target.id}/show`);
    await page.getByTestId('status-active').waitFor();
    await page.getByTestId('freeze').click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByTestId('confirm-freeze').isDisabled()).toBe(true);
    await dialog.locator('textarea[name="reason"]').fill('Chargeback under investigation');
    await dialog.getByTestId('confirm-freeze').click();
    await page.getByTestId('status-frozen').waitFor();
    const refused = await run.t.http().post('/swx/customer/user/getUserInfo').set(real(target));
    expect(refused.body.code).toBe(401);
    await screenshot(page, 'admin-user-frozen');
    await page.getByTestId('unfreeze').click();
    await page.getByRole('dialog').locator('textarea[name="reason"]').fill('Cleared');
    await page.getByRole('dialog').getByTestId('confirm-unfreeze').click();
    await page.getByTestId('status-active').waitFor();
  });

  it("a user's demo book is disabled with a confirmation and a reason, then enabled again", async () => {
    const target = await registerUser(run.t);
    const demoHeaders = { Authorization: `Bearer ${target.token}`, virtually: 'NO' };
    await page.goto(`/admin/users/${target.id}/show`);
    await page.getByTestId('disable-demo').click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByTestId('confirm-disable-demo').isDisabled()).toBe(true);
    await dialog.locator('textarea[name="reason"]').fill('Demo book used to test stolen cards');
    await dialog.getByTestId('confirm-disable-demo').click();
    await page.getByTestId('enable-demo').waitFor();
    await screenshot(page, 'admin-user-demo-disabled');
    // The customer API: the demo book is readable and says so; a money move on it answers 10094.
    const info = await run.t.http().post('/swx/customer/user/getUserInfo').set(demoHeaders);
    expect(info.body.result).toMatchObject({ book: 'demo', demoDisabled: true });
    const order = await run.t
      .http()
      .post('/swx/customer/order/buyU')
      .set(demoHeaders)
      .send({ code: 'BTCUSDT', direction: 'buy', lots: '0.01', leverage: 10 });
    expect(order.body.code).toBe(10094);

    await page.getByTestId('enable-demo').click();
    await page.getByRole('dialog').locator('textarea[name="reason"]').fill('Checked: not the same person');
    await page.getByRole('dialog').getByTestId('confirm-enable-demo').click();
    await page.getByTestId('disable-demo').waitFor();
    const after = await run.t.http().post('/swx/customer/user/getUserInfo').set(demoHeaders);
    expect(after.body.result.demoDisabled).toBe(false);
    const audit = await run.t
      .http()
      .get('/swx/admin/audit')
      .query({ filter: JSON.stringify({ targetId: target.id }) })
      .set('Authorization', `Bearer ${await adminToken()}`);
    expect(audit.body.result.map((r: { action: string }) => r.action)).toEqual([
      'user.demo_enabled',
      'user.demo_disabled',
    ]);
  });

  it('support inbox: a customer writes, the agent sees it live and answers', async () => {
    await page.goto('/admin/conversations');
    await page.locator('.RaList-main').first().waitFor();
    const writer = await registerUser(run.t);
    const sent = await run.t
      .http()
      .post('/swx/customer/user/supportMessage')
      .set(real(writer))
      .send({ body: 'My deposit is not credited yet' });
    expect(sent.body.code).toBe(200);
    // The agents' socket refreshes the list: no reload.
    const row = page.locator('tr', { hasText: 'My deposit is not credited yet' });
    await row.waitFor();
    await row.locator('td').first().click();
    const chat = page.getByTestId('support-messages');
    await chat.getByText('My deposit is not credited yet').waitFor();
    await page.locator('input[name="reply"]').fill('We are checking it now');
    await page.getByRole('button', { name: 'Send' }).click();
    await chat.getByText('We are checking it now').waitFor();
    await run.t
      .http()
      .post('/swx/customer/user/supportMessage')
      .set(real(writer))
      .send({ body: 'Thank you!' });
    await chat.getByText('Thank you!').waitFor();
    // Each message's time says its zone, as every time of the console does.
    expect(await chat.innerText()).toMatch(/\d{2}:\d{2}:\d{2} \u2066UTC[^\u2069]*\u2069/);
    await screenshot(page, 'admin-support');
    const history = await run.t.http().get('/swx/customer/user/supportMessages').set(real(writer));
    expect(JSON.stringify(history.body.result)).toContain('We are checking it now');
  });

  it('support inbox: a conversation another agent closes leaves the open list live; one written to again is open again', async () => {
    await page.goto('/admin/conversations');
    await page.locator('.RaList-main').first().waitFor();
    const writer = await registerUser(run.t);
    const sent = await run.t
      .http()
      .post('/swx/customer/user/supportMessage')
      .set(real(writer))
      .send({ body: 'Is the card top-up live yet?' });
    expect(sent.body.code).toBe(200);
    const id = String(sent.body.result.conversationId);
    const row = page.locator('tr', { hasText: 'Is the card top-up live yet?' });
    await row.waitFor();

    // Another agent (the super-admin, in their own console) closes it: it leaves this open list, no reload.
    const colleague = { Authorization: `Bearer ${await adminToken()}` };
    const closed = await run.t.http().post(`/swx/admin/support/conversations/${id}/close`).set(colleague);
    expect(closed.body.code).toBe(200);
    await row.waitFor({ state: 'detached' });
    await screenshot(page, 'admin-support-closed-elsewhere');

    // Its page shows it closed; the customer writes again and it is open again, with its close button.
    await page.goto(`/admin/conversations/${id}/show`);
    await page.getByTestId('status-closed').waitFor();
    await page.getByTestId('support-messages').getByText('Is the card top-up live yet?').waitFor();
    expect(await page.getByTestId('close-conversation').count()).toBe(0);
    await run.t
      .http()
      .post('/swx/customer/user/supportMessage')
      .set(real(writer))
      .send({ body: 'Sorry, one more question' });
    await page.getByTestId('support-messages').getByText('Sorry, one more question').waitFor();
    await page.getByTestId('status-open').waitFor();
    await page.getByTestId('close-conversation').waitFor();

    // Closed by the colleague while this agent has it open: the status and the button follow.
    await run.t.http().post(`/swx/admin/support/conversations/${id}/close`).set(colleague);
    await page.getByTestId('status-closed').waitFor();
    await page.getByTestId('close-conversation').waitFor({ state: 'detached' });
    await screenshot(page, 'admin-support-reopened-closed');
    expect(pageErrors).toEqual([]);
  });

  it('opens the operations and configuration screens, and speaks Chinese', async () => {
    const screens: [string, string][] = [
      ['/admin/loans', 'admin-loans'],
      ['/admin/u-orders', 'admin-u-orders'],
      ['/admin/plans', 'admin-plans'],
      ['/admin/nfts', 'admin-nfts'],
      ['/admin/coinNetworks', 'admin-coin-networks'],
      ['/admin/planProducts', 'admin-plan-products'],
      ['/admin/loanProducts', 'admin-loan-products'],
      ['/admin/options-products', 'admin-options-products'],
    ];
    for (const [url, name] of screens) {
      await page.goto(url);
      // A table of rows, or the empty state: either way the page rendered its data.
      await page.locator('table tbody tr, .RaEmpty-message, .RaList-noResults').first().waitFor();
      await screenshot(page, name);
    }
    expect(pageErrors).toEqual([]);

    await page.goto('/admin');
    await page.getByRole('button', { name: /english/i }).click();
    await page.getByRole('menuitem', { name: '简体中文', exact: true }).click();
    await page.getByText('待审核').first().waitFor();
    await page.getByText('实名与高级认证').first().waitFor();
    await screenshot(page, 'admin-dashboard-zh');
    await page.getByRole('button', { name: /简体中文/ }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByText('Waiting for review').waitFor();
  });

  it("a super-admin resets the reviewer's lost second factor from the admin accounts, with a reason", async () => {
    const superContext = await desktopContext(run);
    const su = await superContext.newPage();
    await su.goto('/admin/login');
    await su.locator('input[name="email"]').fill('admin@example.com');
    await su.locator('input[name="password"]').fill('admin-password-for-tests');
    await su.getByRole('button', { name: 'Sign in' }).click();
    await su.getByTestId('count-deposits').first().waitFor();
    await su.goto('/admin/admins');
    // Only other admins with 2FA on offer the reset (never one's own row).
    const reset = su.getByTestId(`reset-2fa-${reviewer.email}`);
    await reset.waitFor();
    expect(await su.getByTestId('reset-2fa-admin@example.com').count()).toBe(0);
    await reset.click();
    const dialog = su.getByRole('dialog');
    expect(await dialog.getByTestId(`confirm-reset-2fa-${reviewer.email}`).isDisabled()).toBe(true);
    await dialog.locator('textarea[name="reason"]').fill('Lost phone, identity checked by video call');
    await screenshot(su, 'admin-accounts-2fa-reset');
    await dialog.getByTestId(`confirm-reset-2fa-${reviewer.email}`).click();
    await su.getByText('Two-factor authentication reset').waitFor();
    await su.getByTestId(`reset-2fa-${reviewer.email}`).waitFor({ state: 'detached' });
    // The reviewer's sessions ended; the password alone signs in again (to enrol again).
    const again = await run.t.http().post('/swx/admin/login').send(reviewer);
    expect(again.body.result).toMatchObject({ token: expect.any(String) });
    const audit = await run.t.db.query<{ detail: Record<string, unknown> }[]>(
      `SELECT a.detail FROM accounts.admin_audit a JOIN accounts.admin_users u ON u.id::text = a.target_id
       WHERE a.action = 'admin.2fa_reset' AND u.email = $1`,
      [reviewer.email],
    );
    expect(audit).toEqual([
      { detail: expect.objectContaining({ reason: 'Lost phone, identity checked by video call' }) },
    ]);
    await superContext.close();
  });
});
