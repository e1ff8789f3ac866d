import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Decimal from 'decimal.js';
import type { Queue } from 'bullmq';
import type { DataSource, EntityManager } from 'typeorm';
import {
  ApiSuccess,
  AppException,
  Clock,
  ErrorCode,
  MARKET_PRICES,
  preparedQuery,
  SYSTEM_PARAMETERS,
  type Book,
  type MarketPrices,
  type SystemParameterReader,
  type TradingRestriction,
  type WithdrawalBlocker,
} from '@app/common';
import { AdminAuditService } from '@app/accounts';
import {
  InsufficientBalanceError,
  LedgerService,
  SystemAccount,
  type AccountRef,
  type Leg,
} from '@app/ledger';
import { JobName, QueueName } from '@app/queue';
import { KycService } from '../kyc/kyc.service';
import { Loan, LoanProduct, type LoanStatus } from './entities/loan.entity';
import { LoanAgreementRenderer } from './loan-agreement';
import { loanInterest, type LoanInterest } from './loan-math';

const DAY_MS = 24 * 3600 * 1000;
const SCALE = 8;

/**
 * Withdrawals are blocked during a loan (spec). Granting a loan and checking a withdrawal in the
 * transaction that freezes its money (blocksWithdrawals with a manager: the funds service's request
 * and approval) take this per-user transaction-level advisory lock first, then check the other side
 * in the same transaction: a loan is granted only with no withdrawal under review, a withdrawal
 * goes on only with no open loan, and neither can check before the other has committed.
 */
const LOAN_WITHDRAWAL_LOCK = 'loan-withdrawal-';

/** Takes the lock above for the rest of the caller's transaction. */
async function lockLoanWithdrawal(m: EntityManager, userId: string): Promise<void> {
  await m.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`${LOAN_WITHDRAWAL_LOCK}${userId}`]);
}

/**
 * Collateral-free loans for verified users: amount up to a share of the real book valued in USDT
 * (by verification tier: see `cap`), interest per day after the interest-free days, principal
 * and interest due at the end of the term. While a loan is open, withdrawals are refused.
 */
/** The longest a "not frozen" answer is trusted (see isFrozen). */
const NOT_FROZEN_TTL_MS = 2_000;
const NOT_FROZEN_ENTRIES = 100_000;

