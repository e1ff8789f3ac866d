/// <reference lib="dom" />
import type { Locator, Page, Route } from 'playwright-core';
import type { RegisteredUser } from '../support/users';
import { passBasicKyc } from '../e2e/reliability/reliability-fixtures';
import {
  depositReal,
  realHeaders,
  registerUser,
  setWithdrawPassword,
  shot,
  startMoneyRun,
  tick,
  userContext,
  type MoneyRun,
} from './web-user-support';

/** Whether the first `sign` in the element's text is drawn left of the character after it. */
async function signOnTheLeft(locator: Locator, sign: string): Promise<boolean> {
  return locator.evaluate((el, s) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const at = text.indexOf(s);
      if (at < 0) continue;
      const rect = (start: number) => {
        const range = document.createRange();
        range.setStart(node, start);
        range.setEnd(node, start + 1);
        return range.getBoundingClientRect();
      };
      return rect(at).right <= rect(at + 1).left + 0.5;
    }
    throw new Error(`no ${s} in ${el.textContent}`);
  }, sign);
}

/** Holds the next POST to `path` until the returned release is called, then lets it through. */
async function hold(page: Page, path: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const handler = async (route: Route) => {
    await released;
    // (The page may be gone by then.)
    await route.continue().catch(() => undefined);
  };
  await page.route(`**/swx/customer/${path}`, handler);
  return async () => {
    release();
    await page.unroute(`**/swx/customer/${path}`, handler);
  };
}

/* A user with an open loan: the withdrawal form says up front that withdrawals wait for the
   repayment (its fields and button off, a link to the loan) instead of letting the user fill it in
   for the API's refusal; the funding details sign credits "+" as debits "-" (on the left in Arabic
   too); a resting coin order's filled amount names its coin; a dialog's × is off while it works. */
