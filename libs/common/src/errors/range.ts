import Decimal from 'decimal.js';
import { AppException } from './app.exception';

/**
 * Refuses a minimum above its maximum (equal ends are a fixed amount) on the field that made it so,
 * saying why: the minimum when an edit changed only the minimum (`blame: 'min'`), else the maximum.
 * The message names the other end's value (`validation.minAboveMax` / `validation.maxBelowMin`).
 */
export function assertMinNotAboveMax(
  min: Decimal.Value,
  max: Decimal.Value,
  fields: { min: string; max: string },
  blame: 'min' | 'max' = 'max',
): void {
  const low = new Decimal(min);
  const high = new Decimal(max);
  if (low.lte(high)) return;
  if (blame === 'min')
    throw AppException.field(fields.min, 'validation.minAboveMax', { max: high.toFixed() });
  throw AppException.field(fields.max, 'validation.maxBelowMin', { min: low.toFixed() });
}

/** Which end an edit is told on: the minimum when it alone was sent (`undefined`: not sent). */
export function blamedEnd(sentMin: unknown, sentMax: unknown): 'min' | 'max' {
  return sentMin !== undefined && sentMax === undefined ? 'min' : 'max';
}
