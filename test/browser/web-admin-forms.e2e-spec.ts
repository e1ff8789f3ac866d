/// <reference lib="dom" />
import Decimal from 'decimal.js';
import type { Page, Request } from 'playwright-core';
import { verifiedUser } from '../e2e/reliability/reliability-fixtures';
import { adminToken, real } from '../e2e/trading/trading-support';
import { uniqueName } from '../support/users';
import { screenshot, startConsoleSession, type BrowserRun, type ConsoleSession } from './browser-support';

// The console's forms as an operator fills them in: what the API refuses is said, on the field it
// concerns, before anything is saved or once the API answered; nothing is refused in silence. An
// action that records money says how much, and for whom, before it is confirmed.
describe('web-admin forms and actions: refusals on the field, amounts before confirming', () => {
  let session: ConsoleSession;
  let run: BrowserRun;
  let page: Page;
  let api: string;
  const email = `${uniqueName('forms-admin')}@example.com`;
  const bearer = () => ({ Authorization: `Bearer ${api}` });
  const network = async (id: string) =>
    (await run.t.http().get(`/swx/admin/coinNetworks/${id}`).set(bearer())).body.result as {
      withdrawFeeRateOverride: string | null;
      minDeposit: string;
    };

  beforeAll(async () => {
    session = await startConsoleSession(email, 'forms-browser-password', ['super_admin']);
    ({ run, page } = session);
    api = await adminToken(run.t);
  });
  afterAll(async () => {
    await session?.close();
  });

  it("a network's fee rate the API does not take is refused on its field, and the API's refusal too", async () => {
    const id = '1';
    const before = await network(id);
    const saves: Request[] = [];
    const onRequest = (r: Request) => {
      if (r.method() === 'PUT' && new URL(r.url()).pathname === `/swx/admin/coinNetworks/${id}`)
        saves.push(r);
    };
    page.on('request', onRequest);
    try {
      await page.goto(`/admin/coinNetworks/${id}`);
      const fee = page.locator('input[name="withdrawFeeRateOverride"]');
      await fee.waitFor();
      // 123 % (the API takes a percent under 100 with at most 6 decimals): said on the field at once.
      await fee.fill('123');
      await page.getByTestId('save').click();
      const field = page.locator('.MuiFormControl-root', { has: fee });
      await field.getByText('A percent under 100 with at most 6 decimals, e.g. 0.5').waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
      await screenshot(page, 'admin-coin-network-fee-refused');

      // The API's own refusal of the rate (here a value the form took, changed on its way: the API
      // names the field withdrawFeeRate) lands on the form's field too, not in silence.
      await page.route(`**/swx/admin/coinNetworks/${id}`, (route) =>
        route.request().method() === 'PUT'
          ? route.continue({
              postData: JSON.stringify({ ...route.request().postDataJSON(), withdrawFeeRate: '250' }),
            })
          : route.continue(),
      );
      await fee.fill('2.5');
      await page.getByTestId('save').click();
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
      await field.getByText('Withdrawal fee rate is not valid').waitFor();
      await page.locator('.MuiSnackbar-root').getByText('The form is not valid').waitFor();
      expect(saves).toHaveLength(1);
      expect(await network(id)).toEqual(before);
    } finally {
      page.off('request', onRequest);
      await page.unroute(`**/swx/admin/coinNetworks/${id}`);
    }

    // A rate the API takes is saved.
    await page.goto(`/admin/coinNetworks/${id}`);
    await page.locator('input[name="withdrawFeeRateOverride"]').fill('0.75');
    await page.getByTestId('save').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(/\/admin\/coinNetworks$/);
    expect((await network(id)).withdrawFeeRateOverride).toBe('0.75');
    expect(session.pageErrors).toEqual([]);
  });

  it('marking a loan repaid names the customer and the amount it records before it is confirmed', async () => {
    const borrower = await verifiedUser(run.t, api, '1000');
    const taken = await run.t
      .http()
      .post('/swx/customer/user/loan')
      .set(real(borrower))
      .send({ amount: '200', termDays: 7, agree: true });
    expect(taken.body.result?.status).toBe('repaying');
    const loanId = String(taken.body.result.id);
    const loan = async () =>
      (
        (
          await run.t
            .http()
            .get('/swx/admin/loans')
            .query({ filter: JSON.stringify({ userId: borrower.id }) })
            .set(bearer())
        ).body.result as { id: string; amount: string; accruedInterest: string; status: string }[]
      ).find((l) => l.id === loanId)!;
    const before = await loan();
    const total = new Decimal(before.amount).plus(before.accruedInterest).toFixed();

    await page.goto(`/admin/loans?filter=${encodeURIComponent(JSON.stringify({ userId: borrower.id }))}`);
    const row = page.locator('tr', { hasText: borrower.username });
    await row.getByTestId('mark-repaid').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('confirm-mark-repaid-summary').waitFor();
    expect(await dialog.getByTestId('confirm-mark-repaid-summary').innerText()).toBe(
      `Records that ${borrower.username} repaid ${total} USDT outside the platform: principal ` +
        `${before.amount} and interest ${before.accruedInterest} accrued so far. The loan closes.`,
    );
    await screenshot(page, 'admin-loan-mark-repaid');
    await dialog.locator('textarea[name="note"]').fill('Bank transfer ref 20261128-001');
    await dialog.getByTestId('confirm-mark-repaid').click();
    await page.locator('.MuiSnackbar-root').getByText('Loan marked repaid').waitFor();
    expect((await loan()).status).toBe('repaid');
    expect(session.pageErrors).toEqual([]);
  });

  it("an instrument's spread and a VIP level's fee discount are saved only once the change is confirmed", async () => {
    const instrument = (
      (
        await run.t
          .http()
          .get('/swx/admin/instruments')
          .query({ filter: JSON.stringify({ q: 'ETHUSDT' }) })
          .set(bearer())
      ).body.result as { id: number; code: string; spread: string }[]
    ).find((i) => i.code === 'ETHUSDT')!;
    const level = (await run.t.http().get('/swx/admin/levels/1').set(bearer())).body.result as {
      feeDiscount: string;
    };
    const cases = [
      {
        url: `/admin/instruments/${instrument.id}`,
        api: `/swx/admin/instruments/${instrument.id}`,
        field: 'spread',
        label: 'Spread',
        before: instrument.spread,
        after: new Decimal(instrument.spread).plus('0.5').toFixed(),
      },
      {
        url: '/admin/levels/1',
        api: '/swx/admin/levels/1',
        field: 'feeDiscount',
        label: 'Fee discount (0..1)',
        before: level.feeDiscount,
        after: new Decimal(level.feeDiscount).plus('0.01').toFixed(),
      },
    ];
    const current = async (api: string, field: string) =>
      ((await run.t.http().get(api).set(bearer())).body.result as Record<string, string>)[field];
    try {
      for (const c of cases) {
        await page.goto(c.url);
        const input = page.locator(`input[name="${c.field}"]`);
        await input.waitFor();
        await page.waitForFunction(
          ([name, value]) =>
            document.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.value === value,
          [c.field, c.before] as const,
        );
        await input.fill(c.after);
        await page.getByRole('button', { name: 'Save' }).click();
        // The change, named with its value before and after, waits for Confirm.
        const dialog = page.getByRole('dialog');
        const change = dialog.getByTestId('confirm-changes').locator('tr', { hasText: c.label });
        await change.waitFor();
        expect(await change.innerText()).toContain(c.before);
        expect(await change.innerText()).toContain(c.after);
        await screenshot(page, `admin-confirm-${c.field}`);
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        expect(await current(c.api, c.field)).toBe(c.before);
        await page.getByRole('button', { name: 'Save' }).click();
        await dialog.getByRole('button', { name: 'Confirm' }).click();
        await page.waitForURL((url) => !url.pathname.endsWith(c.url.split('/').pop()!));
        expect(await current(c.api, c.field)).toBe(c.after);
      }
    } finally {
      // The run's other files price ETHUSDT and read the levels: leave them as they were.
      for (const c of cases)
        await run.t
          .http()
          .put(c.api)
          .set(bearer())
          .send({ [c.field]: c.before });
    }
    expect(session.pageErrors).toEqual([]);
  });
});
