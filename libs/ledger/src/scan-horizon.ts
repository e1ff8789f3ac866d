import type { DataSource } from 'typeorm';

/**
 * Scanning the ledger by id, while transactions commit out of id order: an id is taken when a row
 * is inserted, not when its transaction commits, so a scan that read up to id N may later meet a
 * row below N that was not committed yet. A scan keeps, with its high-water mark, the horizon of
 * the snapshot it read with (the oldest transaction still running then). A row that scan did not
 * see was written by a transaction at or after that horizon, so the next scan needs to read again
 * only the rows above the mark and those whose transaction is not older than the horizon.
 */

/** The horizon of the statement's snapshot (xid8 as text): select it with the scan's top id. */
export const SNAPSHOT_HORIZON = 'pg_snapshot_xmin(pg_current_snapshot())::text';

/**
 * SQL: the row `alias` may have committed after the scan whose horizon is the parameter `horizon`
 * (an xid8). age() compares the row's 32-bit transaction id with it across wraparound; a frozen
 * row counts as old.
 */
export function mayHaveCommittedSince(alias: string, horizon: string): string {
  return `age(${alias}.xmin) <= age((${horizon}::xid8::text::numeric % 4294967296)::text::xid)`;
}

/** Where a scan starts and ends, and what its latest predecessor saw. */
export interface ScanWindow {
  /** The mark of a scan at least `lookback` old (0 when none): the window starts above it. */
  from: string;
  /** The latest scan's mark and horizon (null: none, or a mark kept without a horizon). */
  lastTop: string | null;
  lastHorizon: string | null;
  /** This scan's top id and horizon, of one snapshot: keep them as its mark when it is done. */
  top: string;
  horizon: string;
}

/**
 * The window of a scan of `ledger.<table>` whose marks are rows (`column` the top id, `horizon`,
 * `taken_at`) of `marks`. A journal or transfer whose transaction commits more than `lookback`
 * after it was written is not seen (the window's start has passed it).
 */
export async function scanWindow(
  dataSource: DataSource,
  marks: { table: string; column: string },
  table: 'journal' | 'transfers',
  lookback: string,
): Promise<ScanWindow> {
  const [last]: { from: string; last_top: string | null; last_horizon: string | null }[] =
    await dataSource.query(
      `SELECT (SELECT coalesce(max(${marks.column}), 0) FROM ${marks.table}
                WHERE taken_at < now() - ${lookback})::text AS "from",
              l.${marks.column}::text AS last_top, l.horizon::text AS last_horizon
         FROM (SELECT 1) one
         LEFT JOIN LATERAL (SELECT ${marks.column}, horizon FROM ${marks.table} ORDER BY id DESC LIMIT 1) l
           ON true`,
    );
  const [now]: { top: string; horizon: string }[] = await dataSource.query(
    `SELECT coalesce(max(id), 0)::text AS top, ${SNAPSHOT_HORIZON} AS horizon FROM ledger.${table}`,
  );
  return { from: last.from, lastTop: last.last_top, lastHorizon: last.last_horizon, ...now };
}
