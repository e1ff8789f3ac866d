import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { SiweErrorType, SiweMessage } from 'siwe';
import { APP_CONFIG, AppException, Clock, type AppConfig } from '@app/common';
import { REDIS_CLIENT } from '@app/queue';

/** A nonce is good for this long after dappNonce issued it. */
const NONCE_TTL_SECONDS = 300;
/** A message issued longer ago than this (or this far in the future) is refused. */
const MAX_MESSAGE_AGE_MS = NONCE_TTL_SECONDS * 1000;
const CLOCK_SKEW_MS = 60_000;

export interface VerifiedWallet {
  /** Lower-case 0x address. */
  address: string;
  chainId: number;
}

/** The Vite dev server of web-user (`npm run dev -w web-user`), which proxies the API to PORT. */
const WEB_DEV_PORT = 5173;

/**
 * The domains (host[:port]) a signed message may name, from the configuration only, never from a
 * request (a phishing site would send its own Host): SIWE_DOMAINS when set; else the web app's
 * public origin that the configuration knows (the host of OIDC_REDIRECT_URI) and, outside
 * production, the loopback origins of a local run (the platform's PORT and the web-user dev server).
 */
export function siweDomains(config: AppConfig): string[] {
  const explicit = (config.SIWE_DOMAINS ?? '')
    .split(',')
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);
  if (explicit.length) return explicit;
  const domains = new Set<string>();
  if (config.OIDC_REDIRECT_URI) domains.add(new URL(config.OIDC_REDIRECT_URI).host.toLowerCase());
  if (config.NODE_ENV !== 'production') {
    for (const port of [config.PORT, WEB_DEV_PORT])
      for (const host of ['localhost', '127.0.0.1', '[::1]'])
        // As a browser's location.host writes it (no :80).
        domains.add(new URL(`http://${host}:${port}`).host);
  }
  return [...domains];
}

/**
 * Sign-In with Ethereum (EIP-4361) with the `siwe` library: single-use nonces in Redis, then the
 * domain (siweDomains), URI, chain id, nonce, times and signature of a signed message. Every
 * refusal is a 400 with a field error naming what was wrong.
 */
@Injectable()
export class SiweVerifierService {
  private readonly chainIds: number[];
  private readonly domains: string[];

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly clock: Clock,
  ) {
    this.chainIds = config.SIWE_CHAIN_IDS.split(',').map(Number);
    this.domains = siweDomains(config);
    if (!this.domains.length)
      new Logger('Siwe').warn(
        'Wallet login refuses every message: set SIWE_DOMAINS to the domain(s) of the web app',
      );
  }

  /** A fresh random nonce (alphanumeric, 128 bits), bound to the address, valid 5 minutes, once. */
  async issueNonce(address: string): Promise<{ nonce: string; expiresAt: string }> {
    const nonce = randomBytes(16).toString('hex');
    await this.redis.set(this.nonceKey(nonce), address.toLowerCase(), 'EX', NONCE_TTL_SECONDS);
    return { nonce, expiresAt: new Date(Date.now() + NONCE_TTL_SECONDS * 1000).toISOString() };
  }

  /** Verifies a signed SIWE message; consumes its nonce. */
  async verify(message: string, signature: string): Promise<VerifiedWallet> {
    let siwe: SiweMessage;
    try {
      siwe = new SiweMessage(message);
    } catch {
      throw AppException.field('message', 'auth.siweMalformed');
    }
    if (!this.domains.includes(siwe.domain.toLowerCase()))
      throw AppException.field('message', 'auth.siweDomain');
    let uriHost: string;
    try {
      uriHost = new URL(siwe.uri).host.toLowerCase();
    } catch {
      throw AppException.field('message', 'auth.siweDomain');
    }
    if (uriHost !== siwe.domain.toLowerCase()) throw AppException.field('message', 'auth.siweDomain');
    if (!this.chainIds.includes(siwe.chainId)) throw AppException.field('message', 'auth.siweChain');

    const now = this.clock.now();
    const issuedAt = Date.parse(siwe.issuedAt ?? '');
    if (
      Number.isNaN(issuedAt) ||
      issuedAt > now.getTime() + CLOCK_SKEW_MS ||
      issuedAt < now.getTime() - MAX_MESSAGE_AGE_MS
    ) {
      throw AppException.field('message', 'auth.siweExpired');
    }

    const boundTo = await this.redis.get(this.nonceKey(siwe.nonce));
    if (!boundTo || boundTo !== siwe.address.toLowerCase())
      throw AppException.field('message', 'auth.siweNonce');

    const result = await siwe.verify(
      { signature, domain: siwe.domain, nonce: siwe.nonce, time: now.toISOString() },
      { suppressExceptions: true },
    );
    if (!result.success) {
      const type = result.error?.type;
      if (type === SiweErrorType.EXPIRED_MESSAGE || type === SiweErrorType.NOT_YET_VALID_MESSAGE)
        throw AppException.field('message', 'auth.siweExpired');
      if (type === SiweErrorType.INVALID_SIGNATURE)
        throw AppException.field('signature', 'auth.siweSignature');
      throw AppException.field('message', 'auth.siweMalformed');
    }

    // Consumed only now, atomically: a wrong attempt does not burn the wallet owner's nonce, and
    // of two concurrent correct uses only one GETDEL finds it.
    if ((await this.redis.getdel(this.nonceKey(siwe.nonce))) === null)
      throw AppException.field('message', 'auth.siweNonce');
    return { address: siwe.address.toLowerCase(), chainId: siwe.chainId };
  }

  private nonceKey(nonce: string): string {
    return `siwe-nonce:${nonce}`;
  }
}
