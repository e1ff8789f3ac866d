/// <reference lib="dom" />
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { PriceService } from '@app/market';
import type { RegisteredUser } from '../support/users';
import { passBasicKyc } from '../e2e/reliability/reliability-fixtures';
import {
  available,
  demoHeaders,
  depositReal,
  grouped,
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

/** Makes the page believe its tab was hidden and shown again (another tab was in front). */
async function tabBack(page: Page) {
  for (const state of ['hidden', 'visible']) {
    await page.evaluate((s) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => s });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => s === 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    }, state);
  }
}

/*
 * The order lists and the forms around them: a desktop coin order's turnover names its currency;
 * the contract and options lists show a zero result as "0" (not "+0"); the funding details page
 * through the shared pager; the withdrawal form's loan check asked again when the user comes back
 * to the tab; the order buttons of a market open by its hours but not tradable (no price yet,
 * suspended) off, with the reason.
 */
describe('web-user: turnover currency, zero results, funding pager, loan recheck, untradable markets', () => {
  let run: MoneyRun;
  let trader: RegisteredUser;
  /** An always-open instrument of this file: ticked by the test only. */
  let flat: { id: number; code: string };
  const cleanup: number[] = [];

  const createInstrument = async () => {
    const code = `L${randomBytes(3).toString('hex').toUpperCase()}X`;
    const res = await run.t
      .http()
      .post('/swx/admin/instruments')
      .set({ Authorization: run.admin })
      .send({
        code,
        type: 7,
        appName: `Lists metal ${code}`,
        pricePrecision: 2,
        contractSize: '1',
        spread: '0.02',
        leverages: [1, 10],
        tradingHours: { alwaysOpen: true },
        referencePrice: '100',
        volatility: '0.2',
      });
    if (res.body.code !== 200) throw new Error(JSON.stringify(res.body));
    const id = res.body.result.id as number;
    cleanup.push(id);
    const prices = run.t.app.get(PriceService);
    await until(
      async () => prices.instruments().some((i) => i.code === code),
      (known) => known,
    );
    return { id, code };
  };

  const post = async (path: string, body: object, headers = demoHeaders(trader)) => {
    const res = await run.t.http().post(`/swx/customer/${path}`).set(headers).send(body);
    // (200, or a success code of the spec's: 20004 bought, 20005 repaid...)
    if (!/^200(\d\d)?$/.test(String(res.body.code))) throw new Error(`${path}: ${JSON.stringify(res.body)}`);
    return res.body.result as { id: string };
  };

  beforeAll(async () => {
    run = await startMoneyRun();
    await tick(run.t, 'BTCUSDT', '65000');
    trader = await registerUser(run.t);
    flat = await createInstrument();
    // Long at the ask (100.01), then the bid comes up to it: a floating result of exactly 0.
    await tick(run.t, flat.code, '100');
    const kept = await post('order/buyU', { code: flat.code, direction: 'buy', lots: '1', leverage: 10 });
    const closed = await post('order/buyU', { code: flat.code, direction: 'buy', lots: '1', leverage: 10 });
    await tick(run.t, flat.code, '100.02');
    await post('order/stopU', { orderId: closed.id });
    expect(kept.id).toBeTruthy();
    // An option on the same price until its expiry (no more ticks): a draw, a result of 0.
    const products = await run.t
      .http()
      .get('/swx/customer/order/listOptionsProducts')
      .set(demoHeaders(trader));
    const shortest = (products.body.result as { id: number; periodSeconds: number }[]).sort(
      (a, b) => a.periodSeconds - b.periodSeconds,
    )[0];
    await post('order/buyOptions', {
      code: flat.code,
      productId: shortest.id,
      direction: 'up',
      amount: '10',
    });
    // A resting coin order: nothing traded yet.
    await post('order/submit', {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '58500',
      quantity: '0.001',
    });
  });
  afterEach(async () => {
    for (const ctx of run.browser.contexts()) await ctx.close();
  });
  afterAll(async () => {
    // Later apps of the worker's run read the catalogue at boot: leave the instruments suspended.
    for (const id of cleanup)
      await run?.t
        .http()
        .put(`/swx/admin/instruments/${id}`)
        .set({ Authorization: run.admin })
        .send({ status: 'suspended' });
    await run?.close();
  });

  it("names the turnover's currency in the desktop spot orders, as the phone's cards do", async () => {
    for (const lang of ['en', 'ar']) {
      const context = await userContext(run, trader, { lang });
      const page = await context.newPage();
      await page.goto('/trade/spot?symbol=BTCUSDT');
      const resting = page.getByTestId('spot-list-current').locator('tbody tr[data-state="open"]').first();
      await resting.waitFor();
      // The turnover is the 8th column (its label is the language's).
      const turnover = resting.locator('td').nth(7);
      expect(await turnover.innerText()).toBe('0 USDT');
      await shot(page, `spot-turnover-${lang}-desktop`, true);
      await context.close();
      const phone = await userContext(run, trader, { lang, mobile: true });
      const pp = await phone.newPage();
      await pp.goto('/trade/spot?symbol=BTCUSDT');
      await pp.getByTestId('spot-list-current').locator('li[data-state="open"]').first().waitFor();
      await shot(pp, `spot-turnover-${lang}-phone`, true);
      await phone.close();
    }
  });

  it('shows a zero result as "0", not "+0", in the contract and options lists and the close dialog', async () => {
    // The option is settled at its expiry (a history list is read once, when its tab opens).
    await until(
      async () =>
        (
          await run.t
            .http()
            .get('/swx/customer/order/listOptionsOrder')
            .query({ state: 'history', pageNum: 1, pageSize: 20 })
            .set(demoHeaders(trader))
        ).body.result.list as { state: string }[],
      (list) => list.some((o) => o.state === 'draw'),
      60_000,
    );
    for (const [lang, mobile] of [
      ['en', false],
      ['ar', false],
      ['en', true],
      ['ar', true],
    ] as const) {
      const context = await userContext(run, trader, { lang, mobile });
      const page = await context.newPage();
      await page.goto('/orders');
      const open = page.getByTestId('u-list-current').locator('tbody tr[data-state="open"]');
      await open.first().waitFor();
      expect(await open.getByTestId('profit').innerText()).toBe('0');
      await shot(page, `zero-results-positions-${lang}-${mobile ? 'phone' : 'desktop'}`, true);
      const tabs = page.getByTestId('my-orders').getByRole('tab');
      await tabs.nth(2).click();
      const history = page.getByTestId('u-list-history').locator('tbody tr[data-state="closed"]');
      await history.first().waitFor();
      expect(await history.getByTestId('profit').innerText()).toBe('0');
      await tabs.nth(3).click();
      const draw = page.getByTestId('options-list-history').locator('tbody tr[data-state="draw"]');
      await draw.first().waitFor();
      expect(await draw.getByTestId('result').innerText()).toBe('0');
      await shot(page, `zero-results-options-${lang}-${mobile ? 'phone' : 'desktop'}`, true);
      if (lang === 'en' && !mobile) {
        await tabs.nth(0).click();
        await open.first().getByTestId('close-position').click();
        const dialog = page.getByRole('dialog', { name: 'Close the position' });
        await dialog.waitFor();
        expect(await dialog.getByTestId('confirm-floating').innerText()).toBe('0');
        await shot(page, 'zero-results-close-dialog-desktop');
      }
      await context.close();
    }
  });

  it('shows a position closed on the server in the open history, without switching tabs', async () => {
    const context = await userContext(run, trader, { lang: 'en' });
    const page = await context.newPage();
    await page.goto('/orders');
    await page.getByTestId('my-orders').getByRole('tab').nth(2).click();
    const history = page.getByTestId('u-list-history');
    await history.locator('tbody tr[data-state="closed"]').first().waitFor();
    // Opened and closed through the API (another device, or a stop-loss): this page is not told.
    const opened = await post('order/buyU', { code: flat.code, direction: 'buy', lots: '1', leverage: 10 });
    await post('order/stopU', { orderId: opened.id });
    await history
      .locator(`tbody tr[data-order="${opened.id}"][data-state="closed"]`)
      .waitFor({ timeout: 30_000 });
    await context.close();
  });

  it('pages the funding details with the shared pager: page numbers, prev/next off at the ends', async () => {
    // A user whose demo book has its grant and six coin orders placed and cancelled (a hold and its
    // release each): more than one page.
    const mover = await registerUser(run.t);
    for (let i = 0; i < 6; i++) {
      const order = await post(
        'order/submit',
        { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '58000', quantity: '0.001' },
        demoHeaders(mover),
      );
      await post('order/chedan', { orderId: order.id }, demoHeaders(mover));
    }
    const all = await run.t
      .http()
      .get('/swx/customer/user/listFundingDetails')
      .query({ pageNum: 1, pageSize: 20 })
      .set(demoHeaders(mover));
    const total = all.body.result.total as number;
    expect(total).toBeGreaterThan(20);
    const pages = Math.ceil(total / 20);
    for (const [lang, mobile] of [
      ['en', false],
      ['en', true],
      ['ar', false],
      ['ar', true],
    ] as const) {
      const context = await userContext(run, mover, { lang, mobile });
      const page = await context.newPage();
      await page.goto('/zjxq');
      const pager = page.locator('main .pager');
      await pager.waitFor();
      const [prev, next] = [pager.locator('button').first(), pager.locator('button').last()];
      if (lang === 'en') await pager.getByText(`Page 1 of ${pages}`, { exact: true }).waitFor();
      expect(await prev.isDisabled()).toBe(true);
      expect(await next.isDisabled()).toBe(false);
      await shot(page, `funding-pager-${lang}-${mobile ? 'phone' : 'desktop'}`, true);
      for (let p = 2; p <= pages; p++) {
        await next.click();
        await page.locator('main tbody tr').first().waitFor();
        if (lang === 'en') await pager.getByText(`Page ${p} of ${pages}`, { exact: true }).waitFor();
      }
      expect(await next.isDisabled()).toBe(true);
      expect(await prev.isDisabled()).toBe(false);
      await context.close();
    }
    // One page only: no pager, as every other list of the app.
    const fresh = await registerUser(run.t);
    const context = await userContext(run, fresh);
    const page = await context.newPage();
    await page.goto('/zjxq');
    await page.locator('main tbody tr').first().waitFor();
    expect(await page.locator('main .pager').count()).toBe(0);
  });

  it('asks the loan check again when the user comes back to the tab, without a flicker', async () => {
    const borrower = await registerUser(run.t);
    await depositReal(run, borrower, '5000');
    await passBasicKyc(run.t, borrower, run.admin);
    await setWithdrawPassword(run.t, borrower, 'withdraw-secret');
    const loan = await post('user/loan', { amount: '200', termDays: 7, agree: true }, realHeaders(borrower));

    const context = await userContext(run, borrower, { real: true });
    const page = await context.newPage();
    await page.goto('/profile/withdraw');
    const block = page.getByTestId('withdraw-loan-block');
    await block.waitFor();
    expect(await page.getByTestId('withdraw-submit').isDisabled()).toBe(true);
    // Watch for the notice or the form leaving the page while the check is asked again.
    await page.evaluate(() => {
      const w = window as unknown as { gone: number; form: Element | null };
      w.gone = 0;
      w.form = document.querySelector('[data-testid="withdraw-page"] form');
      new MutationObserver(() => {
        if (
          !document.querySelector('[data-testid="withdraw-loan-block"]') ||
          document.querySelector('[data-testid="withdraw-page"] form') !== w.form
        )
          w.gone++;
      }).observe(document.body, { subtree: true, childList: true });
    });

    // Still open: asked again on the way back, the form stays blocked and nothing flickers.
    const asked = page.waitForResponse('**/swx/customer/user/listLoanRecord', { timeout: 5_000 });
    await tabBack(page);
    await asked;
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { gone: number }).gone)).toBe(0);
    expect(await page.getByTestId('withdraw-submit').isDisabled()).toBe(true);

    // Repaid in another tab (here: the API); coming back (focus) opens the form, the same form.
    const repaid = await run.t
      .http()
      .post('/swx/customer/user/repayLoan')
      .set(realHeaders(borrower))
      .send({ loanId: loan.id });
    expect(repaid.body.code).toBe(20005);
    await page.waitForTimeout(1_200);
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await block.waitFor({ state: 'detached', timeout: 5_000 });
    expect(await page.getByTestId('withdraw-submit').isDisabled()).toBe(false);
    expect(
      await page.evaluate(
        () =>
          document.querySelector('[data-testid="withdraw-page"] form') ===
          (window as unknown as { form: Element | null }).form,
      ),
    ).toBe(true);
    // The available balance is read again too: the repayment left it (5,200 was before).
    const now = grouped((await available(run.t, borrower, 'real')) ?? '');
    expect(now).not.toBe('5,200');
    await page
      .getByTestId('withdraw-available')
      .getByText(`Available: ${now} USDT`, { exact: true })
      .waitFor({ timeout: 5_000 });
    await shot(page, 'withdraw-loan-recheck-desktop');
  });

  it('turns the order buttons off, with the reason, for a market open by its hours but not tradable', async () => {
    const fresh = await createInstrument();
    const url = `/cruuency?id=${fresh.id}&code=${fresh.code}&type=7`;
    const texts: Record<string, { noPrice: string; halted: string }> = {};

    /** The buttons' state and what they are described by (their hint and their title). */
    const buttons = (page: Page, ids: string[]) =>
      page.evaluate(
        (list) =>
          list.map((id) => {
            const b = document.querySelector<HTMLButtonElement>(`[data-testid="${id}"]`)!;
            const hint = b.getAttribute('aria-describedby');
            return {
              id,
              disabled: b.disabled,
              title: b.title,
              described: hint ? (document.getElementById(hint)?.textContent ?? null) : null,
            };
          }),
        ids,
      );

    for (const [lang, mobile] of [
      ['en', false],
      ['en', true],
      ['ar', false],
      ['ar', true],
    ] as const) {
      const context = await userContext(run, trader, { lang, mobile });
      const page = await context.newPage();
      await page.goto(url);
      await page.getByTestId('u-form').waitFor();
      const notice = page.getByTestId('u-form').getByTestId('market-closed');
      await notice.waitFor();
      const reason = (await notice.innerText()).trim();
      texts[lang] = { noPrice: reason, halted: '' };
      if (lang === 'en') expect(reason).toMatch(/no price yet/i);
      for (const d of ['u-buy', 'u-sell']) {
        await page.getByTestId(d).click();
        expect(await buttons(page, ['u-submit'])).toEqual([
          { id: 'u-submit', disabled: true, title: reason, described: reason },
        ]);
      }
      await page.getByTestId('trade-panel').scrollIntoViewIfNeeded();
      await shot(page, `untradable-noprice-u-${lang}-${mobile ? 'phone' : 'desktop'}`);
      await page.getByTestId('trade-panel').getByRole('tab').nth(1).click();
      await page.getByTestId('options-form').getByTestId('market-closed').waitFor();
      expect(await buttons(page, ['options-up', 'options-down'])).toEqual([
        { id: 'options-up', disabled: true, title: reason, described: reason },
        { id: 'options-down', disabled: true, title: reason, described: reason },
      ]);
      await shot(page, `untradable-noprice-options-${lang}-${mobile ? 'phone' : 'desktop'}`);
      await context.close();
    }
    expect(texts.ar.noPrice).not.toBe(texts.en.noPrice);

    // Its first price: the open page follows (no reload), the buttons on and no notice.
    const context = await userContext(run, trader);
    const page = await context.newPage();
    await page.goto(url);
    await page.getByTestId('u-form').getByTestId('market-closed').waitFor();
    await until(
      async () => {
        await tick(run.t, fresh.code, '100');
        return page.getByTestId('u-submit').isEnabled();
      },
      (on) => on,
      20_000,
    );
    expect(await page.getByTestId('market-closed').count()).toBe(0);
    expect(await page.getByTestId('u-submit').getAttribute('aria-describedby')).toBeNull();
    await context.close();

    // Suspended by an admin (it has a price): off, with that reason.
    const res = await run.t
      .http()
      .put(`/swx/admin/instruments/${fresh.id}`)
      .set({ Authorization: run.admin })
      .send({ status: 'suspended' });
    expect(res.body.code).toBe(200);
    const prices = run.t.app.get(PriceService);
    await until(
      async () => prices.instrument(fresh.code).status,
      (s) => s === 'suspended',
    );
    for (const [lang, mobile] of [
      ['en', false],
      ['ar', true],
    ] as const) {
      const ctx = await userContext(run, trader, { lang, mobile });
      const p = await ctx.newPage();
      await p.goto(url);
      const notice = p.getByTestId('u-form').getByTestId('market-closed');
      await notice.waitFor();
      const reason = (await notice.innerText()).trim();
      if (lang === 'en') expect(reason).toMatch(/paused/i);
      expect(reason).not.toBe(texts[lang].noPrice);
      expect(await buttons(p, ['u-submit'])).toEqual([
        { id: 'u-submit', disabled: true, title: reason, described: reason },
      ]);
      await p.getByTestId('trade-panel').scrollIntoViewIfNeeded();
      await shot(p, `untradable-halted-u-${lang}-${mobile ? 'phone' : 'desktop'}`);
      await p.getByTestId('trade-panel').getByRole('tab').nth(1).click();
      await p.getByTestId('options-form').getByTestId('market-closed').waitFor();
      expect((await buttons(p, ['options-up', 'options-down'])).map((b) => b.disabled)).toEqual([true, true]);
      await ctx.close();
    }
  });
});
