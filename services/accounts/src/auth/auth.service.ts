import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { DataSource, IsNull, type EntityManager } from 'typeorm';
import {
  APP_CONFIG,
  ApiSuccess,
  AppException,
  ErrorCode,
  hashSecret,
  timingDummyHash,
  verifySecret,
  type AppConfig,
  type Language,
} from '@app/common';
import { DEMO_FAUCET_USDT, LedgerService } from '@app/ledger';
import { ApiKey } from '../api-keys/entities/api-key.entity';
import type { LoginResult } from '@app/contracts';
import {
  TwoFactorService,
  type PendingOidcLink,
  type TwoFactorChallenge,
} from '../two-factor/two-factor.service';
import type { LoginTwoFactorDto } from '../two-factor/dto/two-factor.dto';
import { stillCurrent } from '../two-factor/login-challenges';
import { User } from '../users/entities/user.entity';
import { UsersService } from '../users/users.service';
import { SecurityChangesService } from '../users/security-changes.service';
import { classifyAccount, normalizeContact, PHONE_PATTERN, type ContactType } from '../verification/contact';
import { VerificationService } from '../verification/verification.service';
import { OidcLink } from '../oidc/entities/oidc-link.entity';
import type { LoginByGoogleDto } from '../oidc/dto/google-login.dto';
import { OidcClientService } from '../oidc/oidc-client.service';
import { WalletLink } from '../wallet/entities/wallet-link.entity';
import { SiweVerifierService } from '../wallet/siwe-verifier.service';
import type { LoginByDappDto } from '../wallet/dto/wallet-login.dto';
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

/** The user-chosen part of a new user; the rest is set by createUserWithSession. */
interface NewUser {
  username: string;
  email: string | null;
  phone: string | null;
  passwordHash: string | null;
  invitedBy: string | null;
}

/** What proves a new user's identity besides an e-mail or a phone. */
type AccountLink =
  | { kind: 'wallet'; address: string; chainId: number }
  | { kind: 'oidc'; issuer: string; subject: string; email: string };

