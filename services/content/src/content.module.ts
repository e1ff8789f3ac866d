import { Module } from '@nestjs/common';
import { AnnouncementsModule } from './announcements/announcements.module';
import { ContentsModule } from './contents/contents.module';
import { LevelsModule } from './levels/levels.module';
import { ParametersModule } from './parameters/parameters.module';

/**
 * Footer and help-centre texts, system parameters, announcements and VIP levels. Needs the
 * AccountsModule (global) for the admin guard's session store and the admin audit trail.
 */
@Module({
  imports: [ContentsModule, ParametersModule, AnnouncementsModule, LevelsModule],
  exports: [ParametersModule],
})
export class ContentModule {}
