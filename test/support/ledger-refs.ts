import type { AccountRef, SystemAccount } from '@app/ledger';

/** A user's ledger account on the real book (available USDT unless told). */
export const userAccount = (id: string, kind = 'available', currency = 'USDT'): AccountRef => ({
  owner: { type: 'user', id },
  book: 'real',
  currency,
  kind,
});

/** A system account's main account on the real book. */
export const systemAccount = (id: SystemAccount, currency = 'USDT'): AccountRef => ({
  owner: { type: 'system', id },
  book: 'real',
  currency,
  kind: 'main',
});
