import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Decimal from 'decimal.js';
import type { DataSource } from 'typeorm';
import { AdminAuditService } from '@app/accounts';
import {
  AppException,
  assertMinNotAboveMax,
  blamedEnd,
  ErrorCode,
  listOrder,
  type ListQuery,
} from '@app/common';
import { whereFromFilter } from '../u-orders/admin-list';
import type { CreateOptionsProductDto, UpdateOptionsProductDto } from './dto/options.dto';
import { OptionsOrder } from './entities/options-order.entity';
import { OptionsProduct } from './entities/options-product.entity';
import { OptionsService } from './options.service';

export const OPTIONS_PRODUCT_SORTABLE = ['id', 'name', 'periodSeconds', 'payoutRate', 'sort', 'updatedAt'];
export const OPTIONS_ORDER_SORTABLE = ['id', 'amount', 'state', 'expiresAt', 'openedAt', 'settledAt'];

export interface AdminActor {
  id: string;
  ip: string;
}

/** The back office of options: products (audited edits) and every user's orders (read only). */
@Injectable()
export class OptionsAdminService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly options: OptionsService,
    private readonly audit: AdminAuditService,
  ) {}

  async listProducts(list: ListQuery) {
    const [rows, total] = await this.dataSource.getRepository(OptionsProduct).findAndCount({
      where: whereFromFilter<OptionsProduct>(list.filter, ['id', 'active']),
      order: listOrder(list),
      skip: list.offset,
      take: list.limit,
    });
    return [rows.map((p) => this.options.productView(p)), total] as const;
  }

  async getProduct(id: number) {
    const product = await this.dataSource.getRepository(OptionsProduct).findOneBy({ id });
    if (!product) throw new AppException(ErrorCode.NotFound);
    return this.options.productView(product);
  }

  createProduct(dto: CreateOptionsProductDto, actor: AdminActor) {
    checkRange(dto.minAmount, dto.maxAmount, 'max');
    checkRate(dto.payoutRate);
    return this.dataSource.transaction(async (m) => {
      const saved = await m.save(
        m.create(OptionsProduct, {
          name: dto.name,
          periodSeconds: dto.periodSeconds,
          payoutRate: new Decimal(dto.payoutRate),
          currency: 'USDT',
          minAmount: new Decimal(dto.minAmount),
          maxAmount: new Decimal(dto.maxAmount),
          active: dto.active ?? true,
          sort: dto.sort ?? 0,
        }),
      );
      await this.audit.record(
        {
          adminId: actor.id,
          action: 'options_product.created',
          targetType: 'options_product',
          targetId: String(saved.id),
          detail: { ...dto },
          ip: actor.ip,
        },
        m,
      );
      return this.options.productView(saved);
    });
  }

  updateProduct(id: number, dto: UpdateOptionsProductDto, actor: AdminActor) {
    return this.dataSource.transaction(async (m) => {
      const row = await m.findOne(OptionsProduct, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw new AppException(ErrorCode.NotFound);
      checkRange(
        dto.minAmount ?? row.minAmount.toFixed(),
        dto.maxAmount ?? row.maxAmount.toFixed(),
        blamedEnd(dto.minAmount, dto.maxAmount),
      );
      if (dto.payoutRate !== undefined) checkRate(dto.payoutRate);
      const detail: Record<string, unknown> = {};
      const change = <K extends keyof OptionsProduct>(
        key: K,
        next: OptionsProduct[K],
        shown: unknown,
        before: unknown,
      ) => {
        if (shown === before) return;
        detail[key] = { before, after: shown };
        row[key] = next;
      };
      if (dto.name !== undefined) change('name', dto.name, dto.name, row.name);
      if (dto.periodSeconds !== undefined)
        change('periodSeconds', dto.periodSeconds, dto.periodSeconds, row.periodSeconds);
      if (dto.active !== undefined) change('active', dto.active, dto.active, row.active);
      if (dto.sort !== undefined) change('sort', dto.sort, dto.sort, row.sort);
      for (const key of ['payoutRate', 'minAmount', 'maxAmount'] as const) {
        const next = dto[key];
        if (next !== undefined)
          change(key, new Decimal(next), new Decimal(next).toFixed(), row[key].toFixed());
      }
      const saved = Object.keys(detail).length ? await m.save(row) : row;
      await this.audit.record(
        {
          adminId: actor.id,
          action: 'options_product.updated',
          targetType: 'options_product',
          targetId: String(id),
          detail,
          ip: actor.ip,
        },
        m,
      );
      return this.options.productView(saved);
    });
  }

  async listOrders(list: ListQuery) {
    const [rows, total] = await this.dataSource.getRepository(OptionsOrder).findAndCount({
      where: whereFromFilter<OptionsOrder>(list.filter, ['id', 'userId', 'state', 'book', 'code']),
      order: listOrder(list, { field: 'id', order: 'DESC' }),
      skip: list.offset,
      take: list.limit,
    });
    const names = await this.options.productNames();
    return [
      rows.map((o) => ({ ...this.options.view(o, names.get(o.productId) ?? ''), userId: o.userId })),
      total,
    ] as const;
  }

  async getOrder(id: string) {
    const order = await this.dataSource.getRepository(OptionsOrder).findOneBy({ id });
    if (!order) throw new AppException(ErrorCode.NotFound);
    const names = await this.options.productNames();
    return { ...this.options.view(order, names.get(order.productId) ?? ''), userId: order.userId };
  }
}

function checkRange(min: string, max: string, blame: 'min' | 'max'): void {
  if (new Decimal(min).lte(0)) throw AppException.field('minAmount', 'validation.invalid');
  assertMinNotAboveMax(min, max, { min: 'minAmount', max: 'maxAmount' }, blame);
}

function checkRate(rate: string): void {
  const value = new Decimal(rate);
  if (value.lte(0) || value.gt(10)) throw AppException.field('payoutRate', 'validation.invalid');
}
