import { Inject, Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Decimal from 'decimal.js';
import { In, type DataSource, type EntityManager } from 'typeorm';
import {
  ApiSuccess,
  AppException,
  Clock,
  ErrorCode,
  MARKET_PRICES,
  TRADING_RESTRICTION,
  type Book,
  type InstrumentTerms,
  type MarketPrices,
  type TradingRestriction,
} from '@app/common';
import {
  AccountKind,
  InsufficientBalanceError,
  LedgerService,
  SystemAccount,
  type AccountRef,
  type JournalEntry,
  type Leg,
} from '@app/ledger';
import type { BuyUDto, ListUOrderQuery } from './dto/u-order.dto';
import { UOrder, type UOrderState } from './entities/u-order.entity';
import { PositionBook } from './position-book';
import { TradingEvent, TradingEvents } from './trading-events';
import { TradingParameters } from './trading-parameters';
import {
  checkStops,
  closeSide,
  exactFeeRate,
  feeFor,
  fillMoney,
  limitReached,
  limitFillPrice,
  liquidationPrice,
  marginFor,
  notional,
  openSide,
  profitOf,
  settle,
  triggered,
  type CloseReason,
  type PositionMoney,
  type Quote,
} from './u-order-math';

/** U orders are margined and settled in USDT whatever the instrument. */
export const U_CURRENCY = 'USDT';
const MIN_LOTS = new Decimal('0.01');
const MAX_LOTS = new Decimal(1000);

/** The price a close or an open used, kept on the order so that anyone can check it. */
export interface PriceEvidence {
  /** tick: a feed tick; kline: a 1-minute K-line (a restart catching up); quote: the price now. */
  source: 'tick' | 'quote' | 'kline';
  at: Date;
}

/** A quote of one instrument to check the live orders against, with where it comes from. */
export interface TickCheck {
  code: string;
  quote: Quote;
  evidence: PriceEvidence;
}

/** What a close writes on the order row. */
const CLOSE_COLUMNS: (keyof UOrder)[] = [
  'state',
  'closeReason',
  'closePrice',
  'closePriceSource',
  'closePriceAt',
  'profit',
  'insurance',
  'closedAt',
];

const LIST_STATES: Record<string, UOrderState[]> = {
  current: ['waiting', 'open'],
  history: ['closed', 'cancelled'],
  waiting: ['waiting'],
  open: ['open'],
  closed: ['closed'],
  cancelled: ['cancelled'],
};

/** The INSERT of a new order (every column but the generated id and creation time), for LedgerService.insertAndPost. */
function insertUOrder(o: Omit<UOrder, 'id' | 'createdAt'>): {
  name: string;
  text: string;
  values: unknown[];
} {
  const decimal = (d: Decimal | null) => (d === null ? null : d.toFixed());
  const columns: [string, unknown][] = [
    ['user_id', o.userId],
    ['book', o.book],
    ['instrument_id', o.instrumentId],
    ['code', o.code],
    ['currency', o.currency],
    ['direction', o.direction],
    ['lots', decimal(o.lots)],
    ['contract_size', decimal(o.contractSize)],
    ['leverage', o.leverage],
    ['state', o.state],
    ['limit_price', decimal(o.limitPrice)],
    ['open_price', decimal(o.openPrice)],
    ['open_price_source', o.openPriceSource],
    ['open_price_at', o.openPriceAt],
    ['stop_loss', decimal(o.stopLoss)],
    ['take_profit', decimal(o.takeProfit)],
    ['liquidation_price', decimal(o.liquidationPrice)],
    ['margin', decimal(o.margin)],
    ['fee', decimal(o.fee)],
    ['fee_rate', decimal(o.feeRate)],
    ['insurance', decimal(o.insurance)],
    ['opened_at', o.openedAt],
  ];
  return {
    name: 'u_order_open',
    text: `INSERT INTO orders.u_orders (${columns.map(([c]) => c).join(', ')})
           VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id, created_at`,
    values: columns.map(([, v]) => v),
  };
}

/** Leveraged contract orders: open (now or at a limit), close by hand, lists, the margin account. */
@Injectable()
export class UOrdersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ledger: LedgerService,
    private readonly clock: Clock,
    private readonly parameters: TradingParameters,
    private readonly events: TradingEvents,
    private readonly positions: PositionBook,
    @Inject(MARKET_PRICES) private readonly prices: MarketPrices,
    @Optional() @Inject(TRADING_RESTRICTION) private readonly restriction?: TradingRestriction,
  ) {}

  async buy(userId: string, book: Book, dto: BuyUDto): Promise<ApiSuccess<unknown>> {
    if (await this.restriction?.isFrozen(userId)) {
      throw new AppException(ErrorCode.UserStatusAbnormal, null, {}, 'message.accountFrozenOverdue');
    }
    const terms = this.prices.instrument(dto.code);
    if (!terms.leverages.includes(dto.leverage)) {
      throw AppException.field('leverage', 'validation.leverageNotOffered');
    }
    const maxLeverage = await this.maxLeverage(userId, book);
    if (maxLeverage !== null && dto.leverage > maxLeverage) {
      throw AppException.field('leverage', 'validation.leverageAboveTier', { max: maxLeverage });
    }
    const lots = new Decimal(dto.lots);
    if (lots.lt(MIN_LOTS) || lots.gt(MAX_LOTS) || !lots.mod(MIN_LOTS).isZero()) {
      throw new AppException(ErrorCode.PurchaseAmountWrong);
    }
    this.prices.assertTradable(terms.code, this.clock.now());
    const quote = await this.prices.quote(terms.code);
    const limit = dto.limitPrice == null ? null : new Decimal(dto.limitPrice);
    if (limit?.lte(0)) throw AppException.field('limitPrice', 'validation.invalid');
    const stopLoss = dto.stopLoss == null ? null : new Decimal(dto.stopLoss);
    const takeProfit = dto.takeProfit == null ? null : new Decimal(dto.takeProfit);
    // A limit the market has already reached opens at once, at the (equal or better) market price.
    const waiting = limit !== null && !limitReached(dto.direction, limit, quote);
    // The stops are checked against the price the order opens at: its limit when it waits for it,
    // else the market (a stop-loss beyond the market would close the new position at once).
    const reference: Quote = waiting ? { bid: limit, ask: limit } : quote;
    const problem = checkStops(dto.direction, reference, stopLoss, takeProfit);
    if (problem === 'combination') throw AppException.field('stopLoss', 'validation.stopsUnreasonable');
    if (problem === 'stopLoss') throw AppException.field('stopLoss', 'validation.stopLossUnreasonable');
    if (problem === 'takeProfit') throw AppException.field('takeProfit', 'validation.takeProfitUnreasonable');

    const price = waiting ? limit : openSide(dto.direction, quote);
    const margin = marginFor(price, lots, terms.contractSize, dto.leverage);
    const { ratePercent } = await this.parameters.userFeeRate(userId, book);
    const fee = feeFor(price, lots, terms.contractSize, ratePercent);
    const liquidation = waiting
      ? null
      : liquidationPrice(
          dto.direction,
          price,
          margin,
          lots,
          terms.contractSize,
          await this.parameters.maintenancePercent(),
          terms.pricePrecision,
        );
    const now = this.clock.now();
    const order = Object.assign(new UOrder(), {
      userId,
      book,
      instrumentId: terms.id,
      code: terms.code,
      currency: U_CURRENCY,
      direction: dto.direction,
      lots,
      contractSize: terms.contractSize,
      leverage: dto.leverage,
      state: waiting ? 'waiting' : 'open',
      limitPrice: limit,
      openPrice: waiting ? null : price,
      openPriceSource: waiting ? null : 'quote',
      openPriceAt: waiting ? null : now,
      stopLoss,
      takeProfit,
      liquidationPrice: liquidation,
      margin,
      fee,
      feeRate: ratePercent,
      closePrice: null,
      closeReason: null,
      closePriceSource: null,
      closePriceAt: null,
      profit: null,
      insurance: new Decimal(0),
      openedAt: waiting ? null : now,
      closedAt: null,
    } satisfies Omit<UOrder, 'id' | 'createdAt'>);
    const available = this.account(order, AccountKind.Available);
    const held = this.account(order, AccountKind.Margin);
    // A waiting order holds its margin and fee; the fee is charged only when it opens.
    const legs: Leg[] = waiting
      ? [{ from: available, to: held, amount: margin.plus(fee) }]
      : [{ from: available, to: held, amount: margin }];
    if (!waiting && fee.gt(0))
      legs.push({ from: available, to: this.house(order, SystemAccount.Fees), amount: fee });
    try {
      // The order row and its money in one statement: no account row stays locked across round trips.
      const { row } = await this.ledger.insertAndPost<{ id: string; created_at: Date }>(insertUOrder(order), {
        keyPrefix: waiting ? 'u-hold-' : 'u-open-',
        reason: 'u_order_open',
        refType: 'u_order',
        legs,
      });
      order.id = row.id;
      order.createdAt = row.created_at;
      this.positions.put(order);
      const view = this.view(order, terms);
      this.events.publish(userId, TradingEvent.Order, view);
      return new ApiSuccess(view, ErrorCode.PurchaseSuccess);
    } catch (error) {
      if (error instanceof InsufficientBalanceError)
        throw new AppException(ErrorCode.BalanceInsufficientMargin);
      throw error;
    }
  }

  /** order/stopU: closes an open position at the current close-side price. */
  async stop(userId: string, book: Book, orderId: string): Promise<ApiSuccess<unknown>> {
    const order = await this.mine(userId, book, orderId);
    if (order.state !== 'open') throw new AppException(ErrorCode.RepeatedSubmission);
    // In the market's hours, suspended or not: a suspension stops new orders, not the way out.
    this.prices.assertClosable(order.code, this.clock.now());
    const quote = await this.prices.quote(order.code);
    const closed = await this.closePosition(order.id, 'manual', closeSide(order.direction, quote), {
      source: 'quote',
      at: this.clock.now(),
    });
    if (!closed) throw new AppException(ErrorCode.RepeatedSubmission);
    return new ApiSuccess(this.view(closed), ErrorCode.ModificationSuccess);
  }

  /** Cancels a waiting (limit) order: its held margin and fee return. */
  async cancel(userId: string, book: Book, orderId: string): Promise<ApiSuccess<unknown>> {
    await this.mine(userId, book, orderId);
    const cancelled = await this.dataSource.transaction(async (m) => {
      const order = await this.lockLive(m, orderId, 'waiting');
      if (!order) return null;
      await this.ledger.post(
        {
          key: `u-cancel-${order.id}`,
          reason: 'u_order_close',
          refType: 'u_order',
          refId: order.id,
          legs: [
            {
              from: this.account(order, AccountKind.Margin),
              to: this.account(order, AccountKind.Available),
              amount: order.margin.plus(order.fee),
            },
          ],
        },
        m,
      );
      order.state = 'cancelled';
      order.closeReason = 'cancelled';
      order.fee = new Decimal(0);
      order.closedAt = this.clock.now();
      return this.store(m, order, ['state', 'closeReason', 'fee', 'closedAt']);
    });
    if (!cancelled) throw new AppException(ErrorCode.RepeatedSubmission);
    this.positions.remove(cancelled.id);
    const view = this.view(cancelled);
    this.events.publish(userId, TradingEvent.Order, view);
    return new ApiSuccess(view, ErrorCode.ModificationSuccess);
  }

  /**
   * Closes an open position at `price` and settles it, once: the row is locked and must still be
   * open, and the posting's key is the order's. Answers null when it was no longer open.
   */
  async closePosition(
    orderId: string,
    reason: CloseReason,
    price: Decimal,
    evidence: PriceEvidence,
  ): Promise<UOrder | null> {
    const closed = await this.dataSource.transaction(async (m) => {
      const order = await this.lockLive(m, orderId, 'open');
      if (!order) return null;
      await this.ledger.post(this.closing(order, reason, price, evidence), m);
      return this.store(m, order, CLOSE_COLUMNS);
    });
    // Open no more, whoever closed it.
    this.positions.remove(orderId);
    if (closed) this.events.publish(closed.userId, TradingEvent.Order, this.view(closed));
    return closed;
  }

  /**
   * The position engine's close of everything a round of ticks triggers (one tick per instrument,
   * `ticks` by code), in one statement: each order's trigger checked against its instrument's
   * quote, the rows closed by one UPDATE and every settlement posted with it (one round trip, no
   * lock held between statements). The orders are copies from the engine's PositionBook (or the
   * rows the sweep's candidate query read): an open order changes only when it closes, so that copy
   * is what the close settles, and the UPDATE's `state = 'open'` skips a row another process closed
   * meanwhile (its entry is not posted). All or nothing; the engine falls back to one order at a
   * time when it fails. Answers the orders closed; every order tried leaves the book.
   */
  async closeTriggered(orders: UOrder[], ticks: ReadonlyMap<string, TickCheck>): Promise<UOrder[]> {
    const entries: JournalEntry[] = [];
    const closing: UOrder[] = [];
    for (const order of orders) {
      const tick = ticks.get(order.code);
      if (order.state !== 'open' || !tick) continue;
      const hit = triggered(order, tick.quote);
      if (!hit) continue;
      entries.push(this.closing(order, hit.reason, hit.price, tick.evidence));
      closing.push(order);
    }
    if (closing.length === 0) return [];
    // \`o.id = ANY\`: probes of the primary key (a join alone lets the planner hash the whole table).
    const posted = await this.ledger.updateAndPostMany(
      {
        name: 'u_orders_close',
        text: `UPDATE orders.u_orders o
                  SET state = 'closed', close_reason = v.reason, close_price = v.price,
                      close_price_source = v.source, close_price_at = v.at, profit = v.profit,
                      insurance = v.insurance, closed_at = v.closed_at
                 FROM unnest($1::bigint[], $2::text[], $3::numeric[], $4::text[], $5::timestamptz[],
                             $6::numeric[], $7::numeric[], $8::timestamptz[])
                   AS v(id, reason, price, source, at, profit, insurance, closed_at)
                WHERE o.id = v.id AND o.id = ANY($1::bigint[]) AND o.state = 'open'
            RETURNING o.id`,
        values: [
          closing.map((o) => o.id),
          closing.map((o) => o.closeReason),
          closing.map((o) => o.closePrice!.toFixed()),
          closing.map((o) => o.closePriceSource),
          closing.map((o) => o.closePriceAt!.toISOString()),
          closing.map((o) => o.profit!.toFixed()),
          closing.map((o) => o.insurance.toFixed()),
          closing.map((o) => o.closedAt!.toISOString()),
        ],
      },
      entries,
    );
    // Those not posted were closed by another process meanwhile: open no more either way.
    for (const order of closing) this.positions.remove(order.id);
    const closed = closing.filter((o) => posted.has(o.id));
    this.events.publishMany(
      closed.map((order) => ({ userId: order.userId, event: TradingEvent.Order, payload: this.view(order) })),
    );
    return closed;
  }

  /**
   * An order from a raw row of orders.u_orders (`SELECT o.*`), through the entity's column mapping
   * and value transformers, as TypeORM would have read it.
   */
  hydrate(row: Record<string, unknown>): UOrder {
    const metadata = this.dataSource.getMetadata(UOrder);
    const order = metadata.create() as UOrder;
    for (const column of metadata.columns) {
      column.setEntityValue(
        order,
        this.dataSource.driver.prepareHydratedValue(row[column.databaseName], column),
      );
    }
    return order;
  }

  /**
   * Settles a locked open order closing at `price`: marks it closed (in memory) and answers its
   * journal entry, keyed by the order so that it is posted once. The house takes the whole loss;
   * what exceeds the margin (a gap through the liquidation price) comes from the insurance
   * account, never from the user.
   */
  private closing(order: UOrder, reason: CloseReason, price: Decimal, evidence: PriceEvidence): JournalEntry {
    const pnl = profitOf(order.direction, order.openPrice!, price, order.lots, order.contractSize);
    const result = settle(order.margin, pnl);
    const shortfall = pnl.neg().minus(order.margin);
    const held = this.account(order, AccountKind.Margin);
    const available = this.account(order, AccountKind.Available);
    const house = this.house(order, SystemAccount.TradingPnl);
    const legs: Leg[] = [];
    if (result.toHouse.gt(0)) legs.push({ from: held, to: house, amount: result.toHouse });
    if (shortfall.gt(0))
      legs.push({ from: this.house(order, SystemAccount.Insurance), to: house, amount: shortfall });
    const marginBack = order.margin.minus(result.toHouse);
    if (marginBack.gt(0)) legs.push({ from: held, to: available, amount: marginBack });
    if (result.fromHouse.gt(0)) legs.push({ from: house, to: available, amount: result.fromHouse });
    order.state = 'closed';
    order.closeReason = reason;
    order.closePrice = price;
    order.closePriceSource = evidence.source;
    order.closePriceAt = evidence.at;
    order.profit = result.profit;
    order.insurance = Decimal.max(shortfall, 0);
    order.closedAt = this.clock.now();
    return { key: `u-close-${order.id}`, reason: 'u_order_close', refType: 'u_order', refId: order.id, legs };
  }

  /**
   * Opens a waiting order whose limit the market reached: it fills at its limit price, or at the
   * quote when that is better (the market gapped past the limit), at the moment of the evidence (a
   * restart catching up fills it when the K-line or tick says). Its margin and fee become those of
   * the fill's notional, with the math and the fee rate of its placement (fillMoney; the rate kept
   * on the order): a buy filled under its limit holds more than that (its placement held them on
   * the limit's notional), and the excess margin and fee return to the available balance in the
   * opening's own posting, with the fee to the house (`u-open-<id>`, posted once). A sell filled
   * over its limit needs more, drawn from the available balance in that posting; when the balance
   * does not cover it, it opens on the margin and fee it holds. The liquidation price follows from
   * the margin it opens with.
   */
  async openWaiting(orderId: string, quote: Quote, evidence: PriceEvidence): Promise<UOrder | null> {
    const maintenance = await this.parameters.maintenancePercent();
    let waiting = true;
    const opened = await this.dataSource.transaction(async (m) => {
      const order = await this.lockLive(m, orderId, 'waiting');
      waiting = order !== null;
      if (!order || !limitReached(order.direction, order.limitPrice!, quote)) return null;
      const terms = this.prices.instrument(order.code);
      // A suspended instrument opens no new position: the order waits (or is cancelled).
      if (terms.status !== 'active') return null;
      const limit = order.limitPrice!;
      const price = limitFillPrice(order.direction, limit, quote);
      const held: PositionMoney = { margin: order.margin, fee: order.fee };
      let next = held;
      if (!price.eq(limit)) {
        // An order placed before the rate was kept: the rate its held fee says, when exactly.
        const rate =
          order.feeRate ?? exactFeeRate(order.fee, notional(limit, order.lots, order.contractSize));
        next = fillMoney(price, order.lots, order.contractSize, order.leverage, rate, held);
        const more = next.margin.plus(next.fee).minus(held.margin.plus(held.fee));
        // A balance spent meanwhile refuses the posting (InsufficientBalanceError): the engine
        // tries again at this quote, and then reads what is left.
        if (more.gt(0) && (await this.ledger.balance(this.account(order, AccountKind.Available), m)).lt(more))
          next = held;
      }
      const legs = this.openingLegs(order, held, next);
      if (legs.length > 0) {
        await this.ledger.post(
          { key: `u-open-${order.id}`, reason: 'u_order_open', refType: 'u_order', refId: order.id, legs },
          m,
        );
      }
      order.state = 'open';
      order.openPrice = price;
      order.openPriceSource = evidence.source;
      order.openPriceAt = evidence.at;
      order.openedAt = evidence.at;
      order.margin = next.margin;
      order.fee = next.fee;
      order.liquidationPrice = liquidationPrice(
        order.direction,
        price,
        order.margin,
        order.lots,
        order.contractSize,
        maintenance,
        terms.pricePrecision,
      );
      return this.store(m, order, [
        'state',
        'openPrice',
        'openPriceSource',
        'openPriceAt',
        'openedAt',
        'margin',
        'fee',
        'liquidationPrice',
      ]);
    });
    // Opened or cancelled by another process: its new state comes from there.
    if (!waiting) this.positions.remove(orderId);
    if (opened) {
      this.positions.put(opened);
      this.events.publish(opened.userId, TradingEvent.Order, this.view(opened));
    }
    return opened;
  }

  /**
   * The legs of a waiting order's opening, from the margin and fee it `held` (both in the margin
   * account) to those it opens with (`next`): the fee to the house, and the difference back to the
   * available balance (or, when it opens with more, from it, first).
   */
  private openingLegs(order: UOrder, held: PositionMoney, next: PositionMoney): Leg[] {
    const available = this.account(order, AccountKind.Available);
    const margin = this.account(order, AccountKind.Margin);
    const excess = held.margin.plus(held.fee).minus(next.margin.plus(next.fee));
    const legs: Leg[] = [];
    if (excess.lt(0)) legs.push({ from: available, to: margin, amount: excess.neg() });
    if (next.fee.gt(0))
      legs.push({ from: margin, to: this.house(order, SystemAccount.Fees), amount: next.fee });
    if (excess.gt(0)) legs.push({ from: margin, to: available, amount: excess });
    return legs;
  }

  async list(userId: string, book: Book, q: ListUOrderQuery) {
    const page = q.pageNum ?? 1;
    const size = q.pageSize ?? 20;
    const [rows, total] = await this.dataSource.getRepository(UOrder).findAndCount({
      where: { userId, book, ...(q.state ? { state: In(LIST_STATES[q.state]) } : {}) },
      order: { id: 'DESC' },
      skip: (page - 1) * size,
      take: size,
    });
    const quotes = await this.quotesFor(rows.filter((r) => r.state === 'open').map((r) => r.code));
    return { list: rows.map((o) => this.view(o, undefined, quotes.get(o.code))), total };
  }

  async get(userId: string, book: Book, orderId: string) {
    const order = await this.mine(userId, book, orderId);
    const quotes = await this.quotesFor(order.state === 'open' ? [order.code] : []);
    return this.view(order, undefined, quotes.get(order.code));
  }

  /**
   * order/getAssestInfo/{id}: the trading account as the order screen of a market shows it: the
   * available balance, margin in use, the floating result of the open positions on the market, and
   * the market's trading terms (leverages, contract size, fee rate).
   */
  async assetInfo(userId: string, book: Book, instrumentId: number) {
    const terms = this.prices.instrument(instrumentId);
    const owner = { type: 'user' as const, id: userId };
    const [available, marginInUse] = await Promise.all(
      [AccountKind.Available, AccountKind.Margin].map((kind) =>
        this.ledger.balance({ owner, book, currency: U_CURRENCY, kind }),
      ),
    );
    const open = await this.dataSource
      .getRepository(UOrder)
      .find({ where: { userId, book, code: terms.code, state: 'open' } });
    // The quote is shown before the first order too (the order form prices off it).
    const quote = (await this.quotesFor([terms.code])).get(terms.code);
    const maxLeverage = await this.maxLeverage(userId, book);
    const feeRate = await this.parameters.userFeeRate(userId, book);
    const floating = open.reduce(
      (sum, o) =>
        quote
          ? sum.plus(
              profitOf(o.direction, o.openPrice!, closeSide(o.direction, quote), o.lots, o.contractSize),
            )
          : sum,
      new Decimal(0),
    );
    return {
      marketId: terms.id,
      code: terms.code,
      currency: U_CURRENCY,
      available: available.toFixed(),
      marginInUse: marginInUse.toFixed(),
      openPositions: open.length,
      positionMargin: open.reduce((s, o) => s.plus(o.margin), new Decimal(0)).toFixed(),
      floatingProfit: floating.toFixed(),
      leverages: terms.leverages,
      // What this user may choose on this book (the real book caps it by verification tier).
      allowedLeverages:
        maxLeverage === null ? terms.leverages : terms.leverages.filter((l) => l <= maxLeverage),
      maxLeverage,
      maintenancePercent: (await this.parameters.maintenancePercent()).toFixed(),
      contractSize: terms.contractSize.toFixed(),
      // The rate this user pays on this book (the VIP fee discount off on the real book).
      feeRatePercent: feeRate.ratePercent.toFixed(),
      feeDiscount: feeRate.discount.toFixed(),
      // What an order meets now: hours, and a live unpaused price.
      tradable: await this.prices.isTradableNow(terms.code, this.clock.now()),
      bid: quote?.bid.toFixed() ?? null,
      ask: quote?.ask.toFixed() ?? null,
    };
  }

  /**
   * Realised results of U orders and options on a book, per currency: in total and today (UTC day
   * of the clock), with the number still open. order/getProfitTotal adds them to the plans' totals.
   */
  async tradingTotals(userId: string, book: Book) {
    const now = this.clock.now();
    const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const rows: {
      currency: string;
      u_total: string;
      u_today: string;
      u_open: string;
      o_total: string;
      o_today: string;
      o_open: string;
    }[] = await this.dataSource.query(
      `WITH u AS (
         SELECT currency,
                coalesce(sum(profit), 0) AS total,
                coalesce(sum(profit) FILTER (WHERE closed_at >= $3), 0) AS today,
                count(*) FILTER (WHERE state IN ('open', 'waiting')) AS open
           FROM orders.u_orders WHERE user_id = $1 AND book = $2 GROUP BY currency),
       o AS (
         SELECT currency,
                coalesce(sum(payout - amount) FILTER (WHERE state <> 'open'), 0) AS total,
                coalesce(sum(payout - amount) FILTER (WHERE state <> 'open' AND settled_at >= $3), 0) AS today,
                count(*) FILTER (WHERE state = 'open') AS open
           FROM orders.options_orders WHERE user_id = $1 AND book = $2 GROUP BY currency)
       SELECT coalesce(u.currency, o.currency) AS currency,
              coalesce(u.total, 0)::text AS u_total, coalesce(u.today, 0)::text AS u_today,
              coalesce(u.open, 0)::text AS u_open, coalesce(o.total, 0)::text AS o_total,
              coalesce(o.today, 0)::text AS o_today, coalesce(o.open, 0)::text AS o_open
         FROM u FULL JOIN o ON o.currency = u.currency ORDER BY 1`,
      [userId, book, dayStart],
    );
    return rows.map((r) => ({
      currency: r.currency,
      uProfitTotal: new Decimal(r.u_total).toFixed(),
      uProfitToday: new Decimal(r.u_today).toFixed(),
      uOpenOrders: Number(r.u_open),
      optionsProfitTotal: new Decimal(r.o_total).toFixed(),
      optionsProfitToday: new Decimal(r.o_today).toFixed(),
      optionsOpenOrders: Number(r.o_open),
    }));
  }

  view(o: UOrder, terms?: InstrumentTerms, quote?: Quote) {
    const name = (terms ?? this.safeInstrument(o.code))?.appName ?? o.code;
    const floating =
      o.state === 'open' && quote
        ? profitOf(o.direction, o.openPrice!, closeSide(o.direction, quote), o.lots, o.contractSize)
        : null;
    return {
      id: o.id,
      orderNo: `U${o.id.padStart(10, '0')}`,
      code: o.code,
      name,
      marketId: o.instrumentId,
      currency: o.currency,
      book: o.book,
      direction: o.direction,
      lots: o.lots.toFixed(),
      contractSize: o.contractSize.toFixed(),
      leverage: o.leverage,
      state: o.state,
      limitPrice: o.limitPrice?.toFixed() ?? null,
      openPrice: o.openPrice?.toFixed() ?? null,
      closePrice: o.closePrice?.toFixed() ?? null,
      stopLoss: o.stopLoss?.toFixed() ?? null,
      takeProfit: o.takeProfit?.toFixed() ?? null,
      liquidationPrice: o.liquidationPrice?.toFixed() ?? null,
      margin: o.margin.toFixed(),
      fee: o.fee.toFixed(),
      profit: o.profit?.toFixed() ?? null,
      insurance: o.insurance.toFixed(),
      floatingProfit: floating?.toFixed() ?? null,
      currentPrice: quote ? closeSide(o.direction, quote).toFixed() : null,
      openPriceSource: o.openPriceSource,
      openPriceAt: o.openPriceAt?.toISOString() ?? null,
      closeReason: o.closeReason,
      closePriceSource: o.closePriceSource,
      closePriceAt: o.closePriceAt?.toISOString() ?? null,
      openTime: o.openedAt?.toISOString() ?? null,
      closeTime: o.closedAt?.toISOString() ?? null,
      createdAt: o.createdAt.toISOString(),
    };
  }

  /**
   * The highest leverage the user may choose on `book`: on the real book it follows the user's
   * verification tier (parameters); the demo book's virtual money is not capped (null).
   */
  private async maxLeverage(userId: string, book: Book): Promise<number | null> {
    if (book !== 'real') return null;
    return this.parameters.maxLeverage(await this.parameters.tierOf(userId));
  }

  private safeInstrument(code: string): InstrumentTerms | undefined {
    try {
      return this.prices.instrument(code);
    } catch {
      return undefined;
    }
  }

  private async quotesFor(codes: string[]): Promise<Map<string, Quote>> {
    const out = new Map<string, Quote>();
    for (const code of new Set(codes)) {
      const quote = await this.prices.quote(code).catch(() => undefined);
      if (quote) out.set(code, quote);
    }
    return out;
  }

  private async mine(userId: string, book: Book, orderId: string): Promise<UOrder> {
    const order = await this.dataSource
      .getRepository(UOrder)
      .findOne({ where: { id: orderId, userId, book } });
    if (!order) throw new AppException(ErrorCode.NotFound);
    return order;
  }

  /**
   * Writes the given columns of a locked order (one UPDATE by primary key: `save` would read the
   * row again first, a round trip on the engine's hot path).
   */
  private async store(m: EntityManager, order: UOrder, columns: (keyof UOrder)[]): Promise<UOrder> {
    await m
      .getRepository(UOrder)
      .update({ id: order.id }, Object.fromEntries(columns.map((c) => [c, order[c]])));
    return order;
  }

  /** The order locked for update, or null when it is no longer in `state` (someone else moved it). */
  private async lockLive(m: EntityManager, orderId: string, state: UOrderState): Promise<UOrder | null> {
    const order = await m
      .getRepository(UOrder)
      .findOne({ where: { id: orderId }, lock: { mode: 'pessimistic_write' } });
    return order?.state === state ? order : null;
  }

  private account(o: UOrder, kind: AccountKind): AccountRef {
    return { owner: { type: 'user', id: o.userId }, book: o.book, currency: o.currency, kind };
  }

  private house(o: UOrder, id: SystemAccount): AccountRef {
    return { owner: { type: 'system', id }, book: o.book, currency: o.currency, kind: 'main' };
  }
}
