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

export type ConfirmationsMessages = typeof CONFIRMATIONS_EN;
