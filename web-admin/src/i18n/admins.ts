/**
 * The console's admin-account screens (super-admins: create with a one-time password, roles,
 * disable / enable, password and 2FA reset), merged into each language's messages by
 * consoleMessages (language.ts); each language file in locales/ holds its own version.
 */
export const ADMINS_EN = {
  swx: {
    // The audit log's words for the super-admin role grants (records.tsx auditWords).
    visual: {
      auditActions: {
        admin: {
          role_grant_requested: 'Super-admin role asked for',
          role_grant_approved: 'Super-admin role approved',
          role_grant_rejected: 'Super-admin role rejected',
          role_grant_withdrawn: 'Super-admin role request withdrawn',
        },
      },
    },
    admins: {
      role: { reviewer: 'Reviewer', operator: 'Operator', super_admin: 'Super-admin' },
      actions: 'Actions',
      disable: 'Disable',
      disableTitle:
        'Disable this admin account: their sessions end at once and they can no longer sign in. Why?',
      disabled: 'Admin account disabled',
      enable: 'Enable',
      enableTitle: 'Enable this admin account again: they can sign in with their password. Why?',
      enabled: 'Admin account enabled',
      resetPassword: 'Reset password',
      resetPasswordTitle:
        'Give %{email} a new password: their sessions end and the new password is shown once. Why?',
      oneTimePasswordTitle: 'One-time password',
      oneTimePasswordHint:
        'Copy this password now and hand it over safely: it is shown only this once and cannot be read again.',
      oneTimePassword: 'Password',
      copy: 'Copy',
      copied: 'Password copied',
      copyFailed: 'Could not copy: select the password and copy it by hand',
      done: 'Done',
      passwordHelp:
        'Leave empty to generate a strong password, shown once after saving (12 to 128 characters)',
      passwordRule: 'The admin password must be 12 to 128 characters',
      rolesRequired: 'Choose at least one role',
      resetTwoFactor: 'Reset 2FA',
      resetTwoFactorTitle:
        'Reset the two-factor authentication of this admin (lost device): their sessions end and the next login enrols again',
      twoFactorReset: 'Two-factor authentication reset',
      grantsTitle: 'Super-admin role waiting for approval',
      grantsHelp:
        'While two or more super-admins are active, the super-admin role is given only when another super-admin approves it: neither the one who asked nor the account it is for can.',
      grantRole: 'Role',
      grantRequestedBy: 'Asked by',
      grantRequestedAt: 'Asked at',
      grantOwn: 'You asked for this: another super-admin decides',
      grantWaiting: 'Super-admin: waiting for approval',
      grantApproveTitle: 'Approve the super-admin role?',
      grantApproveContent:
        'On its next request the account becomes a super-admin, with every right in the console, including approving ledger adjustments. The audit log keeps who approved it.',
      grantRejectTitle: 'Reject the super-admin role',
      grantReason: 'Reason (kept in the audit log)',
      grantApproved: 'Super-admin role granted',
      grantSummary: 'Give %{email} the super-admin role, asked for by %{requester}',
      grantWithdraw: 'Withdraw',
      grantWithdrawTitle: 'Withdraw the super-admin role asked for %{email}?',
      grantWithdrawContent:
        'The account keeps the roles it has now. The audit log keeps the request and its withdrawal.',
      grantWithdrawn: 'Request withdrawn',
      grantPendingOnEdit:
        "The super-admin role asked for this account by %{requester} is waiting for another super-admin's approval.",
      grantWillWait:
        "The super-admin role will wait for another super-admin's approval: the account gets its other roles now, and the super-admin role only once a second super-admin approves it.",
      grantImmediate:
        'You are the only active super-admin: the super-admin role is given at once (and audited), as there is no second super-admin to ask.',
      grantRequested: "Super-admin role asked for: it waits for another super-admin's approval",
      superAdminNoReset:
        "A super-admin's password is not reset by another admin: remove the super-admin role first (giving it back needs another super-admin's approval).",
      grantLoneWaits:
        "The super-admin role will wait for another super-admin's approval, and no other super-admin is active now: enable one again, or ask whoever runs the platform (ADMIN_RECOVER).",
    },
  },
  resources: {
    admins: {
      name: 'Admin |||| Admin accounts',
      fields: {
        id: 'ID',
        email: 'E-mail',
        displayName: 'Display name',
        roles: 'Roles',
        active: 'Active',
        twoFactorEnabled: '2FA',
        password: 'Initial password',
        disabledReason: 'Why disabled',
        disabledAt: 'Disabled at',
        createdAt: 'Created',
      },
    },
  },
};

export type AdminsMessages = typeof ADMINS_EN;
