import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsOptional, Matches } from 'class-validator';
import {
  CurrentLanguage,
  CurrentPrincipal,
  CustomerAuth,
  PageQuery,
  type AuthPrincipal,
  type Language,
} from '@app/common';
import { NotificationsService } from './notifications.service';

class ListNotificationQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'Only the unread ones' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'validation.invalid' })
  unread?: boolean;
}

class ReadNotificationDto {
  @ApiPropertyOptional({
    type: [String],
    description:
      'Ids to mark read; omitted (or null): all of mine, and the announcements seen (the bell was opened)',
  })
  @IsOptional()
  @IsArray({ message: 'validation.invalid' })
  @ArrayMaxSize(500, { message: 'validation.invalid' })
  @Matches(/^\d{1,18}$/, { each: true, message: 'validation.invalid' })
  ids?: string[] | null; // null passes IsOptional as it does everywhere: read as omitted
}

@ApiTags('notifications')
@Controller('swx/customer/user')
@CustomerAuth()
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get('listNotification')
  @ApiOperation({
    summary:
      'My notifications (deposit/withdrawal/KYC reviewed, NFT won, ...) in my language, newest first, with `unread` for the red dot; pushed live as `notification` on the /support socket',
  })
  list(
    @CurrentPrincipal() p: AuthPrincipal,
    @CurrentLanguage() language: Language,
    @Query() q: ListNotificationQuery,
  ) {
    return this.notifications.list(p.id, language, q.pageNum ?? 1, q.pageSize ?? 20, q.unread === true);
  }

  @Get('unreadNotification')
  @ApiOperation({
    summary:
      'The red dot: how many of my notifications are unread, and how many announcements (index/listnotify, my language) appeared since I last opened the bell; the dot shows while either is > 0',
  })
  async unread(@CurrentPrincipal() p: AuthPrincipal, @CurrentLanguage() language: Language) {
    return {
      unread: await this.notifications.unread(p.id),
      announcements: await this.notifications.unseenAnnouncements(p.id, language),
    };
  }

  @Post('readNotification')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Mark notifications read (the given ids, or all; all also marks the announcements seen, remembered with the account); answers both counts',
  })
  async read(
    @CurrentPrincipal() p: AuthPrincipal,
    @CurrentLanguage() language: Language,
    @Body() dto: ReadNotificationDto,
  ) {
    // ids null is ids omitted (all of them, and the bell opened), never "all but the announcements".
    const ids = dto.ids ?? undefined;
    const { unread } = await this.notifications.markRead(p.id, ids);
    if (ids === undefined) await this.notifications.markAnnouncementsSeen(p.id);
    return { unread, announcements: await this.notifications.unseenAnnouncements(p.id, language) };
  }
}
