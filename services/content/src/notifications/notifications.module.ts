import { BullModule } from '@nestjs/bullmq';
import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { NOTIFICATIONS } from '@app/common';
import { QueueName } from '@app/queue';
import { SupportModule } from '../support/support.module';
import { UserNotification } from './entities/notification.entity';
import {
  LedgerNotificationsProcessor,
  LedgerNotificationsScheduler,
  LedgerNotificationsService,
} from './ledger-notifications.service';
import { NotificationPushService } from './notification-push.service';
import { NotificationsController } from './notifications.controller';
import { NotificationsService } from './notifications.service';

/**
 * Per-user notifications; global so that every service can inject NOTIFICATIONS. Money events are
 * also told from the ledger journal by a queued scan (LedgerNotificationsService).
 */
@Global()
@Module({
  imports: [
    TypeOrmModule.forFeature([UserNotification]),
    BullModule.registerQueue({ name: QueueName.Notifications }),
    SupportModule,
  ],
  controllers: [NotificationsController],
  providers: [
    NotificationsService,
    NotificationPushService,
    LedgerNotificationsService,
    LedgerNotificationsProcessor,
    LedgerNotificationsScheduler,
    { provide: NOTIFICATIONS, useExisting: NotificationsService },
  ],
  exports: [NOTIFICATIONS, NotificationsService],
})
export class NotificationsModule {}
