import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { DataSource } from 'typeorm';
import {
  AdminAuth,
  AdminRole,
  AppException,
  ErrorCode,
  listOrder,
  parseListQuery,
  setContentRange,
} from '@app/common';
import { whereFromFilter } from './admin-list';
import { UOrder } from './entities/u-order.entity';
import { UOrdersService } from './u-orders.service';

const SORTABLE = ['id', 'state', 'code', 'margin', 'profit', 'openedAt', 'closedAt', 'createdAt'];

/**
 * Every user's U orders, read only: no admin can open, close or price a position (the position
 * engine and the users do, at feed prices).
 */
@ApiTags('admin trading')
@Controller('swx/admin/u-orders')
@AdminAuth(AdminRole.Operator, AdminRole.Reviewer)
export class AdminUOrdersController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly orders: UOrdersService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'U orders (ra-data-simple-rest; filter {id, userId, state, book, code})' })
  async list(@Query() query: Record<string, string>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = parseListQuery(query, SORTABLE, { field: 'id', order: 'DESC' });
    const [rows, total] = await this.dataSource.getRepository(UOrder).findAndCount({
      where: whereFromFilter<UOrder>(list.filter, ['id', 'userId', 'state', 'book', 'code']),
      order: listOrder(list, { field: 'id', order: 'DESC' }),
      skip: list.offset,
      take: list.limit,
    });
    setContentRange(reply, 'u-orders', list.offset, rows.length, total);
    return rows.map((o) => ({ ...this.orders.view(o), userId: o.userId }));
  }

  @Get(':id')
  @ApiOperation({ summary: 'One U order' })
  async get(@Param('id') id: string) {
    if (!/^\d{1,18}$/.test(id)) throw AppException.field('id', 'validation.invalid');
    const order = await this.dataSource.getRepository(UOrder).findOneBy({ id });
    if (!order) throw new AppException(ErrorCode.NotFound);
    return { ...this.orders.view(order), userId: order.userId };
  }
}
