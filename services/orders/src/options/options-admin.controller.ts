import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  AdminAuth,
  AdminRole,
  AppException,
  CurrentPrincipal,
  clientAddress,
  parseListQuery,
  setContentRange,
  type AppRequest,
  type AuthPrincipal,
} from '@app/common';
import { CreateOptionsProductDto, UpdateOptionsProductDto } from './dto/options.dto';
import {
  OPTIONS_ORDER_SORTABLE,
  OPTIONS_PRODUCT_SORTABLE,
  OptionsAdminService,
} from './options-admin.service';

function intParam(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw AppException.field('id', 'validation.invalid');
  return Number(raw);
}

@ApiTags('admin trading')
@Controller('swx/admin/options-products')
@AdminAuth(AdminRole.Operator)
export class AdminOptionsProductsController {
  constructor(private readonly admin: OptionsAdminService) {}

  @Get()
  @ApiOperation({ summary: 'Options products (ra-data-simple-rest: range, sort, filter {id, active})' })
  async list(@Query() query: Record<string, string>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = parseListQuery(query, OPTIONS_PRODUCT_SORTABLE, { field: 'sort', order: 'ASC' });
    const [rows, total] = await this.admin.listProducts(list);
    setContentRange(reply, 'options-products', list.offset, rows.length, total);
    return rows;
  }

  @Get(':id')
  @ApiOperation({ summary: 'One options product' })
  get(@Param('id') id: string) {
    return this.admin.getProduct(intParam(id));
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Create an options product (audited)' })
  create(@Body() dto: CreateOptionsProductDto, @CurrentPrincipal() p: AuthPrincipal, @Req() req: AppRequest) {
    return this.admin.createProduct(dto, { id: p.id, ip: clientAddress(req) });
  }

  @Put(':id')
  @ApiOperation({
    summary: 'Update an options product (audited); orders already bought keep their period and rate',
  })
  update(
    @Param('id') id: string,
    @Body() dto: UpdateOptionsProductDto,
    @CurrentPrincipal() p: AuthPrincipal,
    @Req() req: AppRequest,
  ) {
    return this.admin.updateProduct(intParam(id), dto, { id: p.id, ip: clientAddress(req) });
  }
}

@ApiTags('admin trading')
@Controller('swx/admin/options-orders')
@AdminAuth(AdminRole.Operator, AdminRole.Reviewer)
export class AdminOptionsOrdersController {
  constructor(private readonly admin: OptionsAdminService) {}

  @Get()
  @ApiOperation({
    summary: 'Options orders of every user (ra-data-simple-rest; filter {id, userId, state, book, code})',
  })
  async list(@Query() query: Record<string, string>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = parseListQuery(query, OPTIONS_ORDER_SORTABLE, { field: 'id', order: 'DESC' });
    const [rows, total] = await this.admin.listOrders(list);
    setContentRange(reply, 'options-orders', list.offset, rows.length, total);
    return rows;
  }

  @Get(':id')
  @ApiOperation({ summary: 'One options order' })
  get(@Param('id') id: string) {
    if (!/^\d{1,18}$/.test(id)) throw AppException.field('id', 'validation.invalid');
    return this.admin.getOrder(id);
  }
}
