import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  AdminAuth,
  AdminRole,
  APP_CONFIG,
  AppException,
  ErrorCode,
  parseListQuery,
  setContentRange,
  type AppConfig,
} from '@app/common';
import type { Instrument } from '../instruments/entities/instrument.entity';
import { InstrumentsService } from '../instruments/instruments.service';
import { MarketDataService } from '../prices/market-data.service';
import { parseSourceRules, type SourceName } from './source-assignment';

const SORTABLE = ['id', 'code', 'type', 'status', 'source'] as const;

/** One instrument and the price source that feeds it under the deployment's MARKET_SOURCES. */
export interface PriceSourceRow {
  id: number;
  code: string;
  appName: string;
  type: number;
  status: string;
  /** The feeding source, null when no rule matches (suspended instruments are fed too). */
  source: SourceName | null;
  /** The MARKET_SOURCES entry that matched (the first match wins), null when none. */
  rule: string | null;
  /** The whole MARKET_SOURCES setting, for the console to show where the assignment comes from. */
  setting: string;
  lastPrice: string | null;
}

/**
 * Which price source feeds which instrument, for operators (read-only). The assignment is the
 * deployment setting MARKET_SOURCES (`<source>:<selector>` entries, first match wins), read by the
 * feeder at start and after every catalogue change; it is shown here, not edited.
 */
@ApiTags('admin market')
@Controller('swx/admin/priceSources')
@AdminAuth(AdminRole.Operator)
export class AdminPriceSourcesController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly instruments: InstrumentsService,
    private readonly market: MarketDataService,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      'Instruments with the price source feeding each (range, sort, filter {source, status, q}); from MARKET_SOURCES, read-only',
  })
  async list(@Query() query: Record<string, string>, @Res({ passthrough: true }) reply: FastifyReply) {
    const list = parseListQuery(query, SORTABLE, { field: 'id', order: 'ASC' });
    const { source, status, q } = list.filter as { source?: unknown; status?: unknown; q?: unknown };
    if (q !== undefined && (typeof q !== 'string' || q.length > 60))
      throw AppException.field('filter', 'validation.invalid');
    let rows = this.instruments.everything().map((i) => this.assignment(i));
    if (source !== undefined)
      rows = rows.filter((r) => (source === 'none' ? !r.source : r.source === source));
    if (status !== undefined) rows = rows.filter((r) => r.status === status);
    if (typeof q === 'string' && q !== '') {
      const needle = q.toUpperCase();
      rows = rows.filter((r) => r.code.includes(needle) || r.appName.toUpperCase().includes(needle));
    }
    const { field, order } = list.sort;
    const key = field as (typeof SORTABLE)[number];
    rows.sort((a, b) => {
      const x = a[key] ?? '';
      const y = b[key] ?? '';
      const cmp = x < y ? -1 : x > y ? 1 : a.id - b.id;
      return order === 'ASC' ? cmp : -cmp;
    });
    const page = rows.slice(list.offset, list.offset + list.limit);
    for (const row of page) row.lastPrice = await this.price(row.code);
    setContentRange(reply, 'priceSources', list.offset, page.length, rows.length);
    return page;
  }

  @Get(':id')
  @ApiOperation({ summary: 'One instrument with its price source' })
  async one(@Param('id') id: string) {
    const found = /^\d{1,9}$/.test(id)
      ? this.instruments.everything().find((i) => i.id === Number(id))
      : undefined;
    if (!found) throw new AppException(ErrorCode.NotFound);
    const row = this.assignment(found);
    row.lastPrice = await this.price(row.code);
    return row;
  }

  private assignment(i: Instrument): PriceSourceRow {
    const setting = this.config.MARKET_SOURCES;
    const base = {
      id: i.id,
      code: i.code,
      appName: i.appName,
      type: Number(i.type),
      status: i.status,
      setting,
      lastPrice: null,
    };
    const text = setting.trim();
    const entries = text === '' || text === 'none' ? [] : text.split(';');
    for (const entry of entries) {
      const [rule] = parseSourceRules(entry);
      if (rule?.matches(i)) return { ...base, source: rule.source, rule: entry.trim() };
    }
    return { ...base, source: null, rule: null };
  }

  private async price(code: string): Promise<string | null> {
    const instrument = this.instruments.findByCode(code);
    if (!instrument) return null;
    const last = await this.market.lastPrice(instrument).catch(() => null);
    return last ? last.toFixed() : null;
  }
}
