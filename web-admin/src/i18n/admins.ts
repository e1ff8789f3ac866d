/**
 * The console's admin-account screens (super-admins: create with a one-time password, roles,
 * disable / enable, password and 2FA reset), merged into each language's messages by
 * consoleMessages (language.ts); each language file in locales/ holds its own version.
 */
export const ADMINS_EN = {
  swx: {
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
