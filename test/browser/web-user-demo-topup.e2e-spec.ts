/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import { LedgerService, SystemAccount } from '@app/ledger';
import type { RegisteredUser } from '../support/users';
import { cutOffOn, englishLinesOn } from './browser-support';
import {
  available,
  demoHeaders,
  registerUser,
  shot,
  startMoneyRun,
  userContext,
  type MoneyRun,
} from './web-user-support';

/* The demo top-up on the profile (DESIGN.md, demo book: "top-up from the profile"): the amount is
   confirmed before money moves, the balance shown follows, and a refusal says why and until when. */
describe('web-user: top up demo funds from the profile', () => {
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

  /** A demo-book options loss of `amount` USDT (the house's side of a lost stake). */
  async function loseDemo(user: RegisteredUser, amount: string) {
    await run.t.app.get(LedgerService).post({
      key: `test-demo-loss-${randomUUID()}`,
      reason: 'options_settled',
      legs: [
        {
          from: { owner: { type: 'user', id: user.id }, book: 'demo', currency: 'USDT', kind: 'available' },
          to: {
            owner: { type: 'system', id: SystemAccount.TradingPnl },
            book: 'demo',
            currency: 'USDT',
            kind: 'main',
          },
          amount,
        },
      ],
    });
  }

  it('confirms the amount, tops up, and the balance shown is the grant again', async () => {
    const user = await registerUser(run.t);
    await loseDemo(user, '12345.678');
    expect(await available(run.t, user, 'demo')).toBe('87654.322');

    const page = await (await userContext(run, user)).newPage();
    await page.goto('/profile');
    await page.getByTestId('balance-USDT').getByText('87,654.322').waitFor();
    const card = page.getByTestId('demo-topup');
    await card
      .getByText('12,345.678 USDT will be added, bringing your demo USDT back to 100,000 USDT.')
      .waitFor();
    await shot(page, 'demo-topup-desktop');

    await card.getByTestId('demo-topup-open').click();
    const dialog = page.getByRole('dialog', { name: 'Top up demo funds?' });
    expect(await dialog.getByTestId('demo-topup-amount').textContent()).toBe('+12,345.678 USDT');
    expect(await dialog.getByTestId('demo-topup-after').textContent()).toBe('100,000 USDT');
    await shot(page, 'demo-topup-confirm-desktop');
    // Nothing moved before Confirm.
    expect(await available(run.t, user, 'demo')).toBe('87654.322');

    await dialog.getByTestId('confirm-action').click();
    await page.getByText('12,345.678 USDT of demo funds added').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('balance-USDT').getByText('100,000').waitFor();
    expect(new Decimal((await available(run.t, user, 'demo'))!).eq(100000)).toBe(true);
    // Now at the grant: the action waits, and says until when.
    await card.getByText(/Your demo USDT is at 100,000 USDT or more.*Next top-up possible from/).waitFor();
    expect(await card.getByTestId('demo-topup-open').isDisabled()).toBe(true);
    await shot(page, 'demo-topup-done-desktop');

    const rows = await run.t.db.query<{ amount: string }[]>(
      `SELECT t.amount::text FROM ledger.journal j JOIN ledger.transfers t ON t.journal_id = j.id
        WHERE j.reason = 'demo_topup' AND j.ref_id = $1`,
      [user.id],
    );
    expect(rows.map((r) => new Decimal(r.amount).toFixed())).toEqual(['12345.678']);

    // The funding details list it under demo funds.
    await page.goto('/zjxq');
    await page.getByRole('tab', { name: 'Demo funds' }).click();
    await page.locator('td', { hasText: '12,345.678' }).first().waitFor();
    await shot(page, 'demo-topup-funding-details');
  });

  it('shows the server refusal in the dialog, and the time of the next top-up after it', async () => {
    const user = await registerUser(run.t);
    await loseDemo(user, '500');
    const page = await (await userContext(run, user)).newPage();
    await page.goto('/profile');
    const card = page.getByTestId('demo-topup');
    await card.getByText('500 USDT will be added, bringing your demo USDT back to 100,000 USDT.').waitFor();
    await card.getByTestId('demo-topup-open').click();
    // Meanwhile another device tops up and spends again.
    const other = await run.t.http().post('/swx/customer/user/demoTopup').set(demoHeaders(user));
    expect(other.body.code).toBe(200);
    await loseDemo(user, '250');

    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('confirm-action').click();
    await dialog
      .getByTestId('confirm-error')
      .getByText(/^The demo account can be topped up once every 24 hours: the next top-up is possible from /)
      .waitFor();
    await shot(page, 'demo-topup-refused-desktop');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await card
      .getByText(/^Demo funds can be topped up once every 24 hours\. Next top-up possible from .+\.$/)
      .waitFor();
    expect(await card.getByTestId('demo-topup-open').isDisabled()).toBe(true);
    expect(await available(run.t, user, 'demo')).toBe('99750');
  });

  it('in Arabic (right to left) and on a phone', async () => {
    const user = await registerUser(run.t);
    await loseDemo(user, '40000.5');
    for (const [lang, mobile] of [
      ['ar', false],
      ['en', true],
      ['ar', true],
    ] as const) {
      const page = await (await userContext(run, user, { lang, mobile })).newPage();
      await page.goto('/profile');
      const card = page.getByTestId('demo-topup');
      await card
        .getByText(lang === 'ar' ? /40,000\.5 USDT/ : '40,000.5 USDT will be added', { exact: false })
        .waitFor();
      if (lang === 'ar') {
        expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
        await card.getByRole('button', { name: 'تعبئة الأموال التجريبية' }).waitFor();
      }
      await card.scrollIntoViewIfNeeded();
      if (lang === 'ar') expect(await englishLinesOn(page)).toEqual([]);
      expect(await cutOffOn(page)).toEqual([]);
      const name = `demo-topup-${mobile ? 'mobile' : 'desktop'}${lang === 'ar' ? '-ar' : ''}`;
      await shot(page, name);
      await card.getByTestId('demo-topup-open').click();
      expect(await page.getByRole('dialog').getByTestId('demo-topup-amount').textContent()).toBe(
        '+40,000.5 USDT',
      );
      await shot(page, `${name}-confirm`);
      if (lang === 'ar') expect(await englishLinesOn(page)).toEqual([]);
      expect(await cutOffOn(page)).toEqual([]);
      // The dialog fits the screen.
      const box = (await page.getByRole('dialog').boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
      await page.close();
    }
  });
});
