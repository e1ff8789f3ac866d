/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { adminToken, fundReal, real } from '../e2e/trading/trading-support';
import { lastCode, registerUser, uniqueName, type RegisteredUser } from '../support/users';
import { loadConsoleLanguage } from './console-languages';
import { screenshot, startConsoleSession, type BrowserRun, type ConsoleSession } from './browser-support';

const TRON_ADDRESS = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';

// The console's audit: a system parameter is saved only once its change (key, before, after) is
// confirmed, and a value out of range is told on its field; closing a support conversation asks
// first; the withdrawal queue's destination reads left to right in Arabic (cut at its end, the
// network and the address's start in view); the KYC detail and the coin orders speak the console's
// language; a list that cannot reach the server says so in the console's language.
describe('web-admin safeguards: confirmations, Arabic destinations, translated values', () => {
  let session: ConsoleSession;
  let run: BrowserRun;
  let page: Page;
  let api: string;
  let original: string;
  const email = `${uniqueName('safeguards-admin')}@example.com`;
  const password = 'safeguards-browser-password';
  const bearer = () => ({ Authorization: `Bearer ${api}` });
  const parameter = async (key: string) =>
    (await run.t.http().get(`/swx/admin/parameters/${key}`).set(bearer())).body.result.value as string;
  const setLocale = (code: string) =>
    page.evaluate((locale) => localStorage.setItem('RaStore.locale', JSON.stringify(locale)), code);

  /** A customer with a pending withdrawal of 40 USDT to TRON_ADDRESS. */
  async function withdrawal(): Promise<{ user: RegisteredUser; id: string }> {
    const user = await registerUser(run.t);
    await fundReal(run.t, user, '200');
    await run.t
      .http()
      .post('/swx/customer/login/sendCode')
      .send({ type: 'email', account: user.email, scene: 'withdrawPassword' });
    const code = await lastCode(run.t, user.email);
    await run.t
      .http()
      .post('/swx/customer/user/repasswordTx')
      .set(real(user))
      .send({ type: 'email', code, password: 'withdraw-secret' });
    const requested = await run.t.http().post('/swx/customer/user/withdrawal').set(real(user)).send({
      method: 'crypto',
      coin: 'USDT',
      network: 'TRC20',
      address: TRON_ADDRESS,
      amount: '40',
      withdrawPassword: 'withdraw-secret',
    });
    expect(requested.body.code).toBe(20003);
    return { user, id: String(requested.body.result.id) };
  }

  beforeAll(async () => {
    session = await startConsoleSession(email, password, ['super_admin']);
    ({ run, page } = session);
    api = await adminToken(run.t);
    original = await parameter('fee_rate_u_order');
  });
  afterAll(async () => {
    if (run && original !== undefined)
      await run.t
        .http()
        .put('/swx/admin/parameters/fee_rate_u_order')
        .set(bearer())
        .send({ value: original });
    await session?.close();
  });

  it('a system parameter is saved only after confirming its key, old and new value', async () => {
    const next = original === '0.25' ? '0.2' : '0.25';
    await page.goto('/admin/parameters/fee_rate_u_order');
    const input = page.locator('input[name="value"]');
    await page.waitForFunction(
      (value) => document.querySelector<HTMLInputElement>('input[name="value"]')?.value === value,
      original,
    );
    // The kind in words.
    await page.getByText('Decimal', { exact: true }).waitFor();
    await input.fill(next);
    await page.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Change fee_rate_u_order from ${original} to ${next}?`).waitFor();
    const changes = dialog.getByTestId('confirm-changes');
    expect(await changes.innerText()).toContain(original);
    expect(await changes.innerText()).toContain(next);
    await screenshot(page, 'admin-parameter-confirm');

    // Cancel: nothing is sent.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await parameter('fee_rate_u_order')).toBe(original);

    // Confirm: saved.
    await page.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/admin/parameters'));
    expect(await parameter('fee_rate_u_order')).toBe(next);
  });

  it("a value out of the parameter's range is refused on its field", async () => {
    const before = await parameter('fee_rate_u_order');
    await page.goto('/admin/parameters/fee_rate_u_order');
    await page.waitForFunction(
      (value) => document.querySelector<HTMLInputElement>('input[name="value"]')?.value === value,
      before,
    );
    await page.locator('input[name="value"]').fill('0.5');
    await page.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Change fee_rate_u_order from ${before} to 0.5?`).waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    // The API's message under the field, the form still open.
    const field = page.locator('.MuiFormControl-root', { has: page.locator('input[name="value"]') });
    await field
      .locator('.MuiFormHelperText-root.Mui-error', { hasText: /outside the allowed range/ })
      .waitFor();
    expect(page.url()).toContain('/admin/parameters/fee_rate_u_order');
    await screenshot(page, 'admin-parameter-out-of-range');
    expect(await parameter('fee_rate_u_order')).toBe(before);
  });

  it('closing a support conversation asks first', async () => {
    const writer = await registerUser(run.t);
    const sent = await run.t
      .http()
      .post('/swx/customer/user/supportMessage')
      .set(real(writer))
      .send({ body: 'Please close this when done' });
    expect(sent.body.code).toBe(200);
    const status = async () =>
      (
        await run.t.db.query<{ id: string; status: string }[]>(
          `SELECT id, status FROM content.support_conversations WHERE user_id = $1`,
          [writer.id],
        )
      )[0];
    const { id } = await status();
    await page.goto(`/admin/conversations/${id}/show`);
    await page.getByTestId('support-messages').getByText('Please close this when done').waitFor();

    await page.getByTestId('close-conversation').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Close conversation #${id}?`).waitFor();
    await screenshot(page, 'admin-support-close-confirm');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await status()).status).toBe('open');

    await page.getByTestId('close-conversation').click();
    await dialog.getByRole('button', { name: 'Close conversation' }).click();
    await page.getByTestId('status-closed').waitFor();
    expect((await status()).status).toBe('closed');
  });

  it('in Arabic, the withdrawal queue shows the network and the start of the address', async () => {
    const { user } = await withdrawal();
    const arabic = loadConsoleLanguage('ar');
    await setLocale('ar');
    try {
      await page.goto('/admin/withdrawals');
      const cell = page.locator('tr', { hasText: user.username }).getByTestId('destination');
      await cell.waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      const layout = await cell.evaluate((el) => {
        const text = el.firstChild!;
        const start = document.createRange();
        start.setStart(text, 0);
        start.setEnd(text, 'TRC20 TXYZ'.length);
        const box = el.getBoundingClientRect();
        const shown = start.getBoundingClientRect();
        return {
          direction: getComputedStyle(el).direction,
          cut: el.scrollWidth > el.clientWidth,
          startInView: shown.left >= box.left - 1 && shown.right <= box.right + 1,
        };
      });
      // Cut (it is longer than the cell), at its end: the network and the address's start are in view.
      expect(layout).toEqual({ direction: 'ltr', cut: true, startInView: true });
      // The method in words in the request's detail.
      await page.locator('tr', { hasText: user.username }).locator('td').first().click();
      await page.getByText(arabic.confirmations.swx.values.method.crypto, { exact: true }).waitFor();
      await page.goto('/admin/withdrawals');
      await cell.waitFor();
      await screenshot(page, 'admin-withdrawals-ar');
    } finally {
      await setLocale('en');
    }
  });

  it('the approval of a deposit and of a withdrawal says what is approved', async () => {
    const { user, id } = await withdrawal();
    await page.goto(`/admin/withdrawals/${id}/show`);
    await page.getByTestId('approve').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Approve withdrawal #${id}?`).waitFor();
    const summary = dialog.getByTestId('approve-summary');
    await summary.getByText(user.username, { exact: false }).waitFor();
    expect(await summary.innerText()).toMatch(
      new RegExp(`^Pay out 40 USDT \\(fee [\\d.]+\\) to ${user.username}: \\W?TRC20 ${TRON_ADDRESS}\\W?$`),
    );
    await screenshot(page, 'admin-withdrawal-approve-summary');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it("an approved withdrawal's payout is recorded: hash checked, status completed, reference shown", async () => {
    const { user, id } = await withdrawal();
    const approved = await run.t.http().post(`/swx/admin/withdrawals/${id}/approve`).set(bearer()).send({});
    expect(approved.body.result.status).toBe('approved');
    const hash = `0x${'ab12'.repeat(16)}`;

    await page.goto(`/admin/withdrawals/${id}/show`);
    await page.getByTestId('status-approved').first().waitFor();
    // The destination was typed in (not in the user's address book), the whitelist off.
    const check = page.getByTestId('destination-check');
    await check.getByText('Typed in: not in the address book').waitFor();
    await check.getByText('Withdrawal whitelist off').waitFor();
    await screenshot(page, 'admin-withdrawal-destination-check');
    await page.getByTestId('record-payout').click();
    const dialog = page.getByTestId('payout-dialog').getByRole('dialog');
    await dialog.getByText(`Record the payout of withdrawal #${id}`).waitFor();
    expect(await dialog.getByTestId('payout-amount').innerText()).toBe('40 USDT');
    expect(await dialog.getByTestId('payout-destination').innerText()).toBe(`TRC20 ${TRON_ADDRESS}`);
    const input = dialog.locator('input[name="reference"]');
    const confirm = dialog.getByTestId('confirm-payout');
    // Not a transaction hash: said under the field, Confirm stays disabled.
    await input.fill('not-a-hash');
    await dialog.getByText('Not a transaction hash: 32 to 128 hexadecimal digits, 0x optional').waitFor();
    expect(await confirm.isDisabled()).toBe(true);
    await input.fill(hash);
    await dialog.getByText('The transfer on TRC20: 32 to 128 hexadecimal digits, 0x optional').waitFor();
    expect(await confirm.isEnabled()).toBe(true);
    await screenshot(page, 'admin-withdrawal-payout-dialog');
    await confirm.click();
    await dialog.waitFor({ state: 'detached' });

    // The server's state: completed with the reference.
    const after = await run.t.http().get(`/swx/admin/withdrawals/${id}`).set(bearer());
    expect(after.body.result).toMatchObject({ status: 'completed', payoutReference: hash });
    expect(after.body.result.completedAt).toEqual(expect.any(String));
    // The detail: the status in words, the reference left to right, no more payout button.
    await page.getByTestId('status-completed').first().getByText('Completed').waitFor();
    const reference = page.getByTestId('payout-reference');
    expect(await reference.innerText()).toBe(hash);
    expect(await reference.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
    // The copy button beside the reference, not over it.
    const text = await reference.evaluate((el) =>
      Array.from(el.getClientRects()).map((r) => ({
        left: r.left,
        right: r.right,
        top: r.top,
        bottom: r.bottom,
      })),
    );
    const copy = (await page.getByTestId('copy-payout-reference').boundingBox())!;
    for (const line of text)
      expect(
        copy.x >= line.right - 0.5 ||
          copy.x + copy.width <= line.left + 0.5 ||
          copy.y >= line.bottom - 0.5 ||
          copy.y + copy.height <= line.top + 0.5,
      ).toBe(true);
    expect(await page.getByTestId('record-payout').count()).toBe(0);
    await screenshot(page, 'admin-withdrawal-completed');

    // The queue's status filter has the completed ones.
    await page.goto(
      `/admin/withdrawals?filter=${encodeURIComponent(JSON.stringify({ status: 'completed' }))}`,
    );
    await page.locator('tr', { hasText: user.username }).getByTestId('status-completed').waitFor();
  });

  it("a plan product's names in other languages are saved through its form, empty ones left out", async () => {
    const products = await run.t.http().get('/swx/admin/planProducts').set(bearer());
    const product = products.body.result[0] as { id: string; names: Record<string, string> | null };
    const original = product.names ?? {};
    try {
      // A French name to clear, the rest as it was.
      await run.t
        .http()
        .put(`/swx/admin/planProducts/${product.id}`)
        .set(bearer())
        .send({ names: { ...original, fr: 'Plan à effacer' } });
      await page.goto(`/admin/planProducts/${product.id}`);
      const group = page.getByTestId('plan-names-group');
      const summary = group.getByRole('button', { name: /Names in other languages/ });
      await summary.waitFor();
      if ((await summary.getAttribute('aria-expanded')) !== 'true') await summary.click();
      const german = group.locator('input[name="names.de"]');
      await german.waitFor();
      expect(await group.getByText('German', { exact: true }).count()).toBeGreaterThan(0);
      await german.fill('KI-Plan Browsertest');
      await group.locator('input[name="names.fr"]').fill('');
      await screenshot(page, 'admin-plan-product-names');
      await page.getByRole('button', { name: 'Save' }).click();
      const dialog = page.getByRole('dialog');
      expect(await dialog.getByTestId('confirm-changes').innerText()).toContain('KI-Plan Browsertest');
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await page.waitForURL((url) => url.pathname.endsWith('/admin/planProducts'));

      const saved = await run.t.http().get(`/swx/admin/planProducts/${product.id}`).set(bearer());
      const { fr: _cleared, ...kept } = original;
      expect(saved.body.result.names).toEqual({ ...kept, de: 'KI-Plan Browsertest' });
      // The list shows the product's languages, the name in each.
      const row = page.locator('tr', { has: page.locator(`[data-name="KI-Plan Browsertest"]`) });
      await row.getByText('de', { exact: true }).waitFor();
    } finally {
      await run.t.http().put(`/swx/admin/planProducts/${product.id}`).set(bearer()).send({ names: original });
    }
  });

  it('the KYC detail and the coin orders in German: field names, values and sides in words', async () => {
    const german = loadConsoleLanguage('de').confirmations.swx;
    const customer = await registerUser(run.t);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGP4z8AARwzEcQCukw/x0F8jngAAAABJRU5ErkJggg==',
      'base64',
    );
    const kyc = run.t.http().post('/swx/customer/user/identification').set(real(customer));
    const fields = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      sex: 'female',
      birthdate: '1985-12-10',
      country: 'GB',
      address: '12 St James Square, London',
      phone: '+442071234567',
      documentType: 'passport',
      documentNumber: 'P1234567',
    };
    for (const [k, v] of Object.entries(fields)) void kyc.field(k, v);
    for (const k of ['front', 'inHand', 'signature']) void kyc.attach(k, png, `${k}.png`);
    expect((await kyc).body).toMatchObject({ code: 20001 });
    const identification = await run.t.http().get('/swx/customer/user/getIdentification').set(real(customer));
    await setLocale('de');
    try {
      await page.goto(`/admin/kyc/${identification.body.result.id}/show`);
      const table = page.getByTestId('kyc-fields');
      await table.getByText('Lovelace').waitFor();
      const text = await table.innerText();
      for (const label of [german.kyc.fields.sex, german.kyc.fields.lastName, german.kyc.fields.documentType])
        expect(text).toContain(label);
      expect(await page.getByTestId('kyc-value-sex').innerText()).toBe(german.kyc.sex.female);
      expect(await page.getByTestId('kyc-value-documentType').innerText()).toBe(
        german.kyc.documentType.passport,
      );
      for (const slot of ['front', 'inHand', 'signature'] as const)
        await page.getByText(german.kyc.documents[slot], { exact: true }).waitFor();
      expect(text).not.toMatch(/\b(sex|lastName|documentType|female|passport)\b/);
      await screenshot(page, 'admin-kyc-de');

      // The house's orders on the coin book (the market maker quotes them), its name in German.
      await page.goto('/admin/spot-orders?filter=%7B%7D');
      await page.locator('td.column-userId', { hasText: german.values.marketMaker }).first().waitFor();
      const sides = await page.locator('td.column-side').allInnerTexts();
      expect(sides.length).toBeGreaterThan(0);
      for (const side of sides)
        expect([german.values.side.buy, german.values.side.sell]).toContain(side.trim());
      await screenshot(page, 'admin-spot-orders-de');
      // Opened without a filter, the list shows the customers' orders only (the house's quotes
      // would bury them), and says so in its always-on filter.
      await page.evaluate(() => {
        // The list's remembered parameters (react-admin's store) would stand in for its defaults.
        for (const key of Object.keys(localStorage))
          if (key.includes('spot-orders')) localStorage.removeItem(key);
      });
      await page.goto('/admin/spot-orders');
      await page.getByText(german.values.customers, { exact: true }).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.locator('td.column-userId', { hasText: german.values.marketMaker }).count()).toBe(0);
    } finally {
      await setLocale('en');
    }
  });

  it('a list that cannot reach the server says so in the console language', async () => {
    const german = loadConsoleLanguage('de');
    await setLocale('de');
    await page.route('**/swx/admin/withdrawals?**', (route) => route.abort('internetdisconnected'));
    try {
      await page.goto('/admin/withdrawals');
      await page
        .locator('.MuiSnackbar-root')
        .getByText(german.confirmations.swx.network.unreachable)
        .waitFor();
      expect(await page.locator('body').innerText()).not.toContain('Failed to fetch');
    } finally {
      await page.unroute('**/swx/admin/withdrawals?**');
      await setLocale('en');
    }
    expect(session.pageErrors).toEqual([]);
  });
});
