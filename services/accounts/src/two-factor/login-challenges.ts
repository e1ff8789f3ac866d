import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { createHash, randomBytes } from 'node:crypto';
import { AppException, ErrorCode } from '@app/common';
import { REDIS_CLIENT } from '@app/queue';
import { TotpVerifier, type TotpSubjectKind } from './totp-verifier';

/** A login challenge (first factor passed, second factor pending) lives this long. */
const CHALLENGE_TTL_SECONDS = 300;
/** Wrong second factors one challenge tolerates before it is destroyed (429). */
const CHALLENGE_MAX_ATTEMPTS = 5;

export interface TwoFactorChallenge {
  twoFactorRequired: true;
  challenge: string;
  expiresAt: string;
}

/**
 * The short-lived login challenges of customers and admins, kept in Redis: opened once the first
 * factor passed, completed once by a right second factor, destroyed after too many wrong ones.
 * A challenge is bound to the password it was opened with (a digest of its hash, `credential`):
 * once the password is reset or changed, a challenge opened before cannot complete, even with a
 * right second factor, so that whoever knew the old password keeps nothing.
 */
@Injectable()
export class LoginChallenges {
  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    private readonly totp: TotpVerifier,
  ) {}

  /**
   * `passwordHash`: the holder's password hash as the first factor saw it (null: none set).
   * `pending`: what the login is to do only once complete (a link to make), handed back by `complete`.
   */
  async open(
    kind: TotpSubjectKind,
    id: string,
    passwordHash: string | null,
    pending?: string,
  ): Promise<TwoFactorChallenge> {
    const challenge = randomBytes(32).toString('base64url');
    const key = challengeKey(kind, challenge);
    await this.redis
      .multi()
      .hset(key, {
        [`${kind}Id`]: id,
        credential: credentialStamp(passwordHash),
        attempts: 0,
        ...(pending === undefined ? {} : { pending }),
      })
      .expire(key, CHALLENGE_TTL_SECONDS)
      .exec();
    const expiresAt = new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000).toISOString();
    return { twoFactorRequired: true, challenge, expiresAt };
  }

  /**
   * Checks the second factor of a challenge (`check`: what the holder's factor was, or null when
   * wrong) and consumes the challenge; answers the holder's id, what `check` answered and the
   * challenge's credential stamp (for `stillCurrent` when the session opens) and what it was opened
   * with as `pending` (null when nothing).
   * `passwordHashOf` reads the holder's password hash now: a challenge opened with another one (the
   * password was reset or changed since) is destroyed unchecked, its factor neither tried nor counted.
   * Unknown, used or outdated challenge: 400 on `challenge`; wrong factor: 10091; too many wrong: 429.
   */
  async complete<T>(
    kind: TotpSubjectKind,
    challenge: string,
    ip: string,
    passwordHashOf: (id: string) => Promise<string | null>,
    check: (id: string) => Promise<T | null>,
  ): Promise<{ id: string; used: T; credential: string; pending: string | null }> {
    const key = challengeKey(kind, challenge);
    const [id, credential, pending] = await this.redis.hmget(key, `${kind}Id`, 'credential', 'pending');
    if (!id) throw AppException.field('challenge', 'auth.twoFactorChallengeInvalid');
    if (!credential || !stillCurrent(credential, await passwordHashOf(id))) {
      await this.redis.del(key);
      throw AppException.field('challenge', 'auth.twoFactorChallengeInvalid');
    }
    // Per holder as well as per challenge: opening new challenges does not buy more guesses.
    const used = await this.totp.attempt({ kind, id }, ip, () => check(id));
    if (used === null) {
      const attempts = await this.redis.hincrby(key, 'attempts', 1);
      if (attempts >= CHALLENGE_MAX_ATTEMPTS) {
        await this.redis.del(key);
        throw new AppException(ErrorCode.TooManyRequests);
      }
      throw new AppException(ErrorCode.CodeWrong);
    }
    // Single use, even under a race of two correct answers: only one DEL removes the key.
    if ((await this.redis.del(key)) !== 1)
      throw AppException.field('challenge', 'auth.twoFactorChallengeInvalid');
    return { id, used, credential, pending };
  }
}

/**
 * Whether a challenge's credential stamp still matches the holder's password hash: the caller
 * checks it again where the session opens, since the password may change while the factor is
 * being checked.
 */
export function stillCurrent(credential: string, passwordHash: string | null): boolean {
  return credential === credentialStamp(passwordHash);
}

/**
 * A digest of the password hash (a new salt each time the password is set, so a new value even for
 * the same password): never the hash itself in Redis.
 */
function credentialStamp(passwordHash: string | null): string {
  return createHash('sha256')
    .update(passwordHash === null ? 'no-password' : `password:${passwordHash}`)
    .digest('base64url');
}

function challengeKey(kind: TotpSubjectKind, challenge: string): string {
  return kind === 'admin' ? `admin-2fa-challenge:${challenge}` : `2fa-challenge:${challenge}`;
}
