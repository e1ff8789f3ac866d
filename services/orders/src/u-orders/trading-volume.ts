import { Global, Inject, Injectable, Module, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import Decimal from 'decimal.js';
import type { DataSource } from 'typeorm';
import {
  MARKET_PRICES,
  preparedQuery,
  TRADING_VOLUME,
  type MarketPrices,
  type TradingVolumeReader,
} from '@app/common';

/**
 * A user's real-book trading volume in USDT, which VIP levels measure (`min_volume`): the notional
 * of every U order that opened (open price x lots x contract size), the stake of every options
 * order, and the quote turnover of every spot trade the user took part in. Amounts in another
 * currency are valued at the feed's last price against USDT (left out when there is none).
 */
@Injectable()
export class TradingVolumeService implements TradingVolumeReader {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Optional() @Inject(MARKET_PRICES) private readonly prices?: MarketPrices,
  ) {}

  async realVolumeUsdt(userId: string): Promise<Decimal> {
    const rows = await preparedQuery<{ currency: string; amount: string }>(
      this.dataSource,
      'orders_real_volume',
      `SELECT currency, sum(amount)::text AS amount FROM (
         SELECT currency, open_price * lots * contract_size AS amount FROM orders.u_orders
          WHERE user_id = $1 AND book = 'real' AND open_price IS NOT NULL
         UNION ALL
         SELECT currency, amount FROM orders.options_orders WHERE user_id = $1 AND book = 'real'
         UNION ALL
         SELECT p.quote, t.quote_amount FROM orders.spot_orders o
           JOIN orders.spot_trades t ON t.taker_order_id = o.id
           JOIN orders.spot_pairs p ON p.symbol = t.symbol
          WHERE o.user_id = $1 AND o.book = 'real'
         UNION ALL
         SELECT p.quote, t.quote_amount FROM orders.spot_orders o
           JOIN orders.spot_trades t ON t.maker_order_id = o.id
           JOIN orders.spot_pairs p ON p.symbol = t.symbol
          WHERE o.user_id = $1 AND o.book = 'real'
       ) v GROUP BY currency`,
      [userId],
    );
    let total = new Decimal(0);
    for (const r of rows) total = total.plus(await this.usdt(r.currency, new Decimal(r.amount)));
    return total;
  }

  private async usdt(currency: string, amount: Decimal): Promise<Decimal> {
    if (currency === 'USDT') return amount;
    try {
      const price = await this.prices?.lastPrice(`${currency}USDT`);
      return price ? amount.mul(price) : new Decimal(0);
    } catch {
      return new Decimal(0);
    }
  }
}

/** Global so that the VIP levels (content service) find TRADING_VOLUME without importing orders. */
@Global()
@Module({
  providers: [TradingVolumeService, { provide: TRADING_VOLUME, useExisting: TradingVolumeService }],
  exports: [TRADING_VOLUME],
})
export class TradingVolumeModule {}
