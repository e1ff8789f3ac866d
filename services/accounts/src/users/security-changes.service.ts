import { Inject, Injectable, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { Clock, NOTIFICATIONS, type Notifications } from '@app/common';

/** How long withdrawals wait after a security change. */
export const SECURITY_HOLD_MS = 24 * 3600 * 1000;

/** What changed; named in the notification the user receives. */
export type SecurityChangeKind =
  | 'password'
  | 'passwordReset'
  | 'withdrawPassword'
  | 'twoFactorDisabled'
  | 'email'
  | 'phone'
  | 'withdrawalWhitelistOff'
  /** A wallet or a Google account linked: a new way to log in without the password. */
  | 'loginLinked';

const TITLES: Record<SecurityChangeKind, string> = {
  password: 'message.securityChangePasswordTitle',
  passwordReset: 'message.securityChangePasswordResetTitle',
  withdrawPassword: 'message.securityChangeWithdrawPasswordTitle',
  twoFactorDisabled: 'message.securityChangeTwoFactorTitle',
  email: 'message.securityChangeEmailTitle',
  phone: 'message.securityChangePhoneTitle',
  withdrawalWhitelistOff: 'message.securityChangeWhitelistTitle',
  loginLinked: 'message.securityChangeLoginLinkedTitle',
};

/**
 * Security changes of a user (the address whitelist turned off among them): each one stamps `accounts.users.security_changed_at` (by the Clock) in
 * the transaction of the change, and withdrawals are refused until 24 hours after the last one, so
 * that whoever took over a session or a password cannot move the money out at once. Setting a first
 * withdrawal password or turning 2FA on makes the account safer and is not such a change.
 */
@Injectable()
export class SecurityChangesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
    @Optional() @Inject(NOTIFICATIONS) private readonly notifications?: Notifications,
  ) {}

  /** Stamps the change in the caller's transaction; the bell notification commits with it. */
  async record(userId: string, kind: SecurityChangeKind, m: EntityManager): Promise<Date> {
    const at = this.clock.now();
    await m.query(`UPDATE accounts.users SET security_changed_at = $2 WHERE id = $1`, [userId, at]);
    const until = new Date(at.getTime() + SECURITY_HOLD_MS);
    await this.notifications?.notify(
      {
        userId,
        type: 'system',
        key: `security-change-${userId}-${at.getTime()}`,
        title: TITLES[kind],
        body: 'message.securityChangeBody',
        params: { time: formatUtc(until) },
      },
      m,
    );
    return at;
  }

  /** The end of the withdrawal hold after the user's last security change, or null when none is running. */
  async withdrawalHoldUntil(userId: string): Promise<Date | null> {
    const rows: { security_changed_at: Date | null }[] = await this.dataSource.query(
      `SELECT security_changed_at FROM accounts.users WHERE id = $1`,
      [userId],
    );
    const changedAt = rows[0]?.security_changed_at;
    if (!changedAt) return null;
    const until = new Date(new Date(changedAt).getTime() + SECURITY_HOLD_MS);
    return until.getTime() > this.clock.now().getTime() ? until : null;
  }
}

/** `2026-11-24 17:41 UTC`: a time named in a message, the same in every language. */
export function formatUtc(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