@Injectable()
export class LoansService implements WithdrawalBlocker, TradingRestriction {
  /** Per user, when (platform clock, ms) "not frozen" holds without asking the database. */
  private readonly notFrozenUntil = new Map<string, { from: number; until: number }>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ledger: LedgerService,
    private readonly kyc: KycService,
    private readonly clock: Clock,
    private readonly agreements: LoanAgreementRenderer,
    private readonly audit: AdminAuditService,
    @InjectQueue(QueueName.Loans) private readonly queue: Queue,
    @Inject(MARKET_PRICES) private readonly prices: MarketPrices,
    @Optional() @Inject(SYSTEM_PARAMETERS) private readonly parameters?: SystemParameterReader,
  ) {}

  /**
   * An overdue (expired) loan freezes trading until it is repaid. Every order asks, so a "not
   * frozen" answer is remembered per user (platform clock) until the sooner of NOT_FROZEN_TTL_MS
   * and the due time of the user's open loan: a loan only becomes overdue once its due time has
   * passed (the overdue sweep and the due-time job both require it), and a loan granted later is
   * due days later. "Frozen" is never remembered, so a repayment unfreezes at once.
   */
  async isFrozen(userId: string): Promise<boolean> {
    const now = this.clock.now().getTime();
    const known = this.notFrozenUntil.get(userId);
    // (A clock set back, as tests do, makes the entry unusable.)
    if (known && known.from <= now && now < known.until) return false;
    // At most one open loan per user (index loans_one_open).
    const open = await preparedQuery<{ status: LoanStatus; due_at: Date }>(
      this.dataSource,
      'loans_open_loan',
      `SELECT status, due_at FROM loans.loans WHERE user_id = $1 AND status <> 'repaid' LIMIT 1`,
      [userId],
    );
    if (open[0]?.status === 'expired') {
      this.notFrozenUntil.delete(userId);
      return true;
    }
    const horizon = Math.min(
      now + NOT_FROZEN_TTL_MS,
      open[0] ? new Date(open[0].due_at).getTime() : Infinity,
    );
    if (horizon > now) {
      this.notFrozenUntil.delete(userId);
      if (this.notFrozenUntil.size >= NOT_FROZEN_ENTRIES) {
        // Maps iterate in insertion order: the oldest entry goes.
        const oldest = this.notFrozenUntil.keys().next();
        if (!oldest.done) this.notFrozenUntil.delete(oldest.value);
      }
      this.notFrozenUntil.set(userId, { from: now, until: horizon });
    }
    return false;
  }

  /**
   * An open loan blocks withdrawals (403); an overdue one has frozen the account, and the request
   * is refused as every other frozen-account action is (10005, "frozen until the overdue loan is
   * repaid"). Given the caller's transaction `m` (the one that freezes or pays out the withdrawal),
   * the answer holds until `m` ends: no loan is granted before (LOAN_WITHDRAWAL_LOCK).
   */
  async blocksWithdrawals(userId: string, m?: EntityManager): Promise<boolean> {
    if (m) await lockLoanWithdrawal(m, userId);
    const open: { status: string }[] = await (m ?? this.dataSource).query(
      `SELECT status FROM loans.loans WHERE user_id = $1 AND status <> 'repaid'
        ORDER BY (status = 'expired') DESC LIMIT 1`,
      [userId],
    );
    if (open[0]?.status === 'expired') {
      throw new AppException(ErrorCode.UserStatusAbnormal, null, {}, 'message.accountFrozenOverdue');
    }
    return open.length > 0;
  }

  async products() {
    const rows = await this.dataSource
      .getRepository(LoanProduct)
      .find({ where: { active: true }, order: { termDays: 'ASC' } });
    const freeDays = await this.freeDays();
    return rows.map((p) => ({
      id: p.id,
      termDays: p.termDays,
      dailyRatePercent: p.dailyRate.toFixed(),
      minAmount: p.minAmount.toFixed(),
      maxAmount: p.maxAmount.toFixed(),
      interestFreeDays: freeDays,
    }));
  }

  /** The offer shown before the user signs: amount, term, daily rate, total interest, repayment date, cap. */
  async quote(userId: string, amount: string, termDays: number) {
    if (!(await this.kyc.isVerified(userId))) throw new AppException(ErrorCode.NotRealNameVerified);
    const product = await this.dataSource
      .getRepository(LoanProduct)
      .findOne({ where: { termDays, active: true } });
    if (!product) throw new AppException(ErrorCode.LoanTermWrong);
    const principal = new Decimal(amount);
    const freeDays = await this.freeDays();
    const cap = await this.cap(userId);
    if (principal.lt(product.minAmount)) {
      throw AppException.field('amount', 'validation.spotAmountTooSmall', {
        amount: product.minAmount.toFixed(),
      });
    }
    if (principal.gt(product.maxAmount) || principal.gt(cap)) {
      throw AppException.field('amount', 'validation.loanAboveCap', {
        limit: Decimal.min(cap, product.maxAmount).toFixed(),
      });
    }
    const dueDays = this.dueDays(termDays, freeDays);
    const interestDays = Math.max(0, dueDays - freeDays);
    const totalInterest = loanInterest(principal, product.dailyRate, interestDays).charged;
    const now = this.clock.now();
    return {
      product,
      /** The days from the grant to the repayment date. */
      dueDays,
      offer: {
        amount: principal.toFixed(),
        currency: 'USDT',
        termDays,
        /** The days until the repayment date: the term, or 1 with no interest-free days. */
        dueDays,
        dailyRatePercent: product.dailyRate.toFixed(),
        interestFreeDays: freeDays,
        totalInterest: totalInterest.toFixed(),
        totalDue: principal.plus(totalInterest).toFixed(),
        repaymentDate: new Date(now.getTime() + dueDays * DAY_MS).toISOString(),
        cap: cap.toFixed(),
      },
    };
  }

  async apply(userId: string, book: Book, amount: string, termDays: number, agreed: boolean) {
    if (book !== 'real') throw new AppException(ErrorCode.Forbidden, null, {}, 'message.demoNotAllowed');
    if (!agreed) throw AppException.field('agree', 'validation.notSigned');
    const { product, dueDays, offer } = await this.quote(userId, amount, termDays);
    const now = this.clock.now();
    try {
      const loan = await this.dataSource.transaction(async (m) => {
        await lockLoanWithdrawal(m, userId);
        if (await this.hasPendingWithdrawal(m, userId)) {
          // Its approval would send money out during the loan.
          throw new AppException(ErrorCode.Forbidden, null, {}, 'message.loanBlockedByWithdrawal');
        }
        const saved = await m.save(
          m.create(Loan, {
            userId,
            productId: product.id,
            currency: 'USDT',
            amount: new Decimal(offer.amount),
            // The loan's own term: interest is accrued and charged up to it (see dueDays).
            termDays: dueDays,
            dailyRate: product.dailyRate,
            interestFreeDays: offer.interestFreeDays,
            totalInterest: new Decimal(offer.totalInterest),
            dueAt: new Date(offer.repaymentDate),
            status: 'repaying',
            repaidAmount: null,
            repaidAt: null,
            createdAt: now,
          }),
        );
        await this.ledger.post(
          {
            key: `loan-grant-${saved.id}`,
            reason: 'loan_granted',
            refType: 'loan',
            refId: saved.id,
            legs: [
              {
                from: {
                  owner: { type: 'system', id: SystemAccount.LoanPool },
                  book: 'real',
                  currency: 'USDT',
                  kind: 'main',
                },
                to: {
                  owner: { type: 'user', id: userId },
                  book: 'real',
                  currency: 'USDT',
                  kind: 'available',
                },
                amount: saved.amount,
              },
            ],
          },
          m,
        );
        return saved;
      });
      // The due-time job makes it overdue on time; the periodic sweep is the safety net.
      await this.queue.add(
        JobName.LoanDue,
        { loanId: loan.id },
        { jobId: `loan-due-${loan.id}`, delay: Math.max(0, loan.dueAt.getTime() - now.getTime()) },
      );
      return new ApiSuccess(this.view(loan), ErrorCode.Success);
    } catch (error) {
      // The partial unique index: one open loan at a time.
      if ((error as { driverError?: { constraint?: string } }).driverError?.constraint === 'loans_one_open') {
        throw new AppException(ErrorCode.RepeatedSubmission);
      }
      throw error;
    }
  }

  /**
   * Whether the user has a withdrawal under review (its money frozen, not yet paid out or returned).
   * The one read of the funds service's table from here: the WithdrawalBlocker contract (libs/common)
   * runs the other way only. Read in the caller's transaction under LOAN_WITHDRAWAL_LOCK.
   */
  private async hasPendingWithdrawal(m: EntityManager, userId: string): Promise<boolean> {
    const rows: unknown[] = await m.query(
      `SELECT 1 FROM funds.withdrawals WHERE user_id = $1 AND status = 'pending' LIMIT 1`,
      [userId],
    );
    return rows.length > 0;
  }

  /** Repays principal plus the interest accrued so far (early repayment pays only the days used). */
  async repay(userId: string, loanId: string) {
    try {
      return await this.dataSource.transaction(async (m) => {
        const loan = await m
          .getRepository(Loan)
          .findOne({ where: { id: loanId, userId }, lock: { mode: 'pessimistic_write' } });
        if (!loan) throw new AppException(ErrorCode.NotFound);
        if (loan.status === 'repaid') throw new AppException(ErrorCode.RepeatedSubmission);
        await this.settle(loan, { owner: { type: 'user', id: userId }, kind: 'available' }, m);
        loan.status = 'repaid';
        loan.repaidAt = this.clock.now();
        await m.save(loan);
        return new ApiSuccess(this.view(loan), ErrorCode.ModificationSuccess);
      });
    } catch (error) {
      if (error instanceof InsufficientBalanceError) throw new AppException(ErrorCode.InsufficientBalance);
      throw error;
    }
  }

  /**
   * A repayment received outside the platform (e.g. a bank transfer), recorded by a reviewer with a
   * note: the money comes from the outside world. Same ledger key as the user's own repayment, so a
   * loan can never be repaid twice.
   */
  async markRepaidByAdmin(loanId: string, adminId: string, ip: string | null, note: string) {
    return this.dataSource.transaction(async (m) => {
      const loan = await m
        .getRepository(Loan)
        .findOne({ where: { id: loanId }, lock: { mode: 'pessimistic_write' } });
      if (!loan) throw new AppException(ErrorCode.NotFound);
      if (loan.status === 'repaid') return this.view(loan); // safe to click twice
      await this.settle(loan, { owner: { type: 'system', id: SystemAccount.External }, kind: 'main' }, m);
      loan.status = 'repaid';
      loan.repaidAt = this.clock.now();
      await m.save(loan);
      await this.audit.record(
        {
          adminId,
          action: 'loan.markRepaid',
          targetType: 'loan',
          targetId: loan.id,
          detail: { note, repaidAmount: loan.repaidAmount?.toFixed() },
          ip: ip ?? undefined,
        },
        m,
      );
      return this.view(loan);
    });
  }

  /** The agreement PDF; `userId` restricts it to the borrower (reviewers pass null). */
  async agreement(loanId: string, userId: string | null): Promise<Uint8Array> {
    const loan = await this.dataSource
      .getRepository(Loan)
      .findOne({ where: userId ? { id: loanId, userId } : { id: loanId } });
    if (!loan) throw new AppException(ErrorCode.NotFound);
    const identity = await this.kyc.verifiedIdentity(loan.userId);
    return this.agreements.render(loan, {
      userId: loan.userId,
      fullName: identity?.fullName ?? null,
      documentType: identity?.documentType ?? null,
      documentNumber: identity?.documentNumber ?? null,
      signaturePng: identity?.signaturePng ?? null,
    });
  }

  /** Principal back to the loan pool and the interest accrued so far to the fee account. */
  private async settle(loan: Loan, payer: Pick<AccountRef, 'owner' | 'kind'>, m: EntityManager) {
    const { charged: interest, remainder } = this.accrued(loan);
    const from: AccountRef = { ...payer, book: 'real', currency: loan.currency };
    const legs: Leg[] = [
      {
        from,
        to: {
          owner: { type: 'system', id: SystemAccount.LoanPool },
          book: 'real',
          currency: loan.currency,
          kind: 'main',
        },
        amount: loan.amount,
      },
    ];
    if (interest.gt(0)) {
      legs.push({
        from,
        to: {
          owner: { type: 'system', id: SystemAccount.Fees },
          book: 'real',
          currency: loan.currency,
          kind: 'main',
        },
        amount: interest,
      });
    }
    // The interest below the currency's scale, not charged to the borrower: from the house's
    // rounding account, so that the fee account books the exact interest.
    if (remainder.gt(0)) {
      legs.push({
        from: {
          owner: { type: 'system', id: SystemAccount.Rounding },
          book: 'real',
          currency: loan.currency,
          kind: 'main',
        },
        to: {
          owner: { type: 'system', id: SystemAccount.Fees },
          book: 'real',
          currency: loan.currency,
          kind: 'main',
        },
        amount: remainder,
      });
    }
    await this.ledger.post(
      { key: `loan-repay-${loan.id}`, reason: 'loan_repaid', refType: 'loan', refId: loan.id, legs },
      m,
    );
    loan.repaidAmount = loan.amount.plus(interest);
  }

  async listMine(userId: string) {
    const rows = await this.dataSource.getRepository(Loan).find({ where: { userId }, order: { id: 'DESC' } });
    return rows.map((l) => this.view(l));
  }

  /** Interest for the days used so far (at least one), not beyond the term, after the free days. */
  private accrued(loan: Loan): LoanInterest {
    const usedDays = Math.min(
      loan.termDays,
      Math.max(1, Math.ceil((this.clock.now().getTime() - loan.createdAt.getTime()) / DAY_MS)),
    );
    const interestDays = Math.max(0, usedDays - loan.interestFreeDays);
    return loanInterest(loan.amount, loan.dailyRate, interestDays);
  }

  /**
   * The share of the real book's USDT value a user may borrow, by verification tier: the base
   * `loan_cap_ratio` (80%) without KYC (such a user is refused with 10022 before any cap applies),
   * the higher `loan_cap_ratio_kyc` once KYC is verified, the highest `loan_cap_ratio_advanced`
   * after advanced certification.
   */
  private async cap(userId: string): Promise<Decimal> {
    const key = !(await this.kyc.isVerified(userId))
      ? 'loan_cap_ratio'
      : (await this.kyc.isVerified(userId, 'advanced'))
        ? 'loan_cap_ratio_advanced'
        : 'loan_cap_ratio_kyc';
    const ratio = await this.parameter(key);
    return (await this.realBookUsdtValue(userId)).times(ratio).toDecimalPlaces(SCALE, Decimal.ROUND_DOWN);
  }

  /**
   * The available balance of every coin in the user's real book, valued in USDT at the market's
   * last `<COIN>USDT` price (MARKET_PRICES, as the funds asset summary values coin accounts).
   * A coin the market has no price for is left out of the sum, as in that summary.
   */
  private async realBookUsdtValue(userId: string): Promise<Decimal> {
    let total = new Decimal(0);
    for (const line of await this.ledger.userBalances(userId, 'real')) {
      if (line.kind !== 'available' || line.balance.isZero()) continue;
      if (line.currency === 'USDT') {
        total = total.plus(line.balance);
        continue;
      }
      let price: Decimal;
      try {
        price = await this.prices.lastPrice(`${line.currency}USDT`);
      } catch {
        continue; // no price (unknown instrument or no tick yet): the coin is left out
      }
      total = total.plus(line.balance.times(price));
    }
    return total;
  }

  /**
   * Days from the grant to the repayment date (DESIGN.md): the product's term, after whose
   * interest-free days interest accrues; with no interest-free days (loan_interest_free_days 0),
   * principal and interest are due one day after the loan. The loan records this as its term.
   */
  private dueDays(productTermDays: number, freeDays: number): number {
    return freeDays === 0 ? 1 : productTermDays;
  }

  private async freeDays(): Promise<number> {
    return (await this.parameter('loan_interest_free_days')).toNumber();
  }

  private async parameter(key: string): Promise<Decimal> {
    const value = await this.parameters?.get(key);
    if (value === null || value === undefined || !/^\d+(\.\d+)?$/.test(value))
      throw new AppException(ErrorCode.SystemParameterFailed);
    return new Decimal(value);
  }

  view(l: Loan) {
    return {
      id: l.id,
      amount: l.amount.toFixed(),
      currency: l.currency,
      termDays: l.termDays,
      dailyRatePercent: l.dailyRate.toFixed(),
      interestFreeDays: l.interestFreeDays,
      totalInterest: l.totalInterest.toFixed(),
      repaymentDate: l.dueAt.toISOString(),
      status: l.status,
      accruedInterest: l.status === 'repaid' ? null : this.accrued(l).charged.toFixed(),
      repaidAmount: l.repaidAmount?.toFixed() ?? null,
      repaidAt: l.repaidAt?.toISOString() ?? null,
      createdAt: l.createdAt.toISOString(),
    };
  }
}
