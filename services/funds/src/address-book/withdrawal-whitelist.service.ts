import { Inject, Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import {
  Clock,
  NOTIFICATIONS,
  SECOND_FACTOR,
  type AuthPrincipal,
  type Notifications,
  type SecondFactor,
} from '@app/common';
import { SecurityChangesService } from '@app/accounts';
import { WithdrawPasswordService } from '../withdrawals/withdraw-password.service';
import type { SetWithdrawalWhitelistDto } from './dto/address-book.dto';

export interface WhitelistState {
  enabled: boolean;
  enabledAt: string | null;
  /** The end of the running withdrawal hold after a security change (the whitelist off among them). */
  holdUntil: string | null;
}

/**
 * The withdrawal address whitelist. While it is on, crypto withdrawals go only to the user's
 * address-book entries (after their 24-hour wait), so whoever takes over a session cannot send the
 * money to an address of their own at once. Both ways need the withdrawal password and, with 2FA
 * on, a code (an API key cannot change it). Turning it on takes effect at once; turning it off is a
 * security change: withdrawals wait 24 hours and the user is told on the bell.
 */
@Injectable()
export class WithdrawalWhitelistService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly passwords: WithdrawPasswordService,
    @Inject(SECOND_FACTOR) private readonly secondFactor: SecondFactor,
    private readonly securityChanges: SecurityChangesService,
    @Optional() @Inject(NOTIFICATIONS) private readonly notifications?: Notifications,
  ) {}

  async state(userId: string): Promise<WhitelistState> {
    const rows: { enabled_at: Date }[] = await this.dataSource.query(
      `SELECT enabled_at FROM funds.withdrawal_whitelist WHERE user_id = $1`,
      [userId],
    );
    const holdUntil = (await this.securityChanges.withdrawalHoldUntil(userId))?.toISOString() ?? null;
    return rows.length
      ? { enabled: true, enabledAt: new Date(rows[0].enabled_at).toISOString(), holdUntil }
      : { enabled: false, enabledAt: null, holdUntil };
  }

  async isEnabled(userId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM funds.withdrawal_whitelist WHERE user_id = $1`,
      [userId],
    );
    return rows.length > 0;
  }

  /**
   * Sets the whitelist on or off; asking for the state it already has changes nothing. The answer
   * is the new state, with the hold that turning it off started.
   */
  async set(
    userId: string,
    dto: SetWithdrawalWhitelistDto,
    caller: { principal: AuthPrincipal; ip: string },
  ): Promise<WhitelistState> {
    await this.passwords.check(userId, dto.withdrawPassword);
    await this.secondFactor.assert(caller.principal, dto.totpCode, { field: 'totpCode', ip: caller.ip });
    await this.dataSource.transaction(async (m) => {
      const now = this.clock.now();
      if (dto.enabled) {
        const added: unknown[] = await m.query(
          `INSERT INTO funds.withdrawal_whitelist (user_id, enabled_at) VALUES ($1, $2)
           ON CONFLICT (user_id) DO NOTHING RETURNING user_id`,
          [userId, now],
        );
        if (!added.length) return;
        await this.notifications?.notify(
          {
            userId,
            type: 'system',
            key: `withdrawal-whitelist-on-${userId}-${now.getTime()}`,
            title: 'message.whitelistOnTitle',
            body: 'message.whitelistOnBody',
          },
          m,
        );
        return;
      }
      // In a CTE: TypeORM answers a bare DELETE ... RETURNING with [rows, count].
      const removed: unknown[] = await m.query(
        `WITH gone AS (DELETE FROM funds.withdrawal_whitelist WHERE user_id = $1 RETURNING user_id)
         SELECT user_id FROM gone`,
        [userId],
      );
      if (!removed.length) return;
      await this.securityChanges.record(userId, 'withdrawalWhitelistOff', m);
    });
    return this.state(userId);
  }
}
