import Decimal from 'decimal.js';

/**
 * Decimal amounts <-> the integer units of the matching engine. A price must be a whole number of
 * ticks and a quantity a whole number of lots; anything else is refused, never rounded.
 */
export class PairUnits {
  private readonly tick: Decimal;
  private readonly lot: Decimal;

  constructor(tickSize: Decimal.Value, lotSize: Decimal.Value) {
    this.tick = new Decimal(tickSize);
    this.lot = new Decimal(lotSize);
    if (this.tick.lte(0) || this.lot.lte(0)) throw new Error('tick and lot sizes must be positive');
  }

  /** Ticks of a price, or null when the price is not a positive multiple of the tick size. */
  priceToTicks(price: Decimal.Value): number | null {
    return PairUnits.units(new Decimal(price), this.tick);
  }

  quantityToLots(quantity: Decimal.Value): number | null {
    return PairUnits.units(new Decimal(quantity), this.lot);
  }

  ticksToPrice(ticks: number): Decimal {
    return this.tick.times(ticks);
  }

  lotsToQuantity(lots: number): Decimal {
    return this.lot.times(lots);
  }

  /** Quote amount of `lots` at `ticks`: price x quantity. */
  notional(ticks: number, lots: number): Decimal {
    return this.tick.times(ticks).times(this.lot.times(lots));
  }

  /** Quote units (ticks x lots) that a quote amount buys at most, floored. */
  quoteToUnits(quote: Decimal.Value): number {
    const units = new Decimal(quote).div(this.tick.times(this.lot)).floor();
    if (!units.lte(Number.MAX_SAFE_INTEGER)) throw new Error('quote amount too large');
    return units.toNumber();
  }

  private static units(value: Decimal, step: Decimal): number | null {
    if (!value.isFinite() || value.lte(0)) return null;
    const units = value.div(step);
    if (!units.isInteger() || units.gt(Number.MAX_SAFE_INTEGER)) return null;
    return units.toNumber();
  }
}
