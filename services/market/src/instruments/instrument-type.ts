/**
 * Market types as the original clients number them (spec section 3: 2 crypto, 1 forex, 4 futures,
 * 5 ETF); 6 stocks and 7 metals are ours. 3 is unused because the clients never sent it.
 */
export enum InstrumentType {
  Forex = 1,
  Crypto = 2,
  Futures = 4,
  Etf = 5,
  Stock = 6,
  Metal = 7,
}

export const INSTRUMENT_TYPES: readonly InstrumentType[] = [
  InstrumentType.Forex,
  InstrumentType.Crypto,
  InstrumentType.Futures,
  InstrumentType.Etf,
  InstrumentType.Stock,
  InstrumentType.Metal,
];
