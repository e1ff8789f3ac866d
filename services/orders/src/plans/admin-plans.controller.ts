import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
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
  IsTranslations,
  listPage,
  parseListQuery,
  setContentRange,
  type AppRequest,
  type AuthPrincipal,
  type Language,
} from '@app/common';
import { Plan } from './entities/plan.entity';
import { PlanProduct } from './entities/plan-product.entity';
import { PlansService } from './plans.service';

const DECIMAL = /^\d{1,20}(\.\d{1,18})?$/;

export class CreatePlanProductDto {
  @ApiProperty({ enum: ['smart', 'mining'] })
  @IsIn(['smart', 'mining'], { message: 'validation.invalid' })
  kind: 'smart' | 'mining';

  @ApiProperty({ example: 'Smart AI 30' })
  @IsString({ message: 'validation.required' })
  @IsNotEmpty({ message: 'validation.required' })
  @MaxLength(80, { message: 'validation.invalid' })
  name: string;

  @ApiPropertyOptional({
    example: { de: 'KI-Plan Starter', ja: 'スターター AI プラン' },
    description: 'The name in other languages, by language code (English is `name`)',
  })
  @IsOptional()
  @IsTranslations(80, { englishOptional: true })
  names?: Partial<Record<Language, string>>;

  @ApiProperty({ example: 'USDT' })
  @Matches(/^[A-Z0-9]{2,12}$/, { message: 'validation.invalid' })
  currency: string;

  @ApiProperty({
    example: '0.012',
    description: 'Daily yield as a share of the principal (0.012 = 1.2% a day)',
  })
  @Matches(DECIMAL, { message: 'validation.invalid' })
  dailyYield: string;

  @ApiProperty({ example: '100' })
  @Matches(DECIMAL, { message: 'validation.enterAmount' })
  minAmount: string;

  @ApiProperty({ example: '50000' })
  @Matches(DECIMAL, { message: 'validation.enterAmount' })
  maxAmount: string;

  @ApiProperty({ example: [7, 15, 30], description: 'Cycles in days the user chooses from' })
  @IsArray({ message: 'validation.invalid' })
  @ArrayMinSize(1, { message: 'validation.required' })
  @ArrayMaxSize(20, { message: 'validation.invalid' })
  @IsInt({ each: true, message: 'validation.invalid' })
  @Min(1, { each: true, message: 'validation.invalid' })
  @Max(3650, { each: true, message: 'validation.invalid' })
  cycles: number[];

  @ApiProperty({ description: 'Whether a user may hold the product twice (10024 otherwise)' })
  @IsBoolean({ message: 'validation.invalid' })
  allowRepeat: boolean;

  @ApiPropertyOptional({ default: true })
  @IsOptional()
  @IsBoolean({ message: 'validation.invalid' })
  active?: boolean;

  @ApiPropertyOptional({ default: 0 })
  @IsOptional()
  @IsInt({ message: 'validation.invalid' })
  sort?: number;
}

/** The kind never changes (plans already bought keep their accounts). */
export class UpdatePlanProductDto extends ConsoleEditType(CreatePlanProductDto) {}

function productView(p: PlanProduct) {
  return {
    id: p.id,
    kind: p.kind,
    name: p.name,
    names: p.names,
    currency: p.currency,
    dailyYield: p.dailyYield.toFixed(),
    minAmount: p.minAmount.toFixed(),
    maxAmount: p.maxAmount.toFixed(),
    cycles: p.cycles,
    allowRepeat: p.allowRepeat,
    active: p.active,
    sort: p.sort,
  };
}

