/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import type { Page, Response } from 'playwright-core';
import { consoleMessages } from '../../web-admin/src/i18n/language';
import { SORTABLE } from '../../web-admin/src/sortable';
import { submitBasicKyc, verifiedUser } from '../e2e/reliability/reliability-fixtures';
import { adminToken, demo, fundReal, real, tick } from '../e2e/trading/trading-support';
import { lastCode, registerUser, uniqueName, type RegisteredUser } from '../support/users';
import { loadConsoleLanguage } from './console-languages';
import { screenshot, startConsoleSession, type BrowserRun, type ConsoleSession } from './browser-support';

// A valid 4x4 PNG: a voucher and KYC documents.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGP4z8AARwzEcQCukw/x0F8jngAAAABJRU5ErkJggg==',
  'base64',
);
const TRON_ADDRESS = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

/** Console resources whose API path is not their name (as web-admin/src/dataProvider.ts maps them). */
const API_PATHS: Record<string, string> = {
  conversations: 'support/conversations',
  'ledger-accounts': 'ledger/accounts',
  'ledger-transfers': 'ledger/transfers',
};
const apiPath = (resource: string) => API_PATHS[resource] ?? resource;

/** The sort a list request asked for: `sort=["field","ASC"]`. */
const sortOf = (response: Response): [string, string] | null => {
  const raw = new URL(response.url()).searchParams.get('sort');
  return raw ? (JSON.parse(raw) as [string, string]) : null;
};

