/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { LedgerService, SystemAccount } from '@app/ledger';
import type { RegisteredUser } from '../support/users';
import { passBasicKyc } from '../e2e/reliability/reliability-fixtures';
import {
  demoHeaders,
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

/** How far each sideways-scrolling table on the page is wider than its box (0 when it fits). */
async function tableOverflows(page: Page): Promise<number[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('.table-scroll'), (box) => box.scrollWidth - box.clientWidth),
  );
}

/** Whether the minus sign of the element's text is drawn to the left of its first digit. */
async function minusOnTheLeft(page: Page, locator: ReturnType<Page['locator']>): Promise<boolean> {
  return locator.evaluate((el) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const at = text.indexOf('-');
      if (at < 0) continue;
      const rect = (start: number) => {
        const range = document.createRange();
        range.setStart(node, start);
        range.setEnd(node, start + 1);
        return range.getBoundingClientRect();
      };
      return rect(at).right <= rect(at + 1).left + 0.5;
    }
    throw new Error(`no minus in ${el.textContent}`);
  });
}

/* Screens of a user with some history, looked at as the user sees them at 1280 px and on a phone. */
describe('web-user screens of a user with history', () => {
  let run: MoneyRun;
  let user: RegisteredUser;

  beforeAll(async () => {
    run = await startMoneyRun();
    await tick(run.t, 'BTCUSDT', '65000');
    user = await registerUser(run.t);
    await depositReal(run, user, '5000');
    await depositReal(run, user, '1234.56789');
    await setWithdrawPassword(run.t, user, 'withdraw-secret');
    const res = await run.t.http().post('/swx/customer/user/withdrawal').set(realHeaders(user)).send({
      method: 'crypto',
      coin: 'USDT',
      network: 'TRC20',
      address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
      amount: '120',
      withdrawPassword: 'withdraw-secret',
    });
    if (res.body.code !== 20003) throw new Error(JSON.stringify(res.body));
    // A long position on the demo book, a little under water (opened at the ask, valued at the bid).
    const opened = await run.t
      .http()
      .post('/swx/customer/order/buyU')
      .set(demoHeaders(user))
      .send({ code: 'BTCUSDT', direction: 'buy', lots: '0.1', leverage: 10 });
    if (opened.body.code !== 20004) throw new Error(JSON.stringify(opened.body));
    // Identity verified (KYC), advanced certification not asked for.
    await passBasicKyc(run.t, user, run.admin);
  });
  afterEach(async () => {
    for (const ctx of run.browser.contexts()) await ctx.close();
  });
  afterAll(async () => {
    await run?.close();
  });

  it('at 1280 px the deposit and withdrawal records fit their card: the hash is cut, the status in view', async () => {
    const context = await userContext(run, user, { real: true });
    const page = await context.newPage();
    for (const path of ['/profile/records', '/profile/deposit', '/profile/records?tab=withdrawals']) {
      await page.goto(path);
      const table = page.locator('table[data-testid$="-list"]');
      await table.locator('tbody tr').first().waitFor();
      await page.waitForLoadState('networkidle');
      // The transaction hash (66 characters) did not narrow its column: the table scrolled sideways
      // and the status badges were cut at the card's edge.
      expect(await tableOverflows(page)).toEqual([0]);
      const card = (await page.locator('.table-scroll').boundingBox())!;
      for (const badge of await table.locator('tbody .status').all()) {
        const box = (await badge.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width + 1);
      }
      if (path === '/profile/records') {
        const hash = table.locator('tbody code').first();
        expect(await hash.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
        await shot(page, 'records-desktop');
      }
    }
  });

  /** The USDT line's estimated value (the last column of the coin's row). */
  const valueOf = (page: Page) => page.locator('tr[data-coin="USDT"] td').last();

  it('the balances round their USDT estimates to the cent alike: the coin line and the totals agree', async () => {
    const context = await userContext(run, user, { real: true });
    const page = await context.newPage();
    // 5,000 + 1,234.56789 deposited (120 of it held for the withdrawal): worth 6,234.56789 USDT.
    await page.goto('/profile/balance');
    await page.getByTestId('total-usdt').getByText('USDT').waitFor();
    expect(await page.getByTestId('total-usdt').innerText()).toBe('≈ 6,234.57 USDT');
    // It read ≈ 6,234.56, cut, under a total of 6,234.57.
    expect(await valueOf(page).innerText()).toBe('≈ 6,234.57');
    // The demo book (100,000 less a position's fee, 99,986.9999): the total read ≈ 99,987 beside the
    // line's ≈ 99,986.99.
    await page.goto('/profile/balance2');
    await valueOf(page).getByText('≈').waitFor();
    expect(await valueOf(page).innerText()).toBe('≈ 99,987.00');
    expect(await page.getByTestId('total-usdt').innerText()).toBe('≈ 99,987.00 USDT');
    await shot(page, 'balances-demo-desktop');
  });

  it('funding details name the balance each line moved: a withdrawal held is available −, frozen +', async () => {
    const context = await userContext(run, user, { real: true });
    const page = await context.newPage();
    await page.goto('/zjxq');
    const rows = page.locator('main tbody tr');
    await rows.first().waitFor();
    const lines = await rows.evaluateAll((trs) =>
      trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent.trim()).slice(1)),
    );
    // The withdrawal's hold read "Withdrawal USDT -121.2" and "Withdrawal USDT 121.2": money out and
    // back in, as far as the user could tell.
    expect(lines).toEqual([
      ['Withdrawal', 'Available', 'USDT', '-121.2'],
      ['Withdrawal', 'Frozen', 'USDT', '+121.2'],
      ['Deposit', 'Available', 'USDT', '+1,234.56789'],
      ['Deposit', 'Available', 'USDT', '+5,000'],
    ]);
    // The NFT, exchange and reward movements have their filters too.
    for (const name of ['NFTs', 'Exchange', 'Rewards']) await page.getByRole('tab', { name }).waitFor();
    await shot(page, 'funding-desktop');
  });

  it('a demo grant and an operator adjustment read as such, each with its filter (both read "Other")', async () => {
    await run.t.app.get(LedgerService).post({
      key: `screens-adjustment-${randomUUID()}`,
      reason: 'admin_adjustment',
      legs: [
        {
          from: {
            owner: { type: 'system', id: SystemAccount.Adjustments },
            book: 'real',
            currency: 'USDT',
            kind: 'main',
          },
          to: { owner: { type: 'user', id: user.id }, book: 'real', currency: 'USDT', kind: 'available' },
          amount: '1.5',
        },
      ],
    });
    const context = await userContext(run, user, { real: true });
    const page = await context.newPage();
    await page.goto('/zjxq');
    const rows = page.locator('main tbody tr');
    await rows.first().getByText('Adjustments').waitFor();
    await page.getByRole('tab', { name: 'Adjustments' }).click();
    await page.waitForLoadState('networkidle');
    expect(await rows.count()).toBe(1);
    // The demo book's grant.
    const demo = await userContext(run, user);
    const demoPage = await demo.newPage();
    await demoPage.goto('/zjxq');
    await demoPage.getByRole('tab', { name: 'Demo funds' }).click();
    await demoPage.locator('main tbody tr').first().getByText('Demo funds').waitFor();
    expect(await demoPage.locator('main tbody').innerText()).not.toContain('Other');
    await shot(demoPage, 'funding-demo-desktop');
    await context.close();
    await demo.close();
  });

  it('a verified user not yet certified: the advanced card says what certification brings, not "verify"', async () => {
    const context = await userContext(run, user, { real: true, mobile: true });
    const page = await context.newPage();
    await page.goto('/loan');
    await page.getByTestId('kyc-card').getByText('Your identity is verified.').waitFor();
    const advanced = page.getByTestId('advanced-card');
    await advanced.getByTestId('kyc-start').waitFor();
    // It said "Verify your identity to take a loan." beside the identity card's "verified".
    expect(await advanced.locator('p').allInnerTexts()).toEqual(['Certified users get a higher loan limit.']);
    await shot(page, 'loan-cards-phone');
  });

  it("in Arabic a negative amount keeps its minus on the left: funding details and a position's profit", async () => {
    const context = await userContext(run, user, { real: true, lang: 'ar' });
    const page = await context.newPage();
    await page.goto('/zjxq');
    const withdrawal = page.locator('main tbody tr').filter({ hasText: '-121.2' });
    await withdrawal.waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // It read "121.2-".
    expect(await minusOnTheLeft(page, withdrawal.locator('td').last())).toBe(true);
    await shot(page, 'funding-desktop-ar');

    // The position is on the demo book.
    const demo = await (await userContext(run, user, { lang: 'ar' })).newPage();
    await demo.goto('/orders');
    const profit = demo.getByTestId('profit').first();
    await profit.getByText('-').waitFor();
    expect(await minusOnTheLeft(demo, profit)).toBe(true);
    await shot(demo, 'orders-desktop-ar');
  });
});
