import Decimal from 'decimal.js';

/** buy = long (profits when the price rises), sell = short. */
export type Direction = 'buy' | 'sell';

export type CloseReason = 'manual' | 'stop_loss' | 'take_profit' | 'liquidation';

/** Decimal with enough digits to tell whether a division ends (exactFeeRate). */
const Exact = Decimal.clone({ precision: 100 });

/** Money of U orders is kept to 8 decimals (the ledger takes up to 18). */
export const MONEY_DECIMALS = 8;

export interface Quote {
  bid: Decimal;
  ask: Decimal;
}

const sign = (direction: Direction) => (direction === 'buy' ? 1 : -1);

/** Bid and ask around a feed price, as the market service quotes them (half the spread each side). */
export function quoteAround(price: Decimal, spread: Decimal, precision: number): Quote {
  const half = spread.div(2);
  return {
    bid: price.minus(half).toDecimalPlaces(precision, Decimal.ROUND_DOWN),
    ask: price.plus(half).toDecimalPlaces(precision, Decimal.ROUND_UP),
  };
}

/** A long opens at the ask and closes at the bid; a short the other way round. */
export const openSide = (direction: Direction, q: Quote) => (direction === 'buy' ? q.ask : q.bid);
export const closeSide = (direction: Direction, q: Quote) => (direction === 'buy' ? q.bid : q.ask);

export function notional(price: Decimal, lots: Decimal, contractSize: Decimal): Decimal {
  return price.times(lots).times(contractSize);
}

/** Margin = notional / leverage, rounded up so that a position is never under-margined. */
export function marginFor(price: Decimal, lots: Decimal, contractSize: Decimal, leverage: number): Decimal {
  return notional(price, lots, contractSize).div(leverage).toDecimalPlaces(MONEY_DECIMALS, Decimal.ROUND_UP);
}

/** Opening fee: a percentage of the notional, rounded up. */
export function feeFor(price: Decimal, lots: Decimal, contractSize: Decimal, ratePercent: Decimal): Decimal {
  return notional(price, lots, contractSize)
    .times(ratePercent)
    .div(100)
    .toDecimalPlaces(MONEY_DECIMALS, Decimal.ROUND_UP);
}

/** (close - open) x lots x contract size, signed by the direction; floored (never in the user's favour). */
export function profitOf(
  direction: Direction,
  open: Decimal,
  close: Decimal,
  lots: Decimal,
  contractSize: Decimal,
): Decimal {
  return close
    .minus(open)
    .times(lots)
    .times(contractSize)
    .times(sign(direction))
    .toDecimalPlaces(MONEY_DECIMALS, Decimal.ROUND_FLOOR);
}

export interface Settlement {
  /** What returns to the user's available balance (margin +/- the result). */
  toUser: Decimal;
  /** Paid by the house on a profit. */
  fromHouse: Decimal;
  /** Kept by the house on a loss; never more than the margin. */
  toHouse: Decimal;
  /** The realised result as recorded on the order (a loss is capped at the margin). */
  profit: Decimal;
}

/** How a close moves money: losses beyond the margin stay with the house, never with the user. */
export function settle(margin: Decimal, pnl: Decimal): Settlement {
  if (pnl.gte(0)) return { toUser: margin.plus(pnl), fromHouse: pnl, toHouse: new Decimal(0), profit: pnl };
  const loss = Decimal.min(pnl.neg(), margin);
  return { toUser: margin.minus(loss), fromHouse: new Decimal(0), toHouse: loss, profit: loss.neg() };
}

/**
 * The close-side price at which the equity (margin + result) falls to `maintenancePercent` of the
 * margin; rounded towards the open price so that it triggers no later. Null when it cannot be
 * reached (a long whose liquidation price would be at or below zero).
 */
export function liquidationPrice(
  direction: Direction,
  open: Decimal,
  margin: Decimal,
  lots: Decimal,
  contractSize: Decimal,
  maintenancePercent: Decimal,
  precision: number,
): Decimal | null {
  const move = margin
    .times(new Decimal(100).minus(maintenancePercent))
    .div(100)
    .div(lots.times(contractSize));
  if (direction === 'buy') {
    const price = open.minus(move).toDecimalPlaces(precision, Decimal.ROUND_UP);
    return price.gt(0) ? price : null;
  }
  return open.plus(move).toDecimalPlaces(precision, Decimal.ROUND_DOWN);
}

export type StopsProblem = 'combination' | 'stopLoss' | 'takeProfit';

/**
 * Whether stop-loss and take-profit sit on the right sides: for a long the stop-loss below the
 * price it would close at now and the take-profit above the opening price; mirrored for a short.
 * `reference` is the quote now (market order) or the limit price on both sides (limit order).
 */
export function checkStops(
  direction: Direction,
  reference: Quote,
  stopLoss: Decimal | null,
  takeProfit: Decimal | null,
): StopsProblem | null {
  const long = direction === 'buy';
  if (stopLoss && takeProfit && (long ? stopLoss.gte(takeProfit) : stopLoss.lte(takeProfit)))
    return 'combination';
  const close = closeSide(direction, reference);
  const open = openSide(direction, reference);
  if (stopLoss && (stopLoss.lte(0) || (long ? stopLoss.gte(close) : stopLoss.lte(close)))) return 'stopLoss';
  if (takeProfit && (takeProfit.lte(0) || (long ? takeProfit.lte(open) : takeProfit.gte(open))))
    return 'takeProfit';
  return null;
}

export interface LivePosition {
  direction: Direction;
  stopLoss: Decimal | null;
  takeProfit: Decimal | null;
  liquidationPrice: Decimal | null;
}

