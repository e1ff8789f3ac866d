import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, AppException, ErrorCode, type AppConfig } from '@app/common';
import { REDIS_CLIENT } from '@app/queue';

/** A run of failures is remembered this long (a success or a password reset ends it sooner). */
const CONSECUTIVE_TTL_SECONDS = 30 * 24 * 3600;

/**
 * Failed logins counted per account and per client address over a window; over the limit: 429.
 * Besides the window, the consecutive failures of an account are counted: at
 * LOGIN_MAX_CONSECUTIVE_FAILURES the account is locked (429, auth.accountLocked) until a
 * successful login or a password reset, so that a slow attack across many windows stops too.
 */
@Injectable()
export class LoginThrottleService {
  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async assertAllowed(scope: string, account: string, ip: string): Promise<void> {
    const [byAccount, byIp, consecutive] = await this.redis.mget(
      this.key(scope, 'acct', account),
      this.key(scope, 'ip', ip),
      this.key(scope, 'run', account),
    );
    if (Number(consecutive ?? 0) >= this.config.LOGIN_MAX_CONSECUTIVE_FAILURES)
      throw new AppException(ErrorCode.TooManyRequests, null, {}, 'auth.accountLocked');
    if (
      Number(byAccount ?? 0) >= this.config.LOGIN_MAX_FAILURES_PER_ACCOUNT ||
      Number(byIp ?? 0) >= this.config.LOGIN_MAX_FAILURES_PER_IP
    ) {
      throw new AppException(ErrorCode.TooManyRequests);
    }
  }

  async recordFailure(scope: string, account: string, ip: string): Promise<void> {
    const window = this.config.LOGIN_FAILURE_WINDOW_SECONDS;
    await this.redis
      .multi()
      .incr(this.key(scope, 'acct', account))
      .expire(this.key(scope, 'acct', account), window, 'NX')
      .incr(this.key(scope, 'ip', ip))
      .expire(this.key(scope, 'ip', ip), window, 'NX')
      .incr(this.key(scope, 'run', account))
      .expire(this.key(scope, 'run', account), CONSECUTIVE_TTL_SECONDS)
      .exec();
  }

  /** A successful login (or a password reset) ends the account's window and its run of failures. */
  async recordSuccess(scope: string, account: string): Promise<void> {
    await this.redis.del(this.key(scope, 'acct', account), this.key(scope, 'run', account));
  }

  private key(scope: string, kind: 'acct' | 'ip' | 'run', value: string): string {
    return `login-fail:${scope}:${kind}:${value.toLowerCase()}`;
  }
}
