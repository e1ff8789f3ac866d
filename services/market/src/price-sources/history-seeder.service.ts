import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Instrument } from '../instruments/entities/instrument.entity';
import { InstrumentsService } from '../instruments/instruments.service';
import { KlinesService, type KlineInsert } from '../klines/klines.service';
import { generateHistory } from './history';

// pg_advisory_xact_lock key of the history seeding ("mkth" in ASCII).
const HISTORY_LOCK = 0x6d6b7468;

/**
 * Writes the generated 30-day history once per database: a transaction-scoped advisory lock makes
 * concurrent boots wait, and a row in market.history_seeds per instrument says it is done.
 */
@Injectable()
export class HistorySeederService {
  private readonly logger = new Logger(HistorySeederService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly klines: KlinesService,
    private readonly catalogue: InstrumentsService,
  ) {}

  async ensure(instruments: readonly Instrument[], seed: number, now: Date): Promise<number> {
    const started = Date.now();
    let rows = 0;
    let gen = 0;
    await this.db.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock($1)`, [HISTORY_LOCK]);
      const done: { instrument_id: number }[] = await manager.query(
        `SELECT instrument_id FROM market.history_seeds`,
      );
      const seeded = new Set(done.map((r) => r.instrument_id));
      const missing = instruments.filter((i) => !seeded.has(i.id));
      if (missing.length === 0) return;
      let batch: KlineInsert[] = [];
      // One insert in flight while the next batch is generated: Postgres and Node share the work.
      let inFlight: Promise<void> = Promise.resolve();
      for (const instrument of missing) {
        const g0 = Date.now();
        const { candles } = generateHistory(
          {
            code: instrument.code,
            pricePrecision: instrument.pricePrecision,
            tradingHours: instrument.tradingHours,
            // No candles on the closures of its type (holidays): the charts show the market shut.
            closures: this.catalogue.closuresOf(instrument.type),
            volatility: instrument.volatility.toFixed(),
            startPrice: instrument.referencePrice.toFixed(),
          },
          seed,
          now.getTime(),
        );
        gen += Date.now() - g0;
        for (const c of candles) batch.push({ instrumentId: instrument.id, ...c });
        // Lets the pending insert reach Postgres while the next instrument is generated.
        await new Promise((resolve) => setImmediate(resolve));
        if (batch.length >= 20_000) {
          rows += batch.length;
          await inFlight;
          inFlight = this.klines.insertHistory(manager, batch);
          batch = [];
        }
      }
      rows += batch.length;
      await inFlight;
      await this.klines.insertHistory(manager, batch);
      await manager.query(
        `INSERT INTO market.history_seeds (instrument_id, until) SELECT unnest($1::int[]), $2 ON CONFLICT DO NOTHING`,
        [missing.map((i) => i.id), now.toISOString()],
      );
    });
    if (rows > 0)
      this.logger.log(`generated ${rows} history candles in ${Date.now() - started} ms gen ${gen}`);
    return rows;
  }
}
