/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import type { RegisteredUser } from '../support/users';
import {
  PNG,
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
    // Identity verified (KYC), advanced certification not asked for.
    const kyc = run.t.http().post('/swx/customer/user/identification').set(realHeaders(user));
    const fields = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      sex: 'female',
      birthdate: '1990-12-10',
      country: 'GB',
      address: 'London',
      phone: '+447700900123',
      documentType: 'passport',
      documentNumber: 'P1234567',
    };
    for (const [k, v] of Object.entries(fields)) void kyc.field(k, v);
    void kyc.attach('front', PNG, 'f.png').attach('inHand', PNG, 'h.png').attach('signature', PNG, 's.png');
    const sent = await kyc;
    if (sent.body.code !== 20001) throw new Error(JSON.stringify(sent.body));
    const approved = await run.t
      .http()
      .post(`/swx/admin/kyc/${sent.body.result.id}/approve`)
      .set('Authorization', run.admin);
    if (approved.body.code !== 200) throw new Error(JSON.stringify(approved.body));
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
    // The demo book's 100,000: the total read ≈ 100,000 beside the line's ≈ 100,000.00.
    await page.goto('/profile/balance2');
    await valueOf(page).getByText('≈').waitFor();
    expect(await page.getByTestId('total-usdt').innerText()).toBe('≈ 100,000.00 USDT');
    expect(await valueOf(page).innerText()).toBe('≈ 100,000.00');
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
      ['Withdrawal', 'Frozen', 'USDT', '121.2'],
      ['Deposit', 'Available', 'USDT', '1,234.56789'],
      ['Deposit', 'Available', 'USDT', '5,000'],
    ]);
    // The NFT, exchange and reward movements have their filters too.
    for (const name of ['NFTs', 'Exchange', 'Rewards']) await page.getByRole('tab', { name }).waitFor();
    await shot(page, 'funding-desktop');
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
});
