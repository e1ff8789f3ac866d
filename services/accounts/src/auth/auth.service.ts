import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import {
  APP_CONFIG,
  ApiSuccess,
  AppException,
  ErrorCode,
  hashSecret,
  verifySecret,
  type AppConfig,
  type Language,
} from '@app/common';
import { LedgerService, SystemAccount } from '@app/ledger';
import type { LoginResult } from '@app/contracts';
import { User } from '../users/entities/user.entity';
import { UsersService } from '../users/users.service';
import { classifyAccount, normalizeContact, PHONE_PATTERN, type ContactType } from '../verification/contact';
import { VerificationService } from '../verification/verification.service';
import type { ChangePasswordDto, ChangeWithdrawPasswordDto } from '../users/dto/user.dto';
import type { LoginDto, RegisterDto, ResetPasswordDto, SendCodeDto } from './dto/login.dto';
import { LoginThrottleService } from './login-throttle.service';
import { SessionsService } from './sessions.service';

export interface ClientInfo {
  ip: string;
  userAgent?: string;
  lang: Language;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The login module of the spec: codes, registration, login, password changes and resets. */
@Injectable()
export class AuthService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
    private readonly verification: VerificationService,
    private readonly throttle: LoginThrottleService,
    private readonly ledger: LedgerService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async checkUserNameOrPhone(query: { username?: string; phone?: string; email?: string }) {
    if (!query.username && !query.phone && !query.email)
      throw AppException.field('username', 'validation.required');
    const phone = query.phone ? normalizeContact('phone', query.phone) : undefined;
    return { exists: await this.users.exists({ username: query.username, email: query.email, phone }) };
  }

  async sendCode(dto: SendCodeDto, client: ClientInfo): Promise<ApiSuccess<null>> {
    const target = this.validContact(dto.type, dto.account, 'account');
    const exists = await this.users.exists(dto.type === 'email' ? { email: target } : { phone: target });
    if (dto.scene === 'register' && exists) {
      if (dto.type === 'email') throw new AppException(ErrorCode.EmailExists);
      throw AppException.field('account', 'validation.phoneExists');
    }
    if (dto.scene !== 'register' && !exists) {
      throw new AppException(dto.type === 'email' ? ErrorCode.EmailWrong : ErrorCode.UserNotFound);
    }
    await this.verification.send(dto.type, target, dto.scene, client.ip, client.lang);
    return new ApiSuccess(null);
  }

  async register(dto: RegisterDto, client: ClientInfo): Promise<LoginResult> {
    const target = this.validContact(dto.type, dto.account, 'account');
    if (await this.users.exists({ username: dto.username })) throw new AppException(ErrorCode.UsernameExists);
    if (dto.type === 'email' && (await this.users.exists({ email: target }))) {
      throw new AppException(ErrorCode.EmailExists);
    }
    if (dto.type === 'phone' && (await this.users.exists({ phone: target }))) {
      throw AppException.field('account', 'validation.phoneExists');
    }
    let invitedBy: string | null = null;
    if (dto.inviteCode) {
      const inviter = await this.dataSource
        .getRepository(User)
        .findOne({ where: { inviteCode: dto.inviteCode } });
      if (!inviter) throw AppException.field('inviteCode', 'validation.inviteCodeInvalid');
      invitedBy = inviter.id;
    }
    const checked = await this.verification.check(target, 'register', dto.code);
    const passwordHash = await hashSecret(dto.password);

    const { user, session } = await this.inTransaction(async (m) => {
      await this.verification.consume(checked, m);
      const created = await m.save(
        m.create(User, {
          username: dto.username,
          email: dto.type === 'email' ? target : null,
          phone: dto.type === 'phone' ? target : null,
          passwordHash,
          withdrawPasswordHash: null,
          status: 'active',
          inviteCode: randomBytes(5).toString('hex').toUpperCase(),
          invitedBy,
          level: 0,
        }),
      );
      // Every new user starts with the demo book funded (DESIGN.md, demo book).
      await this.ledger.post(
        {
          key: `demo-grant-${created.id}`,
          reason: 'demo_grant',
          refType: 'user',
          refId: created.id,
          legs: [
            {
              from: {
                owner: { type: 'system', id: SystemAccount.DemoFaucet },
                book: 'demo',
                currency: 'USDT',
                kind: 'main',
              },
              to: {
                owner: { type: 'user', id: created.id },
                book: 'demo',
                currency: 'USDT',
                kind: 'available',
              },
              amount: this.config.DEMO_GRANT_USDT,
            },
          ],
        },
        m,
      );
      const opened = await this.sessions.open('customer', created.id, client, m);
      return { user: created, session: opened };
    });
    return {
      token: session.token,
      expiresAt: session.expiresAt.toISOString(),
      user: this.users.toProfile(user),
    };
  }

