/**
 * Texts of a withdrawal's payout (recording the transaction hash or bank reference of an approved
 * withdrawal, which completes it) and of plan products' names in other languages. Merged into each
 * language's messages by consoleMessages (language.ts); each language file in locales/ holds its
 * own version.
 */
export const PAYOUTS_EN = {
  resources: {
    withdrawals: {
      fields: { payoutReference: 'Payout reference', completedAt: 'Paid out' },
    },
    planProducts: {
      fields: { names: 'Names in other languages' },
    },
  },
  swx: {
    destinationCheck: {
      label: 'Address check',
      saved: 'Saved in the address book as “%{label}” on %{date}',
      typed: 'Typed in: not in the address book',
      whitelistOn: 'Withdrawal whitelist on',
      whitelistOff: 'Withdrawal whitelist off',
    },
    payout: {
      record: 'Record payout',
      title: 'Record the payout of withdrawal #%{id}',
      amount: 'Amount',
      destination: 'Destination',
      hash: 'Transaction hash',
      bankReference: 'Bank transfer reference',
      hashHelp: 'The transfer on %{network}: 32 to 128 hexadecimal digits, 0x optional',
      bankHelp: 'As on the bank transfer: 4 to 128 characters, no spaces',
      invalidHash: 'Not a transaction hash: 32 to 128 hexadecimal digits, 0x optional',
      invalidBank: 'Not a transfer reference: 4 to 128 characters, no spaces',
      content:
        'Record it once the money has left: the customer sees the reference and the withdrawal is completed.',
      recorded: 'Payout recorded',
      copy: 'Copy the reference',
      copied: 'Reference copied',
    },
    planNames: {
      help: 'Shown to users in their language; where empty, the name above',
      language: {
        zh: 'Simplified Chinese',
        hk: 'Traditional Chinese',
        ja: 'Japanese',
        ko: 'Korean',
        de: 'German',
        fr: 'French',
        it: 'Italian',
        es: 'Spanish',
        ar: 'Arabic',
        th: 'Thai',
      },
    },
  },
};

export const PAYOUTS_ZH: PayoutsMessages = {
  resources: {
    withdrawals: {
      fields: { payoutReference: '付款凭证号', completedAt: '付款时间' },
    },
    planProducts: {
      fields: { names: '其他语言名称' },
    },
  },
  swx: {
    destinationCheck: {
      label: '地址核对',
      saved: '已保存在地址簿中，名称“%{label}”，保存于 %{date}',
      typed: '手动输入：不在地址簿中',
      whitelistOn: '提现白名单已开启',
      whitelistOff: '提现白名单未开启',
    },
    payout: {
      record: '登记付款',
      title: '登记提现 #%{id} 的付款',
      amount: '金额',
      destination: '收款地址',
      hash: '交易哈希',
      bankReference: '银行转账流水号',
      hashHelp: '%{network} 上的转账：32 至 128 位十六进制数字，可带 0x',
      bankHelp: '与银行转账一致：4 至 128 个字符，不含空格',
      invalidHash: '不是有效的交易哈希：32 至 128 位十六进制数字，可带 0x',
      invalidBank: '不是有效的转账流水号：4 至 128 个字符，不含空格',
      content: '请在款项付出后再登记：客户可看到该凭证号，提现状态变为已完成。',
      recorded: '付款已登记',
      copy: '复制凭证号',
      copied: '凭证号已复制',
    },
    planNames: {
      help: '按用户的语言显示；留空时显示上方的名称',
      language: {
        zh: '简体中文',
        hk: '繁体中文',
        ja: '日语',
        ko: '韩语',
        de: '德语',
        fr: '法语',
        it: '意大利语',
        es: '西班牙语',
        ar: '阿拉伯语',
        th: '泰语',
      },
    },
  },
};

export type PayoutsMessages = typeof PAYOUTS_EN;

/** The languages a plan product's name is translated into (English is its `name`). */
export const PLAN_NAME_LANGUAGES = ['zh', 'hk', 'ja', 'ko', 'de', 'fr', 'it', 'es', 'ar', 'th'] as const;
