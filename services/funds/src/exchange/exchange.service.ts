import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Optional } from '@nestjs/common';
import Decimal from 'decimal.js';
import type { Redis } from 'ioredis';
import {
  AppException,
  ErrorCode,
  MARKET_PRICES,
  SYSTEM_PARAMETERS,
  TRADING_RESTRICTION,
  type Book,
  type MarketPrices,
  type SystemParameterReader,
  type TradingRestriction,
} from '@app/common';
import { AccountKind, LedgerService, SystemAccount, type AccountRef } from '@app/ledger';
import { REDIS_CLIENT } from '@app/queue';

/** Every coin is settled to this many decimals; what is cut off stays with the house. */
const COIN_DECIMALS = 8;
const QUOTE_CURRENCY = 'USDT';
const CRYPTO_TYPE = 2;
const DEFAULT_FEE_RATE = '0.2';
const DEFAULT_QUOTE_SECONDS = 15;

export interface ExchangeQuote {
  quoteId: string;
  from: string;
  to: string;
  /** Amount of `from` given. */
  amount: string;
  /** Units of `to` for one unit of `from`, before the fee. */
  rate: string;
  /** Fee in `to`, at exchange_fee_rate percent. */
  fee: string;
  feeRate: string;
  /** What the user receives, fee deducted. */
  receive: string;
  expiresAt: string;
}

interface StoredQuote extends ExchangeQuote {
  userId: string;
}

/**
 * Currency exchange (user/dh) on the real book at the feed's price: the user sells `from` at its
 * bid and buys `to` at its ask (both against USDT), the fee is taken in `to`. A quote is an offer
 * held for exchange_quote_seconds and executed at most once.
 */
@Injectable()
export class ExchangeService {
  constructor(
    private readonly ledger: LedgerService,
    @Inject(MARKET_PRICES) private readonly prices: MarketPrices,
    @Inject(SYSTEM_PARAMETERS) private readonly parameters: SystemParameterReader,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Optional() @Inject(TRADING_RESTRICTION) private readonly restriction?: TradingRestriction,
  ) {}

  /** Coins that can be exchanged: USDT and every crypto instrument quoted against it. */
  currencies(): string[] {
    const coins = this.prices
      .instruments()
      .filter((i) => i.type === CRYPTO_TYPE && i.code.endsWith(QUOTE_CURRENCY))
      .map((i) => i.code.slice(0, -QUOTE_CURRENCY.length));
    return [QUOTE_CURRENCY, ...coins.sort()];
  }

  async quote(userId: string, book: Book, from: string, to: string, amount: string): Promise<ExchangeQuote> {
    this.assertRealBook(book);
    await this.assertNotFrozen(userId);
    const given = new Decimal(amount);
    if (!given.gt(0) || given.decimalPlaces() > COIN_DECIMALS)
      throw AppException.field('amount', 'validation.enterAmount');
    if (from === to) throw AppException.field('to', 'validation.sameCurrency');
    const known = new Set(this.currencies());
    if (!known.has(from)) throw AppException.field('from', 'validation.coinNotExchangeable', { name: from });
    if (!known.has(to)) throw AppException.field('to', 'validation.coinNotExchangeable', { name: to });

    // Value in USDT at which the house buys `from`, then the `to` it sells for that value.
    const sellPrice = from === QUOTE_CURRENCY ? new Decimal(1) : (await this.tradableQuote(from)).bid;
    const buyPrice = to === QUOTE_CURRENCY ? new Decimal(1) : (await this.tradableQuote(to)).ask;
    const rate = sellPrice.div(buyPrice);
    const gross = given.mul(rate).toDecimalPlaces(COIN_DECIMALS, Decimal.ROUND_DOWN);
    const feeRate = new Decimal((await this.parameters.get('exchange_fee_rate')) ?? DEFAULT_FEE_RATE);
    const fee = gross.mul(feeRate).div(100).toDecimalPlaces(COIN_DECIMALS, Decimal.ROUND_UP);
    const receive = gross.minus(fee);
    if (!receive.gt(0)) throw AppException.field('amount', 'validation.enterAmount');

    const seconds = Number((await this.parameters.get('exchange_quote_seconds')) ?? DEFAULT_QUOTE_SECONDS);
    const quote: StoredQuote = {
      quoteId: randomUUID(),
      userId,
      from,
      to,
      amount: given.toFixed(),
      rate: rate.toDecimalPlaces(COIN_DECIMALS * 2, Decimal.ROUND_DOWN).toFixed(),
      fee: fee.toFixed(),
      feeRate: feeRate.toFixed(),
      receive: receive.toFixed(),
      expiresAt: new Date(Date.now() + seconds * 1000).toISOString(),
    };
    await this.redis.set(this.key(quote.quoteId), JSON.stringify(quote), 'EX', seconds);
    const { userId: _owner, ...offer } = quote;
    return offer;
  }

