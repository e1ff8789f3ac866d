/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import {
  type MoneyRun,
  registerUser,
  serverTotp,
  shot,
  startMoneyRun,
  userContext,
} from './web-user-support';

/* The security page's errors: the API key form's refusals are announced (role="alert", as in every
   other form), and a dialog's error stays in its dialog: closing the 2FA dialogs after a wrong code
   leaves the security card clean, and opening them again starts without the old error. */
describe("web-user: the security page's errors", () => {
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

  const totp = (secret: string) => serverTotp(run.t, secret);
  /** A six-digit code that is certainly not the current one. */
  const wrongCode = async (secret: string) =>
    String((Number(await totp(secret)) + 500_000) % 1_000_000).padStart(6, '0');
  /** The alerts shown on the two-factor card itself, out of its dialogs. */
  const cardAlerts = (page: Page) =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll('[data-testid="two-factor"] [role="alert"]'))
        .filter((el) => !el.closest('[role="dialog"]'))
        .map((el) => (el as HTMLElement).innerText),
    );

  it("announces the API key form's errors, and a reopened form starts clean", async () => {
    const user = await registerUser(run.t);
    const context = await userContext(run, user);
    const page = await context.newPage();
    await page.goto('/profile/security');
    await page.getByTestId('key-create').click();
    const dialog = page.getByRole('dialog');

    // The form's own check on the permissions.
    await dialog.getByLabel('Name').fill('Bot');
    await dialog.getByLabel('Read').uncheck();
    await page.getByTestId('key-create-confirm').click();
    await dialog.getByRole('alert').getByText('Choose at least one permission').waitFor();

    // A refusal of the whole request (the connection failed): said in an alert in the dialog.
    await dialog.getByLabel('Read').check();
    await page.route('**/swx/customer/user/apiKeys', (route) =>
      route.request().method() === 'POST' ? route.abort() : route.continue(),
    );
    await page.getByTestId('key-create-confirm').click();
    await dialog.getByRole('alert').getByText('Network error').waitFor();
    await shot(page, 'security-key-form-error');
    await page.unroute('**/swx/customer/user/apiKeys');

    // Closed and opened again: no old error.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('key-create').click();
    await dialog.getByLabel('Name').waitFor();
    expect(await dialog.getByRole('alert').count()).toBe(0);
  });

  it('leaves no 2FA dialog error on the card once the dialog is closed, and reopens it clean', async () => {
    const user = await registerUser(run.t);
    const context = await userContext(run, user);
    const page = await context.newPage();
    await page.goto('/profile/security');
    await page.getByTestId('2fa-state').getByText('Off').waitFor();

    // Setting up: a wrong code is refused in the dialog.
    await page.getByTestId('2fa-enable').click();
    const dialog = page.getByRole('dialog');
    const secret = await page.getByTestId('2fa-secret').innerText();
    await dialog.getByLabel('6-digit code').fill(await wrongCode(secret));
    await page.getByTestId('2fa-confirm').click();
    await dialog.getByRole('alert').waitFor();
    const refusal = await dialog.getByRole('alert').innerText();
    expect(refusal).not.toBe('');

    // Closed (by its button, then by Escape): the card shows no error.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await cardAlerts(page)).toEqual([]);
    await shot(page, 'security-2fa-setup-closed');

    // Opened again: a fresh dialog, without the refusal.
    await page.getByTestId('2fa-enable').click();
    await dialog.getByLabel('6-digit code').waitFor();
    expect(await dialog.getByRole('alert').count()).toBe(0);
    expect(await dialog.getByLabel('6-digit code').inputValue()).toBe('');
    await dialog.getByLabel('6-digit code').fill(await wrongCode(secret));
    await page.getByTestId('2fa-confirm').click();
    await dialog.getByRole('alert').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await cardAlerts(page)).toEqual([]);

    // Turned on for real, then the turning off dialog behaves the same.
    await page.getByTestId('2fa-enable').click();
    const current = await page.getByTestId('2fa-secret').innerText();
    await dialog.getByLabel('6-digit code').fill(await totp(current));
    await page.getByTestId('2fa-confirm').click();
    await page.getByTestId('codes-done').click();
    await page.getByTestId('2fa-state').getByText('On', { exact: true }).waitFor();

    await page.getByTestId('2fa-disable').click();
    await dialog.getByLabel('Code or recovery code').fill(await wrongCode(current));
    await page.getByTestId('2fa-disable-confirm').click();
    await dialog.getByRole('alert').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await cardAlerts(page)).toEqual([]);
    await page.getByTestId('2fa-disable').click();
    await dialog.getByLabel('Code or recovery code').waitFor();
    expect(await dialog.getByRole('alert').count()).toBe(0);
  });
});
