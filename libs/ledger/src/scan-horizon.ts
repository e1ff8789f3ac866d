import type { DataSource } from 'typeorm';

/**
 * Scanning the ledger by id, while transactions commit out of id order: an id is taken when a row
 * is inserted, not when its transaction commits, so a scan that read up to id N may later meet a
 * row below N that was not committed yet. A scan keeps, with its high-water mark, the horizon of
 * the snapshot it read with (the oldest transaction still running then) and the snapshot's next
 * transaction id. A row that scan did not see was written by a transaction at or after that
 * horizon, so the next scan needs to read again only the rows above the mark and those whose
 * transaction is not older than the horizon.
 *
 * Where the next scan starts: such a transaction began after every mark whose next transaction id
 * is not above the horizon, so its rows lie above the top id of the mark before the latest of
 * those (the mark before, because a row's id is drawn an instant before its transaction takes its
 * id). However long a transaction stays open, its rows are read when it commits; a scan whose
 * notices failed is read again until one completes (for at most GIVE_UP_AFTER).
 */

/** The horizon of the statement's snapshot (xid8 as text): select it with the scan's top id. */
const SNAPSHOT_HORIZON = 'pg_snapshot_xmin(pg_current_snapshot())::text';
/** The next transaction id of the statement's snapshot (xid8 as text). */
const SNAPSHOT_NEXT_XID = 'pg_snapshot_xmax(pg_current_snapshot())::text';
/** A scan that failed is read again by the following ones for this long, then given up. */
const GIVE_UP_AFTER = `interval '1 day'`;
/**
 * Marks taken before the next transaction id was kept start their scan's window this far back
 * (the rule before it): only until the marks taken since qualify, a few scans after an upgrade.
 */
const LEGACY_LOOKBACK = `interval '10 minutes'`;

/**
 * SQL: the row `alias` may have committed after the scan whose horizon is the parameter `horizon`
 * (an xid8). age() compares the row's 32-bit transaction id with it across wraparound; a frozen
 * row counts as old.
 */
export function mayHaveCommittedSince(alias: string, horizon: string): string {
  return `age(${alias}.xmin) <= age((${horizon}::xid8::text::numeric % 4294967296)::text::xid)`;
}

/** A table of scan marks: rows of (`column` the top id, horizon, next_xid, complete, taken_at). */
export interface ScanMarks {
  table: string;
  column: string;
}

/** Where a scan starts and ends, and what the latest complete scan saw. */
export interface ScanWindow {
  /** The window starts above this id (0: from the first row). */
  from: string;
  /** The mark the window starts on (null: none); older marks are no longer needed. */
  fromMark: string | null;
  /** The latest complete scan's mark and horizon (null: none, or a mark kept without a horizon). */
  lastTop: string | null;
  lastHorizon: string | null;
  /** This scan's top id, horizon and next transaction id, of one snapshot: keep them as its mark. */
  top: string;
  horizon: string;
  nextXid: string;
}

/** The window of a scan of `ledger.<table>` whose marks are rows of `marks`. */
export async function scanWindow(
  dataSource: DataSource,
  marks: ScanMarks,
  table: 'journal' | 'transfers',
): Promise<ScanWindow> {
  const { table: m, column } = marks;
  const [last]: {
    from: string;
    from_mark: string | null;
    last_top: string | null;
    last_horizon: string | null;
  }[] = await dataSource.query(
    // settled: the latest complete scan (or, past GIVE_UP_AFTER, the latest scan at all); anchor:
    // the latest mark taken before every transaction that scan may not have seen began; base: the
    // mark before it, whose top id the window starts above. No anchor: a transaction older than
    // every mark is still running (from the first scans of a new ledger: all of it is read), or
    // the marks are from before the anchors were kept (the legacy window).
    `WITH settled AS (
       SELECT ${column} AS top, horizon FROM ${m}
        WHERE complete OR taken_at < now() - ${GIVE_UP_AFTER}
        ORDER BY id DESC LIMIT 1),
     anchor AS (
       SELECT k.id FROM ${m} k, settled s WHERE k.next_xid <= s.horizon ORDER BY k.id DESC LIMIT 1),
     base AS (
       SELECT k.id, k.${column} AS top FROM ${m} k, anchor a WHERE k.id < a.id ORDER BY k.id DESC LIMIT 1)
     SELECT CASE WHEN EXISTS (SELECT 1 FROM anchor) THEN coalesce((SELECT top FROM base), 0)
                 WHEN EXISTS (SELECT 1 FROM ${m} WHERE next_xid IS NULL)
                 THEN (SELECT coalesce(max(${column}), 0) FROM ${m} WHERE taken_at < now() - ${LEGACY_LOOKBACK})
                 ELSE 0 END::text AS "from",
            (SELECT id FROM base)::text AS from_mark,
            (SELECT top FROM settled)::text AS last_top,
            (SELECT horizon FROM settled)::text AS last_horizon`,
  );
  const [now]: { top: string; horizon: string; next_xid: string }[] = await dataSource.query(
    `SELECT coalesce(max(id), 0)::text AS top, ${SNAPSHOT_HORIZON} AS horizon,
            ${SNAPSHOT_NEXT_XID} AS next_xid
       FROM ledger.${table}`,
  );
  return {
    from: last.from,
    fromMark: last.from_mark,
    lastTop: last.last_top,
    lastHorizon: last.last_horizon,
    top: now.top,
    horizon: now.horizon,
    nextXid: now.next_xid,
  };
}

/**
 * Keeps the scan's mark (`complete`: every row it read was handled; else the next scans read its
 * window again) and drops the day-old marks that no window starts on any more.
 */
export async function keepScanMark(
  dataSource: DataSource,
  marks: ScanMarks,
  window: ScanWindow,
  complete: boolean,
): Promise<void> {
  await dataSource.query(
    `INSERT INTO ${marks.table} (${marks.column}, horizon, next_xid, complete)
     VALUES ($1, $2::xid8, $3::xid8, $4)`,
    [window.top, window.horizon, window.nextXid, complete],
  );
  // Without a mark to start on (the legacy rule still applies), only the legacy marks go.
  await dataSource.query(
    `DELETE FROM ${marks.table}
      WHERE taken_at < now() - interval '1 day' AND ($1::bigint IS NULL AND next_xid IS NULL OR id < $1::bigint)`,
    [window.fromMark],
  );
}

/** Migration SQL: a marks table gains its snapshots' next transaction id and completeness. */
export function scanMarkAnchorColumns(table: string): { up: string; down: string } {
  return {
    up: `ALTER TABLE ${table} ADD COLUMN next_xid xid8, ADD COLUMN complete boolean NOT NULL DEFAULT true`,
    down: `ALTER TABLE ${table} DROP COLUMN next_xid, DROP COLUMN complete`,
  };
}
