/// <reference lib="dom" />
import { registerUser, shot, startMoneyRun, userContext, type MoneyRun } from './web-user-support';

/* The loan page's certification errors are announced as every other form error (the shared
   FormError, role="alert"): the status that could not be read, and the reason of a refused one. */
describe("web-user: the loan page's certification errors are alerts", () => {
  let run: MoneyRun;

  beforeAll(async () => {
    run = await startMoneyRun();
  });
  afterEach(async () => {
    for (const ctx of run.browser.contexts()) await ctx.close();
  });
  afterAll(async () => {
    await run?.close();
  });

  it('announces the unreadable status and the refusal reason', async () => {
    const user = await registerUser(run.t);
    const context = await userContext(run, user, { real: true });
    const page = await context.newPage();
    const card = page.getByTestId('kyc-card');

    // The status cannot be read (the connection failed).
    await page.route('**/swx/customer/user/getIdentification', (route) => route.abort());
    await page.goto('/loan');
    await card.getByText('Network error').waitFor();
    expect(await card.getByRole('alert').allInnerTexts()).toEqual([
      'Network error, please check your connection',
    ]);
    expect(await card.locator('.form-error').count()).toBe(1);
    await page.unroute('**/swx/customer/user/getIdentification');

    // Refused by a reviewer: the reason is an alert too.
    await page.route('**/swx/customer/user/getIdentification', (route) =>
      route.fulfill({
        json: { code: 200, result: { status: 'failed', reason: 'The photo is blurred' }, message: 'ok' },
      }),
    );
    await page.reload();
    await card.locator('[data-kyc="failed"]').waitFor();
    expect(await card.getByRole('alert').innerText()).toBe('Reason: The photo is blurred');
    await shot(page, 'loan-kyc-refused');
  });
});
