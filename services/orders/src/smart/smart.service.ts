import { Inject, Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Decimal from 'decimal.js';
import type { DataSource } from 'typeorm';
import {
  ApiSuccess,
  AppException,
  Clock,
  ErrorCode,
  SYSTEM_PARAMETERS,
  type Book,
  type SystemParameterReader,
} from '@app/common';
import { AccountKind, InsufficientBalanceError, LedgerService, SystemAccount, type Leg } from '@app/ledger';
import type { BuySmartDto } from './dto/smart.dto';
import { SmartOrder } from './entities/smart-order.entity';
import { SmartProduct } from './entities/smart-product.entity';

export const DAY_MS = 24 * 3600 * 1000;
/** Amounts paid to users are floored to this scale; the remainder stays with the house. */
export const PAYOUT_DECIMALS = 8;

@Injectable()
export class SmartService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ledger: LedgerService,
    private readonly clock: Clock,
    @Optional() @Inject(SYSTEM_PARAMETERS) private readonly parameters?: SystemParameterReader,
  ) {}

  async products() {
    const rows = await this.dataSource
      .getRepository(SmartProduct)
      .find({ where: { active: true }, order: { sort: 'ASC', id: 'ASC' } });
    return rows.map((p) => ({
      id: p.id,
      name: p.name,
      currency: p.currency,
      dailyYield: p.dailyYield.toFixed(),
      dailyYieldPercent: p.dailyYield.times(100).toFixed(),
      minAmount: p.minAmount.toFixed(),
      maxAmount: p.maxAmount.toFixed(),
      cycles: p.cycles,
      allowRepeat: p.allowRepeat,
    }));
  }

  async buy(userId: string, book: Book, dto: BuySmartDto): Promise<ApiSuccess<unknown>> {
    if (book !== 'real') throw new AppException(ErrorCode.Forbidden, null, {}, 'message.demoNoSmartTrading');
    const product = await this.dataSource
      .getRepository(SmartProduct)
      .findOne({ where: { id: dto.productId, active: true } });
    if (!product) throw new AppException(ErrorCode.SmartProductWrong);
    if (!product.cycles.includes(dto.days)) throw new AppException(ErrorCode.DaysNotFound);
    const amount = new Decimal(dto.amount);
    if (amount.lt(product.minAmount) || amount.gt(product.maxAmount))
      throw new AppException(ErrorCode.InvestmentAmountWrong);
    const now = this.clock.now();
    try {
      const order = await this.dataSource.transaction(async (m) => {
        if (!product.allowRepeat) {
          // Serialize this user's purchases of the product so two at once cannot both pass.
          await m.query(`SELECT pg_advisory_xact_lock(hashtext('smart-buy-' || $1 || '-' || $2))`, [
            userId,
            product.id,
          ]);
          const held = await m.query(
            `SELECT 1 FROM orders.smart_orders WHERE user_id = $1 AND product_id = $2 AND status = 'earning' LIMIT 1`,
            [userId, product.id],
          );
          if (held.length) throw new AppException(ErrorCode.ProductAlreadyBought);
        }
        const saved = await m.save(
          m.create(SmartOrder, {
            userId,
            productId: product.id,
            currency: product.currency,
            amount,
            cycleDays: dto.days,
            dailyYield: product.dailyYield,
            startedAt: now,
            endsAt: new Date(now.getTime() + dto.days * DAY_MS),
            status: 'earning',
            daysPaid: 0,
            earned: new Decimal(0),
            penalty: null,
            closedAt: null,
          }),
        );
        await this.ledger.post(
          {
            key: `smart-subscribe-${saved.id}`,
            reason: 'smart_subscribe',
            refType: 'smart_order',
            refId: saved.id,
            legs: [
              {
                from: {
                  owner: { type: 'user', id: userId },
                  book: 'real',
                  currency: product.currency,
                  kind: AccountKind.Available,
                },
                to: {
                  owner: { type: 'user', id: userId },
                  book: 'real',
                  currency: product.currency,
                  kind: AccountKind.Principal,
                },
                amount,
              },
            ],
          },
          m,
        );
        return saved;
      });
      return new ApiSuccess(this.view(order, product.name), ErrorCode.PurchaseSuccess);
    } catch (error) {
      if (error instanceof InsufficientBalanceError)
        throw new AppException(ErrorCode.BalanceInsufficientMargin);
      throw error;
    }
  }

  async listMine(userId: string, page: number, size: number) {
    const [rows, total] = await this.dataSource
      .getRepository(SmartOrder)
      .findAndCount({ where: { userId }, order: { id: 'DESC' }, skip: (page - 1) * size, take: size });
    const names = new Map(
      (await this.dataSource.getRepository(SmartProduct).find()).map((p) => [p.id, p.name] as const),
    );
    return { list: rows.map((o) => this.view(o, names.get(o.productId) ?? '')), total };
  }

  /** Principal in plans, income today (UTC day of the clock) and cumulative income of a user. */
  async summary(userId: string) {
    const now = this.clock.now();
    const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const [row]: { principal: string; cumulative: string; today: string; active: string }[] =
      await this.dataSource.query(
        `SELECT
         coalesce(sum(o.amount) FILTER (WHERE o.status = 'earning'), 0)::text AS principal,
         coalesce(sum(o.earned), 0)::text AS cumulative,
         count(*) FILTER (WHERE o.status = 'earning')::text AS active,
         coalesce((SELECT sum(p.amount) FROM orders.smart_payouts p JOIN orders.smart_orders so ON so.id = p.order_id
                    WHERE so.user_id = $1 AND p.paid_at >= $2 AND p.paid_at < $3), 0)::text AS today
       FROM orders.smart_orders o WHERE o.user_id = $1`,
        [userId, dayStart, new Date(dayStart.getTime() + DAY_MS)],
      );
    return {
      currency: 'USDT',
      principalInPlans: new Decimal(row.principal).toFixed(),
      incomeToday: new Decimal(row.today).toFixed(),
      cumulativeIncome: new Decimal(row.cumulative).toFixed(),
      activePlans: Number(row.active),
    };
  }

  /** What an early exit returns, to show before the user confirms. */
  async exitQuote(userId: string, orderId: string) {
    const order = await this.owned(userId, orderId);
    const rate = await this.penaltyPercent();
    const penalty = order.amount.times(rate).div(100).toDecimalPlaces(PAYOUT_DECIMALS, Decimal.ROUND_UP);
    return {
      orderId,
      principal: order.amount.toFixed(),
      penaltyPercent: rate.toFixed(),
      penalty: penalty.toFixed(),
      returned: order.amount.minus(penalty).toFixed(),
    };
  }

  /** Ends a plan early: the principal returns less the penalty share, which goes to the house. */
  async exit(userId: string, orderId: string) {
    const quote = await this.exitQuote(userId, orderId);
    return this.dataSource.transaction(async (m) => {
      const order = await m
        .getRepository(SmartOrder)
        .findOne({ where: { id: orderId, userId }, lock: { mode: 'pessimistic_write' } });
      if (!order || order.status !== 'earning') throw new AppException(ErrorCode.RepeatedSubmission);
      const owner = { type: 'user' as const, id: userId };
      const principal = {
        owner,
        book: 'real' as const,
        currency: order.currency,
        kind: AccountKind.Principal,
      };
      const penalty = new Decimal(quote.penalty);
      const legs: Leg[] = [
        {
          from: principal,
          to: { owner, book: 'real', currency: order.currency, kind: AccountKind.Available },
          amount: order.amount.minus(penalty),
        },
      ];
      if (penalty.gt(0)) {
        legs.push({
          from: principal,
          to: {
            owner: { type: 'system', id: SystemAccount.Fees },
            book: 'real',
            currency: order.currency,
            kind: 'main',
          },
          amount: penalty,
        });
      }
      await this.ledger.post(
        {
          key: `smart-exit-${order.id}`,
          reason: 'smart_redeem',
          refType: 'smart_order',
          refId: order.id,
          legs,
        },
        m,
      );
      order.status = 'exited';
      order.penalty = penalty;
      order.closedAt = this.clock.now();
      await m.save(order);
      return new ApiSuccess({ ...quote, status: 'exited' }, ErrorCode.ModificationSuccess);
    });
  }

  private async penaltyPercent(): Promise<Decimal> {
    const value = await this.parameters?.get('smart_early_exit_penalty');
    if (value === null || value === undefined || !/^\d+(\.\d+)?$/.test(value))
      throw new AppException(ErrorCode.SystemParameterFailed);
    return new Decimal(value);
  }

  private async owned(userId: string, orderId: string): Promise<SmartOrder> {
    const order = await this.dataSource.getRepository(SmartOrder).findOne({ where: { id: orderId, userId } });
    if (!order) throw new AppException(ErrorCode.NotFound);
    if (order.status !== 'earning') throw new AppException(ErrorCode.RepeatedSubmission);
    return order;
  }

  view(o: SmartOrder, productName: string) {
    const nextDay = o.daysPaid + 1;
    return {
      id: o.id,
      productId: o.productId,
      productName,
      currency: o.currency,
      amount: o.amount.toFixed(),
      cycleDays: o.cycleDays,
      dailyYield: o.dailyYield.toFixed(),
      dailyIncome: o.amount
        .times(o.dailyYield)
        .toDecimalPlaces(PAYOUT_DECIMALS, Decimal.ROUND_DOWN)
        .toFixed(),
      earned: o.earned.toFixed(),
      daysPaid: o.daysPaid,
      status: o.status,
      startedAt: o.startedAt.toISOString(),
      endsAt: o.endsAt.toISOString(),
      nextEarningAt:
        o.status === 'earning' && nextDay <= o.cycleDays
          ? new Date(o.startedAt.getTime() + nextDay * DAY_MS).toISOString()
          : null,
      penalty: o.penalty?.toFixed() ?? null,
      closedAt: o.closedAt?.toISOString() ?? null,
    };
  }
}
