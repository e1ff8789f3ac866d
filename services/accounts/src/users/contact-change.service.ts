import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ApiSuccess, AppException, ErrorCode, verifySecret, type Language } from '@app/common';
import { LoginThrottleService } from '../auth/login-throttle.service';
import { TwoFactorService } from '../two-factor/two-factor.service';
import { normalizeContact, PHONE_PATTERN, type ContactType } from '../verification/contact';
import { VerificationService } from '../verification/verification.service';
import type { ChangeContactDto, SendContactCodeDto } from './dto/contact-change.dto';
import { User } from './entities/user.entity';
import { SecurityChangesService } from './security-changes.service';
import { UsersService } from './users.service';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Wrong current passwords count with the login failures of the account (same window and lock). */
const THROTTLE_SCOPE = 'customer';

/**
 * Changing the e-mail or the phone of a signed-in user: a code of scene `changeContact` is sent to
 * the NEW address (the cooldown and the caps of every code apply), then the code, the current
 * password (and the authenticator code while 2FA is on) confirm the change. It is a security change:
 * withdrawals wait 24 hours after it.
 */
@Injectable()
export class ContactChangeService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly verification: VerificationService,
    private readonly twoFactor: TwoFactorService,
    private readonly throttle: LoginThrottleService,
    private readonly securityChanges: SecurityChangesService,
  ) {}

  async sendCode(
    userId: string,
    dto: SendContactCodeDto,
    client: { ip: string; lang: Language },
  ): Promise<ApiSuccess<null>> {
    const user = await this.activeUser(userId);
    const target = this.newContact(user, dto.type, dto.account);
    if (await this.users.exists(dto.type === 'email' ? { email: target } : { phone: target })) {
      this.taken(dto.type);
    }
    await this.verification.send(dto.type, target, 'changeContact', client.ip, client.lang);
    return new ApiSuccess(null);
  }

  async change(userId: string, dto: ChangeContactDto, ip: string): Promise<ApiSuccess<unknown>> {
    const user = await this.activeUser(userId);
    const target = this.newContact(user, dto.type, dto.account);
    const account = `user:${userId}`;
    const passwordOk = await this.throttle.attempt(
      THROTTLE_SCOPE,
      account,
      ip,
      async () => !!user.passwordHash && (await verifySecret(user.passwordHash, dto.password)),
    );
    if (!passwordOk) throw new AppException(ErrorCode.PasswordWrong);
    const checked = await this.verification.check(target, 'changeContact', dto.code);
    await this.twoFactor.assertCodeIfEnabled(userId, dto.totpCode, 'totpCode', ip);
    try {
      await this.dataSource.transaction(async (m) => {
        await this.verification.consume(checked, m);
        await m.update(User, { id: userId }, dto.type === 'email' ? { email: target } : { phone: target });
        await this.securityChanges.record(userId, dto.type, m);
      });
    } catch (error) {
      const driver = (error as { driverError?: { code?: string } }).driverError;
      if (driver?.code === '23505') this.taken(dto.type);
      throw error;
    }
    const updated = await this.users.findWithSecrets({ id: userId });
    return new ApiSuccess(this.users.toProfile(updated!), ErrorCode.ModificationSuccess);
  }

  private async activeUser(userId: string): Promise<User> {
    const user = await this.users.findWithSecrets({ id: userId });
    if (!user) throw new AppException(ErrorCode.UserNotFound);
    if (user.status === 'frozen') throw new AppException(ErrorCode.UserStatusAbnormal);
    if (user.status !== 'active') throw new AppException(ErrorCode.UserStatusWrong);
    return user;
  }

  /** The new address, normalized and checked for its format; the current one is refused. */
  private newContact(user: User, type: ContactType, account: string): string {
    const target = normalizeContact(type, account);
    if (type === 'email' && (!EMAIL_PATTERN.test(target) || target.length > 254))
      throw AppException.field('account', 'validation.emailFormat');
    if (type === 'phone' && !PHONE_PATTERN.test(target))
      throw AppException.field('account', 'validation.phoneFormat');
    const current = type === 'email' ? user.email?.toLowerCase() : user.phone;
    if (current === target) throw AppException.field('account', 'validation.contactUnchanged');
    return target;
  }

  private taken(type: ContactType): never {
    if (type === 'email') throw new AppException(ErrorCode.EmailExists);
    throw AppException.field('account', 'validation.phoneExists');
  }
}
