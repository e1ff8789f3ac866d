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

export type PayoutsMessages = typeof PAYOUTS_EN;

/** The languages a plan product's name is translated into (English is its `name`). */
export const PLAN_NAME_LANGUAGES = ['zh', 'hk', 'ja', 'ko', 'de', 'fr', 'it', 'es', 'ar', 'th'] as const;
