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

export const ADMINS_ZH: AdminsMessages = {
  swx: {
    // The audit log's words for the super-admin role grants (records.tsx auditWords).
    visual: {
      auditActions: {
        admin: {
          role_grant_requested: '申请超级管理员角色',
          role_grant_approved: '批准超级管理员角色',
          role_grant_rejected: '拒绝超级管理员角色',
          role_grant_withdrawn: '撤回超级管理员角色申请',
        },
      },
    },
    admins: {
      role: { reviewer: '审核员', operator: '运营', super_admin: '超级管理员' },
      actions: '操作',
      disable: '停用',
      disableTitle: '停用该管理员账户：其会话立即结束，且无法再登录。原因？',
      disabled: '管理员账户已停用',
      enable: '启用',
      enableTitle: '重新启用该管理员账户：可使用原密码登录。原因？',
      enabled: '管理员账户已启用',
      resetPassword: '重置密码',
      resetPasswordTitle: '为 %{email} 设置新密码：其会话将结束，新密码只显示一次。原因？',
      oneTimePasswordTitle: '一次性密码',
      oneTimePasswordHint: '请立即复制此密码并安全交给对方：它只显示这一次，之后无法再查看。',
      oneTimePassword: '密码',
      copy: '复制',
      copied: '密码已复制',
      copyFailed: '无法复制：请选中密码手动复制',
      done: '完成',
      passwordHelp: '留空则生成高强度密码，保存后只显示一次（12 至 128 个字符）',
      passwordRule: '管理员密码长度须为 12 至 128 个字符',
      rolesRequired: '请至少选择一个角色',
      resetTwoFactor: '重置双重验证',
      resetTwoFactorTitle: '重置该管理员的双重验证（设备丢失）：其会话将结束，下次登录需重新绑定',
      twoFactorReset: '双重验证已重置',
      grantsTitle: '等待批准的超级管理员角色',
      grantsHelp:
        '当有两位或以上启用的超级管理员时，只有另一位超级管理员批准后才会授予超级管理员角色：申请人和被授予的账户都不能批准。',
      grantRole: '角色',
      grantRequestedBy: '申请人',
      grantRequestedAt: '申请时间',
      grantOwn: '这是您的申请：由另一位超级管理员决定',
      grantWaiting: '超级管理员：等待批准',
      grantApproveTitle: '批准授予超级管理员角色？',
      grantApproveContent:
        '该账户的下一次请求起即成为超级管理员，拥有后台的全部权限，包括批准账本调整。审计日志会记录批准人。',
      grantRejectTitle: '拒绝授予超级管理员角色',
      grantReason: '原因（记入审计日志）',
      grantApproved: '已授予超级管理员角色',
      grantSummary: '授予 %{email} 超级管理员角色，申请人 %{requester}',
      grantWithdraw: '撤回',
      grantWithdrawTitle: '撤回为 %{email} 申请的超级管理员角色？',
      grantWithdrawContent: '该账户保留现有角色。审计日志会记录申请及撤回。',
      grantWithdrawn: '申请已撤回',
      grantPendingOnEdit: '%{requester} 为该账户申请的超级管理员角色正在等待另一位超级管理员批准。',
      grantWillWait:
        '超级管理员角色需等待另一位超级管理员批准：账户现在获得其他角色，超级管理员角色在第二位超级管理员批准后才生效。',
      grantImmediate:
        '您是唯一启用的超级管理员：超级管理员角色将立即授予（并记入审计），因为没有第二位超级管理员可以审批。',
      grantRequested: '已申请超级管理员角色：等待另一位超级管理员批准',
      superAdminNoReset:
        '超级管理员的密码不能由其他管理员重置：请先移除其超级管理员角色（恢复该角色需要另一位超级管理员批准）。',
      grantLoneWaits:
        '超级管理员角色将等待另一位超级管理员批准，但目前没有其他在职的超级管理员：请重新启用一位，或联系平台运维人员（ADMIN_RECOVER）。',
    },
  },
  resources: {
    admins: {
      name: '管理员账户',
      fields: {
        id: 'ID',
        email: '邮箱',
        displayName: '显示名称',
        roles: '角色',
        active: '正常',
        twoFactorEnabled: '双重验证',
        password: '初始密码',
        disabledReason: '停用原因',
        disabledAt: '停用时间',
        createdAt: '创建时间',
      },
    },
  },
};

export type AdminsMessages = typeof ADMINS_EN;