  /** Executes a held quote once; without a quote id, quotes at the current price and executes it. */
  async execute(
    userId: string,
    book: Book,
    input: { quoteId?: string; from?: string; to?: string; amount?: string },
  ): Promise<ExchangeQuote> {
    this.assertRealBook(book);
    // Also for a quote taken before the account was frozen.
    await this.assertNotFrozen(userId);
    let quote: StoredQuote;
    if (input.quoteId) {
      // GETDEL: a quote is taken by exactly one request, even when two arrive together.
      const raw = await this.redis.getdel(this.key(input.quoteId));
      const stored = raw ? (JSON.parse(raw) as StoredQuote) : null;
      if (!stored || stored.userId !== userId)
        throw new AppException(ErrorCode.Conflict, null, {}, 'message.exchangeQuoteExpired');
      quote = stored;
    } else {
      const offer = await this.quote(userId, book, input.from!, input.to!, input.amount!);
      await this.redis.del(this.key(offer.quoteId));
      quote = { ...offer, userId };
    }

    const user = (currency: string): AccountRef => ({
      owner: { type: 'user', id: userId },
      book: 'real',
      currency,
      kind: AccountKind.Available,
    });
    const house = (currency: string): AccountRef => ({
      owner: { type: 'system', id: SystemAccount.Exchange },
      book: 'real',
      currency,
      kind: AccountKind.Main,
    });
    const legs = [
      { from: user(quote.from), to: house(quote.from), amount: quote.amount },
      { from: house(quote.to), to: user(quote.to), amount: quote.receive },
    ];
    if (new Decimal(quote.fee).gt(0)) {
      legs.push({
        from: house(quote.to),
        to: {
          owner: { type: 'system', id: SystemAccount.Fees },
          book: 'real',
          currency: quote.to,
          kind: AccountKind.Main,
        },
        amount: quote.fee,
      });
    }
    // The ledger refuses (10092) when the user's `from` balance does not cover the amount.
    await this.ledger.post({
      key: `exchange-${quote.quoteId}`,
      reason: 'exchange',
      refType: 'exchange',
      refId: quote.quoteId,
      legs,
    });
    const { userId: _owner, ...done } = quote;
    return done;
  }

  private async tradableQuote(coin: string) {
    const code = `${coin}${QUOTE_CURRENCY}`;
    this.prices.assertTradable(code);
    return this.prices.quote(code);
  }

  private assertRealBook(book: Book) {
    if (book !== 'real') throw new AppException(ErrorCode.Forbidden, null, {}, 'message.demoNotAllowed');
  }

  /** An overdue loan freezes the account: no exchange, as no plan, order or withdrawal. */
  private async assertNotFrozen(userId: string) {
    if (await this.restriction?.isFrozen(userId)) {
      throw new AppException(ErrorCode.UserStatusAbnormal, null, {}, 'message.accountFrozenOverdue');
    }
  }

  private key(quoteId: string) {
    return `exchange-quote:${quoteId}`;
  }
}
