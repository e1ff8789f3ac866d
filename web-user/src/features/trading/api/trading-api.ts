import { http, type Answer } from '../../../api/http-client';

export type Direction = 'buy' | 'sell';
export interface AssetInfo {
  marketId: number;
  code: string;
  currency: string;
  available: string;
  marginInUse: string;
  openPositions: number;
  positionMargin: string;
  floatingProfit: string;
  leverages: number[];
  contractSize: string;
  feeRatePercent: string;
  tradable: boolean;
  bid: string | null;
  ask: string | null;
}
export type UState = 'waiting' | 'open' | 'closed' | 'cancelled';
export interface UOrder {
  id: string;
  orderNo: string;
  code: string;
  name: string;
  marketId: number;
  currency: string;
  direction: Direction;
  lots: string;
  contractSize: string;
  leverage: number;
  state: UState;
  limitPrice: string | null;
  openPrice: string | null;
  closePrice: string | null;
  stopLoss: string | null;
  takeProfit: string | null;
  liquidationPrice: string | null;
  margin: string;
  fee: string;
  profit: string | null;
  floatingProfit: string | null;
  currentPrice: string | null;
  closeReason: string | null;
  openTime: string | null;
  closeTime: string | null;
  createdAt: string;
}
export interface OptionsProduct {
  id: number;
  name: string;
  periodSeconds: number;
  payoutRate: string;
  payoutPercent: string;
  currency: string;
  minAmount: string;
  maxAmount: string;
}
export interface OptionsOrder {
  id: string;
  orderNo: string;
  code: string;
  marketId: number;
  productName: string;
  currency: string;
  direction: 'up' | 'down';
  amount: string;
  periodSeconds: number;
  payoutRate: string;
  payoutIfWon: string;
  openPrice: string;
  openTime: string;
  expiresAt: string;
  remainingSeconds: number;
  state: 'open' | 'won' | 'lost' | 'draw';
  settlePrice: string | null;
  payout: string | null;
  profit: string | null;
  settledAt: string | null;
}
export interface Page<T> {
  list: T[];
  total: number;
}
export interface BuyU {
  code: string;
  direction: Direction;
  lots: string;
  leverage: number;
  stopLoss?: string;
  takeProfit?: string;
  limitPrice?: string;
}

export const tradingApi = {
  assetInfo: (marketId: number | string, signal?: AbortSignal) =>
    http.get<AssetInfo>(`order/getAssestInfo/${marketId}`, undefined, signal),
  buyU: (body: BuyU, key?: string): Promise<Answer<UOrder>> => http.send<UOrder>('order/buyU', body, key),
  stopU: (orderId: string, key?: string) => http.send<UOrder>('order/stopU', { orderId }, key),
  cancelU: (orderId: string, key?: string) => http.send<UOrder>('order/cancelU', { orderId }, key),
  listU: (state: 'current' | 'history', pageNum: number, signal?: AbortSignal) =>
    http.get<Page<UOrder>>('order/listUOrder', { state, pageNum, pageSize: 20 }, signal),
  optionsProducts: (signal?: AbortSignal) =>
    http.get<OptionsProduct[]>('order/listOptionsProducts', undefined, signal),
  buyOptions: (
    body: { code: string; productId: number; direction: 'up' | 'down'; amount: string },
    key?: string,
  ) => http.send<OptionsOrder>('order/buyOptions', body, key),
  listOptions: (state: 'current' | 'history', pageNum: number, signal?: AbortSignal) =>
    http.get<Page<OptionsOrder>>('order/listOptionsOrder', { state, pageNum, pageSize: 20 }, signal),
};
