import type { AuthPrincipal } from '../http/request-context';

/**
 * The user's second factor (TOTP), asked before sensitive actions (withdrawals, withdrawal-password
 * changes) while two-factor authentication is on. The accounts service provides it; other
 * services only know this interface.
 */
export interface SecondFactor {
  /** Whether the user has two-factor authentication on. */
  required(userId: string): Promise<boolean>;
  /**
   * Checks and spends a current authenticator code of the user (a code is accepted once).
   * Wrong: 10091; too many wrong codes: 429.
   */
  verify(userId: string, code: string, ip: string): Promise<void>;
  /**
   * Before a sensitive action: passes when 2FA is off; otherwise a code is needed in `field`
   * (400 on that field when missing, 10091 when wrong). A request signed with a live API key that
   * holds `apiKeyScope` passes without a code: that scope was granted with a code (see api-keys).
   */
  assert(
    principal: AuthPrincipal,
    code: string | undefined,
    options: { field: string; ip: string; apiKeyScope?: 'withdraw' },
  ): Promise<void>;
}

export const SECOND_FACTOR = Symbol('SECOND_FACTOR');
