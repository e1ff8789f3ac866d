import { Body, Controller, Get, Param, Put, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import { Transform } from 'class-transformer';
import { Allow, IsBoolean, IsInt, IsOptional, Matches, Max, Min, ValidateIf } from 'class-validator';
import Decimal from 'decimal.js';
import type { FastifyReply } from 'fastify';
import type { DataSource } from 'typeorm';
import { AdminAuditService } from '@app/accounts';
import {
  AdminAuth,
  AdminRole,
  AppException,
  clientAddress,
  CurrentPrincipal,
  ErrorCode,
  listPage,
  parseListQuery,
  setContentRange,
  type AppRequest,
  type AuthPrincipal,
} from '@app/common';
import { CoinsService } from './coins.service';
import { CoinNetwork, MAX_CONFIRMATIONS } from './entities/coin-network.entity';

const DECIMAL = /^\d{1,20}(\.\d{1,18})?$/;

class UpdateCoinNetworkDto {
  @Allow()
  id?: unknown;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: MAX_CONFIRMATIONS,
    example: 12,
    description: 'How many network confirmations a deposit waits for (a string of digits is read too)',
  })
  // A string of digits (what clients of the free-text setting send) is read as its count.
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && /^\s*\d{1,6}\s*$/.test(value) ? Number(value) : value,
  )
  // Given, it is a count: null is refused (the column holds one), not stored as nothing.
  @ValidateIf((o: UpdateCoinNetworkDto) => o.confirmations !== undefined)
  @IsInt({ message: 'validation.confirmationsCount' })
  @Min(1, { message: 'validation.confirmationsCount' })
  @Max(MAX_CONFIRMATIONS, { message: 'validation.confirmationsCount' })
  confirmations?: number;

  @ApiPropertyOptional({ example: '120' })
  @IsOptional()
  @Matches(DECIMAL, { message: 'validation.enterAmount' })
  minDeposit?: string;

  @ApiPropertyOptional({ example: '20' })
  @IsOptional()
  @Matches(DECIMAL, { message: 'validation.enterAmount' })
  minWithdrawal?: string;

  @ApiPropertyOptional({
    example: '0.5',
    nullable: true,
    description: 'Percent for this network only; null follows the system parameter withdraw_fee_rate',
  })
  @IsOptional()
  @ValidateIf((o: UpdateCoinNetworkDto) => o.withdrawFeeRate !== null)
  @Matches(/^\d{1,2}(\.\d{1,6})?$/, { message: 'validation.invalid' })
  withdrawFeeRate?: string | null;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'validation.invalid' })
  depositEnabled?: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'validation.invalid' })
  withdrawEnabled?: boolean;
}

/** Coins and their networks for operators: minimums, fee override, deposits/withdrawals on or off. */
@ApiTags('admin funds')
@Controller('swx/admin/coinNetworks')
@AdminAuth(AdminRole.Operator)
export class AdminCoinNetworksController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly coins: CoinsService,
    private readonly audit: AdminAuditService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Coin networks (ra-data-simple-rest: range, sort, filter {coin})' })
  async list(@Query() query: Record<string, string>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = parseListQuery(query, ['id', 'coin', 'network'], { field: 'id', order: 'ASC' });
    const qb = this.dataSource.getRepository(CoinNetwork).createQueryBuilder('n');
    const { coin } = list.filter as { coin?: unknown };
    if (typeof coin === 'string') qb.andWhere('n.coin = :coin', { coin });
    const [rows, total] = await listPage(qb, list);
    setContentRange(reply, 'coinNetworks', list.offset, rows.length, total);
    return Promise.all(rows.map((n) => this.view(n)));
  }

  @Get(':id')
  async one(@Param('id') id: string) {
    return this.view(await this.find(id));
  }

  @Put(':id')
  @ApiOperation({ summary: 'Edit a coin network (audited)' })
  async update(
    @Param('id') id: string,
    @Body() dto: UpdateCoinNetworkDto,
    @CurrentPrincipal() p: AuthPrincipal,
    @Req() req: AppRequest,
  ) {
    return this.dataSource.transaction(async (m) => {
      const net = await this.find(id, m);
      const before = await this.view(net);
      if (dto.confirmations !== undefined) net.confirmations = dto.confirmations;
      if (dto.minDeposit !== undefined) net.minDeposit = new Decimal(dto.minDeposit);
      if (dto.minWithdrawal !== undefined) net.minWithdrawal = new Decimal(dto.minWithdrawal);
      if (dto.withdrawFeeRate !== undefined)
        net.withdrawFeeRate = dto.withdrawFeeRate === null ? null : new Decimal(dto.withdrawFeeRate);
      if (dto.depositEnabled !== undefined) net.depositEnabled = dto.depositEnabled;
      if (dto.withdrawEnabled !== undefined) net.withdrawEnabled = dto.withdrawEnabled;
      const saved = await m.save(net);
      const after = await this.view(saved);
      await this.audit.record(
        {
          adminId: p.id,
          action: 'coinNetwork.update',
          targetType: 'coinNetwork',
          targetId: String(saved.id),
          detail: { before, after },
          ip: clientAddress(req),
        },
        m,
      );
      return after;
    });
  }

  private async view(n: CoinNetwork) {
    return {
      id: n.id,
      coin: n.coin,
      network: n.network,
      addressKind: n.addressKind,
      confirmations: n.confirmations,
      minDeposit: n.minDeposit.toFixed(),
      minWithdrawal: n.minWithdrawal.toFixed(),
      // What users are held to: the network's minimum or the coin's parameter, the higher.
      effectiveMinDeposit: (await this.coins.minDeposit(n)).toFixed(),
      effectiveMinWithdrawal: (await this.coins.minWithdrawal(n)).toFixed(),
      withdrawFeeRateOverride: n.withdrawFeeRate?.toFixed() ?? null,
      withdrawFeeRate: (await this.coins.withdrawFeeRate(n)).toFixed(),
      depositEnabled: n.depositEnabled,
      withdrawEnabled: n.withdrawEnabled,
    };
  }

  private async find(id: string, m = this.dataSource.manager) {
    const found = /^\d{1,9}$/.test(id)
      ? await m.getRepository(CoinNetwork).findOne({
          where: { id: Number(id) },
          lock: m.queryRunner ? { mode: 'pessimistic_write' } : undefined,
        })
      : null;
    if (!found) throw new AppException(ErrorCode.NotFound);
    return found;
  }
}
