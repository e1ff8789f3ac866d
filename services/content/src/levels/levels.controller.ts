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
import { CreateLevelDto, UpdateLevelDto } from './dto/level.dto';
import { LEVEL_SORTABLE, LevelsService } from './levels.service';

@ApiTags('content')
@Controller('swx/customer/index')
export class LevelsController {
  constructor(private readonly levels: LevelsService) {}

  @Get('listLevel')
  @ApiOperation({ summary: 'VIP levels in order, thresholds in USDT, benefits in the request language' })
  list(@CurrentLanguage() language: Language) {
    return this.levels.listForCustomers(language);
  }
}

@ApiTags('admin content')
@Controller('swx/admin/levels')
@AdminAuth(AdminRole.Operator)
export class AdminLevelsController {
  constructor(private readonly levels: LevelsService) {}

  @Get()
  @ApiOperation({
    summary: 'VIP levels (ra-data-simple-rest: range, sort, filter {id}); id is the level number',
  })
  async list(@Query() query: Record<string, string>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = parseListQuery(query, LEVEL_SORTABLE, { field: 'level', order: 'ASC' });
    const [rows, total] = await this.levels.adminList(list);
    setContentRange(reply, 'levels', list.offset, rows.length, total);
    return rows.map((l) => this.levels.view(l));
  }

  @Get(':id')
  @ApiOperation({ summary: 'One VIP level' })
  async get(@Param('id', new ParseIdPipe('id', 0)) level: number) {
    return this.levels.view(await this.levels.adminGet(level));
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a VIP level (audited; 409 when it exists)' })
  async create(@Body() dto: CreateLevelDto, @CurrentPrincipal() p: AuthPrincipal, @Req() req: AppRequest) {
    return this.levels.view(await this.levels.create(dto, adminActor(p, req)));
  }

  @Put(':id')
  @ApiOperation({ summary: 'Update a VIP level (audited)' })
  async update(
    @Param('id', new ParseIdPipe('id', 0)) level: number,
    @Body() dto: UpdateLevelDto,
    @CurrentPrincipal() p: AuthPrincipal,
    @Req() req: AppRequest,
  ) {
    return this.levels.view(await this.levels.update(level, dto, adminActor(p, req)));
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a VIP level (audited); answers the deleted record' })
  async remove(
    @Param('id', new ParseIdPipe('id', 0)) level: number,
    @CurrentPrincipal() p: AuthPrincipal,
    @Req() req: AppRequest,
  ) {
    return this.levels.view(await this.levels.remove(level, adminActor(p, req)));
  }
}
