import { SetMetadata } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import type { AuthPrincipal } from '../http/request-context';

/**
 * API keys for integrators: a request signed with a key authenticates like a session of the key's
 * owner, for the endpoints the key's scopes allow. The accounts service keeps the keys and checks
 * signatures; the auth guard only knows this interface.
 */
export const API_KEY_SCOPES = ['read', 'trade', 'withdraw'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Header names of a signed request (lower case, as Node gives them). */
export const API_KEY_HEADERS = {
  key: 'x-swx-apikey',
  timestamp: 'x-swx-timestamp',
  signature: 'x-swx-signature',
} as const;

/** A signed request is accepted this long either side of the server's time. */
export const API_KEY_WINDOW_MS = 30_000;

export interface SignedRequest {
  keyId: string;
  /** Milliseconds since the epoch, as the client sent it. */
  timestamp: string;
  /** Hex HMAC-SHA256 of apiKeyStringToSign(...) under the key's secret. */
  signature: string;
  method: string;
  /** The path with its query string, exactly as sent. */
  pathWithQuery: string;
  /** The body bytes exactly as sent (empty without a body). */
  body: Buffer;
  ip: string;
}

export interface ApiKeyAuthenticator {
  /** The owner of a live key whose signature checks out, with the key's scopes; else throws 401/403. */
  authenticate(request: SignedRequest): Promise<{ principal: AuthPrincipal; scopes: ApiKeyScope[] }>;
}

export const API_KEY_AUTHENTICATOR = Symbol('API_KEY_AUTHENTICATOR');

/** What the client signs: timestamp, method, path with query and body, one per line. */
export function apiKeyStringToSign(
  timestamp: string,
  method: string,
  pathWithQuery: string,
  body: Buffer | string,
): Buffer {
  return Buffer.concat([
    Buffer.from(`${timestamp}\n${method.toUpperCase()}\n${pathWithQuery}\n`, 'utf8'),
    typeof body === 'string' ? Buffer.from(body, 'utf8') : body,
  ]);
}

const API_KEY_SESSION_PREFIX = 'api-key:';

/** The principal's sessionId of a signed request names its key. */
export function apiKeySessionId(keyId: string): string {
  return `${API_KEY_SESSION_PREFIX}${keyId}`;
}

/** The key id when the principal authenticated with an API key, else null. */
export function apiKeyIdOf(principal: AuthPrincipal): string | null {
  return principal.sessionId.startsWith(API_KEY_SESSION_PREFIX)
    ? principal.sessionId.slice(API_KEY_SESSION_PREFIX.length)
    : null;
}

export const API_KEY_ACCESS = 'swx:api-key-access';

/**
 * Declares which scope a signed request needs for this route (e.g. a POST that only reads), or
 * `false`: a session is required (key management, 2FA, linking). Without it, see requiredApiKeyScope.
 */
export const ApiKeyAccess = (scope: ApiKeyScope | false) => SetMetadata(API_KEY_ACCESS, scope);

/**
 * The scope a signed request needs: the route's declaration if any; else withdraw for
 * POST user/withdrawal, trade for every non-GET order endpoint, read for GET; anything else
 * (account changes) is not open to API keys (null).
 */
export function requiredApiKeyScope(
  method: string,
  route: string,
  declared: ApiKeyScope | false | undefined,
): ApiKeyScope | null {
  if (declared !== undefined) return declared || null;
  const m = method.toUpperCase();
  if (m === 'POST' && route === '/swx/customer/user/withdrawal') return 'withdraw';
  if (route.startsWith('/swx/customer/order/') && m !== 'GET' && m !== 'HEAD') return 'trade';
  if (m === 'GET' || m === 'HEAD') return 'read';
  return null;
}

/** Largest body a signed request may carry (the JSON body limit of the HTTP app). */
const MAX_SIGNED_BODY_BYTES = 1024 * 1024;
const rawBodies = new WeakMap<object, Buffer>();

/** The body bytes of a signed request as received, kept by installSignedBodyCapture. */
export function signedRequestBody(req: FastifyRequest): Buffer {
  return rawBodies.get(req.raw) ?? Buffer.alloc(0);
}

/**
 * The signature covers the body bytes as sent, which the JSON parser does not keep: for requests
 * that carry an API key header, the body is read here, remembered, and handed on to the parser.
 */
export function installSignedBodyCapture(fastify: FastifyInstance): void {
  fastify.addHook('preParsing', async (request, _reply, payload) => {
    if (request.headers[API_KEY_HEADERS.key] === undefined) return payload;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
      size += buffer.length;
      if (size > MAX_SIGNED_BODY_BYTES) {
        const error = new Error('Request body is too large') as Error & { statusCode: number };
        error.statusCode = 413;
        throw error;
      }
      chunks.push(buffer);
    }
    const body = Buffer.concat(chunks);
    rawBodies.set(request.raw, body);
    const replay = Readable.from([body], { objectMode: false }) as Readable & {
      receivedEncodedLength?: number;
    };
    replay.receivedEncodedLength = body.length;
    return replay;
  });
}
