/// <reference lib="dom" />
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Download, Page, Request } from 'playwright-core';
import { SORTABLE } from '../../web-admin/src/sortable';
import { registerUser, uniqueName, type RegisteredUser } from '../support/users';
import { screenshot, startConsoleSession, type BrowserRun, type ConsoleSession } from './browser-support';

/** Console resources whose API path is not their name (as web-admin/src/dataProvider.ts maps them). */
const API_PATHS: Record<string, string> = {
  conversations: 'support/conversations',
  'ledger-accounts': 'ledger/accounts',
  'ledger-transfers': 'ledger/transfers',
};
const apiPath = (resource: string) => API_PATHS[resource] ?? resource;

/** More deposits than react-admin's Export held (1,000) and than two of the API's pages (500 each). */
const COUNT = 1234;

/** A list request of the deposits' API: its window (`range=[start,end]`). */
const depositsRange = (request: Request): [number, number] | null => {
  const url = new URL(request.url());
  if (url.pathname !== '/swx/admin/recharges' || request.method() !== 'GET') return null;
  const range = url.searchParams.get('range');
  return range ? (JSON.parse(range) as [number, number]) : null;
};

/**
 * Where a page of an export starts: a deposits request of a whole API page (500). The list itself
 * asks for 25 (and polls every 5 seconds).
 */
const exportPage = (request: Request): number | null => {
  const range = depositsRange(request);
  return range && range[1] - range[0] + 1 === 500 ? range[0] : null;
};

/** The rows of an exported CSV (react-admin's default exporter: a header line, then one per record). */
function csvRows(csv: string): { header: string[]; rows: string[][] } {
  const lines = csv.split('\n').filter((line) => line.trim() !== '');
  const split = (line: string) => line.split(',');
  return { header: split(lines[0]), rows: lines.slice(1).map(split) };
}

