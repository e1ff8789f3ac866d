import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { generateSecret, generateURI } from 'otplib';
import { toDataURL } from 'qrcode';
import { IsNull, type DataSource, type EntityManager, type Repository } from 'typeorm';
import { APP_CONFIG, AppException, Clock, ErrorCode, type AppConfig } from '@app/common';
import { LoginChallenges, type TwoFactorChallenge } from '../two-factor/login-challenges';
import { issueRecoveryCodes, matchRecoveryCode } from '../two-factor/recovery-codes';
import { TotpVerifier, type TotpSubject } from '../two-factor/totp-verifier';
import type { SecondFactor } from '../two-factor/two-factor.service';
import { AdminRecoveryCode } from './entities/admin-recovery-code.entity';
import { AdminUser } from './entities/admin-user.entity';

export type AdminTwoFactorChallenge = TwoFactorChallenge;

/** Which second factor completed a login: the audit trail keeps it. */
export type AdminSecondFactorKind = 'totp' | 'recovery_code';

/**
 * TOTP second factor of admin accounts (the same TotpVerifier as customers): enrolment with a QR
 * code confirmed by a code, single-use argon2-hashed recovery codes shown once at enrolment, the
 * short-lived login challenges kept in Redis, and the reset of a lost factor by a super-admin.
 */
