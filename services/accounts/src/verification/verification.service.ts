import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type Redis from 'ioredis';
import { IsNull, type EntityManager, type Repository } from 'typeorm';
import { APP_CONFIG, AppException, ErrorCode, translate, type AppConfig, type Language } from '@app/common';
import { REDIS_CLIENT } from '@app/queue';
import { VerificationCode, type CodeScene } from './entities/verification-code.entity';
import { OutboxService } from './outbox.service';
import type { ContactType } from './contact';

const CODE_TTL_MS = 10 * 60 * 1000;
const RESEND_SECONDS = 60;
const MAX_ATTEMPTS = 5;

const SUBJECT_KEYS: Record<CodeScene, string> = {
  register: 'message.codeSubjectRegister',
  reset: 'message.codeSubjectReset',
  withdrawPassword: 'message.codeSubjectWithdrawPassword',
  changeContact: 'message.codeSubjectChangeContact',
};

/** A checked code, to be consumed inside the transaction of the operation it authorizes. */
export interface CheckedCode {
  id: string;
}

/**
 * Six-digit one-time codes: stored as keyed hashes, valid 10 minutes, 5 tries, one per 60 s per
 * target and scene.
 */
@Injectable()
export class VerificationService {
  constructor(
    @InjectRepository(VerificationCode) private readonly codes: Repository<VerificationCode>,
    private readonly outbox: OutboxService,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Sends a code. With `deliver` false (a reset for a contact nobody has) every cap and the
   * cooldown apply the same and a code is stored as for anyone, but never sent: checks against it
   * then answer exactly as for a known contact (wrong, too many tries, expired), so that neither
   * sendCode nor resetPassword tells who has an account.
   */
  async send(
    type: ContactType,
    target: string,
    scene: CodeScene,
    ip: string,
    lang: Language,
    deliver = true,
  ): Promise<void> {
    const ipKey = `sendcode:ip:${ip}`;
    const sentFromIp = await this.redis.incr(ipKey);
    if (sentFromIp === 1) await this.redis.expire(ipKey, 3600);
    if (sentFromIp > this.config.SEND_CODE_MAX_PER_IP_PER_HOUR)
      throw new AppException(ErrorCode.TooManyRequests);
    // Daily caps per client address and per destination (a flood of codes to one phone or inbox).
    await this.countDaily(`sendcode:day:ip:${ip}`, this.config.SEND_CODE_MAX_PER_IP_PER_DAY);
    // SET NX makes the 60-second rule hold under concurrent requests too.
    const cooling = await this.redis.set(
      `sendcode:cooldown:${scene}:${target}`,
      '1',
      'EX',
      RESEND_SECONDS,
      'NX',
    );
    if (cooling !== 'OK') throw new AppException(ErrorCode.RepeatedSubmission);
    await this.countDaily(`sendcode:day:to:${target}`, this.config.SEND_CODE_MAX_PER_TARGET_PER_DAY);

    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.codes.manager.transaction(async (m) => {
      // A new code replaces any earlier one of the same target and scene.
      await m.update(VerificationCode, { target, scene, consumedAt: IsNull() }, { consumedAt: new Date() });
      await m.insert(VerificationCode, {
        target,
        scene,
        codeHash: this.digest(scene, target, code),
        attempts: 0,
        expiresAt: new Date(Date.now() + CODE_TTL_MS),
        consumedAt: null,
      });
    });
    if (!deliver) return;
    const body = translate(lang, 'message.codeBody', { code });
    await this.outbox.deliver(
      type === 'email' ? 'email' : 'sms',
      target,
      type === 'email' ? translate(lang, SUBJECT_KEYS[scene]) : null,
      body,
    );
  }

  /**
   * Checks a code without consuming it. Each comparison first takes one of the code's tries in a
   * single UPDATE (`attempts < MAX_ATTEMPTS`), outside any business transaction so that it survives
   * its rollback: of guesses sent at once only MAX_ATTEMPTS find a try left, the others are refused
   * without being compared. A right code gives its try back (only wrong ones count).
   */
  async check(target: string, scene: CodeScene, code: string): Promise<CheckedCode> {
    const latest = await this.codes.findOne({ where: { target, scene }, order: { createdAt: 'DESC' } });
    if (!latest || latest.consumedAt) throw new AppException(ErrorCode.SendCodeFirst);
    if (latest.expiresAt.getTime() <= Date.now()) {
      throw new AppException(ErrorCode.CodeWrong, null, {}, 'validation.codeExpired');
    }
    const taken = await this.codes
      .createQueryBuilder()
      .update(VerificationCode)
      .set({ attempts: () => 'attempts + 1' })
      .where('id = :id AND attempts < :max', { id: latest.id, max: MAX_ATTEMPTS })
      .execute();
    if (!taken.affected) {
      throw new AppException(ErrorCode.CodeWrong, null, {}, 'validation.codeTooManyTries');
    }
    const expected = Buffer.from(latest.codeHash, 'hex');
    const given = Buffer.from(this.digest(scene, target, code), 'hex');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw new AppException(ErrorCode.CodeWrong);
    }
    await this.codes
      .createQueryBuilder()
      .update(VerificationCode)
      .set({ attempts: () => 'attempts - 1' })
      .where('id = :id AND attempts > 0', { id: latest.id })
      .execute();
    return { id: latest.id };
  }

  /** Consumes a checked code in the caller's transaction; a code is never used twice. */
  async consume(checked: CheckedCode, manager: EntityManager): Promise<void> {
    const result = await manager
      .createQueryBuilder()
      .update(VerificationCode)
      .set({ consumedAt: () => 'now()' })
      .where('id = :id AND consumed_at IS NULL AND expires_at > now()', { id: checked.id })
      .execute();
    if (!result.affected) throw new AppException(ErrorCode.SendCodeFirst);
  }

  private async countDaily(key: string, limit: number): Promise<void> {
    const count = await this.redis.incr(key);
    if (count === 1) await this.redis.expire(key, 24 * 3600);
    if (count > limit) throw new AppException(ErrorCode.TooManyRequests);
  }

  private digest(scene: CodeScene, target: string, code: string): string {
    return createHmac('sha256', this.config.jwtSecret).update(`${scene}:${target}:${code}`).digest('hex');
  }
}
