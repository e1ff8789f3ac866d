/**
 * The console's ledger screens (accounts, transfers, the invariant check, maker-checker
 * adjustments, withdrawals that need a second approval), merged into each language's messages by
 * i18nProvider.ts.
 */
const en = {
  swx: {
    menu: { ledger: 'Ledger' },
    ledger: {
      accountsTitle: 'Ledger accounts',
      transfersTitle: 'Ledger transfers',
      adjustmentsTitle: 'Ledger adjustments',
      createTitle: 'New ledger adjustment',
      invariantTitle: 'Invariant check',
      invariantOk: 'OK: every currency and book sums to zero',
      invariantBroken: 'Violations found',
      check: 'Check again',
      checkedAt: 'Checked at %{time}',
      book: 'Book',
      currency: 'Currency',
      sum: 'Sum of balances',
      accounts: 'Accounts',
      zero: 'Zero',
      notZero: 'Not zero',
      unbalancedTransfers: 'Unbalanced transfers',
      accountsOffLegs: 'Accounts not matching their transfers',
      emptyJournals: 'Journal entries without transfers',
      negativeUserBalances: 'Negative customer balances',
      searchUser: 'Customer (name, e-mail, phone)',
      nonZero: 'Non-zero only',
      transfers: 'Transfers',
      ownerUser: 'Customer',
      ownerSystem: 'House account',
      customer: 'Customer',
      systemAccount: 'House account',
      credit: 'Credit (add to the account)',
      debit: 'Debit (take from the account)',
      submitForApproval: 'Submit for approval',
      createHint:
        'The other side of every adjustment is the house account "adjustments". Nothing moves until a second, different super-admin approves the request; every step is in the audit log.',
      approveTitle: 'Approve adjustment #%{id}?',
      approveContent:
        'One ledger transfer is posted now, against the house account "adjustments". This is final and recorded in the audit log.',
      rejectTitle: 'Reject adjustment #%{id}',
      adjustmentApproved: 'Approved: the transfer is posted',
      makerCannotApprove: 'You asked for this adjustment: a different super-admin must approve it',
      approvals: 'Approvals',
      needsSecondApproval: 'Needs 2nd approval',
      adjustmentCreated: 'Sent for approval: a different super-admin must approve it',
      approvedOnce: 'Approved once: a different admin must approve it',
      twoApprovals: 'Two approvals needed',
    },
  },
  resources: {
    'ledger-accounts': {
      name: 'Ledger account |||| Ledger accounts',
      fields: {
        id: 'ID',
        ownerType: 'Owner',
        ownerId: 'Owner ID',
        userId: 'Customer ID',
        q: 'Customer',
        book: 'Book',
        currency: 'Currency',
        kind: 'Kind',
        balance: 'Balance',
        shards: 'Shards',
        updatedAt: 'Updated',
      },
    },
    'ledger-transfers': {
      name: 'Ledger transfer |||| Ledger transfers',
      fields: {
        id: 'ID',
        journalId: 'Journal',
        createdAt: 'Time',
        book: 'Book',
        currency: 'Currency',
        amount: 'Amount',
        debit: 'From (debit)',
        credit: 'To (credit)',
        reason: 'Reason',
        refType: 'Reference type',
        refId: 'Reference',
        key: 'Idempotency key',
        accountId: 'Account ID',
        userId: 'Customer ID',
        from: 'From date',
        to: 'To date',
      },
    },
    adjustments: {
      name: 'Adjustment |||| Adjustments',
      fields: {
        id: 'ID',
        ownerType: 'Owner type',
        ownerId: 'Account owner',
        book: 'Book',
        currency: 'Currency',
        kind: 'Kind',
        direction: 'Direction',
        amount: 'Amount',
        reason: 'Reason',
        status: 'Status',
        createdByEmail: 'Asked by → decided by',
        decidedByEmail: 'Decided by',
        createdAt: 'Asked',
        decidedAt: 'Decided',
        decisionReason: 'Rejection reason',
        journalId: 'Journal',
      },
    },
  },
};

