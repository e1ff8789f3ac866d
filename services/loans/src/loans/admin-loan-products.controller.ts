import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import { IsBoolean, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import Decimal from 'decimal.js';
import type { FastifyReply } from 'fastify';
import type { DataSource } from 'typeorm';
import { AdminAuditService } from '@app/accounts';
import {
  AdminAuth,
  AdminRole,
  AppException,
  assertMinNotAboveMax,
  blamedEnd,
  clientAddress,
  ConsoleEditType,
  CurrentPrincipal,
  ErrorCode,
  listPage,
  parseListQuery,
  setContentRange,
  type AppRequest,
  type AuthPrincipal,
} from '@app/common';
import { LoanProduct } from './entities/loan.entity';

const DECIMAL = /^\d{1,20}(\.\d{1,18})?$/;
const RATE = /^\d{1,3}(\.\d{1,6})?$/;

export class CreateLoanProductDto {
  @ApiProperty({ example: 30, description: 'The term in days (one product per term)' })
  @IsInt({ message: 'validation.invalid' })
  @Min(1, { message: 'validation.invalid' })
  @Max(3650, { message: 'validation.invalid' })
  termDays: number;

  @ApiProperty({ example: '0.04', description: 'Interest in percent of the principal per day' })
  @Matches(RATE, { message: 'validation.invalid' })
  dailyRate: string;

  @ApiProperty({ example: '100' })
  @Matches(DECIMAL, { message: 'validation.enterAmount' })
  minAmount: string;

  @ApiProperty({ example: '200000' })
  @Matches(DECIMAL, { message: 'validation.enterAmount' })
  maxAmount: string;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean({ message: 'validation.invalid' })
  active?: boolean;
}

export class UpdateLoanProductDto extends ConsoleEditType(CreateLoanProductDto) {}

function view(p: LoanProduct) {
  return {
    id: p.id,
    termDays: p.termDays,
    dailyRate: p.dailyRate.toFixed(),
    minAmount: p.minAmount.toFixed(),
    maxAmount: p.maxAmount.toFixed(),
    active: p.active,
  };
}

function productId(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw new AppException(ErrorCode.NotFound);
  return Number(raw);
}

/**
 * Loan terms for operators: list, create, edit, (de)activate. Loans already granted keep the rate
 * they were signed at; every change is audited with the values before and after.
 */
@ApiTags('admin loans')
@Controller('swx/admin/loanProducts')
@AdminAuth(AdminRole.Operator)
export class AdminLoanProductsController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AdminAuditService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Loan products (ra-data-simple-rest: range, sort, filter {id, active})' })
  async list(@Query() query: Record<string, string>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = parseListQuery(query, ['id', 'termDays', 'dailyRate'], { field: 'termDays', order: 'ASC' });
    const qb = this.dataSource.getRepository(LoanProduct).createQueryBuilder('p');
    const { id, active } = list.filter as { id?: unknown; active?: unknown };
    const ids = (Array.isArray(id) ? id : id === undefined ? [] : [id]).map(String);
    if (id !== undefined) {
      const valid = ids.filter((v) => /^\d{1,9}$/.test(v)).map(Number);
      qb.andWhere(valid.length ? 'p.id IN (:...valid)' : 'false', { valid });
    }
    if (typeof active === 'boolean') qb.andWhere('p.active = :active', { active });
    const [rows, total] = await listPage(qb, list);
    setContentRange(reply, 'loanProducts', list.offset, rows.length, total);
    return rows.map(view);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One loan product' })
  async get(@Param('id') id: string) {
    const found = await this.dataSource.getRepository(LoanProduct).findOneBy({ id: productId(id) });
    if (!found) throw new AppException(ErrorCode.NotFound);
    return view(found);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a loan product (audited); one product per term' })
  create(@Body() dto: CreateLoanProductDto, @CurrentPrincipal() p: AuthPrincipal, @Req() req: AppRequest) {
    this.checkRange(dto.minAmount, dto.maxAmount, 'max');
    return this.dataSource.transaction(async (m) => {
      if (await m.getRepository(LoanProduct).existsBy({ termDays: dto.termDays })) {
        throw AppException.field('termDays', 'validation.invalid');
      }
      const saved = await m.save(
        m.create(LoanProduct, {
          termDays: dto.termDays,
          dailyRate: new Decimal(dto.dailyRate),
          minAmount: new Decimal(dto.minAmount),
          maxAmount: new Decimal(dto.maxAmount),
          active: dto.active ?? true,
        }),
      );
      await this.audit.record(
        {
          adminId: p.id,
          action: 'loan_product.created',
          targetType: 'loan_product',
          targetId: String(saved.id),
          detail: { after: view(saved) },
          ip: clientAddress(req),
        },
        m,
      );
      return view(saved);
    });
  }

  @Put(':id')
  @ApiOperation({ summary: 'Edit a loan product (audited); loans already granted keep their terms' })
  update(
    @Param('id') id: string,
    @Body() dto: UpdateLoanProductDto,
    @CurrentPrincipal() p: AuthPrincipal,
    @Req() req: AppRequest,
  ) {
    const key = productId(id);
    return this.dataSource.transaction(async (m) => {
      const found = await m
        .getRepository(LoanProduct)
        .findOne({ where: { id: key }, lock: { mode: 'pessimistic_write' } });
      if (!found) throw new AppException(ErrorCode.NotFound);
      const before = view(found);
      if (dto.termDays !== undefined && dto.termDays !== found.termDays) {
        if (await m.getRepository(LoanProduct).existsBy({ termDays: dto.termDays })) {
          throw AppException.field('termDays', 'validation.invalid');
        }
        found.termDays = dto.termDays;
      }
      if (dto.dailyRate !== undefined) found.dailyRate = new Decimal(dto.dailyRate);
      if (dto.minAmount !== undefined) found.minAmount = new Decimal(dto.minAmount);
      if (dto.maxAmount !== undefined) found.maxAmount = new Decimal(dto.maxAmount);
      if (dto.active !== undefined) found.active = dto.active;
      this.checkRange(found.minAmount, found.maxAmount, blamedEnd(dto.minAmount, dto.maxAmount));
      const saved = await m.save(found);
      await this.audit.record(
        {
          adminId: p.id,
          action: 'loan_product.updated',
          targetType: 'loan_product',
          targetId: String(saved.id),
          detail: { before, after: view(saved) },
          ip: clientAddress(req),
        },
        m,
      );
      return view(saved);
    });
  }

  private checkRange(min: Decimal.Value, max: Decimal.Value, blame: 'min' | 'max'): void {
    if (new Decimal(min).lte(0)) throw AppException.field('minAmount', 'validation.enterAmount');
    assertMinNotAboveMax(min, max, { min: 'minAmount', max: 'maxAmount' }, blame);
  }
}
