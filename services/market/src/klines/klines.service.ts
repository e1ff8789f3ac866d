import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Decimal from 'decimal.js';
import type { DataSource, EntityManager } from 'typeorm';
import { CandleAggregator, type PendingCandle } from './candle-aggregator';
import type { KlinePeriod } from './kline-period';

export interface KlineRow {
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

export interface KlineInsert {
  instrumentId: number;
  period: KlinePeriod;
  openTime: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

const FLUSH_MS = 1000;
/**
 * How many flushes in a row may fail before their candles are given up (five minutes): a failover
 * or a connection lost for a moment loses no candle, a database that refuses them for good does
 * not make the batch grow without end.
 */
const MAX_FAILED_FLUSHES = 300;
const UNNEST = `SELECT * FROM unnest($1::int[], $2::text[], $3::timestamptz[], $4::numeric[], $5::numeric[],
  $6::numeric[], $7::numeric[], $8::numeric[])`;

/**
 * Candles from ticks: aggregated in memory and upserted once a second in one statement (not one
 * query per tick per period). Rows go in key order so that concurrent writers never deadlock.
 */
@Injectable()
export class KlinesService implements OnModuleDestroy {
  private readonly aggregator = new CandleAggregator();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private closed = false;
  private failedFlushes = 0;
  private readonly logger = new Logger(KlinesService.name);

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  record(instrumentId: number, price: Decimal, ts: number): void {
    this.aggregator.add({ instrumentId, price, ts });
    if (!this.closed) this.timer ??= setInterval(() => void this.flush(), FLUSH_MS);
  }

  /**
   * Writes the pending candles; serialized so that batches land in order. A batch the database
   * refused is put back and written with the next flush (the catch-up of stop-losses after an
   * outage reads these candles).
   */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      const batch = this.aggregator.drain();
      if (batch.length === 0) return;
      try {
        await this.upsert(batch);
        this.failedFlushes = 0;
      } catch (error) {
        this.failedFlushes += 1;
        if (this.failedFlushes < MAX_FAILED_FLUSHES) {
          this.aggregator.restore(batch);
          this.logger.warn(`kline flush failed, kept for the next one: ${(error as Error).message}`);
        } else {
          this.failedFlushes = 0;
          this.logger.error(
            `kline flush failed ${MAX_FAILED_FLUSHES} times, ${batch.length} candles dropped: ${(error as Error).message}`,
          );
        }
      }
    });
    return this.flushing;
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private async upsert(batch: PendingCandle[]): Promise<void> {
    const rows = [...batch].sort(
      (a, b) =>
        a.instrumentId - b.instrumentId || a.period.localeCompare(b.period) || a.openTime - b.openTime,
    );
    await this.db.query(
      `INSERT INTO market.klines AS k (instrument_id, period, open_time, open, high, low, close, volume) ${UNNEST}
       ON CONFLICT (instrument_id, period, open_time) DO UPDATE SET
         high = GREATEST(k.high, EXCLUDED.high),
         low = LEAST(k.low, EXCLUDED.low),
         close = EXCLUDED.close,
         volume = k.volume + EXCLUDED.volume`,
      columns(
        rows.map((r) => ({
          ...r,
          open: r.open.toFixed(),
          high: r.high.toFixed(),
          low: r.low.toFixed(),
          close: r.close.toFixed(),
          volume: r.volume.toFixed(),
        })),
      ),
    );
  }

  /** Bulk insert of generated history; existing candles win. */
  async insertHistory(manager: EntityManager, rows: KlineInsert[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 20_000) {
      await manager.query(
        `INSERT INTO market.klines (instrument_id, period, open_time, open, high, low, close, volume) ${UNNEST}
         ON CONFLICT DO NOTHING`,
        columns(rows.slice(i, i + 20_000)),
      );
    }
  }

  async range(
    instrumentId: number,
    period: KlinePeriod,
    from: Date,
    to: Date,
    limit: number,
  ): Promise<KlineRow[]> {
    const rows: { t: string; open: string; high: string; low: string; close: string; volume: string }[] =
      await this.db.query(
        `SELECT (extract(epoch FROM open_time) * 1000)::bigint::text AS t, open::text, high::text, low::text,
                close::text, volume::text
           FROM market.klines
          WHERE instrument_id = $1 AND period = $2 AND open_time >= $3 AND open_time <= $4
          ORDER BY open_time DESC LIMIT $5`,
        [instrumentId, period, from.toISOString(), to.toISOString(), limit],
      );
    // Newest `limit` candles, returned oldest first as charts draw them.
    return rows.reverse().map((r) => ({
      time: Number(r.t),
      open: new Decimal(r.open).toFixed(),
      high: new Decimal(r.high).toFixed(),
      low: new Decimal(r.low).toFixed(),
      close: new Decimal(r.close).toFixed(),
      volume: new Decimal(r.volume).toFixed(),
    }));
  }

