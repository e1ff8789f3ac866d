/// <reference lib="dom" />
import type { Page, Route } from 'playwright-core';
import {
  type MoneyRun,
  registerUser,
  serverTotp,
  shot,
  startMoneyRun,
  userContext,
} from './web-user-support';

/* A 2FA enable or disable request still running keeps its dialog open, as the app's other dialogs
   do (Modal's and ModalActions' busy): its buttons and its × are off and neither × nor Escape closes
   it, so its late refusal lands in the dialog and never on the security card. */
describe('web-user: the 2FA dialogs stay open while their request runs', () => {
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
  /** The alerts shown on the two-factor card itself, out of its dialogs. */
  const cardAlerts = (page: Page) =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll('[data-testid="two-factor"] [role="alert"]'))
        .filter((el) => !el.closest('[role="dialog"]'))
        .map((el) => (el as HTMLElement).innerText),
    );
  /** Holds the next POST to `path` until the returned release is called, then lets it through. */
  const hold = async (page: Page, path: string) => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let passed!: () => void;
    const through = new Promise<void>((resolve) => (passed = resolve));
    const handler = async (route: Route) => {
      await released;
      await route.continue();
      passed();
    };
    await page.route(`**/swx/customer/${path}`, handler);
    return async () => {
      release();
      await through;
      await page.unroute(`**/swx/customer/${path}`, handler);
    };
  };

  /** While held: the confirm button is off, Close and Escape leave the dialog open. */
  const tryClosing = async (page: Page, confirmTestId: string) => {
    const dialog = page.getByRole('dialog');
    await page.getByTestId(confirmTestId).click();
    await page.waitForFunction(
      (id) => document.querySelector<HTMLButtonElement>(`[data-testid="${id}"]`)?.disabled === true,
      confirmTestId,
      { timeout: 3000 },
    );
    // The × is off (dimmed like Cancel); a click on it does nothing.
    const close = dialog.getByRole('button', { name: 'Close' });
    expect(await close.isDisabled()).toBe(true);
    await close.click({ force: true });
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5); // the backdrop
    expect(await dialog.count()).toBe(1);
  };

  it('keeps the setup and the turning off dialogs open until their refusal, shown in them', async () => {
    const user = await registerUser(run.t);
    const context = await userContext(run, user);
    const page = await context.newPage();
    await page.goto('/profile/security');
    await page.getByTestId('2fa-state').getByText('Off').waitFor();
    const dialog = page.getByRole('dialog');

    // Setting up with a wrong code, held.
    await page.getByTestId('2fa-enable').click();
    const secret = await page.getByTestId('2fa-secret').innerText();
    await dialog.getByLabel('6-digit code').fill('000000');
    let release = await hold(page, 'user/2fa/enable');
    await tryClosing(page, '2fa-confirm').catch(async (e) => {
      await release();
      throw e;
    });
    await shot(page, 'security-2fa-enable-busy');
    await release();
    await dialog.getByRole('alert').waitFor();
    expect(await cardAlerts(page)).toEqual([]);
    expect(await page.getByTestId('2fa-confirm').isDisabled()).toBe(false);

    // On for real, then turning off with a wrong code, held.
    await dialog.getByLabel('6-digit code').fill(await totp(secret));
    await page.getByTestId('2fa-confirm').click();
    await page.getByTestId('codes-done').click();
    await page.getByTestId('2fa-state').getByText('On', { exact: true }).waitFor();
    await page.getByTestId('2fa-disable').click();
    await dialog.getByLabel('Code or recovery code').fill('000000');
    release = await hold(page, 'user/2fa/disable');
    await tryClosing(page, '2fa-disable-confirm').catch(async (e) => {
      await release();
      throw e;
    });
    await release();
    await dialog.getByRole('alert').waitFor();
    expect(await cardAlerts(page)).toEqual([]);
    await shot(page, 'security-2fa-disable-refused');

    // Done: now it closes.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await cardAlerts(page)).toEqual([]);
  });
});
