import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import Decimal from 'decimal.js';
import { In, LessThanOrEqual, type DataSource } from 'typeorm';
import {
  ApiSuccess,
  AppException,
  Clock,
  ErrorCode,
  MARKET_PRICES,
  TRADING_RESTRICTION,
  type Book,
  type MarketPrices,
  type TradingRestriction,
} from '@app/common';
import {
  AccountKind,
  InsufficientBalanceError,
  LedgerService,
  SystemAccount,
  type AccountRef,
  type Leg,
} from '@app/ledger';
import { JobName, QueueName, type JobPayloads } from '@app/queue';
import type { BuyOptionsDto, ListOptionsQuery } from './dto/options.dto';
import { OptionsOrder, type OptionsState } from './entities/options-order.entity';
import { OptionsProduct } from './entities/options-product.entity';
import { outcomeOf, payoutOf, winningsOf } from './options-math';
import { TradingEvent, TradingEvents } from '../u-orders/trading-events';

const LIST_STATES: Record<string, OptionsState[]> = {
  current: ['open'],
  history: ['won', 'lost', 'draw'],
  open: ['open'],
  won: ['won'],
  lost: ['lost'],
  draw: ['draw'],
};

export const optionsSettleJobId = (orderId: string) => `options-settle-${orderId}`;

/** Fixed-period up/down options: the stake is held until expiry, then settled against the feed. */
@Injectable()
export class OptionsService {
  private readonly logger = new Logger(OptionsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ledger: LedgerService,
    private readonly clock: Clock,
    @Inject(MARKET_PRICES) private readonly prices: MarketPrices,
    @InjectQueue(QueueName.Trading) private readonly queue: Queue,
    private readonly events: TradingEvents,
    @Optional() @Inject(TRADING_RESTRICTION) private readonly restriction?: TradingRestriction,
  ) {}

  async products() {
    const rows = await this.dataSource
      .getRepository(OptionsProduct)
      .find({ where: { active: true }, order: { sort: 'ASC', id: 'ASC' } });
    return rows.map((p) => this.productView(p));
  }

  productView(p: OptionsProduct) {
    return {
      id: p.id,
      name: p.name,
      periodSeconds: p.periodSeconds,
      payoutRate: p.payoutRate.toFixed(),
      payoutPercent: p.payoutRate.times(100).toFixed(),
      currency: p.currency,
      minAmount: p.minAmount.toFixed(),
      maxAmount: p.maxAmount.toFixed(),
      active: p.active,
      sort: p.sort,
    };
  }

  async buy(userId: string, book: Book, dto: BuyOptionsDto): Promise<ApiSuccess<unknown>> {
    if (await this.restriction?.isFrozen(userId)) {
      throw new AppException(ErrorCode.UserStatusAbnormal, null, {}, 'message.accountFrozenOverdue');
    }
    const product = await this.dataSource
      .getRepository(OptionsProduct)
      .findOne({ where: { id: dto.productId, active: true } });
    if (!product) throw new AppException(ErrorCode.OptionsProductWrong);
    const terms = this.prices.instrument(dto.code);
    const amount = new Decimal(dto.amount);
    if (amount.lt(product.minAmount) || amount.gt(product.maxAmount)) {
      throw new AppException(ErrorCode.PurchaseAmountWrong);
    }
    const now = this.clock.now();
    this.prices.assertTradable(terms.code, now);
    // The feed's price, as U orders take it: 10015 while the instrument is paused by a bad tick or
    // its feed went quiet (an option must not be struck at a price the feed guard does not believe).
    const { price: openPrice } = await this.prices.quote(terms.code);
    let order: OptionsOrder;
    try {
      order = await this.dataSource.transaction(async (m) => {
        const saved = await m.save(
          m.create(OptionsOrder, {
            userId,
            book,
            productId: product.id,
            instrumentId: terms.id,
            code: terms.code,
            currency: product.currency,
            direction: dto.direction,
            amount,
            payoutRate: product.payoutRate,
            periodSeconds: product.periodSeconds,
            openPrice,
            openedAt: now,
            expiresAt: new Date(now.getTime() + product.periodSeconds * 1000),
            state: 'open',
            settlePrice: null,
            settlePriceSource: null,
            settlePriceAt: null,
            payout: null,
            settledAt: null,
          }),
        );
        await this.ledger.post(
          {
            key: `options-stake-${saved.id}`,
            reason: 'options_order',
            refType: 'options_order',
            refId: saved.id,
            legs: [
              {
                from: this.account(saved, AccountKind.Available),
                to: this.account(saved, AccountKind.OptionsStake),
                amount,
              },
            ],
          },
          m,
        );
        return saved;
      });
    } catch (error) {
      if (error instanceof InsufficientBalanceError) throw new AppException(ErrorCode.InsufficientBalance);
      throw error;
    }
    // After the commit: a job for an order that does not exist would only find nothing to do, but a
    // lost enqueue is caught up by the sweep, which settles every open order past its expiry.
    await this.schedule(order).catch((e: Error) => this.logger.warn(`options ${order.id}: ${e.message}`));
    return new ApiSuccess(this.view(order, product.name), ErrorCode.PurchaseSuccess);
  }

  /** The settlement job of an order, due at its expiry; its id makes a second one a no-op. */
  schedule(order: Pick<OptionsOrder, 'id' | 'expiresAt'>): Promise<unknown> {
    return this.queue.add(
      JobName.OptionsSettle,
      { orderId: order.id } satisfies JobPayloads[JobName.OptionsSettle],
      {
        jobId: optionsSettleJobId(order.id),
        delay: Math.max(order.expiresAt.getTime() - this.clock.now().getTime(), 0),
      },
    );
  }

