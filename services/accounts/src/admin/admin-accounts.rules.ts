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
