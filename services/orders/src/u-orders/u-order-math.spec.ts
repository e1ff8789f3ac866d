import Decimal from 'decimal.js';
import fc from 'fast-check';
import {
  checkStops,
  exactFeeRate,
  feeFor,
  fillMoney,
  limitFillPrice,
  limitReached,
  liquidationPrice,
  marginFor,
  moveReachesLimit,
  moveTrigger,
  profitOf,
  quoteAround,
  settle,
  triggered,
} from './u-order-math';

const d = (v: string | number) => new Decimal(v);

describe('U order math', () => {
  it('quotes half the spread each side, rounded away from the price', () => {
    expect(quoteAround(d('65000'), d('1'), 2)).toEqual({ bid: d('64999.5'), ask: d('65000.5') });
    const q = quoteAround(d('1.08501'), d('0.00013'), 5);
    expect([q.bid.toFixed(), q.ask.toFixed()]).toEqual(['1.08494', '1.08508']);
  });

  it('margin is notional / leverage and the fee a percentage of the notional, both rounded up', () => {
    expect(marginFor(d('65000.5'), d('0.1'), d('1'), 10).toFixed()).toBe('650.005');
    expect(marginFor(d('1.08508'), d('0.01'), d('100000'), 500).toFixed()).toBe('2.17016');
    expect(marginFor(d('10'), d('1'), d('1'), 3).toFixed()).toBe('3.33333334');
    expect(feeFor(d('65000.5'), d('0.1'), d('1'), d('0.1')).toFixed()).toBe('6.50005');
  });

  it('profit is (close - open) x lots x contract size, signed by the direction and floored', () => {
    expect(profitOf('buy', d('100'), d('110'), d('2'), d('1')).toFixed()).toBe('20');
    expect(profitOf('sell', d('100'), d('110'), d('2'), d('1')).toFixed()).toBe('-20');
    expect(profitOf('sell', d('1.1'), d('1.09'), d('0.01'), d('100000')).toFixed()).toBe('10');
    expect(profitOf('buy', d('1'), d('1.000000001'), d('1'), d('1')).toFixed()).toBe('0');
    expect(profitOf('sell', d('1'), d('1.000000001'), d('1'), d('1')).toFixed()).toBe('-0.00000001');
  });

  it('a loss is capped at the margin; a profit comes from the house', () => {
    expect(settle(d('100'), d('30'))).toEqual({
      toUser: d('130'),
      fromHouse: d('30'),
      toHouse: d('0'),
      profit: d('30'),
    });
    expect(settle(d('100'), d('-30'))).toEqual({
      toUser: d('70'),
      fromHouse: d('0'),
      toHouse: d('30'),
      profit: d('-30'),
    });
    expect(settle(d('100'), d('-250'))).toEqual({
      toUser: d('0'),
      fromHouse: d('0'),
      toHouse: d('100'),
      profit: d('-100'),
    });
  });

  it('liquidation price leaves the maintenance share of the margin', () => {
    // margin 1000 on 1 lot x 1: 80% of it is 800 of price move.
    expect(liquidationPrice('buy', d('10000'), d('1000'), d('1'), d('1'), d('20'), 2)!.toFixed()).toBe(
      '9200',
    );
    expect(liquidationPrice('sell', d('10000'), d('1000'), d('1'), d('1'), d('20'), 2)!.toFixed()).toBe(
      '10800',
    );
    // 1x long: the price would have to fall below zero.
    expect(liquidationPrice('buy', d('100'), d('100'), d('1'), d('1'), d('0'), 2)).toBeNull();
  });

  it('stop-loss and take-profit must sit on their sides, the combination checked first', () => {
    const q = { bid: d('99'), ask: d('101') };
    expect(checkStops('buy', q, d('95'), d('110'))).toBeNull();
    expect(checkStops('buy', q, d('110'), d('95'))).toBe('combination');
    expect(checkStops('buy', q, d('99'), null)).toBe('stopLoss');
    expect(checkStops('buy', q, null, d('101'))).toBe('takeProfit');
    expect(checkStops('sell', q, d('105'), d('90'))).toBeNull();
    expect(checkStops('sell', q, d('90'), d('105'))).toBe('combination');
    expect(checkStops('sell', q, d('101'), null)).toBe('stopLoss');
    expect(checkStops('sell', q, null, d('99'))).toBe('takeProfit');
  });

  it('triggers at the close-side price; limits open when the market reaches them', () => {
    const long = {
      direction: 'buy' as const,
      stopLoss: d('90'),
      takeProfit: d('120'),
      liquidationPrice: d('80'),
    };
    expect(triggered(long, { bid: d('95'), ask: d('96') })).toBeNull();
    expect(triggered(long, { bid: d('90'), ask: d('91') })).toEqual({ reason: 'stop_loss', price: d('90') });
    expect(triggered(long, { bid: d('121'), ask: d('122') })).toEqual({
      reason: 'take_profit',
      price: d('121'),
    });
    const short = {
      direction: 'sell' as const,
      stopLoss: null,
      takeProfit: null,
      liquidationPrice: d('110'),
    };
    expect(triggered(short, { bid: d('109'), ask: d('110') })).toEqual({
      reason: 'liquidation',
      price: d('110'),
    });
    expect(limitReached('buy', d('100'), { bid: d('99'), ask: d('100') })).toBe(true);
    expect(limitReached('buy', d('100'), { bid: d('100'), ask: d('101') })).toBe(false);
    expect(limitReached('sell', d('100'), { bid: d('100'), ask: d('101') })).toBe(true);
  });

  it('a limit fills at its limit, or better when the market gapped past it', () => {
    expect(limitFillPrice('buy', d('100'), { bid: d('99'), ask: d('100') })).toEqual(d('100'));
    expect(limitFillPrice('buy', d('100'), { bid: d('94'), ask: d('95') })).toEqual(d('95'));
    expect(limitFillPrice('sell', d('100'), { bid: d('100'), ask: d('101') })).toEqual(d('100'));
    expect(limitFillPrice('sell', d('100'), { bid: d('106'), ask: d('107') })).toEqual(d('106'));
  });

  it("a limit filled at a better price holds the margin and fee of the fill's notional, as its placement rounds them", () => {
    // A buy limit at 100 (10 lots, 10x, 0.2%) held 100 margin and 2 fee; filled at 95 it needs 95 and 1.9.
    const held = {
      margin: marginFor(d('100'), d('10'), d('1'), 10),
      fee: feeFor(d('100'), d('10'), d('1'), d('0.2')),
    };
    expect([held.margin.toFixed(), held.fee.toFixed()]).toEqual(['100', '2']);
    const filled = fillMoney(d('95'), d('10'), d('1'), 10, d('0.2'), held);
    expect([filled.margin.toFixed(), filled.fee.toFixed()]).toEqual(['95', '1.9']);
    // Rounded up to 8 decimals as at placement: 59000.5 x 0.1 / 3 and x 0.17% (a VIP's discounted rate).
    const gap = fillMoney(d('59000.5'), d('0.1'), d('1'), 3, d('0.17'), held);
    expect([gap.margin.toFixed(), gap.fee.toFixed()]).toEqual(['1966.68333334', '10.030085']);
    expect(gap.margin).toEqual(marginFor(d('59000.5'), d('0.1'), d('1'), 3));
    // A sell filled above its limit needs more; an unknown rate keeps the held fee.
    const sell = fillMoney(d('106'), d('10'), d('1'), 10, null, held);
    expect([sell.margin.toFixed(), sell.fee.toFixed()]).toEqual(['106', '2']);
  });

  it('the rate of a held fee is known only when the fee says it exactly (no rounding)', () => {
    expect(exactFeeRate(d('2'), d('1000'))?.toFixed()).toBe('0.2');
    expect(exactFeeRate(d('11.050085'), d('6500.05'))?.toFixed()).toBe('0.17');
    // 0.2% of 33.33333333 is 0.066666666666 -> rounded up to 0.06666667: its rate is not that.
    const rounded = feeFor(d('33.33333333'), d('1'), d('1'), d('0.2'));
    expect(rounded.toFixed()).toBe('0.06666667');
    expect(exactFeeRate(rounded, d('33.33333333'))).toBeNull();
    expect(exactFeeRate(d('1'), d('3'))).toBeNull();
    expect(exactFeeRate(d('0'), d('100'))?.toFixed()).toBe('0');
    expect(exactFeeRate(d('1'), d('0'))).toBeNull();
  });

  it('property: a better fill never holds more than the limit held, and its money is the placement math at the fill', () => {
    const cents = fc.integer({ min: 1, max: 10_000_000 }).map((n) => d(n).div(100));
    fc.assert(
      fc.property(
        cents,
        cents,
        fc.integer({ min: 1, max: 100_000 }).map((n) => d(n).div(100)),
        fc.constantFrom(1, 2, 3, 7, 10, 100, 500),
        fc.integer({ min: 0, max: 29 }).map((n) => d(n).div(100)),
        (a, b, lots, leverage, rate) => {
          const [fill, limit] = a.lte(b) ? [a, b] : [b, a];
          const held = {
            margin: marginFor(limit, lots, d(1), leverage),
            fee: feeFor(limit, lots, d(1), rate),
          };
          const next = fillMoney(fill, lots, d(1), leverage, rate, held);
          expect(next.margin.lte(held.margin) && next.fee.lte(held.fee)).toBe(true);
          expect(next.margin).toEqual(marginFor(fill, lots, d(1), leverage));
          expect(next.fee).toEqual(feeFor(fill, lots, d(1), rate));
          expect(next.margin.decimalPlaces()).toBeLessThanOrEqual(8);
        },
      ),
    );
  });

  it('property: a close conserves money and never takes more than the margin', () => {
    const price = fc.integer({ min: 1, max: 10_000_000 }).map((n) => d(n).div(100));
    fc.assert(
      fc.property(
        fc.constantFrom('buy' as const, 'sell' as const),
        price,
        price,
        fc.integer({ min: 1, max: 10_000 }).map((n) => d(n).div(100)),
        fc.constantFrom(1, 2, 5, 10, 20, 50, 100, 500),
        (direction, open, close, lots, leverage) => {
          const margin = marginFor(open, lots, d(1), leverage);
          const r = settle(margin, profitOf(direction, open, close, lots, d(1)));
          // What the user gets back plus what the house keeps minus what it pays is the margin.
          expect(r.toUser.plus(r.toHouse).minus(r.fromHouse).eq(margin)).toBe(true);
          expect(r.toUser.gte(0)).toBe(true);
          expect(r.profit.gte(margin.neg())).toBe(true);
        },
      ),
    );
  });
});

