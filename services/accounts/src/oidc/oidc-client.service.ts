import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import * as client from 'openid-client';
import { APP_CONFIG, AppException, ErrorCode, type AppConfig } from '@app/common';
import { REDIS_CLIENT } from '@app/queue';

/** A login started by googleAuthUrl must come back within this time. */
const STATE_TTL_SECONDS = 600;

export interface VerifiedOidcIdentity {
  issuer: string;
  subject: string;
  /** Lower-case, verified by the provider. */
  email: string;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Google (any OpenID Connect provider) with `openid-client`: authorization code flow with PKCE,
 * state and nonce kept server-side in Redis, and the ID token checked for issuer, audience,
 * signature (JWKS), expiry and nonce.
 */
@Injectable()
export class OidcClientService {
  private readonly logger = new Logger(OidcClientService.name);
  private configuration: Promise<client.Configuration> | null = null;

  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Step 1: the provider URL to send the browser to. `linkUserId` starts a link of the provider
   * account to that (logged-in) user instead of a login; the state remembers which it is.
   */
  async authorizationUrl(linkUserId: string | null = null): Promise<{ url: string; state: string }> {
    const { configuration, redirectUri } = await this.provider();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const verifier = client.randomPKCECodeVerifier();
    await this.redis.set(
      this.stateKey(state),
      JSON.stringify({ nonce, verifier, linkUserId }),
      'EX',
      STATE_TTL_SECONDS,
    );
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url: url.href, state };
  }

  /**
   * Step 2: exchanges the code of the callback (state used once) and answers the verified identity.
   * A state started for a login only completes a login, one started by a user to link only that
   * user's link.
   */
  async exchange(
    params: { code: string; state: string; iss?: string },
    linkUserId: string | null = null,
  ): Promise<VerifiedOidcIdentity> {
    const { configuration, redirectUri } = await this.provider();
    const stored = await this.redis.getdel(this.stateKey(params.state));
    if (!stored) throw AppException.field('state', 'auth.oidcStateInvalid');
    const started = JSON.parse(stored) as { nonce: string; verifier: string; linkUserId?: string | null };
    if ((started.linkUserId ?? null) !== linkUserId)
      throw AppException.field('state', 'auth.oidcStateInvalid');
    const { nonce, verifier } = started;
    const callback = new URL(redirectUri);
    callback.searchParams.set('code', params.code);
    callback.searchParams.set('state', params.state);
    if (params.iss) callback.searchParams.set('iss', params.iss);
    let claims: client.IDToken | undefined;
    try {
      const tokens = await client.authorizationCodeGrant(configuration, callback, {
        pkceCodeVerifier: verifier,
        expectedState: params.state,
        expectedNonce: nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (error) {
      this.logger.warn(`OIDC code exchange refused: ${(error as Error).message}`);
      throw AppException.field('code', 'auth.oidcRefused');
    }
    if (!claims) throw AppException.field('code', 'auth.oidcRefused');
    if (typeof claims.email !== 'string' || claims.email_verified !== true)
      throw AppException.field('code', 'auth.oidcEmailUnverified');
    return { issuer: claims.iss, subject: claims.sub, email: claims.email.trim().toLowerCase() };
  }

  private async provider(): Promise<{ configuration: client.Configuration; redirectUri: string }> {
    const { OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_REDIRECT_URI } = this.config;
    if (!OIDC_CLIENT_ID || !OIDC_REDIRECT_URI) throw new AppException(ErrorCode.NotFound);
    if (!this.configuration) {
      const issuer = new URL(OIDC_ISSUER);
      // Plain http only for a provider on this machine (tests); everything else must be https.
      const insecure = issuer.protocol === 'http:' && LOOPBACK_HOSTS.has(issuer.hostname);
      this.configuration = client.discovery(
        issuer,
        OIDC_CLIENT_ID,
        OIDC_CLIENT_SECRET,
        OIDC_CLIENT_SECRET ? client.ClientSecretPost(OIDC_CLIENT_SECRET) : client.None(),
        {
          // The ID token's signature is checked against the provider's JWKS, not only trusted for
          // having come over TLS.
          execute: insecure
            ? [client.allowInsecureRequests, client.enableNonRepudiationChecks]
            : [client.enableNonRepudiationChecks],
        },
      );
      // A failed discovery is retried by the next request.
      this.configuration.catch(() => (this.configuration = null));
    }
    try {
      return { configuration: await this.configuration, redirectUri: OIDC_REDIRECT_URI };
    } catch (error) {
      this.logger.error(`OIDC discovery failed: ${(error as Error).message}`);
      throw new AppException(ErrorCode.Internal);
    }
  }

  private stateKey(state: string): string {
    return `oidc-state:${state}`;
  }
}