// The console's Export as an auditor uses it: the file holds every record matching the list's
// filters, however many (react-admin's Export stopped at 1,000 without a word); it shows how far
// it is while it pages, says so when a page fails or when the list is more than an export holds,
// and then saves no file. Every list with an Export has this one.
describe('web-admin export: every record of the list', () => {
  let session: ConsoleSession;
  let run: BrowserRun;
  let page: Page;
  let customer: RegisteredUser;
  let ids: string[] = [];
  const email = `${uniqueName('export-admin')}@example.com`;
  const downloads: Download[] = [];
  /** Lets a page a test holds back go (after each test: one that failed may still hold one). */
  let releaseHeld = () => {};

  const openDeposits = async () => {
    const filter = JSON.stringify({ status: 'rejected', userId: customer.id });
    const loaded = page.waitForResponse((r) => depositsRange(r.request()) !== null);
    await page.goto(`/admin/recharges?filter=${encodeURIComponent(filter)}`);
    await loaded;
    await page.locator('tbody tr').first().waitFor();
  };
  const exportButton = () => page.locator('[data-testid="export-all"]');

  beforeAll(async () => {
    session = await startConsoleSession(email, 'export-browser-password', ['super_admin']);
    ({ run, page } = session);
    page.on('download', (download) => downloads.push(download));
    // 1,234 rejected deposits of one customer, written straight to the table (through the API it
    // would take minutes); rejected, they move no money.
    customer = await registerUser(run.t);
    const token = uniqueName('export');
    await run.t.db.query(
      `INSERT INTO funds.recharges (user_id, coin, network, amount, tx_hash, tx_hash_key, status, reason)
       SELECT $1, 'USDT', 'TRC20', (n || '.5')::numeric, '0x' || $2 || '-' || n, '0x' || $2 || '-' || n,
              'rejected', 'export test'
         FROM generate_series(1, $3::int) AS n`,
      [customer.id, token, COUNT],
    );
    const rows = await run.t.db.query<{ id: string }[]>(
      `SELECT r.id::text AS id FROM funds.recharges r WHERE r.user_id = $1 ORDER BY r.id`,
      [customer.id],
    );
    ids = rows.map((r) => r.id);
    expect(ids).toHaveLength(COUNT);
  });

  afterAll(async () => {
    await session?.close();
  });

  afterEach(async () => {
    releaseHeld();
    await page?.unrouteAll({ behavior: 'ignoreErrors' });
  });

  it('the file holds every deposit matching the filters, beyond 1,000, newest first as the list', async () => {
    await openDeposits();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    const { header, rows } = csvRows(readFileSync(await download.path(), 'utf8'));
    const id = header.indexOf('id');
    const user = header.indexOf('userId');
    expect(id).toBeGreaterThanOrEqual(0);
    expect(rows).toHaveLength(COUNT);
    expect(rows.every((row) => row[user] === customer.id)).toBe(true);
    const exported = rows.map((row) => row[id]);
    expect(new Set(exported).size).toBe(COUNT);
    expect([...exported].sort((a, b) => Number(a) - Number(b))).toEqual(ids);
    // The list is sorted newest first: so is the file.
    expect(exported[0]).toBe(ids[COUNT - 1]);
    expect(exported[COUNT - 1]).toBe(ids[0]);
    await page.getByText('Records exported: 1,234').waitFor();
    expect(session.pageErrors).toEqual([]);
  });

  it('says how far it is while it pages, with the button disabled', async () => {
    await openDeposits();
    // The second page waits until the progress after the first was seen.
    const held = new Promise<void>((resolve) => (releaseHeld = resolve));
    const starts: number[] = [];
    await page.route(
      (url) => url.pathname === '/swx/admin/recharges',
      async (route) => {
        const start = exportPage(route.request());
        if (start !== null) starts.push(start);
        if (start !== null && start > 0) await held;
        await route.continue();
      },
    );
    const before = downloads.length;
    await exportButton().click();
    const progress = page.locator('[data-testid="export-progress"]');
    await progress.filter({ hasText: 'Exporting 500 of 1,234…' }).waitFor();
    expect(await exportButton().isDisabled()).toBe(true);
    expect(
      await page.locator('[data-testid="export-dialog"] [role="progressbar"]').getAttribute('aria-valuenow'),
    ).toBe(String(Math.round((100 * 500) / COUNT)));
    await page.waitForTimeout(600); // the bar's transition
    await screenshot(page, 'admin-export-progress');
    const downloaded = page.waitForEvent('download');
    releaseHeld();
    await downloaded;
    expect(downloads.length).toBe(before + 1);
    // Pages as the API takes them (500 at most), each starting on the last record of the one before.
    expect(starts).toEqual([0, 499, 998]);
    await page.locator('[data-testid="export-dialog"]').waitFor({ state: 'detached' });
    expect(await exportButton().isDisabled()).toBe(false);
  });

  it('deposits that leave the list while it pages move no deposit out of the file', async () => {
    await openDeposits();
    // After the first page, the ten oldest deposits leave the list (deleted here; a status that
    // changes does the same to a filtered list): every later one moves ten places up, and a next
    // page read from where the first ended skipped ten deposits that never left.
    const held = new Promise<void>((resolve) => (releaseHeld = resolve));
    const starts: number[] = [];
    await page.route(
      (url) => url.pathname === '/swx/admin/recharges',
      async (route) => {
        const start = exportPage(route.request());
        if (start !== null) starts.push(start);
        if (start !== null && start > 0) await held;
        await route.continue();
      },
    );
    const downloaded = page.waitForEvent('download');
    await exportButton().click();
    await page
      .locator('[data-testid="export-progress"]')
      .filter({ hasText: 'Exporting 500 of 1,234…' })
      .waitFor();
    const all = ids;
    await run.t.db.query(`DELETE FROM funds.recharges WHERE id = ANY($1::bigint[])`, [ids.slice(0, 10)]);
    ids = ids.slice(10);
    releaseHeld();
    const { header, rows } = csvRows(readFileSync(await (await downloaded).path(), 'utf8'));
    const exported = rows.map((row) => row[header.indexOf('id')]);
    // The ten read before they left, and every deposit that stayed, once each.
    expect(exported).toHaveLength(all.length);
    expect([...exported].sort((a, b) => Number(a) - Number(b))).toEqual(all);
    // The second window found itself past deposits not read yet and read again from the start.
    expect(starts).toEqual([0, 499, 0, 499, 998]);
  });

  it('a page that fails saves no file and says why', async () => {
    await openDeposits();
    await page.route(
      (url) => url.pathname === '/swx/admin/recharges',
      async (route) => {
        const start = exportPage(route.request());
        if (start !== null && start > 0) await route.abort('connectionrefused');
        else await route.continue();
      },
    );
    const before = downloads.length;
    await exportButton().click();
    const failed = page.locator('[data-testid="export-failed"]');
    await failed.waitFor();
    expect(await failed.innerText()).toContain('The export failed and no file was saved');
    await screenshot(page, 'admin-export-failed');
    await page.waitForTimeout(500);
    expect(downloads.length).toBe(before);
    await page.locator('[data-testid="export-close"]').click();
    await page.locator('[data-testid="export-dialog"]').waitFor({ state: 'detached' });
  });

  it('more records than an export holds: narrow the filters, no file', async () => {
    await openDeposits();
    // The API counts 150,000 deposits (a real list that long is too slow to write for a test).
    await page.route(
      (url) => url.pathname === '/swx/admin/recharges',
      async (route) => {
        if (exportPage(route.request()) === null) return route.continue();
        const response = await route.fetch();
        await route.fulfill({
          response,
          headers: { ...response.headers(), 'content-range': 'recharges 0-499/150000' },
        });
      },
    );
    const before = downloads.length;
    await exportButton().click();
    const tooMany = page.locator('[data-testid="export-too-many"]');
    await tooMany.waitFor();
    expect(await tooMany.innerText()).toBe(
      '150,000 records match these filters, more than the 100,000 an export can hold. Narrow the filters and export again.',
    );
    await screenshot(page, 'admin-export-too-many');
    await page.waitForTimeout(500);
    expect(downloads.length).toBe(before);
    await page.locator('[data-testid="export-close"]').click();
  });

  it("every list's Export is the console's (a list of react-admin's own exports 1,000 at most)", async () => {
    // Each resource's list is the console's List (web-admin/src/components/List.tsx).
    const dir = path.resolve(__dirname, '../../web-admin/src/resources');
    const own = readdirSync(dir).filter((file) =>
      /import\s*{[^}]*\bList\b[^}]*}\s*from\s*'react-admin'/.test(readFileSync(path.join(dir, file), 'utf8')),
    );
    expect(own).toEqual([]);

    // And on screen: every Export button of every list is the console's.
    const withExport: string[] = [];
    const foreign: string[] = [];
    for (const resource of Object.keys(SORTABLE)) {
      const loaded = page.waitForResponse(
        (r) =>
          r.request().method() === 'GET' && new URL(r.url()).pathname === `/swx/admin/${apiPath(resource)}`,
      );
      await page.goto(`/admin/${resource}`);
      await loaded;
      await page.waitForTimeout(300);
      const exports = await page.getByRole('button', { name: 'Export' }).count();
      const ours = await exportButton().count();
      if (exports !== ours) foreign.push(resource);
      if (ours > 0) withExport.push(resource);
    }
    expect(foreign).toEqual([]);
    // The lists an auditor exports (others may be empty in this run, and an empty list has no Export).
    expect(withExport).toEqual(
      expect.arrayContaining(['recharges', 'users', 'ledger-accounts', 'parameters', 'audit']),
    );
    expect(session.pageErrors).toEqual([]);
  }, 240000);
});