  /**
   * Settles an order against the price in force at its expiry (not when the job happens to run),
   * once: the row is locked and must be open and expired. Answers the settled order, 'early'
   * before the expiry, or null when already settled.
   */
  async settle(orderId: string): Promise<OptionsOrder | 'early' | null> {
    const settled = await this.dataSource.transaction(async (m) => {
      const order = await m
        .getRepository(OptionsOrder)
        .findOne({ where: { id: orderId }, lock: { mode: 'pessimistic_write' } });
      if (!order || order.state !== 'open') return null;
      const now = this.clock.now();
      if (now < order.expiresAt) return 'early';
      const recorded = await this.prices.priceAt(order.code, order.expiresAt);
      // No tick nor K-line at or before the expiry is known (the feed never ran): the price now.
      const evidence = recorded ?? {
        price: await this.prices.lastPrice(order.code),
        at: now,
        source: 'quote',
      };
      const state = outcomeOf(order.direction, order.openPrice, evidence.price);
      const payout = payoutOf(state, order.amount, order.payoutRate);
      const stake = this.account(order, AccountKind.OptionsStake);
      const available = this.account(order, AccountKind.Available);
      const house = this.house(order);
      const legs: Leg[] =
        state === 'lost'
          ? [{ from: stake, to: house, amount: order.amount }]
          : [{ from: stake, to: available, amount: order.amount }];
      const winnings = winningsOf(order.amount, order.payoutRate);
      if (state === 'won' && winnings.gt(0)) legs.push({ from: house, to: available, amount: winnings });
      await this.ledger.post(
        {
          key: `options-settle-${order.id}`,
          reason: 'options_settled',
          refType: 'options_order',
          refId: order.id,
          legs,
        },
        m,
      );
      order.state = state;
      order.settlePrice = evidence.price;
      order.settlePriceSource = evidence.source;
      order.settlePriceAt = evidence.at;
      order.payout = payout;
      order.settledAt = now;
      return m.save(order);
    });
    if (settled instanceof OptionsOrder) {
      const names = await this.productNames().catch(() => new Map<number, string>());
      this.events.publish(
        settled.userId,
        TradingEvent.OptionsSettled,
        this.view(settled, names.get(settled.productId) ?? ''),
      );
    }
    return settled;
  }

  /**
   * Settles every open order past its expiry (a worker was down, or Redis lost or failed the job),
   * oldest first, each in its own transaction: at start and by the sweep. Answers how many.
   */
  async settleDue(limit = 1000): Promise<number> {
    const due = await this.dataSource.getRepository(OptionsOrder).find({
      select: { id: true },
      where: { state: 'open', expiresAt: LessThanOrEqual(this.clock.now()) },
      order: { id: 'ASC' },
      take: limit,
    });
    let settled = 0;
    for (const { id } of due) {
      try {
        const result = await this.settle(id);
        if (result && result !== 'early') settled++;
      } catch (error) {
        this.logger.error(`options ${id}: ${(error as Error).message}`);
      }
    }
    return settled;
  }

  async list(userId: string, book: Book, q: ListOptionsQuery) {
    const page = q.pageNum ?? 1;
    const size = q.pageSize ?? 20;
    const [rows, total] = await this.dataSource.getRepository(OptionsOrder).findAndCount({
      where: { userId, book, ...(q.state ? { state: In(LIST_STATES[q.state]) } : {}) },
      order: { id: 'DESC' },
      skip: (page - 1) * size,
      take: size,
    });
    const names = await this.productNames();
    return { list: rows.map((o) => this.view(o, names.get(o.productId) ?? '')), total };
  }

  async get(userId: string, book: Book, orderId: string) {
    const order = await this.dataSource
      .getRepository(OptionsOrder)
      .findOne({ where: { id: orderId, userId, book } });
    if (!order) throw new AppException(ErrorCode.NotFound);
    return this.view(order, (await this.productNames()).get(order.productId) ?? '');
  }

  async productNames(): Promise<Map<number, string>> {
    const products = await this.dataSource.getRepository(OptionsProduct).find();
    return new Map(products.map((p) => [p.id, p.name] as const));
  }

  view(o: OptionsOrder, productName: string) {
    const remaining = Math.max(Math.ceil((o.expiresAt.getTime() - this.clock.now().getTime()) / 1000), 0);
    return {
      id: o.id,
      orderNo: `O${o.id.padStart(10, '0')}`,
      code: o.code,
      marketId: o.instrumentId,
      productId: o.productId,
      productName,
      book: o.book,
      currency: o.currency,
      direction: o.direction,
      amount: o.amount.toFixed(),
      periodSeconds: o.periodSeconds,
      payoutRate: o.payoutRate.toFixed(),
      payoutIfWon: o.amount.plus(winningsOf(o.amount, o.payoutRate)).toFixed(),
      openPrice: o.openPrice.toFixed(),
      openTime: o.openedAt.toISOString(),
      expiresAt: o.expiresAt.toISOString(),
      remainingSeconds: o.state === 'open' ? remaining : 0,
      state: o.state,
      settlePrice: o.settlePrice?.toFixed() ?? null,
      settlePriceSource: o.settlePriceSource,
      settlePriceAt: o.settlePriceAt?.toISOString() ?? null,
      payout: o.payout?.toFixed() ?? null,
      profit: o.payout ? o.payout.minus(o.amount).toFixed() : null,
      settledAt: o.settledAt?.toISOString() ?? null,
    };
  }

  private account(o: OptionsOrder, kind: AccountKind): AccountRef {
    return { owner: { type: 'user', id: o.userId }, book: o.book, currency: o.currency, kind };
  }

  private house(o: OptionsOrder): AccountRef {
    return {
      owner: { type: 'system', id: SystemAccount.TradingPnl },
      book: o.book,
      currency: o.currency,
      kind: 'main',
    };
  }
}
