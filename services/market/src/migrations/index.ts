import { CreateMarket1763900001000 } from './1763900001000-CreateMarket';
import { TradingHoursNewYork1766700001000 } from './1766700001000-TradingHoursNewYork';

export const MARKET_MIGRATIONS = [CreateMarket1763900001000, TradingHoursNewYork1766700001000];
