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

/* Every copy button says the same as the deposit address's and the payout reference's: a green
   "Copied" when the clipboard took the text, a red "Copy failed" when it did not. The security
   page's copies (an API key's secret, the 2FA recovery codes) said it as a plain message. */
describe('web-user: the security page copy buttons say copied or failed as the others do', () => {
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

  /** Clicks the copy button and answers the toast it shows: its kind (class) and its text. */
  const copied = async (page: Page, button: ReturnType<Page['locator']>) => {
    const before = await page.getByTestId('toast').count();
    await button.click();
    const toast = page.getByTestId('toast').nth(before);
    await toast.waitFor();
    return { className: await toast.getAttribute('class'), text: await toast.innerText() };
  };
  /** The clipboard refuses from now on. */
  const refuseClipboard = (page: Page) =>
    page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new Error('denied'));
    });

  it("marks the API key secret's and the recovery codes' copy as a success, or an error", async () => {
    const user = await registerUser(run.t);
    const context = await userContext(run, user);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const page = await context.newPage();
    await page.goto('/profile/security');
    const dialog = page.getByRole('dialog');

    // An API key's secret.
    await page.getByTestId('key-create').click();
    await dialog.getByLabel('Name').fill('Bot');
    await page.getByTestId('key-create-confirm').click();
    const secret = await page.getByTestId('key-secret').innerText();
    const copyButton = dialog.getByRole('button', { name: 'Copy', exact: true });
    expect(await copied(page, copyButton)).toEqual({ className: 'toast toast-success', text: 'Copied' });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await shot(page, 'security-copy-secret');
    await refuseClipboard(page);
    expect(await copied(page, copyButton)).toEqual({ className: 'toast toast-error', text: 'Copy failed' });
    await page.getByTestId('secret-done').click();
    await dialog.waitFor({ state: 'detached' });

    // The recovery codes, once 2FA is on.
    await page.reload();
    await page.getByTestId('2fa-enable').click();
    const totpSecret = await page.getByTestId('2fa-secret').innerText();
    await dialog.getByLabel('6-digit code').fill(await totp(totpSecret));
    await page.getByTestId('2fa-confirm').click();
    await page.getByTestId('recovery-codes').waitFor();
    const copyCodes = dialog.getByRole('button', { name: 'Copy', exact: true });
    expect(await copied(page, copyCodes)).toEqual({ className: 'toast toast-success', text: 'Copied' });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      await page.getByTestId('recovery-codes').innerText(),
    );
    await refuseClipboard(page);
    expect(await copied(page, copyCodes)).toEqual({ className: 'toast toast-error', text: 'Copy failed' });
  });
});
