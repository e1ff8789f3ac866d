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
  TRADING_RESTRICTION,
  type Book,
  type Language,
  type SystemParameterReader,
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
import type { BuyPlanDto } from './dto/plan.dto';
import { Plan, type PlanKind } from './entities/plan.entity';
import { PlanProduct, productName } from './entities/plan-product.entity';
import { dailyIncome, DAY_MS, PAYOUT_DECIMALS, PLAN_KINDS } from './plan-kinds';
import { PlanSettlementService } from './plan-settlement.service';

/** Smart trading plans and staking (mining) plans: products, subscription, lists, early exit. */
@Injectable()
export class PlansService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ledger: LedgerService,
    private readonly clock: Clock,
    private readonly settlement: PlanSettlementService,
    @Optional() @Inject(SYSTEM_PARAMETERS) private readonly parameters?: SystemParameterReader,
    @Optional() @Inject(TRADING_RESTRICTION) private readonly restriction?: TradingRestriction,
  ) {}

  async products(kind: PlanKind, language: Language = 'en') {
    const rows = await this.dataSource
      .getRepository(PlanProduct)
      .find({ where: { kind, active: true }, order: { sort: 'ASC', id: 'ASC' } });
    return rows.map((p) => ({
      id: p.id,
      name: productName(p, language),
      currency: p.currency,
      dailyYield: p.dailyYield.toFixed(),
      dailyYieldPercent: p.dailyYield.times(100).toFixed(),
      minAmount: p.minAmount.toFixed(),
      maxAmount: p.maxAmount.toFixed(),
      cycles: p.cycles,
      allowRepeat: p.allowRepeat,
    }));
  }

  async buy(
    kind: PlanKind,
    userId: string,
    book: Book,
    dto: BuyPlanDto,
    language: Language = 'en',
  ): Promise<ApiSuccess<unknown>> {
    // Both kinds lock real money for days; the demo book has no use for them (spec: smart trading).
    if (book !== 'real') {
      throw new AppException(
        ErrorCode.Forbidden,
        null,
        {},
        kind === 'smart' ? 'message.demoNoSmartTrading' : 'message.demoNotAllowed',
      );
    }
    if (await this.restriction?.isFrozen(userId)) {
      throw new AppException(ErrorCode.UserStatusAbnormal, null, {}, 'message.accountFrozenOverdue');
    }
    const product = await this.dataSource
      .getRepository(PlanProduct)
      .findOne({ where: { id: dto.productId, kind, active: true } });
    if (!product) throw new AppException(kind === 'smart' ? ErrorCode.SmartProductWrong : ErrorCode.NotFound);
    if (!product.cycles.includes(dto.days))
      throw new AppException(kind === 'smart' ? ErrorCode.DaysNotFound : ErrorCode.TermNotFound);
    const amount = new Decimal(dto.amount);
    if (amount.lt(product.minAmount) || amount.gt(product.maxAmount)) {
      throw new AppException(
        kind === 'smart' ? ErrorCode.InvestmentAmountWrong : ErrorCode.PurchaseAmountWrong,
      );
    }
    const now = this.clock.now();
    const rules = PLAN_KINDS[kind];
    try {
      const plan = await this.dataSource.transaction(async (m) => {
        if (!product.allowRepeat) {
          // Serialize this user's purchases of the product so two at once cannot both pass.
          await m.query(`SELECT pg_advisory_xact_lock(hashtext('plan-buy-' || $1 || '-' || $2))`, [
            userId,
            product.id,
          ]);
          const held = await m.query(
            `SELECT 1 FROM orders.plans WHERE user_id = $1 AND product_id = $2 AND status = 'earning' LIMIT 1`,
            [userId, product.id],
          );
          if (held.length) throw new AppException(ErrorCode.ProductAlreadyBought);
        }
        const owner = { type: 'user' as const, id: userId };
        const available: AccountRef = {
          owner,
          book: 'real',
          currency: product.currency,
          kind: AccountKind.Available,
        };
        const principal: AccountRef = {
          owner,
          book: 'real',
          currency: product.currency,
          kind: rules.principalKind,
        };
        // The plan keeps the ids of the accounts its settlement pays (no lookup per plan and day).
        const [availableAccountId, principalAccountId] = await this.ledger.accountIdsOf([
          available,
          principal,
        ]);
        const saved = await m.save(
          m.create(Plan, {
            kind,
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
            availableAccountId,
            principalAccountId,
          }),
        );
        await this.ledger.post(
          {
            key: `plan-subscribe-${saved.id}`,
            reason: rules.reasons.subscribe,
            refType: 'plan',
            refId: saved.id,
            legs: [{ from: available, to: principal, amount }],
          },
          m,
        );
        return saved;
      });
      return new ApiSuccess(this.view(plan, productName(product, language)), ErrorCode.PurchaseSuccess);
    } catch (error) {
      if (error instanceof InsufficientBalanceError)
        throw new AppException(ErrorCode.BalanceInsufficientMargin);
      throw error;
    }
  }

  async listMine(kind: PlanKind, userId: string, page: number, size: number, language: Language = 'en') {
    const [rows, total] = await this.dataSource
      .getRepository(Plan)
      .findAndCount({ where: { userId, kind }, order: { id: 'DESC' }, skip: (page - 1) * size, take: size });
    const names = new Map(
      (await this.dataSource.getRepository(PlanProduct).find()).map(
        (p) => [p.id, productName(p, language)] as const,
      ),
    );
    return { list: rows.map((o) => this.view(o, names.get(o.productId) ?? '')), total };
  }

  /** Principal in plans, income today (UTC day of the clock) and cumulative income, per currency. */
  async summary(userId: string) {
    const now = this.clock.now();
    const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const rows: { currency: string; principal: string; cumulative: string; today: string; active: string }[] =
      await this.dataSource.query(
        `SELECT o.currency,
           coalesce(sum(o.amount) FILTER (WHERE o.status = 'earning'), 0)::text AS principal,
           coalesce(sum(o.earned), 0)::text AS cumulative,
           count(*) FILTER (WHERE o.status = 'earning')::text AS active,
           coalesce((SELECT sum(p.amount) FROM orders.plan_payouts p JOIN orders.plans so ON so.id = p.plan_id
                      WHERE so.user_id = $1 AND so.currency = o.currency AND p.paid_at >= $2 AND p.paid_at < $3), 0)::text AS today
         FROM orders.plans o WHERE o.user_id = $1 GROUP BY o.currency ORDER BY o.currency`,
        [userId, dayStart, new Date(dayStart.getTime() + DAY_MS)],
      );
    return rows.map((r) => ({
      currency: r.currency,
      principalInPlans: new Decimal(r.principal).toFixed(),
      incomeToday: new Decimal(r.today).toFixed(),
      cumulativeIncome: new Decimal(r.cumulative).toFixed(),
      activePlans: Number(r.active),
    }));
  }

  /**
   * What an early exit returns, to show before the user confirms. The days already due are paid
   * first (see payDueDays), so the quote and the exit start from the plan as it stands now. When
   * that payment was the cycle's last day, the plan has just completed with its whole principal
   * back: the quote says so (status `completed`, no penalty) instead of refusing.
   */
  async exitQuote(userId: string, planId: string): Promise<ExitQuote> {
    const find = () =>
      this.dataSource.getRepository(Plan).findOne({ where: { id: planId, userId, kind: 'smart' } });
    let plan = await find();
    if (!plan) throw new AppException(ErrorCode.NotFound);
    if (plan.status === 'earning' && (await this.payDueDays(plan))) {
      plan = await find();
      if (plan?.status === 'completed') return quoteOf(plan, new Decimal(0), new Decimal(0), 'completed');
    }
    if (plan?.status !== 'earning') throw new AppException(ErrorCode.RepeatedSubmission);
    const rate = await this.penaltyPercent();
    const penalty = plan.amount.times(rate).div(100).toDecimalPlaces(PAYOUT_DECIMALS, Decimal.ROUND_UP);
    return quoteOf(plan, rate, penalty, 'earning');
  }

  /** Ends a smart plan early: the principal returns less the penalty share, which goes to the house. */
  async exit(userId: string, planId: string) {
    // An anniversary can pass between the quote (which pays the days due) and the plan's lock:
    // then the exit pays that day too, and quotes again, instead of forfeiting it.
    for (let attempt = 0; attempt < 3; attempt++) {
      const quote = await this.exitQuote(userId, planId);
      if (quote.status === 'completed') return new ApiSuccess(quote, ErrorCode.ModificationSuccess);
      const exited = await this.dataSource.transaction(async (m) => {
        const plan = await m
          .getRepository(Plan)
          .findOne({ where: { id: planId, userId }, lock: { mode: 'pessimistic_write' } });
        if (!plan || plan.status !== 'earning') throw new AppException(ErrorCode.RepeatedSubmission);
        const now = this.clock.now();
        if (daysDue(plan, now) > plan.daysPaid) return null;
        const penalty = new Decimal(quote.penalty);
        await this.ledger.post(
          {
            key: `plan-exit-${plan.id}`,
            reason: PLAN_KINDS[plan.kind].reasons.redeem,
            refType: 'plan',
            refId: plan.id,
            legs: exitLegs(plan, userId, penalty),
          },
          m,
        );
        plan.status = 'exited';
        plan.penalty = penalty;
        plan.closedAt = now;
        await m.save(plan);
        return new ApiSuccess({ ...quote, status: 'exited' }, ErrorCode.ModificationSuccess);
      });
      if (exited) return exited;
    }
    // Only a clock that keeps passing anniversaries faster than the settlement pays them gets here.
    throw new AppException(ErrorCode.Conflict);
  }

  /**
   * Pays a plan's days whose anniversary has passed but that the settlement (a scan once a minute)
   * has not paid yet: an exit just after an anniversary must not forfeit that day's income. It is
   * the settlement's own statement, so each day is still paid once, whoever comes first; the last
   * day of the cycle completes the plan as it would have. True when something was due.
   */
  private async payDueDays(plan: Plan): Promise<boolean> {
    const now = this.clock.now();
    if (daysDue(plan, now) <= plan.daysPaid) return false;
    await this.settlement.settle([plan.id], now);
    return true;
  }

  private async penaltyPercent(): Promise<Decimal> {
    const value = await this.parameters?.get('smart_early_exit_penalty');
    if (value === null || value === undefined || !/^\d+(\.\d+)?$/.test(value))
      throw new AppException(ErrorCode.SystemParameterFailed);
    return new Decimal(value);
  }

  view(o: Plan, productName: string) {
    const now = this.clock.now().getTime();
    const daily = dailyIncome(o.amount, o.dailyYield).paid;
    const nextDay = o.daysPaid + 1;
    const earning = o.status === 'earning' && nextDay <= o.cycleDays;
    // Accrued since the last anniversary: the share of today's income already earned.
    const sinceLast = now - (o.startedAt.getTime() + o.daysPaid * DAY_MS);
    const accrued = earning
      ? daily
          .times(Math.min(Math.max(sinceLast, 0), DAY_MS))
          .div(DAY_MS)
          .toDecimalPlaces(PAYOUT_DECIMALS, Decimal.ROUND_DOWN)
      : new Decimal(0);
    return {
      id: o.id,
      kind: o.kind,
      productId: o.productId,
      productName,
      currency: o.currency,
      amount: o.amount.toFixed(),
      cycleDays: o.cycleDays,
      dailyYield: o.dailyYield.toFixed(),
      dailyIncome: daily.toFixed(),
      earned: o.earned.toFixed(),
      estimatedCurrentIncome: accrued.toFixed(),
      daysPaid: o.daysPaid,
      status: o.status,
      startedAt: o.startedAt.toISOString(),
      endsAt: o.endsAt.toISOString(),
      nextEarningAt: earning ? new Date(o.startedAt.getTime() + nextDay * DAY_MS).toISOString() : null,
      penalty: o.penalty?.toFixed() ?? null,
      closedAt: o.closedAt?.toISOString() ?? null,
    };
  }
}

