import { Inject, Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Decimal from 'decimal.js';
import type { DataSource, EntityManager } from 'typeorm';
import {
  ApiSuccess,
  AppException,
  ErrorCode,
  MARKET_PRICES,
  NOTIFICATIONS,
  SECOND_FACTOR,
  SYSTEM_PARAMETERS,
  WITHDRAWAL_BLOCKER,
  type AuthPrincipal,
  type Book,
  type MarketPrices,
  type Notifications,
  type SecondFactor,
  type SystemParameterReader,
  type WithdrawalBlocker,
} from '@app/common';
import { InsufficientBalanceError, LedgerService, SystemAccount } from '@app/ledger';
import { ReviewAlerts } from '@app/queue';
import { AdminAuditService, formatUtc, SecurityChangesService, UsersService } from '@app/accounts';
import { AddressBookService } from '../address-book/address-book.service';
import { WithdrawalWhitelistService } from '../address-book/withdrawal-whitelist.service';
import type { AddressKind } from '../coins/entities/coin-network.entity';
import { CoinsService } from '../coins/coins.service';
import type { CreateWithdrawalDto } from './dto/withdrawal.dto';
import { decideReview } from '../review/review-queue';
import { approvalsRequired } from './dual-approval';
import { checkCryptoDestination } from './withdrawal-destination';
import { Withdrawal } from './entities/withdrawal.entity';
import { WithdrawPasswordService } from './withdraw-password.service';

/** Fees are rounded up to this many decimals (the house never pays for rounding). */
/** A payout's transaction hash: hex, 32 to 128 digits, with or without 0x (as deposits take). */
const PAYOUT_TX_HASH = /^(0x)?[0-9a-fA-F]{32,128}$/;
const FEE_DECIMALS = 8;

@Injectable()
export class WithdrawalsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly coins: CoinsService,
    private readonly ledger: LedgerService,
    private readonly audit: AdminAuditService,
    private readonly alerts: ReviewAlerts,
    @Inject(SECOND_FACTOR) private readonly secondFactor: SecondFactor,
    private readonly securityChanges: SecurityChangesService,
    private readonly addressBook: AddressBookService,
    private readonly passwords: WithdrawPasswordService,
    private readonly whitelist: WithdrawalWhitelistService,
    private readonly users: UsersService,
    @Optional() @Inject(WITHDRAWAL_BLOCKER) private readonly blocker?: WithdrawalBlocker,
    @Optional() @Inject(SYSTEM_PARAMETERS) private readonly parameters?: SystemParameterReader,
    @Optional() @Inject(MARKET_PRICES) private readonly prices?: MarketPrices,
    @Optional() @Inject(NOTIFICATIONS) private readonly notifications?: Notifications,
  ) {}

  /** The fee of a withdrawal, shown before the user confirms. */
  async quote(coin: string, network: string | undefined, amount: string) {
    const net = await this.coins.network(coin, network);
    const value = new Decimal(amount);
    const rate = await this.coins.withdrawFeeRate(net);
    const fee = value.times(rate).div(100).toDecimalPlaces(FEE_DECIMALS, Decimal.ROUND_UP);
    return {
      coin: net.coin,
      network: net.network,
      amount: value.toFixed(),
      feeRate: rate.toFixed(),
      fee: fee.toFixed(),
      total: value.plus(fee).toFixed(),
      minWithdrawal: (await this.coins.minWithdrawal(net)).toFixed(),
    };
  }

  async request(
    userId: string,
    book: Book,
    dto: CreateWithdrawalDto,
    caller: { principal: AuthPrincipal; ip: string },
  ): Promise<ApiSuccess<unknown>> {
    if (!dto.method) throw new AppException(ErrorCode.ChooseWithdrawalMethod);
    if (book !== 'real') throw new AppException(ErrorCode.Forbidden, null, {}, 'message.demoNotAllowed');
    // The address book saves only destinations that pass these same checks.
    const net =
      dto.method === 'crypto'
        ? await checkCryptoDestination(this.coins, dto.coin, dto.network, dto.address)
        : await this.coins.network(dto.coin, undefined);
    if (!net.withdrawEnabled) throw AppException.field('network', 'validation.invalid');
    if (dto.method !== 'crypto') {
      const missing = (['holderName', 'bankAccount', 'bankType'] as const).filter((f) => !dto[f]);
      if (missing.length)
        throw AppException.validation(missing.map((field) => ({ field, message: 'validation.required' })));
    }
    const amount = new Decimal(dto.amount);
    if (amount.lte(0)) throw AppException.field('amount', 'validation.enterAmount');
    const minimum = await this.coins.minWithdrawal(net);
    if (amount.lt(minimum)) {
      throw AppException.field('amount', 'validation.belowMinWithdrawal', {
        name: net.coin,
        limit: minimum.toFixed(),
      });
    }

    await this.passwords.check(userId, dto.withdrawPassword);
    // Early, so that no one-time code is spent in vain; asked again where the money is frozen.
    await this.assertNotBlocked(userId);
    await this.assertNoHold(userId, net, dto);
    // Last of the checks: a one-time code is spent only on a request that is otherwise good to go.
    await this.secondFactor.assert(caller.principal, dto.totpCode, {
      field: 'totpCode',
      ip: caller.ip,
      apiKeyScope: 'withdraw',
    });

    const { fee } = await this.quote(net.coin, net.network, dto.amount);
    const approvals = await approvalsRequired(net.coin, amount, this.parameters, this.prices);
    try {
      const saved = await this.dataSource.transaction(async (m) => {
        // No loan is granted from this check to the commit (see WithdrawalBlocker).
        await this.assertNotBlocked(userId, m);
        const withdrawal = await m.save(
          m.create(Withdrawal, {
            userId,
            method: dto.method,
            coin: net.coin,
            network: dto.method === 'crypto' ? net.network : null,
            address: dto.method === 'crypto' ? dto.address : null,
            bankType: dto.method === 'bank' ? dto.bankType : null,
            bankAccount: dto.method === 'bank' ? dto.bankAccount : null,
            holderName: dto.method === 'bank' ? dto.holderName : null,
            amount,
            fee: new Decimal(fee),
            status: 'pending',
            approvalsRequired: approvals,
          }),
        );
        // Amount and fee wait in frozen until a reviewer decides.
        await this.ledger.freeze(
          `withdrawal-hold-${withdrawal.id}`,
          { type: 'user', id: userId },
          'real',
          net.coin,
          amount.plus(fee),
          { reason: 'withdrawal_hold', refType: 'withdrawal', refId: withdrawal.id },
          m,
        );
        return withdrawal;
      });
      await this.alerts.submitted(
        'withdrawal',
        saved.id,
        `${saved.amount.toFixed()} ${saved.coin} by ${saved.method}, fee ${saved.fee.toFixed()}`,
      );
      return new ApiSuccess(this.view(saved), ErrorCode.WithdrawalUnderReview);
    } catch (error) {
      if (error instanceof InsufficientBalanceError) throw new AppException(ErrorCode.InsufficientBalance);
      throw error;
    }
  }

  async listMine(userId: string, page: number, size: number) {
    const [rows, total] = await this.dataSource
      .getRepository(Withdrawal)
      .findAndCount({ where: { userId }, order: { id: 'DESC' }, skip: (page - 1) * size, take: size });
    return { list: rows.map((w) => this.view(w)), total };
  }

  /** Approve: the held amount leaves to the outside world, the fee to the fee account. Idempotent. */
  async approve(id: string, adminId: string, ip: string) {
    return this.decide(id, adminId, ip, 'approved', undefined);
  }

  /** Reject with a reason: the held amount returns to available. Idempotent. */
  async reject(id: string, adminId: string, ip: string, reason: string | undefined) {
    if (!reason) throw AppException.field('reason', 'validation.rejectReasonRequired');
    return this.decide(id, adminId, ip, 'rejected', reason);
  }

  /**
   * Records the payout of an approved withdrawal (the money already left the ledger on approval):
   * its transaction hash or bank reference, shown to the user, and the state `completed`. The same
   * reference again is a no-op; another one, or a withdrawal not approved, is refused (409).
   */
  async complete(id: string, adminId: string, ip: string, reference: string) {
    if (!/^\d{1,18}$/.test(id)) throw new AppException(ErrorCode.NotFound);
    const row = await this.dataSource.transaction(async (m) => {
      const w = await m.findOne(Withdrawal, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!w) throw new AppException(ErrorCode.NotFound);
      if (w.status === 'completed' && w.payoutReference === reference) return w;
      if (w.status !== 'approved') throw new AppException(ErrorCode.Conflict);
      if (w.method === 'crypto' && !PAYOUT_TX_HASH.test(reference)) {
        throw AppException.field('reference', 'validation.invalid');
      }
      w.status = 'completed';
      w.payoutReference = reference;
      w.completedBy = adminId;
      w.completedAt = new Date();
      await m.save(w);
      await this.tell(m, w, 'completed');
      await this.audit.record(
        {
          adminId,
          action: 'withdrawal.completed',
          targetType: 'withdrawal',
          targetId: id,
          detail: { before: { status: 'approved' }, after: { status: 'completed', reference } },
          ip,
        },
        m,
      );
      return w;
    });
    return this.adminView(row);
  }

  private async decide(
    id: string,
    adminId: string,
    ip: string,
    decision: 'approved' | 'rejected',
    reason?: string,
  ) {
    const row = await decideReview({
      dataSource: this.dataSource,
      entity: Withdrawal,
      id,
      decision,
      reason,
      adminId,
      ip,
      audit: this.audit,
      subject: 'withdrawal',
      settle: (m, w) => this.settle(m, w, decision, reason),
      dualApproval: {
        required: (w) => w.approvalsRequired >= 2,
        firstApprover: (w) => w.firstApprovedBy,
        recordFirst: (w, admin, at) => {
          w.firstApprovedBy = admin;
          w.firstApprovedAt = at;
        },
      },
    });
    return this.adminView(row);
  }

  /** The money moves for the decision, and the owner is told of it, in the deciding transaction. */
  private async settle(
    m: EntityManager,
    w: Withdrawal,
    decision: 'approved' | 'rejected',
    reason: string | undefined,
  ) {
    const owner = { type: 'user' as const, id: w.userId };
    const frozen = { owner, book: 'real' as const, currency: w.coin, kind: 'frozen' };
    if (decision === 'rejected') {
      await this.ledger.release(
        `withdrawal-release-${w.id}`,
        owner,
        'real',
        w.coin,
        w.amount.plus(w.fee),
        {
          reason: 'withdrawal_rejected',
          refType: 'withdrawal',
          refId: w.id,
        },
        m,
      );
      await this.tell(m, w, 'rejected', reason);
      return;
    }
    // Withdrawals are blocked during a loan, also one requested before the loan was taken.
    await this.assertNotBlocked(w.userId, m);
    // And for a frozen account (fraud, an overdue loan), also one requested before the freeze: the
    // reviewer can reject it, which returns the money to the account.
    if ((await this.users.status(w.userId, m)) === 'frozen') {
      throw new AppException(ErrorCode.UserStatusAbnormal);
    }
    const legs = [
      {
        from: frozen,
        to: {
          owner: { type: 'system' as const, id: SystemAccount.External },
          book: 'real' as const,
          currency: w.coin,
          kind: 'main',
        },
        amount: w.amount,
      },
    ];
    if (w.fee.gt(0)) {
      legs.push({
        from: frozen,
        to: {
          owner: { type: 'system' as const, id: SystemAccount.Fees },
          book: 'real' as const,
          currency: w.coin,
          kind: 'main',
        },
        amount: w.fee,
      });
    }
    await this.ledger.post(
      {
        key: `withdrawal-payout-${w.id}`,
        reason: 'withdrawal_paid',
        refType: 'withdrawal',
        refId: w.id,
        legs,
      },
      m,
    );
    await this.tell(m, w, 'approved');
  }

  /**
   * The owner hears of each state of their withdrawal when it commits, once: the key is the state's,
   * and only the change into it (never a repeated click, which changes nothing) tells. Approved: the
   * money left the ledger and is being paid out (the journal is `withdrawal_paid`, hence the title's
   * key); completed: the payout is recorded, with its transaction hash or bank reference; rejected:
   * with the reviewer's reason, the amount and its fee back in the balance. (Notices told before
   * from the ledger scan keep their texts: `withdrawalRejectedBody` without a reason.)
   */
  private async tell(
    m: EntityManager,
    w: Withdrawal,
    state: 'approved' | 'completed' | 'rejected',
    reason?: string,
  ) {
    const texts = {
      approved: { title: 'message.withdrawalPaidTitle', body: 'message.withdrawalPaidBody' },
      completed: {
        title: 'message.withdrawalCompletedTitle',
        body:
          w.method === 'crypto' ? 'message.withdrawalCompletedTxBody' : 'message.withdrawalCompletedBankBody',
      },
      rejected: { title: 'message.withdrawalRejectedTitle', body: 'message.withdrawalRejectedReasonBody' },
    }[state];
    const params: Record<string, string> = { amount: w.amount.toFixed(), currency: w.coin };
    if (state === 'rejected') params.reason = reason ?? '';
    if (state === 'completed') {
      if (w.method === 'crypto') params.txHash = w.payoutReference ?? '';
      else params.reference = w.payoutReference ?? '';
    }
    await this.notifications?.notify(
      {
        userId: w.userId,
        type: 'withdrawal',
        key: `withdrawal-${state}-${w.id}`,
        ...texts,
        params,
        refType: 'withdrawal',
        refId: w.id,
      },
      m,
    );
  }

  /** 403 while the user has an open loan (10005 once it is overdue); see WithdrawalBlocker. */
  private async assertNotBlocked(userId: string, m?: EntityManager) {
    if (await this.blocker?.blocksWithdrawals(userId, m)) {
      throw new AppException(ErrorCode.Forbidden, null, {}, 'message.withdrawBlocked');
    }
  }

  /**
   * The 24-hour holds: after a security change of the account (password, withdrawal password, 2FA
   * off, e-mail or phone, the whitelist off), and on an address-book entry added less than 24 hours
   * ago; each refusal names the time it ends, in the message and as `result.until`. An address that
   * is not in the book keeps the spec's contract (a withdrawal names any valid address) unless the
   * user turned the whitelist on. `net` is the destination's network as resolved (the main one when
   * none was named).
   */
  private async assertNoHold(
    userId: string,
    net: { coin: string; network: string; addressKind: AddressKind },
    dto: CreateWithdrawalDto,
  ) {
    const held = await this.securityChanges.withdrawalHoldUntil(userId);
    if (held) {
      throw new AppException(
        ErrorCode.WithdrawalSecurityHold,
        { until: held.toISOString() },
        { time: formatUtc(held) },
      );
    }
    if (dto.method !== 'crypto') return;
    const address = dto.address ?? ''; // checked present by checkCryptoDestination
    const entry = await this.addressBook.entryFor(userId, net.coin, net.network, net.addressKind, address);
    if (!entry && (await this.whitelist.isEnabled(userId))) {
      throw new AppException(ErrorCode.WithdrawalAddressNotWhitelisted);
    }
    if (entry && !entry.usable) {
      throw new AppException(
        ErrorCode.WithdrawalAddressCooling,
        { until: entry.usableFrom.toISOString() },
        { time: formatUtc(entry.usableFrom) },
      );
    }
  }

  /**
   * The reviewers' view: the customer's plus the approvals. `awaitingSecondApproval` is a pending
   * withdrawal that one admin approved and that needs a different admin's approval to pay out.
   */
  adminView(w: Withdrawal) {
    return {
      ...this.view(w),
      userId: w.userId,
      approvalsRequired: w.approvalsRequired,
      approvals:
        w.status === 'approved' || w.status === 'completed' ? w.approvalsRequired : w.firstApprovedBy ? 1 : 0,
      completedBy: w.completedBy,
      firstApprovedBy: w.firstApprovedBy,
      firstApprovedAt: w.firstApprovedAt?.toISOString() ?? null,
      reviewedBy: w.reviewedBy,
      awaitingSecondApproval:
        w.status === 'pending' && w.approvalsRequired >= 2 && w.firstApprovedBy !== null,
    };
  }

  /**
   * For the reviewer of a crypto withdrawal, as of now: whether its address is in the user's
   * address book (its label and since when) and whether the user's whitelist is on. A typed-in
   * address is allowed without the whitelist, and is worth a closer look.
   */
  async destinationCheck(w: Withdrawal) {
    if (w.method !== 'crypto' || !w.network || !w.address) return null;
    // A network removed since the request has no address rules left to compare by.
    const net = await this.coins.network(w.coin, w.network).catch((e: unknown) => {
      if (e instanceof AppException) return null;
      throw e;
    });
    if (!net) return null;
    const entry = await this.addressBook.entryFor(w.userId, w.coin, w.network, net.addressKind, w.address);
    return {
      inAddressBook: entry !== null,
      label: entry?.label ?? null,
      savedAt: entry?.createdAt.toISOString() ?? null,
      whitelistOn: await this.whitelist.isEnabled(w.userId),
    };
  }

  view(w: Withdrawal) {
    return {
      id: w.id,
      method: w.method,
      coin: w.coin,
      network: w.network,
      address: w.address,
      bankType: w.bankType,
      bankAccount: w.bankAccount,
      holderName: w.holderName,
      amount: w.amount.toFixed(),
      fee: w.fee.toFixed(),
      status: w.status,
      reason: w.reason,
      createdAt: w.createdAt.toISOString(),
      reviewedAt: w.reviewedAt?.toISOString() ?? null,
      payoutReference: w.payoutReference,
      completedAt: w.completedAt?.toISOString() ?? null,
    };
  }
}
