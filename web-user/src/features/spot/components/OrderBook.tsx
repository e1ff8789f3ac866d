import { useTranslation } from 'react-i18next';
import { cmp, dec, div, mul, sub, toFixed, type Dec } from '../../../shared/decimal';
import { formatPrice } from '../../../shared/format';
import { Empty, ErrorState, Loading } from '../../../shared/ui/StateViews';
import type { ApiError } from '../../../api/http-client';
import type { SpotDepth, SpotPair, SpotTrade } from '../api/spot-api';
import { placesOf, withCumulative } from '../spot-math';

/** Best bid, best ask and the spread between them (absolute and percent of the ask). */
export function bookTop(depth: SpotDepth | null) {
  const bid = depth?.bids[0]?.[0] ?? null;
  const ask = depth?.asks[0]?.[0] ?? null;
  if (!bid || !ask) return { bid, ask, spread: null, spreadPercent: null };
  const spread = sub(dec(ask), dec(bid));
  return {
    bid,
    ask,
    spread: toFixed(spread, 18),
    spreadPercent: toFixed(div(mul(spread, dec('100')), dec(ask), 2), 2),
  };
}

/** Width of a cumulative bar in percent (a share of the deepest level, for the style only). */
function share(total: Dec, max: Dec): string {
  if (max.units === 0n) return '0';
  return toFixed(div(mul(total, dec('100')), max, 2), 2);
}

/**
 * The order book: asks above (the best, lowest, next to the middle), the last price and the spread,
 * bids below. Each level shows its price, quantity and the cumulative quantity from the best price,
 * drawn as a bar. A click on a level hands its price to the order form.
 */
export function OrderBook({
  pair,
  depth,
  error,
  lastTrade,
  levels,
  onPick,
  onRetry,
}: {
  pair: SpotPair;
  depth: SpotDepth | null;
  error: ApiError | null;
  lastTrade: SpotTrade | null;
  levels: number;
  onPick: (price: string) => void;
  onRetry: () => void;
}) {
  const { t } = useTranslation('spot');
  const pricePlaces = placesOf(pair.tickSize);
  const qtyPlaces = Math.max(placesOf(pair.lotSize), 0);
  const asks = withCumulative(depth?.asks.slice(0, levels) ?? []);
  const bids = withCumulative(depth?.bids.slice(0, levels) ?? []);
  const maxAsk = asks[asks.length - 1]?.total ?? dec('0');
  const maxBid = bids[bids.length - 1]?.total ?? dec('0');
  const max = cmp(maxAsk, maxBid) >= 0 ? maxAsk : maxBid;
  const top = bookTop(depth);
  const last = lastTrade?.price ?? pair.lastPrice;

  const row = (side: 'ask' | 'bid', l: { price: string; quantity: string; total: Dec }) => (
    <button
      type="button"
      key={`${side}-${l.price}`}
      className={`depth-row depth-${side}`}
      data-price={l.price}
      onClick={() => onPick(l.price)}
      title={t('book.pick')}
      style={{ ['--w' as string]: `${share(l.total, max)}%` }}
    >
      <span className="depth-bar" aria-hidden="true" />
      <span className={side === 'ask' ? 'down' : 'up'} dir="ltr">
        {formatPrice(l.price, pricePlaces)}
      </span>
      {/* Amounts with the lot's decimals, like the prices with the tick's: 0.0010 under 0.0123, the
          decimal points in a column (0.001 and 0.092 stood out of line). */}
      <span className="num" dir="ltr">
        {formatPrice(l.quantity, qtyPlaces)}
      </span>
      <span className="num muted" dir="ltr">
        {formatPrice(toFixed(l.total, qtyPlaces), qtyPlaces)}
      </span>
    </button>
  );

  return (
    <section className="card spot-book" data-testid="spot-book" aria-label={t('book.title')}>
      <div className="card-head">
        <h2>{t('book.title')}</h2>
      </div>
      <div className="depth-head muted small">
        <span>{t('book.price', { coin: pair.quote })}</span>
        <span className="num">{t('book.amount', { coin: pair.base })}</span>
        <span className="num">{t('book.total', { coin: pair.base })}</span>
      </div>
      {error && !depth ? (
        <ErrorState error={error} onRetry={onRetry} />
      ) : !depth ? (
        <Loading />
      ) : asks.length === 0 && bids.length === 0 ? (
        <Empty text={t('book.empty')} />
      ) : (
        <>
          <div className="depth-side" data-testid="depth-asks">
            {[...asks].reverse().map((l) => row('ask', l))}
          </div>
          <div className="depth-mid" data-testid="depth-mid">
            <strong
              className={lastTrade ? (lastTrade.takerSide === 'buy' ? 'up' : 'down') : ''}
              dir="ltr"
              data-testid="depth-last"
            >
              {formatPrice(last, pricePlaces)}
            </strong>
            <span className="muted small" data-testid="depth-spread">
              {t('book.spread')}{' '}
              <span dir="ltr">
                {top.spread === null
                  ? '—'
                  : `${formatPrice(top.spread, pricePlaces)} (${top.spreadPercent}%)`}
              </span>
            </span>
          </div>
          <div className="depth-side" data-testid="depth-bids">
            {bids.map((l) => row('bid', l))}
          </div>
        </>
      )}
    </section>
  );
}
