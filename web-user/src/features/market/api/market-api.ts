import { http } from '../../../api/http-client';

/** Market types (spec section 3: 2 crypto, 1 forex, 4 futures, 5 ETF; the feed adds 6 stocks, 7 metals). */
export const MARKET_TYPES = [2, 1, 4, 5, 6, 7] as const;

export interface MarketItem {
  id: number | string;
  code: string;
  type: number;
  appName?: string;
  name?: string;
  logo?: string;
  /** The reference price 24 hours ago. */
  price?: string | number | null;
  /** The latest price. */
  nowPrice?: string | number | null;
  /** 24h change in percent. */
  zdf?: string | number;
  /** The latest (up to) 100 prices, oldest first. */
  hundred?: (string | number)[];
}
export interface MarketInfo extends MarketItem {
  pricePrecision?: number;
  tradable?: boolean;
  /** When the market opens next by its hours and closures (ISO); while open, after its next close. */
  nextOpenAt?: string | null;
  /** While open by its hours and closures, when it closes next (ISO); null while closed. */
  nextCloseAt?: string | null;
  /** Whether nextCloseAt is an early close (a holiday or a half day), not the session's end. */
  nextCloseEarly?: boolean;
}
/** A per-code live tick of the socket: `price` is the latest price. */
export interface Tick {
  code: string;
  price: string | number;
  zdf?: string | number;
}
/** A K-line candle, oldest first. */
export interface Candle {
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume?: string;
}

export const KLINE_PERIODS = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w'] as const;
export type KlinePeriod = (typeof KLINE_PERIODS)[number];

/** The market list answers one page `{list, total}`; a type has far fewer than 100 instruments. */
interface MarketPage {
  list: MarketItem[];
  total: number;
}

export const marketApi = {
  listByType: async (type: number, signal?: AbortSignal) => {
    const page = await http.get<MarketPage | MarketItem[]>(
      'index/listMarketByType',
      { type, pageNum: 1, pageSize: 100 },
      signal,
    );
    return Array.isArray(page) ? page : (page?.list ?? []);
  },
  info: (id: string, signal?: AbortSignal) =>
    http.get<MarketInfo>(`index/getMarketInfo/${id}`, undefined, signal),
  klines: (code: string, period: KlinePeriod, limit: number, signal?: AbortSignal) =>
    http.get<Candle[]>('index/getKValueByCodeAndDate', { code, period, limit }, signal),
};

export const priceOf = (m: MarketItem) => m.nowPrice ?? m.price ?? undefined;
export const changeOf = (m: MarketItem) => Number(m.zdf ?? 0);

/** A tick applied to an item: the new price, its change, and the price appended to the last 100. */
export function applyTick<T extends MarketItem>(item: T, tick: Tick): T {
  const hundred = [...(item.hundred ?? []), tick.price].slice(-100);
  return { ...item, nowPrice: tick.price, zdf: tick.zdf ?? item.zdf, hundred };
}
