import { Inject, Injectable, Optional } from '@nestjs/common';
import Decimal from 'decimal.js';
import { AppException, ErrorCode, SYSTEM_PARAMETERS, type SystemParameterReader } from '@app/common';

/** Trading fee of a spot trade, percent of what each side receives, when not set. */
export const DEFAULT_SPOT_FEE_RATE_PERCENT = '0.1';
/** The market maker: levels per side, their distance in percent, and each level's size in USDT. */
export const DEFAULT_MM_LEVELS = 5;
export const DEFAULT_MM_STEP_PERCENT = '0.1';
export const DEFAULT_MM_LEVEL_USDT = '2000';

const DECIMAL = /^\d{1,9}(\.\d{1,8})?$/;

export interface MarketMakerTerms {
  levels: number;
  /** Fraction (not percent) between two levels. */
  step: Decimal;
  levelUsdt: Decimal;
}

/** The spot rules that are system parameters (the content service owns their values). */
@Injectable()
export class SpotParameters {
  constructor(@Optional() @Inject(SYSTEM_PARAMETERS) private readonly parameters?: SystemParameterReader) {}

  /** `spot_fee_rate` in percent; the product promises fees below 0.3%, so more is refused. */
  async feeRatePercent(): Promise<Decimal> {
    const rate = await this.read('spot_fee_rate', DEFAULT_SPOT_FEE_RATE_PERCENT);
    if (rate.gte('0.3')) throw new AppException(ErrorCode.SystemParameterFailed);
    return rate;
  }

  /** `spot_mm_levels`, `spot_mm_step_percent`, `spot_mm_level_usdt`. */
  async marketMaker(): Promise<MarketMakerTerms> {
    const levels = (await this.read('spot_mm_levels', String(DEFAULT_MM_LEVELS))).floor().toNumber();
    const step = await this.read('spot_mm_step_percent', DEFAULT_MM_STEP_PERCENT);
    const levelUsdt = await this.read('spot_mm_level_usdt', DEFAULT_MM_LEVEL_USDT);
    if (levels < 0 || levels > 50 || !step.gt(0) || step.mul(levels).gte(50) || levelUsdt.lt(0))
      throw new AppException(ErrorCode.SystemParameterFailed);
    return { levels, step: step.div(100), levelUsdt };
  }

  private async read(key: string, fallback: string): Promise<Decimal> {
    const value = (await this.parameters?.get(key)) ?? fallback;
    if (!DECIMAL.test(value)) throw new AppException(ErrorCode.SystemParameterFailed);
    return new Decimal(value);
  }
}
