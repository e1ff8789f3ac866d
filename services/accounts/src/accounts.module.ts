import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { API_KEY_AUTHENTICATOR, APP_CONFIG, SECOND_FACTOR, SESSION_STORE, type AppConfig } from '@app/common';
import { ReviewAlertsModule } from '@app/queue';
import { AdminAuditService } from './admin/admin-audit.service';
import { ApiKeysController } from './api-keys/api-keys.controller';
import { ApiKeysService } from './api-keys/api-keys.service';
import { ApiKey } from './api-keys/entities/api-key.entity';
import { InviteModule } from './invite/invite.module';
import { LinksController } from './links/links.controller';
import { LinksService } from './links/links.service';
import { SecondFactorService } from './two-factor/second-factor.service';
import { ReviewDigestProcessor } from './admin/review-digest.processor';
import { AdminAuthService } from './admin/admin-auth.service';
import { AdminTwoFactorService } from './admin/admin-two-factor.service';
import { AdminController } from './admin/admin.controller';
import { AdminDirectoryController } from './admin/admin-directory.controller';
import { AdminAccountsController } from './admin/admin-accounts.controller';
import { AdminAccountsService } from './admin/admin-accounts.service';
import { AdminUsersController } from './admin/admin-users.controller';
import { AdminAudit } from './admin/entities/admin-audit.entity';
import { LedgerAdminModule } from './admin/ledger/ledger-admin.module';
import { AdminUser } from './admin/entities/admin-user.entity';
import { AuthService } from './auth/auth.service';
import { Session } from './auth/entities/session.entity';
import { LoginThrottleService } from './auth/login-throttle.service';
import { LoginController } from './auth/login.controller';
import { CustomerSessionCache } from './auth/customer-session-cache';
import { SessionsService } from './auth/sessions.service';
import { User } from './users/entities/user.entity';
import { UserController } from './users/user.controller';
import { UsersService } from './users/users.service';
import { OidcLink } from './oidc/entities/oidc-link.entity';
import { GoogleLoginController } from './oidc/google-login.controller';
import { OidcClientService } from './oidc/oidc-client.service';
import { RecoveryCode } from './two-factor/entities/recovery-code.entity';
import { TwoFactorController } from './two-factor/two-factor.controller';
import { TwoFactorService } from './two-factor/two-factor.service';
import { TotpVerifier } from './two-factor/totp-verifier';
import { LoginChallenges } from './two-factor/login-challenges';
import { DemoBookGate } from './users/demo-book.gate';
import { AdminRecoveryCode } from './admin/entities/admin-recovery-code.entity';
import { WalletLink } from './wallet/entities/wallet-link.entity';
import { SiweVerifierService } from './wallet/siwe-verifier.service';
import { WalletLoginController } from './wallet/wallet-login.controller';
import { OutboxMessage } from './verification/entities/outbox-message.entity';
import { VerificationCode } from './verification/entities/verification-code.entity';
import { OutboxService } from './verification/outbox.service';
import { EMAIL_SENDER } from './verification/senders/message-senders';
import { SmtpEmailSender } from './verification/senders/smtp-email.sender';
import { VerificationService } from './verification/verification.service';
import { ContactChangeService } from './users/contact-change.service';
import { DemoTopupService } from './users/demo-topup.service';
import { SecurityChangesService } from './users/security-changes.service';

/**
 * Users, the login module, sessions (the SessionStore behind every auth guard), API keys (the
 * guard's signed-request check), the second factor other services ask, verification codes with
 * their outbox, and the admin accounts. Global so that every service's guard finds them.
 */
@Global()
@Module({
  imports: [
    TypeOrmModule.forFeature([
      User,
      Session,
      VerificationCode,
      OutboxMessage,
      AdminUser,
      AdminAudit,
      WalletLink,
      RecoveryCode,
      AdminRecoveryCode,
      OidcLink,
      ApiKey,
    ]),
    ReviewAlertsModule,
    InviteModule,
    LedgerAdminModule,
  ],
  controllers: [
    LoginController,
    WalletLoginController,
    GoogleLoginController,
    UserController,
    TwoFactorController,
    ApiKeysController,
    LinksController,
    AdminController,
    AdminDirectoryController,
    AdminAccountsController,
    AdminUsersController,
  ],
  providers: [
    UsersService,
    SecurityChangesService,
    ContactChangeService,
    DemoTopupService,
    SessionsService,
    CustomerSessionCache,
    { provide: SESSION_STORE, useExisting: SessionsService },
    VerificationService,
    OutboxService,
    LoginThrottleService,
    TwoFactorService,
    TotpVerifier,
    LoginChallenges,
    // Money moves on a disabled demo book answer 10094 (every service process loads this module).
    { provide: APP_INTERCEPTOR, useClass: DemoBookGate },
    ApiKeysService,
    { provide: API_KEY_AUTHENTICATOR, useExisting: ApiKeysService },
    SecondFactorService,
    { provide: SECOND_FACTOR, useExisting: SecondFactorService },
    LinksService,
    SiweVerifierService,
    OidcClientService,
    AuthService,
    AdminAuthService,
    AdminTwoFactorService,
    AdminAuditService,
    AdminAccountsService,
    ReviewDigestProcessor,
    {
      provide: EMAIL_SENDER,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        config.SMTP_URL ? new SmtpEmailSender(config.SMTP_URL, config.SMTP_FROM) : undefined,
    },
  ],
  exports: [
    SESSION_STORE,
    API_KEY_AUTHENTICATOR,
    SECOND_FACTOR,
    SessionsService,
    UsersService,
    SecurityChangesService,
    AdminAuditService,
  ],
})
export class AccountsModule {}
