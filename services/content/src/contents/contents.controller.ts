import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  AdminAuth,
  AdminRole,
  CurrentPrincipal,
  parseListQuery,
  setContentRange,
  type AppRequest,
  type AuthPrincipal,
} from '@app/common';
import { adminActor } from '../shared/admin-actor';
import { ParseIdPipe } from '../shared/parse-id.pipe';
import { CONTENT_SORTABLE, ContentsService } from './contents.service';
import { CreateContentDto, ListContentsQuery, UpdateContentDto } from './dto/content.dto';

@ApiTags('content')
@Controller('swx/customer/index')
export class ContentsController {
  constructor(private readonly contents: ContentsService) {}

  @Get('listContents/:language')
  @ApiOperation({
    summary:
      'Published content titles of a language (footer groups by type: 1 company, 2 policy, 3 other; help centre); zh-tw reads zh, hk stays hk; a language without items of a type shows the English ones',
  })
  list(@Param('language') language: string, @Query() query: ListContentsQuery) {
    return this.contents.listPublished(language, query.section);
  }

  @Get('getContentsById/:id')
  @ApiOperation({ summary: 'One published content item with its body (404 when unknown)' })
  get(@Param('id', new ParseIdPipe()) id: number) {
    return this.contents.getPublished(id);
  }
}

@ApiTags('admin content')
@Controller('swx/admin/contents')
@AdminAuth(AdminRole.Operator)
export class AdminContentsController {
  constructor(private readonly contents: ContentsService) {}

  @Get()
  @ApiOperation({
    summary:
      'Content items (ra-data-simple-rest: range, sort, filter {id, language, type, section, slug, published, q})',
  })
  async list(@Query() query: Record<string, string>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = parseListQuery(query, CONTENT_SORTABLE, { field: 'id', order: 'ASC' });
    const [rows, total] = await this.contents.adminList(list);
    setContentRange(reply, 'contents', list.offset, rows.length, total);
    return rows;
  }

  @Get(':id')
  @ApiOperation({ summary: 'One content item, published or not' })
  get(@Param('id', new ParseIdPipe()) id: number) {
    return this.contents.adminGet(id);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a content item (audited)' })
  create(@Body() dto: CreateContentDto, @CurrentPrincipal() p: AuthPrincipal, @Req() req: AppRequest) {
    return this.contents.create(dto, adminActor(p, req));
  }

  @Put(':id')
  @ApiOperation({ summary: 'Update a content item (audited)' })
  update(
    @Param('id', new ParseIdPipe()) id: number,
    @Body() dto: UpdateContentDto,
    @CurrentPrincipal() p: AuthPrincipal,
    @Req() req: AppRequest,
  ) {
    return this.contents.update(id, dto, adminActor(p, req));
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a content item (audited); answers the deleted record' })
  remove(
    @Param('id', new ParseIdPipe()) id: number,
    @CurrentPrincipal() p: AuthPrincipal,
    @Req() req: AppRequest,
  ) {
    return this.contents.remove(id, adminActor(p, req));
  }
}