  /**
   * Per instrument, the close of the last 1-minute candle opened at or before `at` (within 7 days):
   * one backward step of the primary key per instrument, not every candle of the week.
   */
  async closesAt(at: Date): Promise<Map<number, Decimal>> {
    const rows: { instrument_id: number; close: string }[] = await this.db.query(
      `SELECT i.id AS instrument_id, k.close::text AS close
         FROM market.instruments i
         CROSS JOIN LATERAL (
           SELECT close FROM market.klines
            WHERE instrument_id = i.id AND period = '1m'
              AND open_time <= $1 AND open_time > $1::timestamptz - interval '7 days'
            ORDER BY open_time DESC LIMIT 1) k`,
      [at.toISOString()],
    );
    return new Map(rows.map((r) => [r.instrument_id, new Decimal(r.close)]));
  }

  /**
   * Deletes the 1-minute candles opened before `before`, instrument by instrument in batches of
   * `batch` rows (short transactions, no long lock on the table); the coarser candles stay.
   * Answers how many were deleted.
   */
  async purgeMinuteCandles(before: Date, batch = 10_000): Promise<number> {
    const instruments: { id: number }[] = await this.db.query(
      `SELECT id FROM market.instruments ORDER BY id`,
    );
    let deleted = 0;
    for (const { id } of instruments) {
      for (;;) {
        // TypeORM answers a DELETE with [rows, affected count].
        const [, count] = await this.db.query<[unknown[], number]>(
          `DELETE FROM market.klines
            WHERE instrument_id = $1 AND period = '1m' AND open_time IN (
              SELECT open_time FROM market.klines
               WHERE instrument_id = $1 AND period = '1m' AND open_time < $2
               ORDER BY open_time LIMIT $3)`,
          [id, before.toISOString(), batch],
        );
        deleted += count;
        if (count < batch) break;
      }
    }
    return deleted;
  }

  /** The last 1-minute candle of an instrument opened at or before `at` (its open time and close). */
  async closeAt(instrumentId: number, at: Date): Promise<{ openTime: Date; close: Decimal } | null> {
    const [row]: { open_time: Date; close: string }[] = await this.db.query(
      `SELECT open_time, close::text FROM market.klines
        WHERE instrument_id = $1 AND period = '1m' AND open_time <= $2
        ORDER BY open_time DESC LIMIT 1`,
      [instrumentId, at.toISOString()],
    );
    return row ? { openTime: new Date(row.open_time), close: new Decimal(row.close) } : null;
  }

  /** The 1-minute candles of an instrument whose minute overlaps [from, to], oldest first. */
  async minuteCandles(instrumentId: number, from: Date, to: Date) {
    const rows: { open_time: Date; open: string; high: string; low: string; close: string }[] =
      await this.db.query(
        `SELECT open_time, open::text, high::text, low::text, close::text FROM market.klines
          WHERE instrument_id = $1 AND period = '1m'
            AND open_time > $2::timestamptz - interval '1 minute' AND open_time <= $3
          ORDER BY open_time`,
        [instrumentId, from.toISOString(), to.toISOString()],
      );
    return rows.map((r) => ({
      openTime: new Date(r.open_time),
      open: new Decimal(r.open),
      high: new Decimal(r.high),
      low: new Decimal(r.low),
      close: new Decimal(r.close),
    }));
  }

  /**
   * The last `count` closes of an instrument, oldest first: of its 1-minute candles, else of the
   * finest period it has. The generated history has 1-minute candles for its last day only (5-minute
   * and hourly bars before it), so a market closed all that day (a stock on a Saturday night, forex
   * on a Sunday) has its last price in the coarser bars; 1-minute ones past their retention too.
   */
  async recentCloses(instrumentId: number, count: number): Promise<Decimal[]> {
    const rows: { close: string }[] = await this.db.query(
      `SELECT close::text FROM market.klines
        WHERE instrument_id = $1
          AND period = (SELECT k.period FROM unnest(ARRAY['1m', '5m', '1h', '1d']) WITH ORDINALITY AS p(period, n)
                          CROSS JOIN LATERAL (SELECT period FROM market.klines
                                               WHERE instrument_id = $1 AND period = p.period LIMIT 1) k
                         ORDER BY p.n LIMIT 1)
        ORDER BY open_time DESC LIMIT $2`,
      [instrumentId, count],
    );
    return rows.reverse().map((r) => new Decimal(r.close));
  }
}

function columns(rows: KlineInsert[]): unknown[] {
  return [
    rows.map((r) => r.instrumentId),
    rows.map((r) => r.period),
    rows.map((r) => new Date(r.openTime).toISOString()),
    rows.map((r) => r.open),
    rows.map((r) => r.high),
    rows.map((r) => r.low),
    rows.map((r) => r.close),
    rows.map((r) => r.volume),
  ];
}
