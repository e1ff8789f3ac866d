import { randomBytes, randomUUID } from 'node:crypto';
import {
  keepScanMark,
  LedgerService,
  mayHaveCommittedSince,
  scanWindow,
  type ScanMarks,
  type ScanWindow,
} from '@app/ledger';
import { waitFor } from '../market/market-support';
import { depositEntry } from '../trading/trading-support';
import { createTestApp, type TestApp } from '../../support/test-app';

/**
 * Where a ledger scan's window starts (libs/ledger scan-horizon.ts), on a marks table of this file's
 * own: at the first row for a new table, below a row whose transaction stays open however long,
 * and above it once that transaction is done and seen.
 */
describe('ledger scans: the window', () => {
  let t: TestApp;
  let ledger: LedgerService;
  const marks: ScanMarks = { table: `public.scan_marks_${randomBytes(4).toString('hex')}`, column: 'top_id' };
  const window = () => scanWindow(t.db, marks, 'journal');
  const scanned = async (complete = true): Promise<ScanWindow> => {
    const w = await window();
    await keepScanMark(t.db, marks, w, complete);
    return w;
  };
  // The late row's currency is its own: External is sharded at random, and a deposit that picked
  // the shard the open transaction holds would wait for it to end.
  const deposit = (currency = 'BTC') => depositEntry(randomUUID(), '1', currency);
  /** Whether a scan with this window reads the journal row `id` (the services' filter). */
  const reads = async (w: ScanWindow, id: string): Promise<boolean> => {
    const [row]: { hit: boolean }[] = await t.db.query(
      `SELECT EXISTS (SELECT 1 FROM ledger.journal j
                       WHERE j.id = $1 AND j.id > $2 AND j.id <= $3
                         AND ($5::xid8 IS NULL OR j.id > $4::bigint OR ${mayHaveCommittedSince('j', '$5')})) AS hit`,
      [id, w.from, w.top, w.lastTop ?? '0', w.lastHorizon],
    );
    return row.hit;
  };

  beforeAll(async () => {
    t = await createTestApp();
    ledger = t.app.get(LedgerService);
    await t.db.query(
      `CREATE TABLE ${marks.table} (
         id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
         top_id bigint NOT NULL,
         horizon xid8,
         next_xid xid8,
         complete boolean NOT NULL DEFAULT true,
         taken_at timestamptz NOT NULL DEFAULT now())`,
    );
  });
  // Each test starts from no marks (a retried test runs after the others).
  beforeEach(async () => {
    await t.db.query(`TRUNCATE ${marks.table}`);
  });
  afterAll(async () => {
    await t.db.query(`DROP TABLE IF EXISTS ${marks.table}`);
    await t.close();
  });

  it('starts at the first row without marks, and stays below a row whose transaction is open, however long', async () => {
    expect(await scanned()).toMatchObject({ from: '0', fromMark: null, lastTop: null });
    const runner = t.db.createQueryRunner();
    await runner.startTransaction();
    let late: string;
    try {
      late = (await ledger.post(deposit('ETH'), runner.manager)).journalId;
      // Scans go on while it stays open; older than ten minutes (the fixed window before).
      for (let n = 0; n < 3; n++) {
        await ledger.post(deposit());
        await scanned();
      }
      await t.db.query(`UPDATE ${marks.table} SET taken_at = taken_at - interval '20 minutes'`);
      const during = await scanned();
      expect(BigInt(during.from)).toBeLessThan(BigInt(late));
      await runner.commitTransaction();
    } finally {
      await runner.release();
    }
    // The next scan reads it.
    expect(await reads(await scanned(), late)).toBe(true);
    // Once nothing that old runs (other test files may hold the horizon back for a while), the
    // window moves above it and the marks below the window's go.
    await waitFor(
      async () => {
        await ledger.post(deposit());
        const w = await scanned();
        return BigInt(w.from) >= BigInt(late);
      },
      100_000,
      'the window above the late row',
    );
    await t.db.query(`UPDATE ${marks.table} SET taken_at = taken_at - interval '2 days'`);
    const w = await scanned();
    const [{ left, below }]: { left: number; below: number }[] = await t.db.query(
      `SELECT count(*)::int AS left, count(*) FILTER (WHERE id < $1)::int AS below FROM ${marks.table}`,
      [w.fromMark],
    );
    expect(below).toBe(0);
    expect(left).toBeGreaterThanOrEqual(2);
  }, 150_000);

  it('a scan that was not complete is read again by the next ones', async () => {
    await ledger.post(deposit());
    const complete = await scanned();
    const posted = await ledger.post(deposit());
    const failed = await scanned(false);
    expect(await reads(failed, posted.journalId)).toBe(true);
    // The next window still starts from the complete scan: the row is read again.
    const next = await scanned();
    expect(next.lastTop).toBe(complete.top);
    expect(await reads(next, posted.journalId)).toBe(true);
  });

  it('marks from before the next transaction id was kept start the window ten minutes back', async () => {
    await t.db.query(
      `INSERT INTO ${marks.table} (top_id, horizon, taken_at)
       VALUES (5, NULL, now() - interval '20 minutes'), (7, NULL, now() - interval '5 minutes')`,
    );
    expect(await window()).toMatchObject({ from: '5', fromMark: null, lastTop: '7', lastHorizon: null });
  });
});
