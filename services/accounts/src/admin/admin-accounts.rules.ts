import { AdminRole } from '@app/common';

/** What a super-admin asks to change on an admin account. */
export interface AdminAccountChange {
  actorId: string;
  target: { id: string; roles: string[]; active: boolean };
  /** The roles after the change (unchanged when left out). */
  roles?: string[];
  /** Whether the account stays active (unchanged when left out). */
  active?: boolean;
  /** Ids of every active super-admin, read under the admin-accounts lock. */
  activeSuperAdminIds: string[];
}

/**
 * The message key that refuses a change, or null when it is allowed: a super-admin neither disables
 * nor demotes themself (another one must), and the platform always keeps one active super-admin.
 */
export function refusedAdminChange(change: AdminAccountChange): string | null {
  const { actorId, target } = change;
  const nextActive = change.active ?? target.active;
  const nextRoles = change.roles ?? target.roles;
  const isSuper = target.active && target.roles.includes(AdminRole.SuperAdmin);
  const staysSuper = nextActive && nextRoles.includes(AdminRole.SuperAdmin);
  if (target.id === actorId) {
    if (!nextActive) return 'auth.adminSelfDisable';
    if (isSuper && !staysSuper) return 'auth.adminSelfDemote';
  }
  if (isSuper && !staysSuper) {
    const others = change.activeSuperAdminIds.filter((id) => id !== target.id);
    if (others.length === 0) return 'auth.adminLastSuperAdmin';
  }
  return null;
}

/**
 * How a grant of the super-admin role goes. With two or more active super-admins it is a request
 * that another one decides (maker-checker, like ledger adjustments: otherwise one super-admin could
 * make a second account a super-admin and approve their own adjustment with it). With exactly one,
 * the bootstrap case, it is immediate (and audited): a lone super-admin has no second pair of eyes
 * to ask, and the platform would stay with one super-admin, who can never approve an adjustment.
 * Once two have been active (`fourEyesSince`, kept in accounts.admin_four_eyes) it stays a request
 * for good: a super-admin who disabled or demoted the others down to themself grants nothing alone
 * (a second super-admin comes back by being enabled again, or by the operator's ADMIN_RECOVER).
 */
export function superAdminGrantMode(
  activeSuperAdminIds: readonly string[],
  fourEyesSince: Date | null = null,
): 'immediate' | 'request' {
  return activeSuperAdminIds.length >= 2 || fourEyesSince !== null ? 'request' : 'immediate';
}

/**
 * The message key that refuses a password reset by another admin, or null when it is allowed. A
 * reset answers the new password to the one who does it; for an account that holds the super-admin
 * role (active or disabled) that would let one super-admin sign in as another and be both pairs of
 * eyes. Such an account's role is removed first (audited, and the account sees it); giving it back
 * is a role grant that a third super-admin decides.
 */
export function refusedPasswordReset(actorId: string, target: { id: string; roles: readonly string[] }) {
  if (target.id === actorId) return 'auth.adminSelfPassword';
  return target.roles.includes(AdminRole.SuperAdmin) ? 'auth.superAdminPasswordReset' : null;
}

/** A pending grant of the super-admin role, as the decision rules see it. */
export interface RoleGrantParties {
  /** The account the role is for. */
  adminId: string;
  requestedBy: string;
}

/**
 * The message key that refuses a decision on a role grant, or null when this admin may take it:
 * approving or rejecting is for another super-admin, neither the one who asked nor the account the
 * role is for; withdrawing is for the one who asked only.
 */
export function refusedGrantDecision(
  actorId: string,
  grant: RoleGrantParties,
  decision: 'approve' | 'reject' | 'withdraw',
): string | null {
  if (decision === 'withdraw') return actorId === grant.requestedBy ? null : 'auth.roleGrantWithdrawOwn';
  return actorId === grant.requestedBy || actorId === grant.adminId ? 'auth.roleGrantFourEyes' : null;
}
