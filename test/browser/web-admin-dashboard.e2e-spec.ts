/// <reference lib="dom" />
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import type { BrowserContext, Page } from 'playwright-core';
import { JobName, QueueName } from '@app/queue';
import { registerUser, type RegisteredUser } from '../support/users';
import { PNG_1X1, verifiedUser } from '../e2e/reliability/reliability-fixtures';
import { tick } from '../e2e/trading/trading-support';
import { desktopContext, SCREENSHOTS, startBrowserRun, type BrowserRun } from './browser-support';

// Issue 13 item 6: the console's dashboard draws its charts from GET /swx/admin/stats/* in a real
// browser: deposits and withdrawals per day, new users, open interest, plan principal, the loan
// book and the BullMQ queues (a failed job highlighted); desktop and narrow, English and Chinese;
// totals with every decimal of the API's figures (they were cut at 8).
describe('web-admin dashboard charts in a real browser', () => {
  let run: BrowserRun;
  let context: BrowserContext;
  let page: Page;
  let superToken: string;
  const pageErrors: string[] = [];

  const real = (u: RegisteredUser) => ({ Authorization: `Bearer ${u.token}`, virtually: 'YES' });
  /** The whole dashboard: the viewport is made as tall as the page (the console's bars are fixed). */
  const shot = async (name: string) => {
    const viewport = page.viewportSize()!;
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height) });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
    await page.setViewportSize(viewport);
  };
  /** Every panel of the dashboard has answered (no spinner left) and drawn what it has. */
  const panelsReady = async () => {
    for (const id of [
      'chart-flows',
      'chart-users',
      'chart-open-interest',
      'figure-plans',
      'figure-loans',
      'queue-table',
    ]) {
      // Generous: the machine running the browser tests is often busy.
      await page.locator(`[data-testid="${id}"][data-state="ready"]`).waitFor({ timeout: 60_000 });
    }
  };
  /** The canvas of a chart panel, drawn at a real size. */
  const canvasSize = (id: string) =>
    page.evaluate((testId) => {
      const canvas = document.querySelector<HTMLCanvasElement>(`[data-testid="${testId}"] canvas`);
      return canvas ? { width: canvas.clientWidth, height: canvas.clientHeight } : null;
    }, id);

  beforeAll(async () => {
    if (!existsSync(path.resolve(__dirname, '../../web-admin/dist/index.html'))) {
      throw new Error('web-admin/dist is missing: run `npm run build -w web-admin` first');
    }
    run = await startBrowserRun();
    context = await desktopContext(run);
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    superToken = (
      await run.t
        .http()
        .post('/swx/admin/login')
        .send({ email: 'admin@example.com', password: 'admin-password-for-tests' })
    ).body.result.token as string;

    // Activity for every panel, through the real flows.
    const user = await registerUser(run.t);
    const txHash = `0x${'d4'.repeat(32)}`;
    const declared = await run.t
      .http()
      .post('/swx/customer/user/recharge')
      .set(real(user))
      .field('coin', 'USDT')
      .field('network', 'TRC20')
      .field('amount', '1234.5')
      .field('txHash', txHash)
      .field('last6', txHash.slice(-6))
      .attach('voucher', PNG_1X1, 'voucher.png');
    expect(declared.body.code).toBe(20002);
    const approved = await run.t
      .http()
      .post(`/swx/admin/recharges/${declared.body.result.id}/approve`)
      .set('Authorization', `Bearer ${superToken}`);
    expect(approved.body.result.status).toBe('approved');

    const saver = await verifiedUser(run.t, superToken, '2000');
    const product = (
      (await run.t.http().get('/swx/customer/order/listSmartProducts')).body.result as {
        id: number;
        cycles: number[];
      }[]
    )[0];
    const plan = await run.t
      .http()
      .post('/swx/customer/order/buySmart')
      .set(real(saver))
      .send({ productId: product.id, amount: '500', days: product.cycles[0] });
    expect(plan.body.code).toBe(20004);
    const loan = await run.t
      .http()
      .post('/swx/customer/user/loan')
      .set(real(saver))
      .send({ amount: '300', termDays: 7, agree: true });
    expect(loan.body.result?.status).toBe('repaying');

    await tick(run.t, 'BTCUSDT', '65000');
    await tick(run.t, 'ETHUSDT', '3200');
    for (const [code, lots, direction] of [
      ['BTCUSDT', '0.2', 'buy'],
      ['ETHUSDT', '1', 'sell'],
    ]) {
      const opened = await run.t
        .http()
        .post('/swx/customer/order/buyU')
        .set({ Authorization: `Bearer ${user.token}`, virtually: 'NO' })
        .send({ code, direction, lots, leverage: 10 });
      expect(opened.body).toMatchObject({ code: 20004, result: { state: 'open' } });
    }

    // A job that fails in the real loans worker: the queue table must show it.
    const job = await run.t.app
      .get<Queue>(getQueueToken(QueueName.Loans))
      .add(JobName.LoanDue, { loanId: 'not-a-loan' }, { attempts: 1 });
    for (let i = 0; i < 300 && (await job.getState()) !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await job.getState()).toBe('failed');
  }, 180_000);
  afterAll(async () => {
    await context?.close();
    await run?.close();
  });

  it('an admin signs in and sees every chart drawn from the loaded figures', async () => {
    await page.goto('/admin');
    await page.waitForURL(/\/admin\/login/);
    await page.locator('input[name="email"]').fill('admin@example.com');
    await page.locator('input[name="password"]').fill('admin-password-for-tests');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await panelsReady();

    // The waiting-review counters are still there.
    await page.getByTestId('count-deposits').waitFor();
    // Charts: a canvas of a real size in each chart panel.
    for (const id of ['chart-flows', 'chart-users', 'chart-open-interest']) {
      const size = await canvasSize(id);
      expect(size?.width).toBeGreaterThan(200);
      expect(size?.height).toBeGreaterThan(150);
    }
    // The figures are the API's, as decimal strings. Other browser files share this database and
    // add their own deposits, plans and loans today, so this file's activity is a lower bound (the
    // exact amounts per day are checked by test/e2e/admin/admin-stats).
    const usdt = async (testId: string) => {
      const text = await page.getByTestId(testId).innerText();
      expect(text).toMatch(/^[\d,]+(\.\d+)? USDT$/);
      return Number(text.replace(/,/g, '').replace(' USDT', ''));
    };
    expect(await usdt('total-deposits')).toBeGreaterThanOrEqual(1234.5);
    expect(await usdt('total-withdrawals')).toBeGreaterThanOrEqual(0);
    expect(Number(await page.getByTestId('total-new-users').innerText())).toBeGreaterThanOrEqual(2);
    expect(await usdt('plans-smart-USDT')).toBeGreaterThanOrEqual(500);
    expect(await page.getByTestId('loans-USDT').innerText()).toMatch(/[\d,]+(\.\d+)? USDT/);
    // The failed job: its queue's row is highlighted, the job listed with its reason.
    const loansRow = page.getByTestId(`queue-${QueueName.Loans}`);
    expect(await loansRow.getAttribute('data-failed')).toBe('true');
    const failedBefore = Number(await loansRow.getByTestId('failed-count').innerText());
    expect(failedBefore).toBeGreaterThanOrEqual(1);
    expect(await page.getByTestId(`queue-${QueueName.Nfts}`).getAttribute('data-failed')).toBe('false');
    await page.getByTestId('failed-jobs').getByText(JobName.LoanDue, { exact: false }).waitFor();
    // The spot pairs' queues open under one row.
    await page.getByTestId('queue-spot').getByRole('button').click();
    await page.getByTestId('queue-spot-BTCUSDT').waitFor();
    await shot('admin-dashboard-charts');

    // The queue table refreshes by itself: another failed job shows up without a reload.
    const again = await run.t.app
      .get<Queue>(getQueueToken(QueueName.Loans))
      .add(JobName.LoanDue, { loanId: 'still-not-a-loan' }, { attempts: 1 });
    await loansRow
      .getByTestId('failed-count')
      .filter({ hasText: new RegExp(`^${failedBefore + 1}$`) })
      .waitFor({ timeout: 30_000 });
    await page.getByTestId('failed-jobs').getByText(`#${again.id}`, { exact: false }).waitFor();

    // Another range reloads the series.
    await page.getByTestId('range-7').click();
    await page.locator('[data-testid="chart-flows"][data-state="ready"]').waitFor();
    expect(await usdt('total-deposits')).toBeGreaterThanOrEqual(1234.5);
    expect(pageErrors).toEqual([]);
  }, 240_000);

  it("shows the totals with every decimal of the API's figures", async () => {
    // A deposit of 18 decimals, approved: the day's total has them all.
    const depositor = await registerUser(run.t);
    const txHash = `0x${randomBytes(32).toString('hex')}`;
    const declared = await run.t
      .http()
      .post('/swx/customer/user/recharge')
      .set(real(depositor))
      .field('coin', 'USDT')
      .field('network', 'TRC20')
      .field('amount', '150.123456789012345678')
      .field('txHash', txHash)
      .field('last6', txHash.slice(-6))
      .attach('voucher', PNG_1X1, 'voucher.png');
    expect(declared.body.code).toBe(20002);
    const approved = await run.t
      .http()
      .post(`/swx/admin/recharges/${declared.body.result.id}/approve`)
      .set('Authorization', `Bearer ${superToken}`);
    expect(approved.body.result.status).toBe('approved');
    const stats = (path: string) =>
      run.t
        .http()
        .get(`/swx/admin/stats/${path}`)
        .set('Authorization', `Bearer ${superToken}`)
        .then((res) => res.body.result);
    const daily = (await stats('daily')) as { totals: { deposits: Record<string, string> } };
    const current = (await stats('current')) as {
      plans: { kind: string; currency: string; principal: string }[];
      loans: { currency: string; principal: string; outstanding: string }[];
    };
    expect(daily.totals.deposits.USDT).toMatch(/\.\d{18}$/);
    /** The API's decimal string as the dashboard writes it: integer digits grouped, every decimal. */
    const written = (value: string) => {
      const [int, frac = ''] = value.split('.');
      const decimals = frac.replace(/0+$/, '');
      return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${decimals ? `.${decimals}` : ''} USDT`;
    };

    await page.goto('/admin');
    await panelsReady();
    expect(await page.getByTestId('total-deposits').innerText()).toBe(written(daily.totals.deposits.USDT));
    const smart = current.plans.find((p) => p.kind === 'smart' && p.currency === 'USDT')!;
    expect(await page.getByTestId('plans-smart-USDT').innerText()).toBe(written(smart.principal));
    const loans = current.loans.find((l) => l.currency === 'USDT')!;
    expect(await page.getByTestId('loans-principal-USDT').innerText()).toBe(written(loans.principal));
    expect(await page.getByTestId('loans-outstanding-USDT').innerText()).toBe(written(loans.outstanding));
    await shot('admin-dashboard-exact-totals');
    expect(pageErrors).toEqual([]);
  }, 180_000);

  it('fits a narrow screen: the charts shrink with it, nothing scrolls sideways', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await panelsReady();
    await shot('admin-dashboard-charts-narrow');
    for (const id of ['chart-flows', 'chart-users', 'chart-open-interest']) {
      const size = await canvasSize(id);
      expect(size?.width).toBeGreaterThan(200);
      expect(size?.width).toBeLessThanOrEqual(390);
    }
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(1);
    // The queue table fits too (it would scroll inside its card otherwise).
    const table = await page.getByTestId('queue-depths').evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(table).toBeLessThanOrEqual(1);
    await page.setViewportSize({ width: 1280, height: 800 });
  }, 180_000);

  it('speaks Chinese', async () => {
    await page.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('zh')));
    await page.reload();
    await panelsReady();
    await page.getByText('充值与提现').waitFor();
    await page.getByText('队列深度').waitFor();
    await page.getByText('各品种持仓量').waitFor();
    await shot('admin-dashboard-charts-zh');
    await page.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('en')));
    expect(pageErrors).toEqual([]);
  }, 180_000);
});
