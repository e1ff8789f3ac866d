import { CreateMarket1763900001000 } from './1763900001000-CreateMarket';

export const MARKET_MIGRATIONS = [CreateMarket1763900001000];