const zh: typeof en = {
  swx: {
    menu: { ledger: '账本' },
    ledger: {
      accountsTitle: '账本账户',
      transfersTitle: '账本转账',
      adjustmentsTitle: '账本调整',
      createTitle: '新建账本调整',
      invariantTitle: '恒等式检查',
      invariantOk: '正常：每个币种和账簿的余额合计为零',
      invariantBroken: '发现异常',
      check: '重新检查',
      checkedAt: '检查时间 %{time}',
      book: '账簿',
      currency: '币种',
      sum: '余额合计',
      accounts: '账户数',
      zero: '为零',
      notZero: '不为零',
      unbalancedTransfers: '不平衡的转账',
      accountsOffLegs: '与转账记录不符的账户',
      emptyJournals: '没有转账的凭证',
      negativeUserBalances: '为负的客户余额',
      searchUser: '客户（用户名、邮箱、手机）',
      nonZero: '仅显示非零',
      transfers: '转账',
      ownerUser: '客户',
      ownerSystem: '平台账户',
      customer: '客户',
      systemAccount: '平台账户',
      credit: '贷记（增加账户余额）',
      debit: '借记（减少账户余额）',
      submitForApproval: '提交审批',
      createHint:
        '每笔调整的对方账户都是平台账户 "adjustments"。在另一位不同的超级管理员批准之前不会有任何资金变动；每一步都记入审计日志。',
      approveTitle: '批准调整 #%{id}？',
      approveContent:
        '将立即记入一笔账本转账，对方为平台账户 "adjustments"。此操作不可撤销，并记入审计日志。',
      rejectTitle: '拒绝调整 #%{id}',
      adjustmentApproved: '已批准：转账已记账',
      makerCannotApprove: '此调整由您发起：须由另一位超级管理员批准',
      approvals: '批准次数',
      needsSecondApproval: '需第二次批准',
      adjustmentCreated: '已提交审批：须由另一位超级管理员批准',
      approvedOnce: '已批准一次：须由另一位管理员再次批准',
      twoApprovals: '需要两次批准',
    },
  },
  resources: {
    'ledger-accounts': {
      name: '账本账户',
      fields: {
        id: 'ID',
        ownerType: '所有者',
        ownerId: '所有者 ID',
        userId: '客户 ID',
        q: '客户',
        book: '账簿',
        currency: '币种',
        kind: '类型',
        balance: '余额',
        shards: '分片',
        updatedAt: '更新时间',
      },
    },
    'ledger-transfers': {
      name: '账本转账',
      fields: {
        id: 'ID',
        journalId: '凭证',
        createdAt: '时间',
        book: '账簿',
        currency: '币种',
        amount: '金额',
        debit: '转出（借方）',
        credit: '转入（贷方）',
        reason: '原因',
        refType: '关联类型',
        refId: '关联',
        key: '幂等键',
        accountId: '账户 ID',
        userId: '客户 ID',
        from: '开始日期',
        to: '结束日期',
      },
    },
    adjustments: {
      name: '账本调整',
      fields: {
        id: 'ID',
        ownerType: '所有者类型',
        ownerId: '账户所有者',
        book: '账簿',
        currency: '币种',
        kind: '类型',
        direction: '方向',
        amount: '金额',
        reason: '原因',
        status: '状态',
        createdByEmail: '发起人 → 审批人',
        decidedByEmail: '审批人',
        createdAt: '发起时间',
        decidedAt: '审批时间',
        decisionReason: '拒绝原因',
        journalId: '凭证',
      },
    },
  },
};

export const LEDGER_MESSAGES: Record<string, typeof en> = { en, zh };

type Tree = Record<string, unknown>;

/** A deep merge of the ledger texts into a language's messages (the language's own keys win). */
export function withLedger<T extends object>(messages: T, locale: string): T {
  const merge = (base: Tree, extra: Tree): Tree => {
    const out: Tree = { ...extra, ...base };
    for (const [key, value] of Object.entries(extra)) {
      const own = base[key];
      if (own && typeof own === 'object' && value && typeof value === 'object')
        out[key] = merge(own as Tree, value as Tree);
    }
    return out;
  };
  return merge(messages as Tree, (LEDGER_MESSAGES[locale] ?? en) as Tree) as T;
}
