import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import Decimal from 'decimal.js';
import type { DataSource, Repository } from 'typeorm';
import { AdminAuditService } from '@app/accounts';
import { AppException, ErrorCode, listPage, type ListQuery } from '@app/common';
import type { AdminActor } from '../shared/admin-actor';
import { filterIds } from '../shared/admin-list';
import { auditedWrite } from '../shared/db-errors';
import { DECIMAL_PATTERN } from '../shared/validators';
import { boundsOf, withinBounds } from './parameter-bounds';
import type { UpdateParameterDto } from './dto/parameter.dto';
import { SystemParameter, type ParameterKind } from './entities/system-parameter.entity';
import { PUBLIC_PARAMETER_KEYS } from './public-parameters';

/** Other processes (scale-out) see an admin change at most this late; this one sees it at once. */
const CACHE_TTL_MS = 10_000;
export const PARAMETER_SORTABLE = ['key', 'updatedAt'];
const KEY_PATTERN = /^[A-Za-z0-9_]{1,64}$/;

/**
 * Runtime settings (fees, minimums, loan rates, ...) read by every service. Values are text in the
 * table; getDecimal answers Decimal for amounts and rates. A missing key is code 10018.
 */
@Injectable()
export class SystemParametersService {
  private readonly cache = new Map<string, { value: string | undefined; expires: number }>();
  /**
   * Bumped by every invalidation (after an admin change commits): a read that began before one may
   * have read the old value, and does not put it in the cache (as LevelsService's thresholds epoch).
   */
  private generation = 0;

  constructor(
    @InjectRepository(SystemParameter) private readonly params: Repository<SystemParameter>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AdminAuditService,
  ) {}

  /** The value, or undefined when the key does not exist. */
  async find(key: string): Promise<string | undefined> {
    const hit = this.cache.get(key);
    if (hit && hit.expires > Date.now()) return hit.value;
    const generation = this.generation;
    const row = await this.params.findOneBy({ key });
    if (generation === this.generation)
      this.cache.set(key, { value: row?.value, expires: Date.now() + CACHE_TTL_MS });
    return row?.value;
  }

  async get(key: string): Promise<string> {
    const value = await this.find(key);
    if (value === undefined) throw new AppException(ErrorCode.SystemParameterFailed);
    return value;
  }

  async getDecimal(key: string): Promise<Decimal> {
    const value = await this.get(key);
    if (!DECIMAL_PATTERN.test(value)) throw new AppException(ErrorCode.SystemParameterFailed);
    return new Decimal(value);
  }

  /** getParamByKey: only whitelisted keys; an unknown or internal key is the same 10018. */
  async getPublic(key: string): Promise<{ paramKey: string; paramValue: string }> {
    if (!KEY_PATTERN.test(key)) throw AppException.field('key', 'validation.invalid');
    if (!PUBLIC_PARAMETER_KEYS.has(key)) throw new AppException(ErrorCode.SystemParameterFailed);
    return { paramKey: key, paramValue: await this.get(key) };
  }

  invalidate(key?: string): void {
    this.generation++;
    if (key === undefined) this.cache.clear();
    else this.cache.delete(key);
  }

  // --- admin ---

  view(p: SystemParameter) {
    return {
      id: p.key,
      key: p.key,
      value: p.value,
      kind: p.kind,
      description: p.description,
      public: PUBLIC_PARAMETER_KEYS.has(p.key),
      updatedAt: p.updatedAt,
    };
  }

  async adminList(list: ListQuery): Promise<[SystemParameter[], number]> {
    const qb = this.params.createQueryBuilder('p');
    const f = list.filter;
    const keys = filterIds(f.id, (v) => (typeof v === 'string' ? v : undefined));
    if (keys) qb.andWhere('p.key IN (:...keys)', { keys: keys.length ? keys : [''] });
    if (typeof f.kind === 'string') qb.andWhere('p.kind = :kind', { kind: f.kind });
    if (typeof f.q === 'string' && f.q) {
      qb.andWhere('(p.key ILIKE :q OR p.description ILIKE :q)', { q: `%${f.q.replace(/[%_\\]/g, '\\$&')}%` });
    }
    return listPage(qb, list, { field: 'key', order: 'ASC' });
  }

  async adminGet(key: string): Promise<SystemParameter> {
    const row = KEY_PATTERN.test(key) ? await this.params.findOneBy({ key }) : null;
    if (!row) throw new AppException(ErrorCode.NotFound);
    return row;
  }

  async update(key: string, dto: UpdateParameterDto, actor: AdminActor): Promise<SystemParameter> {
    if (!KEY_PATTERN.test(key)) throw new AppException(ErrorCode.NotFound);
    const saved = await auditedWrite(this.dataSource, async (m) => {
      const row = await m.findOne(SystemParameter, { where: { key }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw new AppException(ErrorCode.NotFound);
      const value = dto.value ?? row.value;
      if (dto.value !== undefined) {
        checkValue(row.kind, value);
        checkBounds(key, value);
      }
      const before = row.value;
      const descriptionBefore = row.description;
      row.value = value;
      if (dto.description !== undefined) row.description = dto.description;
      const after = await m.save(row);
      await this.audit.record(
        {
          adminId: actor.id,
          action: 'parameter.updated',
          targetType: 'system_parameter',
          targetId: key,
          detail: {
            before,
            after: after.value,
            ...(after.description !== descriptionBefore
              ? { descriptionBefore, descriptionAfter: after.description }
              : {}),
          },
          ip: actor.ip,
        },
        m,
      );
      return after;
    });
    // After the commit, so that no reader caches the old value again in between.
    this.invalidate(key);
    return saved;
  }
}

/** Refuses a value outside the parameter's range, telling the range. */
function checkBounds(key: string, value: string): void {
  const bounds = boundsOf(key);
  if (!bounds || withinBounds(value, bounds)) return;
  // Written as an inequality ("0 < x ≤ 10"), which reads the same in every language.
  const low = `${bounds.min} ${bounds.minExclusive ? '<' : '≤'} x`;
  const range = bounds.max === undefined ? low : `${low} ${bounds.maxExclusive ? '<' : '≤'} ${bounds.max}`;
  throw AppException.field('value', 'validation.parameterRange', { range });
}

/** Refuses a value that the readers of this kind of parameter could not use. */
function checkValue(kind: ParameterKind, value: string): void {
  let ok: boolean;
  switch (kind) {
    case 'decimal':
      ok = DECIMAL_PATTERN.test(value);
      break;
    case 'ratio':
      ok = DECIMAL_PATTERN.test(value) && new Decimal(value).lte(1);
      break;
    case 'integer':
      ok = /^\d{1,9}$/.test(value);
      break;
    case 'url':
      ok = /^(https?:\/\/[^\s<>"']+|\/[^\s<>"']*)$/.test(value);
      break;
    case 'text':
      ok = value.length > 0;
      break;
  }
  if (!ok) throw AppException.field('value', 'validation.invalid');
}
