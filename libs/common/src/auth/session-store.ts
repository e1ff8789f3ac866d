import type { AuthPrincipal } from '../http/request-context';

/**
 * Server-side sessions behind every token, so that logout and password changes revoke at once.
 * Implemented by the accounts service; the guard only knows this interface.
 */
export interface SessionStore {
  /** The principal of a live (not expired, not revoked) session, else null. */
  findLive(sessionId: string, kind: AuthPrincipal['kind']): Promise<AuthPrincipal | null>;
}

export const SESSION_STORE = Symbol('SESSION_STORE');
