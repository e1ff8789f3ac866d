import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Not, QueryFailedError, type DataSource, type EntityManager } from 'typeorm';
import { AdminAuditService } from '@app/accounts';
import { AppException, ErrorCode, listPage, type ListQuery } from '@app/common';
import type { AdminActor } from './admin-instruments.service';
import { isCalendarDate } from './closures';
import type { CreateClosureDto, UpdateClosureDto } from './dto/admin-closure.dto';
import { MarketClosure } from './entities/market-closure.entity';
import { INSTRUMENT_TYPES } from './instrument-type';
import { InstrumentsService } from './instruments.service';

export const CLOSURE_SORTABLE = ['id', 'day', 'type', 'name', 'createdAt'];

/**
 * The market closures for operators (closures.ts): create, edit and delete, audited. Every process
 * reads the calendars again after a change (with the catalogue), and the feeder restarts its
 * sources with them: orders, the simulator and the market info follow at once.
 */
@Injectable()
export class AdminClosuresService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AdminAuditService,
    private readonly instruments: InstrumentsService,
  ) {}

  async list(query: ListQuery): Promise<[MarketClosure[], number]> {
    const qb = this.db.getRepository(MarketClosure).createQueryBuilder('c');
    const { type, from, to, q } = query.filter;
    if (type !== undefined) {
      if (!(INSTRUMENT_TYPES as readonly number[]).includes(Number(type)))
        throw AppException.field('filter', 'validation.invalid');
      qb.andWhere('c.type = :type', { type: Number(type) });
    }
    if (from !== undefined) {
      if (!isCalendarDate(from)) throw AppException.field('filter', 'validation.invalid');
      qb.andWhere('c.day >= :from', { from });
    }
    if (to !== undefined) {
      if (!isCalendarDate(to)) throw AppException.field('filter', 'validation.invalid');
      qb.andWhere('c.day <= :to', { to });
    }
    if (q !== undefined) {
      if (typeof q !== 'string' || q.length > 100) throw AppException.field('filter', 'validation.invalid');
      qb.andWhere('c.name ILIKE :like', { like: `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` });
    }
    return listPage(qb, query, [
      { field: 'type', order: 'ASC' },
      { field: 'id', order: 'ASC' },
    ]);
  }

  async get(id: number): Promise<MarketClosure> {
    const found = await this.db.getRepository(MarketClosure).findOneBy({ id });
    if (!found) throw new AppException(ErrorCode.NotFound);
    return found;
  }

  async create(dto: CreateClosureDto, actor: AdminActor): Promise<MarketClosure> {
    if (!isCalendarDate(dto.day)) throw AppException.field('day', 'validation.invalid');
    const saved = await this.db
      .transaction(async (m) => {
        const repo = m.getRepository(MarketClosure);
        if (await repo.existsBy({ type: dto.type, day: dto.day })) throw dayTaken(dto.day);
        const row = await repo.save(
          repo.create({ type: dto.type, day: dto.day, closesAt: dto.closesAt ?? null, name: dto.name }),
        );
        await this.record(m, actor, 'market-closure.create', row, { after: view(row) });
        return row;
      })
      .catch(uniqueDay(dto.day));
    await this.instruments.announceChange();
    return saved;
  }

  async update(id: number, dto: UpdateClosureDto, actor: AdminActor): Promise<MarketClosure> {
    if (dto.day !== undefined && !isCalendarDate(dto.day))
      throw AppException.field('day', 'validation.invalid');
    let day = dto.day ?? '';
    const saved = await this.db
      .transaction(async (m) => {
        const repo = m.getRepository(MarketClosure);
        const row = await repo.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
        if (!row) throw new AppException(ErrorCode.NotFound);
        const before = view(row);
        if (dto.type !== undefined) row.type = dto.type;
        if (dto.day !== undefined) row.day = dto.day;
        if (dto.closesAt !== undefined) row.closesAt = dto.closesAt;
        if (dto.name !== undefined) row.name = dto.name;
        day = row.day;
        const after = view(row);
        const changed = (Object.keys(after) as (keyof typeof after)[]).filter(
          (k) => k !== 'updatedAt' && JSON.stringify(after[k]) !== JSON.stringify(before[k]),
        );
        if (changed.length === 0) return row;
        if (
          (changed.includes('type') || changed.includes('day')) &&
          (await repo.existsBy({ type: row.type, day: row.day, id: Not(id) }))
        )
          throw dayTaken(row.day);
        const stored = await repo.save(row);
        await this.record(m, actor, 'market-closure.update', stored, {
          before,
          after: view(stored),
          changed,
        });
        return stored;
      })
      .catch((error: unknown) => uniqueDay(day)(error));
    await this.instruments.announceChange();
    return saved;
  }

  /** Deletes the closure (audited) and answers it, as ra-data-simple-rest expects. */
  async remove(id: number, actor: AdminActor): Promise<ReturnType<typeof view>> {
    const removed = await this.db.transaction(async (m) => {
      const repo = m.getRepository(MarketClosure);
      const row = await repo.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw new AppException(ErrorCode.NotFound);
      const before = view(row);
      await repo.delete({ id });
      await this.record(m, actor, 'market-closure.delete', row, { before });
      return before;
    });
    await this.instruments.announceChange();
    return removed;
  }

  private record(
    m: EntityManager,
    actor: AdminActor,
    action: string,
    row: MarketClosure,
    detail: Record<string, unknown>,
  ): Promise<void> {
    return this.audit.record(
      {
        adminId: actor.id,
        action,
        targetType: 'market-closure',
        targetId: String(row.id),
        detail,
        ip: actor.ip,
      },
      m,
    );
  }
}

/** What the admin API shows of a closure. */
export function view(c: MarketClosure) {
  return {
    id: c.id,
    type: Number(c.type),
    day: c.day,
    closesAt: c.closesAt,
    name: c.name,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

/** 409 on the day field: the market already has a closure that day. */
function dayTaken(day: string): AppException {
  return AppException.fieldConflict('day', 'validation.closureDayTaken', { day });
}

/** Two operators adding one market's day at once: the unique index has the last word. */
function uniqueDay(day: string) {
  return (error: unknown): never => {
    if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === '23505')
      throw dayTaken(day);
    throw error;
  };
}