/** Smart and staking products for operators: list, create, edit, (de)activate. Every change audited. */
@ApiTags('admin plans')
@Controller('swx/admin/planProducts')
@AdminAuth(AdminRole.Operator)
export class AdminPlanProductsController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AdminAuditService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Plan products (ra-data-simple-rest: range, sort, filter {kind, active})' })
  async list(@Query() query: Record<string, string>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = parseListQuery(query, ['id', 'name', 'sort', 'kind'], { field: 'sort', order: 'ASC' });
    const qb = this.dataSource.getRepository(PlanProduct).createQueryBuilder('p');
    const { kind, active } = list.filter as { kind?: unknown; active?: unknown };
    if (typeof kind === 'string') qb.andWhere('p.kind = :kind', { kind });
    if (typeof active === 'boolean') qb.andWhere('p.active = :active', { active });
    const [rows, total] = await listPage(qb, list);
    setContentRange(reply, 'planProducts', list.offset, rows.length, total);
    return rows.map(productView);
  }

  @Get(':id')
  async one(@Param('id') id: string) {
    return productView(await this.find(id));
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a product (audited)' })
  async create(
    @Body() dto: CreatePlanProductDto,
    @CurrentPrincipal() p: AuthPrincipal,
    @Req() req: AppRequest,
  ) {
    this.checkTerms(dto.dailyYield, dto.minAmount, dto.maxAmount, 'max');
    return this.dataSource.transaction(async (m) => {
      const saved = await m.save(
        m.create(PlanProduct, {
          ...dto,
          dailyYield: new Decimal(dto.dailyYield),
          minAmount: new Decimal(dto.minAmount),
          maxAmount: new Decimal(dto.maxAmount),
          cycles: [...new Set(dto.cycles)].sort((a, b) => a - b),
          active: dto.active ?? true,
          sort: dto.sort ?? 0,
          names: dto.names ?? {},
        }),
      );
      await this.audit.record(
        {
          adminId: p.id,
          action: 'planProduct.create',
          targetType: 'planProduct',
          targetId: String(saved.id),
          detail: { ...dto },
          ip: clientAddress(req),
        },
        m,
      );
      return productView(saved);
    });
  }

  @Put(':id')
  @ApiOperation({ summary: 'Edit a product (audited); plans already bought keep their terms' })
  async update(
    @Param('id') id: string,
    @Body() dto: UpdatePlanProductDto,
    @CurrentPrincipal() p: AuthPrincipal,
    @Req() req: AppRequest,
  ) {
    return this.dataSource.transaction(async (m) => {
      const product = await this.find(id, m.getRepository(PlanProduct));
      if (dto.kind && dto.kind !== product.kind) throw AppException.field('kind', 'validation.invalid');
      const before = productView(product);
      if (dto.name !== undefined) product.name = dto.name;
      if (dto.names !== undefined) product.names = dto.names;
      if (dto.currency !== undefined) product.currency = dto.currency;
      if (dto.dailyYield !== undefined) product.dailyYield = new Decimal(dto.dailyYield);
      if (dto.minAmount !== undefined) product.minAmount = new Decimal(dto.minAmount);
      if (dto.maxAmount !== undefined) product.maxAmount = new Decimal(dto.maxAmount);
      if (dto.cycles !== undefined) product.cycles = [...new Set(dto.cycles)].sort((a, b) => a - b);
      if (dto.allowRepeat !== undefined) product.allowRepeat = dto.allowRepeat;
      if (dto.active !== undefined) product.active = dto.active;
      if (dto.sort !== undefined) product.sort = dto.sort;
      this.checkTerms(
        product.dailyYield,
        product.minAmount,
        product.maxAmount,
        blamedEnd(dto.minAmount, dto.maxAmount),
      );
      const saved = await m.save(product);
      await this.audit.record(
        {
          adminId: p.id,
          action: 'planProduct.update',
          targetType: 'planProduct',
          targetId: String(saved.id),
          detail: { before, after: productView(saved) },
          ip: clientAddress(req),
        },
        m,
      );
      return productView(saved);
    });
  }

  /** The table's own checks, told on the field (a violated CHECK would be a 500). */
  private checkTerms(
    dailyYield: Decimal.Value,
    min: Decimal.Value,
    max: Decimal.Value,
    blame: 'min' | 'max',
  ) {
    const y = new Decimal(dailyYield);
    if (y.lte(0) || y.gte(1)) throw AppException.field('dailyYield', 'validation.dailyYieldRange');
    if (new Decimal(min).lte(0)) throw AppException.field('minAmount', 'validation.enterAmount');
    assertMinNotAboveMax(min, max, { min: 'minAmount', max: 'maxAmount' }, blame);
  }

  private async find(id: string, repo = this.dataSource.getRepository(PlanProduct)) {
    const found = /^\d{1,9}$/.test(id) ? await repo.findOne({ where: { id: Number(id) } }) : null;
    if (!found) throw new AppException(ErrorCode.NotFound);
    return found;
  }
}

/** Every user's plans for reviewers and operators (read-only). */
@ApiTags('admin plans')
@Controller('swx/admin/plans')
@AdminAuth(AdminRole.Reviewer, AdminRole.Operator)
export class AdminPlansController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly plans: PlansService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Plans (ra-data-simple-rest: range, sort, filter {kind, status, userId})' })
  async list(@Query() query: Record<string, string>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = parseListQuery(query, ['id', 'createdAt', 'endsAt', 'amount', 'status'], {
      field: 'id',
      order: 'DESC',
    });
    const qb = this.dataSource.getRepository(Plan).createQueryBuilder('o');
    const { kind, status, userId } = list.filter as { kind?: unknown; status?: unknown; userId?: unknown };
    if (typeof kind === 'string') qb.andWhere('o.kind = :kind', { kind });
    if (typeof status === 'string') qb.andWhere('o.status = :status', { status });
    if (typeof userId === 'string') qb.andWhere('o.user_id::text = :userId', { userId });
    const [rows, total] = await listPage(qb, list);
    const names = new Map(
      (await this.dataSource.getRepository(PlanProduct).find()).map((p) => [p.id, p.name] as const),
    );
    setContentRange(reply, 'plans', list.offset, rows.length, total);
    return rows.map((o) => ({
      ...this.plans.view(o, names.get(o.productId) ?? ''),
      userId: o.userId,
      kind: o.kind,
    }));
  }
}
