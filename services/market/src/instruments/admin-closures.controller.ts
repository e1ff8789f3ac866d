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
import { AdminClosuresService, CLOSURE_SORTABLE, view } from './admin-closures.service';
import { actorOf, parseId } from './admin-request';
import { CreateClosureDto, UpdateClosureDto } from './dto/admin-closure.dto';

/**
 * Market closures (holidays and early closes per instrument type) for operators
 * (ra-data-simple-rest). On a closure the type's instruments are closed as outside their hours.
 */
@ApiTags('admin market')
@Controller('swx/admin/market-closures')
@AdminAuth(AdminRole.Operator)
export class AdminClosuresController {
  constructor(private readonly closures: AdminClosuresService) {}

  @Get()
  @ApiOperation({ summary: 'Market closures (range, sort, filter {type, from, to, q})' })
  async list(@Query() query: Record<string, string>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = parseListQuery(query, CLOSURE_SORTABLE, { field: 'day', order: 'ASC' });
    const [rows, total] = await this.closures.list(list);
    setContentRange(reply, 'market-closures', list.offset, rows.length, total);
    return rows.map(view);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One market closure' })
  async one(@Param('id') id: string) {
    return view(await this.closures.get(parseId(id)));
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Add a closure of a market on a day (audited; 409 when that day has one)' })
  async create(@Body() dto: CreateClosureDto, @CurrentPrincipal() p: AuthPrincipal, @Req() req: AppRequest) {
    return view(await this.closures.create(dto, actorOf(p, req)));
  }

  @Put(':id')
  @ApiOperation({ summary: 'Edit a market closure (audited)' })
  async update(
    @Param('id') id: string,
    @Body() dto: UpdateClosureDto,
    @CurrentPrincipal() p: AuthPrincipal,
    @Req() req: AppRequest,
  ) {
    return view(await this.closures.update(parseId(id), dto, actorOf(p, req)));
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a market closure (audited); answers the deleted record' })
  async remove(@Param('id') id: string, @CurrentPrincipal() p: AuthPrincipal, @Req() req: AppRequest) {
    return this.closures.remove(parseId(id), actorOf(p, req));
  }
}
