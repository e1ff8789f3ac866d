import { AdminRole } from '@app/common';
import {
  refusedAdminChange,
  refusedGrantDecision,
  refusedPasswordReset,
  superAdminGrantMode,
} from './admin-accounts.rules';

const S = AdminRole.SuperAdmin;
const R = AdminRole.Reviewer;

describe('refusedAdminChange', () => {
  const superA = { id: 'a', roles: [S], active: true };
  const superB = { id: 'b', roles: [S, R], active: true };
  const reviewer = { id: 'r', roles: [R], active: true };

  it('refuses disabling or demoting oneself, allows renaming and adding roles to oneself', () => {
    const base = { actorId: 'a', target: superA, activeSuperAdminIds: ['a', 'b'] };
    expect(refusedAdminChange({ ...base, active: false })).toBe('auth.adminSelfDisable');
    expect(refusedAdminChange({ ...base, roles: [R] })).toBe('auth.adminSelfDemote');
    expect(refusedAdminChange({ ...base, roles: [S, R] })).toBeNull();
    expect(refusedAdminChange(base)).toBeNull();
  });

  it('refuses disabling or demoting the last active super-admin', () => {
    const base = { actorId: 'a', target: superB, activeSuperAdminIds: ['b'] };
    expect(refusedAdminChange({ ...base, active: false })).toBe('auth.adminLastSuperAdmin');
    expect(refusedAdminChange({ ...base, roles: [R] })).toBe('auth.adminLastSuperAdmin');
    expect(refusedAdminChange({ ...base, roles: [S] })).toBeNull();
  });

  it('allows another super-admin to be disabled or demoted while one stays', () => {
    const base = { actorId: 'a', target: superB, activeSuperAdminIds: ['a', 'b'] };
    expect(refusedAdminChange({ ...base, active: false })).toBeNull();
    expect(refusedAdminChange({ ...base, roles: [R] })).toBeNull();
  });

  it('non-super-admins and inactive accounts are not counted', () => {
    expect(
      refusedAdminChange({ actorId: 'a', target: reviewer, active: false, activeSuperAdminIds: ['a'] }),
    ).toBeNull();
    const disabledSuper = { id: 'd', roles: [S], active: false };
    expect(
      refusedAdminChange({ actorId: 'a', target: disabledSuper, roles: [R], activeSuperAdminIds: ['a'] }),
    ).toBeNull();
  });
});

describe('superAdminGrantMode and refusedGrantDecision', () => {
  it('grants at once with one active super-admin (bootstrap), asks a second one from two on', () => {
    expect(superAdminGrantMode(['a'])).toBe('immediate');
    expect(superAdminGrantMode(['a', 'b'])).toBe('request');
    expect(superAdminGrantMode(['a', 'b', 'c'])).toBe('request');
  });

  it('once two super-admins have been active, a lone one left asks too (no shrinking to grant alone)', () => {
    const since = new Date('2026-11-01T00:00:00Z');
    expect(superAdminGrantMode(['a'], since)).toBe('request');
    expect(superAdminGrantMode(['a', 'b'], since)).toBe('request');
    expect(superAdminGrantMode(['a'], null)).toBe('immediate');
  });

  it('approving and rejecting are for a third admin; withdrawing for the requester only', () => {
    const grant = { adminId: 'c', requestedBy: 'a' };
    for (const decision of ['approve', 'reject'] as const) {
      expect(refusedGrantDecision('a', grant, decision)).toBe('auth.roleGrantFourEyes');
      expect(refusedGrantDecision('c', grant, decision)).toBe('auth.roleGrantFourEyes');
      expect(refusedGrantDecision('b', grant, decision)).toBeNull();
    }
    expect(refusedGrantDecision('a', grant, 'withdraw')).toBeNull();
    expect(refusedGrantDecision('b', grant, 'withdraw')).toBe('auth.roleGrantWithdrawOwn');
  });
});

describe('refusedPasswordReset', () => {
  it("refuses one's own and a super-admin's (active or disabled), allows other accounts'", () => {
    expect(refusedPasswordReset('a', { id: 'a', roles: [S] })).toBe('auth.adminSelfPassword');
    expect(refusedPasswordReset('a', { id: 'b', roles: [R, S] })).toBe('auth.superAdminPasswordReset');
    expect(refusedPasswordReset('a', { id: 'r', roles: [R] })).toBeNull();
    expect(refusedPasswordReset('a', { id: 'n', roles: [] })).toBeNull();
  });
});
