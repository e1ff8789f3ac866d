import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, AppException, ErrorCode, type AppConfig } from '@app/common';
import { limitedAttempt, REDIS_CLIENT } from '@app/queue';

/** A run of failures is remembered this long (a success or a password reset ends it sooner). */
const CONSECUTIVE_TTL_SECONDS = 30 * 24 * 3600;

/**
 * Failed logins counted per account and per client address over a window; over the limit: 429.
 * Besides the window, the consecutive failures of an account are counted: at
 * LOGIN_MAX_CONSECUTIVE_FAILURES the account is locked (429, auth.accountLocked) until a
 * successful login, a password reset (by the holder, or of an admin by a super-admin) or the
 * holder's own password change, so that a slow attack across many windows stops too.
 *
 * Anyone who knows a login name can set that lock off. An account with a second factor is
 * therefore not locked (its failures are still counted): the right password only opens a 2FA
 * challenge that a code must complete, under its own limits, so a guessed password alone gets
 * nothing, and the per-account and per-address windows still bound the guessing rate. Without a
 * second factor the password is all there is, and the lock stays.
 */
@Injectable()
export class LoginThrottleService {
  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Runs one guarded check (a password, a second factor) under the limits (limitedAttempt: guesses
   * sent at once cannot outnumber them). A wrong answer (`check` gives false or null) counts as a
   * failure; a right one ends the account's window and its run of failures. `secondFactor`: the
   * account has one, and the run of failures does not lock it (see above).
   */
  async attempt<T>(
    scope: string,
    account: string,
    ip: string,
    check: () => Promise<T>,
    options: { secondFactor?: boolean } = {},
  ): Promise<T> {
    const keys = this.keys(scope, account, ip);
    const window = this.config.LOGIN_FAILURE_WINDOW_SECONDS;
    const outcome = await limitedAttempt(
      this.redis,
      [
        {
          key: keys.run,
          limit: options.secondFactor ? 0 : this.config.LOGIN_MAX_CONSECUTIVE_FAILURES,
          ttlSeconds: CONSECUTIVE_TTL_SECONDS,
          slidingTtl: true,
        },
        {
          key: keys.acct,
          limit: this.config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
          ttlSeconds: window,
          slidingTtl: false,
        },
        { key: keys.ip, limit: this.config.LOGIN_MAX_FAILURES_PER_IP, ttlSeconds: window, slidingTtl: false },
      ],
      check,
    );
    if ('refused' in outcome) {
      if (outcome.refused === 0)
        throw new AppException(ErrorCode.TooManyRequests, null, {}, 'auth.accountLocked');
      throw new AppException(ErrorCode.TooManyRequests);
    }
    if (outcome.result !== false && outcome.result !== null) await this.redis.del(keys.acct, keys.run);
    return outcome.result;
  }

  /** A password reset or change ends the account's window and its run of failures. */
  async recordSuccess(scope: string, account: string): Promise<void> {
    const keys = this.keys(scope, account, '');
    await this.redis.del(keys.acct, keys.run);
  }

  private keys(scope: string, account: string, ip: string) {
    const key = (kind: string, value: string) => `login-fail:${scope}:${kind}:${value.toLowerCase()}`;
    return { acct: key('acct', account), ip: key('ip', ip), run: key('run', account) };
  }
}