@Injectable()
export class AdminTwoFactorService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(AdminUser) private readonly admins: Repository<AdminUser>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly totp: TotpVerifier,
    private readonly challenges: LoginChallenges,
  ) {}

  /** Starts (or restarts) enrolment: a new pending secret, shown once as a URI and a QR code. */
  async setup(adminId: string): Promise<{ secret: string; otpauthUrl: string; qrCodeDataUrl: string }> {
    const admin = await this.admins.findOne({ where: { id: adminId } });
    if (!admin) throw new AppException(ErrorCode.UserNotFound);
    if (admin.totpEnabledAt) throw AppException.field('code', 'auth.twoFactorAlreadyEnabled');
    const secret = generateSecret();
    await this.admins.update(
      { id: adminId, totpEnabledAt: IsNull() },
      { totpSecret: secret, totpLastStep: null },
    );
    const otpauthUrl = generateURI({
      issuer: `${this.config.TWO_FACTOR_ISSUER} admin`,
      label: admin.email,
      secret,
    });
    return { secret, otpauthUrl, qrCodeDataUrl: await toDataURL(otpauthUrl) };
  }

  /**
   * Confirms enrolment with a code of the pending secret; from then on login asks for a code.
   * Answers the recovery codes, shown this once (only their argon2 hashes are kept).
   */
  async enable(
    adminId: string,
    code: string,
    ip: string,
  ): Promise<{ enabledAt: string; recoveryCodes: string[] }> {
    const admin = await this.loadSecrets(adminId);
    if (admin.totpEnabledAt) throw AppException.field('code', 'auth.twoFactorAlreadyEnabled');
    if (!admin.totpSecret) throw AppException.field('code', 'auth.twoFactorSetupFirst');
    await this.totp.assert(totpSubject(admin), code, ip);
    const { codes: recoveryCodes, hashes } = await issueRecoveryCodes();
    const enabledAt = this.clock.now();
    await this.dataSource.transaction(async (m) => {
      const enabled = await m.update(
        AdminUser,
        { id: adminId, totpEnabledAt: IsNull() },
        { totpEnabledAt: enabledAt },
      );
      if (enabled.affected !== 1) throw AppException.field('code', 'auth.twoFactorAlreadyEnabled');
      await m.delete(AdminRecoveryCode, { adminId });
      await m.insert(
        AdminRecoveryCode,
        hashes.map((codeHash) => ({ adminId, codeHash, usedAt: null })),
      );
    });
    return { enabledAt: enabledAt.toISOString(), recoveryCodes };
  }

  /** Whether the admin's login needs a code. */
  isEnabled(admin: Pick<AdminUser, 'totpEnabledAt'>): boolean {
    return admin.totpEnabledAt !== null;
  }

  async isEnabledFor(adminId: string): Promise<boolean> {
    const admin = await this.admins.findOne({ where: { id: adminId } });
    return admin ? this.isEnabled(admin) : false;
  }

  /** Unused recovery codes of the admin (the console shows how many are left). */
  recoveryCodesLeft(adminId: string): Promise<number> {
    return this.dataSource.getRepository(AdminRecoveryCode).countBy({ adminId, usedAt: IsNull() });
  }

  /**
   * A super-admin resets another admin's second factor (lost device): the secret and the recovery
   * codes are deleted and the next login enrols again. Answers whether TOTP was on before.
   */
  async reset(adminId: string, m: EntityManager): Promise<{ wasEnabled: boolean }> {
    const admin = await m
      .getRepository(AdminUser)
      .findOne({ where: { id: adminId }, lock: { mode: 'pessimistic_write' } });
    if (!admin) throw new AppException(ErrorCode.NotFound);
    await m.update(AdminUser, { id: adminId }, { totpSecret: null, totpEnabledAt: null, totpLastStep: null });
    await m.delete(AdminRecoveryCode, { adminId });
    return { wasEnabled: this.isEnabled(admin) };
  }

  /**
   * After the password: a single-use challenge that login2fa completes, bound to the password hash
   * the login checked (a reset or change of the password ends it).
   */
  openChallenge(admin: Pick<AdminUser, 'id' | 'passwordHash'>): Promise<AdminTwoFactorChallenge> {
    return this.challenges.open('admin', admin.id, admin.passwordHash);
  }

  /**
   * Checks the second factor (a TOTP code or a recovery code) of a challenge and consumes it;
   * answers the admin id, the kind of factor used and the challenge's credential stamp.
   * Unknown, used or outdated challenge: 400 on `challenge`; wrong factor: 10091; too many wrong: 429.
   */
  async completeChallenge(
    challenge: string,
    factor: SecondFactor,
    ip: string,
  ): Promise<{ adminId: string; factor: AdminSecondFactorKind; credential: string }> {
    const { id, used, credential } = await this.challenges.complete(
      'admin',
      challenge,
      ip,
      async (adminId) => {
        const admin = await this.admins
          .createQueryBuilder('a')
          .addSelect('a.passwordHash')
          .where('a.id = :adminId', { adminId })
          .getOne();
        return admin?.passwordHash ?? null;
      },
      async (adminId) => {
        const admin = await this.loadSecrets(adminId);
        return this.isEnabled(admin) ? this.checkFactor(admin, factor) : null;
      },
    );
    return { adminId: id, factor: used, credential };
  }

  private async checkFactor(admin: AdminUser, factor: SecondFactor): Promise<AdminSecondFactorKind | null> {
    if (factor.code) return (await this.totp.accept(totpSubject(admin), factor.code)) ? 'totp' : null;
    if (factor.recoveryCode)
      return (await this.useRecoveryCode(admin.id, factor.recoveryCode)) ? 'recovery_code' : null;
    return null;
  }

  /** Each unused argon2 hash is tried; the match is spent atomically (a code works once). */
  private async useRecoveryCode(adminId: string, given: string): Promise<boolean> {
    const repo = this.dataSource.getRepository(AdminRecoveryCode);
    const row = await matchRecoveryCode(await repo.find({ where: { adminId, usedAt: IsNull() } }), given);
    if (!row) return false;
    const spent = await repo.update({ id: row.id, usedAt: IsNull() }, { usedAt: this.clock.now() });
    return spent.affected === 1;
  }

  private async loadSecrets(adminId: string): Promise<AdminUser> {
    const admin = await this.admins
      .createQueryBuilder('a')
      .addSelect(['a.totpSecret', 'a.totpLastStep'])
      .where('a.id = :adminId', { adminId })
      .getOne();
    if (!admin) throw new AppException(ErrorCode.UserNotFound);
    return admin;
  }
}

function totpSubject(admin: AdminUser): TotpSubject {
  return { kind: 'admin', id: admin.id, secret: admin.totpSecret, lastStep: admin.totpLastStep };
}
