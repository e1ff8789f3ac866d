import { createHash } from 'node:crypto';

/** The hash the first audit row chains to. */
export const AUDIT_GENESIS_HASH = '0'.repeat(64);

/** An audit row as the database returns it for hashing (see AUDIT_CANONICAL_COLUMNS). */
export interface AuditChainRow {
  id: string;
  admin_id: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  detail: unknown;
  ip: string | null;
  created_at: string;
}

/**
 * The columns hashed, as SQL: the time as text with its microseconds (a Date would drop them),
 * so the writer and the verifier hash exactly what is stored.
 */
export const AUDIT_CANONICAL_COLUMNS = `id::text AS id, admin_id::text AS admin_id, action, target_type, target_id,
  detail, ip, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at`;

/** sha256 over the previous hash and the row's canonical fields (JSON with sorted keys). */
export function auditRowHash(prevHash: string, row: AuditChainRow): string {
  const fields = [
    row.id,
    row.admin_id,
    row.action,
    row.target_type,
    row.target_id,
    row.detail,
    row.ip,
    row.created_at,
  ];
  return createHash('sha256')
    .update(`${prevHash}\n${canonicalJson(fields)}`)
    .digest('hex');
}

/** JSON with object keys sorted at every level: the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}
