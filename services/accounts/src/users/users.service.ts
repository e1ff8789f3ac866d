import { Inject, Injectable, Optional } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import Decimal from 'decimal.js';
import type { EntityManager, Repository } from 'typeorm';
import {
  AppException,
  ErrorCode,
  VIP_LEVEL,
  verifySecret,
  type Book,
  type VipLevelReader,
  preparedQuery,
} from '@app/common';
import { LedgerService } from '@app/ledger';
import type { BalanceSummaryLine, UserInfo, UserProfile, VipInfo } from '@app/contracts';
import { User, type UserStatus } from './entities/user.entity';

interface UserInfoRow {
  id: string;
  username: string;
  email: string | null;
  phone: string | null;
  status: UserStatus;
  level: number;
  invite_code: string;
  created_at: Date;
  has_withdraw_password: boolean;
  two_factor_enabled: boolean;
  demo_disabled: boolean;
}

@Injectable()
export class UsersService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly ledger: LedgerService,
    @Optional() @Inject(VIP_LEVEL) private readonly vipLevels?: VipLevelReader,
  ) {}

  /** A user with the secret hashes loaded (they are not selected by default). */
  findWithSecrets(where: {
    id?: string;
    username?: string;
    email?: string;
    phone?: string;
  }): Promise<User | null> {
    const qb = this.users.createQueryBuilder('u').addSelect(['u.passwordHash', 'u.withdrawPasswordHash']);
    if (where.id) qb.where('u.id = :id', { id: where.id });
    else if (where.username) qb.where('lower(u.username) = lower(:username)', { username: where.username });
    else if (where.email) qb.where('lower(u.email) = lower(:email)', { email: where.email });
    else if (where.phone) qb.where('u.phone = :phone', { phone: where.phone });
    else return Promise.resolve(null);
    return qb.getOne();
  }

  /** A user's status (active, frozen, ...), read in the caller's transaction when given; null if none. */
  async status(userId: string, m?: EntityManager): Promise<UserStatus | null> {
    const user = await (m ? m.getRepository(User) : this.users).findOne({
      where: { id: userId },
      select: { id: true, status: true },
    });
    return user?.status ?? null;
  }

  async exists(where: { username?: string; email?: string; phone?: string }): Promise<boolean> {
    const qb = this.users.createQueryBuilder('u').select('1');
    if (where.username) qb.orWhere('lower(u.username) = lower(:username)', { username: where.username });
    if (where.email) qb.orWhere('lower(u.email) = lower(:email)', { email: where.email });
    if (where.phone) qb.orWhere('u.phone = :phone', { phone: where.phone });
    if (!where.username && !where.email && !where.phone) return false;
    return (await qb.limit(1).getRawOne()) !== undefined;
  }

  /**
   * For other services before money leaves: the user's status and whether the withdrawal password
   * is set and right. Wrong answers are counted by the caller (lockout).
   */
  async checkWithdrawPassword(
    userId: string,
    password: string,
  ): Promise<{ status: User['status']; password: 'ok' | 'not_set' | 'wrong' } | null> {
    const user = await this.findWithSecrets({ id: userId });
    if (!user) return null;
    if (!user.withdrawPasswordHash) return { status: user.status, password: 'not_set' };
    const ok = await verifySecret(user.withdrawPasswordHash, password);
    return { status: user.status, password: ok ? 'ok' : 'wrong' };
  }

  toProfile(user: User): UserProfile {
    return {
      id: user.id,
      username: user.username,
      email: user.email,
      phone: user.phone,
      status: user.status,
      level: user.level,
      inviteCode: user.inviteCode,
      hasWithdrawPassword: Boolean(user.withdrawPasswordHash),
      createdAt: user.createdAt.toISOString(),
    };
  }

  async userInfo(userId: string, book: Book): Promise<UserInfo> {
    // Read on every balance refresh: one prepared statement with exactly what the answer shows.
    const [row] = await preparedQuery<UserInfoRow>(
      this.users.manager,
      'accounts_user_info',
      `SELECT id, username, email, phone, status, level, invite_code, created_at,
              withdraw_password_hash IS NOT NULL AS has_withdraw_password,
              totp_enabled_at IS NOT NULL AS two_factor_enabled,
              demo_disabled_at IS NOT NULL AS demo_disabled
         FROM accounts.users WHERE id = $1`,
      [userId],
    );
    if (!row) throw new AppException(ErrorCode.UserNotFound);
    const lines = await this.ledger.userBalances(userId, book);
    const byCurrency = new Map<string, BalanceSummaryLine>();
    for (const line of lines) {
      const entry = byCurrency.get(line.currency) ?? {
        currency: line.currency,
        available: '0',
        frozen: '0',
        other: {},
      };
      const amount = line.balance.toFixed();
      if (line.kind === 'available') entry.available = amount;
      else if (line.kind === 'frozen') entry.frozen = amount;
      else entry.other[line.kind] = amount;
      byCurrency.set(line.currency, entry);
    }
    const vip = await this.vip(row.id, row.level);
    return {
      id: row.id,
      username: row.username,
      email: row.email,
      phone: row.phone,
      status: row.status,
      level: vip?.level ?? row.level,
      inviteCode: row.invite_code,
      hasWithdrawPassword: row.has_withdraw_password,
      createdAt: row.created_at.toISOString(),
      twoFactorEnabled: row.two_factor_enabled,
      book,
      balances: [...byCurrency.values()],
      demoDisabled: row.demo_disabled,
      ...(vip ? { vip } : {}),
    };
  }

  /**
   * The user's current VIP level, computed on read from the level thresholds (see LevelsService in
   * the content service: real-book deposits and trading volume in USDT). The stored
   * `accounts.users.level` follows it, so that lists and the login answer show the last one seen.
   */
  private async vip(userId: string, storedLevel: number): Promise<VipInfo | null> {
    if (!this.vipLevels) return null;
    const s = await this.vipLevels.standingOf(userId);
    if (s.level !== storedLevel) await this.users.update({ id: userId }, { level: s.level });
    return {
      level: s.level,
      name: s.name,
      feeDiscount: s.feeDiscount.toFixed(),
      depositUsdt: s.depositUsdt.toFixed(2, Decimal.ROUND_DOWN),
      volumeUsdt: s.volumeUsdt.toFixed(2, Decimal.ROUND_DOWN),
    };
  }
}
