import { CreateMarket1763900001000 } from './1763900001000-CreateMarket';
import { TradingHoursNewYork1766700001000 } from './1766700001000-TradingHoursNewYork';
import { MarketClosures1766930001000 } from './1766930001000-MarketClosures';
import { MarketClosuresYearEnd1767000023000 } from './1767000023000-MarketClosuresYearEnd';

export const MARKET_MIGRATIONS = [
  CreateMarket1763900001000,
  TradingHoursNewYork1766700001000,
  MarketClosures1766930001000,
  MarketClosuresYearEnd1767000023000,
];
