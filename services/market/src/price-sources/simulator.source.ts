import Decimal from 'decimal.js';
import { isOpenAt, type Clock } from '../instruments/trading-hours';
import type { PriceSource, SourceInstrument, TickListener } from './price-source';
import { RandomWalk } from './random-walk';

/**
 * The default source: a seeded random walk per instrument with its own volatility, ticking every
 * `tickMs` while the instrument's market is open (in its hours, on no closure of its type).
 */
export class SimulatorPriceSource implements PriceSource {
  readonly name = 'simulator';
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly seed: number,
    private readonly tickMs: number,
    private readonly clock: Clock,
  ) {}

  async start(instruments: SourceInstrument[], onTick: TickListener): Promise<void> {
    const walks = instruments.map((i) => ({
      instrument: i,
      walk: new RandomWalk(
        this.seed,
        i.code,
        new Decimal(i.startPrice),
        Number(i.volatility),
        i.pricePrecision,
      ),
    }));
    this.timer = setInterval(() => {
      const now = this.clock.now();
      for (const { instrument, walk } of walks) {
        if (!isOpenAt(instrument.tradingHours, now, instrument.closures)) continue;
        onTick({ code: instrument.code, price: walk.step(this.tickMs).toFixed(), ts: now.getTime() });
      }
    }, this.tickMs);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