describe('web-user: open loan withdraw block, signed movements, filled coin, busy ×', () => {
  let run: MoneyRun;
  let user: RegisteredUser;
  let loanId: string;

  beforeAll(async () => {
    run = await startMoneyRun();
    await tick(run.t, 'BTCUSDT', '65000');
    user = await registerUser(run.t);
    await depositReal(run, user, '5000');
    await passBasicKyc(run.t, user, run.admin);
    await setWithdrawPassword(run.t, user, 'withdraw-secret');
    const loan = await run.t
      .http()
      .post('/swx/customer/user/loan')
      .set(realHeaders(user))
      .send({ amount: '200', termDays: 7, agree: true });
    if (loan.body.code !== 200) throw new Error(JSON.stringify(loan.body));
    loanId = loan.body.result.id as string;
  });
  afterEach(async () => {
    for (const ctx of run.browser.contexts()) await ctx.close();
  });
  afterAll(async () => {
    await run?.close();
  });

  const formControls = (page: Page) =>
    page.evaluate(() =>
      Array.from(
        document.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLButtonElement>(
          '[data-testid="withdraw-page"] form input, [data-testid="withdraw-page"] form select, [data-testid="withdraw-page"] form button',
        ),
      ).map((el) => ({
        name: el.getAttribute('data-testid') ?? el.id ?? el.tagName,
        // (A control in a disabled fieldset is off without its own disabled attribute.)
        disabled: el.matches(':disabled'),
      })),
    );

  it('blocks the withdrawal form up front while a loan is open, with a way to the loan', async () => {
    for (const [lang, mobile] of [
      ['en', false],
      ['en', true],
      ['ar', false],
      ['ar', true],
    ] as const) {
      const context = await userContext(run, user, { real: true, lang, mobile });
      const page = await context.newPage();
      await page.goto('/profile/withdraw');
      const block = page.getByTestId('withdraw-loan-block');
      await block.waitFor();
      if (lang === 'en') {
        expect(await block.innerText()).toContain('You have an open loan of 200 USDT');
        await block.getByRole('link', { name: 'Go to my loan' }).waitFor();
      }
      expect(await block.getAttribute('role')).toBe('alert');
      const controls = await formControls(page);
      expect(controls.length).toBeGreaterThan(5);
      expect(controls.filter((c) => !c.disabled)).toEqual([]);
      expect(await page.getByTestId('withdraw-submit').isDisabled()).toBe(true);
      await shot(page, `withdraw-loan-block-${lang}-${mobile ? 'phone' : 'desktop'}`, true);
      if (lang === 'en' && !mobile) {
        await block.getByRole('link').click();
        await page.waitForURL('**/loan');
      }
      await context.close();
    }

    // Overdue: the account is frozen until it is repaid, and the notice says so.
    const context = await userContext(run, user, { real: true });
    const page = await context.newPage();
    await page.route('**/swx/customer/user/listLoanRecord', async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      for (const l of body.result) l.status = 'expired';
      await route.fulfill({ response: res, json: body });
    });
    await page.goto('/profile/withdraw');
    await page.getByTestId('withdraw-loan-block').getByText('is overdue').waitFor();
    expect(await page.getByTestId('withdraw-submit').isDisabled()).toBe(true);
    await shot(page, 'withdraw-loan-overdue-desktop');
    await context.close();
  });

  it('signs credits "+" and debits "-" in the funding details, on the left in Arabic', async () => {
    for (const lang of ['en', 'ar']) {
      const context = await userContext(run, user, { real: true, lang });
      const page = await context.newPage();
      await page.goto('/zjxq');
      const rows = page.locator('main tbody tr');
      await rows.first().waitFor();
      const amounts = await rows.evaluateAll((trs) =>
        trs.map((tr) => tr.querySelector('td:last-child')!.textContent.trim()),
      );
      // The deposit and the loan paid out: credits; none read without a sign.
      expect(amounts).toContain('+5,000');
      expect(amounts).toContain('+200');
      expect(amounts.filter((a) => !/^[+-]/.test(a))).toEqual([]);
      const credit = rows.filter({ hasText: '+5,000' }).locator('td').last();
      expect(await signOnTheLeft(credit, '+')).toBe(true);
      await shot(page, `funding-signs-${lang}-desktop`);
      await context.close();
      const phone = await userContext(run, user, { real: true, lang, mobile: true });
      const pp = await phone.newPage();
      await pp.goto('/zjxq');
      await pp.locator('main tbody tr').first().waitFor();
      expect(await signOnTheLeft(pp.locator('main tbody tr td:last-child').first(), '+')).toBe(true);
      await shot(pp, `funding-signs-${lang}-phone`);
      await phone.close();
    }
  });

  it("after the repayment the form is usable; a resting coin order's filled amount names its coin", async () => {
    // Repaid, so the withdrawal form is usable again (the normal path). (Once: a retry finds it repaid.)
    const loans = await run.t.http().get('/swx/customer/user/listLoanRecord').set(realHeaders(user));
    if ((loans.body.result as { id: string; status: string }[]).some((l) => l.status !== 'repaid')) {
      const repaid = await run.t
        .http()
        .post('/swx/customer/user/repayLoan')
        .set(realHeaders(user))
        .send({ loanId });
      expect(repaid.body.code).toBe(20005);
    }
    const placed = await run.t
      .http()
      .post('/swx/customer/order/submit')
      .set(realHeaders(user))
      .send({ symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '58500', quantity: '0.001' });
    expect(placed.body.code).toBe(200);

    for (const lang of ['en', 'ar']) {
      const context = await userContext(run, user, { real: true, lang });
      const page = await context.newPage();
      await page.goto('/profile/withdraw');
      await page.getByTestId('withdraw-quote').waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.getByTestId('withdraw-loan-block').count()).toBe(0);
      expect(await page.getByTestId('withdraw-submit').isDisabled()).toBe(false);
      expect((await formControls(page)).filter((c) => c.disabled)).toEqual([]);

      await page.goto('/trade/spot?symbol=BTCUSDT');
      const resting = page.getByTestId('spot-list-current').locator('tbody tr[data-state="open"]').first();
      await resting.waitFor();
      expect(await resting.getByTestId('order-filled').innerText()).toBe('0 BTC');
      await shot(page, `spot-filled-coin-${lang}-desktop`, true);
      await context.close();
      // A phone's order cards name the coin too.
      const phone = await userContext(run, user, { real: true, lang, mobile: true });
      const pp = await phone.newPage();
      await pp.goto('/trade/spot?symbol=BTCUSDT');
      await pp.getByTestId('spot-list-current').locator('li[data-state="open"]').first().waitFor();
      await shot(pp, `spot-filled-coin-${lang}-phone`, true);
      await phone.close();
    }
  });

  it("turns the dialog's × off while it works, dimmed like its Cancel", async () => {
    const placed = await run.t
      .http()
      .post('/swx/customer/order/submit')
      .set(realHeaders(user))
      .send({ symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '58000', quantity: '0.001' });
    expect(placed.body.code).toBe(200);
    const context = await userContext(run, user, { real: true });
    const page = await context.newPage();
    await page.goto('/trade/spot?symbol=BTCUSDT');
    const resting = page
      .getByTestId('spot-list-current')
      .locator(`tbody tr[data-order="${placed.body.result.id as string}"]`);
    await resting.getByTestId('spot-cancel').click();
    const dialog = page.getByRole('dialog', { name: 'Cancel the order' });
    await dialog.waitFor();
    const close = dialog.getByRole('button', { name: 'Close' });
    const cancel = dialog.getByRole('button', { name: 'Cancel', exact: true });
    expect(await close.isDisabled()).toBe(false);
    const release = await hold(page, 'order/chedan');
    try {
      await page.getByTestId('confirm-action').click();
      await page.waitForFunction(
        () => document.querySelector<HTMLButtonElement>('[data-testid="confirm-action"]')?.disabled === true,
      );
      expect(await cancel.isDisabled()).toBe(true);
      expect(await close.isDisabled()).toBe(true);
      expect(await close.getAttribute('aria-disabled')).toBe('true');
      const look = (l: Locator) =>
        l.evaluate((el) => ({ opacity: getComputedStyle(el).opacity, cursor: getComputedStyle(el).cursor }));
      expect(await look(close)).toEqual(await look(cancel));
      expect((await look(close)).opacity).not.toBe('1');
      await shot(page, 'dialog-busy-close-desktop');
      await page.keyboard.press('Escape');
      expect(await dialog.count()).toBe(1);
    } finally {
      await release();
    }
    await dialog.waitFor({ state: 'detached' });
  });
});
