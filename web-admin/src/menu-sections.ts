// No react-admin import here: the browser tests read the list too (every list must fit a phone).

/** The menu's sections, in order, and the resources each holds (those the admin may open). */
export const SECTIONS: [string, string[]][] = [
  ['swx.menu.review', ['kyc', 'recharges', 'withdrawals']],
  [
    'swx.menu.operations',
    [
      'users',
      'loans',
      'plans',
      'u-orders',
      'options-orders',
      'spot-orders',
      'spot-trades',
      'nfts',
      'charities',
      'conversations',
      'outbox',
    ],
  ],
  [
    'swx.menu.configuration',
    [
      'instruments',
      'priceSources',
      'market-closures',
      'spot-pairs',
      'coinNetworks',
      'planProducts',
      'options-products',
      'loanProducts',
      'parameters',
      'contents',
      'announcements',
      'levels',
      'inviteRewards',
    ],
  ],
  ['swx.menu.ledger', ['ledger-accounts', 'ledger-transfers', 'adjustments']],
  ['swx.menu.oversight', ['audit', 'admins']],
];
