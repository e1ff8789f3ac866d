/**
 * Texts added by the console's audit: what a confirmation says before a money-relevant change or an
 * approval takes effect, the values the API sends as codes (order sides, KYC fields, parameter
 * kinds...) in words, and a network failure. Merged into each language's messages by
 * consoleMessages (language.ts); each language file in locales/ holds its own version.
 */
export const CONFIRMATIONS_EN = {
  swx: {
    confirmSave: {
      title: 'Save these changes?',
      parameter: 'Change %{key} from %{from} to %{to}?',
      field: 'Field',
      before: 'Before',
      after: 'After',
      empty: '(empty)',
      takesEffect: 'The change takes effect at once and is recorded in the audit log.',
    },
    review: {
      summary: {
        withdrawals: 'Pay out %{amount} %{coin} (fee %{fee}) to %{user}: %{destination}',
        recharges: 'Credit %{amount} %{coin} (%{network}) to %{user}',
        credit: 'Credit %{amount} %{currency} to %{owner}, %{book} book, %{kind} account',
        debit: 'Debit %{amount} %{currency} from %{owner}, %{book} book, %{kind} account',
      },
      secondApprover: 'You approved this withdrawal already: a second, different admin must approve it',
    },
    support: {
      closeTitle: 'Close conversation #%{id}?',
      closeContent: 'It leaves the open conversations; the customer writing again reopens it.',
    },
    values: {
      marketMaker: 'Market maker',
      customers: 'Customers',
      side: { buy: 'Buy', sell: 'Sell' },
      orderType: { limit: 'Limit', market: 'Market' },
      method: { crypto: 'Crypto', bank: 'Bank transfer' },
      parameterKind: {
        decimal: 'Decimal',
        ratio: 'Ratio (0 to 1)',
        integer: 'Whole number',
        url: 'URL',
        text: 'Text',
      },
    },
    kyc: {
      fields: {
        firstName: 'First name',
        lastName: 'Last name',
        sex: 'Sex',
        birthdate: 'Date of birth',
        country: 'Country',
        address: 'Address',
        phone: 'Phone',
        documentType: 'Document type',
        documentNumber: 'Document number',
        monthlyIncome: 'Monthly income (USDT)',
        sourceOfWealth: 'Source of wealth',
        expectedInvestment: 'Expected investment (USDT)',
      },
      documents: {
        front: 'Front of the document',
        back: 'Back of the document',
        inHand: 'Holding the document',
        signature: 'Signature',
        proof: 'Proof',
        proof2: 'Second proof',
        proof3: 'Third proof',
      },
      sex: { male: 'Male', female: 'Female', other: 'Other' },
      documentType: { id_card: 'Identity card', driver_licence: "Driver's licence", passport: 'Passport' },
      sourceOfWealth: {
        salary: 'Salary',
        business: 'Business',
        investments: 'Investments',
        inheritance: 'Inheritance',
        other: 'Other',
      },
    },
    network: {
      unreachable: 'The server cannot be reached: check the connection and try again',
    },
  },
};

export const CONFIRMATIONS_ZH: ConfirmationsMessages = {
  swx: {
    confirmSave: {
      title: '保存这些修改？',
      parameter: '将 %{key} 从 %{from} 改为 %{to}？',
      field: '字段',
      before: '修改前',
      after: '修改后',
      empty: '（空）',
      takesEffect: '修改立即生效，并记入审计日志。',
    },
    review: {
      summary: {
        withdrawals: '向 %{user} 付出 %{amount} %{coin}（手续费 %{fee}）：%{destination}',
        recharges: '为 %{user} 入账 %{amount} %{coin}（%{network}）',
        credit: '为 %{owner} 入账 %{amount} %{currency}，%{book}账簿，%{kind}账户',
        debit: '从 %{owner} 扣减 %{amount} %{currency}，%{book}账簿，%{kind}账户',
      },
      secondApprover: '您已批准过此提现：须由另一位管理员进行第二次批准',
    },
    support: {
      closeTitle: '关闭会话 #%{id}？',
      closeContent: '会话将移出进行中的会话；客户再次留言时会重新打开。',
    },
    values: {
      marketMaker: '做市商',
      customers: '客户',
      side: { buy: '买入', sell: '卖出' },
      orderType: { limit: '限价', market: '市价' },
      method: { crypto: '加密货币', bank: '银行转账' },
      parameterKind: {
        decimal: '小数',
        ratio: '比例（0 到 1）',
        integer: '整数',
        url: '网址',
        text: '文本',
      },
    },
    kyc: {
      fields: {
        firstName: '名',
        lastName: '姓',
        sex: '性别',
        birthdate: '出生日期',
        country: '国家/地区',
        address: '地址',
        phone: '电话',
        documentType: '证件类型',
        documentNumber: '证件号码',
        monthlyIncome: '月收入（USDT）',
        sourceOfWealth: '财富来源',
        expectedInvestment: '预计投资额（USDT）',
      },
      documents: {
        front: '证件正面',
        back: '证件背面',
        inHand: '手持证件照',
        signature: '签名',
        proof: '证明',
        proof2: '第二份证明',
        proof3: '第三份证明',
      },
      sex: { male: '男', female: '女', other: '其他' },
      documentType: { id_card: '身份证', driver_licence: '驾驶证', passport: '护照' },
      sourceOfWealth: {
        salary: '工资',
        business: '经营',
        investments: '投资',
        inheritance: '继承',
        other: '其他',
      },
    },
    network: {
      unreachable: '无法连接服务器：请检查网络连接后重试',
    },
  },
};

export type ConfirmationsMessages = typeof CONFIRMATIONS_EN;
