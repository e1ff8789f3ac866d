import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Decimal from 'decimal.js';
import type Redis from 'ioredis';
import { QueryFailedError, type DataSource, type EntityManager } from 'typeorm';
import { AdminAuditService } from '@app/accounts';
import { AppException, ErrorCode, listPage, type ListQuery } from '@app/common';
import { REDIS_CLIENT } from '@app/queue';
import { LAST_PRICE_KEY } from '../prices/price-guard';
import { PriceService } from '../prices/price.service';
import type { CreateInstrumentDto, UpdateInstrumentDto } from './dto/admin-instrument.dto';
import { Instrument } from './entities/instrument.entity';
import { INSTRUMENT_TYPES } from './instrument-type';
import { InstrumentsService } from './instruments.service';
import { parseTradingHours, type TradingHours } from './trading-hours';

export const INSTRUMENT_SORTABLE = ['id', 'code', 'type', 'appName', 'sortOrder', 'status', 'createdAt'];

export interface AdminActor {
  id: string;
  ip: string;
}

/**
 * The catalogue for operators: create, edit and suspend instruments, audited. Every process reads
 * the catalogue again after a change; the feeder restarts its sources with the new terms. Prices
 * are never edited here: they come only from the feed.
 */
@Injectable()
export class AdminInstrumentsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AdminAuditService,
    private readonly instruments: InstrumentsService,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    private readonly prices: PriceService,
  ) {}

  /**
   * A spread from a tenth of the price on is refused: such a value is a slip (a digit too many), and
   * a spread of twice the price puts the bid at or below zero, where every long closes at nothing.
   * The price is the last one of the feed, else the instrument's reference price.
   */
  private async checkSpread(code: string, spread: string, reference: Decimal): Promise<void> {
    const last = await this.redis.hget(LAST_PRICE_KEY, code);
    const max = (last ? new Decimal(last) : reference).div(10);
    if (new Decimal(spread).gte(max))
      throw AppException.field('spread', 'validation.parameterRange', { range: `0 - < ${max.toFixed()}` });
  }

  async list(query: ListQuery): Promise<[Instrument[], number]> {
    const qb = this.db.getRepository(Instrument).createQueryBuilder('i');
    const { type, status, q } = query.filter as { type?: unknown; status?: unknown; q?: unknown };
    if (type !== undefined) {
      if (!(INSTRUMENT_TYPES as readonly number[]).includes(Number(type)))
        throw AppException.field('filter', 'validation.invalid');
      qb.andWhere('i.type = :type', { type: Number(type) });
    }
    if (status !== undefined) {
      if (status !== 'active' && status !== 'suspended')
        throw AppException.field('filter', 'validation.invalid');
      qb.andWhere('i.status = :status', { status });
    }
    if (q !== undefined) {
      if (typeof q !== 'string' || q.length > 60) throw AppException.field('filter', 'validation.invalid');
      const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      qb.andWhere('(i.code ILIKE :like OR i.appName ILIKE :like)', { like });
    }
    return listPage(qb, query);
  }

  async get(id: number): Promise<Instrument> {
    const found = await this.db.getRepository(Instrument).findOneBy({ id });
    if (!found) throw new AppException(ErrorCode.NotFound);
    return found;
  }

  async create(dto: CreateInstrumentDto, actor: AdminActor): Promise<Instrument> {
    const tradingHours = hoursOf(dto.tradingHours);
    positive('contractSize', dto.contractSize);
    positive('referencePrice', dto.referencePrice);
    await this.checkSpread(dto.code, dto.spread, new Decimal(dto.referencePrice));
    const saved = await this.db
      .transaction(async (m) => {
        const repo = m.getRepository(Instrument);
        if (await repo.existsBy({ code: dto.code })) throw codeTaken(dto.code);
        const [{ next }] = await m.query<{ next: number }[]>(
          `SELECT COALESCE(MAX(sort_order), 0) + 1 AS next FROM market.instruments`,
        );
        const row = await repo.save(
          repo.create({
            code: dto.code,
            type: dto.type,
            appName: dto.appName,
            logo: dto.logo ?? `/assets/logos/${dto.code}.svg`,
            pricePrecision: dto.pricePrecision,
            contractSize: new Decimal(dto.contractSize),
            spread: new Decimal(dto.spread),
            leverages: uniqueSorted(dto.leverages),
            tradingHours,
            status: dto.status ?? 'active',
            referencePrice: new Decimal(dto.referencePrice),
            volatility: new Decimal(dto.volatility),
            sortOrder: dto.sortOrder ?? Number(next),
          }),
        );
        await this.record(m, actor, 'instrument.create', row, { after: view(row) });
        return row;
      })
      // Two operators creating the same code at once: the unique index has the last word.
      .catch((error: unknown) => {
        if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === '23505')
          throw codeTaken(dto.code);
        throw error;
      });
    await this.instruments.announceChange();
    return saved;
  }

  async update(id: number, dto: UpdateInstrumentDto, actor: AdminActor): Promise<Instrument> {
    const tradingHours = dto.tradingHours === undefined ? undefined : hoursOf(dto.tradingHours);
    if (dto.contractSize !== undefined) positive('contractSize', dto.contractSize);
    const saved = await this.db.transaction(async (m) => {
      const repo = m.getRepository(Instrument);
      const row = await repo.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw new AppException(ErrorCode.NotFound);
      const before = view(row);
      // react-admin echoes the fixed fields: accepted when unchanged, refused when changed.
      if (dto.code !== undefined && dto.code !== row.code)
        throw AppException.field('code', 'validation.invalid');
      if (dto.type !== undefined && Number(dto.type) !== Number(row.type))
        throw AppException.field('type', 'validation.invalid');
      if (
        dto.referencePrice !== undefined &&
        (typeof dto.referencePrice !== 'string' ||
          !/^\d{1,20}(\.\d{1,18})?$/.test(dto.referencePrice) ||
          !new Decimal(dto.referencePrice).eq(row.referencePrice))
      )
        throw AppException.field('referencePrice', 'validation.invalid');
      if (dto.appName !== undefined) row.appName = dto.appName;
      if (dto.logo !== undefined) row.logo = dto.logo;
      if (dto.pricePrecision !== undefined) row.pricePrecision = dto.pricePrecision;
      if (dto.contractSize !== undefined) row.contractSize = new Decimal(dto.contractSize);
      if (dto.spread !== undefined && !new Decimal(dto.spread).eq(row.spread)) {
        await this.checkSpread(row.code, dto.spread, row.referencePrice);
        row.spread = new Decimal(dto.spread);
      }
      if (dto.leverages !== undefined) row.leverages = uniqueSorted(dto.leverages);
      if (tradingHours !== undefined) row.tradingHours = tradingHours;
      if (dto.volatility !== undefined) row.volatility = new Decimal(dto.volatility);
      if (dto.sortOrder !== undefined) row.sortOrder = dto.sortOrder;
      if (dto.status !== undefined) row.status = dto.status;
      const after = view(await repo.save(row));
      const changed = Object.keys(after).filter(
        (k) =>
          JSON.stringify(after[k as keyof typeof after]) !== JSON.stringify(before[k as keyof typeof before]),
      );
      if (changed.length > 0)
        await this.record(m, actor, 'instrument.update', row, { before, after, changed });
      return row;
    });
    await this.instruments.announceChange();
    return saved;
  }

  /**
   * What the admin API shows of an instrument (decimals as strings): `openNow` is its status and
   * hours, `tradableNow` what an order meets now (getMarketInfo's `tradable`: open, and a fresh
   * price that no bad tick paused; a new instrument is not tradable before its first tick).
   */
  async view(i: Instrument) {
    const openNow = this.instruments.isOpen(i);
    return { ...view(i), openNow, tradableNow: openNow && (await this.prices.hasUsablePrice(i)) };
  }

  private record(
    m: EntityManager,
    actor: AdminActor,
    action: string,
    row: Instrument,
    detail: Record<string, unknown>,
  ): Promise<void> {
    return this.audit.record(
      { adminId: actor.id, action, targetType: 'instrument', targetId: String(row.id), detail, ip: actor.ip },
      m,
    );
  }
}

function view(i: Instrument) {
  return {
    id: i.id,
    code: i.code,
    type: i.type,
    appName: i.appName,
    logo: i.logo,
    pricePrecision: i.pricePrecision,
    contractSize: i.contractSize.toFixed(),
    spread: i.spread.toFixed(),
    leverages: i.leverages,
    tradingHours: i.tradingHours,
    status: i.status,
    referencePrice: i.referencePrice.toFixed(),
    volatility: i.volatility.toFixed(),
    sortOrder: i.sortOrder,
    createdAt: i.createdAt,
  };
}

function hoursOf(value: unknown): TradingHours {
  const hours = parseTradingHours(value);
  if (!hours) throw AppException.field('tradingHours', 'validation.invalid');
  return hours;
}

function positive(field: string, value: string): void {
  if (new Decimal(value).lte(0)) throw AppException.field(field, 'validation.invalid');
}

/** 409 on the code field, the console showing it under the input. */
function codeTaken(code: string): AppException {
  return AppException.fieldConflict('code', 'validation.instrumentCodeTaken', { code });
}

function uniqueSorted(values: number[]): number[] {
  return [...new Set(values)].sort((a, b) => a - b);
}
