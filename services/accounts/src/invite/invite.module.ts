import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QueueName } from '@app/queue';
import { AdminInviteController, InviteController } from './invite.controller';
import { InviteRewardsProcessor, InviteRewardsScheduler } from './invite.jobs';
import { InviteRewardsService } from './invite-rewards.service';
import { InviteService } from './invite.service';

/**
 * The invite programme: every user's code and link (registration with a code links the new user,
 * see AuthService.register), the invite screen's API, and rewards paid through the ledger by a
 * queued scan of invitees' trading fees.
 */
@Module({
  imports: [BullModule.registerQueue({ name: QueueName.Invite })],
  controllers: [InviteController, AdminInviteController],
  providers: [InviteService, InviteRewardsService, InviteRewardsProcessor, InviteRewardsScheduler],
  exports: [InviteRewardsService],
})
export class InviteModule {}
