import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { generateSecret, generateURI } from 'otplib';
import { toDataURL } from 'qrcode';
import { DataSource, IsNull } from 'typeorm';
import { APP_CONFIG, AppException, Clock, ErrorCode, type AppConfig } from '@app/common';
import { User } from '../users/entities/user.entity';
import { SecurityChangesService } from '../users/security-changes.service';
import { RecoveryCode } from './entities/recovery-code.entity';
import { LoginChallenges, type TwoFactorChallenge } from './login-challenges';
import { issueRecoveryCodes, matchRecoveryCode } from './recovery-codes';
import { TotpVerifier, type TotpSubject } from './totp-verifier';

export type { TwoFactorChallenge } from './login-challenges';

/**
 * A Google account found by the user's e-mail, to be linked only once the login is complete: whoever
 * holds an account with the user's e-mail but not the second factor must leave nothing behind.
 */
export interface PendingOidcLink {
  issuer: string;
  subject: string;
  email: string;
}

/** A second factor given by the user: a TOTP code or a recovery code. */
export interface SecondFactor {
  code?: string;
  recoveryCode?: string;
}

/**
 * TOTP two-factor authentication (RFC 6238, otplib): enrolment with a QR code, single-use
 * argon2-hashed recovery codes, and the short-lived login challenges kept in Redis.
 */
