/**
 * Configuration screens added for issue 13 items 3 and 4: the invite reward rule with the rewards
 * paid, and which price source feeds which instrument. Merged into each language's messages by
 * consoleMessages (language.ts); each language file in locales/ holds its own version.
 */
export const CONFIGURATION_EXTRA_EN = {
  swx: {
    status: { suspended: 'Suspended' },
    users: { tabs: { optionsOrders: 'Options orders', spotOrders: 'Coin orders' } },
    invite: {
      ruleTitle: 'Invite reward rule',
      ruleHelp:
        'An inviter receives this share of every trading fee (U orders and spot trades, real book) paid by the friends who registered with their code. 0 turns the programme off. The change is audited and customers see it at once.',
      rate: 'Share of each fee (0 to 1)',
      ratePercent: '%{percent} of each fee',
      rateInvalid: 'A share between 0 and 1, at most 8 decimals',
      ruleSaved: 'Invite reward rule saved',
    },
    priceSources: {
      help: 'Which price source feeds each instrument. The assignment is the deployment setting MARKET_SOURCES (entries <source>:<* | type:n | codes> separated by ";", the first match wins); it is read again after every catalogue change and is changed by the deployment, not here. Suspended instruments are not fed.',
      source: {
        simulator: 'Simulator',
        exchange: 'Exchange ticker',
        none: 'Not fed',
      },
    },
  },
  resources: {
    inviteRewards: {
      name: 'Invite reward |||| Invite rewards',
      fields: {
        id: 'ID',
        inviterId: 'Inviter',
        inviteeId: 'Invited friend',
        reason: 'Fee of',
        fee: 'Fee',
        rate: 'Share',
        amount: 'Reward',
        currency: 'Currency',
        journalId: 'Ledger journal',
        createdAt: 'Paid',
      },
    },
    'spot-pairs': {
      name: 'Coin pair |||| Coin pairs',
      fields: {
        symbol: 'Pair',
        base: 'Base coin',
        quote: 'Quote coin',
        tickSize: 'Price step',
        lotSize: 'Quantity step',
        active: 'Active',
        createdAt: 'Created',
      },
    },
    priceSources: {
      name: 'Price source |||| Price sources',
      fields: {
        id: 'ID',
        code: 'Instrument',
        appName: 'Name',
        type: 'Type',
        status: 'Status',
        source: 'Source',
        rule: 'Matching entry',
        lastPrice: 'Last price',
        q: 'Search',
      },
    },
  },
};

export type ConfigurationExtraMessages = typeof CONFIGURATION_EXTRA_EN;
