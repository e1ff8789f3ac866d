import { Inject, Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Decimal from 'decimal.js';
import type Redis from 'ioredis';
import { In, type DataSource } from 'typeorm';
import {
  ApiSuccess,
  AppException,
  ErrorCode,
  MARKET_PRICES,
  TRADING_RESTRICTION,
  type Book,
  type MarketPrices,
  type TradingRestriction,
} from '@app/common';
import { LedgerService } from '@app/ledger';
import { REDIS_CLIENT } from '@app/queue';
import type { ListBbOrderQuery, SubmitSpotOrderDto } from './dto/spot.dto';
import { SpotOrder, type SpotOrderState } from './entities/spot-order.entity';
import { SpotTrade } from './entities/spot-trade.entity';
import type { SpotDepth, SpotTradeView } from './spot-events';
import { SpotEvents } from './spot-events';
import { SpotIntake } from './spot-intake';
import { SpotOwnership } from './spot-ownership.service';
import { SPOT_QUOTE, SpotPairsService, type PairInfo } from './spot-pairs.service';
import { SpotParameters } from './spot-parameters';
import { spotOrderView, type LiveOrder } from './spot-sequencer.service';

/** How long order/submit and order/chedan wait for the pair's sequencer before answering. */
const WAIT_FOR_SEQUENCER_MS = 3_000;
const MAX_LOTS = Number.MAX_SAFE_INTEGER;

const LIST_STATES: Record<string, SpotOrderState[]> = {
  current: ['pending', 'open', 'partial'],
  history: ['filled', 'cancelled'],
};

function live(o: SpotOrder): LiveOrder {
  return {
    id: o.id,
    userId: o.userId,
    side: o.side,
    type: o.type,
    price: o.price,
    quantity: o.quantity,
    quoteAmount: o.quoteAmount,
    filled: o.filled,
    turnover: o.turnover,
    fee: o.fee,
    held: o.held,
    heldLeft: o.heldLeft,
    state: o.state,
    cancelReason: o.cancelReason,
    bookSeq: o.bookSeq,
    closed: o.state === 'filled' || o.state === 'cancelled',
    createdAt: o.createdAt,
  };
}

/**
 * Coin-to-coin orders as their owners see them: order/submit holds the money the order may spend
 * (quote coin for a buy, base coin for a sell) in the same transaction that accepts the order,
 * then hands it to the pair's sequencer; order/chedan asks the sequencer to take it off the book
 * (what it still holds returns); lists, depth, trades and coin accounts.
 */
@Injectable()
export class SpotService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ledger: LedgerService,
    private readonly pairs: SpotPairsService,
    private readonly ownership: SpotOwnership,
    private readonly intake: SpotIntake,
    private readonly events: SpotEvents,
    private readonly parameters: SpotParameters,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(MARKET_PRICES) private readonly prices: MarketPrices,
    @Optional() @Inject(TRADING_RESTRICTION) private readonly restriction?: TradingRestriction,
  ) {}

  async submit(userId: string, book: Book, dto: SubmitSpotOrderDto) {
    if (await this.restriction?.isFrozen(userId)) {
      throw new AppException(ErrorCode.UserStatusAbnormal, null, {}, 'message.accountFrozenOverdue');
    }
    const info = await this.pairs.tradable(dto.symbol);
    if (info.instrumentCode) this.prices.assertTradable(info.instrumentCode);
    const { units, pair } = info;

    let price: Decimal | null = null;
    let quantity: Decimal | null = null;
    let quoteAmount: Decimal | null = null;
    let held: Decimal;
    if (dto.type === 'limit') {
      if (dto.price == null) throw AppException.field('price', 'validation.enterPrice');
      price = new Decimal(dto.price);
      if (units.priceToTicks(price) === null)
        throw AppException.field('price', 'validation.spotPriceTick', { tick: pair.tickSize.toFixed() });
    }
    if (dto.type === 'market' && dto.side === 'buy') {
      if (dto.amount == null) throw AppException.field('amount', 'validation.enterAmount');
      quoteAmount = new Decimal(dto.amount);
      if (!quoteAmount.gt(0)) throw AppException.field('amount', 'validation.enterAmount');
      let budget: number;
      try {
        budget = units.quoteToUnits(quoteAmount);
      } catch {
        throw AppException.field('amount', 'validation.enterAmount');
      }
      if (budget < 1)
        throw AppException.field('amount', 'validation.spotAmountTooSmall', {
          amount: pair.tickSize.mul(pair.lotSize).toFixed(),
        });
      held = quoteAmount;
    } else {
      if (dto.quantity == null) throw AppException.field('quantity', 'validation.enterQuantity');
      quantity = new Decimal(dto.quantity);
      const lots = units.quantityToLots(quantity);
      if (lots === null || lots > MAX_LOTS)
        throw AppException.field('quantity', 'validation.spotQuantityLot', { lot: pair.lotSize.toFixed() });
      held = dto.side === 'buy' ? price!.mul(quantity) : quantity;
    }
    if (held.decimalPlaces() > 18) throw AppException.field('quantity', 'validation.enterQuantity');

    // The order row and its hold commit together, with the other orders arriving meanwhile (group
    // commit); the ledger refuses (10092) what the available balance does not cover. The pair's
    // sequencer is told at once.
    const orderId = await this.intake.accept({
      userId,
      book,
      symbol: pair.symbol,
      side: dto.side,
      type: dto.type,
      price,
      quantity,
      quoteAmount,
      held,
      currency: dto.side === 'buy' ? pair.quote : pair.base,
    });
    // Registered in the same turn as the acceptance: no batch of the sequencer can end before it.
    const { taken, order } = await this.events.waitFor(orderId, WAIT_FOR_SEQUENCER_MS).done;
    // The order as the batch that took it left it; pending (read again) when the sequencer is late.
    if (taken && order) return order;
    const now = await this.dataSource.getRepository(SpotOrder).findOneByOrFail({ id: orderId });
    return spotOrderView(live(now), info);
  }

  /** order/chedan: the sequencer takes the order off the book and releases what it still holds. */
  async cancel(userId: string, book: Book, orderId: string) {
    const order = await this.mine(userId, book, orderId);
    const info = (await this.pairs.find(order.symbol))!;
    if (order.state === 'filled' || order.state === 'cancelled')
      throw new AppException(ErrorCode.RepeatedSubmission, null, {}, 'message.spotOrderClosed');
    // One request per order: a second one at the same time (or after the order closed meanwhile)
    // finds the row taken and answers as for a closed order, not a second success.
    const requested: unknown[] = await this.dataSource.query(
      `WITH requested AS (
         UPDATE orders.spot_orders SET cancel_requested_at = now(), updated_at = now()
          WHERE id = $1 AND user_id = $2 AND book = $3 AND state IN ('pending', 'open', 'partial')
            AND cancel_requested_at IS NULL
         RETURNING id)
       SELECT id FROM requested`,
      [orderId, userId, book],
    );
    if (requested.length === 0)
      throw new AppException(ErrorCode.RepeatedSubmission, null, {}, 'message.spotOrderClosed');
    const waiter = this.events.waitFor(orderId, WAIT_FOR_SEQUENCER_MS);
    if (await this.isWaiting(orderId)) {
      try {
        await this.ownership.notify(order.symbol, [book]);
      } catch {
        // The request is stored: the pair's catch-up (every few seconds) carries it out.
      }
      await waiter.done;
    } else {
      waiter.cancel();
    }
    const now = await this.dataSource.getRepository(SpotOrder).findOneByOrFail({ id: orderId });
    // Filled, or closed by the sequencer for another reason (no liquidity, self-trade prevention)
    // before it reached this request: the cancel did not happen.
    if (now.state === 'filled' || (now.state === 'cancelled' && now.cancelReason !== 'user'))
      throw new AppException(ErrorCode.RepeatedSubmission, null, {}, 'message.spotOrderClosed');
    return new ApiSuccess(spotOrderView(live(now), info), ErrorCode.ModificationSuccess);
  }

  private async isWaiting(orderId: string): Promise<boolean> {
    const [row]: { waiting: boolean }[] = await this.dataSource.query(
      `SELECT (state IN ('pending', 'open', 'partial') AND cancel_requested_at IS NOT NULL) AS waiting
         FROM orders.spot_orders WHERE id = $1`,
      [orderId],
    );
    return row?.waiting ?? false;
  }

  async list(userId: string, book: Book, q: ListBbOrderQuery) {
    const page = q.pageNum ?? 1;
    const size = q.pageSize ?? 20;
    const [rows, total] = await this.dataSource.getRepository(SpotOrder).findAndCount({
      where: {
        userId,
        book,
        ...(q.type ? { state: In(LIST_STATES[q.type]) } : {}),
        ...(q.symbol ? { symbol: q.symbol } : {}),
      },
      order: { id: 'DESC' },
      skip: (page - 1) * size,
      take: size,
    });
    const list = [];
    for (const o of rows) list.push(spotOrderView(live(o), (await this.pairs.find(o.symbol))!));
    return { list, total };
  }

  async get(userId: string, book: Book, orderId: string) {
    const order = await this.mine(userId, book, orderId);
    const trades = await this.dataSource.getRepository(SpotTrade).find({
      where: [{ takerOrderId: orderId }, { makerOrderId: orderId }],
      order: { id: 'ASC' },
      take: 500,
    });
    return {
      ...spotOrderView(live(order), (await this.pairs.find(order.symbol))!),
      trades: trades.map((t) => ({
        ...this.tradeView(t),
        role: t.takerOrderId === orderId ? 'taker' : 'maker',
      })),
    };
  }

  /**
   * Every active pair with its tick and lot sizes, the last trade price of the book and the trading
   * fee (percent of what each side receives), so that an order form can show the fee before placing.
   */
  async pairsList(book: Book) {
    // null when the parameter is out of its bounds: the sequencer refuses to match then anyway.
    const feeRatePercent = await this.parameters.feeRatePercent().then(
      (rate) => rate.toFixed(),
      () => null,
    );
    const infos = await this.pairs.active();
    const last: { symbol: string; price: string }[] = await this.dataSource.query(
      `SELECT DISTINCT ON (symbol) symbol, price::text FROM orders.spot_trades
        WHERE book = $1 AND symbol = ANY($2::text[]) ORDER BY symbol, seq DESC`,
      [book, infos.map((i) => i.pair.symbol)],
    );
    const lastBy = new Map(last.map((r) => [r.symbol, r.price]));
    return infos.map((i) => ({
      symbol: i.pair.symbol,
      base: i.pair.base,
      quote: i.pair.quote,
      tickSize: i.pair.tickSize.toFixed(),
      lotSize: i.pair.lotSize.toFixed(),
      lastPrice: lastBy.get(i.pair.symbol) ?? null,
      feeRatePercent,
    }));
  }

  /**
   * Aggregated levels of a book as its sequencer last committed them (Redis); when no sequencer
   * wrote one yet, summed from the open orders in the database.
   */
  async depth(book: Book, symbol: string, levels = 20): Promise<SpotDepth> {
    const info = await this.pairs.tradable(symbol);
    const raw = await this.redis.get(`spot:depth:${book}:${info.pair.symbol}`);
    if (raw) {
      const depth = JSON.parse(raw) as SpotDepth;
      return { ...depth, bids: depth.bids.slice(0, levels), asks: depth.asks.slice(0, levels) };
    }
    const [head]: { version: string }[] = await this.dataSource.query(
      `SELECT version::text FROM orders.spot_books WHERE symbol = $1 AND book = $2`,
      [info.pair.symbol, book],
    );
    const side = async (s: 'buy' | 'sell') => {
      const rows: { price: string; quantity: string; count: number }[] = await this.dataSource.query(
        `SELECT price::text, sum(quantity - filled)::text AS quantity, count(*)::int AS count
           FROM orders.spot_orders WHERE symbol = $1 AND book = $2 AND side = $3 AND state IN ('open', 'partial')
          GROUP BY price ORDER BY price ${s === 'buy' ? 'DESC' : 'ASC'} LIMIT ${Number(levels)}`,
        [info.pair.symbol, book, s],
      );
      return rows.map((r): [string, string, number] => [
        new Decimal(r.price).toFixed(),
        new Decimal(r.quantity).toFixed(),
        r.count,
      ]);
    };
    return {
      symbol: info.pair.symbol,
      book,
      version: Number(head?.version ?? 0),
      bids: await side('buy'),
      asks: await side('sell'),
    };
  }

  async trades(book: Book, symbol: string, limit = 50): Promise<SpotTradeView[]> {
    const info = await this.pairs.tradable(symbol);
    const rows = await this.dataSource.getRepository(SpotTrade).find({
      where: { symbol: info.pair.symbol, book },
      order: { seq: 'DESC' },
      take: limit,
    });
    return rows.map((t) => this.tradeView(t));
  }

  /**
   * My coin accounts in the book: USDT and the base coin of every pair, each with available,
   * frozen (held by open orders), the holdings (their sum) and their USDT value at the feed price
   * (the last trade price of the pair when the feed has none).
   */
  async accounts(userId: string, book: Book) {
    const infos = await this.pairs.active();
    const coins = [SPOT_QUOTE, ...infos.map((i) => i.pair.base).filter((c) => c !== SPOT_QUOTE)];
    const lines = await this.ledger.userBalances(userId, book);
    const balance = (currency: string, kind: string) =>
      lines.find((l) => l.currency === currency && l.kind === kind)?.balance ?? new Decimal(0);
    const out = [];
    for (const coin of coins) {
      const available = balance(coin, 'available');
      const frozen = balance(coin, 'frozen');
      const holdings = available.plus(frozen);
      const info = infos.find((i) => i.pair.base === coin);
      const price = coin === SPOT_QUOTE ? new Decimal(1) : info ? await this.valuation(info, book) : null;
      out.push({
        currency: coin,
        symbol: info?.pair.symbol ?? null,
        available: available.toFixed(),
        frozen: frozen.toFixed(),
        holdings: holdings.toFixed(),
        usdtValue: price ? holdings.mul(price).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed() : null,
      });
    }
    return out;
  }

  private async valuation(info: PairInfo, book: Book): Promise<Decimal | null> {
    if (info.instrumentCode) {
      try {
        return await this.prices.lastPrice(info.instrumentCode);
      } catch {
        // no feed price: the book's last trade below
      }
    }
    const [row]: { price: string }[] = await this.dataSource.query(
      `SELECT price::text FROM orders.spot_trades WHERE symbol = $1 AND book = $2 ORDER BY seq DESC LIMIT 1`,
      [info.pair.symbol, book],
    );
    return row ? new Decimal(row.price) : null;
  }

  tradeView(t: SpotTrade): SpotTradeView {
    return {
      id: t.id,
      seq: t.seq,
      symbol: t.symbol,
      price: t.price.toFixed(),
      quantity: t.quantity.toFixed(),
      quoteAmount: t.quoteAmount.toFixed(),
      takerSide: t.takerSide,
      at: t.createdAt.toISOString(),
    };
  }

  /** The caller's order in the book; another user's (or the house's) is 404, as if it did not exist. */
  private async mine(userId: string, book: Book, orderId: string): Promise<SpotOrder> {
    const order = await this.dataSource.getRepository(SpotOrder).findOneBy({ id: orderId, userId, book });
    if (!order) throw new AppException(ErrorCode.NotFound);
    return order;
  }
}
