import { Module } from '@nestjs/common';
import { AnnouncementsModule } from './announcements/announcements.module';
import { ContentsModule } from './contents/contents.module';
import { LevelsModule } from './levels/levels.module';
import { NotificationsModule } from './notifications/notifications.module';
import { ParametersModule } from './parameters/parameters.module';
import { SupportModule } from './support/support.module';

/**
 * Footer and help-centre texts, system parameters, announcements, VIP levels, per-user
 * notifications and the online support chat. Needs the
 * AccountsModule (global) for the admin guard's session store and the admin audit trail.
 */
@Module({
  imports: [
    ContentsModule,
    ParametersModule,
    AnnouncementsModule,
    LevelsModule,
    NotificationsModule,
    SupportModule,
  ],
  exports: [ParametersModule],
})
export class ContentModule {}
