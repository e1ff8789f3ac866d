import { Inject, Injectable } from '@nestjs/common';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { APP_CONFIG, type AppConfig } from '../config';
import type { AuthPrincipal } from '../http/request-context';

export interface TokenClaims {
  sessionId: string;
  subjectId: string;
  kind: AuthPrincipal['kind'];
}

/** How many verified tokens a process remembers (about 300 bytes each). */
const VERIFIED_MAX = 20_000;

/** Signs and verifies the JWTs that carry a session id; the session row decides whether it is live. */
@Injectable()
export class TokenService {
  private readonly secret: Uint8Array<ArrayBuffer>;
  /** Imported once: given raw bytes, jose would import the HMAC key again on every sign and verify. */
  private keyPromise?: Promise<CryptoKey>;
  /**
   * Tokens already verified, by kind and exact text, until their expiry: the same bytes carry the
   * same signed claims, so the HMAC need not run again on every request of a session.
   */
  private readonly verified = new Map<string, { claims: TokenClaims; expiresAtMs: number }>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.secret = new TextEncoder().encode(config.jwtSecret);
  }

  private key(): Promise<CryptoKey> {
    this.keyPromise ??= crypto.subtle.importKey(
      'raw',
      this.secret,
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    return this.keyPromise;
  }

  async sign(claims: TokenClaims, expiresAt: Date): Promise<string> {
    return new SignJWT({ kind: claims.kind })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.subjectId)
      .setJti(claims.sessionId)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .setAudience(`swx-${claims.kind}`)
      .sign(await this.key());
  }

  /** The claims of a valid, unexpired token of the given kind, else null. */
  async verify(token: string, kind: AuthPrincipal['kind']): Promise<TokenClaims | null> {
    const memo = `${kind} ${token}`;
    const known = this.verified.get(memo);
    if (known) {
      if (known.expiresAtMs > Date.now()) return known.claims;
      this.verified.delete(memo);
    }
    try {
      const { payload } = await jwtVerify(token, await this.key(), {
        algorithms: ['HS256'],
        audience: `swx-${kind}`,
      });
      if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string') return null;
      const claims: TokenClaims = { sessionId: payload.jti, subjectId: payload.sub, kind };
      if (typeof payload.exp === 'number') {
        if (this.verified.size >= VERIFIED_MAX) this.verified.delete(this.verified.keys().next().value!);
        this.verified.set(memo, { claims, expiresAtMs: payload.exp * 1000 });
      }
      return claims;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}
