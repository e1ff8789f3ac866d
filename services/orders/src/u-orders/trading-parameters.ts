import { Inject, Injectable, Optional } from '@nestjs/common';
import Decimal from 'decimal.js';
import {
  AppException,
  ErrorCode,
  KYC_TIER,
  SYSTEM_PARAMETERS,
  VIP_LEVEL,
  type Book,
  type KycTier,
  type KycTierReader,
  type SystemParameterReader,
  type VipLevelReader,
} from '@app/common';

/** Opening fee of U orders, percent of the notional, when `fee_rate_u_order` is not set. */
export const DEFAULT_U_FEE_RATE_PERCENT = '0.2';
/** Equity left, in percent of the margin, at which a position is liquidated, when not set. */
export const DEFAULT_U_MAINTENANCE_PERCENT = '20';
/** The highest leverage on the real book per verification tier, when the parameters are not set. */
export const DEFAULT_U_LEVERAGE_MAX: Record<KycTier, number> = { none: 20, kyc: 100, advanced: 500 };

const LEVERAGE_KEYS: Record<KycTier, string> = {
  none: 'u_leverage_max',
  kyc: 'u_leverage_max_kyc',
  advanced: 'u_leverage_max_advanced',
};

const DECIMAL = /^\d{1,6}(\.\d{1,8})?$/;
const INTEGER = /^[1-9]\d{0,5}$/;

/** The trading rules that are system parameters (the content service owns their values). */
@Injectable()
export class TradingParameters {
  constructor(
    @Optional() @Inject(SYSTEM_PARAMETERS) private readonly parameters?: SystemParameterReader,
    @Optional() @Inject(KYC_TIER) private readonly kyc?: KycTierReader,
    @Optional() @Inject(VIP_LEVEL) private readonly vip?: VipLevelReader,
  ) {}

  /**
   * The U-order fee rate (percent) this user pays: on the real book, the fee discount of the user's
   * VIP level (index/listLevel) comes off `fee_rate_u_order`; the demo book pays the standard rate.
   */
  async userFeeRate(userId: string, book: Book): Promise<{ ratePercent: Decimal; discount: Decimal }> {
    const base = await this.feeRatePercent();
    if (book !== 'real' || !this.vip) return { ratePercent: base, discount: new Decimal(0) };
    const discount = Decimal.min(1, Decimal.max(0, (await this.vip.standingOf(userId)).feeDiscount));
    return { ratePercent: base.mul(new Decimal(1).minus(discount)), discount };
  }

  /**
   * `fee_rate_u_order` in percent (the public parameter the user app shows); the product promises
   * less than 0.3%, so more is refused rather than charged.
   */
  async feeRatePercent(): Promise<Decimal> {
    const rate = await this.read('fee_rate_u_order', DEFAULT_U_FEE_RATE_PERCENT);
    if (rate.gte('0.3')) throw new AppException(ErrorCode.SystemParameterFailed);
    return rate;
  }

  /** `u_order_maintenance_margin`: percent of the margin left when a position is liquidated. */
  async maintenancePercent(): Promise<Decimal> {
    const level = await this.read('u_order_maintenance_margin', DEFAULT_U_MAINTENANCE_PERCENT);
    if (level.gte(100)) throw new AppException(ErrorCode.SystemParameterFailed);
    return level;
  }

  /** The user's verification tier (none when no KYC service is wired in). */
  async tierOf(userId: string): Promise<KycTier> {
    return (await this.kyc?.tierOf(userId)) ?? 'none';
  }

  /**
   * The highest leverage a user of `tier` may choose on the real book: `u_leverage_max`,
   * `u_leverage_max_kyc`, `u_leverage_max_advanced`. A tier never gets less than the one below.
   */
  async maxLeverage(tier: KycTier): Promise<number> {
    const tiers: KycTier[] = ['none', 'kyc', 'advanced'];
    let max = 0;
    for (const t of tiers.slice(0, tiers.indexOf(tier) + 1)) {
      const raw = (await this.parameters?.get(LEVERAGE_KEYS[t])) ?? String(DEFAULT_U_LEVERAGE_MAX[t]);
      if (!INTEGER.test(raw)) throw new AppException(ErrorCode.SystemParameterFailed);
      max = Math.max(max, Number(raw));
    }
    return max;
  }

  private async read(key: string, fallback: string): Promise<Decimal> {
    const value = (await this.parameters?.get(key)) ?? fallback;
    if (!DECIMAL.test(value)) throw new AppException(ErrorCode.SystemParameterFailed);
    return new Decimal(value);
  }
}
