export * from './market.module';
export * from './migrations';
export { MarketPricesModule } from './prices/market-prices.module';
export { PriceService, type Quote } from './prices/price.service';
export type { MarketInfo, MarketItem, PriceTick } from './prices/market-item';
export { InstrumentType } from './instruments/instrument-type';
export type { TradingHours } from './instruments/trading-hours';
export type { PriceSource, Tick } from './price-sources/price-source';
