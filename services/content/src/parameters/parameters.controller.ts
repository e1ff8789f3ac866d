import { Body, Controller, Get, Param, Put, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  AdminAuth,
  AdminRole,
  AppException,
  CurrentPrincipal,
  ErrorCode,
  parseListQuery,
  setContentRange,
  type AppRequest,
  type AuthPrincipal,
} from '@app/common';
import { adminActor } from '../shared/admin-actor';
import { UpdateParameterDto } from './dto/parameter.dto';
import { needsSuperAdmin } from './parameter-bounds';
import { PARAMETER_SORTABLE, SystemParametersService } from './system-parameters.service';

@ApiTags('content')
@Controller('swx/customer/index')
export class ParametersController {
  constructor(private readonly params: SystemParametersService) {}

  @Get('getParamByKey/:key')
  @ApiOperation({
    summary: 'A public system parameter: { paramKey, paramValue }; unknown or internal key: 10018',
  })
  get(@Param('key') key: string) {
    return this.params.getPublic(key);
  }
}

@ApiTags('admin content')
@Controller('swx/admin/parameters')
@AdminAuth(AdminRole.Operator)
export class AdminParametersController {
  constructor(private readonly params: SystemParametersService) {}

  @Get()
  @ApiOperation({
    summary: 'System parameters (ra-data-simple-rest: range, sort, filter {id, kind, q}); id is the key',
  })
  async list(@Query() query: Record<string, string>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = parseListQuery(query, PARAMETER_SORTABLE, { field: 'key', order: 'ASC' });
    const [rows, total] = await this.params.adminList(list);
    setContentRange(reply, 'parameters', list.offset, rows.length, total);
    return rows.map((p) => this.params.view(p));
  }

  @Get(':key')
  @ApiOperation({ summary: 'One system parameter' })
  async get(@Param('key') key: string) {
    return this.params.view(await this.params.adminGet(key));
  }

  @Put(':key')
  @ApiOperation({
    summary:
      'Change a parameter value (checked against its kind; audited; visible to customers at once); withdraw_dual_approval_threshold: super-admins only (403)',
  })
  async update(
    @Param('key') key: string,
    @Body() dto: UpdateParameterDto,
    @CurrentPrincipal() p: AuthPrincipal,
    @Req() req: AppRequest,
  ) {
    if (needsSuperAdmin(key) && !p.roles.includes(AdminRole.SuperAdmin))
      throw new AppException(ErrorCode.Forbidden);
    return this.params.view(await this.params.update(key, dto, adminActor(p, req)));
  }
}
