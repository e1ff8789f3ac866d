import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SupportConversation, SupportMessage } from './entities/support.entity';
import { AdminSupportController, SupportController, VisitorSupportController } from './support.controller';
import { SupportGateway } from './support.gateway';
import { SupportSockets } from './support-sockets';
import { SupportService } from './support.service';

/** Online support chat: the /support socket namespace, the customer's history and the agents' API. */
@Module({
  imports: [TypeOrmModule.forFeature([SupportConversation, SupportMessage])],
  controllers: [SupportController, VisitorSupportController, AdminSupportController],
  providers: [SupportService, SupportSockets, SupportGateway],
  exports: [SupportSockets, SupportService],
})
export class SupportModule {}
