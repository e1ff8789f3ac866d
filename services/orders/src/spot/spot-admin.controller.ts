import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { In, IsNull, Not, type DataSource, type FindOptionsWhere } from 'typeorm';
import {
  AdminAuth,
  AdminRole,
  AppException,
  ErrorCode,
  listOrder,
  parseListQuery,
  setContentRange,
} from '@app/common';
import { SpotOrder } from './entities/spot-order.entity';
import { SpotPair } from './entities/spot-pair.entity';
import { SpotTrade } from './entities/spot-trade.entity';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ID = /^\d{1,18}$/;

const CHECKS: Record<string, (v: unknown) => boolean> = {
  id: (v) => (typeof v === 'string' || typeof v === 'number') && ID.test(String(v)),
  userId: (v) => v === 'market_maker' || (typeof v === 'string' && UUID.test(v)),
  book: (v) => v === 'real' || v === 'demo',
  symbol: (v) => typeof v === 'string' && /^[A-Z0-9]{2,20}$/.test(v),
  state: (v) => typeof v === 'string' && ['pending', 'open', 'partial', 'filled', 'cancelled'].includes(v),
  side: (v) => v === 'buy' || v === 'sell',
  type: (v) => v === 'limit' || v === 'market',
  takerOrderId: (v) => (typeof v === 'string' || typeof v === 'number') && ID.test(String(v)),
  makerOrderId: (v) => (typeof v === 'string' || typeof v === 'number') && ID.test(String(v)),
  placedBy: (v) => v === 'customers' || v === 'market_maker',
};

/** A where clause from a react-admin filter: each allowed field equals a value or one of a list. */
function where<T>(filter: Record<string, unknown>, fields: string[]): FindOptionsWhere<T> {
  const out: Record<string, unknown> = {};
  for (const [field, raw] of Object.entries(filter)) {
    const check = CHECKS[field];
    if (!check || !fields.includes(field)) throw AppException.field('filter', 'validation.invalid');
    const values = Array.isArray(raw) ? raw : [raw];
    if (values.length === 0 || !values.every(check)) throw AppException.field('filter', 'validation.invalid');
    // The market maker's orders have no user.
    const mapped = values.map((v) => (v === 'market_maker' ? null : typeof v === 'number' ? String(v) : v));
    if (mapped.length === 1) out[field] = mapped[0] === null ? IsNull() : mapped[0];
    else out[field] = In(mapped.filter((v) => v !== null));
  }
  return out as FindOptionsWhere<T>;
}

function orderRow(o: SpotOrder) {
  return {
    id: o.id,
    userId: o.userId,
    marketMaker: o.userId === null,
    book: o.book,
    symbol: o.symbol,
    side: o.side,
    type: o.type,
    price: o.price?.toFixed() ?? null,
    quantity: o.quantity?.toFixed() ?? null,
    quoteAmount: o.quoteAmount?.toFixed() ?? null,
    filled: o.filled.toFixed(),
    turnover: o.turnover.toFixed(),
    fee: o.fee.toFixed(),
    held: o.held.toFixed(),
    heldLeft: o.heldLeft.toFixed(),
    state: o.state,
    cancelReason: o.cancelReason,
    cancelRequestedAt: o.cancelRequestedAt?.toISOString() ?? null,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    closedAt: o.closedAt?.toISOString() ?? null,
  };
}

function tradeRow(t: SpotTrade) {
  return {
    id: t.id,
    symbol: t.symbol,
    book: t.book,
    seq: t.seq,
    takerOrderId: t.takerOrderId,
    makerOrderId: t.makerOrderId,
    takerSide: t.takerSide,
    price: t.price.toFixed(),
    quantity: t.quantity.toFixed(),
    quoteAmount: t.quoteAmount.toFixed(),
    buyerFee: t.buyerFee.toFixed(),
    sellerFee: t.sellerFee.toFixed(),
    createdAt: t.createdAt.toISOString(),
  };
}

/**
 * Every user's coin orders and trades, read only: no admin places, cancels or prices a coin order
 * (the users, the market maker and the matching engine do).
 */
