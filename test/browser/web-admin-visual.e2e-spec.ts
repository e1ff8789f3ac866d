/// <reference lib="dom" />
import type { BrowserContext, Page } from 'playwright-core';
import { submitBasicKyc } from '../e2e/reliability/reliability-fixtures';
import { adminToken, demo, fundReal, real, tick } from '../e2e/trading/trading-support';
import { lastCode, registerUser, uniqueName, type RegisteredUser } from '../support/users';
import { loadConsoleLanguage } from './console-languages';
import {
  mobileContext,
  screenshot,
  signInToConsole,
  startConsoleSession,
  type BrowserRun,
  type ConsoleSession,
} from './browser-support';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGP4z8AARwzEcQCukw/x0F8jngAAAABJRU5ErkJggg==',
  'base64',
);
const TRON_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
/** Arabic letters (a text written in Arabic, not an English code word). */
const ARABIC = /[\u0600-\u06FF]/;

// What a reviewer of the console stumbled on first, in the lists and details an operator reads all
// day (the survey in web-admin-visual-survey.e2e-spec.ts took the screenshots):
// - amounts were written as the API sends them ("1234.56 USDT", on two lines, left-aligned beside
//   right-aligned balances), in Arabic "USDT 100" in a detail and "100 USDT" in a list;
// - a deposit's transaction hash took four lines of the queue's row;
// - a U order's leverage read "10", a plan's daily yield "0.008" beside a loan's "0.05%";
// - the KYC fields came in the API's order (sex and phone above the name), the country as "GB",
//   the date of birth as 1990-12-10;
// - on a phone a user's summary and a KYC's header ran off the card (status, review time out of
//   reach), the page title was cut ("KYC verification #" without the number);
// - in Arabic a user's UUID was broken into parts that changed places, and the dashboard's queue
//   table listed English code words (maintenance, plan-settlement...);
// - a withdrawal's "Approvals" label stood over nothing.
describe('web-admin visual review: figures, order of fields, phones, Arabic', () => {
  let session: ConsoleSession;
  let run: BrowserRun;
  let page: Page;
  let customer: RegisteredUser;
  let kycId = '';
  let withdrawalId = '';
  const email = `${uniqueName('visual-admin')}@example.com`;
  const password = 'visual-browser-password';

  const setLocale = (p: Page, code: string) =>
    p.evaluate((locale) => localStorage.setItem('RaStore.locale', JSON.stringify(locale)), code);

  beforeAll(async () => {
    session = await startConsoleSession(email, password, ['super_admin']);
    ({ run, page } = session);
    page.setDefaultTimeout(15_000);
    const api = await adminToken(run.t);
    const http = () => run.t.http();
    customer = await registerUser(run.t);
    await fundReal(run.t, customer, '2000');
    // A KYC waiting, from the United Kingdom.
    kycId = await submitBasicKyc(run.t, customer, {
      fields: { address: '12 St James Square, London' },
      image: PNG,
      back: true,
    });
    // A deposit of four figures waiting.
    const txHash = `0x${uniqueName('').padEnd(64, 'b')}`;
    const deposit = await http()
      .post('/swx/customer/user/recharge')
      .set(real(customer))
      .field('coin', 'USDT')
      .field('network', 'TRC20')
      .field('amount', '1234.56')
      .field('txHash', txHash)
      .field('last6', txHash.slice(-6))
      .attach('voucher', PNG, 'voucher.png');
    expect(deposit.body.code).toBe(20002);
    // A withdrawal under the two-approval threshold.
    await http()
      .post('/swx/customer/login/sendCode')
      .send({ type: 'email', account: customer.email, scene: 'withdrawPassword' });
    await http()
      .post('/swx/customer/user/repasswordTx')
      .set(real(customer))
      .send({ type: 'email', code: await lastCode(run.t, customer.email), password: 'withdraw-secret' });
    const withdrawal = await http().post('/swx/customer/user/withdrawal').set(real(customer)).send({
      method: 'crypto',
      coin: 'USDT',
      network: 'TRC20',
      address: TRON_ADDRESS,
      amount: '40',
      withdrawPassword: 'withdraw-secret',
    });
    expect(withdrawal.body.code).toBe(20003);
    withdrawalId = String(withdrawal.body.result.id);
    // A smart plan and a U order.
    const product = (
      (await http().get('/swx/customer/order/listSmartProducts')).body.result as {
        id: number;
        cycles: number[];
      }[]
    )[0];
    const plan = await http()
      .post('/swx/customer/order/buySmart')
      .set(real(customer))
      .send({ productId: product.id, amount: '300', days: product.cycles[0] });
    expect(plan.body.code).toBe(20004);
    await tick(run.t, 'BTCUSDT', '65000.5');
    const order = await http()
      .post('/swx/customer/order/buyU')
      .set(demo(customer))
      .send({ code: 'BTCUSDT', direction: 'buy', lots: '0.1', leverage: 10 });
    expect(order.body.code).toBe(20004);
    expect(api).toBeTruthy();
  });
  afterAll(async () => {
    await session?.close();
  });

  /** The cell of a column (by its field) in the list's row that holds `text`. */
  const cell = (p: Page, rowText: string, field: string) =>
    p.locator('tr', { hasText: rowText }).locator(`td.column-${field}`).first();

  /** How the cell's text sits: its text, its alignment, how many lines it takes. */
  const layoutOf = (p: Page, rowText: string, field: string) =>
    cell(p, rowText, field).evaluate((td) => {
      const range = document.createRange();
      range.selectNodeContents(td);
      const tops = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
      const box = td.getBoundingClientRect();
      const text = range.getBoundingClientRect();
      return {
        text: (td as HTMLElement).innerText.trim(),
        align: getComputedStyle(td).textAlign,
        lines: tops.size,
        // Space left after the text (right-aligned: next to nothing).
        gapRight: Math.round(box.right - text.right),
      };
    });

  it('the deposit queue: the amount grouped, on one line, right-aligned; the hash on one line', async () => {
    await setLocale(page, 'en');
    await page.goto('/admin/recharges');
    const amount = await layoutOf(page, customer.username, 'amount');
    expect(amount).toEqual({ text: '1,234.56 USDT', align: 'right', lines: 1, gapRight: expect.any(Number) });
    expect(amount.gapRight).toBeLessThan(24);
    expect((await layoutOf(page, customer.username, 'txHash')).lines).toBe(1);
    const hash = cell(page, customer.username, 'txHash');
    expect(await hash.locator('[title]').getAttribute('title')).toMatch(/^0x[0-9a-f]{10}b+$/);
    await screenshot(page, 'admin-visual-deposits');
  });

  it("orders and plans: figures grouped and right-aligned, leverage 10×, a plan's daily yield in percent", async () => {
    await setLocale(page, 'en');
    await page.goto('/admin/u-orders');
    const margin = await layoutOf(page, customer.username, 'margin');
    expect(margin.align).toBe('right');
    expect((await layoutOf(page, customer.username, 'leverage')).text).toBe('10×');
    expect((await layoutOf(page, customer.username, 'openPrice')).text).toMatch(/^65,\d{3}(\.\d+)?$/);
    await page.goto('/admin/plans');
    const yieldCell = await layoutOf(page, customer.username, 'dailyYield');
    expect(yieldCell).toMatchObject({ align: 'right', text: expect.stringMatching(/^\d+(\.\d+)?%$/) });
  });

  /** The header or body cells of the page's list whose single word (no space) takes more than one line. */
  const brokenWords = (p: Page, selector: string) =>
    p.locator(selector).evaluateAll((cells) =>
      cells
        .map((th) => {
          // The lines its words take (the sort arrow beside them is no line of text).
          const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
          const tops = new Set<number>();
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (!node.textContent?.trim()) continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            for (const rect of Array.from(range.getClientRects())) tops.add(Math.round(rect.top / 8));
          }
          return { text: (th as HTMLElement).innerText.trim(), lines: tops.size };
        })
        // One word of Chinese (no space; a bracket may go to the next line): on one line.
        .filter((h) => h.text && !/[\s（(]/.test(h.text) && h.lines > 1),
    );

  it('in Chinese, column titles and short values are not broken inside their words', async () => {
    await setLocale(page, 'zh');
    await page.goto('/admin/plans');
    await cell(page, customer.username, 'dailyYield').waitFor();
    expect(await brokenWords(page, 'th.RaDatagrid-headerCell')).toEqual([]);
    await screenshot(page, 'admin-visual-plans-zh');
    // The instruments: a type and a status in Chinese, each on one line.
    await page.goto('/admin/instruments');
    await page.locator('td.column-type').first().waitFor();
    expect(await brokenWords(page, 'td.column-type, td.column-status')).toEqual([]);
    await screenshot(page, 'admin-visual-instruments-zh');
    await setLocale(page, 'en');
  });

  it("a KYC's fields in the document's order, the country and date of birth in words and the language's date", async () => {
    await setLocale(page, 'en');
    await page.goto(`/admin/kyc/${kycId}/show`);
    const fields = page.getByTestId('kyc-fields');
    await fields.getByText('Lovelace').waitFor();
    const names = await fields.locator('th').allInnerTexts();
    expect(names.slice(0, 3)).toEqual(['First name', 'Last name', 'Sex']);
    expect(await page.getByTestId('kyc-value-country').innerText()).toBe('United Kingdom (GB)');
    expect(await page.getByTestId('kyc-value-birthdate').innerText()).toBe('10/12/1990');
    // In Arabic, the country in Arabic.
    await setLocale(page, 'ar');
    await page.reload();
    await fields.getByText('Lovelace').waitFor();
    expect(await page.getByTestId('kyc-value-country').innerText()).toMatch(ARABIC);
    await setLocale(page, 'en');
  });

  it('in Arabic: a detail\'s amount reads "40 USDT", the approvals say how many, the queue names are Arabic', async () => {
    const arabic = loadConsoleLanguage('ar');
    await setLocale(page, 'ar');
    await page.goto(`/admin/withdrawals/${withdrawalId}/show`);
    const amount = page.locator('.ra-field-amount [data-testid="amount"]');
    await amount.waitFor();
    // The figure before the currency, left to right, as in the lists.
    const order = await amount.evaluate((el) => {
      const text = el.firstChild!;
      const at = (i: number) => {
        const r = document.createRange();
        r.setStart(text, i);
        r.setEnd(text, i + 1);
        return r.getBoundingClientRect().left;
      };
      const content = text.textContent!;
      return { figure: at(0), currency: at(content.indexOf('U')), content };
    });
    expect(order.content).toBe('40 USDT');
    expect(order.figure).toBeLessThan(order.currency);
    expect(await page.getByTestId('one-approval').innerText()).toBe(arabic.operations.swx.visual.oneApproval);
    await screenshot(page, 'admin-visual-withdrawal-ar');

    await page.goto('/admin');
    const maintenance = page.getByTestId('queue-maintenance');
    await maintenance.waitFor();
    expect(await maintenance.locator('td').first().innerText()).toMatch(ARABIC);
    const words = await page
      .getByTestId('queue-depths')
      .locator('[data-testid="queue-words"]')
      .allInnerTexts();
    expect(words.length).toBeGreaterThanOrEqual(8);
    for (const word of words) expect(word).toMatch(ARABIC);
    await setLocale(page, 'en');
    // The new users' period in dates as the console writes them (it read 2026-10-30 to 2026-11-28).
    await page.reload();
    const period = page.getByTestId('chart-users').getByText(/ to /);
    await period.waitFor();
    expect(await period.innerText()).toMatch(/^\d{2}\/\d{2}\/\d{4} to \d{2}\/\d{2}\/\d{4}$/);
  });

  it('in Arabic, the audit trail says its actions and targets in words, the code under them; its detail JSON left to right', async () => {
    const arabic = loadConsoleLanguage('ar');
    await setLocale(page, 'ar');
    await page.goto('/admin/audit');
    const login = page.locator('tr', { hasText: 'admin.login' }).first();
    await login.waitFor();
    expect(await login.locator('td.column-action').innerText()).toBe(
      `${arabic.operations.swx.visual.auditActions.admin.login}\nadmin.login`,
    );
    await login.locator('td.column-action').click();
    const json = page.getByTestId('audit-detail').locator('pre').first();
    await json.waitFor();
    expect(await json.getAttribute('dir')).toBe('ltr');
    await screenshot(page, 'admin-visual-audit-ar');
    await setLocale(page, 'en');
  });

  it('in Arabic, forms keep paths, figures and JSON left to right; an auction end says its time zone', async () => {
    const arabic = loadConsoleLanguage('ar');
    await setLocale(page, 'ar');
    await page.goto('/admin/instruments/1');
    const hours = page.locator('textarea[name="tradingHours"]');
    await hours.waitFor();
    expect(await hours.getAttribute('dir')).toBe('ltr');
    // The logo's path: its direction from its content ("/assets/..." read "assets/.../").
    const logo = page.locator('input[name="logo"]');
    expect(await logo.evaluate((el) => getComputedStyle(el).unicodeBidi)).toBe('plaintext');
    await screenshot(page, 'admin-visual-instrument-ar');
    // A record's title: "#deposit_min_BTC" whole after the Arabic name (it read "deposit_min_BTC#").
    await page.goto('/admin/parameters/deposit_min_BTC');
    await page.locator('input[name="value"]').waitFor();
    const title = await page.locator('#react-admin-title').evaluate((el) => {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent!.indexOf('#deposit');
        if (at < 0) continue;
        const left = (i: number) => {
          const r = document.createRange();
          r.setStart(node, i);
          r.setEnd(node, i + 1);
          return r.getBoundingClientRect().left;
        };
        return { hash: left(at), d: left(at + 1) };
      }
      return null;
    });
    expect(title).not.toBeNull();
    expect(title!.hash).toBeLessThan(title!.d);
    await page.goto('/admin/nfts/1');
    const end = page.locator('input[name="endTime"]');
    await end.waitFor();
    const helper = await page.locator(`#${await end.getAttribute('id')}-helper-text`).innerText();
    expect(helper).toBe(arabic.operations.swx.visual.browserZone.replace('%{zone}', 'UTC'));
    // The image's hint: "https://" reads left to right in the Arabic sentence (it read "//:https").
    const image = page.locator(
      `#${await page.locator('input[name="imageUrl"]').getAttribute('id')}-helper-text`,
    );
    const https = await image.evaluate((el) => {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent!.indexOf('https://');
        if (at < 0) continue;
        const left = (i: number) => {
          const r = document.createRange();
          r.setStart(node, i);
          r.setEnd(node, i + 1);
          return r.getBoundingClientRect().left;
        };
        return { h: left(at), colon: left(at + 5), slash: left(at + 7) };
      }
      return null;
    });
    expect(https).not.toBeNull();
    expect(https!.h).toBeLessThan(https!.colon);
    expect(https!.colon).toBeLessThan(https!.slash);
    await setLocale(page, 'en');
  });

  it("on a phone: a user's summary and a KYC's header wrap inside the card, the title is whole; in Arabic the UUID reads left to right", async () => {
    const phone: BrowserContext = await mobileContext(run);
    try {
      const mobile = await phone.newPage();
      mobile.setDefaultTimeout(15_000);
      await signInToConsole(mobile, email, password);
      /** The fields of the detail's row whose box passes the card's right or left edge. */
      const outside = () =>
        mobile.evaluate(() => {
          const card = document
            .querySelector('.RaShow-card, .RaShow-main .MuiCard-root')!
            .getBoundingClientRect();
          return Array.from(document.querySelectorAll<HTMLElement>('.RaSimpleShowLayout-row'))
            .filter((f) => f.offsetParent !== null)
            .filter((f) => {
              const box = f.getBoundingClientRect();
              return box.right > card.right + 1 || box.left < card.left - 1;
            })
            .map((f) => f.innerText.split('\n')[0]);
        });
      await mobile.goto(`/admin/users/${customer.id}/show`);
      await mobile.locator('.ra-field-username').waitFor();
      expect(await outside()).toEqual([]);
      await screenshot(mobile, 'admin-visual-user-phone');

      await mobile.goto(`/admin/kyc/${kycId}/show`);
      await mobile.getByTestId('kyc-fields').getByText('Lovelace').waitFor();
      expect(await outside()).toEqual([]);
      const title = await mobile.locator('#react-admin-title').evaluate((el: HTMLElement) => ({
        text: el.innerText.replace(/\s+/g, ' ').trim(),
        cut: el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
      }));
      expect(title).toEqual({ text: `KYC verification #${kycId}`, cut: false });
      await screenshot(mobile, 'admin-visual-kyc-phone');

      await setLocale(mobile, 'ar');
      await mobile.goto(`/admin/users/${customer.id}/show`);
      const id = mobile.getByTestId('user-id');
      await id.waitFor();
      expect(await id.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
      expect(await outside()).toEqual([]);
      await screenshot(mobile, 'admin-visual-user-phone-ar');
    } finally {
      await phone.close();
    }
    expect(session.pageErrors).toEqual([]);
  });
});
