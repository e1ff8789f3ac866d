import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminContentsController, ContentsController } from './contents.controller';
import { ContentsService } from './contents.service';
import { ContentItem } from './entities/content-item.entity';

@Module({
  imports: [TypeOrmModule.forFeature([ContentItem])],
  controllers: [ContentsController, AdminContentsController],
  providers: [ContentsService],
})
export class ContentsModule {}
