import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Decimal from 'decimal.js';
import type { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, AppException, ErrorCode, type AppConfig } from '@app/common';
import { DEMO_FAUCET_USDT, LedgerService, type AccountRef } from '@app/ledger';
import type { UserStatus } from './entities/user.entity';
import { formatUtc } from './security-changes.service';

/** The ledger reason of a top-up (REASON_GROUPS.demo: the funding details show it as demo funds). */
export const DEMO_TOPUP_REASON = 'demo_topup';

/** Why a top-up is not possible now; null when it is. */
export type DemoTopupRefusal = 'full' | 'tooSoon' | 'demoDisabled' | null;

/** What the profile shows before the user asks (GET user/getDemoTopup). */
export interface DemoTopupStatus {
  /** The demo book's USDT a top-up brings the available balance back up to (DEMO_GRANT_USDT). */
  grant: string;
  /** The demo USDT available balance now. */
  available: string;
  /** What a top-up would add now (grant - available), '0' when nothing. */
  amount: string;
  eligible: boolean;
  refusal: DemoTopupRefusal;
  /** The last top-up, or null. */
  lastAt: string | null;
  /** When the next top-up is possible (ISO time): null when it is possible now as far as time goes. */
  nextAt: string | null;
  intervalHours: number;
}

/** The answer of a top-up (POST user/demoTopup). */
export interface DemoTopupResult {
  /** What was added (USDT). */
  amount: string;
  /** The demo USDT available balance after it: the grant. */
  available: string;
  journalId: string;
  at: string;
  /** When the next top-up is possible. */
  nextAt: string;
}

interface UserRow {
  status: UserStatus;
  demo_disabled: boolean;
}

interface LastTopup {
  id: string;
  created_at: Date;
  next_at: Date;
  too_soon: boolean;
}

/**
 * The demo-book top-up (DESIGN.md, demo book: "top-up from the profile"): brings the user's demo
 * USDT available balance back up to DEMO_GRANT_USDT, from the demo faucet, with ledger reason
 * `demo_topup`. Only below the grant, at most once per DEMO_TOPUP_INTERVAL_HOURS (counted from the
 * last top-up's journal entry, in the database's clock), never on a demo book an operator disabled.
 *
 * Concurrency: the top-up runs in one transaction under a lock of the user's row (the same row an
 * operator's disableDemo locks), so two requests of a user run one after the other and the second
 * sees the first's journal entry (too soon). The ledger key names the period as well, the user and
 * the last top-up before it (`demo-topup-<user>-<last journal id or 0>`): a request that somehow
 * ran beside another one on the same period could only replay the same entry, never pay twice.
 */
@Injectable()
export class DemoTopupService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ledger: LedgerService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get grant(): Decimal {
    return new Decimal(this.config.DEMO_GRANT_USDT);
  }

  private get intervalHours(): number {
    return this.config.DEMO_TOPUP_INTERVAL_HOURS;
  }

  private account(userId: string): AccountRef {
    return { owner: { type: 'user', id: userId }, book: 'demo', currency: 'USDT', kind: 'available' };
  }

  async status(userId: string): Promise<DemoTopupStatus> {
    const m = this.dataSource.manager;
    const user = await this.user(userId, m, false);
    const last = await this.lastTopup(userId, m);
    const available = await this.ledger.balance(this.account(userId), m);
    const missing = this.grant.minus(available);
    const refusal: DemoTopupRefusal = user.demo_disabled
      ? 'demoDisabled'
      : missing.lte(0)
        ? 'full'
        : last?.too_soon
          ? 'tooSoon'
          : null;
    return {
      grant: this.grant.toFixed(),
      available: available.toFixed(),
      amount: missing.gt(0) ? missing.toFixed() : '0',
      eligible: refusal === null,
      refusal,
      lastAt: last ? last.created_at.toISOString() : null,
      nextAt: last?.too_soon ? last.next_at.toISOString() : null,
      intervalHours: this.intervalHours,
    };
  }

  async topUp(userId: string): Promise<DemoTopupResult> {
    return this.dataSource.transaction(async (m) => {
      // Locks the user's row for the whole top-up: one top-up of a user at a time.
      const user = await this.user(userId, m, true);
      if (user.status === 'frozen') throw new AppException(ErrorCode.UserStatusAbnormal);
      if (user.status !== 'active') throw new AppException(ErrorCode.UserStatusWrong);
      if (user.demo_disabled) throw new AppException(ErrorCode.DemoAccountDisabled);
      const last = await this.lastTopup(userId, m);
      if (last?.too_soon) throw this.tooSoon(last.next_at);
      const available = await this.ledger.balance(this.account(userId), m);
      const amount = this.grant.minus(available);
      if (amount.lte(0)) {
        throw new AppException(
          ErrorCode.Forbidden,
          { grant: this.grant.toFixed(), available: available.toFixed() },
          { amount: this.grant.toFixed() },
          'message.demoTopupNotNeeded',
        );
      }
      const posted = await this.ledger.post(
        {
          key: `demo-topup-${userId}-${last?.id ?? '0'}`,
          reason: DEMO_TOPUP_REASON,
          refType: 'user',
          refId: userId,
          legs: [
            {
              from: DEMO_FAUCET_USDT,
              to: this.account(userId),
              amount,
            },
          ],
        },
        m,
      );
      const [entry] = await m.query<{ created_at: Date; next_at: Date }[]>(
        `SELECT created_at, created_at + make_interval(hours => $2::int) AS next_at
           FROM ledger.journal WHERE id = $1`,
        [posted.journalId, this.intervalHours],
      );
      // Another request posted this period's entry (it cannot under the lock above): paid once.
      if (posted.replayed) throw this.tooSoon(entry.next_at);
      return {
        amount: amount.toFixed(),
        available: this.grant.toFixed(),
        journalId: posted.journalId,
        at: entry.created_at.toISOString(),
        nextAt: entry.next_at.toISOString(),
      };
    });
  }

  /** 429 with the time the next top-up is possible ({time} in the message, nextAt in result). */
  private tooSoon(nextAt: Date): AppException {
    return new AppException(
      ErrorCode.TooManyRequests,
      { nextAt: nextAt.toISOString() },
      { time: formatUtc(nextAt), hours: this.intervalHours },
      'message.demoTopupTooSoon',
    );
  }

  private async user(userId: string, m: EntityManager, lock: boolean): Promise<UserRow> {
    const rows = await m.query<UserRow[]>(
      `SELECT status, demo_disabled_at IS NOT NULL AS demo_disabled FROM accounts.users WHERE id = $1${
        lock ? ' FOR NO KEY UPDATE' : ''
      }`,
      [userId],
    );
    if (!rows.length) throw new AppException(ErrorCode.UserNotFound);
    return rows[0];
  }

  /** The user's last top-up, when the next one is possible and whether that is still ahead. */
  private async lastTopup(userId: string, m: EntityManager): Promise<LastTopup | null> {
    const rows = await m.query<LastTopup[]>(
      `SELECT id::text, created_at, created_at + make_interval(hours => $3::int) AS next_at,
              created_at + make_interval(hours => $3::int) > now() AS too_soon
         FROM ledger.journal
        WHERE ref_type = 'user' AND ref_id = $1 AND reason = $2
        ORDER BY id DESC LIMIT 1`,
      [userId, DEMO_TOPUP_REASON, this.intervalHours],
    );
    return rows[0] ?? null;
  }
}
