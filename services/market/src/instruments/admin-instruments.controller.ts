import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
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
import { AdminInstrumentsService, INSTRUMENT_SORTABLE } from './admin-instruments.service';
import { actorOf, parseId } from './admin-request';
import { CreateInstrumentDto, UpdateInstrumentDto } from './dto/admin-instrument.dto';

/** The instrument catalogue for operators (ra-data-simple-rest). No delete: suspend instead. */
@ApiTags('admin market')
@Controller('swx/admin/instruments')
@AdminAuth(AdminRole.Operator)
export class AdminInstrumentsController {
  constructor(private readonly admin: AdminInstrumentsService) {}

  @Get()
  @ApiOperation({ summary: 'Instruments (range, sort, filter {type, status, q})' })
  async list(@Query() query: Record<string, string>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = parseListQuery(query, INSTRUMENT_SORTABLE, { field: 'sortOrder', order: 'ASC' });
    const [rows, total] = await this.admin.list(list);
    setContentRange(reply, 'instruments', list.offset, rows.length, total);
    return Promise.all(rows.map((r) => this.admin.view(r)));
  }

  @Get(':id')
  @ApiOperation({ summary: 'One instrument' })
  async one(@Param('id') id: string) {
    return this.admin.view(await this.admin.get(parseId(id)));
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Create an instrument (audited; 409 when the code exists); 30 days of history are generated',
  })
  async create(
    @Body() dto: CreateInstrumentDto,
    @CurrentPrincipal() p: AuthPrincipal,
    @Req() req: AppRequest,
  ) {
    return this.admin.view(await this.admin.create(dto, actorOf(p, req)));
  }

  @Put(':id')
  @ApiOperation({
    summary: 'Edit terms, hours or status (audited); code, type and reference price are fixed; no prices',
  })
  async update(
    @Param('id') id: string,
    @Body() dto: UpdateInstrumentDto,
    @CurrentPrincipal() p: AuthPrincipal,
    @Req() req: AppRequest,
  ) {
    return this.admin.view(await this.admin.update(parseId(id), dto, actorOf(p, req)));
  }
}
