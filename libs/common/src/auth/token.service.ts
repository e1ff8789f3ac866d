import { Inject, Injectable } from '@nestjs/common';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { APP_CONFIG, type AppConfig } from '../config';
import type { AuthPrincipal } from '../http/request-context';

export interface TokenClaims {
  sessionId: string;
  subjectId: string;
  kind: AuthPrincipal['kind'];
}

/** Signs and verifies the JWTs that carry a session id; the session row decides whether it is live. */
@Injectable()
export class TokenService {
  private readonly secret: Uint8Array<ArrayBuffer>;
  /** Imported once: given raw bytes, jose would import the HMAC key again on every sign and verify. */
  private keyPromise?: Promise<CryptoKey>;

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
    try {
      const { payload } = await jwtVerify(token, await this.key(), {
        algorithms: ['HS256'],
        audience: `swx-${kind}`,
      });
      if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string') return null;
      return { sessionId: payload.jti, subjectId: payload.sub, kind };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}