export interface ExitQuote {
  orderId: string;
  principal: string;
  penaltyPercent: string;
  penalty: string;
  returned: string;
  /** `earning`: the exit would return `returned`; `completed`: the cycle just ended, all returned. */
  status: 'earning' | 'completed';
}

function quoteOf(plan: Plan, rate: Decimal, penalty: Decimal, status: ExitQuote['status']): ExitQuote {
  return {
    orderId: plan.id,
    principal: plan.amount.toFixed(),
    penaltyPercent: rate.toFixed(),
    penalty: penalty.toFixed(),
    returned: plan.amount.minus(penalty).toFixed(),
    status,
  };
}

/** The days of a plan whose anniversary has passed at `now`, up to its cycle. */
function daysDue(plan: Plan, now: Date): number {
  return Math.min(Math.floor((now.getTime() - plan.startedAt.getTime()) / DAY_MS), plan.cycleDays);
}

/**
 * An exit's legs: the principal less the penalty back to available, the penalty to the house. A
 * leg of zero is left out (the ledger refuses it): no penalty, or a penalty of the whole principal.
 */
function exitLegs(plan: Plan, userId: string, penalty: Decimal): Leg[] {
  const owner = { type: 'user' as const, id: userId };
  const principal = {
    owner,
    book: 'real' as const,
    currency: plan.currency,
    kind: PLAN_KINDS[plan.kind].principalKind,
  };
  const legs: Leg[] = [];
  const returned = plan.amount.minus(penalty);
  if (returned.gt(0)) {
    legs.push({
      from: principal,
      to: { owner, book: 'real', currency: plan.currency, kind: AccountKind.Available },
      amount: returned,
    });
  }
  if (penalty.gt(0)) {
    legs.push({
      from: principal,
      to: {
        owner: { type: 'system', id: SystemAccount.Fees },
        book: 'real',
        currency: plan.currency,
        kind: 'main',
      },
      amount: penalty,
    });
  }
  return legs;
}
