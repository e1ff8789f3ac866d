import type Decimal from 'decimal.js';

/**
 * A user's VIP level and what it measures. A level is reached when the user's real-book deposits
 * AND real-book trading volume (both valued in USDT) reach its `min_deposit` and `min_volume`.
 */
export interface VipStanding {
  level: number;
  name: string;
  /** Share of the trading fee waived, 0..1 (0.05 = 5% off). */
  feeDiscount: Decimal;
  /** Everything ever deposited to the real book (approved deposits), in USDT at today's prices. */
  depositUsdt: Decimal;
  /** Real-book trading volume (U-order notional, options stakes, spot turnover), in USDT. */
  volumeUsdt: Decimal;
}

/** Reads a user's VIP level from the level thresholds; the content service (owner of the levels) provides it. */
export interface VipLevelReader {
  standingOf(userId: string): Promise<VipStanding>;
}

export const VIP_LEVEL = Symbol('VIP_LEVEL');

/** A user's real-book trading volume in USDT; the orders service (owner of the orders) provides it. */
export interface TradingVolumeReader {
  realVolumeUsdt(userId: string): Promise<Decimal>;
}

export const TRADING_VOLUME = Symbol('TRADING_VOLUME');
