import Decimal from 'decimal.js';
import type Redis from 'ioredis';
import { AppException, ErrorCode } from '@app/common';

/** Keys shared with MarketDataService (the latest accepted price and the tick history). */
export const LAST_PRICE_KEY = 'market:last';
const LAST = LAST_PRICE_KEY;
const tickHistoryKey = (code: string) => `market:ticks:${code}`;
/** Instruments paused by a bad tick: code -> JSON {reason, price, ts}. */
export const PAUSED_KEY = 'market:paused';

/**
 * A tick further than this factor from the last accepted price (up or down) is not believed: one
 * tick never doubles or halves a price on any instrument the platform lists.
 */
export const MAX_TICK_FACTOR = 2;
/** The default staleness limit while a feed runs (MARKET_STALE_SECONDS overrides it). */
export const STALE_AFTER_MS = 120_000;

export type PauseReason = 'zero' | 'spike' | 'invalid';

/**
 * The feed guard (issue 14, 4e): a price that is no number (NaN, infinite), a zero or negative
 * price, or a jump beyond MAX_TICK_FACTOR from the last accepted price, is dropped before it reaches the state, the candles, the history or the
 * tick channel, so no fill, close or liquidation can happen on it; the instrument is paused until a
 * tick within the band of the last accepted price comes. Answers why a tick is refused, or null
 * when it may pass (MarketDataService pauses and resumes the instrument with its writes).
 */
export function refusal(price: Decimal, lastAccepted: Decimal | null): PauseReason | null {
  // NaN compares false with everything: it would pass every check below.
  if (!price.isFinite()) return 'invalid';
  if (price.lte(0)) return 'zero';
  if (
    lastAccepted?.gt(0) &&
    (price.gt(lastAccepted.times(MAX_TICK_FACTOR)) || price.lt(lastAccepted.div(MAX_TICK_FACTOR)))
  )
    return 'spike';
  return null;
}

/** Why an instrument is paused, or null. */
export async function pauseOf(
  redis: Redis,
  code: string,
): Promise<{ reason: PauseReason; price: string } | null> {
  const raw = await redis.hget(PAUSED_KEY, code);
  return raw ? (JSON.parse(raw) as { reason: PauseReason; price: string }) : null;
}

/**
 * Throws 10015 (not tradable now) when the instrument is paused by a bad tick, or when its feed
 * went quiet: the last tick is older than `staleAfterMs` (wall time; 0 = no limit). An instrument
 * whose feed never delivered a tick (none in the history: prices primed from stored candles only)
 * counts as stale too while a limit is set: its price is a candle of the past, not a live one.
 * Else answers the last price (market:last, null when none), read in the same Redis round trip:
 * the quote of every order needs both.
 */
export async function usableLastPrice(
  redis: Redis,
  code: string,
  staleAfterMs: number,
  now = Date.now(),
): Promise<string | null> {
  const results = await redis
    .pipeline()
    .hget(PAUSED_KEY, code)
    .zrange(tickHistoryKey(code), -1, -1, 'WITHSCORES')
    .hget(LAST, code)
    .exec();
  const paused = results?.[0]?.[1] as string | null | undefined;
  const newest = (results?.[1]?.[1] ?? []) as string[];
  if (paused) throw new AppException(ErrorCode.NotTradableTime);
  if (staleAfterMs > 0 && (newest.length < 2 || now - Number(newest[1]) > staleAfterMs))
    throw new AppException(ErrorCode.NotTradableTime);
  return (results?.[2]?.[1] as string | null | undefined) ?? null;
}
