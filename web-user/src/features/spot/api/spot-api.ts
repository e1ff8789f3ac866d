import { http, type Answer } from '../../../api/http-client';

export type SpotSide = 'buy' | 'sell';
export type SpotType = 'limit' | 'market';
export type SpotState = 'pending' | 'open' | 'partial' | 'filled' | 'cancelled';
export type SpotBook = 'demo' | 'real';

/** A coin pair (order/listBbPairs): every crypto coin against USDT. */
export interface SpotPair {
  symbol: string;
  base: string;
  quote: string;
  tickSize: string;
  lotSize: string;
  lastPrice: string | null;
  /** Trading fee, percent of what each side receives; null when the platform has none configured. */
  feeRatePercent: string | null;
}

/** Aggregated levels, best first: [price, quantity, order count]. */
export type DepthLevel = [string, string, number];
export interface SpotDepth {
  symbol: string;
  book: SpotBook;
  version: number;
  bids: DepthLevel[];
  asks: DepthLevel[];
}

export interface SpotTrade {
  id: string;
  seq: string;
  symbol: string;
  price: string;
  quantity: string;
  quoteAmount: string;
  takerSide: SpotSide;
  at: string;
}

/** A coin order as its owner sees it (order/listBbOrder, order/submit, spot:order). */
export interface SpotOrder {
  id: string;
  symbol: string;
  base: string;
  quote: string;
  side: SpotSide;
  type: SpotType;
  price: string | null;
  /** Base quantity: limit orders and market sells. */
  quantity: string | null;
  /** Quote amount to spend: market buys. */
  quoteAmount: string | null;
  filled: string;
  /** Quote value of the filled part. */
  turnover: string;
  averagePrice: string | null;
  fee: string;
  feeCurrency: string;
  held: string;
  heldLeft: string;
  state: SpotState;
  cancelReason: 'user' | 'self_trade' | 'no_liquidity' | 'requote' | 'rejected' | null;
  createdAt: string;
}

/** A coin account (order/listBbAccounts). */
export interface SpotAccount {
  currency: string;
  symbol: string | null;
  available: string;
  frozen: string;
  holdings: string;
  usdtValue: string | null;
}

export interface SubmitSpot {
  symbol: string;
  side: SpotSide;
  type: SpotType;
  price?: string;
  quantity?: string;
  amount?: string;
}

export interface Page<T> {
  list: T[];
  total: number;
}

export const spotApi = {
  pairs: (signal?: AbortSignal) => http.get<SpotPair[]>('order/listBbPairs', undefined, signal),
  depth: (symbol: string, signal?: AbortSignal) =>
    http.get<SpotDepth>(`order/getBbDepth/${symbol}`, { levels: 50 }, signal),
  trades: (symbol: string, signal?: AbortSignal) =>
    http.get<SpotTrade[]>(`order/listBbTrades/${symbol}`, { limit: 50 }, signal),
  accounts: (signal?: AbortSignal) => http.get<SpotAccount[]>('order/listBbAccounts', undefined, signal),
  orders: (type: 'current' | 'history', pageNum: number, symbol?: string, signal?: AbortSignal) =>
    http.get<Page<SpotOrder>>('order/listBbOrder', { type, pageNum, pageSize: 20, symbol }, signal),
  /** Money moves: one idempotency key per confirmed order, so a retry never places it twice. */
  submit: (body: SubmitSpot, idempotencyKey: string): Promise<Answer<SpotOrder>> =>
    http.send<SpotOrder>('order/submit', body, idempotencyKey),
  cancel: (orderId: string, idempotencyKey: string): Promise<Answer<SpotOrder>> =>
    http.send<SpotOrder>('order/chedan', { orderId }, idempotencyKey),
};
