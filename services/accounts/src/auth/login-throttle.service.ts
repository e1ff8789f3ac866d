import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, AppException, ErrorCode, type AppConfig } from '@app/common';
import { REDIS_CLIENT } from '@app/queue';

/** Failed logins counted per account and per client address over a window; over the limit: 429. */
@Injectable()
export class LoginThrottleService {
  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async assertAllowed(scope: string, account: string, ip: string): Promise<void> {
    const [byAccount, byIp] = await this.redis.mget(
      this.key(scope, 'acct', account),
      this.key(scope, 'ip', ip),
    );
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
      .exec();
  }

  async recordSuccess(scope: string, account: string): Promise<void> {
    await this.redis.del(this.key(scope, 'acct', account));
  }

  private key(scope: string, kind: 'acct' | 'ip', value: string): string {
    return `login-fail:${scope}:${kind}:${value.toLowerCase()}`;
  }
}
