/// <reference lib="dom" />
import { existsSync } from 'node:fs';
import path from 'node:path';
import Decimal from 'decimal.js';
import { generate } from 'otplib';
import type { BrowserContext, Page } from 'playwright-core';
import { Clock, hashSecret } from '@app/common';
import { lastCode, registerUser, uniqueName, type RegisteredUser } from '../support/users';
import { desktopContext, screenshot, startBrowserRun, type BrowserRun } from './browser-support';

// A valid 4x4 PNG (red, CRCs right: uploads are checked and re-written): a voucher and KYC documents.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGP4z8AARwzEcQCukw/x0F8jngAAAABJRU5ErkJggg==',
  'base64',
);
const TRON_ADDRESS = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const REJECT_REASON = 'The voucher shows a different transaction hash';

/**
 * Issue 13, "what it must show", literally: an admin with the reviewer role ONLY signs in with TOTP,
 * approves a KYC, rejects a deposit with a reason and approves a withdrawal through the console; the
 * customer API shows the states and balances that follow; the audit log screen shows the three
 * decisions; the configuration and the ledger are out of the reviewer's reach, and the API answers
 * 403 to the reviewer's own session. Screenshots: dashboard, the three queues, a user detail.
 */
describe('web-admin: a reviewer-only admin works through the review queues (issue 13 scenario)', () => {
  let run: BrowserRun;
  let context: BrowserContext;
  let page: Page;
  let user: RegisteredUser;
  const pageErrors: string[] = [];
  const reviewer = {
    id: '',
    email: `${uniqueName('review-scenario')}@example.com`,
    password: 'review-scenario-password',
  };
  let totpSecret = '';
  /** What the customer had before the reviewer's decisions (a deposit approved by the super-admin). */
  const FUNDED = '300';
  let kycId = '';
  let rechargeId = '';
  let withdrawalId = '';
  /** The withdrawal's amount plus fee, frozen while it waits, and what stays available. */
  let held = new Decimal(0);
  let left = new Decimal(0);

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
    return String(res.body.result.id);
  };
  const usdt = async (u: RegisteredUser) => {
    const res = await run.t.http().post('/swx/customer/user/getUserInfo').set(real(u));
    const line = (res.body.result.balances as { currency: string; available: string; frozen: string }[]).find(
      (b) => b.currency === 'USDT',
    );
    return { available: line?.available ?? '0', frozen: line?.frozen ?? '0' };
  };
  const superAdminToken = async () =>
    (
      await run.t
        .http()
        .post('/swx/admin/login')
        .send({ email: 'admin@example.com', password: 'admin-password-for-tests' })
    ).body.result.token as string;
  const totp = () =>
    generate({
      secret: totpSecret,
      epoch: Math.floor(run.t.app.get(Clock).now().getTime() / 1000),
    });
  const menu = (name: string) => page.getByRole('menuitem', { name, exact: true });

  beforeAll(async () => {
    if (!existsSync(path.resolve(__dirname, '../../web-admin/dist/index.html'))) {
      throw new Error('web-admin/dist is missing: run `npm run build -w web-admin` first');
    }
    run = await startBrowserRun();
    context = await desktopContext(run);
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // The reviewer role and no other.
    const inserted = await run.t.db.query<{ id: string }[]>(
      `INSERT INTO accounts.admin_users (email, password_hash, roles) VALUES ($1, $2, $3) RETURNING id`,
      [reviewer.email, await hashSecret(reviewer.password), ['reviewer']],
    );
    reviewer.id = String(inserted[0].id);

    // The customer: money on the real book (a deposit the super-admin approved), then the three
    // requests the reviewer decides, all waiting when the reviewer signs in: a KYC, a second deposit
    // and a small withdrawal (under withdraw_dual_approval_threshold: one approval pays it out).
    user = await registerUser(run.t);
    const funding = await deposit(user, FUNDED);
    const approved = await run.t
      .http()
      .post(`/swx/admin/recharges/${funding}/approve`)
      .set('Authorization', `Bearer ${await superAdminToken()}`);
    expect(approved.body.code).toBe(200);
    expect(await usdt(user)).toEqual({ available: FUNDED, frozen: '0' });

    const kyc = run.t.http().post('/swx/customer/user/identification').set(real(user));
    const fields = {
      firstName: 'Grace',
      lastName: `Hopper${uniqueName('')}`,
      sex: 'female',
      birthdate: '1986-12-09',
      country: 'US',
      address: '1 Navy Yard, Washington DC',
      phone: '+12025550143',
      documentType: 'passport',
      documentNumber: 'P7654321',
    };
    for (const [k, v] of Object.entries(fields)) void kyc.field(k, v);
    for (const k of ['front', 'back', 'inHand', 'signature']) void kyc.attach(k, PNG, `${k}.png`);
    expect((await kyc).body).toMatchObject({ code: 20001 });
    const identification = await run.t.http().get('/swx/customer/user/getIdentification').set(real(user));
    expect(identification.body.result.status).toBe('pending');
    kycId = String(identification.body.result.id);

    rechargeId = await deposit(user, '130');

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
      amount: '40',
      withdrawPassword: 'withdraw-secret',
    });
    expect(requested.body.code).toBe(20003);
    withdrawalId = String(requested.body.result.id);
    // Amount and fee wait in the frozen balance until the reviewer decides.
    held = new Decimal(40).plus(new Decimal(requested.body.result.fee as string));
    left = new Decimal(FUNDED).minus(held);
  });
  afterAll(async () => {
    await context?.close();
    await run?.close();
  });

  it('signs in with the password, enrols TOTP, then signs in with a code; the dashboard', async () => {
    await page.goto('/admin');
    await page.waitForURL(/\/admin\/login/);
    await page.locator('input[name="email"]').fill(reviewer.email);
    await page.locator('input[name="password"]').fill(reviewer.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('count-deposits').first().waitFor();

    // Enrolment, from the console's own menu.
    await menu('Two-factor authentication').click();
    await page.getByRole('button', { name: 'Set up' }).click();
    totpSecret = (await page.getByTestId('totp-secret').innerText()).trim();
    expect(totpSecret).toMatch(/^[A-Z2-7]{16,}$/);
    await page.locator('input[name="code"]').fill(await totp());
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByTestId('recovery-code').nth(9).waitFor();
    await page.getByTestId('recovery-codes-saved').click();
    await page.getByTestId('two-factor-on').waitFor();
    // The next code: the one just used is spent.
    run.t.app.get(Clock).advance(30_000);

    // Signed out, the password alone is not enough: the code of the authenticator app is asked for.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/admin');
    await page.waitForURL(/\/admin\/login/);
    await page.locator('input[name="email"]').fill(reviewer.email);
    await page.locator('input[name="password"]').fill(reviewer.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const codeInput = page.locator('input[name="code"]');
    await codeInput.waitFor();
    await codeInput.fill(await totp());
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByTestId('count-deposits').first().waitFor();
    const logins = await run.t.db.query<{ detail: Record<string, unknown> }[]>(
      `SELECT detail FROM accounts.admin_audit WHERE admin_id = $1 AND action = 'admin.login'
       ORDER BY id DESC LIMIT 1`,
      [reviewer.id],
    );
    expect(logins[0].detail).toMatchObject({ secondFactor: 'totp' });
    const session = await page.evaluate(() => localStorage.getItem('swx-admin-session'));
    expect(JSON.parse(session!).admin.roles).toEqual(['reviewer']);

    // The review queues are in the menu; the configuration and the ledger are not.
    for (const queue of ['KYC & certification', 'Deposits', 'Withdrawals', 'Audit log']) {
      await menu(queue).waitFor();
    }
    for (const hidden of ['System parameters', 'Instruments', 'Coins & networks', 'Adjustments']) {
      expect(await menu(hidden).count()).toBe(0);
    }
    // Counters of what waits (this run's shared database: at least this user's three requests).
    for (const counter of ['count-kyc', 'count-deposits', 'count-withdrawals']) {
      await page.getByTestId(counter).filter({ hasText: /^\d+$/ }).waitFor();
    }
    await page.locator('[data-testid="chart-flows"][data-state="ready"]').waitFor({ timeout: 60_000 });
    await screenshot(page, 'admin-review-scenario-dashboard');
  });

  it('approves the KYC: the customer API says verified', async () => {
    await menu('KYC & certification').click();
    await page.waitForURL(/\/admin\/kyc/);
    const row = page.locator('tr', { hasText: user.username });
    await row.waitFor();
    await screenshot(page, 'admin-review-scenario-kyc-queue');
    await row.locator('td').first().click();
    await page.waitForURL(new RegExp(`/admin/kyc/${kycId}/show`));
    await page.getByTestId('kyc-fields').getByText('Grace').waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="document-front"]');
      return !!img && img.complete && img.naturalWidth === 4;
    });
    await page.getByTestId('approve').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Approve verification #${kycId}?`).waitFor();
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await page.getByTestId('status-verified').waitFor();
    expect(await page.getByTestId('approve').count()).toBe(0);

    const status = await run.t.http().get('/swx/customer/user/getIdentification').set(real(user));
    expect(status.body.result).toMatchObject({ id: kycId, status: 'verified', reason: null });
  });

  it('rejects a deposit with a typed reason: the customer sees it rejected, the balance is unchanged', async () => {
    const before = await usdt(user);
    expect(new Decimal(before.available).eq(left)).toBe(true);
    expect(new Decimal(before.frozen).eq(held)).toBe(true);

    await menu('Deposits').click();
    await page.waitForURL(/\/admin\/recharges/);
    const row = page.locator('tr', { hasText: user.username }).filter({ hasText: '130 USDT' });
    await row.waitFor();
    await screenshot(page, 'admin-review-scenario-deposits-queue');
    await row.locator('td').first().click();
    await page.waitForURL(new RegExp(`/admin/recharges/${rechargeId}/show`));
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('[data-testid="voucher"]');
      return !!img && img.complete && img.naturalWidth === 4;
    });
    await page.getByTestId('reject').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Reject deposit #${rechargeId}`).waitFor();
    // No reason, no rejection.
    expect(await dialog.getByTestId('confirm-reject').isDisabled()).toBe(true);
    await dialog.locator('textarea[name="reason"]').pressSequentially(REJECT_REASON);
    await dialog.getByTestId('confirm-reject').click();
    await page.getByTestId('status-rejected').waitFor();
    await page.getByText(REJECT_REASON).first().waitFor();
    expect(await page.getByTestId('reject').count()).toBe(0);

    const mine = await run.t.http().get('/swx/customer/user/listRecharge').set(real(user));
    const rejected = (mine.body.result.list as { id: string; status: string; reason: string | null }[]).find(
      (r) => String(r.id) === rechargeId,
    );
    expect(rejected).toMatchObject({ status: 'rejected', reason: REJECT_REASON });
    expect(await usdt(user)).toEqual(before);
  });

  it('approves a withdrawal: paid out, the hold leaves the frozen balance', async () => {
    const whileHeld = await usdt(user);
    expect(new Decimal(whileHeld.frozen).eq(held)).toBe(true);
    expect(new Decimal(whileHeld.available).eq(left)).toBe(true);

    await menu('Withdrawals').click();
    await page.waitForURL(/\/admin\/withdrawals/);
    const row = page.locator('tr', { hasText: user.username }).filter({ hasText: '40 USDT' });
    await row.waitFor();
    await screenshot(page, 'admin-review-scenario-withdrawals-queue');
    await row.locator('td').first().click();
    await page.waitForURL(new RegExp(`/admin/withdrawals/${withdrawalId}/show`));
    await page.getByTestId('withdrawal-context').getByText('Recent deposits').waitFor();
    await page.getByTestId('approve').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Approve withdrawal #${withdrawalId}?`).waitFor();
    await dialog.getByRole('button', { name: 'Approve' }).click();
    // Decided: the buttons go (the user context beside it lists other, already approved, requests).
    await page.getByTestId('approve').waitFor({ state: 'detached' });
    await page.getByText('Approved', { exact: true }).first().waitFor();
    await screenshot(page, 'admin-review-scenario-withdrawal-approved');

    const mine = await run.t.http().get('/swx/customer/user/listWithdrwal').set(real(user));
    const paid = (mine.body.result.list as { id: string; status: string }[]).find(
      (w) => String(w.id) === withdrawalId,
    );
    expect(paid).toMatchObject({ status: 'approved', amount: '40' });
    const after = await usdt(user);
    expect(new Decimal(after.frozen).eq(0)).toBe(true);
    expect(new Decimal(after.available).eq(left)).toBe(true);
  });

  it("the user's detail shows the balance that follows, to the reviewer", async () => {
    // From the withdrawal, the user's link.
    await page.getByRole('link', { name: user.username }).first().click();
    await page.waitForURL(new RegExp(`/admin/users/${user.id}/show`));
    const after = await usdt(user);
    await page
      .getByTestId('balances')
      .getByText(new Decimal(after.available).toFixed(), { exact: true })
      .first()
      .waitFor();
    await screenshot(page, 'admin-review-scenario-user-detail');
    // Its review tabs list this user's decided requests.
    await page.getByRole('tab', { name: 'Deposits' }).click();
    await page.locator('tr', { hasText: '130 USDT' }).getByTestId('status-rejected').waitFor();
  });

  it('the audit log screen shows the three decisions of this reviewer', async () => {
    await menu('Audit log').click();
    await page.waitForURL(/\/admin\/audit/);
    // Filtered on this reviewer (the database is shared with the other files of the run).
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Admin ID' }).click();
    await page.locator('input[name="adminId"]').fill(reviewer.id);
    await page.waitForURL((url) => decodeURIComponent(url.search).includes(reviewer.id));
    const decisions: [string, string][] = [
      ['kyc.verified', kycId],
      ['recharge.rejected', rechargeId],
      ['withdrawal.approved', withdrawalId],
    ];
    for (const [action, target] of decisions) {
      const row = page.locator('tr', { hasText: action }).filter({ hasText: reviewer.email });
      await row.filter({ has: page.locator('td', { hasText: new RegExp(`^${target}$`) }) }).waitFor();
    }
    // Once the filtered page is in, nobody else's entries are listed.
    await page.waitForFunction((email) => {
      const cells = Array.from(document.querySelectorAll<HTMLElement>('td.column-adminEmail'));
      return cells.length >= 3 && cells.every((c) => c.innerText.trim() === email);
    }, reviewer.email);
    // The rejection's entry carries the reason.
    await page.locator('tr', { hasText: 'recharge.rejected' }).first().click();
    await page.getByText(REJECT_REASON).first().waitFor();
    await screenshot(page, 'admin-review-scenario-audit-log');
  });

  it('cannot open the configuration or the ledger; the API answers 403 to the same session', async () => {
    await page.goto('/admin/parameters');
    await page.waitForLoadState('networkidle');
    expect(await page.locator('tr', { hasText: 'withdraw_dual_approval_threshold' }).count()).toBe(0);
    await page.goto('/admin/adjustments/create');
    await page.waitForLoadState('networkidle');
    expect(await page.locator('textarea[name="reason"], input[name="amount"]').count()).toBe(0);

    // The token the console holds after the TOTP login.
    const session = JSON.parse((await page.evaluate(() => localStorage.getItem('swx-admin-session')))!) as {
      token: string;
    };
    const auth = { Authorization: `Bearer ${session.token}` };
    const calls = [
      run.t.http().get('/swx/admin/parameters').set(auth),
      run.t
        .http()
        .put('/swx/admin/parameters/withdraw_dual_approval_threshold')
        .set(auth)
        .send({ value: '1' }),
      run.t.http().get('/swx/admin/instruments').set(auth),
      run.t.http().get('/swx/admin/ledger/accounts').set(auth),
      run.t.http().get('/swx/admin/adjustments').set(auth),
      run.t
        .http()
        .post('/swx/admin/adjustments')
        .set(auth)
        .send({
          ownerType: 'user',
          ownerId: user.id,
          book: 'real',
          currency: 'USDT',
          direction: 'credit',
          amount: '1000',
          reason: `review scenario ${reviewer.email}`,
        }),
      run.t.http().post('/swx/admin/adjustments/1/approve').set(auth),
    ];
    for (const res of await Promise.all(calls)) expect(res.body.code).toBe(403);
    const adjustments = await run.t.db.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM accounts.ledger_adjustments WHERE reason = $1`,
      [`review scenario ${reviewer.email}`],
    );
    expect(adjustments[0].n).toBe(0);
    // The same session still works on the review queues (403 is the role, not a dead session).
    const queue = await run.t
      .http()
      .get('/swx/admin/withdrawals')
      .query({ filter: JSON.stringify({ userId: user.id }) })
      .set(auth);
    expect(queue.body.code).toBe(200);
    expect(pageErrors).toEqual([]);
  });
});
