import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  AdminAuth,
  AdminRole,
  CurrentLanguage,
  CurrentPrincipal,
  parseListQuery,
  setContentRange,
  type AppRequest,
  type AuthPrincipal,
  type Language,
} from '@app/common';
import { adminActor } from '../shared/admin-actor';
import { ParseIdPipe } from '../shared/parse-id.pipe';
import { ANNOUNCEMENT_SORTABLE, AnnouncementsService } from './announcements.service';
import { CreateAnnouncementDto, UpdateAnnouncementDto } from './dto/announcement.dto';

@ApiTags('content')
@Controller('swx/customer/index')
export class AnnouncementsController {
  constructor(private readonly announcements: AnnouncementsService) {}

  @Get('listnotify')
  @ApiOperation({
    summary: 'Announcements of the request language (lang / Accept-Language), newest first; English fallback',
  })
  list(@CurrentLanguage() language: Language) {
    return this.announcements.listForCustomers(language);
  }
}

@ApiTags('admin content')
@Controller('swx/admin/announcements')
@AdminAuth(AdminRole.Operator)
export class AdminAnnouncementsController {
  constructor(private readonly announcements: AnnouncementsService) {}

  @Get()
  @ApiOperation({
    summary: 'Announcements (ra-data-simple-rest: range, sort, filter {id, language, active, q})',
  })
  async list(@Query() query: Record<string, string>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = parseListQuery(query, ANNOUNCEMENT_SORTABLE, { field: 'publishedAt', order: 'DESC' });
    const [rows, total] = await this.announcements.adminList(list);
    setContentRange(reply, 'announcements', list.offset, rows.length, total);
    return rows;
  }

  @Get(':id')
  @ApiOperation({ summary: 'One announcement' })
  get(@Param('id', new ParseIdPipe()) id: number) {
    return this.announcements.adminGet(id);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Publish an announcement (audited); publishedAt in the future schedules it' })
  create(@Body() dto: CreateAnnouncementDto, @CurrentPrincipal() p: AuthPrincipal, @Req() req: AppRequest) {
    return this.announcements.create(dto, adminActor(p, req));
  }

  @Put(':id')
  @ApiOperation({ summary: 'Update an announcement (audited)' })
  update(
    @Param('id', new ParseIdPipe()) id: number,
    @Body() dto: UpdateAnnouncementDto,
    @CurrentPrincipal() p: AuthPrincipal,
    @Req() req: AppRequest,
  ) {
    return this.announcements.update(id, dto, adminActor(p, req));
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete an announcement (audited); answers the deleted record' })
  remove(
    @Param('id', new ParseIdPipe()) id: number,
    @CurrentPrincipal() p: AuthPrincipal,
    @Req() req: AppRequest,
  ) {
    return this.announcements.remove(id, adminActor(p, req));
  }
}
