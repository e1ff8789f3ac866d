import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsIn, IsOptional, Matches } from 'class-validator';
import Decimal from 'decimal.js';
import {
  CurrentBook,
  CurrentPrincipal,
  CustomerAuth,
  MARKET_PRICES,
  PageQuery,
  type MarketPrices,
  type AuthPrincipal,
  type Book,
} from '@app/common';
import { LedgerService, REASON_GROUPS, type ReasonGroup } from '@app/ledger';

class FundingQuery extends PageQuery {
  @ApiPropertyOptional({ enum: Object.keys(REASON_GROUPS) })
  @IsOptional()
  @IsIn(Object.keys(REASON_GROUPS), { message: 'validation.invalid' })
  type?: ReasonGroup;

  @ApiPropertyOptional({ example: 'USDT' })
  @IsOptional()
  @Matches(/^[A-Z0-9]{2,12}$/, { message: 'validation.invalid' })
  currency?: string;
}

@ApiTags('funds')
@Controller('swx/customer/user')
@CustomerAuth()
export class AssetsController {
  constructor(
    private readonly ledger: LedgerService,
    @Inject(MARKET_PRICES) private readonly prices: MarketPrices,
  ) {}

  @Get('listFundingDetails')
  @ApiOperation({
    summary:
      'Funding details (/zjxq): every movement of my money in the chosen book, newest first, filtered by type',
  })
  async funding(@CurrentPrincipal() p: AuthPrincipal, @CurrentBook() book: Book, @Query() q: FundingQuery) {
    const size = q.pageSize ?? 20;
    const page = q.pageNum ?? 1;
    const { rows, total } = await this.ledger.statement(p.id, book, {
      reasons: q.type ? [...REASON_GROUPS[q.type]] : undefined,
      currency: q.currency,
      offset: (page - 1) * size,
      limit: size,
    });
    const groupOf = (reason: string) =>
      (Object.keys(REASON_GROUPS) as ReasonGroup[]).find((g) =>
        (REASON_GROUPS[g] as readonly string[]).includes(reason),
      ) ?? 'other';
    return { list: rows.map((r) => ({ ...r, type: groupOf(r.reason) })), total };
  }

  @Get('listCoinAccounts')
  @ApiOperation({
    summary: 'My coin accounts in the chosen book: available, frozen and the other holdings per coin',
  })
  async coinAccounts(@CurrentPrincipal() p: AuthPrincipal, @CurrentBook() book: Book) {
    const lines = await this.ledger.userBalances(p.id, book);
    const byCoin = new Map<
      string,
      { currency: string; available: string; frozen: string; total: Decimal; other: Record<string, string> }
    >();
    for (const l of lines) {
      const entry = byCoin.get(l.currency) ?? {
        currency: l.currency,
        available: '0',
        frozen: '0',
        total: new Decimal(0),
        other: {},
      };
      if (l.kind === 'available') entry.available = l.balance.toFixed();
      else if (l.kind === 'frozen') entry.frozen = l.balance.toFixed();
      else entry.other[l.kind] = l.balance.toFixed();
      entry.total = entry.total.plus(l.balance);
      byCoin.set(l.currency, entry);
    }
    // Each coin is valued at the feed's last price against USDT; a coin without one shows null.
    const coins = [...byCoin.values()];
    const valued = await Promise.all(
      coins.map(async ({ total, ...e }) => ({
        ...e,
        total: total.toFixed(),
        usdtValue: (await this.usdtValue(e.currency, total))?.toFixed() ?? null,
      })),
    );
    return valued;
  }

  @Get('getAssetsSummary')
  @ApiOperation({
    summary: 'The USDT value of everything I hold in the chosen book (coins without a price are left out)',
  })
  async summary(@CurrentPrincipal() p: AuthPrincipal, @CurrentBook() book: Book) {
    const lines = await this.ledger.userBalances(p.id, book);
    let total = new Decimal(0);
    let available = new Decimal(0);
    for (const l of lines) {
      const value = await this.usdtValue(l.currency, l.balance);
      if (!value) continue;
      total = total.plus(value);
      if (l.kind === 'available') available = available.plus(value);
    }
    return { totalUsdt: total.toFixed(2), availableUsdt: available.toFixed(2) };
  }

  private async usdtValue(currency: string, amount: Decimal): Promise<Decimal | null> {
    if (currency === 'USDT') return amount;
    try {
      const price = await this.prices.lastPrice(`${currency}USDT`);
      return amount.mul(price).toDecimalPlaces(8, Decimal.ROUND_DOWN);
    } catch {
      return null;
    }
  }
}
