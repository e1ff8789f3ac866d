import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { AppException, ErrorCode } from '@app/common';
import { limitedAttempt, REDIS_CLIENT } from '@app/queue';
import { UsersService } from '@app/accounts';

const PASSWORD_FAILURES_ALLOWED = 5;
const PASSWORD_LOCK_SECONDS = 15 * 60;

/**
 * The withdrawal password, asked before money leaves and before the withdrawal safeguards change
 * (the address whitelist). Wrong answers are limited per user across both (limitedAttempt: guesses
 * sent at once cannot outnumber the limit). A wrong password counts (the lock runs from the last
 * one), a right one clears the count; other answers (not set, account frozen) count as nothing.
 */
@Injectable()
export class WithdrawPasswordService {
  constructor(
    private readonly users: UsersService,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
  ) {}

  async check(userId: string, password: string): Promise<void> {
    const key = `withdraw-pw-fail:${userId}`;
    const outcome = await limitedAttempt(
      this.redis,
      [{ key, limit: PASSWORD_FAILURES_ALLOWED, ttlSeconds: PASSWORD_LOCK_SECONDS, slidingTtl: true }],
      async () => {
        const check = await this.users.checkWithdrawPassword(userId, password);
        // Only a wrong password of an active user is a failure (false); the rest is told below.
        return check?.status === 'active' && check.password === 'wrong' ? false : check;
      },
    );
    if ('refused' in outcome) throw new AppException(ErrorCode.TooManyRequests);
    const check = outcome.result;
    if (check === false) throw new AppException(ErrorCode.WithdrawPasswordWrong);
    if (!check) throw new AppException(ErrorCode.UserNotFound);
    if (check.status === 'frozen') throw new AppException(ErrorCode.UserStatusAbnormal);
    if (check.status !== 'active') throw new AppException(ErrorCode.UserStatusWrong);
    if (check.password === 'not_set') {
      throw AppException.field('withdrawPassword', 'validation.setWithdrawPasswordFirst');
    }
    await this.redis.del(key);
  }
}
