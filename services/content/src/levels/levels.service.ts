import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import Decimal from 'decimal.js';
import type { DataSource, Repository } from 'typeorm';
import { AdminAuditService } from '@app/accounts';
import { AppException, DEFAULT_LANGUAGE, ErrorCode, type Language, type ListQuery } from '@app/common';
import type { AdminActor } from '../shared/admin-actor';
import { filterIds, intId } from '../shared/admin-list';
import { auditedWrite } from '../shared/db-errors';
import type { CreateLevelDto, UpdateLevelDto } from './dto/level.dto';
import { Level } from './entities/level.entity';

export const LEVEL_SORTABLE = ['level', 'name', 'minDeposit', 'minVolume', 'feeDiscount', 'updatedAt'];
const LEVEL_CURRENCY = 'USDT';

function checkDiscount(value: string | undefined): void {
  if (value !== undefined && new Decimal(value).gt(1))
    throw AppException.field('feeDiscount', 'validation.invalid');
}

@Injectable()
export class LevelsService {
  constructor(
    @InjectRepository(Level) private readonly levels: Repository<Level>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AdminAuditService,
  ) {}

  /** Every level in order, thresholds as `{ amount, currency }`, benefits in the caller's language. */
  async listForCustomers(language: Language) {
    const rows = await this.levels.find({ order: { level: 'ASC' } });
    return rows.map((l) => ({
      level: l.level,
      name: l.name,
      minDeposit: { amount: l.minDeposit.toFixed(), currency: LEVEL_CURRENCY },
      minVolume: { amount: l.minVolume.toFixed(), currency: LEVEL_CURRENCY },
      feeDiscount: l.feeDiscount.toFixed(),
      benefits: l.benefits[language] ?? l.benefits[DEFAULT_LANGUAGE] ?? '',
    }));
  }

  // --- admin ---

  view(l: Level) {
    return {
      id: l.level,
      level: l.level,
      name: l.name,
      minDeposit: l.minDeposit.toFixed(),
      minVolume: l.minVolume.toFixed(),
      feeDiscount: l.feeDiscount.toFixed(),
      benefits: l.benefits,
      updatedAt: l.updatedAt,
    };
  }

  async adminList(list: ListQuery): Promise<[Level[], number]> {
    const qb = this.levels.createQueryBuilder('l');
    const ids = filterIds(list.filter.id, intId);
    if (ids) qb.andWhere('l.level IN (:...ids)', { ids: ids.length ? ids : [-1] });
    return qb
      .orderBy(`l.${list.sort.field}`, list.sort.order)
      .addOrderBy('l.level', 'ASC')
      .skip(list.offset)
      .take(list.limit)
      .getManyAndCount();
  }

  async adminGet(level: number): Promise<Level> {
    const row = await this.levels.findOneBy({ level });
    if (!row) throw new AppException(ErrorCode.NotFound);
    return row;
  }

  create(dto: CreateLevelDto, actor: AdminActor): Promise<Level> {
    checkDiscount(dto.feeDiscount);
    return auditedWrite(this.dataSource, async (m) => {
      // insert, not save: an existing level must answer 409 rather than be overwritten.
      await m.insert(Level, {
        level: dto.level,
        name: dto.name,
        minDeposit: new Decimal(dto.minDeposit),
        minVolume: new Decimal(dto.minVolume),
        feeDiscount: new Decimal(dto.feeDiscount),
        benefits: dto.benefits,
      });
      await this.audit.record(
        {
          adminId: actor.id,
          action: 'level.created',
          targetType: 'level',
          targetId: String(dto.level),
          detail: {
            name: dto.name,
            minDeposit: dto.minDeposit,
            minVolume: dto.minVolume,
            feeDiscount: dto.feeDiscount,
          },
          ip: actor.ip,
        },
        m,
      );
      return m.findOneByOrFail(Level, { level: dto.level });
    });
  }

  update(level: number, dto: UpdateLevelDto, actor: AdminActor): Promise<Level> {
    checkDiscount(dto.feeDiscount);
    return auditedWrite(this.dataSource, async (m) => {
      const row = await m.findOne(Level, { where: { level }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw new AppException(ErrorCode.NotFound);
      const detail: Record<string, unknown> = {};
      if (dto.name !== undefined && dto.name !== row.name) {
        detail.name = { before: row.name, after: dto.name };
        row.name = dto.name;
      }
      for (const field of ['minDeposit', 'minVolume', 'feeDiscount'] as const) {
        const next = dto[field];
        if (next !== undefined && !new Decimal(next).eq(row[field])) {
          detail[field] = { before: row[field].toFixed(), after: new Decimal(next).toFixed() };
          row[field] = new Decimal(next);
        }
      }
      if (dto.benefits !== undefined) {
        detail.benefits = true;
        row.benefits = dto.benefits;
      }
      const saved = Object.keys(detail).length ? await m.save(row) : row;
      await this.audit.record(
        {
          adminId: actor.id,
          action: 'level.updated',
          targetType: 'level',
          targetId: String(level),
          detail,
          ip: actor.ip,
        },
        m,
      );
      return saved;
    });
  }

  remove(level: number, actor: AdminActor): Promise<Level> {
    return auditedWrite(this.dataSource, async (m) => {
      const row = await m.findOne(Level, { where: { level }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw new AppException(ErrorCode.NotFound);
      await m.delete(Level, { level });
      await this.audit.record(
        {
          adminId: actor.id,
          action: 'level.deleted',
          targetType: 'level',
          targetId: String(level),
          detail: { name: row.name },
          ip: actor.ip,
        },
        m,
      );
      return row;
    });
  }
}