  async login(dto: LoginDto, client: ClientInfo): Promise<LoginResult> {
    if (!dto.account) throw new AppException(ErrorCode.EnterUsernameOrEmail);
    const kind = classifyAccount(dto.account);
    const account = kind === 'username' ? dto.account : normalizeContact(kind, dto.account);
    await this.throttle.assertAllowed('customer', account, client.ip);
    const user = await this.users.findWithSecrets({ [kind]: account });
    if (!user) {
      await this.throttle.recordFailure('customer', account, client.ip);
      const codes = {
        email: ErrorCode.EmailWrong,
        phone: ErrorCode.UserNotFound,
        username: ErrorCode.UsernameWrong,
      };
      throw new AppException(codes[kind]);
    }
    if (!(await verifySecret(user.passwordHash, dto.password))) {
      await this.throttle.recordFailure('customer', account, client.ip);
      throw new AppException(ErrorCode.PasswordWrong);
    }
    this.assertActive(user);
    await this.throttle.recordSuccess('customer', account);
    const session = await this.sessions.open('customer', user.id, client);
    return {
      token: session.token,
      expiresAt: session.expiresAt.toISOString(),
      user: this.users.toProfile(user),
    };
  }

  async logout(sessionId: string): Promise<ApiSuccess<null>> {
    await this.sessions.revoke(sessionId);
    return new ApiSuccess(null);
  }

  async resetPassword(dto: ResetPasswordDto): Promise<ApiSuccess<null>> {
    const target = this.validContact(dto.type, dto.account, 'account');
    const user = await this.users.findWithSecrets(
      dto.type === 'email' ? { email: target } : { phone: target },
    );
    if (!user) throw new AppException(dto.type === 'email' ? ErrorCode.EmailWrong : ErrorCode.UserNotFound);
    const checked = await this.verification.check(target, 'reset', dto.code);
    const passwordHash = await hashSecret(dto.password);
    await this.inTransaction(async (m) => {
      await this.verification.consume(checked, m);
      await m.update(User, { id: user.id }, { passwordHash });
      await this.sessions.revokeAll('customer', user.id, m);
    });
    return new ApiSuccess(null, ErrorCode.ModificationSuccess);
  }

  async changePassword(userId: string, dto: ChangePasswordDto): Promise<ApiSuccess<null>> {
    const user = await this.users.findWithSecrets({ id: userId });
    if (!user) throw new AppException(ErrorCode.UserNotFound);
    if (!(await verifySecret(user.passwordHash, dto.oldPassword)))
      throw new AppException(ErrorCode.PasswordWrong);
    const passwordHash = await hashSecret(dto.newPassword);
    await this.inTransaction(async (m) => {
      await m.update(User, { id: userId }, { passwordHash });
      // Every token of the user dies with the old password, the current one included.
      await this.sessions.revokeAll('customer', userId, m);
    });
    return new ApiSuccess(null, ErrorCode.ModificationSuccess);
  }

  async changeWithdrawPassword(userId: string, dto: ChangeWithdrawPasswordDto): Promise<ApiSuccess<null>> {
    const user = await this.users.findWithSecrets({ id: userId });
    if (!user) throw new AppException(ErrorCode.UserNotFound);
    const target = dto.type === 'email' ? user.email : user.phone;
    if (!target)
      throw AppException.field(
        'type',
        dto.type === 'email' ? 'validation.enterEmail' : 'validation.enterPhone',
      );
    const checked = await this.verification.check(target, 'withdrawPassword', dto.code);
    const withdrawPasswordHash = await hashSecret(dto.password);
    await this.inTransaction(async (m) => {
      await this.verification.consume(checked, m);
      await m.update(User, { id: userId }, { withdrawPasswordHash });
    });
    return new ApiSuccess(null, ErrorCode.ModificationSuccess);
  }

  private assertActive(user: User): void {
    if (user.status === 'frozen') throw new AppException(ErrorCode.UserStatusAbnormal);
    if (user.status !== 'active') throw new AppException(ErrorCode.UserStatusWrong);
  }

  /** Checks the e-mail or phone format of a contact and returns it normalized. */
  private validContact(type: ContactType, account: string, field: string): string {
    const target = normalizeContact(type, account);
    if (type === 'email' && (!EMAIL_PATTERN.test(target) || target.length > 254)) {
      throw AppException.field(field, 'validation.emailFormat');
    }
    if (type === 'phone' && !PHONE_PATTERN.test(target))
      throw AppException.field(field, 'validation.phoneFormat');
    return target;
  }

  /** Runs a write in one transaction; unique-index races become the spec's "exists" codes. */
  private async inTransaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.dataSource.transaction(work);
    } catch (error) {
      const constraint = (error as { driverError?: { code?: string; constraint?: string } }).driverError;
      if (constraint?.code === '23505') {
        if (constraint.constraint === 'users_username_unique')
          throw new AppException(ErrorCode.UsernameExists);
        if (constraint.constraint === 'users_email_unique') throw new AppException(ErrorCode.EmailExists);
        if (constraint.constraint === 'users_phone_unique')
          throw AppException.field('account', 'validation.phoneExists');
      }
      throw error;
    }
  }
}
