import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Redis from 'ioredis';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { DataSource, IsNull } from 'typeorm';
import {
  API_KEY_SCOPES,
  API_KEY_WINDOW_MS,
  APP_CONFIG,
  AppException,
  apiKeySessionId,
  apiKeyStringToSign,
  Clock,
  ErrorCode,
  type ApiKeyAuthenticator,
  type ApiKeyScope,
  type AppConfig,
  type AuthPrincipal,
  type SignedRequest,
} from '@app/common';
import { REDIS_CLIENT } from '@app/queue';
import { TwoFactorService } from '../two-factor/two-factor.service';
import { User } from '../users/entities/user.entity';
import type { CreateApiKeyDto } from './dto/api-key.dto';
import { ApiKey } from './entities/api-key.entity';
import { allowlistIncludes, normalizeAllowlistEntry } from './ip-allowlist';
import { SecretBox } from './secret-box';

/** Live (not revoked) keys one user may hold. */
const MAX_LIVE_KEYS = 20;
/** A used signature is remembered past both edges of the window, so it can never come back. */
const REPLAY_MEMORY_MS = 2 * API_KEY_WINDOW_MS + 5_000;
const KEY_ID_PATTERN = /^ak_[0-9a-f]{32}$/;

export interface ApiKeyView {
  keyId: string;
  label: string;
  scopes: ApiKeyScope[];
  ipAllowlist: string[];
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/**
 * API keys for integrators: created (the secret shown once), listed and revoked by their owner;
 * signed requests are checked here for the auth guard (API_KEY_AUTHENTICATOR).
 */
@Injectable()
export class ApiKeysService implements ApiKeyAuthenticator {
  private readonly box: SecretBox;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly clock: Clock,
    private readonly twoFactor: TwoFactorService,
  ) {
    this.box = new SecretBox(config.jwtSecret);
  }

  async create(userId: string, dto: CreateApiKeyDto, ip: string): Promise<ApiKeyView & { secret: string }> {
    const allowlist: string[] = [];
    for (const entry of dto.ipAllowlist ?? []) {
      const normalized = normalizeAllowlistEntry(entry);
      if (!normalized) throw AppException.field('ipAllowlist', 'auth.ipAllowlistInvalid', { value: entry });
      if (!allowlist.includes(normalized)) allowlist.push(normalized);
    }
    const user = await this.dataSource.getRepository(User).findOne({ where: { id: userId } });
    if (!user) throw new AppException(ErrorCode.UserNotFound);
    // Withdrawing through a key skips the per-request code, so only a 2FA user may grant it, with a code.
    if (dto.scopes.includes('withdraw') && !this.twoFactor.isEnabled(user))
      throw AppException.field('scopes', 'auth.apiKeyWithdrawNeeds2fa');
    await this.twoFactor.assertCodeIfEnabled(userId, dto.totpCode, 'totpCode', ip);

    const keyId = `ak_${randomBytes(16).toString('hex')}`;
    const secret = randomBytes(32).toString('base64url');
    const saved = await this.dataSource.transaction(async (m) => {
      // The user row lock serialises concurrent creations, so the limit holds.
      await m.query('SELECT 1 FROM accounts.users WHERE id = $1 FOR UPDATE', [userId]);
      const live = await m.count(ApiKey, { where: { userId, revokedAt: IsNull() } });
      if (live >= MAX_LIVE_KEYS)
        throw AppException.field('label', 'auth.apiKeyLimit', { limit: MAX_LIVE_KEYS });
      return m.save(
        m.create(ApiKey, {
          id: keyId,
          userId,
          label: dto.label,
          scopes: API_KEY_SCOPES.filter((s) => dto.scopes.includes(s)),
          ipAllowlist: allowlist,
          secretBox: this.box.seal(secret, keyId),
          lastUsedAt: null,
          revokedAt: null,
        }),
      );
    });
    return { ...this.view(saved), secret };
  }

  async list(userId: string): Promise<ApiKeyView[]> {
    const rows = await this.dataSource
      .getRepository(ApiKey)
      .find({ where: { userId }, order: { createdAt: 'DESC' } });
    return rows.map((row) => this.view(row));
  }

