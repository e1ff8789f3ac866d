import Decimal from 'decimal.js';

/** FNV-1a: a stable 32-bit seed from a text, so that each instrument has its own stream. */
export function hashSeed(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619) >>> 0;
  }
  return h >>> 0;
}

/** mulberry32: a small seeded PRNG with uniform output in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const YEAR_MS = 365 * 24 * 3600 * 1000;
// Pulls the walk back towards its anchor so that 30 days of history stay near realistic levels.
const MEAN_REVERSION_PER_YEAR = 2;

/**
 * A geometric random walk with mild mean reversion. The level is a JS number (the random draw);
 * every price that leaves the walk is a Decimal rounded to the instrument's precision.
 */
export class RandomWalk {
  private readonly random: () => number;
  private level: number;
  private readonly anchor: number;
  private spare: number | null = null;
  private readonly minimum: Decimal;

  constructor(
    seed: number,
    code: string,
    start: Decimal,
    private readonly volatility: number,
    private readonly precision: number,
  ) {
    this.random = mulberry32(hashSeed(`${seed}:${code}`));
    this.level = start.toNumber();
    this.anchor = this.level;
    this.minimum = new Decimal(1).div(new Decimal(10).pow(precision));
  }

  /** A standard normal draw (Box-Muller, both values used). */
  gaussian(): number {
    if (this.spare !== null) {
      const s = this.spare;
      this.spare = null;
      return s;
    }
    const u = 1 - this.random();
    const v = this.random();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spare = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  }

  uniform(): number {
    return this.random();
  }

  /** Advances the walk by `dtMs` and returns the new price. */
  step(dtMs: number): Decimal {
    return this.toPrice(this.advance(dtMs));
  }

  /** Advances the walk and returns the raw level (a random draw, not yet a price). */
  advance(dtMs: number): number {
    const dt = dtMs / YEAR_MS;
    const pull = -MEAN_REVERSION_PER_YEAR * Math.log(this.level / this.anchor) * dt;
    this.level *= Math.exp(pull + this.volatility * Math.sqrt(dt) * this.gaussian());
    return this.level;
  }

  price(): Decimal {
    return this.toPrice(this.level);
  }

  /** A level as a price: a Decimal rounded to the instrument's precision, never below one unit. */
  toPrice(level: number): Decimal {
    const price = new Decimal(level).toDecimalPlaces(this.precision);
    return price.lt(this.minimum) ? this.minimum : price;
  }
}
