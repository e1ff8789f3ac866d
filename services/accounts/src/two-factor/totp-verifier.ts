import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { verify as verifyTotp } from 'otplib';
import type { DataSource } from 'typeorm';
import { AppException, Clock, ErrorCode } from '@app/common';
import { LoginThrottleService } from '../auth/login-throttle.service';
import { AdminUser } from '../admin/entities/admin-user.entity';
import { User } from '../users/entities/user.entity';

/** One 30 s step of clock drift either side. */
const TOTP_TOLERANCE_SECONDS = 30;

/** Whose second factor: a customer (`user:<id>`) or a back-office admin (`admin:<id>`). */
export type TotpSubjectKind = 'user' | 'admin';

/** The owner of a TOTP secret, with the secret and the last time step accepted (the replay memory). */
export interface TotpSubject {
  kind: TotpSubjectKind;
  id: string;
  secret: string | null;
  lastStep: string | null;
}

/**
 * Where each kind keeps its replay memory, and the throttle scope of its wrong codes (the same
 * Redis counters as before the two verifiers were merged: `customer-2fa` and `admin-2fa`).
 */
const SUBJECTS = {
  user: { entity: User, throttleScope: 'customer-2fa' },
  admin: { entity: AdminUser, throttleScope: 'admin-2fa' },
} as const;

/** `user:<id>` / `admin:<id>`: the subject key used in logs and audit details. */
export function totpSubjectKey(subject: Pick<TotpSubject, 'kind' | 'id'>): string {
  return `${subject.kind}:${subject.id}`;
}

/**
 * The one TOTP check (RFC 6238, otplib) of customers and admins: a 6-digit code of the subject's
 * secret, within one step of clock drift, of a time step later than the last accepted one (a code
 * is never accepted twice, recorded atomically in the subject's row), with wrong codes counted per
 * subject and address by the login throttle.
 */
@Injectable()
export class TotpVerifier {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly throttle: LoginThrottleService,
  ) {}

  /** Throttled check that spends the code: 429 when too many wrong ones, 10091 when wrong. */
  async assert(subject: TotpSubject, code: string, ip: string): Promise<void> {
    if (!(await this.attempt(subject, ip, () => this.accept(subject, code)))) {
      throw new AppException(ErrorCode.CodeWrong);
    }
  }

  /**
   * One second-factor check (TOTP or recovery code) of the subject, counted by the login throttle
   * before it runs: 429 while the subject (or the address) has too many wrong ones in the window.
   */
  attempt<T>(subject: Pick<TotpSubject, 'kind' | 'id'>, ip: string, check: () => Promise<T>): Promise<T> {
    return this.throttle.attempt(SUBJECTS[subject.kind].throttleScope, subject.id, ip, check);
  }

  /** Unthrottled: a valid code of a later time step than the last accepted one, recorded atomically. */
  async accept(subject: TotpSubject, code: string): Promise<boolean> {
    if (!subject.secret || !/^\d{6}$/.test(code)) return false;
    const lastStep = subject.lastStep === null ? undefined : Number(subject.lastStep);
    const result = await verifyTotp({
      secret: subject.secret,
      token: code,
      epoch: Math.floor(this.clock.now().getTime() / 1000),
      epochTolerance: TOTP_TOLERANCE_SECONDS,
      ...(lastStep === undefined ? {} : { afterTimeStep: lastStep }),
    });
    if (!result.valid || !('timeStep' in result)) return false;
    const updated = await this.dataSource
      .createQueryBuilder()
      .update(SUBJECTS[subject.kind].entity)
      .set({ totpLastStep: String(result.timeStep) })
      .where('id = :id AND (totp_last_step IS NULL OR totp_last_step < :step)', {
        id: subject.id,
        step: result.timeStep,
      })
      .execute();
    return updated.affected === 1;
  }
}