@Injectable()
export class TwoFactorService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly totp: TotpVerifier,
    private readonly challenges: LoginChallenges,
    private readonly securityChanges: SecurityChangesService,
  ) {}

  isEnabled(user: Pick<User, 'totpEnabledAt'>): boolean {
    return user.totpEnabledAt !== null;
  }

  /** Starts (or restarts) enrolment: a new pending secret, shown once as a URI and a QR code. */
  async setup(userId: string): Promise<{ secret: string; otpauthUrl: string; qrCodeDataUrl: string }> {
    const user = await this.dataSource.getRepository(User).findOne({ where: { id: userId } });
    if (!user) throw new AppException(ErrorCode.UserNotFound);
    if (this.isEnabled(user)) throw AppException.field('code', 'auth.twoFactorAlreadyEnabled');
    const secret = generateSecret();
    await this.dataSource
      .getRepository(User)
      .update({ id: userId, totpEnabledAt: IsNull() }, { totpSecret: secret, totpLastStep: null });
    const otpauthUrl = generateURI({
      issuer: this.config.TWO_FACTOR_ISSUER,
      label: user.email ?? user.phone ?? user.username,
      secret,
    });
    return { secret, otpauthUrl, qrCodeDataUrl: await toDataURL(otpauthUrl) };
  }

  /** Confirms enrolment with a code of the pending secret; answers the recovery codes, shown once. */
  async enable(userId: string, code: string, ip: string): Promise<{ recoveryCodes: string[] }> {
    const user = await this.loadSecrets(userId);
    if (this.isEnabled(user)) throw AppException.field('code', 'auth.twoFactorAlreadyEnabled');
    if (!user.totpSecret) throw AppException.field('code', 'auth.twoFactorSetupFirst');
    await this.assertTotp(user, code, ip);
    const { codes: recoveryCodes, hashes } = await issueRecoveryCodes();
    await this.dataSource.transaction(async (m) => {
      const enabled = await m.update(
        User,
        { id: userId, totpEnabledAt: IsNull() },
        { totpEnabledAt: this.clock.now() },
      );
      if (enabled.affected !== 1) throw AppException.field('code', 'auth.twoFactorAlreadyEnabled');
      await m.delete(RecoveryCode, { userId });
      await m.insert(
        RecoveryCode,
        hashes.map((codeHash) => ({ userId, codeHash, usedAt: null })),
      );
    });
    return { recoveryCodes };
  }

  /** Turns 2FA off after a valid TOTP code; the secret and the recovery codes are deleted. */
  async disable(userId: string, code: string, ip: string): Promise<null> {
    const user = await this.loadSecrets(userId);
    if (!this.isEnabled(user)) throw AppException.field('code', 'auth.twoFactorNotEnabled');
    await this.assertTotp(user, code, ip);
    await this.dataSource.transaction(async (m) => {
      await m.update(User, { id: userId }, { totpSecret: null, totpEnabledAt: null, totpLastStep: null });
      await m.delete(RecoveryCode, { userId });
      // The withdraw scope was granted on the strength of 2FA: those keys end with it.
      await m.query(
        `UPDATE accounts.api_keys SET revoked_at = now()
         WHERE user_id = $1 AND revoked_at IS NULL AND 'withdraw' = ANY (scopes)`,
        [userId],
      );
      // Turning 2FA off is a security change: withdrawals wait 24 hours.
      await this.securityChanges.record(userId, 'twoFactorDisabled', m);
    });
    return null;
  }

  /**
   * After the first factor: a single-use challenge that login2fa completes, bound to the password
   * hash of `user` as the first factor read it (a reset or change of the password ends it).
   * `oidcLink`: a Google account to link once the second factor passed (handed back then).
   */
  openChallenge(
    user: Pick<User, 'id' | 'passwordHash'>,
    oidcLink?: PendingOidcLink,
  ): Promise<TwoFactorChallenge> {
    const pending = oidcLink ? JSON.stringify({ oidcLink }) : undefined;
    return this.challenges.open('user', user.id, user.passwordHash, pending);
  }

  /**
   * Checks the second factor of a challenge and consumes it; answers the user id, the
   * challenge's credential stamp (`stillCurrent` where the session opens) and the Google account
   * the login is to link, if any.
   * Unknown, used or outdated challenge: 400 on `challenge`; wrong factor: 10091; too many wrong: 429.
   */
  async completeChallenge(
    challenge: string,
    factor: SecondFactor,
    ip: string,
  ): Promise<{ userId: string; credential: string; oidcLink: PendingOidcLink | null }> {
    const { id, credential, pending } = await this.challenges.complete(
      'user',
      challenge,
      ip,
      (userId) => this.passwordHashOf(userId),
      async (userId) => {
        const user = await this.loadSecrets(userId);
        return this.isEnabled(user) && (await this.checkFactor(user, factor)) ? true : null;
      },
    );
    const oidcLink = pending
      ? ((JSON.parse(pending) as { oidcLink?: PendingOidcLink }).oidcLink ?? null)
      : null;
    return { userId: id, credential, oidcLink };
  }

  /** For sensitive changes (repasswordTx): a TOTP code is required while 2FA is enabled. */
  async assertCodeIfEnabled(
    userId: string,
    code: string | undefined,
    field: string,
    ip: string,
  ): Promise<void> {
    const user = await this.loadSecrets(userId);
    if (!this.isEnabled(user)) return;
    if (!code) throw AppException.field(field, 'auth.enterTotpCode');
    await this.assertTotp(user, code, ip);
  }

  /** Whether the user has 2FA on. */
  async isEnabledFor(userId: string): Promise<boolean> {
    const user = await this.dataSource.getRepository(User).findOne({ where: { id: userId } });
    if (!user) throw new AppException(ErrorCode.UserNotFound);
    return this.isEnabled(user);
  }

  /** Checks and spends a current TOTP code of a user with 2FA on (10091 when wrong, throttled). */
  async verifyCode(userId: string, code: string, ip: string): Promise<void> {
    const user = await this.loadSecrets(userId);
    if (!this.isEnabled(user)) throw AppException.field('code', 'auth.twoFactorNotEnabled');
    await this.assertTotp(user, code, ip);
  }

  private async checkFactor(user: User, factor: SecondFactor): Promise<boolean> {
    if (factor.code) return this.totp.accept(totpSubject(user), factor.code);
    if (factor.recoveryCode) return this.useRecoveryCode(user.id, factor.recoveryCode);
    return false;
  }

  private assertTotp(user: User, code: string, ip: string): Promise<void> {
    return this.totp.assert(totpSubject(user), code, ip);
  }

  /** Recovery codes are argon2 hashes: each unused one is tried, and the match is spent atomically. */
  private async useRecoveryCode(userId: string, given: string): Promise<boolean> {
    const repo = this.dataSource.getRepository(RecoveryCode);
    const row = await matchRecoveryCode(await repo.find({ where: { userId, usedAt: IsNull() } }), given);
    if (!row) return false;
    const spent = await repo.update({ id: row.id, usedAt: IsNull() }, { usedAt: this.clock.now() });
    return spent.affected === 1;
  }

  private async passwordHashOf(userId: string): Promise<string | null> {
    const rows = await this.dataSource.query<{ password_hash: string | null }[]>(
      'SELECT password_hash FROM accounts.users WHERE id = $1',
      [userId],
    );
    return rows[0]?.password_hash ?? null;
  }

  private async loadSecrets(userId: string): Promise<User> {
    const user = await this.dataSource
      .getRepository(User)
      .createQueryBuilder('u')
      .addSelect(['u.totpSecret', 'u.totpLastStep'])
      .where('u.id = :userId', { userId })
      .getOne();
    if (!user) throw new AppException(ErrorCode.UserNotFound);
    return user;
  }
}

function totpSubject(user: User): TotpSubject {
  return { kind: 'user', id: user.id, secret: user.totpSecret, lastStep: user.totpLastStep };
}