@ApiTags('admin spot')
@Controller('swx/admin')
@AdminAuth(AdminRole.Operator, AdminRole.Reviewer)
export class AdminSpotController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get('spot-orders')
  @ApiOperation({
    summary:
      'Coin orders (ra-data-simple-rest; filter {id, userId ("market_maker" for the house), placedBy ("customers" or "market_maker"), book, symbol, state, side, type})',
  })
  async orders(@Query() query: Record<string, string>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = parseListQuery(
      query,
      ['id', 'symbol', 'state', 'createdAt', 'updatedAt', 'turnover', 'filled'],
      { field: 'id', order: 'DESC' },
    );
    // placedBy: only the customers' orders or only the market maker's (its quotes outnumber them).
    const { placedBy, ...filter } = list.filter;
    if (placedBy !== undefined && !CHECKS.placedBy(placedBy))
      throw AppException.field('filter', 'validation.invalid');
    const house = placedBy === 'market_maker';
    if (placedBy !== undefined && filter.userId !== undefined) {
      // Named users too: keep those the choice allows; none left, nothing matches.
      const named = Array.isArray(filter.userId) ? (filter.userId as unknown[]) : [filter.userId];
      filter.userId = named.filter((v) => (v === 'market_maker') === house);
      if (!(filter.userId as unknown[]).length) {
        setContentRange(reply, 'spot-orders', list.offset, 0, 0);
        return [];
      }
    }
    const conditions = where<SpotOrder>(filter, ['id', 'userId', 'book', 'symbol', 'state', 'side', 'type']);
    if (placedBy !== undefined && conditions.userId === undefined)
      conditions.userId = house ? IsNull() : Not(IsNull());
    const [rows, total] = await this.dataSource.getRepository(SpotOrder).findAndCount({
      where: conditions,
      order: listOrder(list, { field: 'id', order: 'DESC' }),
      skip: list.offset,
      take: list.limit,
    });
    setContentRange(reply, 'spot-orders', list.offset, rows.length, total);
    return rows.map(orderRow);
  }

  @Get('spot-orders/:id')
  @ApiOperation({ summary: 'One coin order with its trades' })
  async order(@Param('id') id: string) {
    if (!ID.test(id)) throw AppException.field('id', 'validation.invalid');
    const order = await this.dataSource.getRepository(SpotOrder).findOneBy({ id });
    if (!order) throw new AppException(ErrorCode.NotFound);
    const trades = await this.dataSource.getRepository(SpotTrade).find({
      where: [{ takerOrderId: id }, { makerOrderId: id }],
      order: { id: 'ASC' },
      take: 1000,
    });
    return { ...orderRow(order), trades: trades.map(tradeRow) };
  }

  @Get('spot-trades')
  @ApiOperation({
    summary: 'Coin trades (ra-data-simple-rest; filter {id, book, symbol, takerOrderId, makerOrderId})',
  })
  async trades(@Query() query: Record<string, string>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = parseListQuery(query, ['id', 'symbol', 'createdAt', 'price', 'quantity'], {
      field: 'id',
      order: 'DESC',
    });
    const [rows, total] = await this.dataSource.getRepository(SpotTrade).findAndCount({
      where: where<SpotTrade>(list.filter, ['id', 'book', 'symbol', 'takerOrderId', 'makerOrderId']),
      order: listOrder(list, { field: 'id', order: 'DESC' }),
      skip: list.offset,
      take: list.limit,
    });
    setContentRange(reply, 'spot-trades', list.offset, rows.length, total);
    return rows.map(tradeRow);
  }

  @Get('spot-trades/:id')
  @ApiOperation({ summary: 'One coin trade' })
  async trade(@Param('id') id: string) {
    if (!ID.test(id)) throw AppException.field('id', 'validation.invalid');
    const trade = await this.dataSource.getRepository(SpotTrade).findOneBy({ id });
    if (!trade) throw new AppException(ErrorCode.NotFound);
    return tradeRow(trade);
  }

  @Get('spot-pairs')
  @ApiOperation({ summary: 'The coin pairs with tick and lot sizes (ra-data-simple-rest)' })
  async pairs(@Query() query: Record<string, string>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = parseListQuery(query, ['symbol', 'createdAt'], { field: 'symbol', order: 'ASC' });
    const [rows, total] = await this.dataSource.getRepository(SpotPair).findAndCount({
      // Pairs listed at the same instant in symbol order (the symbol is the pair's id).
      order: listOrder(list, { field: 'symbol', order: 'ASC' }),
      skip: list.offset,
      take: list.limit,
    });
    setContentRange(reply, 'spot-pairs', list.offset, rows.length, total);
    return rows.map((p) => ({
      id: p.symbol,
      symbol: p.symbol,
      base: p.base,
      quote: p.quote,
      tickSize: p.tickSize.toFixed(),
      lotSize: p.lotSize.toFixed(),
      active: p.active,
      createdAt: p.createdAt.toISOString(),
    }));
  }
}
