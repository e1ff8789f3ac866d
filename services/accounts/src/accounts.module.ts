import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, SESSION_STORE, type AppConfig } from '@app/common';
import { AdminAuditService } from './admin/admin-audit.service';
import { AdminAuthService } from './admin/admin-auth.service';
import { AdminController } from './admin/admin.controller';
import { AdminAudit } from './admin/entities/admin-audit.entity';
import { AdminUser } from './admin/entities/admin-user.entity';
import { AuthService } from './auth/auth.service';
import { Session } from './auth/entities/session.entity';
import { LoginThrottleService } from './auth/login-throttle.service';
import { LoginController } from './auth/login.controller';
import { SessionsService } from './auth/sessions.service';
import { User } from './users/entities/user.entity';
import { UserController } from './users/user.controller';
import { UsersService } from './users/users.service';
import { OutboxMessage } from './verification/entities/outbox-message.entity';
import { VerificationCode } from './verification/entities/verification-code.entity';
import { OutboxService } from './verification/outbox.service';
import { EMAIL_SENDER } from './verification/senders/message-senders';
import { SmtpEmailSender } from './verification/senders/smtp-email.sender';
import { VerificationService } from './verification/verification.service';

/**
 * Users, the login module, sessions (the SessionStore behind every auth guard), verification
 * codes with their outbox, and the admin accounts. Global so that every service's guard finds
 * the session store.
 */
@Global()
@Module({
  imports: [
    TypeOrmModule.forFeature([User, Session, VerificationCode, OutboxMessage, AdminUser, AdminAudit]),
  ],
  controllers: [LoginController, UserController, AdminController],
  providers: [
    UsersService,
    SessionsService,
    { provide: SESSION_STORE, useExisting: SessionsService },
    VerificationService,
    OutboxService,
    LoginThrottleService,
    AuthService,
    AdminAuthService,
    AdminAuditService,
    {
      provide: EMAIL_SENDER,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        config.SMTP_URL ? new SmtpEmailSender(config.SMTP_URL, config.SMTP_FROM) : undefined,
    },
  ],
  exports: [SESSION_STORE, SessionsService, UsersService, AdminAuditService],
})
export class AccountsModule {}
