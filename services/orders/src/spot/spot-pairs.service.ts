import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Decimal from 'decimal.js';
import type { DataSource } from 'typeorm';
import { AppException, MARKET_PRICES, type MarketPrices } from '@app/common';
import { PairUnits } from './matching';
import { SpotPair } from './entities/spot-pair.entity';

/** Every pair is quoted in USDT; its base is a crypto instrument `<BASE>USDT` of the market. */
export const SPOT_QUOTE = 'USDT';
const CRYPTO_TYPE = 2;
export const SPOT_SYMBOL = /^[A-Z0-9]{2,12}USDT$/;

export interface PairInfo {
  pair: SpotPair;
  units: PairUnits;
  /** The market instrument of the base (its feed price), when the market has one. */
  instrumentCode: string | null;
}

/**
 * The trading pairs: one per crypto instrument against USDT, created from the market's catalogue
 * at start (tick = the instrument's price precision, lot = a power of ten worth about one USDT or
 * less), then read from orders.spot_pairs, which stays the truth (a pair is never re-sized).
 */
@Injectable()
export class SpotPairsService {
  private readonly logger = new Logger(SpotPairsService.name);
  private readonly cache = new Map<string, PairInfo>();
  private seeded: Promise<void> | undefined;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(MARKET_PRICES) private readonly prices: MarketPrices,
  ) {}

  /** Creates the missing pairs of the crypto instruments (once per process) and loads them all. */
  ensureSeeded(): Promise<void> {
    this.seeded ??= this.seed().catch((error: Error) => {
      this.seeded = undefined;
      throw error;
    });
    return this.seeded;
  }

  private async seed(): Promise<void> {
    const crypto = this.prices
      .instruments()
      .filter((i) => i.type === CRYPTO_TYPE && i.code.endsWith(SPOT_QUOTE) && SPOT_SYMBOL.test(i.code));
    const rows: { symbol: string; base: string; tick: string; lot: string }[] = [];
    for (const instrument of crypto) {
      const tick = new Decimal(10).pow(-instrument.pricePrecision);
      let lot = new Decimal('0.0001');
      try {
        const price = await this.prices.lastPrice(instrument.code);
        // The largest power of ten not above 1 / price, at most 1: one lot is worth at most 1 USDT.
        const exponent = Math.min(0, Math.floor(Math.log10(new Decimal(1).div(price).toNumber())));
        lot = new Decimal(10).pow(exponent);
      } catch {
        this.logger.warn(`no price for ${instrument.code}: lot size 0.0001`);
      }
      rows.push({
        symbol: instrument.code,
        base: instrument.code.slice(0, -SPOT_QUOTE.length),
        tick: tick.toFixed(),
        lot: lot.toFixed(),
      });
    }
    if (rows.length > 0) {
      await this.dataSource.query(
        `INSERT INTO orders.spot_pairs (symbol, base, quote, tick_size, lot_size)
         SELECT s, b, $5, t::numeric, l::numeric FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS r(s, b, t, l)
         ON CONFLICT DO NOTHING`,
        [
          rows.map((r) => r.symbol),
          rows.map((r) => r.base),
          rows.map((r) => r.tick),
          rows.map((r) => r.lot),
          SPOT_QUOTE,
        ],
      );
    }
    await this.dataSource.query(
      `INSERT INTO orders.spot_books (symbol, book)
       SELECT p.symbol, b.book FROM orders.spot_pairs p CROSS JOIN (VALUES ('real'), ('demo')) AS b(book)
       ON CONFLICT DO NOTHING`,
    );
    await this.reload();
  }

  /** Reads every pair again (a pair added since start is found on first use too). */
  async reload(): Promise<PairInfo[]> {
    const pairs = await this.dataSource.getRepository(SpotPair).find({ order: { symbol: 'ASC' } });
    for (const pair of pairs) this.cache.set(pair.symbol, this.info(pair));
    return pairs.map((p) => this.cache.get(p.symbol)!);
  }

  /** Every active pair known to this process. */
  async active(): Promise<PairInfo[]> {
    await this.ensureSeeded();
    return [...this.cache.values()].filter((p) => p.pair.active);
  }

  /** The pair, or null when there is none (active or not). */
  async find(symbol: string): Promise<PairInfo | null> {
    if (!/^[A-Z0-9]{2,20}$/.test(symbol)) return null;
    const cached = this.cache.get(symbol);
    if (cached) return cached;
    const pair = await this.dataSource.getRepository(SpotPair).findOneBy({ symbol });
    if (!pair) return null;
    // Its two books' sequencing rows, for a pair created since start.
    await this.dataSource.query(
      `INSERT INTO orders.spot_books (symbol, book) VALUES ($1, 'real'), ($1, 'demo') ON CONFLICT DO NOTHING`,
      [symbol],
    );
    const info = this.info(pair);
    this.cache.set(symbol, info);
    return info;
  }

  /** The active pair of a request; 400 on the field otherwise. */
  async tradable(symbol: string, field = 'symbol'): Promise<PairInfo> {
    const info = await this.find(symbol);
    if (!info || !info.pair.active) throw AppException.field(field, 'validation.spotPairUnknown', { symbol });
    return info;
  }

  private info(pair: SpotPair): PairInfo {
    let instrumentCode: string | null = null;
    try {
      instrumentCode = this.prices.instrument(`${pair.base}${pair.quote}`).code;
    } catch {
      instrumentCode = null;
    }
    return { pair, units: new PairUnits(pair.tickSize, pair.lotSize), instrumentCode };
  }
}
