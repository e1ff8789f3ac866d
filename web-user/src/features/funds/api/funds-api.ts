import { http } from '../../../api/http-client';
import { useSession } from '../../../shared/session';
import { useApi } from '../../../shared/useApi';

export interface CoinAccount {
  currency: string;
  available: string;
  frozen: string;
  other?: Record<string, string>;
  total?: string;
  usdtValue?: string | null;
}
export interface FundingLine {
  transferId: string;
  currency: string;
  amount: string;
  reason: string;
  type: string;
  /** Which of the user's balances moved: available, frozen, margin, options_stake, principal, staked. */
  kind: string;
  at: string;
}
export const FUNDING_TYPES = [
  'deposit',
  'withdrawal',
  'trade',
  'yield',
  'loan',
  'nft',
  'exchange',
  'reward',
  'demo',
  'adjustment',
] as const;

export interface CoinNetwork {
  coin: string;
  network: string;
  confirmations: number;
  minDeposit: string;
  minWithdrawal: string;
  withdrawFeeRate: string;
  depositEnabled: boolean;
  withdrawEnabled: boolean;
}
export interface DepositAddress {
  coin: string;
  network: string;
  address: string;
  qrPayload: string;
  minDeposit: string;
  confirmations: number;
}
export type ReviewStatus = 'pending' | 'approved' | 'rejected' | 'completed';
export interface Recharge {
  id: string;
  coin: string;
  network: string;
  amount: string;
  txHash: string;
  last6: string | null;
  status: ReviewStatus;
  reason: string | null;
  createdAt: string;
  reviewedAt: string | null;
}
export interface Withdrawal {
  id: string;
  method: 'crypto' | 'bank';
  coin: string;
  network: string | null;
  address: string | null;
  bankType: string | null;
  bankAccount: string | null;
  holderName: string | null;
  amount: string;
  fee: string;
  status: ReviewStatus;
  reason: string | null;
  createdAt: string;
  reviewedAt: string | null;
  /** Once `completed`: the payout's transaction hash (crypto) or bank transfer reference. */
  payoutReference: string | null;
  completedAt: string | null;
}
export interface WithdrawalQuote {
  coin: string;
  network: string;
  amount: string;
  feeRate: string;
  fee: string;
  total: string;
  minWithdrawal: string;
}
export interface ExchangeQuote {
  quoteId: string;
  from: string;
  to: string;
  amount: string;
  rate: string;
  fee: string;
  feeRate: string;
  receive: string;
  expiresAt: string;
}
/** A saved withdrawal address; usable for withdrawals from `usableFrom` (24 h after it was added). */
export interface SavedAddress {
  id: string;
  coin: string;
  network: string;
  address: string;
  label: string;
  createdAt: string;
  usableFrom: string;
  usable: boolean;
}
/** Whether a saved address can be used now (its 24-hour wait is over). */
export const isUsable = (entry: SavedAddress, now = Date.now()) =>
  entry.usable || new Date(entry.usableFrom).getTime() <= now;
/** Withdrawal refusals that name the time they end (`result.until`). */
export const WITHDRAWAL_HOLD_CODES = { addressCooling: 10110, securityHold: 10111 } as const;
/** While the whitelist is on: a crypto withdrawal to an address that is not in the address book. */
export const ADDRESS_NOT_WHITELISTED = 10112;
/** The withdrawal password is wrong (the server counts failures: 429 after too many). */
export const WITHDRAW_PASSWORD_WRONG = 10093;
/** A wrong two-factor code. */
export const CODE_WRONG = 10091;
/**
 * The withdrawal address whitelist: while on, crypto withdrawals go only to address-book entries
 * that are past their 24-hour wait.
 */
export interface Whitelist {
  enabled: boolean;
  enabledAt: string | null;
  /** The end of the running withdrawal hold (turning the whitelist off starts one of 24 hours). */
  holdUntil: string | null;
}
export interface Page<T> {
  list: T[];
  total: number;
}

export const fundsApi = {
  networks: (signal?: AbortSignal) => http.get<CoinNetwork[]>('user/listCoinNetworks', undefined, signal),
  address: (symbol: string, network: string) =>
    http.post<DepositAddress>('user/getAddressBySymbol', { symbol, network }),
  recharge: (form: FormData, key: string) => http.upload<Recharge>('user/recharge', form, key),
  recharges: (pageNum: number, signal?: AbortSignal) =>
    http.get<Page<Recharge>>('user/listRecharge', { pageNum, pageSize: 10 }, signal),
  withdrawalQuote: (coin: string, network: string | undefined, amount: string, signal?: AbortSignal) =>
    http.get<WithdrawalQuote>('user/withdrawalQuote', { coin, network, amount }, signal),
  withdraw: (body: Record<string, string | undefined>, key: string) =>
    http.send<Withdrawal>('user/withdrawal', body, key),
  withdrawals: (pageNum: number, signal?: AbortSignal) =>
    http.get<Page<Withdrawal>>('user/listWithdrwal', { pageNum, pageSize: 10 }, signal),
  addressBook: (signal?: AbortSignal) => http.get<SavedAddress[]>('user/addressBook', undefined, signal),
  addAddress: (body: { coin: string; network: string; address: string; label: string }) =>
    http.post<SavedAddress>('user/addressBook', body),
  deleteAddress: (id: string) => http.post<null>(`user/addressBook/${encodeURIComponent(id)}/delete`),
  whitelist: (signal?: AbortSignal) => http.get<Whitelist>('user/addressBook/whitelist', undefined, signal),
  setWhitelist: (body: { enabled: boolean; withdrawPassword: string; totpCode?: string }) =>
    http.post<Whitelist>('user/addressBook/whitelist', body),
  exchangeCurrencies: (signal?: AbortSignal) => http.get<string[]>('user/dh/currencies', undefined, signal),
  exchangeQuote: (from: string, to: string, amount: string) =>
    http.get<ExchangeQuote>('user/dh/quote', { from, to, amount }),
  exchange: (quoteId: string, key: string) => http.send<unknown>('user/dh', { quoteId }, key),
  summary: (book: 'demo' | 'real', signal?: AbortSignal) =>
    http.getBook<{ totalUsdt: string; availableUsdt: string }>(
      book,
      'user/getAssetsSummary',
      undefined,
      signal,
    ),
  accounts: (book: 'demo' | 'real', signal?: AbortSignal) =>
    http.getBook<CoinAccount[]>(book, 'user/listCoinAccounts', undefined, signal),
};

export function useCoinAccounts() {
  const { demo } = useSession();
  return useApi((signal) => http.get<CoinAccount[]>('user/listCoinAccounts', undefined, signal), [demo]);
}

export function useFundingDetails(type: string | null, pageNum: number) {
  const { demo } = useSession();
  return useApi(
    (signal) =>
      http.get<{ list: FundingLine[]; total: number }>(
        'user/listFundingDetails',
        { type: type ?? undefined, pageNum, pageSize: 20 },
        signal,
      ),
    [demo, type, pageNum],
  );
}

export function useNetworks() {
  return useApi((signal) => fundsApi.networks(signal), []);
}