// The console's lists as an operator uses them: every column header that sorts sorts on a field the
// API sorts the list on (a header the API refused left the list failed, and the list remembered
// that sort: the deposit queue said "No Deposits found" until the browser's storage was cleared);
// a list or a detail's table whose request failed says so, with the reason and Retry.
describe('web-admin lists: sorting, and lists that could not be loaded', () => {
  let session: ConsoleSession;
  let run: BrowserRun;
  let page: Page;
  let api: string;
  let customer: RegisteredUser;
  let withdrawalId = '';
  const email = `${uniqueName('lists-admin')}@example.com`;

  const deposit = async (u: RegisteredUser, amount: string) => {
    const txHash = `0x${uniqueName('').padEnd(64, '0')}`;
    const res = await run.t
      .http()
      .post('/swx/customer/user/recharge')
      .set(real(u))
      .field('coin', 'USDT')
      .field('network', 'TRC20')
      .field('amount', amount)
      .field('txHash', txHash)
      .field('last6', txHash.slice(-6))
      .attach('voucher', PNG, 'voucher.png');
    expect(res.body).toMatchObject({ code: 20002 });
    return String(res.body.result.id);
  };

  beforeAll(async () => {
    session = await startConsoleSession(email, 'lists-browser-password', ['super_admin']);
    ({ run, page } = session);
    api = await adminToken(run.t);

    // Something in every review queue and in the customer's tabs: a KYC, a deposit and a withdrawal
    // waiting, a smart plan, a U order, an options order, a coin order and an adjustment.
    customer = await registerUser(run.t);
    await fundReal(run.t, customer, '1000');
    await submitBasicKyc(run.t, customer, {
      fields: { address: '12 St James Square, London' },
      image: PNG,
      back: true,
    });
    await deposit(customer, '150');
    await run.t
      .http()
      .post('/swx/customer/login/sendCode')
      .send({ type: 'email', account: customer.email, scene: 'withdrawPassword' });
    const code = await lastCode(run.t, customer.email);
    await run.t
      .http()
      .post('/swx/customer/user/repasswordTx')
      .set(real(customer))
      .send({ type: 'email', code, password: 'withdraw-secret' });
    const withdrawal = await run.t.http().post('/swx/customer/user/withdrawal').set(real(customer)).send({
      method: 'crypto',
      coin: 'USDT',
      network: 'TRC20',
      address: TRON_ADDRESS,
      amount: '40',
      withdrawPassword: 'withdraw-secret',
    });
    expect(withdrawal.body.code).toBe(20003);
    withdrawalId = String(withdrawal.body.result.id);
    const product = (
      (await run.t.http().get('/swx/customer/order/listSmartProducts')).body.result as {
        id: number;
        cycles: number[];
      }[]
    )[0];
    const smart = await run.t
      .http()
      .post('/swx/customer/order/buySmart')
      .set(real(customer))
      .send({ productId: product.id, amount: '300', days: product.cycles[0] });
    expect(smart.body.code).toBe(20004);
    await tick(run.t, 'BTCUSDT', '65000');
    const u = await run.t
      .http()
      .post('/swx/customer/order/buyU')
      .set(demo(customer))
      .send({ code: 'BTCUSDT', direction: 'sell', lots: '0.1', leverage: 10 });
    expect(u.body.code).toBe(20004);
    const options = await run.t
      .http()
      .post('/swx/customer/order/buyOptions')
      .set(demo(customer))
      .send({ code: 'BTCUSDT', productId: 1, direction: 'up', amount: '10' });
    expect(options.body.code).toBe(20004);
    const spot = await run.t
      .http()
      .post('/swx/customer/order/submit')
      .set(demo(customer))
      .send({ symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '100', quantity: '0.01' });
    expect(spot.body.code).toBe(200);
    // A loan, of another (KYC-verified) customer: none is lent while a withdrawal waits.
    const borrower = await verifiedUser(run.t, api, '1000');
    const loan = await run.t
      .http()
      .post('/swx/customer/user/loan')
      .set(real(borrower))
      .send({ amount: '200', termDays: 7, agree: true });
    expect(loan.body.result?.status).toBe('repaying');
    const adjustment = await run.t
      .http()
      .post('/swx/admin/adjustments')
      .set('Authorization', `Bearer ${api}`)
      .send({
        ownerType: 'user',
        ownerId: customer.id,
        book: 'real',
        currency: 'USDT',
        direction: 'credit',
        amount: '5',
        reason: 'goodwill credit',
      });
    expect(adjustment.body.code).toBe(200);
  });
  afterAll(async () => {
    await session?.close();
  });

  it("the console's sort fields are the API's: the API sorts every list on each of them", async () => {
    const refused: string[] = [];
    for (const [resource, { fields, fallback }] of Object.entries(SORTABLE)) {
      for (const field of [...fields, fallback.field]) {
        const res = await run.t
          .http()
          .get(`/swx/admin/${apiPath(resource)}`)
          .query({ sort: JSON.stringify([field, 'ASC']), range: '[0,0]' })
          .set('Authorization', `Bearer ${api}`);
        if (res.body.code !== 200) refused.push(`${resource}.${field}: ${res.body.code} ${res.body.message}`);
      }
    }
    expect(refused).toEqual([]);
  });

  /**
   * Clicks every sortable column header of the page, one after the other, and answers the headers
   * whose list request was not sorted on the header's field or was refused (and, when there are
   * none, that the page had no sortable header, unless `empty` allows it).
   */
  async function headersThatFail(where: string, empty = false): Promise<string[]> {
    const failed: string[] = [];
    const count = await page.locator('th [data-field]').count();
    if (count === 0 && !empty) failed.push(`${where}: no sortable column (no rows?)`);
    for (let i = 0; i < count; i++) {
      const header = page.locator('th [data-field]').nth(i);
      const field = (await header.getAttribute('data-field')) ?? '';
      const label = (await header.innerText()).trim();
      const answered = page
        .waitForResponse(
          (r) =>
            r.request().method() === 'GET' &&
            new URL(r.url()).pathname.startsWith('/swx/admin/') &&
            sortOf(r)?.[0] === field,
          { timeout: 5000 },
        )
        .catch(() => null);
      await header.click();
      const response = await answered;
      if (!response) {
        failed.push(`${where} "${label}": no list request sorted on ${field}`);
        continue;
      }
      const body = (await response.json()) as { code: number; message: string };
      if (body.code !== 200) failed.push(`${where} "${label}" (${field}): ${body.code} ${body.message}`);
    }
    return failed;
  }

  /** Opens a console page and waits for its first answer of the API path (the list or a tab). */
  async function open(url: string, path: string) {
    const loaded = page.waitForResponse(
      (r) => r.request().method() === 'GET' && new URL(r.url()).pathname === `/swx/admin/${path}`,
    );
    await page.goto(url);
    await loaded;
    // The rows are drawn.
    await page.waitForTimeout(300);
  }

  // One test per list (each with its own time limit; a failure names its list).
  describe("every list's column headers sort on fields the API takes", () => {
    // Lists this run leaves empty (no reward paid, no conversation, no trade) show no columns.
    const empty = ['inviteRewards', 'conversations', 'spot-trades'];
    it.each(Object.keys(SORTABLE))('%s', async (resource) => {
      await open(`/admin/${resource}`, apiPath(resource));
      expect(await headersThatFail(resource, empty.includes(resource))).toEqual([]);
    });
    it('with no page error', () => {
      expect(session.pageErrors).toEqual([]);
    });
  });

  it("the customer's tabs and the withdrawal's context sort on fields the API takes", async () => {
    const failed: string[] = [];
    // The customer has no loan (the borrower has one: the loans list checks its columns).
    for (const tab of [
      'kyc',
      'recharges',
      'withdrawals',
      'loans',
      'plans',
      'u-orders',
      'options-orders',
      'spot-orders',
    ]) {
      await open(`/admin/users/${customer.id}/show/${tab}`, tab);
      failed.push(...(await headersThatFail(`users/${tab}`, tab === 'loans')));
    }
    await open(`/admin/withdrawals/${withdrawalId}/show`, 'withdrawals');
    await page.getByTestId('withdrawal-context').getByRole('table').first().waitFor();
    failed.push(...(await headersThatFail('withdrawal context')));
    expect(failed).toEqual([]);
  });

  it('a sort the API does not take, remembered from an earlier console, still shows the queue', async () => {
    await page.evaluate(() =>
      localStorage.setItem(
        'RaStore.recharges.listParams',
        JSON.stringify({ filter: { status: 'pending' }, order: 'ASC', page: 1, perPage: 10, sort: 'userId' }),
      ),
    );
    const answered = page.waitForResponse(
      (r) => r.request().method() === 'GET' && new URL(r.url()).pathname === '/swx/admin/recharges',
    );
    await page.goto('/admin/recharges');
    const body = (await (await answered).json()) as { code: number };
    expect(body.code).toBe(200);
    await page.locator('tr', { hasText: customer.username }).filter({ hasText: '150 USDT' }).waitFor();
    expect(await page.locator('.MuiSnackbar-root').count()).toBe(0);
  });

  it('a list that could not be loaded says so with the reason and Retry, not that nothing was found', async () => {
    // The deposit queue: the API fails (an error of the server), then answers again.
    const failing = (route: import('playwright-core').Route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 500, result: null, message: 'The server could not answer' }),
      });
    await page.route('**/swx/admin/recharges?**', failing);
    try {
      await page.goto('/admin/recharges');
      const error = page.getByTestId('list-error');
      await error.getByText('This list could not be loaded').waitFor();
      await error.getByText('The server could not answer').waitFor();
      expect(await page.getByText(/No Deposits found/).count()).toBe(0);
      await page.unroute('**/swx/admin/recharges?**', failing);
      await page.getByTestId('list-retry').click();
      await page.locator('tr', { hasText: customer.username }).filter({ hasText: '150 USDT' }).waitFor();
      expect(await page.getByTestId('list-error').count()).toBe(0);
    } finally {
      await page.unroute('**/swx/admin/recharges?**', failing);
    }

    // The withdrawal's context: loans that could not be loaded are not "None" (an open loan blocks a
    // withdrawal: the reviewer must not read that there is none).
    await page.route('**/swx/admin/loans?**', (route) => route.abort('internetdisconnected'));
    try {
      await page.goto(`/admin/withdrawals/${withdrawalId}/show`);
      const context = page.getByTestId('withdrawal-context');
      await context.getByTestId('list-error').waitFor();
      expect(await context.getByTestId('list-error').innerText()).toContain(
        'The server cannot be reached: check the connection and try again',
      );
      await context.getByText('Recent deposits').waitFor();
      expect(await context.getByText('None', { exact: true }).count()).toBe(0);
    } finally {
      await page.unroute('**/swx/admin/loans?**');
    }
    expect(session.pageErrors).toEqual([]);
  });

  it("a record's detail names every field in the console's language, with times and codes in words", async () => {
    const setLocale = (code: string) =>
      page.evaluate((locale) => localStorage.setItem('RaStore.locale', JSON.stringify(locale)), code);
    const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
    const wrong: string[] = [];
    try {
      for (const code of ['en', 'de', 'ar']) {
        const fields = (
          consoleMessages(loadConsoleLanguage(code)) as {
            resources: Record<string, { fields?: Record<string, string> }>;
          }
        ).resources;
        await setLocale(code);
        // The expand panels of the lists whose rows open in place (this run has a row in each).
        for (const resource of ['plans', 'u-orders', 'options-orders', 'spot-orders', 'loans']) {
          // Rows open closed (a list remembers the rows it left open).
          await page.evaluate(() =>
            Object.keys(localStorage)
              .filter((key) => key.endsWith('.datagrid.expanded'))
              .forEach((key) => localStorage.removeItem(key)),
          );
          await open(`/admin/${resource}`, apiPath(resource));
          await page.locator('tbody tr td').nth(1).click();
          const detail = page.getByTestId('record-detail');
          await detail.waitFor();
          const answer = (
            await run.t
              .http()
              .get(`/swx/admin/${apiPath(resource)}`)
              .query({
                range: '[0,0]',
                filter: resource === 'spot-orders' ? '{"placedBy":"customers"}' : '{}',
              })
              .set('Authorization', `Bearer ${api}`)
          ).body.result[0] as Record<string, unknown>;
          for (const row of await detail.locator('tr').all()) {
            const field = (await row.getAttribute('data-field')) ?? '';
            const label = (await row.locator('th').innerText()).trim();
            const value = (await row.locator('td').innerText()).trim();
            const expected = fields[resource]?.fields?.[field];
            if (!expected || label !== expected) wrong.push(`${code} ${resource}.${field}: label "${label}"`);
            if (iso.test(value)) wrong.push(`${code} ${resource}.${field}: time "${value}"`);
            const raw = answer[field];
            if (['book', 'state', 'status', 'direction', 'side', 'kind'].includes(field) && value === raw)
              wrong.push(`${code} ${resource}.${field}: code "${value}"`);
          }
          if (code === 'de' && resource === 'u-orders') await screenshot(page, 'admin-u-order-detail-de');
        }
      }
    } finally {
      await setLocale('en');
    }
    expect(wrong).toEqual([]);
    expect(session.pageErrors).toEqual([]);
  });

  it("codes of the API are said in words in the lists, the customer's tabs and an NFT's bids", async () => {
    // Two bids on a listed collectible: the first is outbid by the second.
    const nft = (
      (await run.t.http().get('/swx/customer/index/listNft')).body.result.list as {
        id: string;
        startBid: string;
        currentBid: string | null;
        canBid: boolean;
      }[]
    ).find((n) => n.canBid)!;
    const floor = Number(nft.currentBid ?? nft.startBid);
    const bidders = [await registerUser(run.t), await registerUser(run.t)];
    for (const [i, bidder] of bidders.entries()) {
      await fundReal(run.t, bidder, '1000');
      const bid = await run.t
        .http()
        .post('/swx/customer/user/buyNft')
        .set(real(bidder))
        .send({ nftId: nft.id, type: 'bid', amount: String(floor + 10 * (i + 1)) });
      expect(bid.body.code).toBe(200);
    }

    const de = consoleMessages(loadConsoleLanguage('de')) as unknown as {
      swx: {
        values: Record<string, Record<string, string>>;
        plan: Record<string, string>;
        book: Record<string, string>;
      };
    };
    // What the API answers and the console showed as such, in every language (Futures and ETF are
    // German words too).
    const raw = new Set([
      ...['buy', 'sell', 'up', 'down', 'demo', 'real', 'smart', 'mining', 'limit', 'market', 'crypto'],
      ...['bank', 'basic', 'footer', 'help', 'active', 'outbid', 'Forex', 'Crypto', 'Stocks', 'Metals'],
      ...['24/7', '1 company', '2 policy', '3 other'],
    ]);
    const pages: [string, string, string[]][] = [
      ['/admin/u-orders', 'u-orders', [de.swx.values.direction.sell, de.swx.book.demo]],
      ['/admin/options-orders', 'options-orders', [de.swx.values.direction.up]],
      ['/admin/planProducts', 'planProducts', [de.swx.plan.smart]],
      [
        '/admin/instruments',
        'instruments',
        [de.swx.values.instrumentType['2'], de.swx.values.hours.alwaysOpen],
      ],
      ['/admin/contents', 'contents', [de.swx.values.contentSection.footer, de.swx.values.contentType['1']]],
      [`/admin/users/${customer.id}/show/kyc`, 'kyc', []],
      [`/admin/users/${customer.id}/show/withdrawals`, 'withdrawals', [de.swx.values.method.crypto]],
      [`/admin/users/${customer.id}/show/plans`, 'plans', [de.swx.plan.smart]],
      [`/admin/users/${customer.id}/show/u-orders`, 'u-orders', [de.swx.values.direction.sell]],
      [`/admin/users/${customer.id}/show/options-orders`, 'options-orders', [de.swx.values.direction.up]],
      [
        `/admin/users/${customer.id}/show/spot-orders`,
        'spot-orders',
        [de.swx.values.side.buy, de.swx.values.orderType.limit],
      ],
      [
        `/admin/nfts/${nft.id}`,
        `nfts/${nft.id}/bids`,
        [de.swx.values.bidStatus.active, de.swx.values.bidStatus.outbid],
      ],
    ];
    const wrong: string[] = [];
    await page.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('de')));
    try {
      for (const [url, path, expected] of pages) {
        await open(url, path);
        await page.locator('tbody td').first().waitFor();
        const cells = (await page.locator('tbody td').allInnerTexts()).map((t) => t.trim());
        for (const cell of cells)
          if (raw.has(cell) || /^\d+ sessions$/.test(cell)) wrong.push(`${url}: "${cell}"`);
        for (const text of expected) if (!cells.includes(text)) wrong.push(`${url}: no "${text}"`);
      }
      expect(wrong).toEqual([]);
      // The bidders by name.
      for (const bidder of bidders)
        await page.getByTestId('nft-bids').getByRole('link', { name: bidder.username }).waitFor();
      await page.getByTestId('nft-bids').scrollIntoViewIfNeeded();
      await screenshot(page, 'admin-nft-bids-de');
    } finally {
      await page.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('en')));
    }
    expect(session.pageErrors).toEqual([]);
  });

  it('an export holds every record of the list, beyond the 500 the API answers at once', async () => {
    // 620 messages of the outbox, found by one word (written straight to the table: sending that
    // many codes would only be slower).
    const token = uniqueName('bulkexport');
    await run.t.db.query(
      `INSERT INTO accounts.outbox (channel, recipient, subject, body)
       SELECT 'email', $1 || '-' || n || '@example.com', 'Code', 'Your code is 123456'
       FROM generate_series(1, 620) AS n`,
      [token],
    );
    const filter = JSON.stringify({ q: token });
    const counted = await run.t
      .http()
      .get('/swx/admin/outbox')
      .query({ filter, range: '[0,0]' })
      .set('Authorization', `Bearer ${api}`);
    expect(counted.headers['content-range']).toBe('outbox 0-0/620');

    await page.goto(`/admin/outbox?filter=${encodeURIComponent(filter)}`);
    await page.locator('tr', { hasText: `${token}-620@example.com` }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    const csv = readFileSync(await download.path(), 'utf8');
    const rows = csv.split('\n').filter((line) => line.includes(`${token}-`));
    expect(rows).toHaveLength(620);
    expect(new Set(rows.map((line) => /-(\d+)@example\.com/.exec(line)?.[1])).size).toBe(620);
    expect(session.pageErrors).toEqual([]);
  });

  it('in Arabic, a signed amount keeps its sign in front: ledger balances and adjustments', async () => {
    /**
     * The signed amounts of the page's table cells (or record details) and whether their sign is
     * drawn in front of (left of) their first digit: right to left, "-400000" was drawn "400000-".
     */
    const signs = (selector: string) =>
      page.evaluate((sel) => {
        const found: { text: string; signInFront: boolean }[] = [];
        for (const cell of Array.from(document.querySelectorAll<HTMLElement>(sel))) {
          const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent ?? '';
            const at = text.search(/[-+]\d/);
            if (at < 0) continue;
            const box = (i: number) => {
              const range = document.createRange();
              range.setStart(node, i);
              range.setEnd(node, i + 1);
              return range.getBoundingClientRect();
            };
            found.push({ text: text.trim(), signInFront: box(at).left < box(at + 1).left });
          }
        }
        return found;
      }, selector);
    await page.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('ar')));
    try {
      await open(
        `/admin/ledger-accounts?filter=${encodeURIComponent(JSON.stringify({ ownerType: 'system' }))}`,
        'ledger/accounts',
      );
      await page.locator('tbody td').first().waitFor();
      const balances = await signs('tbody td');
      // The house's external account is negative (the money that came in from outside).
      expect(balances.length).toBeGreaterThan(0);
      expect(balances.filter((b) => !b.signInFront)).toEqual([]);

      await open('/admin/adjustments', 'adjustments');
      await page.locator('tbody td').first().waitFor();
      const adjustments = await signs('tbody td');
      expect(adjustments.some((a) => a.text.startsWith('+5'))).toBe(true);
      expect(adjustments.filter((a) => !a.signInFront)).toEqual([]);
      await screenshot(page, 'admin-adjustments-ar');
    } finally {
      await page.evaluate(() => localStorage.setItem('RaStore.locale', JSON.stringify('en')));
    }
    expect(session.pageErrors).toEqual([]);
  });
});
