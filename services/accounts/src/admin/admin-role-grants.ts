/**
 * Grants of the super-admin role under maker-checker (accounts.admin_role_grants, migration
 * 1766900001000): the rows as read with plain SQL and the views the console reads.
 */
export type RoleGrantStatus = 'pending' | 'approved' | 'rejected' | 'withdrawn';
export type RoleGrantDecision = 'approve' | 'reject' | 'withdraw';

export interface RoleGrantRow {
  id: string;
  /** The account the role is for. */
  admin_id: string;
  role: string;
  status: RoleGrantStatus;
  requested_by: string;
  decided_by: string | null;
  decided_at: Date | null;
  decision_reason: string | null;
  created_at: Date;
}

/** The pending grant on an admin account's own view (adminView). */
export interface PendingRoleGrantView {
  id: string;
  role: string;
  requestedBy: string;
  requestedByEmail: string | null;
  createdAt: string;
}

export function pendingGrantView(row: RoleGrantRow, requestedByEmail: string | null): PendingRoleGrantView {
  return {
    id: row.id,
    role: row.role,
    requestedBy: row.requested_by,
    requestedByEmail,
    createdAt: row.created_at.toISOString(),
  };
}

/** A grant as the console's list shows it, with the e-mails of the accounts it names. */
export function grantView(
  row: RoleGrantRow,
  admins: Map<string, { email: string; displayName: string | null }>,
) {
  const email = (id: string | null) => (id ? (admins.get(id)?.email ?? null) : null);
  return {
    id: row.id,
    adminId: row.admin_id,
    adminEmail: email(row.admin_id),
    adminDisplayName: admins.get(row.admin_id)?.displayName ?? null,
    role: row.role,
    status: row.status,
    requestedBy: row.requested_by,
    requestedByEmail: email(row.requested_by),
    decidedBy: row.decided_by,
    decidedByEmail: email(row.decided_by),
    decidedAt: row.decided_at?.toISOString() ?? null,
    decisionReason: row.decision_reason,
    createdAt: row.created_at.toISOString(),
  };
}
