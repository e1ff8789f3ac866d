/// <reference lib="dom" />
import { randomBytes } from 'node:crypto';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { Clock } from '@app/common';
import { QueueName } from '@app/queue';
import type { RegisteredUser } from '../support/users';
import { cutOffOn, englishLinesOn } from './browser-support';
import {
  PNG,
  available,
  demoHeaders,
  grouped,
  inWindow,
  realHeaders,
  registerUser,
  setWithdrawPassword,
  shot,
  startMoneyRun,
  tick,
  until,
  userContext,
  type MoneyRun,
} from './web-user-support';

/** The payout's transaction hash a reviewer records when completing the withdrawal. */
const PAYOUT_TX = `0x${'7a3f'.repeat(16)}`;

/* Funds and trading as a user does them: deposit with proof (approved by a reviewer), withdrawal
   with the fee quoted, currency exchange, a U position opened and closed on live ticks, an option
   bought and settled at expiry. After each step the screen shows what the API says. */
describe('web-user money screens: funds and trading', () => {
  let run: MoneyRun;
  let user: RegisteredUser;
  let marketId: string;

  beforeAll(async () => {
    run = await startMoneyRun();
    await tick(run.t, 'BTCUSDT', '65000');
    await tick(run.t, 'ETHUSDT', '3000');
    user = await registerUser(run.t);
    await setWithdrawPassword(run.t, user, 'withdraw-secret');
    const list = await run.t.http().get('/swx/customer/index/listMarketByType?type=2&pageNum=1&pageSize=100');
    marketId = String(
      (list.body.result.list as { id: number; code: string }[]).find((m) => m.code === 'BTCUSDT')!.id,
    );
  });
  afterEach(async () => {
    for (const ctx of run.browser.contexts()) {
      for (const pg of ctx.pages()) {
        if (process.env.DEBUG_PAGES)
          console.log(
            pg.url(),
            await pg
              .locator('main')
              .innerText()
              .catch(() => ''),
          );
      }
      await ctx.close();
    }
  });
  afterAll(async () => {
    run.t.app.get(Clock).set(new Date());
    await run?.close();
  });

  it('deposits with a proof image; once approved the real balance on screen is the API balance', async () => {
    const context = await userContext(run, user, { real: true });
    const page = await context.newPage();
    await page.goto('/profile/deposit');
    await page.getByLabel('Network').selectOption('TRC20');
    await page.getByTestId('deposit-address').waitFor();
    await page.getByTestId('qr-code').waitFor();
    expect(await page.getByTestId('deposit-min').innerText()).toContain('Minimum deposit for USDT');
    // Field errors before the API is called.
    await page.getByTestId('deposit-submit').click();
    await page.getByText('Please enter the correct amount').waitFor();
    await page.getByText('Please enter the transaction hash').waitFor();
    await page.getByLabel('Amount').fill('50');
    await page.getByTestId('deposit-submit').click();
    await page.getByText('The minimum deposit for USDT is 120').waitFor();

    await page.getByLabel('Amount').fill('2000');
    await page
      .getByLabel('Transaction hash')
      .fill(`0x${'ab'.repeat(16)}${Date.now().toString(16).padStart(32, '0')}`);
    await page.getByLabel('Last 6 digits of the transaction').fill('a1b2c3');
    await page
      .getByTestId('file-voucher')
      .setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: PNG });
    await shot(page, 'deposit-desktop');
    await page.getByTestId('deposit-submit').click();
    await page.getByRole('dialog', { name: 'Confirm the deposit' }).waitFor();
    await page.getByTestId('confirm-action').click();
    await page.getByText('Deposit added and under review').first().waitFor();
    const row = page.getByTestId('recharge-list').locator('tbody tr').first();
    await row.getByText('Pending review').waitFor();

    const id = await row.getAttribute('data-id');
    const approved = await run.t
      .http()
      .post(`/swx/admin/recharges/${id}/approve`)
      .set('Authorization', run.admin);
    expect(approved.body.code).toBe(200);
    await page.goto('/profile/balance');
    const api = await available(run.t, user, 'real');
    expect(api).toBe('2000');
    await page.getByTestId('available-USDT').getByText(grouped(api!)).waitFor();
    await page.getByTestId('total-usdt').getByText('2,000.00 USDT').waitFor();
    expect(await cutOffOn(page)).toEqual([]);
    await shot(page, 'balance-desktop');
    await context.close();
  });

  it('withdraws with the fee quoted, the withdrawal password and a confirmation; approved by a reviewer', async () => {
    const context = await userContext(run, user, { real: true });
    const page = await context.newPage();
    await page.goto('/profile/withdraw');
    await page.getByTestId('withdraw-submit').waitFor();
    await page.getByLabel('Network').selectOption('TRC20');
    await page.getByLabel('Wallet address').fill('TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7');
    await page.getByLabel('Amount', { exact: true }).fill('100');
    const quote = (
      await run.t
        .http()
        .get('/swx/customer/user/withdrawalQuote?coin=USDT&network=TRC20&amount=100')
        .set(realHeaders(user))
    ).body.result as { fee: string; total: string };
    await page
      .getByTestId('quote-fee')
      .getByText(`${grouped(quote.fee)} USDT`)
      .waitFor();
    await page.getByTestId('withdraw-submit').click();
    await page.getByText('Please enter the withdrawal password').waitFor();
    await page.getByLabel('Withdrawal password').fill('withdraw-secret');
    await shot(page, 'withdraw-desktop');
    await page.getByTestId('withdraw-submit').click();
    await page
      .getByTestId('confirm-total')
      .getByText(`${grouped(quote.total)} USDT`)
      .waitFor();
    await page.getByTestId('confirm-action').click();
    await page.getByText('Withdrawal added and under review').first().waitFor();
    const row = page.getByTestId('withdrawal-list').locator('tbody tr').first();
    await row.getByText('Pending review').waitFor();
    const id = await row.getAttribute('data-id');
    const approved = await run.t
      .http()
      .post(`/swx/admin/withdrawals/${id}/approve`)
      .set('Authorization', run.admin);
    expect(approved.body.code).toBe(200);
    await page.reload();
    await page
      .getByTestId('withdrawal-list')
      .getByText('Approved, payout pending', { exact: true })
      .waitFor();
    const api = await available(run.t, user, 'real');
    await page
      .getByTestId('withdraw-available')
      .getByText(`Available: ${grouped(api!)} USDT`)
      .waitFor();
    await context.close();
  });

  it('shows a paid-out withdrawal as completed, with when and its transaction hash to copy', async () => {
    const context = await userContext(run, user, { real: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    await page.goto('/profile/withdraw');
    const row = page.getByTestId('withdrawal-list').locator('tbody tr').first();
    await row.getByText('Approved, payout pending', { exact: true }).waitFor();
    expect(await row.getByTestId('payout').count()).toBe(0);
    const id = await row.getAttribute('data-id');
    const completed = await run.t
      .http()
      .post(`/swx/admin/withdrawals/${id}/complete`)
      .set('Authorization', run.admin)
      .send({ reference: PAYOUT_TX });
    expect(completed.body.code).toBe(200);
    const listed = await run.t
      .http()
      .get('/swx/customer/user/listWithdrwal?pageNum=1&pageSize=10')
      .set(realHeaders(user));
    const mine = (listed.body.result.list as { id: string; completedAt: string }[]).find((w) => w.id === id)!;

    await page.reload();
    const badge = row.locator('[data-status="completed"]');
    await badge.waitFor();
    expect(await badge.innerText()).toBe('Completed');
    expect(await badge.getAttribute('class')).toContain('status-done');
    const reference = row.getByTestId('payout-reference');
    expect(await reference.textContent()).toBe(PAYOUT_TX);
    expect(await reference.getAttribute('title')).toBe(PAYOUT_TX);
    expect(await reference.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
    // Shown with its time (the API's completedAt in the user's locale) and cut with an ellipsis.
    const when = row.getByTestId('payout-time').locator('time');
    expect(await when.getAttribute('datetime')).toBe(mine.completedAt);
    expect(await row.getByTestId('payout-time').innerText()).toMatch(/^Paid out \S/);
    expect(await reference.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    // The list still fits a 1280 px window: nothing hidden sideways.
    expect(
      await page
        .getByTestId('withdrawal-list')
        .evaluate((table) => table.parentElement!.scrollWidth <= table.parentElement!.clientWidth + 1),
    ).toBe(true);
    await row.getByTestId('copy-payout-reference').click();
    await page.getByText('Copied').first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(PAYOUT_TX);
    await row.getByTestId('payout').scrollIntoViewIfNeeded();
    await shot(page, 'withdrawal-completed-desktop');

    // The records page lists it the same way.
    await page.goto('/profile/records?tab=withdrawals');
    const recorded = page.getByTestId('withdrawal-list').locator(`tr[data-id="${id}"]`);
    await recorded.locator('[data-status="completed"]').waitFor();
    expect(await recorded.getByTestId('payout-reference').textContent()).toBe(PAYOUT_TX);
    await context.close();
  });

  it('exchanges USDT for ETH at a quote shown before confirming', async () => {
    const context = await userContext(run, user, { real: true });
    const page = await context.newPage();
    await page.goto('/profile/exchange');
    await page.getByTestId('exchange-to').selectOption('ETH');
    await page.getByLabel('Amount').fill('300');
    await page.getByTestId('exchange-quote').click();
    const dialog = page.getByRole('dialog', { name: 'Confirm the exchange' });
    await dialog.waitFor({ timeout: 5000 }).catch(async (e: unknown) => {
      throw new Error(`${String(e)}\n${await page.locator('main').innerText()}`);
    });
    const receive = await page.getByTestId('exchange-receive').innerText();
    expect(receive).toMatch(/ETH$/);
    await shot(page, 'exchange-desktop');
    await page.getByTestId('confirm-action').click();
    await dialog.waitFor({ state: 'detached' });
    const eth = await until(
      () => available(run.t, user, 'real', 'ETH'),
      (v) => v !== undefined,
    );
    expect(`${grouped(eth!)} ETH`).toBe(receive);
    await context.close();
  });

  it('opens a U position with margin and fee shown first, follows its result live, and closes it', async () => {
    const context = await userContext(run, user);
    const page = await context.newPage();
    await page.goto(`/cruuency?id=${marketId}&code=BTCUSDT&type=2`);
    await page.getByTestId('u-form').waitFor();
    // Stop-loss above the price for a long: refused on screen.
    await page.getByLabel('Lots').fill('0.1');
    await page.getByLabel('Stop-loss price').fill('70000');
    await page.getByTestId('u-submit').click();
    await page.getByText('The stop-loss price is unreasonable').waitFor();
    await page.getByLabel('Stop-loss price').fill('60000');
    const margin = await page.getByTestId('u-margin').innerText();
    const fee = await page.getByTestId('u-fee').innerText();
    await page.getByTestId('u-submit').click();
    expect(await page.getByTestId('confirm-margin').innerText()).toBe(margin);
    expect(await page.getByTestId('confirm-fee').innerText()).toBe(fee);
    await shot(page, 'u-order-confirm-desktop');
    await page.getByTestId('confirm-action').click();
    const row = page.getByTestId('u-list-current').locator('tbody tr[data-state="open"]').first();
    await row.waitFor();
    const orderId = (await row.getAttribute('data-order'))!;
    const order = (
      await run.t.http().get(`/swx/customer/order/getUOrderById/${orderId}`).set(demoHeaders(user))
    ).body.result as { margin: string; fee: string };
    expect(margin).toMatch(/^≈ [\d,.]+ USDT$/);
    expect(fee).toMatch(/^≈ [\d,.]+ USDT$/);
    // The position shows the margin and fee the server took.
    expect(await row.locator('td').nth(6).innerText()).toBe(grouped(order.margin));
    expect(await row.locator('td').nth(7).innerText()).toBe(grouped(order.fee));

    // A tick moves the floating result on screen.
    const before = await row.getByTestId('profit').innerText();
    await tick(run.t, 'BTCUSDT', '66000');
    await until(
      () => row.getByTestId('profit').innerText(),
      (v) => v !== before && v.startsWith('+'),
    );
    await shot(page, 'positions-desktop', true);
    // At 1280 px the positions fit their card: no column (the time, the state) is hidden sideways.
    expect(
      await page
        .getByTestId('u-list-current')
        .evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth),
    ).toBeLessThanOrEqual(1);
    // The close button is in view without scrolling the wide table sideways.
    const buttonInView = await row.getByTestId('close-position').evaluate((button) => {
      const box = button.getBoundingClientRect();
      const frame = button.closest('.table-scroll')!.getBoundingClientRect();
      return box.left >= frame.left && box.right <= frame.right;
    });
    expect(buttonInView).toBe(true);
    await row.getByTestId('close-position').click();
    await page.getByRole('dialog', { name: 'Close the position' }).waitFor();
    await page.getByTestId('confirm-action').click();
    await page
      .getByTestId('u-list-current')
      .locator(`tr[data-order="${orderId}"]`)
      .waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Contract history' }).click();
    const closed = page.getByTestId('u-list-history').locator(`tr[data-order="${orderId}"]`);
    await closed.getByText('Closed by you').waitFor();
    const profit = (
      await run.t.http().get(`/swx/customer/order/getUOrderById/${orderId}`).set(demoHeaders(user))
    ).body.result.profit as string;
    expect(await closed.getByTestId('profit').innerText()).toBe(`+${grouped(profit)}`);
    await page.goto('/profile/balance2');
    const api = await available(run.t, user, 'demo');
    await page.getByTestId('available-USDT').getByText(grouped(api!)).waitFor();
    await context.close();
  });

  it('a U order whose answer was lost is not placed twice when Confirm is pressed again', async () => {
    const trader = await registerUser(run.t);
    const context = await userContext(run, trader);
    const page = await context.newPage();
    await page.goto(`/cruuency?id=${marketId}&code=BTCUSDT&type=2`);
    await page.getByTestId('u-form').waitFor();
    await page.getByLabel('Lots').fill('0.1');
    await page.getByTestId('u-submit').click();
    // The first request reaches the server, which opens the order, but its answer never arrives.
    let sent = 0;
    await page.route('**/order/buyU', async (route) => {
      sent += 1;
      await route.fetch();
      await route.abort('failed');
    });
    await page.getByTestId('confirm-action').click();
    await page.getByTestId('confirm-error').waitFor();
    await page.unroute('**/order/buyU');
    expect(sent).toBe(1);
    // Confirm again: the same request (its Idempotency-Key), so the server answers with that order.
    await page.getByTestId('confirm-action').click();
    await page.getByTestId('confirm-action').waitFor({ state: 'detached' });
    const list = (
      await run.t.http().get('/swx/customer/order/listUOrder?state=current').set(demoHeaders(trader))
    ).body.result as { list: unknown[]; total: number };
    expect(list.total).toBe(1);
    await page.getByTestId('u-list-current').locator('tbody tr[data-state="open"]').first().waitFor();
    await context.close();
  });

  it('starts the K-line chart of a new instrument at its first live tick', async () => {
    // A new instrument: no source feeds this run, so it has no history until the test ticks it.
    const code = `N${randomBytes(3).toString('hex').toUpperCase()}X`;
    const created = await run.t
      .http()
      .post('/swx/admin/instruments')
      .set({ Authorization: run.admin })
      .send({
        code,
        type: 7,
        appName: `New metal ${code}`,
        pricePrecision: 2,
        contractSize: '10',
        spread: '0.02',
        leverages: [1, 5],
        tradingHours: { alwaysOpen: true },
        referencePrice: '15',
        volatility: '0.2',
      });
    expect(created.body.code).toBe(200);
    const id = created.body.result.id as number;
    try {
      const context = await userContext(run, user);
      const page = await context.newPage();
      await page.goto(`/cruuency?code=${code}&type=7&id=${id}`);
      const chart = page.getByTestId('kline-chart');
      await chart.getByText('No price history yet').waitFor();
      // Ticks until the page's socket has subscribed to the code: the first one it gets opens a candle.
      await until(
        async () => {
          await tick(run.t, code, '15.25');
          return chart.getAttribute('data-candles');
        },
        (candles) => candles === '1',
      );
      await chart.locator('canvas').waitFor();
      await page.getByTestId('currency-price').getByText('15.25').waitFor();
    } finally {
      await run.t
        .http()
        .put(`/swx/admin/instruments/${id}`)
        .set({ Authorization: run.admin })
        .send({ status: 'suspended' });
    }
  });

  it('buys an option: a countdown to expiry, then the result', async () => {
    const context = await userContext(run, user);
    const page = await context.newPage();
    await page.goto(`/cruuency?id=${marketId}&code=BTCUSDT&type=2`);
    await page.getByRole('tab', { name: 'Options' }).first().click();
    await page.getByTestId('options-form').waitFor();
    await page.getByTestId('period-30').click();
    await page.getByLabel('Stake (USDT)').fill('100');
    await page.getByTestId('options-up').click();
    await page.getByRole('dialog', { name: 'Confirm the option' }).getByText('170 USDT').waitFor();
    await page.getByTestId('confirm-action').click();
    await page.getByRole('tab', { name: 'Open options' }).click();
    const row = page.getByTestId('options-list-current').locator('tbody tr').first();
    await row
      .getByTestId('countdown')
      .getByText(/^0:\d\d$/)
      .waitFor();
    await shot(page, 'options-desktop');
    const id = (await row.getAttribute('data-order'))!;

    await tick(run.t, 'BTCUSDT', '67000');
    run.t.app.get(Clock).advance(31_000);
    const job = await run.t.app.get<Queue>(getQueueToken(QueueName.Trading)).getJob(`options-settle-${id}`);
    await job!.promote();
    await until(
      async () =>
        (await run.t.http().get(`/swx/customer/order/getOptionsOrderById/${id}`).set(demoHeaders(user))).body
          .result.state as string,
      (state) => state !== 'open',
    );
    await page.getByRole('tab', { name: 'Options history' }).click();
    const settled = page.getByTestId('options-list-history').locator(`tr[data-order="${id}"]`);
    await settled.getByText('Won').waitFor({ timeout: 15000 });
    expect(await settled.getByTestId('result').innerText()).toBe('+70');
    // The settle and open prices with BTCUSDT's two decimals, as the market screens show them.
    await settled.getByText('67,000.00').waitFor();
    expect(await settled.locator('td').nth(4).innerText()).toMatch(/^\d{2},\d{3}\.\d{2}$/);
    await context.close();
  });

  it('shows the money screens on a phone and in Arabic (right to left), translated and not cut off', async () => {
    const mobile = await userContext(run, user, { real: true, mobile: true });
    const page = await mobile.newPage();
    for (const [route, name, ready] of [
      ['/profile/deposit', 'deposit-mobile', 'deposit-address'],
      ['/profile/withdraw', 'withdraw-mobile', 'withdraw-submit'],
      ['/profile/balance', 'balance-mobile', 'coin-accounts'],
      [`/cruuency?id=${marketId}&code=BTCUSDT&type=2`, 'trade-mobile', 'u-form'],
    ] as const) {
      await page.goto(route);
      if (route === '/profile/deposit') await page.getByLabel('Network').selectOption('TRC20');
      await page.getByTestId(ready).waitFor();
      expect({ route, cut: await cutOffOn(page) }).toEqual({ route, cut: [] });
      await shot(page, name);
    }
    // The paid-out withdrawal on a phone: a card of labelled lines (nothing hidden sideways), its
    // reference cut with an ellipsis inside the card, the copy button in view and tall enough to tap.
    await page.goto('/profile/withdraw');
    const list = page.getByTestId('withdrawal-list');
    const paid = list.getByTestId('payout').first();
    await paid.waitFor();
    await paid.scrollIntoViewIfNeeded();
    const reference = paid.getByTestId('payout-reference');
    expect(await reference.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    const copy = paid.getByTestId('copy-payout-reference');
    expect(await inWindow(page, copy)).toBe(true);
    expect((await copy.boundingBox())!.height).toBeGreaterThanOrEqual(40);
    expect(await cutOffOn(page)).toEqual([]);
    expect(
      await list.evaluate((table) => table.parentElement!.scrollWidth <= table.parentElement!.clientWidth),
    ).toBe(true);
    expect(await list.locator('thead').isVisible()).toBe(false);
    // The state's cell shows its column's name beside the badge.
    const statusLabel = await paid.evaluate((el) => {
      const label = getComputedStyle(el.closest('td')!, '::before');
      return { content: label.content, display: label.display, width: parseFloat(label.width) || 0 };
    });
    expect(statusLabel).toMatchObject({ content: '"Status"', display: 'block' });
    expect(statusLabel.width).toBeGreaterThan(0);
    await shot(page, 'withdrawal-completed-mobile');
    await mobile.close();

    const arabic = await userContext(run, user, { real: true, lang: 'ar' });
    const ar = await arabic.newPage();
    for (const [route, name, ready] of [
      ['/profile/withdraw', 'withdraw-desktop-ar', 'withdraw-submit'],
      [`/cruuency?id=${marketId}&code=BTCUSDT&type=2`, 'trade-desktop-ar', 'u-form'],
    ] as const) {
      await ar.goto(route);
      await ar.getByTestId(ready).waitFor();
      expect(await ar.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await ar.waitForLoadState('networkidle');
      expect({ route, english: await englishLinesOn(ar) }).toEqual({ route, english: [] });
      await shot(ar, name);
    }
    // In Arabic the state is translated and the hash stays left to right inside the right-to-left row.
    await ar.goto('/profile/withdraw');
    const paidAr = ar.getByTestId('withdrawal-list').getByTestId('payout').first();
    await paidAr.waitFor();
    expect(
      await ar.getByTestId('withdrawal-list').locator('[data-status="completed"]').first().innerText(),
    ).toBe('مكتمل');
    expect(await paidAr.innerText()).toContain('تم الدفع');
    const refAr = paidAr.getByTestId('payout-reference');
    expect(await refAr.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
    expect(await refAr.evaluate((el) => getComputedStyle(el).unicodeBidi)).toBe('isolate');
    await paidAr.scrollIntoViewIfNeeded();
    await shot(ar, 'withdrawal-completed-desktop-ar');
    await arabic.close();
  });
});