  /** Revokes one of the user's keys at once; revoking a revoked key is a no-op. */
  async revoke(userId: string, keyId: string): Promise<ApiKeyView> {
    const repo = this.dataSource.getRepository(ApiKey);
    await repo.update({ id: keyId, userId, revokedAt: IsNull() }, { revokedAt: this.clock.now() });
    const row = await repo.findOne({ where: { id: keyId, userId } });
    if (!row) throw new AppException(ErrorCode.NotFound, null, {}, 'auth.apiKeyNotFound');
    return this.view(row);
  }

  /** Whether a live key of the user holds the scope (the second-factor check asks this). */
  async holdsScope(userId: string, keyId: string, scope: ApiKeyScope): Promise<boolean> {
    const row = await this.dataSource
      .getRepository(ApiKey)
      .findOne({ where: { id: keyId, userId, revokedAt: IsNull() } });
    return row?.scopes.includes(scope) ?? false;
  }

  /**
   * A signed request: a live key, a timestamp within the window, the right HMAC, an allowed
   * address, and a signature never seen before. Refusals: 401 (key, time, signature, replay) or
   * 403 (address), each with its own message.
   */
  async authenticate(req: SignedRequest): Promise<{ principal: AuthPrincipal; scopes: ApiKeyScope[] }> {
    const refuse = (key: string) => new AppException(ErrorCode.Unauthorized, null, {}, key);
    if (!KEY_ID_PATTERN.test(req.keyId)) throw refuse('auth.apiKeyInvalid');
    const key = await this.dataSource
      .getRepository(ApiKey)
      .createQueryBuilder('k')
      .addSelect('k.secretBox')
      // A frozen account's keys stop working with its sessions (unfrozen, they work again).
      .innerJoin(User, 'u', "u.id = k.user_id AND u.status <> 'frozen'")
      .where('k.id = :id AND k.revoked_at IS NULL', { id: req.keyId })
      .getOne();
    if (!key) throw refuse('auth.apiKeyInvalid');

    const timestamp = /^\d{1,15}$/.test(req.timestamp) ? Number(req.timestamp) : NaN;
    if (!(Math.abs(this.clock.now().getTime() - timestamp) <= API_KEY_WINDOW_MS))
      throw refuse('auth.apiKeyTimestamp');

    const secret = this.box.open(key.secretBox, key.id);
    // Sealed under another JWT secret (it was rotated): the key can no longer be checked.
    if (secret === null) throw refuse('auth.apiKeyInvalid');
    const given = /^[0-9a-fA-F]{64}$/.test(req.signature) ? Buffer.from(req.signature, 'hex') : null;
    const expected = createHmac('sha256', secret)
      .update(apiKeyStringToSign(req.timestamp, req.method, req.pathWithQuery, req.body))
      .digest();
    if (!given || !timingSafeEqual(given, expected)) throw refuse('auth.apiKeySignature');
    // Only a caller holding the secret learns that the address is the problem.
    if (key.ipAllowlist.length && !allowlistIncludes(key.ipAllowlist, req.ip))
      throw new AppException(ErrorCode.Forbidden, null, {}, 'auth.apiKeyIp');

    // Single use: of two requests with the same signature only the first SET NX succeeds.
    const fresh = await this.redis.set(
      `api-key-signature:${key.id}:${expected.toString('hex')}`,
      '1',
      'PX',
      REPLAY_MEMORY_MS,
      'NX',
    );
    if (fresh !== 'OK') throw refuse('auth.apiKeyReplay');

    // last_used_at is written at most once a minute per key, not on every request.
    await this.dataSource.query(
      `UPDATE accounts.api_keys SET last_used_at = now()
       WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
      [key.id],
    );
    return {
      principal: { kind: 'customer', id: key.userId, sessionId: apiKeySessionId(key.id), roles: [] },
      scopes: key.scopes,
    };
  }

  private view(row: ApiKey): ApiKeyView {
    return {
      keyId: row.id,
      label: row.label,
      scopes: row.scopes,
      ipAllowlist: row.ipAllowlist,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
      revokedAt: row.revokedAt?.toISOString() ?? null,
    };
  }
}
