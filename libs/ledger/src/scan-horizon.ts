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
