import { Injectable } from '@nestjs/common';
import { AppException, apiKeyIdOf, type AuthPrincipal, type SecondFactor } from '@app/common';
import { ApiKeysService } from '../api-keys/api-keys.service';
import { TwoFactorService } from './two-factor.service';

/** The SECOND_FACTOR other services ask before withdrawals (funds). */
@Injectable()
export class SecondFactorService implements SecondFactor {
  constructor(
    private readonly twoFactor: TwoFactorService,
    private readonly apiKeys: ApiKeysService,
  ) {}

  required(userId: string): Promise<boolean> {
    return this.twoFactor.isEnabledFor(userId);
  }

  verify(userId: string, code: string, ip: string): Promise<void> {
    return this.twoFactor.verifyCode(userId, code, ip);
  }

  async assert(
    principal: AuthPrincipal,
    code: string | undefined,
    options: { field: string; ip: string; apiKeyScope?: 'withdraw' },
  ): Promise<void> {
    if (!(await this.required(principal.id))) return;
    const keyId = apiKeyIdOf(principal);
    // A key holding the scope was granted with a code while 2FA was on (disabling 2FA revokes it).
    if (
      keyId &&
      options.apiKeyScope &&
      (await this.apiKeys.holdsScope(principal.id, keyId, options.apiKeyScope))
    )
      return;
    if (!code) throw AppException.field(options.field, 'auth.enterTotpCode');
    await this.verify(principal.id, code, options.ip);
  }
}