/** Which trigger (if any) a quote fires on an open position, and the price it closes at. */
export function triggered(p: LivePosition, q: Quote): { reason: CloseReason; price: Decimal } | null {
  const price = closeSide(p.direction, q);
  const long = p.direction === 'buy';
  const below = (level: Decimal | null) => level !== null && price.lte(level);
  const above = (level: Decimal | null) => level !== null && price.gte(level);
  if (long ? below(p.stopLoss) : above(p.stopLoss)) return { reason: 'stop_loss', price };
  if (long ? above(p.takeProfit) : below(p.takeProfit)) return { reason: 'take_profit', price };
  if (long ? below(p.liquidationPrice) : above(p.liquidationPrice)) return { reason: 'liquidation', price };
  return null;
}

/** A waiting buy opens once the ask is at or below its limit, a waiting sell once the bid is at or above. */
export function limitReached(direction: Direction, limit: Decimal, q: Quote): boolean {
  return direction === 'buy' ? q.ask.lte(limit) : q.bid.gte(limit);
}

/**
 * The price a waiting order fills at once `q` reaches its limit: the limit, or better when the
 * market was already past it (a gap: a buy at an ask below its limit, a sell at a bid above it), as a
 * limit order fills at its limit or better. The mirror of a stop, which closes at the gap's price
 * when that is worse than its level (moveTrigger).
 */
export function limitFillPrice(direction: Direction, limit: Decimal, q: Quote): Decimal {
  return direction === 'buy' ? Decimal.min(limit, q.ask) : Decimal.max(limit, q.bid);
}

/** What an open position holds: its margin, and the fee its opening paid. */
export interface PositionMoney {
  margin: Decimal;
  fee: Decimal;
}

/**
 * The fee rate (percent) of a fee charged on `notionalValue`, when the fee says it exactly: the
 * rate that gives back that fee with no rounding (a placement's fee is rounded up to 8 decimals,
 * so a rounded one does not tell its rate). Null when it does not.
 */
export function exactFeeRate(fee: Decimal, notionalValue: Decimal): Decimal | null {
  if (notionalValue.lte(0)) return null;
  // Far more digits than money has (whatever precision the process set): a quotient that does not
  // end within them was rounded, and does not give the fee back.
  const rate = new Exact(fee.toFixed()).times(100).div(notionalValue.toFixed());
  if (rate.decimalPlaces() > 18 || !rate.times(notionalValue.toFixed()).div(100).eq(fee.toFixed()))
    return null;
  return new Decimal(rate.toFixed());
}

/**
 * The margin and fee of a limit order that opens at `price`, with the math its placement used on
 * its limit (marginFor, feeFor: notional / leverage and the fee rate, each rounded up). A rate of
 * null (unknown) keeps the held fee.
 */
export function fillMoney(
  price: Decimal,
  lots: Decimal,
  contractSize: Decimal,
  leverage: number,
  ratePercent: Decimal | null,
  held: PositionMoney,
): PositionMoney {
  return {
    margin: marginFor(price, lots, contractSize, leverage),
    fee: ratePercent === null ? held.fee : feeFor(price, lots, contractSize, ratePercent),
  };
}

/** A stretch of prices: one tick (open = low = high) or a K-line (its path inside is unknown). */
export interface PriceMove {
  open: Decimal;
  low: Decimal;
  high: Decimal;
}

/**
 * Which trigger a move proves on an open position, and the price it closes at: the level itself,
 * or the move's opening price when that was already beyond it (a gap). Inside a K-line the order
 * of high and low is unknown, so the levels against the position (stop-loss, liquidation: the
 * nearer first) are taken before the take-profit. For a tick this is what `triggered` answers.
 */
export function moveTrigger(
  p: LivePosition,
  move: PriceMove,
  spread: Decimal,
  precision: number,
): { reason: CloseReason; price: Decimal } | null {
  const long = p.direction === 'buy';
  const at = (price: Decimal) => closeSide(p.direction, quoteAround(price, spread, precision));
  const opening = at(move.open);
  const adverse = at(long ? move.low : move.high);
  const favourable = at(long ? move.high : move.low);
  /** Whether `a` is at or beyond `b` against the position. */
  const against = (a: Decimal, b: Decimal) => (long ? a.lte(b) : a.gte(b));
  const reached = (
    [
      ['stop_loss', p.stopLoss],
      ['liquidation', p.liquidationPrice],
    ] as const
  )
    .filter((e): e is readonly ['stop_loss' | 'liquidation', Decimal] => e[1] !== null)
    .filter(([, level]) => against(adverse, level))
    // The nearer level (higher for a long) is reached first on the way down.
    .sort(([, a], [, b]) => (long ? b.comparedTo(a) : a.comparedTo(b)));
  if (reached.length > 0) {
    const [reason, level] = reached[0];
    return { reason, price: against(opening, level) ? opening : level };
  }
  if (p.takeProfit && against(p.takeProfit, favourable)) {
    return { reason: 'take_profit', price: against(p.takeProfit, opening) ? opening : p.takeProfit };
  }
  return null;
}

/** Whether a move reaches a waiting order's limit (a buy: the ask at the low; a sell: the bid at the high). */
export function moveReachesLimit(
  direction: Direction,
  limit: Decimal,
  move: PriceMove,
  spread: Decimal,
  precision: number,
): boolean {
  const low = quoteAround(move.low, spread, precision);
  const high = quoteAround(move.high, spread, precision);
  return direction === 'buy' ? low.ask.lte(limit) : high.bid.gte(limit);
}