describe('moveTrigger (restart catch-up from ticks and K-lines)', () => {
  const spread = d('1');
  const long = {
    direction: 'buy' as const,
    stopLoss: d('60000'),
    takeProfit: d('70000'),
    liquidationPrice: d('59000'),
  };
  const candle = (open: string, low: string, high: string) => ({ open: d(open), low: d(low), high: d(high) });

  it('closes a long at its stop-loss level when a K-line went through it, before its take-profit', () => {
    expect(moveTrigger(long, candle('64000', '59500', '71000'), spread, 1)).toEqual({
      reason: 'stop_loss',
      price: d('60000'),
    });
  });

  it('closes at the opening price of a gap beyond the level, and takes the nearer adverse level', () => {
    expect(moveTrigger(long, candle('58000', '57000', '58500'), spread, 1)).toEqual({
      reason: 'stop_loss',
      price: d('57999.5'),
    });
    const noStop = { ...long, stopLoss: null };
    expect(moveTrigger(noStop, candle('64000', '58000', '64000'), spread, 1)?.reason).toBe('liquidation');
  });

  it('takes profit for a short when the low reaches it; a tick is a move of one price', () => {
    const short = {
      direction: 'sell' as const,
      stopLoss: d('72000'),
      takeProfit: d('60000'),
      liquidationPrice: null,
    };
    expect(moveTrigger(short, candle('64000', '59000', '65000'), spread, 1)).toEqual({
      reason: 'take_profit',
      price: d('60000'),
    });
    expect(moveTrigger(short, candle('73000', '73000', '73000'), spread, 1)).toEqual({
      reason: 'stop_loss',
      price: d('73000.5'),
    });
    expect(moveTrigger(short, candle('65000', '64000', '66000'), spread, 1)).toBeNull();
  });

  it('a waiting buy is reached when the ask at the low is at or below its limit', () => {
    expect(moveReachesLimit('buy', d('62000'), candle('64000', '61999.5', '64000'), spread, 1)).toBe(true);
    expect(moveReachesLimit('buy', d('62000'), candle('64000', '62000', '64000'), spread, 1)).toBe(false);
    expect(moveReachesLimit('sell', d('66000'), candle('64000', '64000', '66000.5'), spread, 1)).toBe(true);
  });
});