/** A password (or wallet) login answers a session, or a challenge when 2FA is on. */
export type FirstFactorResult = LoginResult | TwoFactorChallenge;

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
    private readonly twoFactor: TwoFactorService,
    private readonly siwe: SiweVerifierService,
    private readonly oidc: OidcClientService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly securityChanges: SecurityChangesService,
  ) {}

  /**
   * The login methods this server offers, for the login page: Google while OIDC is configured (the
   * same test as OidcClientService's, whose googleAuthUrl answers 404 otherwise); the wallet
   * (Sign-In with Ethereum) needs no configuration.
   */
  loginMethods(): { google: boolean; wallet: true } {
    return { google: Boolean(this.config.OIDC_CLIENT_ID && this.config.OIDC_REDIRECT_URI), wallet: true };
  }

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
    // A reset code for an unknown contact answers exactly as for a known one (nothing is sent), so
    // that the form cannot tell who has an account; the caps count it all the same.
    await this.verification.send(
      dto.type,
      target,
      dto.scene,
      client.ip,
      client.lang,
      exists || dto.scene === 'register',
    );
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
      return this.createUserWithSession(
        m,
        {
          username: dto.username,
          email: dto.type === 'email' ? target : null,
          phone: dto.type === 'phone' ? target : null,
          passwordHash,
          invitedBy,
        },
        null,
        client,
      );
    });
    return this.loginResult(user, session);
  }

  async login(dto: LoginDto, client: ClientInfo): Promise<FirstFactorResult> {
    if (!dto.account) throw new AppException(ErrorCode.EnterUsernameOrEmail);
    const kind = classifyAccount(dto.account);
    const account = kind === 'username' ? dto.account : normalizeContact(kind, dto.account);
    const user = await this.users.findWithSecrets({ [kind]: account });
    // Failures count per user whatever name they log in by (per typed name when there is none).
    const throttleKey = user ? `user:${user.id}` : account;
    // An unknown account costs the same hash check and gets the same answer as a wrong password.
    const passwordOk = await this.throttle.attempt(
      'customer',
      throttleKey,
      client.ip,
      async () => verifySecret(user?.passwordHash ?? (await timingDummyHash()), dto.password),
      { secondFactor: user ? this.twoFactor.isEnabled(user) : false },
    );
    if (!user || !passwordOk)
      throw new AppException(ErrorCode.PasswordWrong, null, {}, 'auth.credentialsWrong');
    this.assertActive(user);
    return this.afterFirstFactor(user, client);
  }

  /** Completes a login that answered a 2FA challenge, with a TOTP code or a recovery code. */
  async loginTwoFactor(dto: LoginTwoFactorDto, client: ClientInfo): Promise<LoginResult> {
    if (!dto.code && !dto.recoveryCode) throw AppException.field('code', 'auth.enterTotpCode');
    const { userId, credential, oidcLink } = await this.twoFactor.completeChallenge(
      dto.challenge,
      { code: dto.code, recoveryCode: dto.recoveryCode },
      client.ip,
    );
    // The session opens under a share lock of the user's row, with the password the challenge was
    // opened with still in place: a reset or change committed meanwhile refuses it, one that commits
    // later waits for this session and then ends it with the others. A Google login by the user's
    // e-mail links its account only now, with the session.
    const { user, session } = await this.dataSource.transaction(async (m) => {
      const current = await m
        .getRepository(User)
        .createQueryBuilder('u')
        .addSelect('u.passwordHash')
        .where('u.id = :userId', { userId })
        .setLock('pessimistic_read')
        .getOne();
      if (!current) throw new AppException(ErrorCode.UserNotFound);
      if (!stillCurrent(credential, current.passwordHash))
        throw AppException.field('challenge', 'auth.twoFactorChallengeInvalid');
      this.assertActive(current);
      if (oidcLink) {
        // The e-mail changed since the Google login began: it no longer names this user.
        if (current.email?.toLowerCase() !== oidcLink.email.toLowerCase())
          throw AppException.field('challenge', 'auth.twoFactorChallengeInvalid');
        await this.linkByEmail(m, current.id, oidcLink);
      }
      return { user: current, session: await this.sessions.open('customer', userId, client, m) };
    });
    return this.loginResult(user, session);
  }

  /**
   * Wallet login (SIWE): the signed message proves the address; its user logs in, or is created
   * with a generated username and the demo book funded as at registration.
   */
  async loginByDapp(dto: LoginByDappDto, client: ClientInfo): Promise<FirstFactorResult> {
    const wallet = await this.siwe.verify(dto.message, dto.signature);
    const links = this.dataSource.getRepository(WalletLink);
    let link = await links.findOne({ where: { address: wallet.address } });
    if (!link) {
      try {
        const { user, session } = await this.inTransaction(async (m) =>
          this.createUserWithSession(
            m,
            {
              username: await this.generatedUsername('w_', wallet.address.slice(2)),
              email: null,
              phone: null,
              passwordHash: null,
              invitedBy: null,
            },
            { kind: 'wallet', ...wallet },
            client,
          ),
        );
        return this.loginResult(user, session);
      } catch (error) {
        // Another request linked the same address first: log in as that user.
        link = await links.findOne({ where: { address: wallet.address } });
        if (!link) throw error;
      }
    }
    const user = await this.users.findWithSecrets({ id: link.userId });
    if (!user) throw new AppException(ErrorCode.UserNotFound);
    this.assertActive(user);
    return this.afterFirstFactor(user, client);
  }

  async logout(sessionId: string): Promise<ApiSuccess<null>> {
    await this.sessions.revoke(sessionId);
    return new ApiSuccess(null);
  }

  async resetPassword(dto: ResetPasswordDto): Promise<ApiSuccess<null>> {
    const target = this.validContact(dto.type, dto.account, 'account');
    // The code first: an unknown contact has codes too (stored by sendCode, never sent), so that
    // every answer (no code, wrong, too many tries, expired) is the same as for a known one.
    const checked = await this.verification.check(target, 'reset', dto.code);
    const user = await this.users.findWithSecrets(
      dto.type === 'email' ? { email: target } : { phone: target },
    );
    // Only a code nobody received (one in a million per try) or an account deleted since gets here.
    if (!user) throw new AppException(ErrorCode.CodeWrong);
    const passwordHash = await hashSecret(dto.password);
    await this.inTransaction(async (m) => {
      await this.verification.consume(checked, m);
      await m.update(User, { id: user.id }, { passwordHash });
      await this.sessions.revokeAll('customer', user.id, m);
      // A forgotten password may be a taken-over account: whatever the taker left behind that logs
      // in without the password ends too. API keys are revoked (the holder makes new ones); linked
      // wallets and Google accounts stay (an unlinked wallet would log in to a new, empty account)
      // but each link was a security change the holder was told of (LinksService). A password
      // change by the holder, who knows the old password, keeps the keys of their integrations.
      await m.update(ApiKey, { userId: user.id, revokedAt: IsNull() }, { revokedAt: new Date() });
      // Withdrawals wait 24 hours after a security change.
      await this.securityChanges.record(user.id, 'passwordReset', m);
    });
    // A reset ends a lock after too many failed logins.
    await this.throttle.recordSuccess('customer', `user:${user.id}`);
    return new ApiSuccess(null, ErrorCode.ModificationSuccess);
  }

  async changePassword(userId: string, dto: ChangePasswordDto, ip: string): Promise<ApiSuccess<null>> {
    // A stolen session must not become a way to guess the password: wrong answers count as
    // failed logins do, on a scope of their own.
    const user = await this.users.findWithSecrets({ id: userId });
    if (!user) throw new AppException(ErrorCode.UserNotFound);
    const passwordOk = await this.throttle.attempt('customer-password', userId, ip, () =>
      verifySecret(user.passwordHash, dto.oldPassword),
    );
    if (!passwordOk) throw new AppException(ErrorCode.PasswordWrong);
    const passwordHash = await hashSecret(dto.newPassword);
    await this.inTransaction(async (m) => {
      await m.update(User, { id: userId }, { passwordHash });
      // Every token of the user dies with the old password, the current one included.
      await this.sessions.revokeAll('customer', userId, m);
      await this.securityChanges.record(userId, 'password', m);
    });
    // The holder proved the password: a lock set off by someone else's failed logins ends.
    await this.throttle.recordSuccess('customer', `user:${userId}`);
    return new ApiSuccess(null, ErrorCode.ModificationSuccess);
  }

  async changeWithdrawPassword(
    userId: string,
    dto: ChangeWithdrawPasswordDto,
    ip: string,
  ): Promise<ApiSuccess<null>> {
    const user = await this.users.findWithSecrets({ id: userId });
    if (!user) throw new AppException(ErrorCode.UserNotFound);
    const target = dto.type === 'email' ? user.email : user.phone;
    if (!target)
      throw AppException.field(
        'type',
        dto.type === 'email' ? 'validation.enterEmail' : 'validation.enterPhone',
      );
    const checked = await this.verification.check(target, 'withdrawPassword', dto.code);
    await this.twoFactor.assertCodeIfEnabled(userId, dto.totpCode, 'totpCode', ip);
    const withdrawPasswordHash = await hashSecret(dto.password);
    await this.inTransaction(async (m) => {
      await this.verification.consume(checked, m);
      await m.update(User, { id: userId }, { withdrawPasswordHash });
      // Setting the first withdrawal password makes the account safer: only a change of an existing
      // one holds withdrawals for 24 hours.
      if (user.withdrawPasswordHash) await this.securityChanges.record(userId, 'withdrawPassword', m);
    });
    return new ApiSuccess(null, ErrorCode.ModificationSuccess);
  }

  /**
   * Google / OIDC login: the provider's verified e-mail logs in the user linked to that provider
   * account, else the user with that e-mail (then linked, a security change, once the login is
   * complete: after the second factor when the user has 2FA on), else a new user with the e-mail.
   */
  async loginByGoogle(dto: LoginByGoogleDto, client: ClientInfo): Promise<FirstFactorResult> {
    const identity = await this.oidc.exchange(dto, null);
    const links = this.dataSource.getRepository(OidcLink);
    const linked = async (): Promise<{ user: User; link?: PendingOidcLink } | null> => {
      const link = await links.findOne({ where: { issuer: identity.issuer, subject: identity.subject } });
      if (link) {
        const user = await this.users.findWithSecrets({ id: link.userId });
        return user ? { user } : null;
      }
      const byEmail = await this.users.findWithSecrets({ email: identity.email });
      if (!byEmail) return null;
      return {
        user: byEmail,
        link: { issuer: identity.issuer, subject: identity.subject, email: identity.email },
      };
    };
    let found = await linked();
    if (!found) {
      try {
        const created = await this.inTransaction(async (m) =>
          this.createUserWithSession(
            m,
            {
              username: await this.generatedUsername('g_', randomBytes(15).toString('hex')),
              email: identity.email,
              phone: null,
              passwordHash: null,
              invitedBy: null,
            },
            { kind: 'oidc', ...identity },
            client,
          ),
        );
        return this.loginResult(created.user, created.session);
      } catch (error) {
        // Another request created the user first: log in as that user.
        found = await linked();
        if (!found) throw error;
      }
    }
    this.assertActive(found.user);
    return this.afterFirstFactor(found.user, client, found.link);
  }

  /**
   * The second factor when the user has 2FA on, else a session at once. `oidcLink`: a Google account
   * found by the user's e-mail, linked only with the session (here, or by loginTwoFactor).
   */
  private async afterFirstFactor(
    user: User,
    client: ClientInfo,
    oidcLink?: PendingOidcLink,
  ): Promise<FirstFactorResult> {
    if (this.twoFactor.isEnabled(user)) return this.twoFactor.openChallenge(user, oidcLink);
    if (!oidcLink) return this.loginResult(user, await this.sessions.open('customer', user.id, client));
    const session = await this.dataSource.transaction(async (m) => {
      await this.linkByEmail(m, user.id, oidcLink);
      return this.sessions.open('customer', user.id, client, m);
    });
    return this.loginResult(user, session);
  }

  /**
   * Links a Google account to the user its verified e-mail named, once the login is complete. A new
   * way into an existing account is a security change just as an explicit link is (LinksService):
   * withdrawals wait 24 hours and the holder is told. Only the request whose insert made the link
   * records it (a concurrent or earlier one inserts nothing).
   */
  private async linkByEmail(m: EntityManager, userId: string, link: PendingOidcLink): Promise<void> {
    const inserted = await m
      .createQueryBuilder()
      .insert()
      .into(OidcLink)
      .values({ issuer: link.issuer, subject: link.subject, userId, email: link.email })
      .orIgnore()
      .returning('user_id')
      .execute();
    if (Array.isArray(inserted.raw) && inserted.raw.length > 0)
      await this.securityChanges.record(userId, 'loginLinked', m);
  }

  private loginResult(user: User, session: { token: string; expiresAt: Date }): LoginResult {
    return {
      token: session.token,
      expiresAt: session.expiresAt.toISOString(),
      user: this.users.toProfile(user),
    };
  }

  /**
   * Creates a user, funds the demo book (DESIGN.md, demo book), links the wallet if any and opens
   * a session, in the caller's transaction. Every user has an e-mail, a phone or a wallet.
   */
  private async createUserWithSession(
    m: EntityManager,
    fields: NewUser,
    link: AccountLink | null,
    client: ClientInfo,
  ): Promise<{ user: User; session: { token: string; expiresAt: Date } }> {
    if (!fields.email && !fields.phone && link?.kind !== 'wallet')
      throw new Error('a user needs an e-mail, a phone or a wallet');
    const created = await m.save(
      m.create(User, {
        ...fields,
        withdrawPasswordHash: null,
        status: 'active',
        inviteCode: randomBytes(5).toString('hex').toUpperCase(),
        level: 0,
        totpSecret: null,
        totpEnabledAt: null,
        totpLastStep: null,
      }),
    );
    if (link?.kind === 'wallet')
      await m.insert(WalletLink, { address: link.address, userId: created.id, chainId: link.chainId });
    if (link?.kind === 'oidc')
      await m.insert(OidcLink, {
        issuer: link.issuer,
        subject: link.subject,
        userId: created.id,
        email: link.email,
      });
    await this.ledger.post(
      {
        key: `demo-grant-${created.id}`,
        reason: 'demo_grant',
        refType: 'user',
        refId: created.id,
        legs: [
          {
            from: DEMO_FAUCET_USDT,
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
    const session = await this.sessions.open('customer', created.id, client, m);
    return { user: created, session };
  }

  /** The prefix and the first 8 hex digits (`w_1a2b3c4d`), longer when that name is taken. */
  private async generatedUsername(prefix: string, hex: string): Promise<string> {
    for (const length of [8, 12, 16, 24, 30]) {
      const candidate = `${prefix}${hex.slice(0, length)}`;
      if (!(await this.users.exists({ username: candidate }))) return candidate;
    }
    return `${prefix}${randomBytes(15).toString('hex')}`;
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
