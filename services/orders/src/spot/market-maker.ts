import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Decimal from 'decimal.js';
import type { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig, type Book } from '@app/common';
import { SpotParameters, type MarketMakerTerms } from './spot-parameters';
import type { PairInfo } from './spot-pairs.service';
import { SpotSequencer, type LiveOrder } from './spot-sequencer.service';

export interface Quote {
  side: 'buy' | 'sell';
  price: Decimal;
  quantity: Decimal;
}

/**
 * The levels the market maker wants around a feed price: `levels` bids below and asks above it,
 * `step` apart, each worth about `levelUsdt` (at least one lot), on the pair's tick and lot grid.
 */
export function desiredQuotes(info: PairInfo, price: Decimal, terms: MarketMakerTerms): Quote[] {
  const tick = info.pair.tickSize;
  const lot = info.pair.lotSize;
  const quotes: Quote[] = [];
  let lastBid: Decimal | null = null;
  let lastAsk: Decimal | null = null;
  for (let k = 1; k <= terms.levels; k++) {
    let bid = price
      .mul(new Decimal(1).minus(terms.step.mul(k)))
      .div(tick)
      .floor()
      .mul(tick);
    let ask = price
      .mul(new Decimal(1).plus(terms.step.mul(k)))
      .div(tick)
      .ceil()
      .mul(tick);
    // Coarse ticks: keep the levels distinct.
    if (lastBid && bid.gte(lastBid)) bid = lastBid.minus(tick);
    if (lastAsk && ask.lte(lastAsk)) ask = lastAsk.plus(tick);
    lastBid = bid;
    lastAsk = ask;
    for (const [side, at] of [
      ['buy', bid],
      ['sell', ask],
    ] as const) {
      if (at.lte(0)) continue;
      const lots = Decimal.max(1, terms.levelUsdt.div(at).div(lot).floor());
      quotes.push({ side, price: at, quantity: lots.mul(lot) });
    }
  }
  return quotes;
}

/**
 * The house's market maker (DESIGN.md, spot liquidity): on each pair and book it keeps `levels`
 * quotes per side around the feed price, and quotes again when the price has moved by half a step
 * or some of its orders were taken. Its orders are ordinary orders of the book without a user
 * (user_id NULL); they trade from the MarketMaker system account, an ordinary ledger account. It
 * runs inside the pair's sequencer job, so its quotes are sequenced like everybody's orders.
 * SPOT_MARKET_MAKER=false turns it off: it withdraws what it still quotes and places nothing.
 */
@Injectable()
export class MarketMaker {
  private readonly logger = new Logger(MarketMaker.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly sequencer: SpotSequencer,
    private readonly parameters: SpotParameters,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'SPOT_MARKET_MAKER'>,
  ) {}

  /** Re-quotes the book when needed; answers whether it placed new quotes (or withdrew them). */
  async requote(info: PairInfo, book: Book): Promise<boolean> {
    if (!this.config.SPOT_MARKET_MAKER) return this.withdraw(info, book);
    const price = await this.sequencer.feedPrice(info);
    if (!price) return false;
    const terms = await this.parameters.marketMaker();
    const wanted = terms.levelUsdt.gt(0) ? desiredQuotes(info, price, terms) : [];
    // Bring this process's memory of the book up to date first (it decides from the resting quotes).
    await this.sequencer.drain(info.pair.symbol, [book]);
    const resting = this.sequencer.makerOrders(info.pair.symbol, book);
    if (resting && !this.stale(resting, wanted, price, terms)) return false;
    const symbol = info.pair.symbol;
    await this.dataSource.transaction(async (m) => {
      await m.query(
        `UPDATE orders.spot_orders SET cancel_requested_at = now(), updated_at = now()
          WHERE symbol = $1 AND book = $2 AND user_id IS NULL AND state IN ('pending', 'open', 'partial')
            AND cancel_requested_at IS NULL`,
        [symbol, book],
      );
      if (wanted.length === 0) return;
      await m.query(
        `INSERT INTO orders.spot_orders (user_id, book, symbol, side, type, price, quantity, state)
         SELECT NULL, $1, $2, u.side, 'limit', u.price, u.quantity, 'pending'
           FROM unnest($3::text[], $4::numeric[], $5::numeric[]) WITH ORDINALITY AS u(side, price, quantity, n)
          ORDER BY u.n`,
        [
          book,
          symbol,
          wanted.map((q) => q.side),
          wanted.map((q) => q.price.toFixed()),
          wanted.map((q) => q.quantity.toFixed()),
        ],
      );
    });
    await this.sequencer.drain(symbol, [book]);
    this.logger.debug(`${symbol} ${book} quoted around ${price.toFixed()}`);
    return true;
  }

  /** Switched off: the quotes still resting (from before) are cancelled; nothing new is placed. */
  private async withdraw(info: PairInfo, book: Book): Promise<boolean> {
    const symbol = info.pair.symbol;
    await this.sequencer.drain(symbol, [book]);
    const resting = this.sequencer.makerOrders(symbol, book);
    if (resting && resting.length === 0) return false;
    // An UPDATE answers [rows, count] through TypeORM.
    const [, cancelled]: [unknown[], number] = await this.dataSource.query(
      `UPDATE orders.spot_orders SET cancel_requested_at = now(), updated_at = now()
        WHERE symbol = $1 AND book = $2 AND user_id IS NULL AND state IN ('pending', 'open', 'partial')
          AND cancel_requested_at IS NULL`,
      [symbol, book],
    );
    if (cancelled === 0) return false;
    await this.sequencer.drain(symbol, [book]);
    this.logger.log(`${symbol} ${book}: market maker off, ${cancelled} quotes withdrawn`);
    return true;
  }

  /** Quotes are stale when some were taken or their middle is half a step away from the price. */
  private stale(resting: LiveOrder[], wanted: Quote[], price: Decimal, terms: MarketMakerTerms): boolean {
    if (resting.length !== wanted.length) return true;
    if (resting.some((o) => o.filled.gt(0))) return true;
    if (wanted.length === 0) return false;
    const bids = resting.filter((o) => o.side === 'buy').map((o) => o.price!);
    const asks = resting.filter((o) => o.side === 'sell').map((o) => o.price!);
    if (bids.length === 0 || asks.length === 0) return true;
    const mid = Decimal.max(...bids)
      .plus(Decimal.min(...asks))
      .div(2);
    return mid.minus(price).abs().div(price).gt(terms.step.div(2));
  }
}
