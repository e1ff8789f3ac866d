import { Inject, Injectable, Optional } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import Decimal from 'decimal.js';
import type { DataSource, Repository } from 'typeorm';
import { AdminAuditService } from '@app/accounts';
import {
  AppException,
  DEFAULT_LANGUAGE,
  ErrorCode,
  listPage,
  MARKET_PRICES,
  preparedQuery,
  TRADING_VOLUME,
  type Language,
  type ListQuery,
  type MarketPrices,
  type TradingVolumeReader,
  type VipLevelReader,
  type VipStanding,
} from '@app/common';
import type { AdminActor } from '../shared/admin-actor';
import { filterIds, intId } from '../shared/admin-list';
import { auditedWrite } from '../shared/db-errors';
import type { CreateLevelDto, UpdateLevelDto } from './dto/level.dto';
import { Level } from './entities/level.entity';

export const LEVEL_SORTABLE = ['level', 'name', 'minDeposit', 'minVolume', 'feeDiscount', 'updatedAt'];
const LEVEL_CURRENCY = 'USDT';
/** How long a process keeps the thresholds (an edit clears its own process at once; others follow within this). */
const THRESHOLDS_TTL_MS = 10_000;

function checkDiscount(value: string | undefined): void {
  if (value !== undefined && new Decimal(value).gt(1))
    throw AppException.field('feeDiscount', 'validation.invalid');
}

/**
 * VIP levels. What the thresholds measure (the seed's `min_deposit` / `min_volume`, both USDT):
 * - `min_deposit`: everything the user ever deposited to the real book (the ledger's `deposit`
 *   credits, i.e. approved recharges), each coin valued at the feed's last price against USDT;
 * - `min_volume`: the user's real-book trading volume (TRADING_VOLUME, from the orders service).
 * A user is at the highest level whose two minimums are BOTH reached (level 0 needs nothing). The
 * level is computed on read (user info, U-order fees), so an admin edit of the thresholds applies at
 * once in the process that made it and within THRESHOLDS_TTL_MS in the others (the thresholds are
 * read on every user info and real-book order: kept in memory like the system parameters). The
 * demo book never counts.
 */
@Injectable()
export class LevelsService implements VipLevelReader {
  constructor(
    @InjectRepository(Level) private readonly levels: Repository<Level>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AdminAuditService,
    @Optional() @Inject(TRADING_VOLUME) private readonly volume?: TradingVolumeReader,
    @Optional() @Inject(MARKET_PRICES) private readonly prices?: MarketPrices,
  ) {}

  private thresholds?: { rows: Promise<Level[]>; expiresAtMs: number };
  /** Bumped by every edit: a read that began before one is not kept. */
  private thresholdsEpoch = 0;

  /** Every level in order, from memory for THRESHOLDS_TTL_MS. */
  private levelsInOrder(): Promise<Level[]> {
    if (this.thresholds && this.thresholds.expiresAtMs > Date.now()) return this.thresholds.rows;
    const epoch = this.thresholdsEpoch;
    const rows = this.levels.find({ order: { level: 'ASC' } });
    const entry = { rows, expiresAtMs: Date.now() + THRESHOLDS_TTL_MS };
    this.thresholds = entry;
    const forget = () => {
      if (this.thresholds === entry) this.thresholds = undefined;
    };
    rows.then(() => epoch !== this.thresholdsEpoch && forget(), forget);
    return rows;
  }

  /** After an edit commits: the next read goes to the table. */
  private forgetThresholds<T>(result: Promise<T>): Promise<T> {
    const forget = () => {
      this.thresholdsEpoch++;
      this.thresholds = undefined;
    };
    return result.finally(forget);
  }

  async standingOf(userId: string): Promise<VipStanding> {
    const [rows, depositUsdt, volumeUsdt] = await Promise.all([
      this.levelsInOrder(),
      this.depositUsdt(userId),
      this.volume ? this.volume.realVolumeUsdt(userId) : Promise.resolve(new Decimal(0)),
    ]);
    let reached: Level | undefined;
    for (const l of rows) {
      if (depositUsdt.gte(l.minDeposit) && volumeUsdt.gte(l.minVolume)) reached = l;
    }
    return {
      level: reached?.level ?? 0,
      name: reached?.name ?? '',
      feeDiscount: reached?.feeDiscount ?? new Decimal(0),
      depositUsdt,
      volumeUsdt,
    };
  }

  /** Real-book deposits (ledger `deposit` credits to the user), in USDT at today's prices. */
  private async depositUsdt(userId: string): Promise<Decimal> {
    const rows = await preparedQuery<{ currency: string; amount: string }>(
      this.dataSource,
      'ledger_user_deposits',
      `SELECT a.currency, sum(t.amount)::text AS amount
         FROM ledger.accounts a
         JOIN ledger.transfers t ON t.credit_account_id = a.id
         JOIN ledger.journal j ON j.id = t.journal_id AND j.reason = 'deposit'
        WHERE a.owner_type = 'user' AND a.owner_id = $1 AND a.book = 'real'
        GROUP BY a.currency`,
      [userId],
    );
    let total = new Decimal(0);
    for (const r of rows) {
      const amount = new Decimal(r.amount);
      if (r.currency === LEVEL_CURRENCY) {
        total = total.plus(amount);
        continue;
      }
      try {
        const price = await this.prices?.lastPrice(`${r.currency}${LEVEL_CURRENCY}`);
        if (price) total = total.plus(amount.mul(price));
      } catch {
        // a coin without a USDT price is left out
      }
    }
    return total;
  }

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
    return listPage(qb, list, { field: 'level', order: 'ASC' });
  }

  async adminGet(level: number): Promise<Level> {
    const row = await this.levels.findOneBy({ level });
    if (!row) throw new AppException(ErrorCode.NotFound);
    return row;
  }

  create(dto: CreateLevelDto, actor: AdminActor): Promise<Level> {
    checkDiscount(dto.feeDiscount);
    return this.forgetThresholds(
      auditedWrite(this.dataSource, async (m) => {
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
      }),
    );
  }

  update(level: number, dto: UpdateLevelDto, actor: AdminActor): Promise<Level> {
    checkDiscount(dto.feeDiscount);
    return this.forgetThresholds(
      auditedWrite(this.dataSource, async (m) => {
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
      }),
    );
  }

  remove(level: number, actor: AdminActor): Promise<Level> {
    return this.forgetThresholds(
      auditedWrite(this.dataSource, async (m) => {
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
      }),
    );
  }
}
